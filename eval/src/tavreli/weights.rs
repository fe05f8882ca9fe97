//! Every tunable parameter of the tavreli tower terms, as (middlegame,
//! endgame) pairs. The values in use are [`super::tuned::TUNED`];
//! [`TavreliWeights::initial`] is the hand-set starting point.

use crate::score::S;
use crate::weights_struct;

pub use crate::score::s;

weights_struct! {
    /// The tavreli terms beyond chess; linear in each weight (see the module
    /// docs for their meaning).
    pub struct TavreliWeights {
        /// An own piece under an own top, by kind (pawn as it would be if
        /// uncovered where it stands).
        pub reserve: [S; 7],
        /// An own piece under an enemy top, by kind.
        pub prisoner: [S; 7],
        /// An active Helgi's value above the queen the chess terms count.
        pub helgi_extra: S,
        /// By the number of knight-jump squares an active Helgi reaches in
        /// its mobility area (its queen lines count as a queen's).
        pub helgi_jumps: [S; 9],
        /// A top pawn by relative rank, once per promotion class (knight or
        /// bishop 1, rook 2, queen 3, Helgi 4).
        pub advance: [S; 8],
        /// Per pawn unit at stake in a tower whose top is attacked and not
        /// defended.
        pub hanging_stake: S,
        /// Per pawn unit at stake in a tower whose top is attacked and
        /// defended.
        pub attacked_stake: S,
        /// The piece under an own top would check the enemy king if uncovered.
        pub liberation_check: S,
        /// The piece under an own top would hit the enemy king zone if uncovered.
        pub liberation_zone: S,
        /// An enemy prisoner right under an own top would hit the own king
        /// zone if freed.
        pub bound_prisoner: S,
    }
}

impl TavreliWeights {
    /// The hand-set weights the tuner starts from (`--start initial`).
    pub fn initial() -> TavreliWeights {
        TavreliWeights {
            //          P            N            B            R            Q            K          H
            reserve: [
                s(70, 90),
                s(230, 240),
                s(240, 250),
                s(360, 400),
                s(650, 700),
                s(0, 0),
                s(850, 920),
            ],
            prisoner: [
                s(15, 20),
                s(45, 50),
                s(45, 50),
                s(70, 80),
                s(120, 140),
                s(0, 0),
                s(160, 180),
            ],
            helgi_extra: s(250, 280),
            helgi_jumps: [
                s(-20, -25),
                s(-12, -15),
                s(-5, -6),
                s(0, 0),
                s(4, 5),
                s(8, 10),
                s(11, 13),
                s(13, 16),
                s(15, 18),
            ],
            advance: [
                s(0, 0),
                s(0, 0),
                s(0, 2),
                s(2, 5),
                s(5, 12),
                s(10, 24),
                s(18, 40),
                s(0, 0),
            ],
            hanging_stake: s(-22, -22),
            attacked_stake: s(-6, -6),
            liberation_check: s(60, 40),
            liberation_zone: s(12, 6),
            bound_prisoner: s(-15, -8),
        }
    }
}
