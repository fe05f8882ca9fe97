//! Legal move generation for the 8x8 board. One generator, generic over a
//! [`MoveSink`]: a list sink materialises moves, a counting sink adds up
//! popcounts (perft's bulk-counted last ply). Pins, checks, double checks, en
//! passant discoveries and castling through attacked squares are handled here,
//! so every generated move is legal.

use crate::attacks::*;
use crate::bitboard::*;
use crate::board::{castle, Board};
use crate::chess_move::Move;
use crate::types::{Color, PieceKind, Square};
use arrayvec::ArrayVec;

/// The most legal moves any chess position has is 218.
pub const MAX_MOVES: usize = 256;

/// A move list on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Receives generated moves, in sets where possible.
pub trait MoveSink {
    /// Non-promoting moves from `from` to every square of `targets`.
    fn targets(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to every square of `targets`, each from `to - delta`.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8);
    /// Promotions (four each) to every square of `targets`, from `to - delta`.
    fn promotions(&mut self, targets: Bitboard, delta: i8);
    /// A single move (castling, en passant).
    fn single(&mut self, m: Move);
}

/// Counts moves without materialising them.
#[derive(Default)]
pub struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Promotion kinds, queen first (the usual best).
pub const PROMOTION_KINDS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Knight,
    PieceKind::Rook,
    PieceKind::Bishop,
];

