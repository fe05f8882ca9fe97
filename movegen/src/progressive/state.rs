//! The state of a progressive-chess game between two single moves: the 8x8
//! board, the series number and how far it has got, the en passant targets
//! (several at once, I2), the English round set (E2, E3) and the counter of
//! the draw rule in force. Copy-make, like the chess board.

use super::check::{castling_rook, gives_check, is_en_passant};
use super::rules::{SeriesRules, PLY_DRAW_LIMIT, SERIES_DRAW_LIMIT};
use crate::attacks::pawn_attacks;
use crate::bitboard::{forward, Bitboard, Squares};
use crate::board::Board;
use crate::chess_move::Move;
use crate::counter::{self, Counter};
use crate::movegen::{generate, MoveList};
use crate::types::{Color, PieceKind, Square};
use arrayvec::ArrayVec;

/// One position of a progressive game.
///
/// The board's side to move is the side playing the current series; the
/// board's own en passant square is always empty (en passant lives in
/// [`SeriesState::ep`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SeriesState {
    /// Pieces, side to move (the mover of series `series`), castling rights.
    pub board: Board,
    /// The current series number n: it has n moves; White plays odd ones.
    pub series: u32,
    /// Moves already played in series n (0 at a series start).
    pub played: u32,
    /// En passant targets. At a series start (`played == 0`): the squares the
    /// mover may capture on with the first move (only those a pawn legally
    /// can). In mid-series: the squares the mover's own double steps of this
    /// series have passed, whose pawn has not moved again and has an enemy
    /// pawn beside it (they become the opponent's targets at the series end
    /// if still takeable then).
    pub ep: Bitboard,
    /// English: squares of the mover's pieces that moved in the current
    /// round (always a superset of `frozen`).
    pub moved: Bitboard,
    /// English: squares of pieces promoted in this series (immobile until it ends).
    pub frozen: Bitboard,
    /// Italian/Scottish (I3): series that had a move since the last pawn move
    /// or capture, the current one included once it has a move. English uses
    /// the board's half-move clock (E5) instead.
    pub counter: Counter,
}

#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const KEY_EP: u64 = 0x5EED_0E9A_55A0_0001;
const KEY_ROUND: u64 = 0x5EED_0E9A_55A0_0002;
const KEY_FROZEN: u64 = 0x5EED_0E9A_55A0_0003;
const KEY_SERIES: u64 = 0x5EED_0E9A_55A0_0004;

/// Which way a side's pawns advance, as a square-index step.
#[inline(always)]
pub(crate) fn up(c: Color) -> i8 {
    if c == Color::White {
        8
    } else {
        -8
    }
}

impl SeriesState {
    /// A state from its parts (no validation; see the FEN parser).
    pub fn new(board: Board, series: u32, played: u32) -> SeriesState {
        SeriesState {
            board,
            series,
            played,
            ep: 0,
            moved: 0,
            frozen: 0,
            counter: 0,
        }
    }

    /// The side playing the current series.
    #[inline(always)]
    pub fn mover(&self) -> Color {
        self.board.side_to_move()
    }

    /// Moves left in the current series (at least 1).
    #[inline(always)]
    pub fn moves_left(&self) -> u32 {
        self.series - self.played
    }

    /// True when the next move is the last of the series.
    #[inline(always)]
    pub fn is_last_move(&self) -> bool {
        self.played + 1 == self.series
    }

    /// True at the start of a series.
    #[inline(always)]
    pub fn at_series_start(&self) -> bool {
        self.played == 0
    }

    /// The key of everything the rules look at, series number and moves
    /// played included (a position with a given number of moves left).
    #[inline]
    pub fn hash(&self) -> u64 {
        let mut h =
            self.board.hash() ^ mix(((self.series as u64) << 32 | self.played as u64) ^ KEY_SERIES);
        if self.ep != 0 {
            h ^= mix(self.ep ^ KEY_EP);
        }
        if self.moved != 0 {
            h ^= mix(self.moved ^ KEY_ROUND);
        }
        if self.frozen != 0 {
            h ^= mix(self.frozen ^ KEY_FROZEN);
        }
        h
    }

