//! The series-mate solver: does the side to move mate by the end of its
//! current series? A depth-first search over single moves of the mover only
//! (the opponent does not move during the series), with
//!
//! - an admissible lower bound on the moves still needed ([`super::bound`]),
//!   computed for every child: children that cannot mate in the moves left
//!   are cut, the others are tried in order of that bound (best first, like
//!   IDA*);
//! - a table of refuted (position, moves left) pairs, so transpositions (the
//!   same pieces moved in another order) are searched once;
//! - at the last move only checking moves, tested for mate at once.
//!
//! Italian (I1): checks only on the last move, and a series is played in
//! full, so a mate uses exactly the moves left. Scottish and English (C1,
//! E1): a check ends the series, so the mate is the first checking move;
//! the solver deepens the number of moves used (1, 2, ...) and so finds the
//! shortest one.

use super::bound::Bound;
use movegen::movegen::MoveList;
use movegen::progressive::{gives_check, SeriesRules, SeriesState};
use movegen::Move;
use std::marker::PhantomData;

/// The solver's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A mating sequence: the rest of the series (or up to the mating check).
    Mate(Vec<Move>),
    /// Proved: no mate in this series.
    NoMate,
    /// Stopped before a proof either way.
    Unknown,
}

/// A table entry packs the position key's upper 56 bits with the moves
/// left (capped at 255, which only weakens what an entry proves); 0 is
/// empty (no query has 0 moves left).
#[inline]
fn entry(key: u64, left: u32) -> u64 {
    (key & !0xFF) | left.min(0xFF) as u64
}

/// Bound strength by moves left: the exact final-square cover pays off
/// near the end of the series, where most nodes are.
const STRONG_LEFT: u32 = 5;

/// The solver for rules `R`, with its refutation table.
pub struct MateSolver<R: SeriesRules> {
    table: Vec<u64>,
    mask: usize,
    /// Positions visited (all calls).
    pub nodes: u64,
    aborted: bool,
    pool: Vec<Vec<(u32, i32, Move, SeriesState)>>,
    rules: PhantomData<R>,
}

/// True when the side to move of `s` (at the start of its series) is mated
/// under `R`: in check with no legal move (P3).
#[inline]
pub fn is_mated<R: SeriesRules>(s: &SeriesState) -> bool {
    s.played == 0 && s.board.in_check() && !s.has_legal_move::<R>()
}

impl<R: SeriesRules> MateSolver<R> {
    /// A solver with a table of `2^bits` entries.
    pub fn new(bits: u32) -> Self {
        MateSolver {
            // Zeroed by the allocator, page by page as it is used: a fresh
            // solver costs nothing until it searches.
            table: vec![0; 1 << bits],
            mask: (1 << bits) - 1,
            nodes: 0,
            aborted: false,
            pool: Vec::new(),
            rules: PhantomData,
        }
    }

    /// Looks for a mate by the end of the current series of `s`. `stop` is
    /// called at every node with the solver's node count (it decides itself
    /// how often to look at the clock); returning true aborts the search
    /// (result `Unknown`).
    pub fn solve(&mut self, s: &SeriesState, stop: &mut dyn FnMut(u64) -> bool) -> MateResult {
        self.aborted = false;
        let left = s.moves_left();
        let depths: Vec<u32> = if R::CHECK_ENDS_SERIES {
            (1..=left).collect()
        } else {
            vec![left]
        };
        for d in depths {
            let mut root = Bound::new::<R>(s, d);
            if root.lower_bound(d, d <= STRONG_LEFT) > d {
                continue;
            }
            let mut pv = Vec::new();
            if self.search(s, d, 0, &mut pv, stop) {
                pv.reverse();
                return MateResult::Mate(pv);
            }
            if self.aborted {
                return MateResult::Unknown;
            }
        }
        MateResult::NoMate
    }

    #[inline]
    fn refuted(&self, key: u64, left: u32) -> bool {
        let e = self.table[key as usize & self.mask];
        e & !0xFF == key & !0xFF && (e & 0xFF) as u32 >= left
    }

    #[inline]
    fn store(&mut self, key: u64, left: u32) {
        self.table[key as usize & self.mask] = entry(key, left);
    }

    fn search(
        &mut self,
        s: &SeriesState,
        left: u32,
        depth: usize,
        pv: &mut Vec<Move>,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        self.nodes += 1;
        if stop(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return false;
        }
        let key = s.hash();
        if self.refuted(key, left) {
            return false;
        }
        let mut list = MoveList::new();
        s.generate::<R>(&mut list);
        let b = &s.board;
        if left == 1 {
            for &m in list.iter() {
                if gives_check(b, m) {
                    let mut c = *s;
                    c.make::<R>(m);
                    if is_mated::<R>(&c) {
                        pv.push(m);
                        return true;
                    }
                }
            }
            self.store(key, left);
            return false;
        }
        if self.pool.len() <= depth {
            self.pool.resize_with(depth + 1, || Vec::with_capacity(64));
        }
        let mut kids = std::mem::take(&mut self.pool[depth]);
        kids.clear();
        let ksq = b.king_square(s.mover().flip());
        for &m in list.iter() {
            let mut c = *s;
            let checks = R::CHECK_ENDS_SERIES && gives_check(b, m);
            if c.make::<R>(m) {
                // Only a check ends the series before its last move.
                if checks && is_mated::<R>(&c) {
                    pv.push(m);
                    self.pool[depth] = kids;
                    return true;
                }
                continue;
            }
            let ckey = c.hash();
            if self.refuted(ckey, left - 1) {
                continue;
            }
            let mut bound = Bound::new::<R>(&c, left - 1);
            let lb = bound.lower_bound(left - 1, left - 1 <= STRONG_LEFT);
            if lb > left - 1 {
                self.store(ckey, left - 1);
                continue;
            }
            let to = m.to();
            let near = (to.file() as i32 - ksq.file() as i32)
                .abs()
                .max((to.rank() as i32 - ksq.rank() as i32).abs());
            let capture = b.piece_at(to).is_some() as i32;
            kids.push((lb, near - 2 * capture, m, c));
        }
        kids.sort_unstable_by_key(|k| (k.0, k.1));
        let mut found = false;
        for &(_, _, m, c) in kids.iter() {
            if self.search(&c, left - 1, depth + 1, pv, stop) {
                pv.push(m);
                found = true;
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.pool[depth] = kids;
        if !found && !self.aborted {
            self.store(key, left);
        }
        found
    }
}
