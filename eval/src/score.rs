//! The (middlegame, endgame) score pair every evaluation term adds up, and the
//! taper that blends the two by game phase.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame/endgame pair of centipawn values.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct S {
    /// The value with all pieces on the board.
    pub mg: i32,
    /// The value in a pawn endgame.
    pub eg: i32,
}

impl S {
    /// Zero in both phases.
    pub const ZERO: S = S { mg: 0, eg: 0 };

    /// A pair from its two halves.
    #[inline(always)]
    pub const fn new(mg: i32, eg: i32) -> S {
        S { mg, eg }
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S::new(-self.mg, -self.eg)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, n: i32) -> S {
        S::new(self.mg * n, self.eg * n)
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

/// Shorthand for [`S::new`], used by the weights sets and their generated
/// source.
pub const fn s(mg: i32, eg: i32) -> S {
    S::new(mg, eg)
}

/// The phase of a full board (every piece but pawns and kings present).
pub const MAX_PHASE: i32 = 24;

/// The endgame scale that leaves a score unchanged (see [`taper`]).
pub const SCALE_NORMAL: i32 = 128;

/// Blends `s` by `phase` (0 = bare endgame, [`MAX_PHASE`] = full middlegame),
/// the endgame half first multiplied by `scale / SCALE_NORMAL`.
///
/// Every division truncates towards zero, so `taper(-s) == -taper(s)`: the
/// evaluation of a colour-flipped position is exactly the negation.
#[inline(always)]
pub fn taper(s: S, phase: i32, scale: i32) -> i32 {
    let eg = s.eg * scale / SCALE_NORMAL;
    (s.mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}