    /// The key compared for repetition (P5): placement, side, castling and
    /// en passant targets, without the series number.
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        let mut h = self.board.hash();
        if self.ep != 0 {
            h ^= mix(self.ep ^ KEY_EP);
        }
        h
    }

    /// The counter of the draw rule in force: series (I3) or single moves (E5).
    pub fn draw_counter<R: SeriesRules>(&self) -> Counter {
        if R::DRAW_BY_SERIES {
            self.counter
        } else {
            self.board.halfmove_clock()
        }
    }

    /// True when the draw rule in force (I3 or E5) ends the game here.
    pub fn draw_rule_reached<R: SeriesRules>(&self) -> bool {
        if R::DRAW_BY_SERIES {
            self.played == 0 && self.counter >= SERIES_DRAW_LIMIT
        } else {
            self.board.halfmove_clock() >= PLY_DRAW_LIMIT
        }
    }

    // ---- generation --------------------------------------------------------

    /// The legal en passant captures onto `t` for the side to move at a
    /// series start (king safety checked, and under I1 no check unless the
    /// series has one move).
    pub fn ep_captures<R: SeriesRules>(&self, t: Square) -> ArrayVec<Move, 2> {
        let b = &self.board;
        let us = b.side_to_move();
        let them = us.flip();
        let cap = t.offset(-up(us));
        let mut out = ArrayVec::new();
        if b.piece_at(t).is_some()
            || b.piece_at(cap) != Some(crate::Piece::new(them, PieceKind::Pawn))
        {
            return out;
        }
        let ksq = b.king_square(us);
        let theirs = b.color_bb(them) & !cap.bb();
        let occ = b.occupied();
        for from in Squares(pawn_attacks(t, them) & b.pieces(us, PieceKind::Pawn)) {
            let after = (occ ^ from.bb() ^ cap.bb()) | t.bb();
            if b.attackers_to(ksq, after) & theirs != 0 {
                continue;
            }
            let m = Move::normal(from, t);
            if R::CHECK_ONLY_LAST && !self.is_last_move() && gives_check(b, m) {
                continue;
            }
            out.push(m);
        }
        out
    }

    /// Every legal move under the set except the English round order: chess
    /// moves, en passant at a series start, I1's filter.
    #[inline]
    pub fn generate_unordered<R: SeriesRules>(&self, out: &mut MoveList) {
        generate::<_, false>(&self.board, out);
        if R::EN_PASSANT && self.played == 0 && self.ep != 0 {
            for t in Squares(self.ep) {
                for m in self.ep_captures::<R>(t) {
                    out.push(m);
                }
            }
        }
        if R::CHECK_ONLY_LAST && !self.is_last_move() {
            let b = &self.board;
            out.retain(|m| !gives_check(b, *m));
        }
    }

    /// E2/E3: may `m` be played in the current round? (The piece has not
    /// moved in it; castling also needs the rook unmoved.)
    #[inline(always)]
    pub fn round_allows(&self, m: Move) -> bool {
        if self.moved & m.from().bb() != 0 {
            return false;
        }
        match castling_rook(&self.board, m) {
            Some((rf, _)) => self.moved & rf.bb() == 0,
            None => true,
        }
    }

    /// Appends every legal move of the side to move under the rules `R`.
    #[inline]
    pub fn generate<R: SeriesRules>(&self, out: &mut MoveList) {
        self.generate_unordered::<R>(out);
        if R::ROUNDS && self.moved != 0 {
            out.retain(|m| self.round_allows(*m));
        }
    }

    /// The legal moves under `R`.
    pub fn legal_moves<R: SeriesRules>(&self) -> MoveList {
        let mut l = MoveList::new();
        self.generate::<R>(&mut l);
        l
    }

    /// True when the side to move has a legal move under `R`.
    pub fn has_legal_move<R: SeriesRules>(&self) -> bool {
        let mut l = MoveList::new();
        self.generate::<R>(&mut l);
        !l.is_empty()
    }

    /// English: whether a piece that has not moved in the round has a legal move.
    fn has_round_move<R: SeriesRules>(&self) -> bool {
        let mut l = MoveList::new();
        self.generate_unordered::<R>(&mut l);
        l.iter().any(|m| self.round_allows(*m))
    }

    /// English: starts a new round when no piece that has not moved in the
    /// current one has a legal move (E2).
    pub fn normalise_round<R: SeriesRules>(&mut self) {
        if R::ROUNDS && self.moved != self.frozen && !self.has_round_move::<R>() {
            self.moved = self.frozen;
        }
    }

    /// The targets of `targets` (passed squares of the mover's double steps,
    /// mover = `us`) that an enemy pawn stands beside.
    #[inline(always)]
    fn targets_with_capturer(&self, targets: Bitboard, us: Color) -> Bitboard {
        let theirs = self.board.pieces(us.flip(), PieceKind::Pawn);
        let mut keep = 0;
        for t in Squares(targets) {
            if pawn_attacks(t, us) & theirs != 0 {
                keep |= t.bb();
            }
        }
        keep
    }

    // ---- make ----------------------------------------------------------------

    /// Plays a legal move; returns true when it ended the series.
    #[inline]
    pub fn make<R: SeriesRules>(&mut self, m: Move) -> bool {
        let us = self.board.side_to_move();
        let them = us.flip();
        let (from, to) = (m.from(), m.to());
        let kind = self
            .board
            .kind_at(from)
            .expect("a piece on the from-square");
        let ep_capture = R::EN_PASSANT && is_en_passant(&self.board, m);
        let capture = ep_capture || self.board.piece_at(to).is_some();
        let checks = R::CHECK_ENDS_SERIES && gives_check(&self.board, m);
        let rook = if R::ROUNDS {
            castling_rook(&self.board, m)
        } else {
            None
        };
        if ep_capture {
            // Let the board remove the captured pawn: its en passant square is
            // set only for this move (and its key comes out again in make_move).
            self.board.set_ep_square(Some(to));
            debug_assert_eq!(self.board.ep_square(), Some(to));
        }
        self.board.make_move(m);
        if self.board.ep_square().is_some() {
            self.board.set_ep_square(None);
        }
        if R::EN_PASSANT {
            if self.played == 0 {
                self.ep = 0;
            }
            if kind == PieceKind::Pawn {
                // A pawn that moves again loses the target it created.
                self.ep &= !forward(from.bb(), them);
                if from.index().abs_diff(to.index()) == 16 {
                    self.ep |= forward(from.bb(), us);
                }
            }
            if self.ep != 0 {
                self.ep = self.targets_with_capturer(self.ep, us);
            }
        }
        if R::ROUNDS {
            self.moved = (self.moved & !from.bb()) | to.bb();
            if let Some((rf, rt)) = rook {
                self.moved = (self.moved & !rf.bb()) | rt.bb();
            }
            if m.promotion().is_some() {
                self.frozen |= to.bb();
            }
        }
        if R::DRAW_BY_SERIES {
            if self.played == 0 {
                self.counter = counter::next(self.counter);
            }
            if kind == PieceKind::Pawn || capture {
                self.counter = 0;
            }
        }
        self.played += 1;
        if checks || self.played == self.series {
            self.series += 1;
            self.played = 0;
            self.moved = 0;
            self.frozen = 0;
            if R::EN_PASSANT && self.ep != 0 {
                let mut keep = 0;
                for t in Squares(self.ep) {
                    if !self.ep_captures::<R>(t).is_empty() {
                        keep |= t.bb();
                    }
                }
                self.ep = keep;
            }
            true
        } else {
            self.board.set_side_to_move(us);
            if R::ROUNDS {
                self.normalise_round::<R>();
            }
            false
        }
    }

    /// Ends the current series without a move (the search's null move; not
    /// a legal action in the game).
    pub fn pass_series(&mut self) {
        let us = self.board.side_to_move();
        self.board.set_side_to_move(us.flip());
        self.series += 1;
        self.played = 0;
        self.moved = 0;
        self.frozen = 0;
        self.ep = 0;
    }

    /// Sets the en passant targets given in a FEN (validated there).
    pub(crate) fn set_ep(&mut self, targets: Bitboard) {
        self.ep = targets;
    }
}
