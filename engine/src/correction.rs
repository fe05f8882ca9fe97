//! Correction history: how far the static evaluation fell short of the
//! search's score in positions sharing what the evaluation's errors depend
//! on: the pawn structure, and each side's pieces (everything but pawns,
//! king included). Errors of a hand-crafted evaluation persist across
//! positions that share these, so the errors seen so far correct the next
//! static evaluation, and with it every pruning decision made on it.

use crate::info::score::MATE_BOUND;

/// The keys of a position: a hash of both sides' pawns, then of White's and
/// of Black's other pieces.
pub type CorrectionKeys = [u64; 3];

/// Entries per side and key (a power of two).
const BITS: u32 = 14;
/// Fixed-point scale of the entries (1/GRAIN centipawn).
const GRAIN: i32 = 256;
/// The largest entry, in centipawns (`LIMIT_CP * GRAIN` fits an i16).
const LIMIT_CP: i32 = 64;
/// How much each key's entry counts in the correction, in halves: the pawn
/// entry fully, each side's pieces half.
const SHARE: [i32; 3] = [2, 1, 1];
/// The weight of one observation is at most `MAX_WEIGHT / WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 128;

/// Evaluation errors by key, side to move and key hash.
#[derive(Clone)]
pub struct CorrectionHistory {
    table: Vec<i16>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; SHARE.len() << (BITS + 1)],
        }
    }
}

impl CorrectionHistory {
    #[inline(always)]
    fn index(which: usize, side: usize, key: u64) -> usize {
        (which << (BITS + 1))
            | (side << BITS)
            | (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize
    }

    /// `eval` (of the side to move `side`, 0/1) corrected by what positions
    /// with these `keys` taught; mate scores are left alone.
    #[inline(always)]
    pub fn correct(&self, side: usize, keys: Option<&CorrectionKeys>, eval: i32) -> i32 {
        match keys {
            Some(keys) if eval.abs() < MATE_BOUND => {
                let sum: i32 = (0..SHARE.len())
                    .map(|i| SHARE[i] * self.table[Self::index(i, side, keys[i])] as i32)
                    .sum();
                (eval + sum / (2 * GRAIN)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
            }
            _ => eval,
        }
    }

    /// A search to `depth` found `residual` = score − corrected static
    /// evaluation: every entry moves towards it, deeper searches weighing
    /// more. The entries therefore settle where they equal the remaining
    /// error: for positions whose keys all agree, at a third of the raw
    /// error each, so that the correction takes away two thirds of it. (A
    /// correction that takes all of it measured weaker: see
    /// `docs/search.md`.)
    #[inline]
    pub fn update(
        &mut self,
        side: usize,
        keys: Option<&CorrectionKeys>,
        residual: i32,
        depth: i32,
    ) {
        if let Some(keys) = keys {
            let w = (depth * depth + 2 * depth + 1).min(MAX_WEIGHT);
            let target = residual.clamp(-4 * LIMIT_CP, 4 * LIMIT_CP) * GRAIN;
            for (i, &key) in keys.iter().enumerate() {
                let e = &mut self.table[Self::index(i, side, key)];
                *e = ((*e as i32 * (WEIGHT_SCALE - w) + target * w) / WEIGHT_SCALE)
                    .clamp(-LIMIT_CP * GRAIN, LIMIT_CP * GRAIN) as i16;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Searches keep finding `truth` where the raw evaluation says `raw`;
    /// returns the corrected evaluation after `times` of them.
    fn learn(
        c: &mut CorrectionHistory,
        keys: &CorrectionKeys,
        raw: i32,
        truth: i32,
        times: usize,
    ) -> i32 {
        for _ in 0..times {
            let corrected = c.correct(0, Some(keys), raw);
            c.update(0, Some(keys), truth - corrected, 10);
        }
        c.correct(0, Some(keys), raw)
    }

    #[test]
    fn the_correction_converges_to_two_thirds_of_the_error() {
        let mut c = CorrectionHistory::default();
        let keys = [0xABCD_EF01_2345_6789, 11, 12];
        assert_eq!(c.correct(0, Some(&keys), 10), 10);
        let corrected = learn(&mut c, &keys, 10, 70, 30);
        assert!((48..=52).contains(&corrected), "{corrected}");
        // The other side to move and other positions are untouched.
        assert_eq!(c.correct(1, Some(&keys), 10), 10);
        assert_eq!(c.correct(0, Some(&[1, 2, 3]), 10), 10);
    }

    #[test]
    fn positions_sharing_some_keys_share_part_of_the_correction() {
        let mut c = CorrectionHistory::default();
        learn(&mut c, &[1, 2, 3], 0, 90, 30);
        let same_pawns = c.correct(0, Some(&[1, 8, 9]), 0);
        let same_pieces = c.correct(0, Some(&[7, 2, 3]), 0);
        assert!(
            same_pawns > 0 && same_pieces > 0,
            "{same_pawns} {same_pieces}"
        );
        assert!(
            same_pawns < 60 && same_pieces < 60,
            "{same_pawns} {same_pieces}"
        );
    }

    #[test]
    fn corrections_are_bounded_and_leave_mates_and_keyless_positions_alone() {
        let mut c = CorrectionHistory::default();
        let keys = [7, 8, 9];
        for _ in 0..100 {
            c.update(1, Some(&keys), -5000, 20);
        }
        // Every entry at its limit: the pawn entry fully, the others half.
        assert_eq!(c.correct(1, Some(&keys), 0), -2 * LIMIT_CP);
        assert_eq!(c.correct(1, Some(&keys), MATE_BOUND + 5), MATE_BOUND + 5);
        assert_eq!(c.correct(1, None, 3), 3);
        c.update(1, None, 500, 20);
        assert_eq!(c.correct(1, None, 3), 3);
    }

    #[test]
    fn a_shallow_search_moves_the_entry_less_than_a_deep_one() {
        let (mut shallow, mut deep) = (CorrectionHistory::default(), CorrectionHistory::default());
        let keys = [1, 2, 3];
        shallow.update(0, Some(&keys), 60, 1);
        deep.update(0, Some(&keys), 60, 9);
        let (s, d) = (
            shallow.correct(0, Some(&keys), 0),
            deep.correct(0, Some(&keys), 0),
        );
        assert!(0 < s && s < d, "{s} {d}");
    }
}
