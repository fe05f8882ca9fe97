//! Correction history: how far the static evaluation fell short of the
//! search's score in positions with the same pawn structure (and side to
//! move). Errors of a hand-crafted evaluation persist across positions that
//! share the pawns, so the average error seen so far corrects the next
//! static evaluation, and with it every pruning decision made on it.

use crate::info::score::MATE_BOUND;

/// Entries per side (a power of two).
const BITS: u32 = 14;
/// Fixed-point scale of the entries (1/GRAIN centipawn).
const GRAIN: i32 = 256;
/// The largest correction, in centipawns (`LIMIT_CP * GRAIN` fits an i16).
const LIMIT_CP: i32 = 64;
/// The weight of one observation is at most `MAX_WEIGHT / WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 128;

/// Average evaluation errors by side to move and correction key.
#[derive(Clone)]
pub struct CorrectionHistory {
    table: Vec<i16>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; 2 << BITS],
        }
    }
}

impl CorrectionHistory {
    #[inline(always)]
    fn index(side: usize, key: u64) -> usize {
        (side << BITS) | (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize
    }

    /// `eval` (of the side to move `side`, 0/1) corrected by what positions
    /// with this `key` taught; mate scores are left alone.
    #[inline(always)]
    pub fn correct(&self, side: usize, key: Option<u64>, eval: i32) -> i32 {
        match key {
            Some(k) if eval.abs() < MATE_BOUND => (eval
                + self.table[Self::index(side, k)] as i32 / GRAIN)
                .clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
            _ => eval,
        }
    }

    /// A search to `depth` found `error` = score − corrected static
    /// evaluation: the entry moves towards it, deeper searches weighing more.
    #[inline]
    pub fn update(&mut self, side: usize, key: Option<u64>, error: i32, depth: i32) {
        if let Some(k) = key {
            let e = &mut self.table[Self::index(side, k)];
            let w = (depth * depth + 2 * depth + 1).min(MAX_WEIGHT);
            let target = error.clamp(-4 * LIMIT_CP, 4 * LIMIT_CP) * GRAIN;
            *e = ((*e as i32 * (WEIGHT_SCALE - w) + target * w) / WEIGHT_SCALE)
                .clamp(-LIMIT_CP * GRAIN, LIMIT_CP * GRAIN) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_seen_correct_later_evaluations_of_the_same_structure_and_side() {
        let mut c = CorrectionHistory::default();
        let key = Some(0xABCD_EF01_2345_6789);
        assert_eq!(c.correct(0, key, 10), 10);
        for _ in 0..20 {
            c.update(0, key, 40, 10);
        }
        let corrected = c.correct(0, key, 10);
        assert!((45..=50).contains(&corrected), "{corrected}");
        // The other side to move and other structures are untouched.
        assert_eq!(c.correct(1, key, 10), 10);
        assert_eq!(c.correct(0, Some(0x1111), 10), 10);
    }

    #[test]
    fn corrections_are_bounded_and_leave_mates_and_keyless_positions_alone() {
        let mut c = CorrectionHistory::default();
        let key = Some(7);
        for _ in 0..100 {
            c.update(1, key, -5000, 20);
        }
        assert_eq!(c.correct(1, key, 0), -LIMIT_CP);
        assert_eq!(c.correct(1, key, MATE_BOUND + 5), MATE_BOUND + 5);
        assert_eq!(c.correct(1, None, 3), 3);
        c.update(1, None, 500, 20);
        assert_eq!(c.correct(1, None, 3), 3);
    }

    #[test]
    fn a_shallow_search_moves_the_entry_less_than_a_deep_one() {
        let (mut shallow, mut deep) = (CorrectionHistory::default(), CorrectionHistory::default());
        shallow.update(0, Some(1), 60, 1);
        deep.update(0, Some(1), 60, 9);
        assert!(shallow.correct(0, Some(1), 0) < deep.correct(0, Some(1), 0));
        // Shallow results count too, when they agree often enough.
        for _ in 0..20 {
            shallow.update(0, Some(1), 60, 1);
        }
        assert!(shallow.correct(0, Some(1), 0) > 0);
    }
}
