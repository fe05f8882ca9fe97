//! Pawn structure: passed pawns (by rank, unblocked, free way, king distances),
//! isolated, doubled, backward and connected pawns.

use super::info::{beside, file_fill, front_span, Info};
use super::Weights;
use crate::acc::Acc;
use movegen::bitboard::{forward, Squares};
use movegen::{Board, Color, PieceKind, Square};

/// Chebyshev (king-move) distance.
#[inline(always)]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// The pawns of `c` that no enemy pawn can stop or capture on their way,
/// nor stand behind another own pawn.
#[inline(always)]
pub fn passed_pawns(b: &Board, c: Color) -> u64 {
    let ours = b.pieces(c, PieceKind::Pawn);
    let theirs = b.pieces(c.flip(), PieceKind::Pawn);
    let their_front = front_span(theirs, c.flip());
    let stoppers = their_front | beside(their_front);
    ours & !stoppers & !front_span(ours, c.flip())
}

/// Every pawn-structure term of both sides.
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &Info) {
    let occ = b.occupied();
    for c in Color::ALL {
        let i = c.index();
        let them = c.flip();
        let ours = b.pieces(c, PieceKind::Pawn);
        if ours == 0 {
            continue;
        }

        let isolated = ours & !beside(file_fill(ours));
        acc.add(c, &w.isolated, isolated.count_ones() as i32);

        // Pawns with an own pawn ahead on the file (the rear ones pay).
        let doubled = ours & front_span(ours, them);
        acc.add(c, &w.doubled, doubled.count_ones() as i32);

        // The stop square is attacked by an enemy pawn and no own pawn can
        // ever defend it.
        let stops = forward(ours, c) & info.pawn_attacks[i ^ 1] & !info.pawn_attack_span[i];
        let backward = forward(stops, them) & !isolated;
        acc.add(c, &w.backward, backward.count_ones() as i32);

        let connected = ours & (info.pawn_attacks[i] | beside(ours));
        for sq in Squares(connected) {
            acc.add(c, &w.connected[sq.relative_rank(c) as usize], 1);
        }

        let own_king = b.king_square(c);
        let their_king = b.king_square(them);
        for sq in Squares(passed_pawns(b, c)) {
            let r = sq.relative_rank(c) as usize;
            let stop = Square::new(forward(sq.bb(), c).trailing_zeros() as u8);
            acc.add(c, &w.passed[r], 1);
            if occ & stop.bb() == 0 {
                acc.add(c, &w.passed_unblocked[r], 1);
            }
            if front_span(sq.bb(), c) & (occ | info.attacks[i ^ 1]) == 0 {
                acc.add(c, &w.passed_free[r], 1);
            }
            acc.add(c, &w.passed_own_king[r], distance(own_king, stop));
            acc.add(c, &w.passed_enemy_king[r], distance(their_king, stop));
        }
    }
}
