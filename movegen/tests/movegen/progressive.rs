//! Progressive chess: every rule of every set, both ways (the rules are in
//! `docs/rules/progressive.md`, the decisions in `docs/progressive.md`),
//! FEN round trips, series bookkeeping, en passant with several targets.

use movegen::progressive::perft::series_perft;
use movegen::progressive::{
    English, EnglishPosition, Italian, ItalianPosition, Progressive, Scottish, ScottishPosition,
    SeriesRules, SeriesState,
};
use movegen::variant::{Outcome, Position, Status};
use movegen::Color;

fn pos<R: SeriesRules>(fen: &str) -> Progressive<R> {
    Progressive::<R>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves<P: Position>(p: &P) -> Vec<String> {
    let mut l = P::MoveList::default();
    p.generate_moves(&mut l);
    let mut v: Vec<String> = l.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn play<P: Position>(p: &mut P, list: &[&str]) {
    for m in list {
        let mv = p
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{} {m}: {e}", p.to_fen()));
        p.make_move(mv);
    }
}

fn has(p: &impl Position, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

fn state<R: SeriesRules>(p: &Progressive<R>) -> SeriesState {
    *p.state()
}

// ---- P1: series -----------------------------------------------------------

#[test]
fn p1_series_grow_and_alternate() {
    let mut p = ItalianPosition::startpos();
    assert_eq!((state(&p).series, state(&p).played), (1, 0));
    play(&mut p, &["e2e4"]);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!((state(&p).series, state(&p).played), (2, 0));
    play(&mut p, &["e7e5"]);
    assert_eq!(p.side_to_move(), Color::Black, "the series goes on");
    assert_eq!(state(&p).played, 1);
    play(&mut p, &["g8f6"]);
    assert_eq!(p.side_to_move(), Color::White);
    // The example of the rules file.
    assert_eq!(
        p.to_fen(),
        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
    );
    play(&mut p, &["f1c4", "d1h5"]);
    assert_eq!(p.side_to_move(), Color::White);
    play(&mut p, &["h5f7"]);
    match p.status() {
        Status::Over(o) => assert_eq!((o.white, o.black), (2, 0)),
        s => panic!("Qxf7 should mate: {s:?}"),
    }
}

#[test]
fn p1_same_piece_may_move_twice_in_italian_and_scottish() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let mut p = pos::<Italian>(fen);
    play(&mut p, &["d7d6"]);
    assert!(has(&p, "d6d5"));
    let mut p = pos::<Scottish>(fen);
    play(&mut p, &["d7d6"]);
    assert!(has(&p, "d6d5"));
}

// ---- P2: never leave the king in check --------------------------------------

#[test]
fn p2_king_may_not_stand_in_check_even_for_a_moment() {
    // White's king may not step onto f1 or f2 (attacked by the f8 rook),
    // even planning to leave again; the d2 bishop, pinned by the a5 bishop,
    // may not leave the diagonal.
    let fen = "5rk1/8/8/b7/8/8/3B4/4K3 w - - 0 3";
    for v in [
        moves(&pos::<Italian>(fen)),
        moves(&pos::<Scottish>(fen)),
        moves(&EnglishPosition::from_fen(fen).unwrap()),
    ] {
        assert!(!v.contains(&"e1f1".to_string()) && !v.contains(&"e1f2".to_string()));
        assert!(!v.contains(&"d2e3".to_string()));
        assert!(v.contains(&"d2c3".to_string()) && v.contains(&"e1e2".to_string()));
    }
}

// ---- P3: check at a series start, progressive mate ----------------------------

/// Black in check from e8; the only escape, Ne6-d8, gives check to the f7 king.
const ONLY_ESCAPE_CHECKS: &str = "k3R3/pp3K2/4n3/8/8/8/8/8 b - - 0 2";

#[test]
fn p3_italian_progressive_mate_when_only_escape_gives_check() {
    let p = pos::<Italian>(ONLY_ESCAPE_CHECKS);
    assert!(moves(&p).is_empty());
    match p.status() {
        Status::Over(o) => {
            assert_eq!((o.white, o.black), (2, 0));
            assert_eq!(o.reason, "progressive mate");
        }
        s => panic!("{s:?}"),
    }
}

#[test]
fn p3_scottish_and_english_may_escape_with_a_check() {
    let mut p = pos::<Scottish>(ONLY_ESCAPE_CHECKS);
    assert_eq!(moves(&p), vec!["e6d8"]);
    assert_eq!(p.status(), Status::Ongoing);
    play(&mut p, &["e6d8"]);
    assert_eq!(
        p.side_to_move(),
        Color::White,
        "the check ended Black's series"
    );
    assert_eq!(state(&p).series, 3);
    let p = EnglishPosition::from_fen(ONLY_ESCAPE_CHECKS).unwrap();
    assert_eq!(moves(&p), vec!["e6d8"]);
}

#[test]
fn p3_check_must_be_parried_by_the_first_move() {
    // White in check from the a5 bishop at the start of series 3: every
    // legal move parries it.
    let p = pos::<Scottish>("4k3/8/8/b7/8/8/2P5/4K2R w K - 0 3");
    assert!(p.in_check());
    let v = moves(&p);
    assert!(v.contains(&"c2c3".to_string()) && v.contains(&"e1f2".to_string()));
    assert!(!v.contains(&"h1h8".to_string()) && !v.contains(&"e1g1".to_string()));
    for m in &v {
        let mut q = p.clone();
        play(&mut q, &[m.as_str()]);
        let b = q.state().board;
        assert!(
            !b.is_attacked(b.king_square(Color::White), Color::Black, b.occupied()),
            "{m}"
        );
    }
}

#[test]
fn i1_single_move_series_may_escape_with_a_check() {
    // The mirror of ONLY_ESCAPE_CHECKS with White to move: in series 1 the
    // first move is also the last, so the checking escape is legal; in
    // series 3 it is not, and White is progressively mated.
    let p = pos::<Italian>("8/8/8/8/8/4N3/PP3k2/K3r3 w - - 0 1");
    assert_eq!(moves(&p), vec!["e3d1"]);
    let p = pos::<Italian>("8/8/8/8/8/4N3/PP3k2/K3r3 w - - 0 3");
    assert!(moves(&p).is_empty());
    assert!(matches!(p.status(), Status::Over(o) if o.black == 2));
}

#[test]
fn p3_english_mate_is_ordinary_mate() {
    // Fool's mate shape: White mated at the start of its series.
    let p =
        EnglishPosition::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3")
            .unwrap();
    assert!(moves(&p).is_empty());
    match p.status() {
        Status::Over(o) => assert_eq!((o.black, o.reason), (2, "checkmate")),
        s => panic!("{s:?}"),
    }
}

// ---- P4: progressive stalemate --------------------------------------------------

/// White's only move is h2-h3; after it, White has no move in mid-series.
const MID_SERIES_STALEMATE: &str = "4k3/8/8/8/7p/8/2q4P/K7 w - - 0 3";

#[test]
fn p4_stalemate_in_mid_series_draws() {
    for p in [
        &mut pos::<Italian>(MID_SERIES_STALEMATE) as &mut dyn Dyn,
        &mut pos::<Scottish>(MID_SERIES_STALEMATE),
        &mut EnglishPosition::from_fen(MID_SERIES_STALEMATE).unwrap(),
    ] {
        assert_eq!(p.dyn_status(), Status::Ongoing);
        p.dyn_play("h2h3");
        assert_eq!(p.dyn_side(), Color::White, "still White's series");
        match p.dyn_status() {
            Status::Over(o) => assert_eq!(
                (o.white, o.black, o.reason),
                (1, 1, "progressive stalemate")
            ),
            s => panic!("{s:?}"),
        }
    }
}

#[test]
fn p4_no_stalemate_when_the_series_ends_with_the_move() {
    // The same position in series 1: h2-h3 ends White's series; Black moves.
    let mut p = pos::<Italian>("4k3/8/8/8/7p/8/2q4P/K7 w - - 0 1");
    play(&mut p, &["h2h3"]);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.status(), Status::Ongoing);
}

trait Dyn {
    fn dyn_status(&self) -> Status;
    fn dyn_play(&mut self, m: &str);
    fn dyn_side(&self) -> Color;
}

impl<R: SeriesRules> Dyn for Progressive<R> {
    fn dyn_status(&self) -> Status {
        self.status()
    }
    fn dyn_play(&mut self, m: &str) {
        play(self, &[m]);
    }
    fn dyn_side(&self) -> Color {
        self.side_to_move()
    }
}

// ---- P5: insufficient material, repetition -----------------------------------------

#[test]
fn p5_insufficient_material_draws() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 3",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 3",
        "4k3/8/8/8/8/8/8/4KB2 b - - 0 4",
    ] {
        assert!(
            matches!(pos::<Italian>(fen).status(), Status::Over(o) if o.reason == "insufficient material"),
            "{fen}"
        );
    }
    for fen in [
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 3",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 3",
    ] {
        assert_eq!(pos::<Italian>(fen).status(), Status::Ongoing, "{fen}");
    }
}

