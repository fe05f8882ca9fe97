//! Legal move generation for drop chess: the 8x8 board moves, then drops.

use super::drop_move::DropMove;
use super::reserve::HELD_KINDS;
use super::rules::DropRules;
use super::state::DropBoard;
use crate::attacks::*;
use crate::bitboard::{lsb, more_than_one, Bitboard, Squares};
use crate::chess_move::Move;
use crate::movegen::{generate, Counter, MoveSink, PROMOTION_KINDS};
use crate::types::{Color, PieceKind, Square};
use arrayvec::ArrayVec;

/// Room for every legal move of a drop position (board moves plus five
/// kinds dropped on up to 62 empty squares).
pub const MAX_DROP_MOVES: usize = 768;

/// A move list for drop chess.
pub type DropMoveList = ArrayVec<DropMove, MAX_DROP_MOVES>;

impl<const N: usize> MoveSink for ArrayVec<DropMove, N> {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(DropMove::board(Move::normal(from, to)));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8) {
        for to in Squares(targets) {
            self.push(DropMove::board(Move::normal(to.offset(-delta), to)));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8) {
        for to in Squares(targets) {
            for k in PROMOTION_KINDS {
                self.push(DropMove::board(Move::new(to.offset(-delta), to, Some(k))));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.push(DropMove::board(m));
    }
}

/// The squares from which a `kind` of `color` would attack `target`.
#[inline(always)]
pub fn checking_squares(
    kind: PieceKind,
    color: Color,
    target: Square,
    occupied: Bitboard,
) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(target, color.flip()),
        PieceKind::Knight => knight_attacks(target),
        PieceKind::Bishop => bishop_attacks(target, occupied),
        PieceKind::Rook => rook_attacks(target, occupied),
        PieceKind::Queen => queen_attacks(target, occupied),
        PieceKind::King => king_attacks(target),
    }
}

/// The empty squares where a drop would answer the current check (all empty
/// squares when not in check; none against a double, contact or knight check).
#[inline(always)]
pub fn drop_targets(b: &DropBoard) -> Bitboard {
    let board = &b.board;
    let empty = !board.occupied();
    let checkers = board.checkers();
    if checkers == 0 {
        empty
    } else if more_than_one(checkers) {
        0
    } else {
        between(board.king_square(board.side_to_move()), lsb(checkers)) & empty
    }
}

/// Calls `f` with each held kind of the side to move and the squares where
/// it may be dropped (non-empty sets only).
#[inline(always)]
fn for_each_drop_set<R: DropRules>(b: &DropBoard, mut f: impl FnMut(PieceKind, Bitboard)) {
    let us = b.board.side_to_move();
    if b.reserve.is_empty(us) {
        return;
    }
    let targets = drop_targets(b);
    if targets == 0 {
        return;
    }
    let their_king = b.board.king_square(us.flip());
    let occ = b.board.occupied();
    for kind in HELD_KINDS {
        if b.reserve.count(us, kind) == 0 {
            continue;
        }
        let mut t = targets;
        if kind == PieceKind::Pawn {
            t &= !R::forbidden_pawn_drops(us);
        }
        if !R::DROP_MAY_CHECK {
            t &= !checking_squares(kind, us, their_king, occ);
        }
        if t != 0 {
            f(kind, t);
        }
    }
}

/// Appends every legal move (board moves and drops) to `out`.
#[inline]
pub fn generate_drop_moves<R: DropRules, const N: usize>(
    b: &DropBoard,
    out: &mut ArrayVec<DropMove, N>,
) {
    generate::<_, false>(&b.board, out);
    for_each_drop_set::<R>(b, |kind, t| {
        for to in Squares(t) {
            out.push(DropMove::drop(kind, to));
        }
    });
}

/// The number of legal moves, without listing them (perft's last ply).
#[inline]
pub fn count_drop_moves<R: DropRules>(b: &DropBoard) -> u64 {
    let mut c = Counter(0);
    generate::<_, false>(&b.board, &mut c);
    for_each_drop_set::<R>(b, |_, t| c.0 += t.count_ones() as u64);
    c.0
}

/// Leaf nodes `depth` plies below `b`: copy-make, last ply counted in bulk.
pub fn perft<R: DropRules>(b: &DropBoard, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_drop_moves::<R>(b),
        _ => {
            let mut list = DropMoveList::new();
            generate_drop_moves::<R, MAX_DROP_MOVES>(b, &mut list);
            list.iter()
                .map(|&m| {
                    let mut c = *b;
                    c.make::<R>(m);
                    perft::<R>(&c, depth - 1)
                })
                .sum()
        }
    }
}
