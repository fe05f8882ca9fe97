//! Threats: pieces attacked by a lesser enemy piece.

use super::info::Info;
use super::Weights;
use crate::acc::Acc;
use movegen::{Board, Color, PieceKind};

/// Pawn attacks on pieces, minor-piece attacks on rooks and queens.
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
        acc.add(
            c,
            &w.threat_by_minor,
            (info.minor_attacks[i] & majors).count_ones() as i32,
        );
    }
}