/// P5 (decided 2026-12-05): kings with bishops only, every bishop on
/// squares of one colour, are dead too; the verdicts are python-chess's
/// `is_insufficient_material` for the same FENs.
#[test]
fn p5_kings_and_bishops_of_one_colour_are_insufficient() {
    for (fen, dead) in [
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 3", true),
        ("1b2k3/8/8/8/8/8/8/B3K3 w - - 0 3", true),
        ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 3", false),
        ("4kb2/8/8/8/8/8/8/3BK3 w - - 0 3", false),
        ("2b1kb2/8/8/8/8/8/8/2B1K3 w - - 0 3", false),
        ("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 3", false),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 3", false),
    ] {
        let want = if dead {
            Status::Over(Outcome::draw("insufficient material"))
        } else {
            Status::Ongoing
        };
        assert_eq!(pos::<Italian>(fen).status(), want, "{fen}");
        assert_eq!(pos::<Scottish>(fen).status(), want, "{fen}");
        assert_eq!(pos::<English>(fen).status(), want, "{fen}");
    }
}

#[test]
fn p5_threefold_repetition_at_series_starts_of_the_same_parity() {
    // Rooks walk out and back: White's series 3, 5 and 7 start from the same
    // position; the third time draws.
    let mut p = pos::<Italian>("4k2r/8/8/8/8/8/8/1R2K3 w - - 0 3");
    let white_start = p.state().repetition_key();
    play(&mut p, &["b1b2", "b2b3", "b3b1"]);
    assert_eq!(p.repetitions(), 0);
    play(&mut p, &["h8h7", "h7h8", "h8h7", "h7h8"]);
    assert_eq!(p.state().repetition_key(), white_start);
    assert_eq!(p.repetitions(), 1);
    assert_eq!(p.status(), Status::Ongoing, "twice is not yet a draw");
    play(&mut p, &["b1b2", "b2b3", "b3b4", "b4b5", "b5b1"]);
    // Black's series 4 and 6 start alike: only twice.
    assert_eq!(p.repetitions(), 1);
    assert_eq!(p.status(), Status::Ongoing);
    // In mid-series the same placement never counts.
    play(&mut p, &["h8h7"]);
    assert_eq!(p.repetitions(), 0);
    play(&mut p, &["h7h6", "h6h7", "h7h6", "h6h7", "h7h8"]);
    assert_eq!(p.repetitions(), 2);
    assert!(matches!(p.status(), Status::Over(o) if o.reason == "threefold repetition"));
}

