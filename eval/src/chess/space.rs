//! Space: the central squares behind a side's own pawn front that the enemy
//! pawns do not attack, worth more the more pieces there are to use them.

use super::info::{front_span, Info};
use super::Weights;
use crate::acc::Acc;
use movegen::bitboard::{file_bb, RANK_2, RANK_3};
use movegen::{Board, Color, PieceKind};

/// Files c to f.
const CENTRE_FILES: u64 = file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5);
/// Files c to f, ranks 2 to 4, from White's side.
const WHITE_SPACE: u64 = CENTRE_FILES & (RANK_2 | RANK_3 | (RANK_3 << 8));
/// Files c to f, ranks 7 to 5, from White's side (Black's ranks 2 to 4).
const BLACK_SPACE: u64 = CENTRE_FILES & ((RANK_2 | RANK_3 | (RANK_3 << 8)) << 24);

/// Per side: the squares of its space area that hold no own pawn and no
/// enemy pawn attacks, counting twice those behind an own pawn; earned as
/// `space[pieces]` per square, `pieces` being the side's knights, bishops,
/// rooks and queens (at most 7).
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &Info) {
    for c in Color::ALL {
        let i = c.index();
        let area = if c == Color::White {
            WHITE_SPACE
        } else {
            BLACK_SPACE
        };
        let own_pawns = b.pieces(c, PieceKind::Pawn);
        let safe = area & !own_pawns & !info.pawn_attacks[i ^ 1];
        let behind = front_span(own_pawns, c.flip());
        let count = (safe.count_ones() + (safe & behind).count_ones()) as i32;
        let pieces = (b.color_bb(c) & !own_pawns).count_ones() as usize - 1;
        acc.add(c, &w.space[pieces.min(7)], count);
    }
}