impl MoveSink for MoveList {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in Squares(targets) {
            // SAFETY-free: capacity 256 exceeds the 218-move maximum.
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8) {
        for to in Squares(targets) {
            self.push(Move::normal(to.offset(-delta), to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8) {
        for to in Squares(targets) {
            for k in PROMOTION_KINDS {
                self.push(Move::new(to.offset(-delta), to, Some(k)));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.push(m);
    }
}

/// All legal moves of the side to move.
pub fn legal_moves(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate::<_, false>(board, &mut list);
    list
}

/// The legal captures and promotions of the side to move; all legal moves
/// when it is in check (quiescence search needs every evasion).
pub fn tactical_moves(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate::<_, true>(board, &mut list);
    list
}

/// The number of legal moves of the side to move.
#[inline]
pub fn count_legal_moves(board: &Board) -> u64 {
    let mut c = Counter(0);
    generate::<_, false>(board, &mut c);
    c.0
}

/// The pieces of the side to move that are pinned to its king.
#[inline(always)]
fn pinned_pieces(board: &Board, us: Color, ksq: Square, occ: Bitboard) -> Bitboard {
    let them = us.flip();
    let diag = board.pieces(them, PieceKind::Bishop) | board.pieces(them, PieceKind::Queen);
    let orth = board.pieces(them, PieceKind::Rook) | board.pieces(them, PieceKind::Queen);
    let snipers = (bishop_attacks(ksq, 0) & diag) | (rook_attacks(ksq, 0) & orth);
    let ours = board.color_bb(us);
    let mut pinned = 0;
    for s in Squares(snipers) {
        let b = between(ksq, s) & occ;
        if b != 0 && !more_than_one(b) && b & ours != 0 {
            pinned |= b;
        }
    }
    pinned
}

/// Generates every legal move of the side to move into `sink` (with
/// `TACTICAL`, only captures and promotions unless in check). A board
/// without the mover's king (Chess-tranzit) has no checks or pins.
#[inline(always)]
pub fn generate<S: MoveSink, const TACTICAL: bool>(board: &Board, sink: &mut S) {
    let us = board.side_to_move();
    let them = us.flip();
    let occ = board.occupied();
    let ours = board.color_bb(us);
    let theirs = board.color_bb(them);
    if board.pieces(us, PieceKind::King) == 0 {
        let mask = if TACTICAL { theirs } else { !ours };
        generate_pieces(board, sink, None, 0, !0, mask, !TACTICAL);
        return;
    }
    let ksq = board.king_square(us);
    let checkers = board.attackers_to(ksq, occ) & theirs;

    // King steps: the king itself must not shield the square it retreats to.
    let occ_no_king = occ ^ ksq.bb();
    let quiet_too = !TACTICAL || checkers != 0;
    let king_filter = if quiet_too { !ours } else { theirs };
    let mut king_targets = 0;
    for t in Squares(king_attacks(ksq) & king_filter) {
        if !board.is_attacked(t, them, occ_no_king) {
            king_targets |= t.bb();
        }
    }
    sink.targets(ksq, king_targets);
    if more_than_one(checkers) {
        return;
    }

    let target_mask = if checkers != 0 {
        between(ksq, lsb(checkers)) | checkers
    } else {
        !0
    };
    let move_mask = target_mask & if quiet_too { !ours } else { theirs };
    let pinned = pinned_pieces(board, us, ksq, occ);
    generate_pieces(
        board,
        sink,
        Some(ksq),
        pinned,
        target_mask,
        move_mask,
        quiet_too,
    );

    if !TACTICAL && checkers == 0 && board.castling() != 0 {
        if board.is_chess960() {
            generate_castling_960(board, sink, occ);
        } else {
            generate_castling(board, sink, occ);
        }
    }
}

/// Moves of every piece but the king: `pinned` pieces stay on the line
/// through `ksq`; destinations within `move_mask` (pawn pushes within
/// `target_mask`, and only when `quiet_too`).
#[inline(always)]
fn generate_pieces<S: MoveSink>(
    board: &Board,
    sink: &mut S,
    ksq: Option<Square>,
    pinned: Bitboard,
    target_mask: Bitboard,
    move_mask: Bitboard,
    quiet_too: bool,
) {
    let us = board.side_to_move();
    let occ = board.occupied();
    let pin_line = |from: Square| match ksq {
        Some(k) if pinned & from.bb() != 0 => line(k, from),
        _ => !0,
    };
    for from in Squares(board.pieces(us, PieceKind::Knight) & !pinned) {
        sink.targets(from, knight_attacks(from) & move_mask);
    }
    let queens = board.pieces(us, PieceKind::Queen);
    for from in Squares(board.pieces(us, PieceKind::Bishop) | queens) {
        sink.targets(from, bishop_attacks(from, occ) & move_mask & pin_line(from));
    }
    for from in Squares(board.pieces(us, PieceKind::Rook) | queens) {
        sink.targets(from, rook_attacks(from, occ) & move_mask & pin_line(from));
    }
    generate_pawn_moves(board, sink, pinned, ksq, target_mask, quiet_too);
}

#[inline(always)]
fn generate_pawn_moves<S: MoveSink>(
    board: &Board,
    sink: &mut S,
    pinned: Bitboard,
    ksq: Option<Square>,
    target_mask: Bitboard,
    quiet_too: bool,
) {
    let us = board.side_to_move();
    let them = us.flip();
    let occ = board.occupied();
    let empty = !occ;
    let theirs = board.color_bb(them);
    let all_pawns = board.pieces(us, PieceKind::Pawn);
    let (up, left, right, third, last): (i8, i8, i8, Bitboard, Bitboard) = match us {
        Color::White => (8, 7, 9, RANK_3, RANK_8),
        Color::Black => (-8, -9, -7, RANK_6, RANK_1),
    };

    // Unpinned pawns, set-wise.
    let pawns = all_pawns & !pinned;
    let single = forward(pawns, us) & empty;
    let double = forward(single & third, us) & empty & target_mask;
    let single = single & target_mask;
    if quiet_too {
        sink.pawn_moves(single & !last, up);
        sink.pawn_moves(double, 2 * up);
    }
    sink.promotions(single & last, up);
    let capt = theirs & target_mask;
    let l = shift_by(pawns & !FILE_A, left) & capt;
    let r = shift_by(pawns & !FILE_H, right) & capt;
    sink.pawn_moves(l & !last, left);
    sink.promotions(l & last, left);
    sink.pawn_moves(r & !last, right);
    sink.promotions(r & last, right);

    // Pinned pawns, one by one, along their pin line.
    for from in Squares(all_pawns & pinned) {
        let pin = ksq.map_or(!0, |k| line(k, from)) & target_mask;
        let push = forward(from.bb(), us) & empty;
        let dbl = forward(push & third, us) & empty;
        let promo = from.bb() & forward(last, them) != 0;
        if promo {
            sink.promotions(push & pin, up);
        } else if quiet_too {
            sink.pawn_moves(push & pin, up);
            sink.pawn_moves(dbl & pin, 2 * up);
        }
        for to in Squares(pawn_attacks(from, us) & theirs & pin) {
            let delta = to.index() as i8 - from.index() as i8;
            if promo {
                sink.promotions(to.bb(), delta);
            } else {
                sink.pawn_moves(to.bb(), delta);
            }
        }
    }

    // En passant: test the discovered line along the rank (and any other) by
    // replaying the occupancy change.
    if let Some(ep) = board.ep_square() {
        let cap = ep.offset(-up);
        if target_mask & (ep.bb() | cap.bb()) != 0 {
            let diag = board.pieces(them, PieceKind::Bishop) | board.pieces(them, PieceKind::Queen);
            let orth = board.pieces(them, PieceKind::Rook) | board.pieces(them, PieceKind::Queen);
            for from in Squares(pawn_attacks(ep, them) & all_pawns) {
                let after = (occ ^ from.bb() ^ cap.bb()) | ep.bb();
                let safe = ksq.is_none_or(|k| {
                    bishop_attacks(k, after) & diag == 0 && rook_attacks(k, after) & orth == 0
                });
                if safe {
                    sink.single(Move::normal(from, ep));
                }
            }
        }
    }
}

#[inline(always)]
fn shift_by(b: Bitboard, delta: i8) -> Bitboard {
    if delta > 0 {
        b << delta
    } else {
        b >> -delta
    }
}

#[inline(always)]
fn generate_castling<S: MoveSink>(board: &Board, sink: &mut S, occ: Bitboard) {
    let us = board.side_to_move();
    let them = us.flip();
    let rights = board.castling();
    let (k, q, rank) = match us {
        Color::White => (castle::WHITE_KING, castle::WHITE_QUEEN, 0),
        Color::Black => (castle::BLACK_KING, castle::BLACK_QUEEN, 7),
    };

    let sq = |f: u8| Square::from_coords(f, rank);
    let king = sq(4);
    if rights & k != 0
        && occ & (sq(5).bb() | sq(6).bb()) == 0
        && !board.is_attacked(sq(5), them, occ)
        && !board.is_attacked(sq(6), them, occ)
    {
        sink.single(Move::normal(king, sq(6)));
    }
    if rights & q != 0
        && occ & (sq(1).bb() | sq(2).bb() | sq(3).bb()) == 0
        && !board.is_attacked(sq(3), them, occ)
        && !board.is_attacked(sq(2), them, occ)
    {
        sink.single(Move::normal(king, sq(2)));
    }
}

/// Chess960 castling (the king not in check): the king and the right's
/// rook end on the files of standard castling (g and f, or c and d); every
/// square either crosses, its destination included, is empty but for the
/// two of them; no square the king crosses or lands on is attacked with
/// both gone from their squares (a rook that shielded the king counts).
/// The move is the king taking its rook.
#[cold]
#[inline(never)]
fn generate_castling_960<S: MoveSink>(board: &Board, sink: &mut S, occ: Bitboard) {
    let us = board.side_to_move();
    let them = us.flip();
    let rights = board.castling();
    let king = board.king_square(us);
    let (first, rank) = match us {
        Color::White => (0, 0),
        Color::Black => (2, 7),
    };
    for i in first..first + 2 {
        if rights & castle::EACH[i] == 0 {
            continue;
        }
        let rook = board.castling_rook(i);
        let (kf, rf) = if i % 2 == 0 { (6, 5) } else { (2, 3) };
        let (kto, rto) = (Square::from_coords(kf, rank), Square::from_coords(rf, rank));
        let others = occ ^ king.bb() ^ rook.bb();
        let king_path = between(king, kto) | kto.bb();
        let rook_path = between(rook, rto) | rto.bb();
        if (king_path | rook_path) & others != 0 {
            continue;
        }
        // The king's own square counts when it stays: the rook may have
        // shielded it.
        if Squares(king_path).any(|s| board.is_attacked(s, them, others)) {
            continue;
        }
        sink.single(Move::normal(king, rook));
    }
}
