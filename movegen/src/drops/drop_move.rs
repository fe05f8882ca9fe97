//! A move of drop chess: a board move, or a drop of a reserve piece. Two
//! bytes: the 8x8 move encoding, with bit 15 marking a drop (kind in bits
//! 12–14, destination in bits 6–11).

use crate::chess_move::Move;
use crate::types::{PieceKind, Square};
use std::fmt;
use std::num::NonZeroU16;

/// A board move or a drop.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct DropMove(NonZeroU16);

const DROP_FLAG: u16 = 1 << 15;

const _: () = assert!(std::mem::size_of::<Option<DropMove>>() == 2);

impl DropMove {
    /// A board move.
    #[inline(always)]
    pub fn board(m: Move) -> DropMove {
        DropMove(NonZeroU16::new(m.raw()).expect("moves are non-zero"))
    }

    /// A drop of `kind` (pawn to queen) on `to`.
    #[inline(always)]
    pub fn drop(kind: PieceKind, to: Square) -> DropMove {
        debug_assert!(kind != PieceKind::King);
        let raw = DROP_FLAG | (kind.index() as u16) << 12 | (to.index() as u16) << 6;
        DropMove(NonZeroU16::new(raw).expect("the drop flag is set"))
    }

    /// The board move, if this is not a drop.
    #[inline(always)]
    pub fn as_board_move(self) -> Option<Move> {
        if self.0.get() & DROP_FLAG == 0 {
            Move::from_raw(self.0.get())
        } else {
            None
        }
    }

    /// The dropped kind and square, if this is a drop.
    #[inline(always)]
    pub fn as_drop(self) -> Option<(PieceKind, Square)> {
        let r = self.0.get();
        (r & DROP_FLAG != 0).then(|| {
            (
                PieceKind::from_index(((r >> 12) & 7) as usize),
                Square::new(((r >> 6) & 63) as u8),
            )
        })
    }

    /// The destination square.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new(((self.0.get() >> 6) & 63) as u8)
    }

    /// The raw encoding (below 2^16).
    #[inline(always)]
    pub fn raw(self) -> u16 {
        self.0.get()
    }
}

impl fmt::Display for DropMove {
    /// `e2e4`, `e7e8q`, drops `N@f3` (upper-case letter for both colours).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_drop() {
            Some((kind, to)) => write!(f, "{}@{}", kind.upper_char(), to),
            None => write!(f, "{}", self.as_board_move().expect("a board move")),
        }
    }
}

impl fmt::Debug for DropMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
