//! King safety: pieces attacking the king zone (counted by
//! [`super::mobility`]), the pawn shield and open files near the king.

use super::info::{beside, front_span, Info};
use super::Weights;
use crate::acc::Acc;
use movegen::bitboard::file_bb;
use movegen::{Board, Color, PieceKind};

/// King-zone attacks and the pawn shield, for both sides.
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &Info) {
    let all_pawns = b.kind_bb(PieceKind::Pawn);
    for c in Color::ALL {
        let i = c.index();
        // Side `c` attacking the enemy king.
        acc.add(
            c,
            &w.king_attackers[info.king_attackers[i].min(7) as usize],
            1,
        );
        acc.add(c, &w.king_zone_hits, info.king_zone_hits[i]);

        // Side `c`'s own king cover.
        let k = b.king_square(c);
        let shield = b.pieces(c, PieceKind::Pawn) & front_span(k.bb() | beside(k.bb()), c);
        let f = k.file() as i32;
        for file in (f - 1).max(0)..=(f + 1).min(7) {
            let fb = file_bb(file as u8);
            let on_file = shield & fb;
            let idx = if on_file == 0 {
                3
            } else {
                let nearest = match c {
                    Color::White => (on_file.trailing_zeros() as i32) >> 3,
                    Color::Black => (63 - on_file.leading_zeros() as i32) >> 3,
                };
                ((nearest - k.rank() as i32).abs().min(3) - 1) as usize
            };
            acc.add(c, &w.pawn_shield[idx], 1);
            if all_pawns & fb == 0 {
                acc.add(c, &w.king_open_file, 1);
            }
        }
    }
}