// ---- I1: check only on the last move ---------------------------------------------------

#[test]
fn i1_check_only_on_last_move() {
    let first = "4k3/8/8/8/8/8/8/R3K3 w - - 0 3";
    let last = "4k3/8/8/8/8/8/8/R3K3 w - - 0 3 2";
    assert!(
        !has(&pos::<Italian>(first), "a1a8"),
        "a check on move 1 of 3"
    );
    assert!(has(&pos::<Italian>(first), "a1a7"));
    assert!(
        has(&pos::<Italian>(last), "a1a8"),
        "a check on the last move"
    );
    // Discovered check: the e4 bishop may not leave the e-file of the e1 rook.
    let disc = "4k3/8/8/8/4B3/8/8/4RK2 w - - 0 3";
    let p = pos::<Italian>(disc);
    assert!(moves(&p).iter().all(|m| !m.starts_with("e4")));
    assert!(moves(&pos::<Italian>("4k3/8/8/8/4B3/8/8/4RK2 w - - 0 3 2"))
        .iter()
        .any(|m| m.starts_with("e4")));
}

#[test]
fn i1_checks_are_legal_earlier_in_scottish_and_english() {
    let first = "4k3/8/8/8/8/8/8/R3K3 w - - 0 3";
    assert!(has(&pos::<Scottish>(first), "a1a8"));
    assert!(has(&EnglishPosition::from_fen(first).unwrap(), "a1a8"));
}

