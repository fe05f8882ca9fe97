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
//! - at the last move only checking moves, tested for mate at once;
//! - sleep sets ([`super::commute`]): a child does not try again a move that
//!   commutes with the one leading to it when that move's own child is
//!   already known to hold no mate (the same positions, reached in the
//!   other order).
//!
//! Italian (I1): checks only on the last move, and a series is played in
//! full, so a mate uses exactly the moves left. Scottish and English (C1,
//! E1): a check ends the series, so the mate is the first checking move,
//! tested for mate wherever it comes; the search runs once with all the
//! moves left, so the mate found is not always the shortest (deepening
//! 1, 2, ... moves found the shortest, at the price of proving every
//! shorter length impossible first: about 1.5 times the nodes on problems
//! whose mate needs the whole series).

use super::bound::Bound;
use super::commute::{commute, span};
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

/// A child to search: ordering key (bound, nearness), its move with the
/// move's span (`None`: never in a sleep set), the position and its key.
type Kid = (u32, i32, Move, Option<u64>, SeriesState, u64);

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
    pool: Vec<Vec<Kid>>,
    /// Per depth: the moves of the node known to hold no mate, with their
    /// spans (see [`super::commute`]).
    done: Vec<Vec<(Move, u64)>>,
    /// Per depth: the node's sleep set, filled by its parent.
    sleep: Vec<Vec<(Move, u64)>>,
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
            done: Vec::new(),
            sleep: Vec::new(),
            rules: PhantomData,
        }
    }

    /// Looks for a mate by the end of the current series of `s`. `stop` is
    /// called at every node with the solver's node count (it decides itself
    /// how often to look at the clock); returning true aborts the search
    /// (result `Unknown`).
    pub fn solve(&mut self, s: &SeriesState, stop: &mut dyn FnMut(u64) -> bool) -> MateResult {
        self.aborted = false;
        // The root has an empty sleep set.
        if let Some(z) = self.sleep.first_mut() {
            z.clear();
        }
        let left = s.moves_left();
        let mut root = Bound::new::<R>(s, left);
        if root.lower_bound(left, left <= STRONG_LEFT) > left {
            return MateResult::NoMate;
        }
        let mut pv = Vec::new();
        if self.search(s, left, 0, &mut pv, stop) {
            pv.reverse();
            return MateResult::Mate(pv);
        }
        if self.aborted {
            return MateResult::Unknown;
        }
        MateResult::NoMate
    }

    #[inline]
    fn refuted(&self, key: u64, left: u32) -> bool {
        let e = self.table[key as usize & self.mask];
        e & !0xFF == key & !0xFF && (e & 0xFF) as u32 >= left
    }

    /// Asks the processor to bring in the table slot of `key`.
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const u64 = &self.table[key as usize & self.mask];
            // SAFETY: SSE is part of every x86_64 target, and a prefetch
            // only hints the cache: it never reads or writes memory.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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
        // Below the root the parent has just looked this position up (no
        // position at this depth is searched in between).
        if depth == 0 && self.refuted(key, left) {
            return false;
        }
        if self.pool.len() <= depth + 1 {
            self.pool.resize_with(depth + 2, || Vec::with_capacity(64));
            self.done.resize_with(depth + 2, Vec::new);
            self.sleep.resize_with(depth + 2, Vec::new);
        }
        let sleep = std::mem::take(&mut self.sleep[depth]);
        let asleep = |m: Move| sleep.iter().any(|&(x, _)| x == m);
        let mut list = MoveList::new();
        s.generate::<R>(&mut list);
        let b = &s.board;
        if left == 1 {
            for &m in list.iter() {
                if gives_check(b, m) && !asleep(m) {
                    let mut c = *s;
                    c.make::<R>(m);
                    if is_mated::<R>(&c) {
                        pv.push(m);
                        self.sleep[depth] = sleep;
                        return true;
                    }
                }
            }
            self.sleep[depth] = sleep;
            self.store(key, left);
            return false;
        }
        let mut kids = std::mem::take(&mut self.pool[depth]);
        let mut done = std::mem::take(&mut self.done[depth]);
        kids.clear();
        done.clear();
        let ksq = b.king_square(s.mover().flip());
        for &m in list.iter() {
            let sp = span::<R>(b, m);
            if asleep(m) {
                // Its child is a descendant of a refuted one (see `commute`);
                // a check that ends the series here has no such child.
                if let Some(sp) = sp {
                    if !(R::CHECK_ENDS_SERIES && gives_check(b, m)) {
                        done.push((m, sp));
                    }
                }
                continue;
            }
            let mut c = *s;
            if c.make::<R>(m) {
                // Only a check ends the series before its last move.
                if is_mated::<R>(&c) {
                    pv.push(m);
                    self.pool[depth] = kids;
                    self.done[depth] = done;
                    self.sleep[depth] = sleep;
                    return true;
                }
                continue;
            }
            let ckey = c.hash();
            self.prefetch(ckey);
            kids.push((0, 0, m, sp, c, ckey));
        }
        // The table slots of all children are on their way in; now the
        // table and the bound decide which children are searched.
        kids.retain_mut(|(lb, near, m, sp, c, ckey)| {
            let refuted = self.refuted(*ckey, left - 1) || {
                let mut bound = Bound::new::<R>(c, left - 1);
                *lb = bound.lower_bound(left - 1, left - 1 <= STRONG_LEFT);
                let cut = *lb > left - 1;
                if cut {
                    self.store(*ckey, left - 1);
                }
                cut
            };
            if refuted {
                if let Some(sp) = *sp {
                    done.push((*m, sp));
                }
                return false;
            }
            let to = m.to();
            let dist = (to.file() as i32 - ksq.file() as i32)
                .abs()
                .max((to.rank() as i32 - ksq.rank() as i32).abs());
            let capture = b.piece_at(to).is_some() as i32;
            *near = dist - 2 * capture;
            true
        });
        kids.sort_unstable_by_key(|k| (k.0, k.1));
        let mut found = false;
        for &(_, _, m, sp, c, _) in kids.iter() {
            // The child's sleep set: the refuted moves that commute with m.
            let mut child_sleep = std::mem::take(&mut self.sleep[depth + 1]);
            child_sleep.clear();
            if let Some(sp) = sp {
                child_sleep.extend(done.iter().filter(|&&(_, x)| commute(x, sp)));
            }
            self.sleep[depth + 1] = child_sleep;
            if self.search(&c, left - 1, depth + 1, pv, stop) {
                pv.push(m);
                found = true;
                break;
            }
            if self.aborted {
                break;
            }
            if let Some(sp) = sp {
                done.push((m, sp));
            }
        }
        self.pool[depth] = kids;
        self.done[depth] = done;
        self.sleep[depth] = sleep;
        if !found && !self.aborted {
            self.store(key, left);
        }
        found
    }
}
