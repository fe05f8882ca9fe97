//! Piece terms: the bishop pair, own pawns on a bishop's colour, rooks on
//! open and half-open files, knight and bishop outposts, minor pieces
//! shielded by a pawn.

use super::info::Info;
use super::Weights;
use crate::acc::Acc;
use movegen::bitboard::{file_bb, forward, Squares, LIGHT_SQUARES, RANK_3, RANK_6};
use movegen::{Board, Color, PieceKind};

/// Ranks 4 to 6 from White's side.
const WHITE_OUTPOST_RANKS: u64 = (RANK_3 << 8) | (RANK_3 << 16) | RANK_6;
/// Ranks 4 to 6 from Black's side.
const BLACK_OUTPOST_RANKS: u64 = (RANK_6 >> 8) | (RANK_6 >> 16) | RANK_3;

/// The piece terms of both sides.
#[inline(always)]
pub fn eval<A: Acc>(b: &Board, w: &Weights, acc: &mut A, info: &Info) {
    let all_pawns = b.kind_bb(PieceKind::Pawn);
    for c in Color::ALL {
        let i = c.index();
        let bishops = b.pieces(c, PieceKind::Bishop);
        if bishops.count_ones() >= 2 {
            acc.add(c, &w.bishop_pair, 1);
        }

        let own_pawns = b.pieces(c, PieceKind::Pawn);
        for sq in Squares(bishops) {
            let colour = if sq.bb() & LIGHT_SQUARES != 0 {
                LIGHT_SQUARES
            } else {
                !LIGHT_SQUARES
            };
            acc.add(c, &w.bishop_pawns, (own_pawns & colour).count_ones() as i32);
        }
        let minors = bishops | b.pieces(c, PieceKind::Knight);
        acc.add(
            c,
            &w.minor_behind_pawn,
            (forward(minors, c) & all_pawns).count_ones() as i32,
        );
        for sq in Squares(b.pieces(c, PieceKind::Rook)) {
            let file = file_bb(sq.file());
            if all_pawns & file == 0 {
                acc.add(c, &w.rook_open, 1);
            } else if own_pawns & file == 0 {
                acc.add(c, &w.rook_half_open, 1);
            }
        }

        let ranks = if c == Color::White {
            WHITE_OUTPOST_RANKS
        } else {
            BLACK_OUTPOST_RANKS
        };
        let outposts = ranks & info.pawn_attacks[i] & !info.pawn_attack_span[i ^ 1];
        acc.add(
            c,
            &w.knight_outpost,
            (b.pieces(c, PieceKind::Knight) & outposts).count_ones() as i32,
        );
        acc.add(
            c,
            &w.bishop_outpost,
            (bishops & outposts).count_ones() as i32,
        );
    }
}
