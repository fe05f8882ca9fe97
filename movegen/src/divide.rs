//! Perft of any variant split at the root: the leaf count below each legal
//! root move, the root moves shared over the current rayon pool, and a
//! version that gives up when asked to stop (UCI `go perft` under `stop`).

use crate::variant::Position;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The leaf count `depth - 1` plies below each legal root move of `pos`
/// (`depth` >= 1), in generation order.
pub fn divide<P: Position>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    divide_with(pos, |p| Some(p.perft(depth - 1))).unwrap_or_default()
}

/// Each legal root move with what `count` gives for the position after it
/// (root moves split over the current rayon pool); None if any gave None.
fn divide_with<P, F>(pos: &P, count: F) -> Option<Vec<(String, u64)>>
where
    P: Position,
    F: Fn(&mut P) -> Option<u64> + Sync,
{
    let mut list = P::MoveList::default();
    pos.generate_moves(&mut list);
    list.par_iter()
        .map(|&m| {
            let mut p = pos.clone();
            p.make_move(m);
            count(&mut p).map(|n| (m.to_string(), n))
        })
        .collect()
}

/// Subtrees this shallow are counted without looking at the stop flag.
const UNSTOPPABLE_DEPTH: u32 = 2;

/// The leaf count `depth` plies below `pos`, or None once `stop` is set
/// (looked at above the last two plies, so every few milliseconds).
fn perft_until<P: Position>(pos: &mut P, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Relaxed) {
        return None;
    }
    if depth <= UNSTOPPABLE_DEPTH {
        return Some(pos.perft(depth));
    }
    let mut list = P::MoveList::default();
    pos.generate_moves(&mut list);
    let mut n = 0;
    for &m in list.iter() {
        pos.make_move(m);
        let below = perft_until(pos, depth - 1, stop);
        pos.unmake_move();
        n += below?;
    }
    Some(n)
}

/// [`divide`] that gives up once `stop` is set (None).
pub fn divide_until<P: Position>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(String, u64)>> {
    divide_with(pos, |p| perft_until(p, depth - 1, stop))
}
