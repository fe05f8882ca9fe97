//! Accumulators: every evaluation term reports "side `c` earns weight `w`,
//! `n` times" to an [`Acc`]. The search uses [`Sum`], which just adds the
//! weights up; the tuner uses [`Trace`], which also records how often each
//! weight was used, so the evaluation can be written once and is linear in
//! its weights by construction.

use crate::params::Params;
use crate::score::S;
use movegen::Color;

/// Receives the terms of an evaluation.
pub trait Acc {
    /// Side `color` earns `n` times the weight `w`. `w` must be a reference
    /// into the weights set the evaluation was called with (the tracer finds
    /// the parameter's index from its address).
    fn add(&mut self, color: Color, w: &S, n: i32);

    /// The sum so far, White's minus Black's.
    fn total(&self) -> S;
}

/// Sums the terms per side: what the search uses.
#[derive(Copy, Clone, Debug, Default)]
pub struct Sum {
    side: [S; 2],
}

impl Acc for Sum {
    #[inline(always)]
    fn add(&mut self, color: Color, w: &S, n: i32) {
        self.side[color.index()] += *w * n;
    }

    #[inline(always)]
    fn total(&self) -> S {
        self.side[0] - self.side[1]
    }
}

/// Records, for every parameter of a weights set, how many times White used
/// it minus how many times Black did (the evaluation's gradient), and sums
/// the terms like [`Sum`].
#[derive(Clone, Debug)]
pub struct Trace {
    base: usize,
    /// Per parameter (in [`Params`] order): White's uses minus Black's.
    pub coefficients: Vec<i32>,
    sum: Sum,
}

impl Trace {
    /// A tracer for evaluations that read their weights from `weights`.
    pub fn new<W: Params>(weights: &W) -> Trace {
        assert_eq!(
            std::mem::size_of::<W>(),
            W::LEN * std::mem::size_of::<S>(),
            "a weights set must be a flat array of S"
        );
        Trace {
            base: weights as *const W as usize,
            coefficients: vec![0; W::LEN],
            sum: Sum::default(),
        }
    }

    /// Forgets what was recorded, to trace another position.
    pub fn clear(&mut self) {
        self.coefficients.iter_mut().for_each(|c| *c = 0);
        self.sum = Sum::default();
    }
}

impl Acc for Trace {
    fn add(&mut self, color: Color, w: &S, n: i32) {
        let offset = (w as *const S as usize)
            .checked_sub(self.base)
            .expect("a weight outside the traced weights set");
        let i = offset / std::mem::size_of::<S>();
        let sign = if color == Color::White { 1 } else { -1 };
        self.coefficients[i] += sign * n;
        self.sum.add(color, w, n);
    }

    fn total(&self) -> S {
        self.sum.total()
    }
}
