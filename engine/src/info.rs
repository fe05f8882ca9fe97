//! What the search tells the front ends: progress lines and the final result,
//! in variant-neutral form (moves as coordinate strings).

use std::fmt;

/// Mate and infinity bounds of the score scale (centipawns otherwise).
pub mod score {
    /// Above every score.
    pub const INFINITE: i32 = 32_001;
    /// Mate at the root: `MATE - ply` is a mate `ply` plies away.
    pub const MATE: i32 = 32_000;
    /// Scores beyond this (in absolute value) are mates.
    pub const MATE_BOUND: i32 = MATE - 1_000;

    /// True for a mate score of either sign.
    pub fn is_mate(s: i32) -> bool {
        s.abs() >= MATE_BOUND
    }
}

/// A score as the protocols report it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves of the side to move (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score: a mate 3 plies away is "mate 2", being
    /// mated 4 plies away is "mate -2".
    pub fn from_internal(s: i32) -> Score {
        if s >= score::MATE_BOUND {
            Score::Mate((score::MATE - s + 1) / 2)
        } else if s <= -score::MATE_BOUND {
            Score::Mate(-(score::MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

impl fmt::Display for Score {
    /// UCI form: `cp 35`, `mate -3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// Whether a reported score is exact or the bound of a failed aspiration window.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// Exact.
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One progress report (a UCI `info` line, an XBoard thinking line).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Completed (or current) iteration depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: i32,
    /// 1-based line number in MultiPV mode.
    pub multipv: usize,
    /// The score.
    pub score: Score,
    /// The raw internal score (centipawns or mate bound).
    pub raw_score: i32,
    /// Exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table fill in permille.
    pub hashfull: u32,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation in coordinate notation.
    pub pv: Vec<String>,
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play (None when there is no legal move).
    pub best: Option<String>,
    /// The expected reply, for pondering.
    pub ponder: Option<String>,
    /// The score of the best move.
    pub score: Option<Score>,
    /// The deepest completed iteration.
    pub depth: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Milliseconds the search took.
    pub time_ms: u64,
}

/// Receives the search's reports. Called from the search thread; `finished`
/// comes after every `info`.
pub trait Reporter: Send + Sync {
    /// A progress report.
    fn info(&self, info: &SearchInfo);
    /// The search is over (by a limit, `stop` or `ponderhit` + time).
    fn finished(&self, result: &SearchResult);
    /// The search stopped with no completed iteration: only its node count
    /// and time are known (UCI: `info nodes N nps R time T`).
    fn progress(&self, _nodes: u64, _time_ms: u64) {}
    /// Something went wrong that the user should know of, but the search
    /// goes on (a search thread could not be started, say).
    fn warn(&self, _text: &str) {}
    /// A remark on the search for the user, not an error (UCI: `info
    /// string TEXT`, XBoard: the comment line `# TEXT`).
    fn note(&self, _text: &str) {}
}

/// A reporter that ignores everything (bench, tests).
pub struct Silent;

impl Reporter for Silent {
    fn info(&self, _info: &SearchInfo) {}
    fn finished(&self, _result: &SearchResult) {}
}
