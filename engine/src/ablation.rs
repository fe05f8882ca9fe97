//! Developer switches for strength benchmarks (`docs/ablation.md`): turn
//! off one part of the engine (an evaluation term family, a phase of the
//! progressive series search), cap every search at a depth, or stop every
//! search after a number of nodes.
//!
//! The settings are process-wide and set once, before the first search, by
//! the command line (`vsadnik --ablate NAME[,NAME] --depth-limit N
//! --nodes-per-move N`). The search reads the caps once per `go`
//! ([`cap_limits`]); the progressive series search reads its switches once
//! per search; the three evaluation switches live next to the terms they turn
//! off (`eval::tranzit`, `eval::tavreli`, `eval::nnue`) as relaxed atomic flags, one load
//! per evaluation.

use crate::limits::Limits;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::Relaxed};

/// A part of the engine that `--ablate` can switch off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    /// Chess-tranzit: evaluate the boards without the tranzit terms (T14,
    /// board-II presence, dead-board discount, king danger across boards).
    TranzitEval,
    /// Tavreli: evaluate the tower tops only (no reserves, prisoners, tower
    /// risk or liberation threats).
    TavreliBelowTop,
    /// Progressive chess: skip the defence phase (no check of the
    /// candidate series for an opponent's mate in his next series).
    ProgressiveDefence,
    /// Progressive chess: skip the own mate searches (mate in this series,
    /// mate at the end of the next series).
    ProgressiveSolver,
    /// Standard chess: evaluate with the hand-written terms instead of the
    /// network.
    ChessNetwork,
}

impl Switch {
    /// Every switch, in the order of [`Switch::name`]s in the usage line.
    pub const ALL: [Switch; 5] = [
        Switch::TranzitEval,
        Switch::TavreliBelowTop,
        Switch::ProgressiveDefence,
        Switch::ProgressiveSolver,
        Switch::ChessNetwork,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Switch::TranzitEval => "tranzit-eval",
            Switch::TavreliBelowTop => "tavreli-below-top",
            Switch::ProgressiveDefence => "progressive-defence",
            Switch::ProgressiveSolver => "progressive-solver",
            Switch::ChessNetwork => "chess-network",
        }
    }

    /// The switch called `name`, if any.
    pub fn from_name(name: &str) -> Option<Switch> {
        Switch::ALL.into_iter().find(|s| s.name() == name)
    }
}

static PROGRESSIVE_DEFENCE_OFF: AtomicBool = AtomicBool::new(false);
static PROGRESSIVE_SOLVER_OFF: AtomicBool = AtomicBool::new(false);
/// 0: no cap.
static DEPTH_LIMIT: AtomicI32 = AtomicI32::new(0);
/// 0: no cap.
static NODES_PER_MOVE: AtomicU64 = AtomicU64::new(0);

/// Turns `switch` off (true) or back on (false) for the whole process.
pub fn set_ablated(switch: Switch, off: bool) {
    match switch {
        Switch::TranzitEval => eval::tranzit::set_ablated(off),
        Switch::TavreliBelowTop => eval::tavreli::set_tops_only(off),
        Switch::ProgressiveDefence => PROGRESSIVE_DEFENCE_OFF.store(off, Relaxed),
        Switch::ProgressiveSolver => PROGRESSIVE_SOLVER_OFF.store(off, Relaxed),
        Switch::ChessNetwork => eval::nnue::set_ablated(off),
    }
}

/// True when `switch` is turned off.
pub fn is_ablated(switch: Switch) -> bool {
    match switch {
        Switch::TranzitEval => eval::tranzit::ablated(),
        Switch::TavreliBelowTop => eval::tavreli::tops_only(),
        Switch::ProgressiveDefence => PROGRESSIVE_DEFENCE_OFF.load(Relaxed),
        Switch::ProgressiveSolver => PROGRESSIVE_SOLVER_OFF.load(Relaxed),
        Switch::ChessNetwork => eval::nnue::ablated(),
    }
}

/// Caps every search at `depth` plies (None: no cap).
pub fn set_depth_limit(depth: Option<i32>) {
    DEPTH_LIMIT.store(depth.unwrap_or(0).max(0), Relaxed);
}

/// The depth cap, if any.
pub fn depth_limit() -> Option<i32> {
    Some(DEPTH_LIMIT.load(Relaxed)).filter(|&d| d > 0)
}

/// Stops every search after `nodes` nodes (None: no cap).
pub fn set_nodes_per_move(nodes: Option<u64>) {
    NODES_PER_MOVE.store(nodes.unwrap_or(0), Relaxed);
}

/// The node cap, if any.
pub fn nodes_per_move() -> Option<u64> {
    Some(NODES_PER_MOVE.load(Relaxed)).filter(|&n| n > 0)
}

/// Applies the depth and node caps to the limits of one search. Under a
/// node cap the clock keeps only its hard limit (the search ends on the
/// node count, not on the soft time budget, so play does not depend on the
/// machine's load; it still answers within its clock).
pub fn cap_limits(limits: &mut Limits, overhead: std::time::Duration) {
    if let Some(d) = depth_limit() {
        limits.depth = Some(limits.depth.map_or(d, |x| x.min(d)));
    }
    if let Some(n) = nodes_per_move() {
        limits.nodes = Some(limits.nodes.map_or(n, |x| x.min(n)));
        if limits.time.is_some() && limits.movetime.is_none() {
            limits.movetime = limits.budget(overhead).hard.map(|h| h + overhead);
            limits.time = None;
            limits.movestogo = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Switch::ALL {
            assert_eq!(Switch::from_name(s.name()), Some(s));
        }
        assert_eq!(Switch::from_name("bogus"), None);
    }
}
