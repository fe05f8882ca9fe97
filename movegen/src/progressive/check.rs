//! Does a move give check? Needed before the move is made: Italian forbids
//! checks before the last move of a series (I1), Scottish and English end the
//! series on a check (C1, E1). Computed from attack tables with the
//! occupancy after the move (direct, discovered, en passant and castling
//! checks), without copying the board.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::chess_move::Move;
use crate::types::{Color, PieceKind, Square};

/// The square a castling rook leaves and the square it reaches, for the
/// king's move `m` (two files sideways), or None for any other move.
#[inline(always)]
pub fn castling_rook(b: &Board, m: Move) -> Option<(Square, Square)> {
    let (from, to) = (m.from(), m.to());
    if b.kind_at(from) != Some(PieceKind::King) || from.file().abs_diff(to.file()) != 2 {
        return None;
    }
    let rank = from.rank();
    Some(if to.file() == 6 {
        (Square::from_coords(7, rank), Square::from_coords(5, rank))
    } else {
        (Square::from_coords(0, rank), Square::from_coords(3, rank))
    })
}

/// True when `m` is an en passant capture on `b` (a pawn moving diagonally
/// onto an empty square).
#[inline(always)]
pub fn is_en_passant(b: &Board, m: Move) -> bool {
    m.from().file() != m.to().file()
        && b.kind_at(m.from()) == Some(PieceKind::Pawn)
        && b.piece_at(m.to()).is_none()
}

/// True when the legal move `m` of the side to move gives check.
#[inline]
pub fn gives_check(b: &Board, m: Move) -> bool {
    let us = b.side_to_move();
    let them = us.flip();
    let ksq = b.king_square(them);
    let (from, to) = (m.from(), m.to());
    let kind = b.kind_at(from).expect("a piece on the from-square");
    let landed = m.promotion().unwrap_or(kind);
    let mut occ: Bitboard = (b.occupied() & !from.bb()) | to.bb();
    // Our pieces after the move, by kind (the captured enemy piece is not ours).
    let ours = |k: PieceKind| -> Bitboard {
        let mut s = b.pieces(us, k) & !from.bb();
        if k == landed {
            s |= to.bb();
        }
        s
    };
    let mut rooks = ours(PieceKind::Rook);
    let queens = ours(PieceKind::Queen);
    let bishops = ours(PieceKind::Bishop);
    let knights = ours(PieceKind::Knight);
    let pawns = ours(PieceKind::Pawn);
    if kind == PieceKind::Pawn && from.file() != to.file() && b.piece_at(to).is_none() {
        // En passant: the captured pawn leaves the square behind `to`.
        let cap = if us == Color::White {
            to.offset(-8)
        } else {
            to.offset(8)
        };
        occ &= !cap.bb();
    } else if let Some((rf, rt)) = castling_rook(b, m) {
        occ = (occ & !rf.bb()) | rt.bb();
        rooks = (rooks & !rf.bb()) | rt.bb();
    }
    if knight_attacks(ksq) & knights != 0 || pawn_attacks(ksq, them) & pawns != 0 {
        return true;
    }
    // Our king never gives check, but keep the table symmetric for clarity.
    debug_assert!(king_attacks(ksq) & b.pieces(us, PieceKind::King) & !from.bb() == 0);
    bishop_attacks(ksq, occ) & (bishops | queens) != 0
        || rook_attacks(ksq, occ) & (rooks | queens) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;

    fn check_all(fen: &str) {
        let b = Board::from_fen(fen).unwrap();
        for m in legal_moves(&b) {
            let mut c = b;
            c.make_move(m);
            assert_eq!(gives_check(&b, m), c.in_check(), "{fen} {m}");
        }
    }

    #[test]
    fn gives_check_matches_make() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",
            "8/1k6/8/3pP3/8/5B2/8/4K3 w - d6 0 1",
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            check_all(fen);
        }
    }
}
