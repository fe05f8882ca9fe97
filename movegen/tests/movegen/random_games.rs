//! Properties checked on every position of many random games: the incremental
//! Zobrist key equals the key computed from scratch, FEN and SAN round-trip,
//! and the counting generator agrees with the list generator.

use movegen::movegen::{count_legal_moves, legal_moves};
use movegen::san::{parse_san, to_san};
use movegen::{Board, Move, START_FEN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const STARTS: &[&str] = &[
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

fn for_each_position(games: usize, mut f: impl FnMut(&Board)) {
    let mut rng = StdRng::seed_from_u64(0x5eed);
    for g in 0..games {
        let mut b = Board::from_fen(STARTS[g % STARTS.len()]).unwrap();
        for _ in 0..200 {
            f(&b);
            let moves = legal_moves(&b);
            if moves.is_empty() || b.halfmove_clock() >= 100 {
                break;
            }
            // Prefer captures now and then to reach sparse endgames.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| b.piece_at(m.to()).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.gen_bool(0.5) {
                captures[rng.gen_range(0..captures.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            b.make_move(m);
        }
    }
}

#[test]
fn incremental_hash_matches_scratch() {
    let mut n = 0;
    for_each_position(400, |b| {
        assert_eq!(b.hash(), b.compute_hash(), "{}", b.to_fen());
        n += 1;
    });
    assert!(n > 20_000);
}

#[test]
fn fen_round_trips() {
    for_each_position(400, |b| {
        let fen = b.to_fen();
        let back = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(back.to_fen(), fen);
        assert_eq!(back.hash(), b.hash(), "{fen}");
    });
}

#[test]
fn san_round_trips() {
    for_each_position(200, |b| {
        for m in legal_moves(b) {
            let san = to_san(b, m);
            assert_eq!(parse_san(b, &san), Ok(m), "{} {san}", b.to_fen());
        }
    });
}

#[test]
fn counting_agrees_with_listing() {
    for_each_position(400, |b| {
        assert_eq!(
            count_legal_moves(b),
            legal_moves(b).len() as u64,
            "{}",
            b.to_fen()
        );
    });
}

#[test]
fn move_is_two_bytes() {
    assert_eq!(std::mem::size_of::<Move>(), 2);
    assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
}

#[test]
fn tactical_generation_is_the_tactical_subset() {
    use movegen::movegen::tactical_moves;
    use movegen::PieceKind;
    for_each_position(300, |b| {
        let all = legal_moves(b);
        let mut expected: Vec<Move> = if b.in_check() {
            all.to_vec()
        } else {
            all.iter()
                .copied()
                .filter(|m| {
                    b.piece_at(m.to()).is_some()
                        || m.promotion().is_some()
                        || (b.kind_at(m.from()) == Some(PieceKind::Pawn)
                            && m.from().file() != m.to().file())
                })
                .collect()
        };
        let mut got = tactical_moves(b).to_vec();
        expected.sort_by_key(|m| m.raw());
        got.sort_by_key(|m| m.raw());
        assert_eq!(got, expected, "{}", b.to_fen());
    });
}
