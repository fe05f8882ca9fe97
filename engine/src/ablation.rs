//! Developer switches for strength benchmarks (`docs/ablation.md`): turn
//! off one part of the engine (an evaluation term family, a phase of the
//! progressive series search), cap every search at a depth, or stop every
//! search after a number of nodes.
//!
//! This module is their vocabulary ([`Switch`], the names of the command
//! line `vsadnik --ablate NAME[,NAME] --depth-limit N --nodes-per-move N`)
//! and the caps ([`Caps`], applied by [`cap_limits`]). What they turn off
//! is part of an engine's [`crate::Settings`] ([`crate::Settings::ablate`]): the engine
//! reads its caps once per `go`, the progressive series search its switches
//! once per search, and the evaluation its switches from the
//! [`eval::EvalConfig`] handed to every evaluation.

use crate::limits::Limits;

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
    /// Crazyhouse, bughouse and Swedish chess: evaluate with the
    /// hand-written drop terms instead of the crazyhouse network.
    CrazyhouseNetwork,
    /// Chess-tranzit: evaluate with the hand-written tranzit terms instead
    /// of the tranzit network.
    TranzitNetwork,
    /// Tavreli: evaluate with the hand-written tavreli terms instead of the
    /// tavreli network.
    TavreliNetwork,
}

impl Switch {
    /// Every switch, in the order of [`Switch::name`]s in the usage line.
    pub const ALL: [Switch; 8] = [
        Switch::TranzitEval,
        Switch::TavreliBelowTop,
        Switch::ProgressiveDefence,
        Switch::ProgressiveSolver,
        Switch::ChessNetwork,
        Switch::CrazyhouseNetwork,
        Switch::TranzitNetwork,
        Switch::TavreliNetwork,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Switch::TranzitEval => "tranzit-eval",
            Switch::TavreliBelowTop => "tavreli-below-top",
            Switch::ProgressiveDefence => "progressive-defence",
            Switch::ProgressiveSolver => "progressive-solver",
            Switch::ChessNetwork => "chess-network",
            Switch::CrazyhouseNetwork => "crazyhouse-network",
            Switch::TranzitNetwork => "tranzit-network",
            Switch::TavreliNetwork => "tavreli-network",
        }
    }

    /// The switch called `name`, if any.
    pub fn from_name(name: &str) -> Option<Switch> {
        Switch::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The developer caps on every search of an engine (None: no cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Caps {
    /// Every search stops after this depth (`--depth-limit`).
    pub depth: Option<i32>,
    /// Every search stops after about this many nodes (`--nodes-per-move`).
    pub nodes: Option<u64>,
}

/// Applies the depth and node `caps` to the limits of one search. Under a
/// node cap the clock keeps only its hard limit (the search ends on the
/// node count, not on the soft time budget, so play does not depend on the
/// machine's load; it still answers within its clock).
pub fn cap_limits(caps: &Caps, limits: &mut Limits, overhead: std::time::Duration) {
    if let Some(d) = caps.depth {
        limits.depth = Some(limits.depth.map_or(d, |x| x.min(d)));
    }
    if let Some(n) = caps.nodes {
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
