//! Every tunable parameter of the drop-chess evaluation, as (middlegame,
//! endgame) pairs: the chess terms of the board, tuned for drops, and the
//! terms of the pieces in hand. The values in use are
//! [`super::tuned::TUNED`]; [`DropWeights::initial`] is the hand-set
//! starting point.

use crate::chess::Weights;
use crate::score::S;
use crate::weights_struct;

pub use crate::score::s;

weights_struct! {
    /// The drop-chess evaluation's parameters (a flat list of `S`, see
    /// `docs/eval.md`, "Drop chess"). A weight is what the side owning the
    /// feature earns; kinds run pawn to queen.
    pub struct DropWeights {
        /// The chess evaluation of the board, with its own weights.
        pub chess: Weights,
        /// A piece in hand.
        pub in_hand: [S; 5],
        /// Per empty square next to the own king, times the number of
        /// enemy pieces of the kind in hand.
        pub zone_drop: [S; 5],
        /// Per empty square, not attacked by the own side, where the enemy
        /// could drop a piece of the kind it holds with check.
        pub check_drop: [S; 5],
        /// Per empty square next to the own king that the enemy attacks,
        /// where it could drop a piece of the kind it holds with support.
        pub supported_drop: [S; 5],
        /// Per own piece (pawns included) next to the own king.
        pub king_guard: S,
    }
}

impl DropWeights {
    /// The hand-set weights the tuner starts from (`--start initial`): the
    /// chess weights in use, and the drop terms the engine had before the
    /// tuning (without its cap on the danger).
    pub fn initial() -> DropWeights {
        let both = |v: i32| s(v, v);
        DropWeights {
            chess: crate::chess::tuned::TUNED,
            in_hand: [120, 340, 350, 500, 920].map(both),
            zone_drop: [-4, -8, -8, -12, -20].map(both),
            check_drop: [0; 5].map(both),
            supported_drop: [0; 5].map(both),
            king_guard: both(0),
        }
    }
}
