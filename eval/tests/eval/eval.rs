//! Properties of the chess evaluation: colour symmetry, obvious orderings,
//! endgame scaling, and the tracer the tuner relies on.

use crate::test_support::mirror_fen;
use eval::acc::{Acc, Sum, Trace};
use eval::chess::{evaluate, evaluate_with, Weights, SCORE_LIMIT, WEIGHTS};
use eval::params::Params;
use eval::score::S;
use eval::{EvalConfig, Evaluate};
use movegen::movegen::legal_moves;
use movegen::{Board, Chess, Position};

fn eval_fen(fen: &str) -> i32 {
    evaluate(&Board::from_fen(fen).unwrap())
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Positions reached by random legal moves from a few starting FENs.
fn random_positions(count_per_fen: usize) -> Vec<Board> {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "6k1/5ppp/8/8/8/8/1B3PPP/6K1 w - - 0 1",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for fen in fens {
        for _ in 0..count_per_fen {
            let mut b = Board::from_fen(fen).unwrap();
            let plies = rng.next() % 60;
            for _ in 0..plies {
                let moves = legal_moves(&b);
                if moves.is_empty() {
                    break;
                }
                b.make_move(moves[(rng.next() % moves.len() as u64) as usize]);
            }
            out.push(b);
        }
    }
    out
}

#[test]
fn mirror_fen_is_an_involution() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K1R1 b Qkq - 3 17";
    assert_eq!(mirror_fen(&mirror_fen(fen)), fen);
    assert_eq!(
        mirror_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2"
    );
}

#[test]
fn colour_mirror_gives_the_same_score() {
    let positions = random_positions(400);
    assert!(positions.len() >= 2000);
    for b in positions {
        let fen = b.to_fen();
        let m = Board::from_fen(&mirror_fen(&fen)).unwrap();
        let (e, em) = (evaluate(&b), evaluate(&m));
        assert_eq!(e, em, "{fen} scores {e}, its mirror {em}");
        // The White-view breakdowns are exact negations.
        let bd = evaluate_with(&b, &WEIGHTS, &mut Sum::default());
        let bm = evaluate_with(&m, &WEIGHTS, &mut Sum::default());
        assert_eq!(bd.sum, -bm.sum, "{fen}");
        assert_eq!((bd.phase, bd.scale), (bm.phase, bm.scale), "{fen}");
    }
}

#[test]
fn scores_stay_inside_the_limit() {
    const { assert!(SCORE_LIMIT < 20_000) };
    for b in random_positions(100) {
        assert!(evaluate(&b).abs() <= SCORE_LIMIT);
    }
    // Seven queens and eight pawns against a bare king.
    let huge = eval_fen("k7/8/PPPPPPPP/8/8/8/8/QQQQQQQK w - - 0 1");
    assert!(huge > 5000 && huge <= SCORE_LIMIT, "{huge}");
}

#[test]
fn start_position_is_near_equal_and_the_trait_uses_the_network() {
    let c = Chess::startpos();
    let e = evaluate(c.board());
    assert!(e.abs() < 60, "start position scores {e}");
    assert_eq!(
        c.evaluate(&EvalConfig::default()),
        eval::nnue::evaluate(c.board())
    );
}

#[test]
fn side_to_move_view() {
    // White a queen up: good for White to move, bad for Black to move.
    let w = eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let b = eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(w > 500, "a queen up scores {w}");
    assert!(b < -500, "a queen down scores {b}");
}

#[test]
fn a_queen_up_is_winning() {
    for fen in [
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1",
    ] {
        let e = eval_fen(fen);
        assert!(e > 500, "{fen}: {e}");
    }
}

#[test]
fn more_material_is_better() {
    // A rook up > a knight up > equal.
    let rook_up = eval_fen("1nb1kbn1/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQ - 0 1");
    let knight_up = eval_fen("r1b1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    let equal = eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    assert!(
        rook_up > knight_up && knight_up > equal + 150,
        "{rook_up} {knight_up} {equal}"
    );
}

#[test]
fn bishop_pair_bonus_is_positive() {
    let w = &WEIGHTS.bishop_pair;
    assert!(w.mg > 0 && w.eg > 0, "{w:?}");
    // The term is counted for the side holding the pair.
    let b = Board::from_fen("4k3/pppp4/8/8/8/8/PPPP4/2B1KB2 w - - 0 1").unwrap();
    let mut t = Trace::new(&WEIGHTS);
    evaluate_with(&b, &WEIGHTS, &mut t);
    assert_eq!(t.coefficients[index_of(&WEIGHTS, &WEIGHTS.bishop_pair)], 1);
}

/// White's uses minus Black's of the weight `p` in the position `fen`.
fn coefficient(fen: &str, p: &S) -> i32 {
    let b = Board::from_fen(fen).unwrap();
    let mut t = Trace::new(&WEIGHTS);
    evaluate_with(&b, &WEIGHTS, &mut t);
    t.coefficients[index_of(&WEIGHTS, p)]
}

