//! The Chess-tranzit state: two 8x8 boards (each a [`Board`] kept on the
//! global side to move; board II never has castling rights), the result of
//! each board, who has transferred from board I to board II (T14), and the
//! counter of the 100-action rule (T15).

use super::action::Action;
use crate::attacks::*;
use crate::bitboard::{Bitboard, Squares};
use crate::board::Board;
use crate::counter::{self, Counter};
use crate::movegen::{generate, MoveSink, PROMOTION_KINDS};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist::KEYS;
use arrayvec::ArrayVec;

/// Room for every legal action (two boards' moves plus transfers).
pub const MAX_ACTIONS: usize = 512;

/// A list of actions.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// The result of one board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum BoardResult {
    /// Play goes on.
    Live,
    /// Won by this colour.
    Won(Color),
    /// Drawn.
    Drawn,
}

impl BoardResult {
    /// True for a decided (dead) board.
    #[inline(always)]
    pub fn decided(self) -> bool {
        self != BoardResult::Live
    }

    fn code(self) -> usize {
        match self {
            BoardResult::Live => 0,
            BoardResult::Won(Color::White) => 1,
            BoardResult::Won(Color::Black) => 2,
            BoardResult::Drawn => 3,
        }
    }
}

/// The whole game state (copy-make).
///
/// Aligned to a cache line: every transfer's legality test copies the
/// state, and unaligned, the speed of that copy depended on where the stack
/// happened to lie (perft 5 of the start position took 0.75 s or 0.90 s of
/// CPU from one build to another; aligned, 0.75 s).
#[derive(Copy, Clone, PartialEq, Eq)]
#[repr(align(64))]
pub struct TranzitState {
    /// Board I and board II.
    pub boards: [Board; 2],
    /// Their results.
    pub results: [BoardResult; 2],
    /// Per colour: has made a transfer from board I to board II.
    pub transferred: [bool; 2],
    /// Actions since the last capture, pawn move or transfer (T15).
    pub quiet: Counter,
    /// Actions since the last capture or pawn move: no earlier position can
    /// repeat (transfers can be undone, so they do not end this stretch).
    pub reversible: Counter,
    /// The full-move number.
    pub fullmove: Counter,
}

/// Adapts the 8x8 generator's sink to actions on one board.
struct OnBoard<'a, const N: usize> {
    board: usize,
    out: &'a mut ArrayVec<Action, N>,
}