// ---- C1 / E1: a check ends the series ----------------------------------------------------

#[test]
fn c1_check_ends_the_series() {
    let mut p = pos::<Scottish>("4k3/8/8/8/8/8/8/R3K3 w - - 0 5");
    play(&mut p, &["e1e2", "a1a8"]);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!((state(&p).series, state(&p).played), (6, 0));
    assert!(p.in_check());
    // A quiet move does not.
    let mut p = pos::<Scottish>("4k3/8/8/8/8/8/8/R3K3 w - - 0 5");
    play(&mut p, &["a1a7"]);
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn e1_check_ends_the_series() {
    let mut p = EnglishPosition::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 5").unwrap();
    play(&mut p, &["a1a8"]);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(state(&p).series, 6);
}

// ---- I2 / C1: en passant -----------------------------------------------------------------

/// White's e5 pawn; Black plays series 2.
const EP_SETUP: &str = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";

#[test]
fn i2_several_en_passant_targets_at_once() {
    let mut p = pos::<Italian>(EP_SETUP);
    play(&mut p, &["d7d5"]);
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 2 1"
    );
    play(&mut p, &["f7f5"]);
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6f6 0 3"
    );
    assert!(has(&p, "e5d6") && has(&p, "e5f6"));
    let q = pos::<Italian>("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6f6 0 3");
    assert_eq!(q.hash(), p.hash());
    play(&mut p, &["e5d6"]);
    assert!(p
        .state()
        .board
        .piece_at(movegen::Square::parse("d5").unwrap())
        .is_none());
}

#[test]
fn i2_en_passant_only_as_the_first_move() {
    let mut p = pos::<Scottish>("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6f6 0 3");
    play(&mut p, &["a2a3"]);
    assert!(!has(&p, "e5d6") && !has(&p, "e5f6"));
    let mut p = pos::<Italian>("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6f6 0 3");
    play(&mut p, &["e5f6"]);
    assert!(!has(&p, "e5d6"));
}