#[test]
fn an_undefended_attacked_piece_is_hanging() {
    let hanging = &WEIGHTS.hanging[1];
    assert!(hanging.mg > 0 && hanging.eg > 0, "{hanging:?}");
    assert_eq!(coefficient("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", hanging), 1);
    // Defended by a pawn: not hanging.
    assert_eq!(
        coefficient("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", hanging),
        0
    );
    // The same for Black.
    assert_eq!(coefficient("3rk3/8/8/8/3N4/8/8/4K3 w - - 0 1", hanging), -1);
}

#[test]
fn a_safe_check_counts_and_a_guarded_one_does_not() {
    let rook = &WEIGHTS.safe_check[2];
    assert!(rook.mg > 0, "{rook:?}");
    assert_eq!(coefficient("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", rook), 1);
    // The knight on c7 guards a8.
    assert_eq!(coefficient("4k3/2n5/8/8/8/8/8/R3K3 w - - 0 1", rook), 0);
}

#[test]
fn a_passed_pawn_with_a_free_way_earns_more() {
    let free = &WEIGHTS.passed_free[4];
    assert!(free.eg > 0, "{free:?}");
    assert_eq!(coefficient("k7/8/8/3P4/8/8/8/4K3 w - - 0 1", free), 1);
    // The enemy king guards the way.
    assert_eq!(coefficient("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", free), 0);
    // A rook blocks it.
    assert_eq!(coefficient("k2r4/8/8/3P4/8/8/8/4K3 w - - 0 1", free), 0);
}

#[test]
fn space_counts_safe_central_squares_and_those_behind_pawns_twice() {
    let space = &WEIGHTS.space[7];
    // Start position: c3-f4 free for each side, nothing behind the pawns.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(coefficient(start, space), 0);
    // After 1.e4, White also has e2, and e2, e3 behind the pawn count twice
    // (10); the pawn takes d5 and f5 from Black (6).
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(coefficient(e4, space), 4);
    // With a knight fewer the count moves to the table's sixth entry.
    let no_knight = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 0 1";
    assert_eq!(coefficient(no_knight, &WEIGHTS.space[6]), 10);
    // After 1.e4 e5 each side has 8: the other's pawn takes two squares,
    // its own pawn move adds the two behind it.
    let e4e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(coefficient(e4e5, space), 0);
}