impl<const N: usize> MoveSink for OnBoard<'_, N> {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in Squares(targets) {
            self.out.push(Action::board_move(
                self.board,
                crate::Move::normal(from, to),
            ));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8) {
        for to in Squares(targets) {
            self.out.push(Action::board_move(
                self.board,
                crate::Move::normal(to.offset(-delta), to),
            ));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8) {
        for to in Squares(targets) {
            for k in PROMOTION_KINDS {
                self.out.push(Action::board_move(
                    self.board,
                    crate::Move::new(to.offset(-delta), to, Some(k)),
                ));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, m: crate::Move) {
        self.out.push(Action::board_move(self.board, m));
    }
}

impl TranzitState {
    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.boards[0].side_to_move()
    }

    /// The board `color`'s king stands on.
    #[inline(always)]
    pub fn king_board(&self, color: Color) -> usize {
        if self.boards[0].pieces(color, PieceKind::King) != 0 {
            0
        } else {
            1
        }
    }

    /// True when both boards are decided.
    pub fn game_over(&self) -> bool {
        self.results[0].decided() && self.results[1].decided()
    }

    /// True when the side to move is in check on a live board (a king waiting
    /// on a dead board for its forced transfer is not in check, T13).
    pub fn in_check(&self) -> bool {
        let kb = self.king_board(self.side_to_move());
        !self.results[kb].decided() && self.boards[kb].in_check()
    }

    /// T13: the side to move's king stands on a decided board and must
    /// transfer now.
    pub fn forced_transfer_pending(&self) -> bool {
        let kb = self.king_board(self.side_to_move());
        self.results[kb].decided() && !self.game_over()
    }

    /// The key of the position as T10 compares positions: both boards (side
    /// to move, castling, legal en passant included) and the board results;
    /// pending forced transfers follow from these. The transfer flags are not
    /// part of it (the fine point's list).
    pub fn position_key(&self) -> u64 {
        let h = self.boards[0].hash() ^ self.boards[1].hash().rotate_left(29);
        h ^ KEYS.extra[self.results[0].code()] ^ KEYS.extra[4 + self.results[1].code()]
    }

    /// The Zobrist key for the search: the position key and the transfer
    /// flags (they change the score, T14).
    pub fn hash(&self) -> u64 {
        let mut h = self.position_key();
        for c in Color::ALL {
            if self.transferred[c.index()] {
                h ^= KEYS.extra[8 + c.index()];
            }
        }
        h
    }

    /// Whether a transfer of the piece on `sq` of board `from` is legal: T6's
    /// three refusals, T7 (no own king left in check), T12 (nothing onto a
    /// dead board).
    fn transfer_legal(&self, from: usize, sq: Square, piece: Piece) -> bool {
        let to = 1 - from;
        if self.results[to].decided() || self.boards[to].piece_at(sq).is_some() {
            return false;
        }
        let us = piece.color;
        let them = us.flip();
        let mut after = *self;
        after.boards[from].remove_piece(sq);
        after.boards[to].put_piece(sq, piece);
        let dest = &after.boards[to];
        // The transferred piece may not give check on the destination board.
        let their_king = dest.pieces(them, PieceKind::King);
        if their_king != 0 && piece_attacks(piece, sq, dest.occupied()) & their_king != 0 {
            return false;
        }
        // The own king must not stand attacked afterwards (a king transferred
        // onto an attacked square included).
        let kb = after.king_board(us);
        let b = &after.boards[kb];
        !b.is_attacked(b.king_square(us), them, b.occupied())
    }

    /// Appends every legal action of the side to move.
    pub fn generate<const N: usize>(&self, out: &mut ArrayVec<Action, N>) {
        if self.game_over() {
            return;
        }
        let us = self.side_to_move();
        if self.forced_transfer_pending() {
            let kb = self.king_board(us);
            let k = self.boards[kb].king_square(us);
            if self.transfer_legal(kb, k, Piece::new(us, PieceKind::King)) {
                out.push(Action::transfer(kb, k));
            }
            return;
        }
        // In check, only moves on the king's board can end it (T7); a move on
        // the other board never does.
        let king_board = self.king_board(us);
        let in_check = self.in_check();
        for b in 0..2 {
            if !self.results[b].decided() && (!in_check || b == king_board) {
                generate::<_, false>(&self.boards[b], &mut OnBoard { board: b, out });
            }
        }
        for from in 0..2 {
            if self.results[1 - from].decided() {
                continue;
            }
            let board = &self.boards[from];
            for sq in Squares(board.color_bb(us) & !self.boards[1 - from].occupied()) {
                let piece = board.piece_at(sq).expect("an own piece");
                if self.transfer_legal(from, sq, piece) {
                    out.push(Action::transfer(from, sq));
                }
            }
        }
    }

    /// Whether the side to move has any legal action (T9's test), cheaply:
    /// board moves are counted in bulk before transfers are tried.
    pub fn has_action(&self) -> bool {
        if self.game_over() {
            return false;
        }
        let us = self.side_to_move();
        if !self.forced_transfer_pending() {
            let king_board = self.king_board(us);
            let in_check = self.in_check();
            for b in 0..2 {
                if !self.results[b].decided()
                    && (!in_check || b == king_board)
                    && self.board_moves(b) > 0
                {
                    return true;
                }
            }
        }
        let mut list = ActionList::new();
        self.generate(&mut list);
        !list.is_empty()
    }

    /// The number of legal non-transfer moves on `board` (T8's test).
    pub fn board_moves(&self, board: usize) -> u64 {
        crate::movegen::count_legal_moves(&self.boards[board])
    }

    /// Plays a legal action (results are judged by the caller).
    pub fn make(&mut self, a: Action) {
        let us = self.side_to_move();
        let moved_on = a.as_board_move();
        let resets = match moved_on {
            Some((b, m)) => {
                let board = &self.boards[b];
                let pawn = board.kind_at(m.from()) == Some(PieceKind::Pawn);
                let capture = board.piece_at(m.to()).is_some();
                self.boards[b].make_move(m);
                pawn || capture
            }
            None => {
                let (from, sq) = (a.from().board, a.from().square);
                let piece = self.boards[from].remove_piece(sq);
                self.boards[1 - from].put_piece(sq, piece);
                if from == 0 {
                    self.boards[0].clear_castling_from(sq);
                    self.transferred[us.index()] = true;
                }
                true
            }
        };
        // Both boards pass to the other side; an en passant chance lasts one
        // action and only on the board of the double step.
        for b in 0..2 {
            if moved_on.map(|(mb, _)| mb) != Some(b) {
                self.boards[b].set_ep_square(None);
            }
            self.boards[b].set_side_to_move(us.flip());
        }
        self.quiet = counter::tick(self.quiet, resets);
        self.reversible = counter::tick(self.reversible, moved_on.is_some() && resets);
        self.fullmove = counter::fullmove_after(self.fullmove, us);
    }
}

/// The squares a piece on `sq` attacks with `occ` occupied.
#[inline(always)]
pub fn piece_attacks(piece: Piece, sq: Square, occ: Bitboard) -> Bitboard {
    match piece.kind {
        PieceKind::Pawn => pawn_attacks(sq, piece.color),
        PieceKind::Knight => knight_attacks(sq),
        PieceKind::Bishop => bishop_attacks(sq, occ),
        PieceKind::Rook => rook_attacks(sq, occ),
        PieceKind::Queen => queen_attacks(sq, occ),
        PieceKind::King => king_attacks(sq),
    }
}
