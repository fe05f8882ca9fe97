//! King safety: pieces attacking the king zone (counted by
//! [`super::mobility`]), the pawn shield and open files near the king.

use super::info::{beside, front_span, Info};
use super::Weights;
use crate::acc::Acc;
use movegen::bitboard::{forward, Bitboard};
use movegen::{Board, Color, PieceKind};

/// The files holding any square of `b`, as the low eight bits.
#[inline(always)]
fn files_of(mut b: Bitboard) -> u32 {
    b |= b >> 32;
    b |= b >> 16;
    b |= b >> 8;
    (b & 0xFF) as u32
}

/// King-zone attacks and the pawn shield, for both sides.
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &Info) {
    let pawn_files = files_of(b.kind_bb(PieceKind::Pawn));
    for c in Color::ALL {
        let i = c.index();
        // Side `c` attacking the enemy king.
        acc.add(
            c,
            &w.king_attackers[info.king_attackers[i].min(7) as usize],
            1,
        );
        acc.add(c, &w.king_zone_hits, info.king_zone_hits[i]);

        // Side `c`'s own king cover, on the king's file and its neighbours:
        // per file, the nearest own pawn ahead is 1, 2, 3+ ranks ahead or
        // there is none.
        let k = b.king_square(c).bb();
        let files = k | beside(k);
        let shield = b.pieces(c, PieceKind::Pawn) & front_span(files, c);
        let one = shield & forward(files, c);
        let two = shield & forward(forward(files, c) & !one, c);
        let (n1, n2) = (one.count_ones() as i32, two.count_ones() as i32);
        let near = files_of(files);
        let covered = files_of(shield).count_ones() as i32;
        acc.add(c, &w.pawn_shield[0], n1);
        acc.add(c, &w.pawn_shield[1], n2);
        acc.add(c, &w.pawn_shield[2], covered - n1 - n2);
        acc.add(c, &w.pawn_shield[3], near.count_ones() as i32 - covered);
        acc.add(
            c,
            &w.king_open_file,
            (near & !pawn_files).count_ones() as i32,
        );
    }
}