#[test]
fn the_king_pawn_distance_is_to_the_nearest_own_pawn() {
    let d = &WEIGHTS.king_pawn_distance;
    assert_eq!(coefficient("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", d), 4);
    assert_eq!(coefficient("4k3/8/8/8/8/8/P4P2/4K3 w - - 0 1", d), 1);
    // No pawns, no term; Black's count is subtracted.
    assert_eq!(coefficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1", d), 0);
    assert_eq!(coefficient("4k3/7p/8/8/8/8/8/4K3 w - - 0 1", d), -3);
}

#[test]
fn king_danger_needs_two_attackers_and_is_indexed_by_units() {
    use eval::chess::king::danger_units;
    assert_eq!(danger_units(0, 0, 0), 0);
    assert_eq!(danger_units(3, 1, 2), 3 + 2 + 6);
    assert_eq!(danger_units(40, 5, 4), 23, "capped");
    let used = |fen: &str| -> Vec<i32> {
        WEIGHTS
            .king_danger
            .iter()
            .map(|p| coefficient(fen, p))
            .collect()
    };
    // One attacker (the rook on the g-file hits g7, g8): no danger entry.
    let one = used("6k1/5ppp/8/8/8/8/8/K5R1 w - - 0 1");
    assert!(one.iter().all(|&c| c == 0), "{one:?}");
    // Rook and queen both on the zone: exactly one entry, for White.
    let two = used("6k1/5ppp/4Q3/8/8/8/8/K5R1 w - - 0 1");
    assert_eq!(two.iter().sum::<i32>(), 1, "{two:?}");
    assert_eq!(two.iter().filter(|&&c| c != 0).count(), 1);
}

#[test]
fn advanced_passed_pawn_is_worth_more() {
    let seventh = eval_fen("8/4P3/8/8/k7/8/8/K7 w - - 0 1");
    let fifth = eval_fen("8/8/8/4P3/k7/8/8/K7 w - - 0 1");
    let third = eval_fen("8/8/8/8/k7/4P3/8/K7 w - - 0 1");
    assert!(
        seventh > fifth && fifth > third,
        "7th {seventh}, 5th {fifth}, 3rd {third}"
    );
    // A passed pawn beats a blocked-in one.
    let passed = eval_fen("6k1/8/8/3P4/8/8/8/6K1 w - - 0 1");
    let opposed = eval_fen("6k1/3p4/8/3P4/8/8/8/6K1 w - - 0 1");
    assert!(passed > opposed + 100, "passed {passed}, opposed {opposed}");
}

#[test]
fn pawn_weaknesses_are_penalised() {
    let w = &WEIGHTS;
    assert!(
        w.isolated.mg + w.isolated.eg < 0,
        "isolated {:?}",
        w.isolated
    );
    assert!(w.doubled.mg + w.doubled.eg < 0, "doubled {:?}", w.doubled);
    // Doubled isolated pawns against healthy ones (same material).
    let healthy = eval_fen("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
    let doubled = eval_fen("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
    assert!(healthy > doubled, "healthy {healthy}, doubled {doubled}");
}

#[test]
fn rooks_like_open_files_and_mobility_counts() {
    let w = &WEIGHTS;
    assert!(w.rook_open.mg > 0, "{:?}", w.rook_open);
    assert!(w.rook_open.mg >= w.rook_half_open.mg);
    // More squares for a knight is better, at the extremes.
    assert!(w.knight_mobility[8].mg > w.knight_mobility[0].mg);
    assert!(w.queen_mobility[20].mg > w.queen_mobility[2].mg);
}

#[test]
fn a_shattered_king_is_worse() {
    let safe = eval_fen("r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 1");
    let shattered = eval_fen("r4rk1/ppp2ppp/8/8/8/5PPP/PPP5/R4RK1 w - - 0 1");
    assert!(safe > shattered, "safe {safe}, shattered {shattered}");
}

#[test]
fn drawish_endgames_are_scaled_down() {
    // A lone minor piece cannot win.
    for fen in [
        "8/8/4k3/8/8/2B5/4K3/8 w - - 0 1",
        "8/8/4k3/8/8/2N5/4K3/8 b - - 0 1",
    ] {
        let e = eval_fen(fen);
        assert!(e.abs() < 30, "{fen}: {e}");
    }
    // Rook against bishop: far below a rook's value.
    let rb = eval_fen("8/8/4k3/3b4/8/2R5/4K3/8 w - - 0 1");
    assert!(rb.abs() < 100, "KR v KB: {rb}");
    // Opposite-coloured bishops halve a pawn-up ending.
    // c3 is dark, d5 light, e5 dark.
    let ocb = eval_fen("8/5k2/5p2/3b4/8/2B2PP1/5K2/8 w - - 0 1");
    let same = eval_fen("8/5k2/5p2/4b3/8/2B2PP1/5K2/8 w - - 0 1");
    assert!(ocb > 0 && ocb < same, "opposite {ocb}, same colour {same}");
}

#[test]
fn weights_layout_matches_the_parameter_order() {
    let w = &WEIGHTS;
    assert_eq!(
        std::mem::size_of::<Weights>(),
        Weights::LEN * std::mem::size_of::<S>()
    );
    let base = w as *const Weights as usize;
    let mut i = 0;
    w.visit(&mut |s| {
        assert_eq!(
            (s as *const S as usize - base) / std::mem::size_of::<S>(),
            i
        );
        i += 1;
    });
    assert_eq!(i, Weights::LEN);
    // set_from / to_vec round trip.
    let mut copy = Weights::initial();
    copy.set_from(&w.to_vec());
    assert_eq!(&copy, w);
}

fn index_of(w: &Weights, p: &S) -> usize {
    (p as *const S as usize - w as *const Weights as usize) / std::mem::size_of::<S>()
}

#[test]
fn trace_reproduces_the_evaluation() {
    let params = WEIGHTS.to_vec();
    let mut t = Trace::new(&WEIGHTS);
    for b in random_positions(50) {
        t.clear();
        let bd = evaluate_with(&b, &WEIGHTS, &mut t);
        let mut sum = S::ZERO;
        for (i, &c) in t.coefficients.iter().enumerate() {
            sum += params[i] * c;
        }
        assert_eq!(sum, bd.sum);
        assert_eq!(t.total(), bd.sum);
        assert_eq!(bd, evaluate_with(&b, &WEIGHTS, &mut Sum::default()));
    }
}

#[test]
fn generated_source_names_every_field() {
    let src = WEIGHTS.to_rust("TUNED");
    assert!(src.starts_with("pub const TUNED: Weights = Weights {"));
    for field in [
        "material:",
        "psqt:",
        "queen_mobility:",
        "pawn_shield:",
        "tempo:",
    ] {
        assert!(src.contains(field), "{field}");
    }
}

/// Timing by hand: `cargo test --release -p eval --test eval -- --ignored --nocapture`.
#[test]
#[ignore]
fn time_evaluation() {
    let positions = random_positions(200);
    let rounds = 500;
    let t = std::time::Instant::now();
    let mut acc = 0i64;
    for _ in 0..rounds {
        for b in &positions {
            acc += evaluate(std::hint::black_box(b)) as i64;
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / (rounds * positions.len()) as f64;
    println!(
        "{ns:.1} ns/eval over {} positions (checksum {acc})",
        positions.len()
    );
}
