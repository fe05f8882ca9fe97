//! Static evaluation: a score in centipawns from the side to move's view.
//!
//! The chess evaluation lives in [`chess`], one file per idea; every term
//! reports to an [`acc::Acc`] so the same code is used by the search and by
//! the Texel tuner (`examples/texel.rs`). See `docs/eval.md`.

pub mod acc;
pub mod breakdown;
pub mod chess;
pub mod config;
pub mod drops;
pub mod nnue;
pub mod params;
pub mod progressive;
pub mod score;
pub mod tavreli;
#[cfg(test)]
mod test_support;
pub mod tranzit;

pub use config::{EvalConfig, TeamExtra};
use movegen::Chess;

/// A position the search can evaluate statically.
pub trait Evaluate {
    /// The score in centipawns from the side to move's point of view, under
    /// the game's `config`.
    fn evaluate(&self, config: &EvalConfig) -> i32;
}

/// Middlegame piece values in centipawns, pawn to king (king 0), for
/// exchange evaluation and move ordering.
pub const MATERIAL: [i32; 6] = [100, 320, 330, 500, 900, 0];

impl Evaluate for Chess {
    #[inline]
    fn evaluate(&self, config: &EvalConfig) -> i32 {
        if config.chess_network_off {
            chess::evaluate(self.board())
        } else {
            nnue::evaluate(self.board())
        }
    }
}
