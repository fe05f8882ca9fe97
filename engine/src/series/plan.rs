//! The plan for the rest of a series, kept between `go` commands: after the
//! first move of a series the engine answers the following `go`s from the
//! plan as long as the position is the one the plan reaches (the opponent
//! cannot move in between, so it normally is); any other position re-plans.
//! Each engine keeps its own plans ([`Plans`], forgotten with its hash at a
//! new game), keyed by the full position key (series number and moves
//! played included) and the rule set.

use crate::info::Score;
use movegen::progressive::{SeriesRules, SeriesState};
use movegen::Move;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

/// One step of a plan: the move to play in a position, the rest of the
/// series after it and the score the plan was made with.
#[derive(Clone, Debug)]
pub struct Step {
    /// The move to play.
    pub mv: Move,
    /// This move and the rest of the series, coordinate notation.
    pub pv: Vec<String>,
    /// The score reported with the plan.
    pub score: Score,
    /// The internal score.
    pub raw: i32,
}

/// Plans kept beyond this many positions are all forgotten (a long game
/// of searches that never come back to their plans).
const MAX_ENTRIES: usize = 4096;

fn key<R: SeriesRules>(s: &SeriesState) -> u64 {
    s.hash() ^ (R::SET as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The plans of one engine: the planned step for each position a plan
/// reaches. Shared between the engine and its searches (a search runs on a
/// thread of its own), hence the lock.
#[derive(Default)]
pub struct Plans {
    steps: Mutex<HashMap<u64, Step>>,
}

impl Plans {
    /// The steps, even if a search panicked while holding them.
    fn steps(&self) -> MutexGuard<'_, HashMap<u64, Step>> {
        self.steps.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Remembers the plan `moves` from `start` (the rest of the series).
    pub fn remember<R: SeriesRules>(
        &self,
        start: &SeriesState,
        moves: &[Move],
        score: Score,
        raw: i32,
    ) {
        let mut steps = self.steps();
        if steps.len() > MAX_ENTRIES {
            steps.clear();
        }
        let mut s = *start;
        for (i, &m) in moves.iter().enumerate() {
            steps.insert(
                key::<R>(&s),
                Step {
                    mv: m,
                    pv: moves[i..].iter().map(|m| m.to_string()).collect(),
                    score,
                    raw,
                },
            );
            if s.make::<R>(m) {
                break;
            }
        }
    }

    /// The planned step for `s`, if a plan reaches it and its move is legal.
    pub fn recall<R: SeriesRules>(&self, s: &SeriesState) -> Option<Step> {
        let step = self.steps().get(&key::<R>(s))?.clone();
        s.legal_moves::<R>().contains(&step.mv).then_some(step)
    }

    /// Forgets every plan (a new game).
    pub fn clear(&self) {
        self.steps().clear();
    }
}
