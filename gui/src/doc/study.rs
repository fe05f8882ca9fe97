//! The state's `study` part (two-player games): the review of the game
//! (`POST /api/review`), the position being looked at (`POST /api/view`)
//! and the engine's hint (`POST /api/hint`). See docs/gui.md, "Reviewing
//! a game".

use super::thinking::LineScore;
use serde::Serialize;

/// What the person is studying; absent when nothing is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StudyPart {
    /// The game's review, while it is made and once it is done.
    pub review: Option<ReviewPart>,
    /// The position shown instead of the game's: the one after this many
    /// moves; null for the game's own.
    pub viewing: Option<usize>,
    /// The engine's suggestion in the game's position.
    pub hint: Option<HintPart>,
}

/// The review of the game: one entry per position (the start first) or
/// per move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewPart {
    /// Positions searched so far.
    pub done: usize,
    /// Positions to search (one more than the moves).
    pub total: usize,
    /// Each position's evaluation from White's side, null where not yet
    /// searched or where the game is won (see `chances`).
    pub evals: Vec<Option<LineScore>>,
    /// Each position's winning chances for White, -1 to 1 (the graph's
    /// height); null where not yet searched.
    pub chances: Vec<Option<f64>>,
    /// Each move's mark: `?!`, `?`, `??`, or null; all null until the
    /// review is done.
    pub marks: Vec<Option<&'static str>>,
    /// For each marked move, the better move in the record notation.
    pub better: Vec<Option<String>>,
}

/// The engine's suggestion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintPart {
    /// The move in coordinates.
    pub uci: String,
    /// The move in the record notation.
    pub text: String,
    /// The position's evaluation from White's side (null for a won game).
    pub score: Option<LineScore>,
}
