//! The state document the page draws from (`GET /api/state`, the `state`
//! event) and its parts. One type for every kind of game: a team game adds
//! [`State::team`], a watched game [`State::players`] and [`State::watch`].

use super::board::Board;
use super::study::StudyPart;
use super::team::TeamPart;
use super::thinking::EngineLine;
use super::watch::WatchPart;
use super::{ColorWord, MoveEntry};
use serde::Serialize;

/// A game's clocks: milliseconds left when the document was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Clocks {
    /// White's time left.
    pub white: i64,
    /// Black's time left.
    pub black: i64,
    /// The clock that runs.
    pub running: Option<ColorWord>,
    /// The time control (its PGN tag); null when watching.
    pub tc: Option<String>,
    /// When the times were taken, in milliseconds since 1970 (absent in
    /// team games, whose boards run their own clocks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment.
    pub comment: String,
    /// Team games: `win`, `loss` or `draw` for the person's team.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<&'static str>,
}

/// The engine the person plays (or watches).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EnginePart {
    /// Its name.
    pub name: String,
    /// `thinking`, `analyzing`, `idle`, `not running`, `sitting`,
    /// `watching`.
    pub status: &'static str,
    /// The colour it plays.
    pub color: Option<ColorWord>,
    /// The latest trouble, for the person to read.
    pub notice: Option<String>,
    /// Its playing level (`full`, `skill N`, `elo N`) in two-player games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// Where a progressive game's series stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Series {
    /// The series number.
    pub number: u32,
    /// Moves already played in it.
    pub played: u32,
    /// Its length (the number).
    pub length: u32,
    /// The side it belongs to.
    pub color: ColorWord,
}

/// The players' names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Players {
    /// White's.
    pub white: String,
    /// Black's.
    pub black: String,
}

/// The whole state document.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Bumped on every published state.
    pub version: u64,
    /// The variant's name.
    pub variant: &'static str,
    /// Its pieces stack.
    pub towers: bool,
    /// Every variant's name.
    pub variants: Vec<&'static str>,
    /// The names of the team variants (four seats, two boards).
    pub team_variants: Vec<&'static str>,
    /// The names of the variants a new game may start from a Chess960
    /// set-up in (`POST /api/new` with `chess960`).
    pub chess960_variants: Vec<&'static str>,
    /// The position.
    pub fen: String,
    /// The set-up, null for the start position.
    pub start_fen: Option<String>,
    /// The person's seat: `white`, `black`, `both`; `watch`.
    pub side: &'static str,
    /// The side to move.
    pub to_move: ColorWord,
    /// `person`, `engine`, `over`; `ready` (team), `watch`.
    pub turn: &'static str,
    /// The boards (the person's first).
    pub boards: Vec<Board>,
    /// The moves played (on the person's board).
    pub moves: Vec<MoveEntry>,
    /// How the game ended; null while it goes on.
    pub result: Option<GameResult>,
    /// The clocks; null when none run (both sides played by the person).
    pub clocks: Option<Clocks>,
    /// The engine.
    pub engine: EnginePart,
    /// Analysis mode.
    pub analysis: bool,
    /// The board turned around.
    pub flipped: bool,
    /// A progressive game's series; null in other variants.
    pub series: Option<Series>,
    /// The engine's latest line.
    pub thinking: Option<EngineLine>,
    /// Bumped whenever `thinking` changes.
    pub thinking_seq: u64,
    /// A watched game's players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<Players>,
    /// A watched game's match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watch: Option<WatchPart>,
    /// A team game's seats and messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamPart>,
    /// A two-player game's review, the position looked at, the hint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub study: Option<StudyPart>,
}

/// Every variant's name, for [`State::variants`].
pub fn all_variants() -> Vec<&'static str> {
    movegen::VariantId::ALL
        .map(movegen::VariantId::name)
        .to_vec()
}

/// The names of the two-player variants with Chess960 starts, for
/// [`State::chess960_variants`].
pub fn chess960_variants() -> Vec<&'static str> {
    struct Has;
    impl movegen::variant::VariantVisitor for Has {
        type Output = bool;
        fn visit<P: movegen::variant::Position>(self) -> bool {
            P::CHESS960
        }
    }
    movegen::VariantId::ALL
        .into_iter()
        .filter(|&v| !v.info().team && movegen::variant::dispatch(v, Has))
        .map(movegen::VariantId::name)
        .collect()
}

/// The team variants' names, for [`State::team_variants`].
pub fn team_variants() -> Vec<&'static str> {
    movegen::VariantId::ALL
        .into_iter()
        .filter(|v| v.info().team)
        .map(movegen::VariantId::name)
        .collect()
}
