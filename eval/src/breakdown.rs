//! What an evaluation adds up to before the side to move's view is taken:
//! the shape the search reads its score from and the tuner fits.

use crate::score::{taper, S};

/// An evaluation from White's view, split the way the Texel tuner needs it:
/// `sum`, linear in the tuned weights (what an [`crate::acc::Acc`] received),
/// plus a `fixed` part that does not depend on them (the chess terms of the
/// tavreli tops, the points of decided tranzit boards), tapered by `phase`
/// with the endgame half scaled by `scale`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// The sum of the tuned terms, White's minus Black's.
    pub sum: S,
    /// The sum of the terms not tuned with them, White's minus Black's.
    pub fixed: S,
    /// 0 (bare kings and pawns) to [`crate::score::MAX_PHASE`].
    pub phase: i32,
    /// The endgame scale, out of [`crate::score::SCALE_NORMAL`].
    pub scale: i32,
    /// The tapered, scaled score from White's view (not clamped).
    pub white: i32,
}

impl Breakdown {
    /// The breakdown of `sum + fixed` tapered by `phase` and `scale`.
    #[inline(always)]
    pub fn new(sum: S, fixed: S, phase: i32, scale: i32) -> Breakdown {
        Breakdown {
            sum,
            fixed,
            phase,
            scale,
            white: taper(sum + fixed, phase, scale),
        }
    }
}
