//! The header of a position: what a FEN says after the placement (side to
//! move, castling rights, en passant square, half-move clock, full-move
//! number), with the Zobrist bookkeeping of the first three. The chess board
//! and the tavreli board each keep one; the helpers here are the one copy of
//! how these fields change when a move is made.

use crate::counter::{self, Counter};
use crate::types::{Color, Square};
use crate::zobrist::KEYS;

/// "No en passant square".
const NO_SQUARE: u8 = 64;

/// Side to move, castling rights ([`crate::board::castle`] bits), en passant
/// square and the two move counters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Header {
    side: Color,
    castling: u8,
    ep: u8,
    halfmove: Counter,
    fullmove: Counter,
}

impl Default for Header {
    fn default() -> Self {
        Header::new()
    }
}

impl Header {
    /// White to move, no rights, no en passant square, move 1.
    pub const fn new() -> Header {
        Header {
            side: Color::White,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The castling rights ([`crate::board::castle`] bits).
    #[inline(always)]
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The en passant square.
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        (self.ep != NO_SQUARE).then(|| Square::new(self.ep))
    }

    /// Plies since the last move that reset the clock.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> Counter {
        self.halfmove
    }

    /// The full-move number (starts at 1, grows after Black's move).
    #[inline(always)]
    pub fn fullmove_number(&self) -> Counter {
        self.fullmove
    }

    /// The part of the Zobrist key the header gives: castling rights, en
    /// passant file, Black to move.
    pub fn key(&self) -> u64 {
        let mut h = KEYS.castling[self.castling as usize];
        if let Some(ep) = self.ep_square() {
            h ^= KEYS.ep_file[ep.file() as usize];
        }
        if self.side == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    /// Sets the side to move, updating `hash`.
    #[inline(always)]
    pub(crate) fn set_side(&mut self, side: Color, hash: &mut u64) {
        if side != self.side {
            *hash ^= KEYS.black_to_move;
            self.side = side;
        }
    }

    /// Sets the castling rights, updating `hash`.
    #[inline(always)]
    pub(crate) fn set_castling(&mut self, rights: u8, hash: &mut u64) {
        *hash ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
    }

    /// Keeps only the castling rights in `mask`, updating `hash`; true when a
    /// right was lost.
    #[inline(always)]
    pub(crate) fn keep_castling(&mut self, mask: u8, hash: &mut u64) -> bool {
        let rights = self.castling & mask;
        let lost = rights != self.castling;
        if lost {
            self.set_castling(rights, hash);
        }
        lost
    }

    /// Clears the en passant square, updating `hash`; returns the square it
    /// held.
    #[inline(always)]
    pub(crate) fn clear_ep(&mut self, hash: &mut u64) -> Option<Square> {
        let old = self.ep_square();
        if self.ep != NO_SQUARE {
            *hash ^= KEYS.ep_file[(self.ep & 7) as usize];
            self.ep = NO_SQUARE;
        }
        old
    }

    /// Sets the en passant square to `sq` (none is set), updating `hash`.
    #[inline(always)]
    pub(crate) fn place_ep(&mut self, sq: Square, hash: &mut u64) {
        debug_assert!(self.ep == NO_SQUARE);
        self.ep = sq.index() as u8;
        *hash ^= KEYS.ep_file[sq.file() as usize];
    }

    /// Sets the half-move clock and full-move number.
    pub(crate) fn set_counters(&mut self, halfmove: Counter, fullmove: Counter) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Advances the half-move clock by one ply, or resets it to 0 when the
    /// move was one that resets it.
    #[inline(always)]
    pub(crate) fn tick_halfmove(&mut self, reset: bool) {
        self.halfmove = counter::tick(self.halfmove, reset);
    }

    /// Hands the move to the other side, updating `hash`; the full-move
    /// number grows after Black's move.
    #[inline(always)]
    pub(crate) fn pass_turn(&mut self, hash: &mut u64) {
        let us = self.side;
        *hash ^= KEYS.black_to_move;
        self.side = us.flip();
        self.fullmove = counter::fullmove_after(self.fullmove, us);
    }

    /// A null move's change: no en passant square, the other side to move,
    /// one more ply on the half-move clock (the full-move number stays).
    #[inline(always)]
    pub(crate) fn pass_null(&mut self, hash: &mut u64) {
        self.clear_ep(hash);
        self.set_side(self.side.flip(), hash);
        self.tick_halfmove(false);
    }
}

/// The header accessors of a board type with a `header: Header` and a
/// `hash: u64` field: the readers of the five fields and the setters FEN
/// loading uses (each setter keeps `hash` up to date).
macro_rules! header_accessors {
    () => {
        /// The side to move.
        #[inline(always)]
        pub fn side_to_move(&self) -> $crate::types::Color {
            self.header.side_to_move()
        }

        /// The castling rights (see [`crate::board::castle`]).
        #[inline(always)]
        pub fn castling(&self) -> u8 {
            self.header.castling()
        }

        /// The en passant target square, set only when an en passant capture
        /// is legal.
        #[inline(always)]
        pub fn ep_square(&self) -> Option<$crate::types::Square> {
            self.header.ep_square()
        }

        /// Plies since the last move that reset the clock: a capture or a
        /// pawn move (in tavreli a pawn move or a move onto an occupied
        /// square, R10).
        #[inline(always)]
        pub fn halfmove_clock(&self) -> $crate::counter::Counter {
            self.header.halfmove_clock()
        }

        /// The full-move number (starts at 1, grows after Black's move).
        #[inline(always)]
        pub fn fullmove_number(&self) -> $crate::counter::Counter {
            self.header.fullmove_number()
        }

        /// The header: side to move, castling, en passant, counters.
        #[inline(always)]
        pub fn header(&self) -> &$crate::header::Header {
            &self.header
        }

        /// Sets the side to move, updating the key.
        pub fn set_side_to_move(&mut self, side: $crate::types::Color) {
            self.header.set_side(side, &mut self.hash);
        }

        /// Sets the castling rights, updating the key.
        pub fn set_castling(&mut self, rights: u8) {
            self.header.set_castling(rights, &mut self.hash);
        }

        /// The header and the Zobrist key its changes update.
        pub(crate) fn header_and_key(&mut self) -> (&mut $crate::header::Header, &mut u64) {
            (&mut self.header, &mut self.hash)
        }

        /// Sets the half-move clock and full-move number.
        pub fn set_counters(
            &mut self,
            halfmove: $crate::counter::Counter,
            fullmove: $crate::counter::Counter,
        ) {
            self.header.set_counters(halfmove, fullmove);
        }
    };
}

pub(crate) use header_accessors;
