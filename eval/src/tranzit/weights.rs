//! Every tunable parameter of the tranzit evaluation, as (middlegame,
//! endgame) pairs. The values in use are [`super::tuned::TUNED`];
//! [`TranzitWeights::initial`] is the hand-set starting point.

use crate::score::S;
use crate::weights_struct;

pub use crate::score::s;

/// Full moves counted for [`TranzitWeights::no_transfer`] at most.
pub const NO_TRANSFER_MOVES: i32 = 40;

weights_struct! {
    /// The tranzit evaluation's parameters (a flat list of `S`, see
    /// `docs/eval.md`). A weight is what the side owning the feature earns.
    pub struct TranzitWeights {
        /// A piece on a live board, pawn to queen.
        pub material: [S; 5],
        /// A piece on a decided (dead) board, pawn to queen: it may still
        /// transfer out (T12).
        pub dead_material: [S; 5],
        /// A knight, bishop or queen on a live board, by its distance from
        /// the centre (0: d4-e5, 3: the edge ring).
        pub centre: [S; 4],
        /// A pawn on a live board, by relative rank.
        pub pawn_rank: [S; 8],
        /// Per full move played (up to [`NO_TRANSFER_MOVES`]) without a
        /// transfer to board II while board II is live (T14).
        pub no_transfer: S,
        /// Per own piece on a live board II, once transferred.
        pub board_ii_presence: S,
        /// Per enemy attack on a square next to the king, on the king's board.
        pub king_zone_attack: S,
        /// The side to move.
        pub tempo: S,
    }
}

impl TranzitWeights {
    /// The hand-set weights the tuner starts from (`--start initial`).
    pub fn initial() -> TranzitWeights {
        let both = |v: i32| s(v, v);
        TranzitWeights {
            material: [100, 320, 330, 500, 900].map(both),
            dead_material: [60, 192, 198, 300, 540].map(both),
            centre: [12, 6, 0, -8].map(both),
            pawn_rank: [0, 4, 8, 12, 16, 20, 24, 28].map(both),
            no_transfer: both(-3),
            board_ii_presence: both(8),
            king_zone_attack: both(-18),
            tempo: both(0),
        }
    }
}
