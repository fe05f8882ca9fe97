//! The plan for the rest of a series, kept between `go` commands: after the
//! first move of a series the engine answers the following `go`s from the
//! plan as long as the position is the one the plan reaches (the opponent
//! cannot move in between, so it normally is); any other position re-plans.
//! Keyed by the full position key (series number and moves played
//! included), so several games in one process do not confuse each other.

use crate::info::Score;
use movegen::progressive::{SeriesRules, SeriesState};
use movegen::Move;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

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

static PLANS: LazyLock<Mutex<HashMap<u64, Step>>> = LazyLock::new(|| Mutex::new(HashMap::new()));

const MAX_ENTRIES: usize = 4096;

fn key<R: SeriesRules>(s: &SeriesState) -> u64 {
    s.hash() ^ (R::SET as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Remembers the plan `moves` from `start` (the rest of the series).
pub fn remember<R: SeriesRules>(start: &SeriesState, moves: &[Move], score: Score, raw: i32) {
    let mut plans = PLANS.lock().unwrap_or_else(|e| e.into_inner());
    if plans.len() > MAX_ENTRIES {
        plans.clear();
    }
    let mut s = *start;
    for (i, &m) in moves.iter().enumerate() {
        plans.insert(
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
pub fn recall<R: SeriesRules>(s: &SeriesState) -> Option<Step> {
    let plans = PLANS.lock().unwrap_or_else(|e| e.into_inner());
    let step = plans.get(&key::<R>(s))?.clone();
    s.legal_moves::<R>().contains(&step.mv).then_some(step)
}
