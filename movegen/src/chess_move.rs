//! The 8x8 move: two bytes, `Option<Move>` the same size.

use crate::move_code::{write_coordinates, MoveCode};
use crate::types::{PieceKind, Square};
use std::fmt;
use std::num::NonZeroU16;

/// A move on an 8x8 board: from-square, to-square and an optional promotion
/// kind. Castling is the king's two-square move, en passant the pawn's diagonal
/// move; make/unmake recognise both from the board, so no flags are stored.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 2);

/// Squares of 6 bits; the promotion in bits 12–14.
type Code = MoveCode<6>;

impl Move {
    /// A move from `from` to `to`, promoting to `promo` if given.
    #[inline(always)]
    pub fn new(from: Square, to: Square, promo: Option<PieceKind>) -> Move {
        debug_assert!(from != to);
        let raw = Code::pack(from.index(), to.index(), promo) as u16;
        // `from != to`, so `raw` is never zero.
        Move(NonZeroU16::new(raw).expect("a move joins two different squares"))
    }

    /// A move without promotion.
    #[inline(always)]
    pub fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, None)
    }

    /// The square the piece leaves.
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new(Code::from(self.0.get().into()) as u8)
    }

    /// The square the piece goes to.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new(Code::to(self.0.get().into()) as u8)
    }

    /// The promotion kind, if the move promotes.
    #[inline(always)]
    pub fn promotion(self) -> Option<PieceKind> {
        Code::promotion(self.0.get().into())
    }

    /// The raw 16-bit encoding (for hash tables).
    #[inline(always)]
    pub fn raw(self) -> u16 {
        self.0.get()
    }

    /// The move with the given raw encoding, if it is a valid one.
    pub fn from_raw(raw: u16) -> Option<Move> {
        let m = Move(NonZeroU16::new(raw)?);
        (m.from() != m.to() && raw >> Code::EXTRA_SHIFT <= 4).then_some(m)
    }
}

impl fmt::Display for Move {
    /// Coordinate notation: `e2e4`, `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_coordinates(f, self.from(), self.to(), self.promotion())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
