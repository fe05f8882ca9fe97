//! What an engine says while it thinks: its score and principal variation,
//! read from UCI `info` lines or XBoard thinking output, and kept for a
//! reader that collects them (the board shows them).

/// Centipawn value of a mate score.
pub const MATE: i32 = 100_000;

/// How many thinking lines are kept for a reader that never takes them.
const KEPT_MAX: usize = 1000;

/// An engine's evaluation, from the point of view of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, a mate as ±([`MATE`] − n).
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(n) => n,
            Score::Mate(n) if n > 0 => MATE - n,
            Score::Mate(n) => -MATE - n,
        }
    }
}

/// One line of an engine's thinking: a UCI `info` line with a score or a
/// principal variation, or XBoard thinking output. The moves are as the
/// engine wrote them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Search depth (plies).
    pub depth: Option<u32>,
    /// The evaluation, side to move's view.
    pub score: Option<Score>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Time spent, milliseconds.
    pub time_ms: Option<u64>,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// The thinking lines kept for a reader, while one collects them.
#[derive(Default)]
pub(super) struct Collected(Option<Vec<Thinking>>);

impl Collected {
    /// Starts or ends the collection; what was kept is dropped either way.
    pub(super) fn set(&mut self, on: bool) {
        self.0 = on.then(Vec::new);
    }

    /// The lines kept since the last call, oldest first.
    pub(super) fn take(&mut self) -> Vec<Thinking> {
        self.0.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Keeps `t`, while collecting.
    pub(super) fn keep(&mut self, t: Thinking) {
        if let Some(list) = self.0.as_mut() {
            // A reader that never takes them must not grow without bound.
            if list.len() >= KEPT_MAX {
                list.remove(0);
            }
            list.push(t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_in_centipawns() {
        assert_eq!(Score::Cp(-31).centipawns(), -31);
        assert_eq!(Score::Mate(3).centipawns(), MATE - 3);
        assert_eq!(Score::Mate(-2).centipawns(), -MATE + 2);
    }
}
