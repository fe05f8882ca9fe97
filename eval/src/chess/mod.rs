//! The standard-chess evaluation: a tapered sum of hand-crafted terms, one
//! file per idea, each reporting to an [`Acc`] so the same code serves the
//! search ([`crate::acc::Sum`]) and the tuner ([`crate::acc::Trace`]).
//!
//! Variants reuse these terms by calling them from their own evaluation
//! module with their own weights (see `docs/eval.md`).

pub mod info;
pub mod king;
pub mod material;
pub mod mobility;
pub mod pawns;
pub mod pieces;
pub mod scale;
pub mod space;
pub mod threats;
pub mod tuned;
pub mod weights;

use crate::acc::{Acc, Sum};
use crate::breakdown::Breakdown;
use crate::score::{MAX_PHASE, S};
use info::Info;
use movegen::{Board, Color, PieceKind};
pub use weights::Weights;

/// The weights the engine plays with.
pub static WEIGHTS: Weights = tuned::TUNED;

/// Scores never leave ±`SCORE_LIMIT`, far from mate scores.
pub const SCORE_LIMIT: i32 = 15_000;

/// The game phase from non-pawn material: knight and bishop 1, rook 2,
/// queen 4, capped at [`MAX_PHASE`].
#[inline(always)]
pub fn phase(b: &Board) -> i32 {
    let n = |k: PieceKind| b.kind_bb(k).count_ones() as i32;
    let p = n(PieceKind::Knight)
        + n(PieceKind::Bishop)
        + 2 * n(PieceKind::Rook)
        + 4 * n(PieceKind::Queen);
    p.min(MAX_PHASE)
}

/// Reports every chess term of `b` with weights `w` to `acc`, and returns
/// the shared data the terms computed (attack maps), for a variant's own
/// terms on the same board.
#[inline(always)]
pub fn add_terms<A: Acc>(b: &Board, w: &Weights, acc: &mut A) -> Info {
    let mut info = Info::new(b);
    material::eval(b, w, acc);
    mobility::eval(b, w, acc, &mut info);
    pawns::eval(b, w, acc, &info);
    king::eval(b, w, acc, &info);
    pieces::eval(b, w, acc, &info);
    threats::eval(b, w, acc, &info);
    space::eval(b, w, acc, &info);
    acc.add(b.side_to_move(), &w.tempo, 1);
    info
}

/// Evaluates `b` with weights `w`, reporting every term to `acc`.
#[inline(always)]
pub fn evaluate_with<A: Acc>(b: &Board, w: &Weights, acc: &mut A) -> Breakdown {
    add_terms(b, w, acc);
    let sum = acc.total();
    let phase = phase(b);
    let scale = scale::scale_factor(b, sum.eg);
    Breakdown::new(sum, S::ZERO, phase, scale)
}

/// The engine's evaluation of `b`: centipawns from the side to move's view,
/// within ±[`SCORE_LIMIT`].
///
/// The evaluation counts bits dozens of times. When the build's target lacks
/// the `popcnt` instruction (the default `x86-64` target does), a copy of
/// the evaluation compiled with it is used if the CPU has it: about twice
/// as fast. Building with `-C target-cpu=native` makes this moot.
#[inline]
pub fn evaluate(b: &Board) -> i32 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports popcnt, checked just above.
            return unsafe { evaluate_popcnt(b) };
        }
    }
    evaluate_generic(b)
}

/// [`evaluate_generic`] compiled with the `popcnt` instruction.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
unsafe fn evaluate_popcnt(b: &Board) -> i32 {
    evaluate_generic(b)
}

#[inline(always)]
fn evaluate_generic(b: &Board) -> i32 {
    let white = evaluate_with(b, &WEIGHTS, &mut Sum::default()).white;
    let white = white.clamp(-SCORE_LIMIT, SCORE_LIMIT);
    match b.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}