#[test]
fn i2_pawn_that_moved_again_gives_no_target() {
    let mut p = pos::<Italian>("rnbqkbnr/pppppppp/8/8/2P1P3/8/PP1P1PPP/RNBQKBNR b KQkq - 0 2");
    play(&mut p, &["d7d5", "d5d4"]);
    assert_eq!(state(&p).ep, 0);
    assert!(!has(&p, "e4d3") && !has(&p, "c4d3"));
    // Both ways: a pawn that stays gives the target.
    let mut p = pos::<Italian>("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    play(&mut p, &["d7d5", "a7a6"]);
    assert!(has(&p, "e5d6"));
}

#[test]
fn i2_passed_square_must_be_empty() {
    let mut p = pos::<Italian>("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4");
    play(&mut p, &["d7d5", "d8d6", "a7a6", "b7b6"]);
    assert_eq!(state(&p).ep, 0, "{}", p.to_fen());
    assert!(p.to_fen().contains("kq - "), "{}", p.to_fen());
    // The queen went on and left d6 empty again: the target is back.
    let mut p = pos::<Italian>("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4");
    play(&mut p, &["d7d5", "d8d6", "d6a6", "a6b6"]);
    assert!(has(&p, "e5d6"), "{}", p.to_fen());
}

#[test]
fn i2_en_passant_that_gives_check_is_illegal_in_italian_only() {
    // e5xd6 e.p. would open the e-file of the e1 rook onto the e8 king... the
    // capturing pawn leaves e5: a discovered check on move 1 of series 3.
    let fen = "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 3";
    assert!(!has(&pos::<Italian>(fen), "e5d6"));
    assert_eq!(
        pos::<Italian>(fen).to_fen(),
        "4k3/8/8/3pP3/8/8/8/4RK2 w - - 0 3"
    );
    assert!(has(&pos::<Scottish>(fen), "e5d6"));
}

#[test]
fn e4_no_en_passant_in_english() {
    let mut p = EnglishPosition::from_fen(EP_SETUP).unwrap();
    play(&mut p, &["d7d5", "f7f5"]);
    assert!(!has(&p, "e5d6") && !has(&p, "e5f6"));
    assert!(p.to_fen().contains(" - "));
}

// ---- I3: ten series without pawn move or capture -------------------------------------

#[test]
fn i3_ten_series_rule() {
    let mut p = pos::<Italian>("r3k3/8/8/8/8/8/8/4K2R b - - 9 2");
    assert_eq!(p.status(), Status::Ongoing);
    play(&mut p, &["a8a7"]);
    assert_eq!(p.to_fen(), "4k3/r7/8/8/8/8/8/4K2R b - - 10 2 1");
    assert_eq!(
        p.status(),
        Status::Ongoing,
        "not before the tenth series is complete"
    );
    play(&mut p, &["a7a6"]);
    assert!(matches!(p.status(), Status::Over(o) if o.reason == "ten-series rule"));
    // Both ways: a capture (or pawn move) in the series resets the count.
    let mut p = pos::<Scottish>("r3k3/8/8/8/8/8/8/R3K2R b - - 9 2");
    play(&mut p, &["a8a2", "a2a1"]);
    assert_eq!(state(&p).counter, 0);
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn e5_fifty_move_rule_in_single_moves() {
    let mut p = EnglishPosition::from_fen("r3k3/8/8/8/8/8/8/4K2R b - - 98 4").unwrap();
    play(&mut p, &["a8a7"]);
    assert_eq!(p.status(), Status::Ongoing);
    play(&mut p, &["e8d8"]);
    assert!(matches!(p.status(), Status::Over(o) if o.reason == "fifty-move rule"));
    // No ten-series rule in English.
    let p = EnglishPosition::from_fen("r3k3/8/8/8/8/8/8/4K2R b - - 10 4").unwrap();
    assert_eq!(p.status(), Status::Ongoing);
}

// ---- E2 / E3: rounds --------------------------------------------------------------------

#[test]
fn e2_each_piece_moves_once_per_round() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let mut p = EnglishPosition::from_fen(fen).unwrap();
    play(&mut p, &["e7e5"]);
    assert!(!has(&p, "e5e4"));
    assert!(has(&p, "d7d5"));
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 1 e5"
    );
    // Both ways: Italian lets the pawn go on.
    let mut p = pos::<Italian>(fen);
    play(&mut p, &["d7d6"]);
    assert!(has(&p, "d6d5"));
    let mut p = EnglishPosition::from_fen(fen).unwrap();
    play(&mut p, &["d7d6"]);
    assert!(!has(&p, "d6d5"));
}

