//! Zobrist keys of tavreli towers: one key per (piece code, square, height
//! from the bottom). A position's key is the XOR of its pieces' keys, so a
//! move changes only the keys of the pieces it moves, covers or uncovers.
//!
//! The full table would hold 256 codes x 64 squares x 32 heights; instead of
//! storing it, each key is computed on demand as the `index`-th output of a
//! splitmix64 stream (seed below), which is exactly the value a
//! const-generated table filled from that stream would hold: two multiplies
//! and three shifts, no memory traffic. Side to move, castling rights and the
//! en passant file use the shared [`crate::zobrist::KEYS`] (another seed).

/// The seed of the tower keys ("tavreli" in ASCII).
const SEED: u64 = 0x7461_7672_656C_6900;
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The key of piece `code` (raw byte) on `sq` at `height` (0 = bottom).
#[inline(always)]
pub fn piece_key(code: u8, sq: usize, height: usize) -> u64 {
    debug_assert!(sq < 64 && height < 32);
    let index = ((code as u64) << 11 | (sq as u64) << 5 | height as u64) + 1;
    let mut z = SEED.wrapping_add(index.wrapping_mul(GOLDEN));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct() {
        let mut seen = HashSet::new();
        for code in 0..=255u8 {
            for sq in 0..64 {
                for h in 0..32 {
                    assert!(seen.insert(piece_key(code, sq, h)));
                }
            }
        }
    }
}
