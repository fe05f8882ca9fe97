//! The two-board team game (`movegen::drops::TeamGame`): where pieces go
//! between the boards (S2, S4, S7, S8) and how the whole game ends (S12).

use movegen::drops::team::Arrival;
use movegen::drops::{Bughouse, Swedish, Team, TeamBoard, TeamGame};
use movegen::{Color, Piece, PieceKind, Position};

fn play<R: movegen::drops::DropRules>(
    g: &mut TeamGame<R>,
    board: TeamBoard,
    m: &str,
) -> Vec<Arrival> {
    let mv = g
        .board(board)
        .parse_move(m)
        .unwrap_or_else(|e| panic!("{m}: {e}"));
    g.play(board, mv)
}

#[test]
fn s2_capture_goes_to_the_partner_on_the_other_board() {
    let mut g = TeamGame::<Swedish>::default();
    for m in ["e2e4", "d7d5"] {
        assert!(play(&mut g, TeamBoard::A, m).is_empty());
    }
    // White on A takes a black pawn: it joins Black's reserve on B (the
    // capturer's partner plays Black there).
    let got = play(&mut g, TeamBoard::A, "e4d5");
    assert_eq!(
        got,
        vec![Arrival {
            board: TeamBoard::B,
            piece: Piece::new(Color::Black, PieceKind::Pawn)
        }]
    );
    assert!(
        g.to_fen().ends_with("RNBQKBNR[p] w KQkq - 0 1"),
        "{}",
        g.to_fen()
    );
    // The same holds from board B: Black on B takes, White on A receives.
    for m in ["e2e4", "d7d5", "g1f3"] {
        play(&mut g, TeamBoard::B, m);
    }
    let got = play(&mut g, TeamBoard::B, "d5e4");
    assert_eq!(got[0].board, TeamBoard::A);
    assert_eq!(got[0].piece, Piece::new(Color::White, PieceKind::Pawn));
    assert_eq!(g.board(TeamBoard::A).current().reserve.to_fen(), "P");
}

#[test]
fn s7_promotion_sends_the_pawn_to_the_partners_opponent() {
    let a = "7k/P7/8/8/8/8/8/K7 w - - 0 1";
    let b = "4k3/8/8/8/8/8/8/4K3 b - - 0 1";
    let mut g = TeamGame::<Swedish>::from_fen(&format!("{a} | {b}")).unwrap();
    let got = play(&mut g, TeamBoard::A, "a7a8q");
    // White's pawn goes to White on B (the partner's opponent).
    assert_eq!(
        got,
        vec![Arrival {
            board: TeamBoard::B,
            piece: Piece::new(Color::White, PieceKind::Pawn)
        }]
    );
    // Bughouse (FICS) keeps the pawn on the board as the new piece: nothing moves.
    let mut g = TeamGame::<Bughouse>::from_fen(&format!("{a} | {b}")).unwrap();
    assert!(play(&mut g, TeamBoard::A, "a7a8q").is_empty());
}

#[test]
fn s8_captured_promoted_kind_leaves_play_but_bughouse_demotes() {
    let a = "7k/8/8/8/8/8/7K/Q~5r1 b - - 0 1";
    let b = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    // Swedish: the rook takes the promoted queen, which returns to the
    // third set: nobody's reserve gains anything.
    let mut g = TeamGame::<Swedish>::from_fen(&format!("{a} | {b}")).unwrap();
    assert!(play(&mut g, TeamBoard::A, "g1a1").is_empty());
    assert!(g
        .board(TeamBoard::B)
        .current()
        .reserve
        .is_empty(Color::White));
    // FICS bughouse: the promoted queen reaches the partner as a pawn.
    let mut g = TeamGame::<Bughouse>::from_fen(&format!("{a} | {b}")).unwrap();
    let got = play(&mut g, TeamBoard::A, "g1a1");
    assert_eq!(
        got,
        vec![Arrival {
            board: TeamBoard::B,
            piece: Piece::new(Color::White, PieceKind::Pawn)
        }]
    );
}

#[test]
fn s4_checking_drop_is_confiscated_to_the_opponents_partner() {
    let a = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
    let b = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut g = TeamGame::<Swedish>::from_fen(&format!("{a} | {b}")).unwrap();
    // N@d6 gives check: illegal for the engine, confiscated by the arbiter.
    assert!(g.board(TeamBoard::A).parse_move("N@d6").is_err());
    assert_eq!(
        g.checking_drop(TeamBoard::A, "N@d6"),
        Some((PieceKind::Knight, movegen::Square::parse("d6").unwrap()))
    );
    // A quiet drop, a piece not held and a non-drop are not confiscations.
    assert_eq!(g.checking_drop(TeamBoard::A, "N@a1"), None);
    assert_eq!(g.checking_drop(TeamBoard::A, "Q@e7"), None);
    assert_eq!(g.checking_drop(TeamBoard::A, "e1e2"), None);
    let got = g.confiscate(TeamBoard::A, PieceKind::Knight);
    assert_eq!(got.board, TeamBoard::B);
    assert_eq!(got.piece, Piece::new(Color::White, PieceKind::Knight));
    assert!(g
        .board(TeamBoard::A)
        .current()
        .reserve
        .is_empty(Color::White));
    assert_eq!(g.board(TeamBoard::B).current().reserve.to_fen(), "N");
    // The same player is still to move.
    assert_eq!(g.board(TeamBoard::A).side_to_move(), Color::White);
    // FICS bughouse allows checking drops: nothing to confiscate.
    let g = TeamGame::<Bughouse>::from_fen(&format!("{a} | {b}")).unwrap();
    assert_eq!(g.checking_drop(TeamBoard::A, "N@d6"), None);
    assert!(g.board(TeamBoard::A).parse_move("N@d6").is_ok());
}

