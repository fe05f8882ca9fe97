//! The tuned tavreli weights, written by `examples/texel`
//! (72821 positions, 1000 epochs, kept epoch 1000, started from `initial`, l2 0.00000001).
//! K = 0.3058, lambda 0; MSE before: train 0.006425 (results 0.189159), validation 0.005898 (results 0.173055); after: train 0.005731 (results 0.188123), validation 0.005207 (results 0.172618)

use super::weights::{s, TavreliWeights};

/// The weights the engine plays with.
#[rustfmt::skip]
pub const TUNED: TavreliWeights = TavreliWeights {
    reserve: [
        s(81, 105), s(239, 235), s(260, 248), s(373, 401), s(677, 706), s(0, 0), s(850, 920),
    ],
    prisoner: [
        s(11, 13), s(45, 50), s(55, 45), s(79, 86), s(112, 131), s(0, 0), s(158, 180),
    ],
    helgi_extra: s(256, 282),
    helgi_jumps: [
        s(-20, -25), s(-12, -15), s(-4, -6), s(2, 1), s(5, 5), s(9, 10), s(11, 13), s(14, 16),
        s(15, 18),
    ],
    advance: [
        s(0, -2), s(0, 11), s(1, 6), s(1, 6), s(2, -13), s(-1, 9), s(9, 36), s(0, 0),
    ],
    hanging_stake: s(-5, -11),
    attacked_stake: s(-2, -10),
    liberation_check: s(63, 42),
    liberation_zone: s(27, 12),
    bound_prisoner: s(-11, -8),
};
