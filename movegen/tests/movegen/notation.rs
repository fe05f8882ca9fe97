//! SAN details: disambiguation, castling, promotion, check and mate marks,
//! lenient input; and the PGN writer.

use movegen::pgn::PgnGame;
use movegen::san::{parse_san, to_san};
use movegen::{Board, Chess, Position};

fn san_of(fen: &str, uci: &str) -> String {
    let b = Board::from_fen(fen).unwrap();
    let pos = Chess::from_board(b);
    to_san(&b, pos.parse_move(uci).unwrap())
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    // Two rooks on one rank: file disambiguation.
    assert_eq!(san_of("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
    // Two rooks on one file: rank disambiguation.
    assert_eq!(san_of("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a4"), "R1a4");
    // Three queens: full square.
    assert_eq!(
        san_of("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", "c3d2"),
        "Qc3d2"
    );
    // A pinned rival does not count.
    assert_eq!(san_of("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3"), "Nc3");
}

#[test]
fn castling_promotion_and_marks() {
    assert_eq!(
        san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
        "O-O"
    );
    assert_eq!(
        san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"),
        "O-O-O"
    );
    assert_eq!(san_of("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q"), "a8=Q");
    assert_eq!(san_of("1n5k/P7/8/8/8/8/8/K7 w - - 0 1", "a7b8n"), "axb8=N");
    assert_eq!(san_of("7k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8"), "Ra8#");
    assert_eq!(san_of("7k/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
    assert_eq!(
        san_of(
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "e5f6"
        ),
        "exf6"
    );
}

#[test]
fn lenient_san_input() {
    let b = Board::startpos();
    for s in ["Nf3", "Ng1f3", "Nf3!", "Nf3?!", "N1f3"] {
        assert_eq!(
            parse_san(&b, s).map(|m| m.to_string()),
            Ok("g1f3".to_string()),
            "{s}"
        );
    }
    assert!(parse_san(&b, "Nf4").is_err());
    assert!(parse_san(&b, "O-O").is_err());
    assert!(parse_san(&b, "zz").is_err());
    let b = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(
        parse_san(&b, "0-0").map(|m| m.to_string()),
        Ok("e1g1".to_string())
    );
    let b = Board::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(
        parse_san(&b, "a8Q").map(|m| m.to_string()),
        Ok("a7a8q".to_string())
    );
    assert!(parse_san(&b, "a8").is_err(), "promotion piece required");
    let b = Board::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    assert_eq!(parse_san(&b, "Rd1"), Err("Rd1: ambiguous move".to_string()));
}

#[test]
fn pgn_writer() {
    let g = PgnGame {
        tags: vec![
            ("White".into(), "vsadnik".into()),
            ("Event".into(), "Test \"quoted\"".into()),
        ],
        moves: vec!["e4".into(), "e5".into(), "Qh5".into()],
        black_starts: false,
        first_move_number: 1,
        result: "*".into(),
        ..Default::default()
    };
    let text = g.render();
    assert!(text.starts_with("[Event \"Test \\\"quoted\\\"\"]\n[Site \"?\"]"));
    assert!(
        text.contains("[White \"vsadnik\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Qh5 *\n")
    );
    let g = PgnGame {
        moves: vec!["e5".into(), "Nf3".into()],
        black_starts: true,
        first_move_number: 7,
        result: "1-0".into(),
        ..Default::default()
    };
    assert!(g.render().contains("7... e5 8. Nf3 1-0"));
    let long = PgnGame {
        moves: vec!["Nf3".into(); 200],
        first_move_number: 1,
        result: "*".into(),
        ..Default::default()
    };
    assert!(long.render().lines().all(|l| l.len() <= 80));
    // A game comment before the first move, wrapped like the moves.
    let commented = PgnGame {
        comment: Some("1 e2e4, 2 e7e5 f7f6, 3 Ng1h3 Bf1e2 Be2h5+ ".repeat(5)),
        moves: vec!["e4".into(), "e5".into(), "--".into(), "f6".into()],
        first_move_number: 1,
        result: "*".into(),
        ..Default::default()
    };
    let text = commented.render();
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert!(text.contains("\n\n{1 e2e4, 2 e7e5 f7f6, 3 Ng1h3"), "{text}");
    assert!(text.ends_with("Be2h5+} 1. e4 e5 2. -- f6 *\n\n"), "{text}");
}

#[test]
fn a_pawn_drop_may_leave_out_its_letter() {
    use movegen::drops::CrazyhousePosition;
    let pos: CrazyhousePosition = movegen::variant::setup_position(
        Some("rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"),
        &[] as &[&str],
    )
    .unwrap();
    let m = pos.parse_record_move("@e4").unwrap();
    assert_eq!(m, pos.parse_record_move("P@e4").unwrap());
    assert_eq!(pos.move_to_record(m), "P@e4");
    assert!(pos.parse_record_move("@e9").is_err());
    assert!(
        pos.parse_move("@e4").is_err(),
        "coordinates keep the letter"
    );
}

#[test]
fn notes_follow_their_moves_and_renumber_black() {
    let g = PgnGame {
        moves: vec!["e4".into(), "e5".into(), "Qh5".into(), "Nc6".into()],
        first_move_number: 1,
        result: "*".into(),
        notes: vec![
            vec!["{[%eval".into(), "0.30]}".into()],
            vec![],
            vec!["{x}".into(), "(2.".into(), "Nf3)".into()],
        ],
        ..Default::default()
    };
    assert!(
        g.render()
            .contains("1. e4 {[%eval 0.30]} 1... e5 2. Qh5 {x} (2. Nf3) 2... Nc6 *"),
        "{}",
        g.render()
    );
}
