//! perft for progressive chess: single moves across series boundaries (the
//! contract), and the count of whole series (every legal sequence that
//! completes the current series).

use super::rules::SeriesRules;
use super::state::SeriesState;
use crate::movegen::MoveList;
use std::collections::HashSet;

/// Leaf nodes of the legal single-move tree `depth` plies deep. Draw rules
/// are ignored; a position without a legal move (mate, P4's stalemate) has
/// no children.
pub fn perft<R: SeriesRules>(s: &SeriesState, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    s.generate::<R>(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.iter() {
        let mut c = *s;
        c.make::<R>(m);
        n += perft::<R>(&c, depth - 1);
    }
    n
}

/// What [`series_perft`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SeriesCount {
    /// Legal move sequences that complete the current series (by its last
    /// move, or earlier by a check under C1/E1).
    pub sequences: u64,
    /// Distinct positions at the end of those sequences.
    pub positions: u64,
    /// Sequences that end in a progressive stalemate (P4) before the series
    /// is complete.
    pub stalemates: u64,
}

/// Counts every way to play the rest of the current series.
pub fn series_perft<R: SeriesRules>(s: &SeriesState) -> SeriesCount {
    let mut seen = HashSet::new();
    let mut count = SeriesCount::default();
    walk::<R>(s, &mut seen, &mut count);
    count.positions = seen.len() as u64;
    count
}

fn walk<R: SeriesRules>(s: &SeriesState, seen: &mut HashSet<u64>, count: &mut SeriesCount) {
    let mut list = MoveList::new();
    s.generate::<R>(&mut list);
    if list.is_empty() {
        if !s.board.in_check() {
            count.stalemates += 1;
        }
        return;
    }
    for &m in list.iter() {
        let mut c = *s;
        if c.make::<R>(m) {
            count.sequences += 1;
            seen.insert(c.hash());
        } else {
            walk::<R>(&c, seen, count);
        }
    }
}
