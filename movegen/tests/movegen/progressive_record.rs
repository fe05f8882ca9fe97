//! Progressive games in PGN (issue 16, item 11): the movetext is chess with
//! passes (a chess reader replays every position with the right side to
//! move), the game comment is the rules' series record, and both read back.

use movegen::pgn::{is_null_move, PgnBody};
use movegen::progressive::{
    EnglishPosition, ItalianPosition, Progressive, ScottishPosition, SeriesRules,
};
use movegen::san::parse_san;
use movegen::variant::{Position, Status};
use movegen::{Board, Move};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The moves `list` (coordinates) from `start`.
fn moves_from<R: SeriesRules>(start: &Progressive<R>, list: &[&str]) -> Vec<Move> {
    let mut pos = start.clone();
    list.iter()
        .map(|t| {
            let m = pos
                .parse_move(t)
                .unwrap_or_else(|e| panic!("{} {t}: {e}", pos.to_fen()));
            pos.make_move(m);
            m
        })
        .collect()
}

/// Replays the movetext as chess (null moves as passes) beside the
/// progressive game: every real move is the game's move, played with the
/// progressive mover to move; every null move is by the other side; the
/// final placement is the game's.
fn check_chess_replay<R: SeriesRules>(start: &Progressive<R>, moves: &[Move], body: &PgnBody) {
    let mut board = match body.tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Board::from_fen(fen).expect("the FEN tag is a chess FEN"),
        None => Board::startpos(),
    };
    let mut pos = start.clone();
    let mut real = moves.iter();
    for tok in &body.moves {
        if is_null_move(tok) {
            assert_ne!(
                board.side_to_move(),
                pos.side_to_move(),
                "a pass by the mover: {tok}"
            );
            board.make_null_move();
            continue;
        }
        assert_eq!(
            board.side_to_move(),
            pos.side_to_move(),
            "{tok}: wrong side to move"
        );
        let m = parse_san(&board, tok).unwrap_or_else(|e| panic!("{}: {e}", board.to_fen()));
        assert_eq!(Some(&m), real.next(), "{tok}");
        board.make_move(m);
        pos.make_move(m);
    }
    assert_eq!(real.next(), None, "the movetext ends early");
    assert_eq!(board.placement_fen(), pos.state().board.placement_fen());
}

/// The record and the movetext of a game, both checked.
fn body_of<R: SeriesRules>(start: &Progressive<R>, list: &[&str]) -> PgnBody {
    let moves = moves_from(start, list);
    let body = Progressive::<R>::pgn_body(start, &moves);
    let record = body.comment.clone().expect("a series record");
    let back = Progressive::<R>::read_game_record(start, &record)
        .expect("the record is recognised")
        .unwrap_or_else(|e| panic!("{record}: {e}"));
    assert_eq!(back, moves, "{record}");
    if !body.moves.is_empty() {
        check_chess_replay(start, &moves, &body);
    }
    body
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_rules_example_as_series_record_and_chess_with_passes() {
    let start = ItalianPosition::startpos();
    let body = body_of(&start, &["e2e4", "e7e5", "f7f6", "g1h3", "f1e2", "e2h5"]);
    assert_eq!(
        body.comment.as_deref(),
        Some("1 e2e4, 2 e7e5 f7f6, 3 Ng1h3 Bf1e2 Be2h5+")
    );
    // Not `1. e4 e5 2. f6 Nh3 ...`, which a reader takes as White's f6.
    assert_eq!(
        body.moves,
        strings(&["e4", "e5", "--", "f6", "Nh3", "--", "Be2", "--", "Bh5+"])
    );
    assert_eq!(
        body.tags,
        vec![("Rules".to_string(), "progressive-italian".to_string())]
    );
    assert!(!body.black_starts);
    assert_eq!(body.first_move_number, 1);
}

#[test]
fn a_check_ends_the_series_and_the_next_keeps_its_number() {
    let list = [
        "e2e4", "d7d6", "e7e6", "f1b5", "c7c6", "g8f6", "b8d7", "a7a6",
    ];
    for body in [
        body_of(&ScottishPosition::startpos(), &list),
        body_of(&EnglishPosition::startpos(), &list),
    ] {
        assert_eq!(
            body.comment.as_deref(),
            Some("1 e2e4, 2 d7d6 e7e6, 3 Bf1b5+, 4 c7c6 Ng8f6 Nb8d7 a7a6")
        );
        assert_eq!(
            body.moves,
            strings(&["e4", "d6", "--", "e6", "Bb5+", "c6", "--", "Nf6", "--", "Nbd7", "--", "a6"])
        );
    }
    // Italian: a check before the last move of a series is illegal (I1).
    let start = ItalianPosition::startpos();
    let err = ItalianPosition::read_game_record(&start, "1 e2e4, 2 d7d6 e7e6, 3 Bf1b5+")
        .unwrap()
        .unwrap_err();
    assert!(err.contains("series 3"), "{err}");
    let err = ScottishPosition::read_game_record(
        &ScottishPosition::startpos(),
        "1 e2e4, 2 d7d6 e7e6, 3 Bf1b5+ Ng1f3",
    )
    .unwrap()
    .unwrap_err();
    assert_eq!(err, "series 3 is over before Ng1f3");
}

#[test]
fn en_passant_after_an_earlier_double_step_leaves_only_the_series_record() {
    let start = ItalianPosition::startpos();
    // c2c4 is not the last move of series 3: after the passes a chess
    // reader has no en passant square for d4xc3.
    let list = [
        "e2e4", "d7d5", "d5d4", "c2c4", "g1f3", "f3g5", "d4c3", "b8c6", "g8f6", "a7a6",
    ];
    let body = body_of(&start, &list);
    assert_eq!(
        body.comment.as_deref(),
        Some("1 e2e4, 2 d7d5 d5d4, 3 c2c4 Ng1f3 Nf3g5, 4 d4xc3 Nb8c6 Ng8f6 a7a6")
    );
    assert!(body.moves.is_empty(), "{:?}", body.moves);
    // With the double step last, the capture is a chess move.
    let list = [
        "e2e4", "d7d5", "d5d4", "g1f3", "f3g5", "c2c4", "d4c3", "b8c6", "g8f6", "a7a6",
    ];
    let body = body_of(&start, &list);
    assert_eq!(body.moves[8..11], strings(&["c4", "dxc3", "--"]));
}

#[test]
fn a_game_from_mid_series_keeps_its_fen_for_both_readers() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 1";
    let start = ScottishPosition::from_fen(fen).unwrap();
    let body = body_of(&start, &["g1f3", "f3g5", "d7d5"]);
    assert_eq!(
        body.tags,
        vec![
            ("Rules".to_string(), "progressive-scottish".to_string()),
            (
                "FEN".to_string(),
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3".to_string()
            ),
            ("SetUp".to_string(), "1".to_string()),
            ("VariantFEN".to_string(), fen.to_string()),
        ]
    );
    assert_eq!(body.comment.as_deref(), Some("3... Ng1f3 Nf3g5, 4 d7d5"));
    assert_eq!(body.first_move_number, 3);
    // A series start with one en passant target: one FEN for both.
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 4";
    let start = ItalianPosition::from_fen(fen).unwrap();
    let body = body_of(&start, &["d4e3"]);
    assert!(
        body.tags.iter().all(|(k, _)| k != "VariantFEN"),
        "{:?}",
        body.tags
    );
    assert_eq!(body.moves, strings(&["dxe3"]));
    assert!(body.black_starts);
    // The record must begin with the start's series: otherwise it is some
    // other comment.
    assert!(ItalianPosition::read_game_record(&start, "White resigns").is_none());
    assert!(ItalianPosition::read_game_record(&start, "5 d4e3").is_none());
}

