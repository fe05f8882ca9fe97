//! Precomputed attack tables: leapers computed at compile time, sliders looked up
//! in the tables that `build.rs` writes (magic bitboards, or PEXT with BMI2).

use crate::bitboard::{pawn_attacks_bb, Bitboard};
use crate::types::{Color, Square};

/// One square's slice of the slider table.
pub(crate) struct SliderEntry {
    mask: u64,
    #[cfg_attr(target_feature = "bmi2", allow(dead_code))]
    magic: u64,
    #[cfg_attr(target_feature = "bmi2", allow(dead_code))]
    shift: u32,
    offset: usize,
}

impl SliderEntry {
    #[inline(always)]
    fn index(&self, occupied: Bitboard) -> usize {
        #[cfg(target_feature = "bmi2")]
        {
            // SAFETY: compiled only when the target has BMI2.
            self.offset + unsafe { core::arch::x86_64::_pext_u64(occupied, self.mask) } as usize
        }
        #[cfg(not(target_feature = "bmi2"))]
        {
            self.offset + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/slider_tables.rs"));

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let e = &ROOK_ENTRIES[sq.index()];
    // SAFETY: the build script sizes the table so that every index of every entry fits.
    unsafe { *SLIDER_TABLE.get_unchecked(e.index(occupied)) }
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let e = &BISHOP_ENTRIES[sq.index()];
    // SAFETY: as in `rook_attacks`.
    unsafe { *SLIDER_TABLE.get_unchecked(e.index(occupied)) }
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

const fn pawn_table(color: Color) -> [Bitboard; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = pawn_attacks_bb(1u64 << sq, color);
        sq += 1;
    }
    table
}

static PAWN: [[Bitboard; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(sq: Square, color: Color) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

const fn ray_between_and_line() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let dirs: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let mut a = 0;
    while a < 64 {
        let (af, ar) = ((a % 8) as i8, (a / 8) as i8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            // The full line through `a` in this direction, both ways.
            let mut full = 1u64 << a;
            let mut k = 1;
            while k < 8 {
                let (f1, r1) = (af + df * k, ar + dr * k);
                if f1 >= 0 && f1 < 8 && r1 >= 0 && r1 < 8 {
                    full |= 1u64 << (r1 * 8 + f1);
                }
                let (f2, r2) = (af - df * k, ar - dr * k);
                if f2 >= 0 && f2 < 8 && r2 >= 0 && r2 < 8 {
                    full |= 1u64 << (r2 * 8 + f2);
                }
                k += 1;
            }
            let mut path = 0u64;
            let (mut f, mut r) = (af + df, ar + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a][b] = path;
                line[a][b] = full;
                path |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static BETWEEN_LINE: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = ray_between_and_line();

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.0[a.index()][b.index()]
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank,
/// file or diagonal; empty otherwise.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.1[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(dead_code)]
    mod reference {
        include!("slider_gen.rs");
    }

    fn random_occupancies() -> impl Iterator<Item = u64> {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        (0..2000).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            y & x
        })
    }

    #[test]
    fn slider_tables_match_ray_walk() {
        for occ in random_occupancies() {
            for sq in Square::all() {
                let s = sq.index() as u8;
                assert_eq!(
                    rook_attacks(sq, occ),
                    reference::sliding_attacks(s, occ, &reference::ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(sq, occ),
                    reference::sliding_attacks(s, occ, &reference::BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        let (a1, h8, c3, b1) = (
            Square::new(0),
            Square::new(63),
            Square::parse("c3").unwrap(),
            Square::parse("b1").unwrap(),
        );
        assert_eq!(between(a1, h8).count_ones(), 6);
        assert!(between(a1, h8) & c3.bb() != 0);
        assert_eq!(between(a1, b1), 0);
        assert_eq!(between(c3, b1), 0);
        assert_eq!(line(c3, b1), 0);
        assert_eq!(line(a1, c3).count_ones(), 8);
        assert_eq!(knight_attacks(a1).count_ones(), 2);
        assert_eq!(king_attacks(Square::parse("e4").unwrap()).count_ones(), 8);
    }
}