#[test]
fn s12_mate_on_either_board_decides_for_the_team() {
    // Black on board B is mated: Black on B is team 1, so team 2 wins.
    let a = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let b = "6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1";
    let g = TeamGame::<Swedish>::from_fen(&format!("{a} | {b}")).unwrap();
    let o = g.outcome().expect("mate on B");
    assert_eq!(o.winner, Some(Team::Two));
    assert_eq!(o.reason, "checkmate");
    assert_eq!(o.board, Some(TeamBoard::B));
    // The same mate on board A: White on A (team 1) wins.
    let g = TeamGame::<Swedish>::from_fen(&format!("{b} | {a}")).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Team::One));
}

#[test]
fn s11_check_a_drop_could_block_is_not_the_end() {
    // A rook check along the first rank with empty squares between: no legal
    // move, but a drop could block, so the player sits (S10, S11).
    let a = "k7/8/8/8/8/8/PP6/K6r w - - 0 1";
    let b = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let g = TeamGame::<Swedish>::from_fen(&format!("{a} | {b}")).unwrap();
    let mut list = Default::default();
    g.board(TeamBoard::A).generate_moves(&mut list);
    assert!(list.is_empty() && g.board(TeamBoard::A).in_check());
    assert_eq!(g.outcome(), None);
    // A knight check no drop can block is mate: team 2 (Black on A) wins.
    let a = "k7/8/8/8/8/8/PPn5/KR6 w - - 0 1";
    let g = TeamGame::<Swedish>::from_fen(&format!("{a} | {b}")).unwrap();
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(Team::Two)));
}

/// S12 (decided 2026-12-05): a board stalemate ends nothing in Swedish
/// chess (the player sits until a piece arrives); in FICS bughouse it draws
/// the match.
#[test]
fn s12_board_stalemate_sits_in_swedish_chess_and_draws_in_bughouse() {
    let a = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let b = "4k3/8/8/8/8/8/3n4/4KN2 w - - 0 1";
    let bughouse = TeamGame::<Bughouse>::from_fen(&format!("{a} | {b}")).unwrap();
    let o = bughouse.outcome().expect("stalemate");
    assert_eq!((o.winner, o.reason), (None, "stalemate"));

    let mut g = TeamGame::<Swedish>::from_fen(&format!("{a} | {b}")).unwrap();
    assert_eq!(g.outcome(), None);
    let count = |g: &TeamGame<Swedish>| {
        let mut list = movegen::drops::DropMoveList::new();
        g.board(TeamBoard::A).generate_moves(&mut list);
        list.len()
    };
    assert_eq!(count(&g), 0, "Black on board A sits");
    // His partner (White on board B) takes a black knight: it joins Black's
    // reserve on board A, and Black moves again.
    let arrivals = play(&mut g, TeamBoard::B, "f1d2");
    assert_eq!(
        arrivals,
        [Arrival {
            board: TeamBoard::A,
            piece: Piece::new(Color::Black, PieceKind::Knight)
        }]
    );
    assert!(count(&g) > 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn s12_repetition_counts_the_whole_two_board_position() {
    let mut g = TeamGame::<Swedish>::default();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    // Board A repeats twice while board B stands still: threefold.
    for _ in 0..2 {
        for m in shuffle {
            play(&mut g, TeamBoard::A, m);
        }
    }
    assert_eq!(g.outcome().map(|o| o.reason), Some("threefold repetition"));
    // When board B moves in between, board A's repetitions are of
    // different whole positions.
    let mut g = TeamGame::<Swedish>::default();
    for (i, m) in shuffle.iter().cycle().take(8).enumerate() {
        play(&mut g, TeamBoard::A, m);
        if i == 3 {
            play(&mut g, TeamBoard::B, "e2e4");
        }
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn two_board_fen_round_trip_and_errors() {
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1 | \
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQkq - 0 1";
    let g = TeamGame::<Swedish>::from_fen(text).unwrap();
    assert_eq!(g.to_fen(), text);
    assert!(TeamGame::<Swedish>::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    let e = TeamGame::<Swedish>::from_fen("x | y").err().unwrap();
    assert!(e.starts_with("board A:"), "{e}");
}