#[test]
fn record_notation_of_castling_promotion_capture_and_mate() {
    let start = EnglishPosition::from_fen("r3k3/1P1ppp2/8/8/8/8/8/4K2R w Kq - 0 3").unwrap();
    let moves = moves_from(&start, &["e1g1", "b7a8q"]);
    let body = EnglishPosition::pgn_body(&start, &moves);
    assert_eq!(body.comment.as_deref(), Some("3 O-O b7xa8Q#"));
    assert_eq!(body.moves, strings(&["O-O", "--", "bxa8=Q#"]));
    assert_eq!(start.move_to_record(moves[0]), "O-O");
    for text in ["O-O", "Ke1g1", "e1g1"] {
        assert_eq!(start.parse_record_move(text), Ok(moves[0]), "{text}");
    }
}

/// Random games (seeded): the record reads back and the movetext replays as
/// chess with the right sides, or (en passant after an earlier double step)
/// is left empty.
fn random_games<R: SeriesRules>(seed: u64) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut replayed, mut record_only) = (0, 0);
    for _ in 0..30 {
        let start = Progressive::<R>::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        while moves.len() < 90 && pos.status() == Status::Ongoing {
            let mut list = <Progressive<R> as Position>::MoveList::default();
            pos.generate_moves(&mut list);
            let m = list[rng.gen_range(0..list.len())];
            pos.make_move(m);
            moves.push(m);
        }
        let body = Progressive::<R>::pgn_body(&start, &moves);
        let record = body.comment.clone().unwrap();
        let back = Progressive::<R>::read_game_record(&start, &record).unwrap();
        assert_eq!(back.as_ref(), Ok(&moves), "{record}");
        if body.moves.is_empty() {
            record_only += 1;
        } else {
            check_chess_replay(&start, &moves, &body);
            replayed += 1;
        }
    }
    (replayed, record_only)
}

#[test]
fn random_games_read_back_and_replay_with_the_right_sides() {
    let (a, _) = random_games::<movegen::progressive::Italian>(1);
    let (b, _) = random_games::<movegen::progressive::Scottish>(2);
    let (c, d) = random_games::<movegen::progressive::English>(3);
    assert_eq!(d, 0, "English has no en passant: every game replays");
    assert!(a >= 20 && b >= 20 && c == 30, "{a} {b} {c}");
}
