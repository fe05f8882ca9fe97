//! The `watch` part of a watched game's state document: the file, the
//! match, the boards of the game and the finished games.

use arena::live::doc::FinishedGame;
use serde::Serialize;

/// A board of the watched game, for the page's buttons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardSummary {
    /// `main`, `A`, `B`.
    pub id: String,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// The moves played.
    pub moves: usize,
    /// The last move in the record notation.
    pub last: Option<String>,
}

/// The `watch` part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WatchPart {
    /// The file watched, as given.
    pub file: String,
    /// The match's status (`waiting`, `playing`, `over`; `no file yet`).
    pub status: String,
    /// The games of the match.
    pub games: u32,
    /// Its time control.
    pub tc: String,
    /// The finished games.
    pub finished: Vec<FinishedGame>,
    /// Why the file cannot be read now.
    pub error: Option<String>,
    /// The round shown; null before the first game.
    pub round: Option<u32>,
    /// The game's boards.
    pub boards: Vec<BoardSummary>,
    /// The board shown (absent before the first game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown: Option<String>,
}
