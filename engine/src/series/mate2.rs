//! Mate at the end of the player's next series (`score mate 2`, the
//! contract's "Progressive search output"): after a candidate series, every
//! reply series of the opponent must leave a mate in our next series. The
//! proof enumerates the opponent's reply series (distinct end positions, a
//! node budget) and solves each end with the mate solver; running out of
//! budget, a reply without a mate, a progressive stalemate in the reply or
//! a draw rule means no proof.

use super::solver::{is_mated, MateResult, MateSolver};
use movegen::progressive::{SeriesRules, SeriesState};
use std::collections::HashSet;

/// The proof's state: the shared solver, the end positions already proved,
/// the nodes spent.
pub struct Mate2<'a, R: SeriesRules> {
    solver: &'a mut MateSolver<R>,
    proved: HashSet<u64>,
    nodes: u64,
    budget: u64,
}

impl<'a, R: SeriesRules> Mate2<'a, R> {
    /// A proof with `solver` that may visit `budget` nodes (its own and the
    /// solver's).
    pub fn new(solver: &'a mut MateSolver<R>, budget: u64) -> Self {
        Mate2 {
            solver,
            proved: HashSet::new(),
            nodes: 0,
            budget,
        }
    }

    /// Nodes spent so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// True when `end` (the opponent at the start of his series) is proved
    /// lost at the end of our next series. `stop` is polled like the
    /// solver's.
    pub fn proves(&mut self, end: &SeriesState, stop: &mut dyn FnMut(u64) -> bool) -> bool {
        end.played == 0 && end.has_legal_move::<R>() && self.replies(end, stop)
    }

    /// Every continuation of the opponent's series from `s` ends in a
    /// position where we mate in our series.
    fn replies(&mut self, s: &SeriesState, stop: &mut dyn FnMut(u64) -> bool) -> bool {
        if s.draw_rule_reached::<R>() {
            return false;
        }
        let moves = s.legal_moves::<R>();
        if moves.is_empty() {
            // A progressive stalemate in mid-series (P4).
            return false;
        }
        for &m in moves.iter() {
            self.nodes += 1;
            if self.nodes > self.budget || stop(self.nodes) {
                return false;
            }
            let mut c = *s;
            let ended = c.make::<R>(m);
            let ok = if ended {
                self.our_mate(&c, stop)
            } else {
                self.replies(&c, stop)
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// We (to move at `s`, a series start) mate by the end of this series.
    fn our_mate(&mut self, s: &SeriesState, stop: &mut dyn FnMut(u64) -> bool) -> bool {
        if is_mated::<R>(s) || s.draw_rule_reached::<R>() {
            return false;
        }
        if self.proved.contains(&s.hash()) {
            return true;
        }
        let base = self.nodes;
        let before = self.solver.nodes;
        let budget = self.budget;
        let result = {
            let mut limit = |n: u64| {
                let spent = base + (n - before);
                spent > budget || stop(spent)
            };
            self.solver.solve(s, &mut limit)
        };
        self.nodes += self.solver.nodes - before;
        let mate = matches!(result, MateResult::Mate(_));
        if mate {
            self.proved.insert(s.hash());
        }
        mate
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::progressive::{Italian, ItalianPosition};
    use movegen::variant::Position;

    fn state(fen: &str) -> SeriesState {
        *ItalianPosition::from_fen(fen).unwrap().state()
    }

    fn after(s: &SeriesState, m: &str) -> SeriesState {
        let mv = s
            .legal_moves::<Italian>()
            .iter()
            .copied()
            .find(|x| x.to_string() == m)
            .unwrap();
        let mut c = *s;
        assert!(c.make::<Italian>(mv), "{m} ends the series");
        c
    }

    #[test]
    fn rook_check_then_mate_in_the_next_series() {
        // Series 1 (one move): Rh8+ is no mate (Ka7), but every reply series
        // of two moves leaves a mate in White's series of three.
        let s = state("k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let mut solver = MateSolver::<Italian>::new(12);
        assert_eq!(solver.solve(&s, &mut |_| false), MateResult::NoMate);
        let mut proof = Mate2::new(&mut solver, 100_000);
        assert!(proof.proves(&after(&s, "h1h8"), &mut |_| false));
        // A tiny budget proves nothing.
        let mut solver = MateSolver::<Italian>::new(12);
        let mut proof = Mate2::new(&mut solver, 0);
        assert!(!proof.proves(&after(&s, "h1h8"), &mut |_| false));
        // With a rook of his own Black escapes the net (or mates first).
        let s = state("k7/7r/2K5/8/8/8/8/7R w - - 0 1");
        let mut solver = MateSolver::<Italian>::new(12);
        let mut proof = Mate2::new(&mut solver, 100_000);
        assert!(!proof.proves(&after(&s, "h1h2"), &mut |_| false));
    }
}
