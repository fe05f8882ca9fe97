//! Swedish chess rules S2–S12 on one board (team-level parts of S12 are the
//! match runner's), each decision both ways, with crazyhouse and bughouse as
//! the contrast where the rules differ.

use movegen::drops::{BughousePosition, CrazyhousePosition, DropMove, Swedish, SwedishPosition};
use movegen::variant::setup_position;
use movegen::{Color, Outcome, Piece, PieceKind, Position, Status};

fn moves<P: Position>(fen: &str) -> Vec<String> {
    let p = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = P::MoveList::default();
    p.generate_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

fn has<P: Position>(fen: &str, m: &str) -> bool {
    moves::<P>(fen).iter().any(|x| x == m)
}

#[test]
fn s3_a_drop_is_a_move() {
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
    let mut p = SwedishPosition::from_fen(fen).unwrap();
    let m = p.parse_move("N@d4").unwrap();
    p.make_move(m);
    assert_eq!(p.to_fen(), "4k3/8/8/8/3N4/8/8/4K3[] b - - 1 1");
    assert!(p.parse_move("n@d5").is_err(), "Black holds no knight");
    assert!(!has::<SwedishPosition>(fen, "N@e8"), "only empty squares");
}

#[test]
fn s2_captures_go_to_the_partner() {
    let fen = "4k3/8/8/3n4/8/8/8/3RK3[] w - - 0 1";
    let p = SwedishPosition::from_fen(fen).unwrap();
    let m = p.parse_move("d1d5").unwrap();
    let t = p.current().capture_transfer::<Swedish>(m).unwrap();
    assert_eq!(
        t.piece,
        Piece::new(Color::Black, PieceKind::Knight),
        "the partner plays Black"
    );
    let mut q = p.clone();
    q.make_move(m);
    assert!(
        q.current().reserve.is_empty(Color::White),
        "nothing stays on this board"
    );
    // Crazyhouse: the capturer keeps it.
    let mut c = CrazyhousePosition::from_fen(fen).unwrap();
    c.make_move(m);
    assert_eq!(
        c.current().reserve.count(Color::White, PieceKind::Knight),
        1
    );
}

#[test]
fn s4_no_drop_gives_check() {
    let fen = "4k3/8/8/8/8/8/8/4K3[RN] w - - 0 1";
    for m in ["R@e2", "R@a8", "N@d6", "N@f6"] {
        assert!(!has::<SwedishPosition>(fen, m), "{m} checks");
        assert!(has::<BughousePosition>(fen, m), "{m} is legal in bughouse");
        assert!(
            has::<CrazyhousePosition>(fen, m),
            "{m} is legal in crazyhouse"
        );
    }
    for m in ["R@d2", "N@e5", "R@a7"] {
        assert!(has::<SwedishPosition>(fen, m), "{m} does not check");
    }
    // Pawn: a drop on d7/f7 would check the king on e8.
    let fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
    assert!(!has::<SwedishPosition>(fen, "P@d7"));
    assert!(has::<SwedishPosition>(fen, "P@d6"));
}

#[test]
fn s5_pawn_drop_ranks() {
    let white = "k7/8/8/8/8/8/8/7K[P] w - - 0 1";
    let w = moves::<SwedishPosition>(white);
    for r in ["1", "7", "8"] {
        assert!(
            !w.iter().any(|m| m.starts_with("P@") && m.ends_with(r)),
            "White rank {r}"
        );
    }
    for r in ["2", "3", "6"] {
        assert!(
            w.iter().any(|m| m.starts_with("P@") && m.ends_with(r)),
            "White rank {r}"
        );
    }
    let black = "k7/8/8/8/8/8/8/7K[p] b - - 0 1";
    let b = moves::<SwedishPosition>(black);
    for r in ["8", "2", "1"] {
        assert!(
            !b.iter().any(|m| m.starts_with("P@") && m.ends_with(r)),
            "Black rank {r}"
        );
    }
    assert!(
        b.iter().any(|m| m == "P@c7"),
        "Black may drop on its own second rank"
    );
    // Crazyhouse allows the seventh rank.
    assert!(has::<CrazyhousePosition>(white, "P@c7"));
    assert!(!has::<CrazyhousePosition>(white, "P@c8"));
}

#[test]
fn s6_dropped_pawn_double_steps_and_can_be_taken_en_passant() {
    let p = setup_position::<SwedishPosition, _>(
        Some("4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1"),
        &["P@e2", "e8d8"],
    )
    .unwrap();
    let mut list = <SwedishPosition as Position>::MoveList::default();
    p.generate_moves(&mut list);
    assert!(list.iter().any(|m| m.to_string() == "e2e4"));
    let q = setup_position::<SwedishPosition, _>(
        Some("4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1"),
        &["P@e2", "e8d8", "e2e4"],
    )
    .unwrap();
    let mut list = <SwedishPosition as Position>::MoveList::default();
    q.generate_moves(&mut list);
    assert!(
        list.iter().any(|m| m.to_string() == "d4e3"),
        "en passant on the dropped pawn"
    );
}

#[test]
fn s6_corner_rook_drop_restores_castling() {
    // King never moved (on e1 with a castling letter), rook captured earlier.
    let fen = "4k3/8/8/8/8/8/8/R3K3[R] w Q - 0 1";
    let p = setup_position::<SwedishPosition, _>(Some(fen), &["R@h1"]).unwrap();
    assert!(p.to_fen().contains(" b KQ "), "{}", p.to_fen());
    let p = setup_position::<SwedishPosition, _>(Some(fen), &["R@h1", "e8d8"]).unwrap();
    let mut list = <SwedishPosition as Position>::MoveList::default();
    p.generate_moves(&mut list);
    assert!(list.iter().any(|m| m.to_string() == "e1g1"));
    // The king has moved: nothing is restored.
    let p =
        setup_position::<SwedishPosition, _>(Some(fen), &["e1d1", "e8d8", "d1e1", "d8e8", "R@h1"])
            .unwrap();
    assert!(p.to_fen().contains(" b - "), "{}", p.to_fen());
    // A rook that moves onto its corner restores nothing.
    let fen = "4k3/8/8/8/8/8/7R/R3K3[] w Q - 0 1";
    let p = setup_position::<SwedishPosition, _>(Some(fen), &["h2h1"]).unwrap();
    assert!(p.to_fen().contains(" b Q "), "{}", p.to_fen());
    // Not in crazyhouse.
    let p = setup_position::<CrazyhousePosition, _>(
        Some("4k3/8/8/8/8/8/8/R3K3[R] w Q - 0 1"),
        &["R@h1"],
    )
    .unwrap();
    assert!(p.to_fen().contains(" b Q "), "{}", p.to_fen());
}

#[test]
fn s7_promotion_sends_the_pawn_to_the_partners_opponent() {
    let fen = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";
    let p = SwedishPosition::from_fen(fen).unwrap();
    let m = p.parse_move("b7b8q").unwrap();
    assert_eq!(
        p.current().promotion_transfer::<Swedish>(m),
        Some(Piece::new(Color::White, PieceKind::Pawn))
    );
    let mut q = p.clone();
    q.make_move(m);
    assert!(q.to_fen().starts_with("1Q~2k3/"), "{}", q.to_fen());
    let c = CrazyhousePosition::from_fen(fen).unwrap();
    assert_eq!(
        c.current()
            .promotion_transfer::<movegen::drops::Crazyhouse>(m),
        None
    );
}

#[test]
fn s8_first_captured_piece_of_a_promoted_kind_vanishes() {
    // White's queen on a4 is a promoted one; Black takes it.
    let fen = "r6k/8/8/8/Q~7/8/8/4K3[] b - - 0 1";
    let p = SwedishPosition::from_fen(fen).unwrap();
    let take = p.parse_move("a8a4").unwrap();
    assert_eq!(
        p.current().capture_transfer::<Swedish>(take),
        None,
        "back to the third set"
    );
    let mut q = p.clone();
    q.make_move(take);
    assert_eq!(q.to_fen(), "7k/8/8/8/r7/8/8/4K3[] w - - 0 2");
    // Bughouse and crazyhouse demote it to a pawn instead.
    let b = BughousePosition::from_fen(fen).unwrap();
    let t = b
        .current()
        .capture_transfer::<movegen::drops::Bughouse>(take)
        .unwrap();
    assert_eq!(t.piece, Piece::new(Color::White, PieceKind::Pawn));
    let mut c = CrazyhousePosition::from_fen(fen).unwrap();
    c.make_move(take);
    assert_eq!(c.to_fen(), "7k/8/8/8/r7/8/8/4K3[p] w - - 0 2");
}

#[test]
fn s8_an_unmarked_capture_takes_the_mark_off_the_lowest_square() {
    // One promoted queen (c3): the original queen on b6 is taken, vanishes,
    // and the count drops: the mark comes off c3.
    let one = "1r6/7k/1Q6/8/8/2Q~5/8/4K3[] b - - 0 1";
    let p = SwedishPosition::from_fen(one).unwrap();
    let take = p.parse_move("b8b6").unwrap();
    assert_eq!(p.current().capture_transfer::<Swedish>(take), None);
    let q = setup_position::<SwedishPosition, _>(Some(one), &["b8b6"]).unwrap();
    assert_eq!(q.to_fen(), "8/7k/1r6/8/8/2Q5/8/4K3[] w - - 0 2");
    // Two promoted queens: the one on the lowest square (a1) loses its mark.
    let two = "1r6/7k/1Q6/8/8/2Q~5/8/Q~3K3[] b - - 0 1";
    let q = setup_position::<SwedishPosition, _>(Some(two), &["b8b6"]).unwrap();
    assert_eq!(q.to_fen(), "8/7k/1r6/8/8/2Q~5/8/Q3K3[] w - - 0 2");
    // No promoted queen at all: the captured queen goes to the partner.
    let none = "1r6/7k/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let p = SwedishPosition::from_fen(none).unwrap();
    let take = p.parse_move("b8b6").unwrap();
    let t = p.current().capture_transfer::<Swedish>(take).unwrap();
    assert_eq!(t.piece, Piece::new(Color::White, PieceKind::Queen));
}

#[test]
fn s9_no_move_leaves_the_own_king_in_check() {
    let fen = "4k3/8/8/8/8/8/4r3/4K3[N] w - - 0 1";
    let m = moves::<SwedishPosition>(fen);
    assert!(
        m.iter().all(|x| !x.starts_with("N@") || x == "N@e2"),
        "{m:?}"
    );
}

#[test]
fn s10_mate_on_board_only_when_no_drop_could_block() {
    // Contact check by a protected queen: mate on board.
    let contact = "4k3/4Q3/4K3/8/8/8/8/8[] b - - 0 1";
    assert_eq!(
        SwedishPosition::from_fen(contact).unwrap().status(),
        Status::Over(Outcome::win(Color::White, "checkmate"))
    );
    // Knight check with no escape: mate on board.
    let knight = "6rk/5Npp/8/8/8/8/8/4K3[] b - - 0 1";
    assert_eq!(
        SwedishPosition::from_fen(knight).unwrap().status(),
        Status::Over(Outcome::win(Color::White, "checkmate"))
    );
}

#[test]
fn s11_a_blockable_check_without_the_piece_is_sat_out() {
    // Back-rank check by a distant rook: a drop on b8..g8 would block.
    let fen = "R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1";
    assert_eq!(
        SwedishPosition::from_fen(fen).unwrap().status(),
        Status::Ongoing
    );
    assert_eq!(
        BughousePosition::from_fen(fen).unwrap().status(),
        Status::Ongoing
    );
    // Holding a piece, the player must block with it.
    let fen_n = "R5k1/5ppp/8/8/8/8/8/4K3[n] b - - 0 1";
    let m = moves::<SwedishPosition>(fen_n);
    assert!(
        !m.is_empty() && m.iter().all(|x| x.starts_with("N@")),
        "{m:?}"
    );
    // Crazyhouse: the same position is mate.
    assert_eq!(
        CrazyhousePosition::from_fen(fen).unwrap().status(),
        Status::Over(Outcome::win(Color::White, "checkmate"))
    );
}

/// S12 (decided 2026-12-05): there is no stalemate in Swedish chess. A
/// player not in check without a legal move sits, as under S11; crazyhouse
/// and FICS bughouse keep the drawn stalemate.
#[test]
fn s12_no_stalemate_in_swedish_chess_the_player_sits() {
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1",
        "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1",
    ] {
        let p = SwedishPosition::from_fen(fen).unwrap();
        assert!(moves::<SwedishPosition>(fen).is_empty(), "{fen}");
        assert!(!p.in_check());
        assert_eq!(p.status(), Status::Ongoing, "{fen}");
        for status in [
            CrazyhousePosition::from_fen(fen).unwrap().status(),
            BughousePosition::from_fen(fen).unwrap().status(),
        ] {
            assert_eq!(status, Status::Over(Outcome::draw("stalemate")), "{fen}");
        }
    }
    // A piece arrives: the player moves again (a drop that gives no check).
    let fen = "k7/2Q5/1K6/8/8/8/8/8[n] b - - 0 1";
    let m = moves::<SwedishPosition>(fen);
    assert!(
        !m.is_empty() && m.iter().all(|x| x.starts_with("N@")),
        "{m:?}"
    );
    assert_eq!(
        SwedishPosition::from_fen(fen).unwrap().status(),
        Status::Ongoing
    );
}

#[test]
fn drop_fen_round_trips_and_refusals() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 4 5",
        "4k3/8/8/8/8/8/8/Q~3K3[Nn] w - - 0 1",
    ] {
        assert_eq!(CrazyhousePosition::from_fen(fen).unwrap().to_fen(), fen);
    }
    let ninth = CrazyhousePosition::from_fen("4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1").unwrap();
    assert_eq!(ninth.to_fen(), "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    for (bad, why) in [
        ("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "king"),
        ("4k3/8/8/8/8/8/8/4K3[X] w - - 0 1", "bad reserve letter"),
        ("4k3/8/8/8/8/8/8/4K3[Q w - - 0 1", "not closed"),
        ("4k3/8/8/8/8/8/P~7/4K3[] w - - 0 1", "only promoted pieces"),
    ] {
        let e = CrazyhousePosition::from_fen(bad)
            .err()
            .unwrap_or_else(|| panic!("accepted {bad}"));
        assert!(e.to_string().contains(why), "{bad}: {e}");
    }
    let _ = DropMove::drop(PieceKind::Queen, movegen::Square::parse("d4").unwrap());
}
