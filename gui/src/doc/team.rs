//! A team game's parts of the state document: what each board adds (its
//! own position, clocks, players, moves) and the `team` part (seats,
//! partner messages).

use super::state::{Clocks, Players};
use super::{ColorWord, MoveEntry};
use serde::Serialize;

/// What a board of a team game adds to [`super::board::Board`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatedBoard {
    /// Its position.
    pub fen: String,
    /// Turned around (the partner's colour at the bottom of the partner's
    /// board).
    pub flipped: bool,
    /// Its side to move.
    pub to_move: ColorWord,
    /// Its clocks.
    pub clocks: Clocks,
    /// Its players.
    pub players: Players,
    /// Its moves.
    pub moves: Vec<MoveEntry>,
}

/// One of the four seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seat {
    /// Its player's name.
    pub name: String,
    /// `you`, `partner`, `opponent`.
    pub role: &'static str,
    /// `A` or `B`.
    pub board: &'static str,
    /// Its colour.
    pub color: ColorWord,
    /// `White on board A`, ...
    pub seat: String,
    /// `person`, `thinking`, `sitting`, `idle`, `not running`.
    pub status: &'static str,
    /// Its engine's protocol (`uci`, `xboard`); null for a person.
    pub protocol: Option<String>,
    /// Its seat link (`/?seat=KEY`), on the host's page only, for the
    /// seats other than the host's.
    pub link: Option<String>,
}

/// A partner message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Message {
    /// `you` or `partner`.
    pub from: &'static str,
    /// What was said.
    pub text: String,
}

/// The `team` part of the state document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamPart {
    /// The board of the page's player.
    pub board: &'static str,
    /// The four seats.
    pub seats: Vec<Seat>,
    /// The partner's seat.
    pub partner: Seat,
    /// The latest partner messages.
    pub messages: Vec<Message>,
    /// The game has started.
    pub started: bool,
    /// This is the host's page (it starts games and has the seat links);
    /// false on a seat link's page.
    pub host: bool,
}