#[test]
fn e2_new_round_when_no_unmoved_piece_can_move() {
    // Only the king can move: every move starts a new round.
    let mut p = EnglishPosition::from_fen("4k3/8/8/8/8/p1p5/P1P5/1B5K w - - 0 5").unwrap();
    play(&mut p, &["h1g1"]);
    assert_eq!(state(&p).moved, 0, "a new round began at once");
    play(&mut p, &["g1f1", "f1e1"]);
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn e2_unblocked_piece_must_move_before_any_second_move() {
    // The a1 rook is blocked until the knight leaves b1; then it is a mobile
    // piece that has not moved in the round and must move before the knight
    // moves again.
    let mut p = EnglishPosition::from_fen("4k3/8/8/8/8/p7/P7/RN5K w - - 0 5").unwrap();
    assert!(!moves(&p).iter().any(|m| m.starts_with("a1")));
    play(&mut p, &["b1d2"]);
    let v = moves(&p);
    assert!(v.iter().any(|m| m.starts_with("a1")));
    assert!(!v.iter().any(|m| m.starts_with("d2")));
    play(&mut p, &["a1b1", "h1g1"]);
    // Round over (the a2 pawn is blocked): everything may move again, the
    // rook once more only like the others (no catch-up).
    let v = moves(&p);
    assert!(v.iter().any(|m| m.starts_with("d2")) && v.iter().any(|m| m.starts_with("b1")));
    play(&mut p, &["b1a1"]);
    assert!(!moves(&p).iter().any(|m| m.starts_with("a1")));
}

#[test]
fn e3_castling_moves_king_and_rook() {
    let mut p = EnglishPosition::from_fen("r3k3/8/8/8/8/8/P7/4K2R w K - 0 3").unwrap();
    play(&mut p, &["e1g1"]);
    let v = moves(&p);
    assert!(
        !v.iter().any(|m| m.starts_with("g1") || m.starts_with("f1")),
        "{v:?}"
    );
    assert!(p.to_fen().ends_with(" 3 1 f1,g1"), "{}", p.to_fen());
    // Castling needs the rook unmoved in the round too (a round set can only
    // say so through a FEN; in play the rook would have lost the right).
    let q = EnglishPosition::from_fen("r3k3/8/8/8/8/8/P7/4K2R w K - 0 3 1 h1").unwrap();
    assert!(!has(&q, "e1g1"));
    let q = EnglishPosition::from_fen("r3k3/8/8/8/8/8/P7/4K2R w K - 0 3 1 a2").unwrap();
    assert!(has(&q, "e1g1"));
}

#[test]
fn e3_promoted_piece_stays_immobile_for_the_series() {
    let mut p = EnglishPosition::from_fen("8/1P6/7k/8/8/8/8/7K w - - 0 7").unwrap();
    play(&mut p, &["b7b8q"]);
    assert!(!moves(&p).iter().any(|m| m.starts_with("b8")));
    // King moves start new rounds; the queen stays frozen in them.
    play(&mut p, &["h1g1", "g1f1", "f1g1"]);
    assert!(!moves(&p).iter().any(|m| m.starts_with("b8")));
    assert!(p.to_fen().ends_with("b8~"), "{}", p.to_fen());
    let q = EnglishPosition::from_fen(&p.to_fen()).unwrap();
    assert_eq!(q.hash(), p.hash());
    // Both ways: Italian lets the new queen move (without check before the last move).
    let mut p = pos::<Italian>("8/1P6/7k/8/8/8/8/7K w - - 0 7");
    play(&mut p, &["b7b8q"]);
    assert!(has(&p, "b8b7"));
}

// ---- FEN -----------------------------------------------------------------------------

#[test]
fn fen_plain_six_fields_load_with_defaults() {
    let p = ItalianPosition::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .unwrap();
    assert_eq!((state(&p).series, state(&p).played), (1, 0));
    let p = ScottishPosition::from_fen("4k3/8/8/8/8/8/8/R3K3 b - -").unwrap();
    assert_eq!(state(&p).series, 2);
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/R3K3 b - - 0 2");
}

#[test]
fn fen_refusals() {
    for (fen, why) in [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 2", "series"),
        ("4k3/8/8/8/8/8/8/R3K3 b - - 0 3", "series"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 0", "series"),
        ("R3k3/8/8/8/8/8/8/4K3 w - - 0 3", "not to move is in check"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 3 3", "only"),
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 3 1", "mid-series"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 3 1 a1", "English"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 3", "rank 6"),
        ("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 3", "no pawn"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 3 0 - x", "fields"),
    ] {
        match ItalianPosition::from_fen(fen) {
            Ok(_) => panic!("accepted {fen}"),
            Err(e) => assert!(e.to_string().contains(why), "{fen}: {e}"),
        }
    }
    for (fen, why) in [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 3 0 a1", "start of a series"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 3 1 b1", "no piece"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 3 1 a1~", "promoted"),
    ] {
        match EnglishPosition::from_fen(fen) {
            Ok(_) => panic!("accepted {fen}"),
            Err(e) => assert!(e.to_string().contains(why), "{fen}: {e}"),
        }
    }
}

fn round_trip_game<R: SeriesRules>(seed: u64, plies: usize) {
    let mut p = Progressive::<R>::startpos();
    let mut x = seed;
    for _ in 0..plies {
        let fen = p.to_fen();
        let q = Progressive::<R>::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(q.to_fen(), fen);
        assert_eq!(q.hash(), p.hash(), "{fen}");
        assert_eq!(moves(&q), moves(&p), "{fen}");
        let s = p.state();
        assert_eq!(s.board.hash(), s.board.compute_hash());
        let v = moves(&p);
        if v.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = v[(x % v.len() as u64) as usize].clone();
        play(&mut p, &[m.as_str()]);
    }
}

#[test]
fn fen_round_trips_on_random_games() {
    for seed in 1..40u64 {
        round_trip_game::<Italian>(seed * 7919, 80);
        round_trip_game::<Scottish>(seed * 104_729, 80);
        round_trip_game::<movegen::progressive::English>(seed * 15_485_863, 80);
    }
}

// ---- series bookkeeping and perft ----------------------------------------------------------

/// Whole-series counts (sequences completing the current series, distinct
/// end positions, P4 stalemates on the way) from the independent reference:
/// `python3 tools/progressive/progressive_ref.py series --variant V --fen FEN`.
const SERIES_COUNTS: &[(&str, &str, u64, u64, u64)] = &[
    (
        "italian",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        446,
        269,
        0,
    ),
    (
        "italian",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 3",
        17982,
        2982,
        0,
    ),
    ("italian", "4k3/8/8/8/7p/8/2q4P/K7 w - - 0 3", 0, 0, 1),
    (
        "italian",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 3",
        2615,
        639,
        0,
    ),
    ("italian", "k3R3/pp3K2/4n3/8/8/8/8/8 b - - 0 2", 0, 0, 0),
    (
        "italian",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 2 1",
        27,
        27,
        0,
    ),
    (
        "scottish",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        446,
        269,
        0,
    ),
    (
        "scottish",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 3",
        18054,
        2982,
        0,
    ),
    ("scottish", "4k3/8/8/8/7p/8/2q4P/K7 w - - 0 3", 0, 0, 1),
    (
        "scottish",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 3",
        2637,
        642,
        0,
    ),
    ("scottish", "k3R3/pp3K2/4n3/8/8/8/8/8 b - - 0 2", 1, 1, 0),
    (
        "scottish",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 2 1",
        27,
        27,
        0,
    ),
    (
        "english",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        413,
        241,
        0,
    ),
    ("english", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 3", 3749, 1027, 0),
    ("english", "4k3/8/8/8/7p/8/2q4P/K7 w - - 0 3", 0, 0, 1),
    (
        "english",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 3",
        552,
        166,
        0,
    ),
    ("english", "k3R3/pp3K2/4n3/8/8/8/8/8 b - - 0 2", 1, 1, 0),
    (
        "english",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 2 1",
        27,
        27,
        0,
    ),
    (
        "english",
        "4k3/8/8/8/8/p7/P7/RN5K w - - 0 5",
        42670,
        3520,
        0,
    ),
];

fn series_count_of<R: SeriesRules>(fen: &str) -> (u64, u64, u64) {
    let c = series_perft::<R>(pos::<R>(fen).state());
    (c.sequences, c.positions, c.stalemates)
}

#[test]
fn series_perft_counts_whole_series() {
    for &(v, fen, seqs, positions, stalemates) in SERIES_COUNTS {
        let got = match v {
            "italian" => series_count_of::<Italian>(fen),
            "scottish" => series_count_of::<Scottish>(fen),
            _ => series_count_of::<movegen::progressive::English>(fen),
        };
        assert_eq!(got, (seqs, positions, stalemates), "{v} {fen}");
    }
}
