//! Material and piece-square tables.

use super::Weights;
use crate::acc::Acc;
use movegen::bitboard::Squares;
use movegen::{Board, Color, PieceKind};

/// Material for every piece but the king, and every piece's square.
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A) {
    for c in Color::ALL {
        // The tables are drawn a8 first: White flips the square's rank.
        let flip = if c == Color::White { 56 } else { 0 };
        for kind in PieceKind::ALL {
            let bb = b.pieces(c, kind);
            if kind != PieceKind::King {
                acc.add(c, &w.material[kind.index()], bb.count_ones() as i32);
            }
            let table = &w.psqt[kind.index()];
            for sq in Squares(bb) {
                acc.add(c, &table[sq.index() ^ flip], 1);
            }
        }
    }
}
