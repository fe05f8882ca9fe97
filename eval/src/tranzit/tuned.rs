//! The tuned tranzit weights, written by `examples/texel`
//! (229745 positions, 1000 epochs, kept epoch 1000, started from `initial`, l2 0.00000001).
//! K = 0.4552, lambda 1; MSE before: train 0.076271 (results 0.076271), validation 0.069262 (results 0.069262); after: train 0.070956 (results 0.070956), validation 0.066842 (results 0.066842)

use super::weights::{s, TranzitWeights};

/// The weights the engine plays with.
#[rustfmt::skip]
pub const TUNED: TranzitWeights = TranzitWeights {
    material: [
        s(99, 207), s(234, 229), s(291, 343), s(547, 492), s(913, 927),
    ],
    dead_material: [
        s(61, 66), s(189, 185), s(198, 199), s(295, 283), s(540, 541),
    ],
    centre: [
        s(-16, 8), s(-24, 6), s(-26, -23), s(-37, -33),
    ],
    pawn_rank: [
        s(0, 0), s(-18, -35), s(-12, -41), s(-32, 1), s(26, 67), s(57, 114), s(63, 88), s(28, 28),
    ],
    no_transfer: s(-9, -5),
    board_ii_presence: s(5, 30),
    king_zone_attack: s(-31, 10),
    tempo: s(6, -4),
};
