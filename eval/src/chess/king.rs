//! King safety: pieces attacking the king zone (counted by
//! [`super::mobility`]), weak squares in the zone, safe checks, a danger
//! table over all of these, the pawn shield, enemy pawns storming it and
//! open files near the king; and the king's distance to its own pawns.

use super::info::{beside, front_span, Info};
use super::Weights;
use crate::acc::Acc;
use movegen::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use movegen::bitboard::{forward, Bitboard, Squares};
use movegen::{Board, Color, PieceKind};

/// The files holding any square of `b`, as the low eight bits.
#[inline(always)]
fn files_of(mut b: Bitboard) -> u32 {
    b |= b >> 32;
    b |= b >> 16;
    b |= b >> 8;
    (b & 0xFF) as u32
}

/// The attack units of a side against the enemy king, from counts that do
/// not depend on the weights: attacks on the zone, plus two per weak zone
/// square, plus three per piece kind with a safe check; at most 23.
#[inline(always)]
pub fn danger_units(zone_hits: i32, weak_in_zone: i32, safe_check_kinds: i32) -> usize {
    (zone_hits + 2 * weak_in_zone + 3 * safe_check_kinds).clamp(0, 23) as usize
}

/// Side `c`'s weak-square, safe-check and danger terms against the enemy
/// king.
#[inline(always)]
fn attack_on_king<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &Info, c: Color) {
    let (i, j) = (c.index(), c.flip().index());
    let ksq = b.king_square(c.flip());
    // Defended at most once, and then only by the king or the queen.
    let weak = info.attacks[i]
        & !info.attacks2[j]
        & (!info.attacks[j] | info.attacks_by[j][3] | info.king_zone[j]);
    let weak_in_zone = (weak & info.king_zone[j]).count_ones() as i32;
    acc.add(c, &w.king_zone_weak, weak_in_zone);
    let occ = b.occupied();
    let safe = !b.color_bb(c) & (!info.attacks[j] | (weak & info.attacks2[i]));
    let diagonal = bishop_attacks(ksq, occ);
    let straight = rook_attacks(ksq, occ);
    let by = &info.attacks_by[i];
    let checks = [
        knight_attacks(ksq) & by[0],
        diagonal & by[1],
        straight & by[2],
        (diagonal | straight) & by[3],
    ];
    let mut check_kinds = 0;
    for (weight, squares) in w.safe_check.iter().zip(checks) {
        let any = (squares & safe != 0) as i32;
        check_kinds += any;
        acc.add(c, weight, any);
    }
    if info.king_attackers[i] >= 2 {
        let units = danger_units(info.king_zone_hits[i], weak_in_zone, check_kinds);
        acc.add(c, &w.king_danger[units], 1);
    }
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
        attack_on_king(b, w, acc, info, c);

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

        // The nearest own pawn (an endgame king belongs near its pawns).
        let own_pawns = b.pieces(c, PieceKind::Pawn);
        if own_pawns != 0 {
            let ksq = b.king_square(c);
            let nearest = Squares(own_pawns)
                .map(|sq| super::pawns::distance(ksq, sq))
                .min()
                .unwrap_or(0);
            acc.add(c, &w.king_pawn_distance, nearest);
        }

        // Enemy pawns ahead of the king on those files, by how many ranks
        // ahead (1, 2, 3, 4+); the storming side earns the weight.
        let king_rank = b.king_square(c).relative_rank(c) as i32;
        let storm = b.pieces(c.flip(), PieceKind::Pawn) & front_span(files, c);
        for sq in Squares(storm) {
            let ahead = sq.relative_rank(c) as i32 - king_rank;
            acc.add(c.flip(), &w.pawn_storm[(ahead.min(4) - 1) as usize], 1);
        }
    }
}
