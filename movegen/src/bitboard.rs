//! Bitboard helpers: a bitboard is a `u64`, bit `i` standing for square `i` (a1 = 0).

use crate::types::{Color, Square};

/// A set of squares, one bit per square (a1 = bit 0, h8 = bit 63).
pub type Bitboard = u64;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << 7;
/// The first rank.
pub const RANK_1: Bitboard = 0xFF;
/// The second rank.
pub const RANK_2: Bitboard = RANK_1 << 8;
/// The third rank.
pub const RANK_3: Bitboard = RANK_1 << 16;
/// The sixth rank.
pub const RANK_6: Bitboard = RANK_1 << 40;
/// The seventh rank.
pub const RANK_7: Bitboard = RANK_1 << 48;
/// The eighth rank.
pub const RANK_8: Bitboard = RANK_1 << 56;
/// The light squares (h1 is light).
pub const LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA;

/// The file (0 = a) as a bitboard.
#[inline(always)]
pub const fn file_bb(file: u8) -> Bitboard {
    FILE_A << file
}

/// The rank (0 = first) as a bitboard.
#[inline(always)]
pub const fn rank_bb(rank: u8) -> Bitboard {
    RANK_1 << (8 * rank)
}

/// The lowest square of a non-empty bitboard.
#[inline(always)]
pub fn lsb(b: Bitboard) -> Square {
    debug_assert!(b != 0);
    Square::new(b.trailing_zeros() as u8)
}

/// True when more than one bit is set.
#[inline(always)]
pub const fn more_than_one(b: Bitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// Shifts every square one rank forward for `color` (towards the opponent).
#[inline(always)]
pub const fn forward(b: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => b << 8,
        Color::Black => b >> 8,
    }
}

/// The squares attacked by pawns of `color` standing on `pawns`.
#[inline(always)]
pub const fn pawn_attacks_bb(pawns: Bitboard, color: Color) -> Bitboard {
    let ahead = forward(pawns, color);
    ((ahead & !FILE_A) >> 1) | ((ahead & !FILE_H) << 1)
}

/// Iterates over the squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let s = lsb(self.0);
            self.0 &= self.0 - 1;
            Some(s)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
