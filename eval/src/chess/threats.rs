//! Threats: pieces attacked by a lesser enemy piece, and undefended
//! pieces and pawns under attack.

use super::info::Info;
use super::Weights;
use crate::acc::Acc;
use movegen::{Board, Color, PieceKind};

/// Pawn attacks on pieces, minor-piece attacks on rooks and queens, rook
/// attacks on queens, attacks on undefended pawns and pieces.
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &Info) {
    for c in Color::ALL {
        let i = c.index();
        let them = c.flip();
        let majors = b.pieces(them, PieceKind::Rook) | b.pieces(them, PieceKind::Queen);
        let pieces = majors | b.pieces(them, PieceKind::Knight) | b.pieces(them, PieceKind::Bishop);
        acc.add(
            c,
            &w.threat_by_pawn,
            (info.pawn_attacks[i] & pieces).count_ones() as i32,
        );
        let by = &info.attacks_by[i];
        acc.add(
            c,
            &w.threat_by_minor,
            ((by[0] | by[1]) & majors).count_ones() as i32,
        );
        acc.add(
            c,
            &w.threat_by_rook,
            (by[2] & b.pieces(them, PieceKind::Queen)).count_ones() as i32,
        );
        let hanging = info.attacks[i] & !info.attacks[i ^ 1];
        acc.add(
            c,
            &w.hanging[0],
            (hanging & b.pieces(them, PieceKind::Pawn)).count_ones() as i32,
        );
        acc.add(c, &w.hanging[1], (hanging & pieces).count_ones() as i32);
    }
}
