//! The engine's latest line (the `thinking` event, and the state's
//! `thinking`).

use serde::Serialize;

/// A score from White's side: `{"cp": 31}` or `{"mate": -2}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: White is mated).
    Mate(i32),
}

/// One line of the engine's thinking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineLine {
    /// The position it is about (the room's count of changes).
    pub position: u64,
    /// `game` (the engine's move) or `analysis`.
    pub mode: &'static str,
    /// Search depth.
    pub depth: Option<u32>,
    /// The score.
    pub score: Option<LineScore>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Milliseconds spent.
    pub time: Option<u64>,
    /// The line in the record notation.
    pub pv: Vec<String>,
    /// The line in coordinates.
    pub pv_uci: Vec<String>,
    /// The line's number: pages keep the newest.
    pub seq: u64,
}
