//! The positions `vsadnik bench` searches, and their depths, per variant
//! family: each variant's search hooks name theirs (`Searchable::BENCH`).

/// Standard-chess bench positions: openings, middlegames, endgames, tactics.
pub const CHESS_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
    "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1",
    "8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",
    "8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1",
    "6k1/5p2/4p1p1/3pP1P1/3P4/5K2/8/8 w - - 0 1",
    "r2q1rk1/pp1bppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
];

/// The default bench depth for standard chess.
pub const CHESS_DEPTH: i32 = 11;

/// Drop-chess bench positions (crazyhouse, bughouse and Swedish share them).
pub const DROP_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[] w KQkq - 4 5",
    "r1b1k2r/ppp2ppp/2n5/3qp3/1b6/2N2N2/PPPP1PPP/R1BQKB1R[Pp] w KQkq - 0 7",
    "r2qk2r/ppp2ppp/2n1bn2/3p4/3P4/2N1BN2/PPP2PPP/R2QK2R[BPbp] w KQkq - 2 9",
    "r4rk1/ppp2ppp/2n2n2/4p3/2B1P1b1/2N2N2/PPP2PPP/R4RK1[QBPqbp] w - - 0 12",
    "2kr3r/ppp2ppp/2n5/8/4P3/5N2/PPP2PPP/2KR3R[QRBNPqrbnp] b - - 0 15",
    "r1bq1rk1/pppp1ppp/2n2n2/4p3/2B1P3/3P1N2/PPP2PPP/RN1QK2R[Bb] w KQ - 3 6",
    "4rrk1/ppp2ppp/8/8/8/8/PPP2PPP/4RRK1[QNNPPqnnpp] w - - 0 20",
];

/// The default bench depth for drop chess.
pub const DROP_DEPTH: i32 = 9;

/// Chess-tranzit bench positions.
pub const TRANZIT_POSITIONS: &[&str] = &[
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1",
    "r1bqkbnr8/pppp1ppp8/2n13/4p11/4P11/5N10/PPPP1PPP8/RNBQKB1R8 w KQkq - 2 3",
    "rnbq1bnr8/pppp1ppp4k3/16/4p11/4P11/16/PPPP1PPP4K3/RNBQ1BNR8 w - - 0 8 -- WB",
];

/// The default bench depth for Chess-tranzit.
pub const TRANZIT_DEPTH: i32 = 7;

/// Progressive-chess bench positions (the three rule sets share them): series
/// starts from the opening to mates in the series; every FEN has field 6.
pub const PROGRESSIVE_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
    "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
    "r1bqkbnr/ppp1pppp/2n5/3P4/8/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 0 4",
    "rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b KQkq - 0 4",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 5",
    "2k2b1r/1p3ppp/2n4n/pB1P4/8/P4N2/1P1K1PPP/2R5 b - - 0 8",
];

/// The default bench depth for progressive chess (the series search's effort).
pub const PROGRESSIVE_DEPTH: i32 = 4;

/// Tavreli bench positions: the start, tower middlegames of both colours,
/// promotions by moving and uncovering, Helgis.
pub const TAVRELI_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2(nP)2n2/4p3/1(bP)2P3/2N2N2/PP3PPP/R1BQKB1R w KQkq - 0 6",
    "2kr(Np=bp=bb)b1r/1p1n2p1/2n1(Qp=q)(qP=N)2/pP=H5p/5B2/P1(p=hP=QN)4P/2P1BPP1/3R1RK1 w - - 1 22",
    "1n2k3/P1(Rp)3P1/8/8/8/8/p1(rP)3p1/1N2K3 w - - 0 1",
    "4k3/8/8/3(RnBqP)4/8/8/8/4K3 w - - 0 1",
    "r3k3/1h6/8/8/8/8/6H1/4K2R w Kq - 0 1",
];

/// The default bench depth for tavreli.
pub const TAVRELI_DEPTH: i32 = 12;
