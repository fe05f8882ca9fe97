//! A Chess-tranzit action: a move on board I or II, or a transfer to the same
//! square of the other board. Squares are on the 16x8 grid of the rules (T2):
//! files `a`–`h` board I, `i`–`p` board II.

use crate::chess_move::Move;
use crate::move_code::{write_coordinates, MoveCode};
use crate::types::{PieceKind, Square};
use std::fmt;
use std::num::NonZeroU32;

/// A square of the 16x8 grid: a board (0 = I, 1 = II) and an 8x8 square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GridSquare {
    /// 0 for board I, 1 for board II.
    pub board: usize,
    /// The square on that board.
    pub square: Square,
}

impl GridSquare {
    /// Index 0..128.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.board * 64 + self.square.index()
    }

    /// The square with index 0..128.
    #[inline(always)]
    pub fn from_index(i: usize) -> GridSquare {
        GridSquare {
            board: i / 64,
            square: Square::new((i % 64) as u8),
        }
    }

    /// Parses `e4` (board I) or `m4` (board II).
    pub fn parse(s: &str) -> Option<GridSquare> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'p').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        let file = b[0] - b'a';
        Some(GridSquare {
            board: (file / 8) as usize,
            square: Square::from_coords(file % 8, b[1] - b'1'),
        })
    }
}

impl fmt::Display for GridSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.board as u8 * 8 + self.square.file()) as char;
        write!(f, "{file}{}", self.square.rank() + 1)
    }
}

/// One action, four bytes.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Action(NonZeroU32);

const _: () = assert!(std::mem::size_of::<Option<Action>>() == 4);

/// Squares of 7 bits (the 16x8 grid); the promotion in bits 14–16.
type Code = MoveCode<7>;

impl Action {
    fn pack(from: GridSquare, to: GridSquare, promo: Option<PieceKind>) -> Action {
        let raw = Code::pack(from.index(), to.index(), promo);
        Action(NonZeroU32::new(raw).expect("from and to differ"))
    }

    /// A move on `board`.
    #[inline(always)]
    pub fn board_move(board: usize, m: Move) -> Action {
        Action::pack(
            GridSquare {
                board,
                square: m.from(),
            },
            GridSquare {
                board,
                square: m.to(),
            },
            m.promotion(),
        )
    }

    /// A transfer from `sq` on board `from_board` to the same square of the
    /// other board.
    #[inline(always)]
    pub fn transfer(from_board: usize, sq: Square) -> Action {
        Action::pack(
            GridSquare {
                board: from_board,
                square: sq,
            },
            GridSquare {
                board: 1 - from_board,
                square: sq,
            },
            None,
        )
    }

    /// The departure square.
    #[inline(always)]
    pub fn from(self) -> GridSquare {
        GridSquare::from_index(Code::from(self.0.get()))
    }

    /// The destination square.
    #[inline(always)]
    pub fn to(self) -> GridSquare {
        GridSquare::from_index(Code::to(self.0.get()))
    }

    /// True for a transfer between the boards.
    #[inline(always)]
    pub fn is_transfer(self) -> bool {
        self.from().board != self.to().board
    }

    /// The board move and its board, unless this is a transfer.
    #[inline(always)]
    pub fn as_board_move(self) -> Option<(usize, Move)> {
        let (f, t) = (self.from(), self.to());
        if f.board != t.board {
            return None;
        }
        let promo = Code::promotion(self.0.get());
        Some((f.board, Move::new(f.square, t.square, promo)))
    }

    /// The raw encoding (below 2^17).
    #[inline(always)]
    pub fn raw(self) -> u32 {
        self.0.get()
    }
}

impl fmt::Display for Action {
    /// `e2e4`, `m7m8q`, transfers `e1m1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let promo = self.as_board_move().and_then(|(_, m)| m.promotion());
        write_coordinates(f, self.from(), self.to(), promo)
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
