//! Mobility: per piece, the number of squares it attacks in its side's
//! mobility area (not attacked by enemy pawns, not holding an own pawn or
//! king). The same pass counts attacks on the enemy king zone for
//! [`super::king`] and records every piece's attacks in [`Info`] for the
//! king-safety and threat terms.

use super::info::Info;
use super::Weights;
use crate::acc::Acc;
use crate::score::S;
use movegen::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use movegen::bitboard::{Bitboard, Squares};
use movegen::{Board, Color, PieceKind};

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn piece<A: Acc, const N: usize>(
    acc: &mut A,
    c: Color,
    kind: usize,
    attacks: Bitboard,
    table: &[S; N],
    king_attack: &S,
    info: &mut Info,
) {
    let i = c.index();
    info.add_attacks(c, kind, attacks);
    acc.add(
        c,
        &table[(attacks & info.mobility_area[i]).count_ones() as usize],
        1,
    );
    let hits = attacks & info.king_zone[i ^ 1];
    if hits != 0 {
        info.king_attackers[i] += 1;
        info.king_zone_hits[i] += hits.count_ones() as i32;
        acc.add(c, king_attack, 1);
    }
}

/// Mobility of knights, bishops, rooks and queens.
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &mut Info) {
    let occ = b.occupied();
    for c in Color::ALL {
        for sq in Squares(b.pieces(c, PieceKind::Knight)) {
            let a = knight_attacks(sq);
            piece(acc, c, 0, a, &w.knight_mobility, &w.king_attack[0], info);
        }
        for sq in Squares(b.pieces(c, PieceKind::Bishop)) {
            let a = bishop_attacks(sq, occ);
            piece(acc, c, 1, a, &w.bishop_mobility, &w.king_attack[1], info);
        }
        for sq in Squares(b.pieces(c, PieceKind::Rook)) {
            let a = rook_attacks(sq, occ);
            piece(acc, c, 2, a, &w.rook_mobility, &w.king_attack[2], info);
        }
        for sq in Squares(b.pieces(c, PieceKind::Queen)) {
            let a = queen_attacks(sq, occ);
            piece(acc, c, 3, a, &w.queen_mobility, &w.king_attack[3], info);
        }
    }
}
