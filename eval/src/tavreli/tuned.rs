//! The tavreli weights in use (the hand-set ones until the first tuning).

use super::weights::{s, TavreliWeights};

/// The weights the engine plays with.
#[rustfmt::skip]
pub const TUNED: TavreliWeights = TavreliWeights {
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
};
