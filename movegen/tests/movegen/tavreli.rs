//! Tavreli rules R1–R10 and the fine points of `docs/rules/tavreli.md`,
//! each both ways (allowed and refused), FEN and notation round trips,
//! liberation, promotion on uncover, demotion on cover, perft, and the
//! incremental Zobrist key over random games.

use movegen::tavreli::{Kind, TavreliMove, TavreliPosition};
use movegen::variant::setup_position;
use movegen::{Color, Outcome, Position, Square, Status};

fn pos(fen: &str) -> TavreliPosition {
    TavreliPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_of(p: &TavreliPosition) -> Vec<String> {
    let mut list = <TavreliPosition as Position>::MoveList::default();
    p.generate_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

fn moves(fen: &str) -> Vec<String> {
    moves_of(&pos(fen))
}

fn has(fen: &str, m: &str) -> bool {
    moves(fen).iter().any(|x| x == m)
}

/// The position after playing `ms` from `fen`.
fn after(fen: &str, ms: &[&str]) -> TavreliPosition {
    setup_position::<TavreliPosition, _>(Some(fen), ms)
        .unwrap_or_else(|e| panic!("{fen} {ms:?}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn top_kind(p: &TavreliPosition, s: &str) -> Option<(Color, Kind)> {
    p.board().top(sq(s)).map(|c| (c.color(), c.kind()))
}

fn placement(p: &TavreliPosition) -> String {
    p.to_fen().split(' ').next().unwrap().to_string()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// ---- R1 ------------------------------------------------------------------

#[test]
fn r1_helgi_moves_as_a_queen_or_a_knight() {
    let fen = "4k3/8/8/8/3H4/8/8/4K3 w - - 0 1";
    let ms = moves(fen);
    let from_d4 = ms.iter().filter(|m| m.starts_with("d4")).count();
    assert_eq!(from_d4, 27 + 8, "queen lines and knight jumps");
    for m in ["d4d8", "d4h8", "d4a1", "d4a4", "d4b5", "d4e6", "d4c2"] {
        assert!(ms.contains(&m.to_string()), "{m}");
    }
    // It checks like a knight too.
    assert!(pos("4k3/8/3H4/8/8/8/8/4K3 b - - 0 1").in_check());
    // The pieces move as FIDE's: a knight is no Helgi.
    assert!(!has("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "d4d8"));
}

#[test]
fn r1_start_position_has_39_moves() {
    let p = TavreliPosition::startpos();
    assert_eq!(moves_of(&p).len(), 39);
    assert_eq!(p.to_fen(), START);
}

// ---- R2 ------------------------------------------------------------------

#[test]
fn r2_pieces_stack_onto_either_colour() {
    // Fine point: from the start a rook may go onto its own pawn or knight,
    // the queen onto its bishop, the king onto its neighbours.
    for m in [
        "a1a2", "a1b1", "d1c1", "d1e2", "e1d1", "e1f2", "b1d2", "c1b2",
    ] {
        assert!(has(START, m), "{m}");
    }
    let p = after(START, &["a1a2"]);
    assert_eq!(
        placement(&p),
        "rnbqkbnr/pppppppp/8/8/8/8/(RP)PPPPPPP/1NBQKBNR"
    );
    // Onto an enemy piece: the mover goes on top, the rest stays in order.
    let p = after("4k3/8/8/3(rN)4/8/8/8/3QK3 w - - 0 1", &["d1d5"]);
    assert_eq!(placement(&p), "4k3/8/8/3(QrN)4/8/8/8/4K3");
    assert_eq!(top_kind(&p, "d5"), Some((Color::White, Kind::Queen)));
}

#[test]
fn r2_pawns_go_onto_pieces_only_diagonally() {
    // Straight steps need empty squares, single and double.
    let fen = "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1";
    assert!(!has(fen, "e3e4"));
    assert!(!has("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2e4"));
    assert!(has("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2e3"));
    // Diagonally forward onto a piece of either colour...
    assert!(has("4k3/8/8/8/3N1n2/4P3/8/4K3 w - - 0 1", "e3d4"));
    assert!(has("4k3/8/8/8/3N1n2/4P3/8/4K3 w - - 0 1", "e3f4"));
    // ...but not onto an empty square (en passant aside) nor backwards.
    assert!(!has("4k3/8/8/8/8/4P3/3n4/4K3 w - - 0 1", "e3f4"));
    assert!(!has("4k3/8/8/8/8/4P3/3n4/4K3 w - - 0 1", "e3d2"));
    let p = after("4k3/8/8/8/3N4/4P3/8/4K3 w - - 0 1", &["e3d4"]);
    assert_eq!(placement(&p), "4k3/8/8/8/3(P=HN)4/8/8/4K3");
}

// ---- R3 ------------------------------------------------------------------

#[test]
fn r3_a_tower_moves_by_its_top_piece() {
    let fen = "4k3/8/8/8/3(Np)4/8/8/4K3 w - - 0 1";
    assert!(has(fen, "d4f5") && has(fen, "d4(1)f5"));
    assert!(!has(fen, "d4d5"), "the pawn below does not move");
    // A tower topped by the opponent's piece belongs to the opponent.
    let fen = "4k3/8/8/8/3(nP)4/8/8/4K3 w - - 0 1";
    assert!(moves(fen).iter().all(|m| m.starts_with("e1")));
    assert!(has("4k3/8/8/8/3(nP)4/8/8/4K3 b - - 0 1", "d4(1)f3"));
}

#[test]
fn r3_only_tops_attack_and_any_tower_blocks() {
    // A black rook under a white knight does not check the white king.
    assert!(!pos("4k3/8/8/8/8/8/8/(Nr)3K3 w - - 0 1").in_check());
    assert!(pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").in_check());
    // A white pawn under a black rook on a8 does not check the black king on b7.
    assert!(!pos("(rP)7/1k6/8/8/8/8/8/4K3 b - - 0 1").in_check());
    // Sliders stop at the first tower of either colour, and may go onto it.
    let fen = "4k3/8/8/8/8/8/8/R2(nP)K3 w - - 0 1";
    assert!(has(fen, "a1d1"));
    let ms = moves(fen);
    assert!(!ms.iter().any(|m| m == "a1e1" || m == "a1f1"));
    // A tower blocks the rook's line to the king.
    assert!(!pos("4k3/8/8/8/4(Nr)3/8/8/4R1K1 b - - 0 1").in_check());
    assert!(pos("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").in_check());
}

// ---- R4 ------------------------------------------------------------------

#[test]
fn r4_every_split_is_a_separate_move() {
    let fen = "4k3/8/8/3(RnBqP)4/8/8/8/4K3 w - - 0 1";
    let ms = moves(fen);
    // 14 rook destinations, 5 ways each, plus 5 king moves.
    assert_eq!(ms.len(), 14 * 5 + 5);
    for m in ["d5(1)d8", "d5(2)d8", "d5(3)d8", "d5(4)d8", "d5d8"] {
        assert!(ms.contains(&m.to_string()), "{m}");
    }
    assert!(
        !ms.contains(&"d5(5)d8".to_string()),
        "the whole tower has no count"
    );
    let p = after(fen, &["d5(3)a5"]);
    assert_eq!(placement(&p), "4k3/8/8/(RnB)2(qP)4/8/8/8/4K3");
}

#[test]
fn r4_the_uncovered_piece_acts_at_once_for_its_owner() {
    let fen = "4k3/8/8/3(RnBqP)4/8/8/8/4K3 w - - 0 1";
    // White moves the rook off: the black knight is now Black's to move.
    let p = after(fen, &["d5(1)a5"]);
    let ms = moves_of(&p);
    assert!(ms.contains(&"d5(1)c3".to_string()) && ms.contains(&"d5c3".to_string()));
    assert!(ms.contains(&"d5(2)b4".to_string()));
    // Uncovering an own piece that checks: a discovered check by liberation.
    let fen = "4k3/8/2(NB)5/8/8/8/8/4K3 w - - 0 1";
    let p = after(fen, &["c6(1)a5"]);
    assert!(p.in_check(), "the bishop uncovered on c6 checks at once");
    assert_eq!(top_kind(&p, "c6"), Some((Color::White, Kind::Bishop)));
    assert!(!after(fen, &["c6a5"]).in_check(), "the whole tower left");
}

#[test]
fn r4_a_split_that_uncovers_a_check_on_ones_own_king_is_illegal() {
    // The black rook under the white knight would check e1 along the rank.
    let fen = "4k3/8/8/8/8/8/8/(Nr)3K3 w - - 0 1";
    assert!(!has(fen, "a1(1)b3"), "uncovers the rook: illegal");
    assert!(has(fen, "a1b3"), "taking the rook along is fine");
    // Moving the top onto the line blocks the uncovered rook: legal.
    assert!(!has("4k3/8/8/8/8/8/2N5/(Br)3K3 w - - 0 1", "a1(1)b2"));
    assert!(has("4k3/8/8/8/8/8/2N5/(Br)3K3 w - - 0 1", "a1b2"));
    assert!(
        has("4k3/8/8/8/8/8/8/(Nr)1B1K3 w - - 0 1", "a1(1)b3"),
        "the bishop on c1 blocks"
    );
}

// ---- R5 ------------------------------------------------------------------

#[test]
fn r5_nothing_moves_onto_a_king() {
    assert!(!has(START, "d1e1") && !has(START, "f1e1"));
    assert!(!has("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1e1"));
    assert!(has("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1f1"));
    // A black rook could never "cover" the white king: it checks it instead.
    let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(p.in_check());
}

#[test]
fn r5_the_king_stacks_onto_pieces_but_never_onto_attacked_squares() {
    // Onto the checking pawn: it is covered and no longer attacks.
    let fen = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1";
    assert!(pos(fen).in_check());
    let p = after(fen, &["e1d2"]);
    assert_eq!(placement(&p), "4k3/8/8/8/8/8/3(Kp)4/8");
    // Not onto a protected piece, nor along the checking rank.
    assert!(!has("4k3/8/8/8/8/4b3/3p4/4K3 w - - 0 1", "e1d2"));
    let fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
    assert!(!has(fen, "e1d1") && !has(fen, "e1f1"));
    assert!(has(fen, "e1e2"));
}

#[test]
fn r5_a_king_split_may_leave_a_blocker_behind() {
    // The king stands on a black knight, checked along the e-file.
    let fen = "4r1k1/8/8/8/8/8/4(Kn)3/8 w - - 0 1";
    assert!(pos(fen).in_check());
    assert!(has(fen, "e2(1)e1"), "the knight left on e2 blocks the rook");
    assert!(
        !has(fen, "e2e1"),
        "with the knight along, e1 stays on the file"
    );
    // The uncovered knight acts at once: not onto a square it attacks.
    assert!(!has(fen, "e2(1)d4") && !has(fen, "e2(1)f4"));
}

#[test]
fn r5_checkmate_and_the_king_escaping_onto_own_pieces() {
    let mate = "7k/6Q1/5K2/8/8/8/8/8 b - - 0 1";
    assert!(moves(mate).is_empty());
    assert_eq!(
        pos(mate).status(),
        Status::Over(Outcome::win(Color::White, "checkmate"))
    );
    // The back-rank "mate" of chess is none: the king steps onto a pawn.
    let fen = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1";
    assert!(pos(fen).in_check());
    assert!(has(fen, "g8f7") && has(fen, "g8g7") && has(fen, "g8h7"));
    assert_eq!(pos(fen).status(), Status::Ongoing);
}

// ---- R6 ------------------------------------------------------------------

#[test]
fn r6_each_pawn_promotes_into_the_piece_it_started_in_front_of() {
    let fen = "8/PPPPPPPP/8/8/8/8/8/k6K w - - 0 1";
    let expect = [
        ("a", Kind::Rook),
        ("b", Kind::Knight),
        ("c", Kind::Bishop),
        ("d", Kind::Queen),
        ("e", Kind::Helgi),
        ("f", Kind::Bishop),
        ("g", Kind::Knight),
        ("h", Kind::Rook),
    ];
    for (file, kind) in expect {
        let m = format!("{file}7{file}8");
        let p = after(fen, &[&m]);
        assert_eq!(
            top_kind(&p, &format!("{file}8")),
            Some((Color::White, kind)),
            "{m}"
        );
    }
    let p = after(fen, &["e7e8"]);
    assert!(placement(&p).starts_with("4H~3/"));
}

#[test]
fn r6_a_pawn_keeps_its_identity_wherever_it_goes() {
    // The e-pawn takes on d5: it still promotes into a Helgi (written =H).
    let p = after(START, &["e2e4", "d7d5", "e4d5"]);
    assert_eq!(
        placement(&p),
        "rnbqkbnr/ppp1pppp/8/3(P=Hp)4/8/8/PPPP1PPP/RNBQKBNR"
    );
    let fen = "5k2/3P=H4/8/8/8/8/8/4K3 w - - 0 1";
    let p = after(fen, &["d7d8"]);
    assert_eq!(top_kind(&p, "d8"), Some((Color::White, Kind::Helgi)));
    let p = after("5k2/3P4/8/8/8/8/8/4K3 w - - 0 1", &["d7d8"]);
    assert_eq!(top_kind(&p, "d8"), Some((Color::White, Kind::Queen)));
}

// ---- R7 ------------------------------------------------------------------

#[test]
fn r7_a_pawn_promotes_when_it_arrives_on_top_of_its_last_rank() {
    // Onto a black rook on a8 (diagonally from b7): the pawn is on top.
    let p = after("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", &["b7a8"]);
    assert_eq!(placement(&p), "(N~r)3k3/8/8/8/8/8/8/4K3");
    assert_eq!(top_kind(&p, "a8"), Some((Color::White, Kind::Knight)));
    // The promoted piece acts at once (here: no check, a knight on a8).
    assert!(!p.in_check());
}

#[test]
fn r7_a_pawn_promotes_when_a_split_uncovers_it_on_its_last_rank() {
    let fen = "(RP)7/8/8/8/8/8/8/1k2K3 w - - 0 1";
    let p = after(fen, &["a8(1)h8"]);
    assert_eq!(placement(&p), "R~6R/8/8/8/8/8/8/1k2K3");
    // Moving the whole tower takes the pawn along, unpromoted.
    let p = after(fen, &["a8a4"]);
    assert_eq!(placement(&p), "8/8/8/8/(RP)7/8/8/1k2K3");
}

#[test]
fn r7_a_covered_promoted_piece_is_a_pawn_again() {
    let fen = "4k3/8/8/3r~4/8/4N3/8/4K3 w - - 0 1";
    let p = after(fen, &["e3d5"]);
    assert_eq!(placement(&p), "4k3/8/8/3(Np=r)4/8/8/8/4K3");
    // Uncovered away from its last rank it stays a pawn.
    let p = after(fen, &["e3d5", "e8d8", "d5(1)c3"]);
    assert_eq!(top_kind(&p, "d5"), Some((Color::Black, Kind::Pawn)));
    // Covered on its last rank and uncovered there, it promotes again.
    let fen = "4k3/8/8/8/8/8/5N1K/3r~4 w - - 0 1";
    let p = after(fen, &["f2d1", "e8d8", "d1(1)b2"]);
    assert_eq!(top_kind(&p, "d1"), Some((Color::Black, Kind::Rook)));
    assert!(p.board().top(sq("d1")).unwrap().is_promoted());
}

#[test]
fn r7_fine_point_check_is_tested_after_promotion_of_an_uncovered_enemy_pawn() {
    // The black a-pawn under the white knight on a1 would become a rook
    // checking e1: the split is illegal. As a knight-pawn it would not check.
    let fen = "4k3/8/8/8/8/8/8/(Np)3K3 w - - 0 1";
    assert!(!has(fen, "a1(1)b3"));
    assert!(has(fen, "a1b3"));
    assert!(has("4k3/8/8/8/8/8/8/(Np=n)3K3 w - - 0 1", "a1(1)b3"));
    // ...and the uncovered pawn, promoted, is Black's rook at once.
    let p = after("4k3/8/8/8/8/8/4K3/(Np)7 w - - 0 1", &["a1(1)b3"]);
    assert_eq!(top_kind(&p, "a1"), Some((Color::Black, Kind::Rook)));
}

// ---- R8 ------------------------------------------------------------------

#[test]
fn r8_double_step_only_from_the_starting_square() {
    assert!(has(START, "e2e4"));
    let p = after(START, &["e2e3", "e7e6"]);
    assert!(!moves_of(&p).contains(&"e3e5".to_string()));
    // A pawn on its first rank (carried back) steps forward normally.
    let fen = "4k3/8/8/8/8/8/8/3PK3 w - - 0 1";
    assert!(has(fen, "d1d2") && !has(fen, "d1d3"));
    let fen = "3pk3/8/8/8/8/8/8/4K3 b - - 0 1";
    assert!(has(fen, "d8d7") && !has(fen, "d8d6"));
}

#[test]
fn r8_covered_and_uncovered_on_its_start_square_keeps_the_double_step() {
    let p = after(START, &["g1e2", "g8e7", "e2(1)c3", "e7(1)c6"]);
    assert!(moves_of(&p).contains(&"e2e4".to_string()));
    assert_eq!(
        p.to_fen(),
        "rnbqkb1r/pppppppp/2n5/8/8/2N5/PPPPPPPP/RNBQKB1R w KQkq - 2 3"
    );
    let fen = "4k3/8/8/8/8/8/4(NP)3/4K3 w - - 0 1";
    let p = after(fen, &["e2(1)c3", "e8d8"]);
    assert!(moves_of(&p).contains(&"e2e4".to_string()));
}

#[test]
fn r8_a_pawn_carried_back_to_its_second_rank_may_not_double_step() {
    let fen = "k7/8/8/8/8/4(RP)3/8/4K3 w - - 0 1";
    let p = after(fen, &["e3e2", "a8b8", "e2(1)a2", "b8c8"]);
    let ms = moves_of(&p);
    assert!(ms.contains(&"e2e3".to_string()));
    assert!(!ms.contains(&"e2e4".to_string()));
    assert_eq!(placement(&p), "2k5/8/8/8/8/8/R3P^3/4K3");
    // The marker reads back the same.
    assert!(!has("4k3/8/8/8/8/8/4P^3/4K3 w - - 0 1", "e2e4"));
}

#[test]
fn r8_en_passant_covers_the_double_stepped_tower_on_the_square_passed() {
    let fen = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let p = after(fen, &["e2e4"]);
    assert_eq!(p.board().ep_square(), Some(sq("e3")));
    assert!(moves_of(&p).contains(&"d4e3".to_string()));
    let q = after(fen, &["e2e4", "d4e3"]);
    assert_eq!(
        placement(&q),
        "rnbqkbnr/ppp1pppp/8/8/8/4(p=qP)3/PPPP1PPP/RNBQKBNR"
    );
    // Only at once.
    let p = after(fen, &["e2e4", "g8f6", "g1f3", "f6g8"]);
    assert!(!moves_of(&p).contains(&"d4e3".to_string()));
    // No en passant square without a pawn to take it.
    let p = after(START, &["e2e4"]);
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn r8_en_passant_by_a_pawn_topped_tower_with_any_count() {
    let fen = "4k3/8/8/8/3(pRN)P3/8/8/4K3 b - e3 0 1";
    for m in ["d4(1)e3", "d4(2)e3", "d4e3"] {
        assert!(has(fen, m), "{m}");
    }
    let p = after(fen, &["d4(2)e3"]);
    assert_eq!(placement(&p), "4k3/8/8/8/3N4/4(p=qRP)3/8/4K3");
    // The white knight uncovered on d4 is White's at once.
    assert!(moves_of(&p).iter().any(|m| m.starts_with("d4")));
}

// ---- R9 ------------------------------------------------------------------

#[test]
fn r9_castling_with_king_and_rook_alone_and_unmoved() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert!(has(fen, "e1g1") && has(fen, "e1c1"));
    let p = after(fen, &["e1g1"]);
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let p = after(fen, &["e1g1", "e8c8"]);
    assert_eq!(placement(&p), "2kr3r/8/8/8/8/8/8/R4RK1");
    // Not out of, through or into check.
    let out_of = "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1";
    assert!(!has(out_of, "e1g1") && !has(out_of, "e1c1"));
    let through = "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1";
    assert!(!has(through, "e1g1") && has(through, "e1c1"));
    let into = "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1";
    assert!(!has(into, "e1g1") && has(into, "e1c1"));
    // A tower on b1 blocks the long castling (b1 must be empty, not safe).
    assert!(!has("r3k2r/8/8/8/8/8/8/R(NP)2K2R w KQkq - 0 1", "e1c1"));
}

#[test]
fn r9_a_covered_rook_keeps_its_right_but_may_not_castle_until_alone() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2(nR) b KQkq - 0 1";
    let p = pos(fen);
    assert_eq!(p.to_fen(), fen);
    // Uncovered without moving: castling is back.
    let p = after(fen, &["h1(1)f2"]);
    let ms = moves_of(&p);
    assert!(ms.contains(&"e1g1".to_string()));
    assert!(
        !ms.contains(&"e1c1".to_string()),
        "the knight on f2 hits d1"
    );
    // While covered, no castling.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2(nR) w KQkq - 0 1";
    assert!(!has(fen, "e1g1") && has(fen, "e1c1"));
    // Carried away in the tower, the rook loses its right.
    let p = after("r3k2r/8/8/8/8/8/8/R3K2(nR) b KQkq - 0 1", &["h1f2"]);
    assert_eq!(p.to_fen().split(' ').nth(2), Some("Qkq"));
}

#[test]
fn r9_castling_refused_after_king_or_rook_moved_or_when_not_alone() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let p = after(fen, &["h1h2", "a8a7", "h2h1", "a7a8"]);
    assert!(!moves_of(&p).contains(&"e1g1".to_string()));
    assert!(moves_of(&p).contains(&"e1c1".to_string()));
    // A rook standing on another piece (it got there by moving) has no right:
    // FEN refuses it.
    assert!(TavreliPosition::from_fen("r3k2r/8/8/8/8/8/8/R3K2(RN) w KQkq - 0 1").is_err());
    // A king that moved onto a piece is not alone: no castling letter.
    assert!(TavreliPosition::from_fen("r3k2r/8/8/8/8/8/8/R3(KN)2R w KQkq - 0 1").is_err());
}

// ---- R10 -----------------------------------------------------------------

#[test]
fn r10_stalemate_is_a_draw() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert!(moves(fen).is_empty());
    assert_eq!(pos(fen).status(), Status::Over(Outcome::draw("stalemate")));
}

#[test]
fn r10_threefold_repetition() {
    let ms = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    let p = after(START, &ms);
    assert_eq!(p.status(), Status::Ongoing);
    let p = after(START, &[&ms[..], &["f6g8"]].concat());
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw("threefold repetition"))
    );
}

#[test]
fn r10_repetition_counts_across_moves_onto_pieces() {
    // Onto a pawn and off again: the 50-move clock resets, the position returns.
    let cycle = ["g1e2", "g8e7", "e2(1)g1", "e7(1)g8"];
    let p = after(START, &[&cycle[..], &cycle[..]].concat());
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw("threefold repetition"))
    );
    // A lost right makes earlier positions unreachable.
    let p = after(START, &["e1d1", "e8d8", "d1e1", "d8e8"]);
    assert_eq!(p.repetitions(), 0);
}

/// R10 (decided 2026-12-05): a "pawn move" is a move of a tower whose top
/// piece is a pawn; a pawn carried under another top piece resets nothing.
#[test]
fn r10_only_a_pawn_on_top_makes_a_pawn_move() {
    // A rook carrying a pawn, to an empty square: no reset.
    let p = after("4k3/8/8/8/8/8/8/(RP)3K3 w - - 7 80", &["a1a5"]);
    assert_eq!(p.board().halfmove_clock(), 8);
    // The same rook leaving its pawn behind (a split): no reset either.
    let p = after("4k3/8/8/8/8/8/8/(RP)3K3 w - - 7 80", &["a1(1)a5"]);
    assert_eq!(p.board().halfmove_clock(), 8);
    // A pawn on top carrying a rook: a pawn move, the clock resets.
    let p = after("4k3/8/8/8/8/8/(PR)7/4K3 w - - 7 80", &["a2a3"]);
    assert_eq!(p.board().halfmove_clock(), 0);
    // Fifty moves of a tower with a pawn inside draw.
    let p = after("4k3/8/8/8/8/8/8/(RP)3K3 w - - 99 80", &["a1a5"]);
    assert_eq!(p.status(), Status::Over(Outcome::draw("fifty-move rule")));
}

#[test]
fn r10_fifty_moves_without_pawn_move_or_move_onto_a_piece() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    assert_eq!(pos(fen).status(), Status::Ongoing);
    let p = after(fen, &["a1a5"]);
    assert_eq!(p.status(), Status::Over(Outcome::draw("fifty-move rule")));
    assert_eq!(p.board().halfmove_clock(), 100);
    // A move onto a piece resets the clock, and so does a pawn move.
    let p = after("4k3/8/8/8/8/8/N7/R3K3 w - - 99 80", &["a1a2"]);
    assert_eq!(p.board().halfmove_clock(), 0);
    let p = after("4k3/8/8/8/8/8/7P/R3K3 w - - 99 80", &["h2h3"]);
    assert_eq!(p.board().halfmove_clock(), 0);
    // A split to an empty square does not (no pawn moves, nothing covered).
    let p = after("4k3/8/8/8/8/8/8/(RN)3K3 w - - 7 80", &["a1(1)a5"]);
    assert_eq!(p.board().halfmove_clock(), 8);
    // Mate on the 100th ply is mate.
    let p = after("7k/8/5K2/8/8/8/8/6Q1 w - - 99 80", &["g1g7"]);
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Color::White, "checkmate"))
    );
}

// ---- fine points: order within a move --------------------------------------

#[test]
fn fine_point_mover_promotion_then_check_test() {
    // A white pawn promotes into a rook on a8 and so blocks... nothing: the
    // mover's own promotion never makes its move illegal, while an uncovered
    // enemy pawn's does (r7 test). Here the promoted Helgi gives check at once.
    let p = after("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", &["e7e8"]);
    assert!(p.in_check());
    assert_eq!(top_kind(&p, "e8"), Some((Color::White, Kind::Helgi)));
}

// ---- FEN -------------------------------------------------------------------

#[test]
fn fen_round_trips() {
    for fen in [
        START,
        "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
        "(rP)3k2(nP)/8/8/3(Q~p)4/4(h~P)3/8/8/(Rp)3K2(Np) w - - 3 17",
        "4k3/1P=H6/8/2(pP)5/8/8/6p=q1/4K3 w - - 0 1",
        "4k3/8/8/8/3(pRN)P3/8/8/4K3 b - e3 0 1",
        "4k3/8/8/8/8/8/R3P^3/4K3 b - - 12 40",
        "r3k2r/8/8/8/8/8/8/R3K2(nR) b KQkq - 0 1",
        "4k3/8/8/3(RnBqPpbNrQnB)4/8/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
        assert_eq!(pos(fen).hash(), pos(&pos(fen).to_fen()).hash());
    }
    // Accepted on input, normalised on output.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/3P=QK3 w - - 0 1").to_fen(),
        "4k3/8/8/8/8/8/8/3PK3 w - - 0 1"
    );
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/3(K)4 w - - 0 1").to_fen(),
        "4k3/8/8/8/8/8/8/3K4 w - - 0 1"
    );
    assert_eq!(
        pos("4k3/8/8/8/8/4P^3/8/4K3 w - - 0 1").to_fen(),
        "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1"
    );
    // An en passant square nobody can use is dropped.
    assert_eq!(
        pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").to_fen(),
        "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn fen_refusals() {
    for (fen, why) in [
        ("4k3/8/8/8/8/8/8/(NK)3 w - - 0 1", "covered king"),
        (
            "4k3/8/8/8/3(NR~)4/8/8/4K3 w - - 0 1",
            "covered promoted piece",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "pawn on top of its last rank",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0",
            "wrong field count is fine, this is ok",
        ),
        ("4k3/8/8/8/8/8/8/3K~4 w - - 0 1", "promoted king"),
        (
            "4k3/8/8/8/8/8/8/3P=K4 w - - 0 1",
            "pawn promoting into a king",
        ),
        ("4k3/8/8/8/3()4/8/8/4K3 w - - 0 1", "empty tower"),
        ("4k3/8/8/8/3(NB4/8/8/4K3 w - - 0 1", "unclosed tower"),
        ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling without rook"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en passant without pawn"),
        ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "two kings"),
        (
            "4k3/8/8/8/8/8/8/r3K3 b - - 0 1",
            "side not to move in check",
        ),
        (
            "4k3/8/8/(RRRRRRRRRRRRRRRR)7/(rrrrrrrrrrrrrrrr)7/8/8/4K3 w - - 0 1",
            "more than 32 pieces",
        ),
    ] {
        let r = TavreliPosition::from_fen(fen);
        if why.contains("is ok") {
            assert!(r.is_ok(), "{why}");
        } else {
            assert!(r.is_err(), "{why}: {fen}");
        }
    }
}

// ---- notation -----------------------------------------------------------------

#[test]
fn notation_protocol_form() {
    let fen = "4k3/8/8/8/8/5(NB)2/8/4K3 w - - 0 1";
    let p = pos(fen);
    let whole = p.parse_move("f3g5").unwrap();
    assert_eq!(whole.to_string(), "f3g5");
    assert!(whole.is_whole() && whole.count() == 2);
    // A count equal to the height is the whole tower.
    assert_eq!(p.parse_move("f3(2)g5").unwrap(), whole);
    let split = p.parse_move("f3(1)g5").unwrap();
    assert_eq!(split.to_string(), "f3(1)g5");
    assert!(p.parse_move("f3(3)g5").is_err());
    assert!(p.parse_move("f3(0)g5").is_err());
    assert!(p.parse_move("f3g4").is_err());
    assert!(p.parse_move("f3(1)g5q").is_err());
    assert_eq!(std::mem::size_of::<Option<TavreliMove>>(), 4);
    // Castling is the king's two-square move.
    assert!(pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .parse_move("e1g1")
        .is_ok());
}

#[test]
fn notation_source_record_form_both_ways() {
    let fen = "2b1k3/8/8/8/8/5(NB)2/1P6/4K3 w - - 0 1";
    let p = pos(fen);
    let m = p.parse_move("f3(1)d4").unwrap();
    assert_eq!(p.to_record(m), "f3(1) — d4");
    assert_eq!(p.parse_record("f3(1) — d4"), Ok(m));
    assert_eq!(p.parse_record("f3(1)-d4"), Ok(m));
    let m = p.parse_move("f3g5").unwrap();
    assert_eq!(p.to_record(m), "f3 — g5");
    // Onto a piece: x.
    let q = pos("2b1k3/8/8/8/8/2n2(NB)2/1P6/4K3 w - - 0 1");
    let m = q.parse_move("b2c3").unwrap();
    assert_eq!(q.to_record(m), "b2 x c3");
    assert_eq!(q.parse_record("b2 x c3"), Ok(m));
    assert!(q.parse_record("b2 — c3").is_err(), "the mark must fit");
    let s = q.parse_move("f3(1)h4").unwrap();
    assert_eq!(q.to_record(s), "f3(1) — h4");
    // The source's own examples.
    let r = pos("2b1k3/8/5n2/8/3n4/5(RB)2/1P6/4K3 w - - 0 1");
    let m = r.parse_record("f3(1) x f6").unwrap();
    assert_eq!(m.to_string(), "f3(1)f6");
    assert_eq!(r.to_record(m), "f3(1) x f6");
    let m = r.parse_record("b2 x d4");
    assert!(m.is_err(), "a pawn takes one square diagonally");
    let t = pos("2b1k3/8/8/8/8/8/8/4K3 b - - 0 1");
    let m = t.parse_record("c8 — g4").unwrap();
    assert_eq!(t.to_record(m), "c8 — g4");
    // The seam's record notation (game files): the same, as one token.
    assert_eq!(t.move_to_record(m), "c8-g4");
    assert_eq!(t.parse_record_move("c8-g4"), Ok(m));
    assert_eq!(t.parse_record_move("c8g4"), Ok(m));
    let m = r.parse_move("f3(1)f6").unwrap();
    assert_eq!(r.move_to_record(m), "f3(1)xf6");
    assert_eq!(r.parse_record_move("f3(1)xf6"), Ok(m));
}

#[test]
fn notation_game_record_round_trip() {
    use movegen::tavreli::notation::{game_record, parse_game_record};
    let start = TavreliPosition::startpos();
    let ms = [
        "e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "f6d5", "f3(1)e5", "d5(1)b4",
    ];
    let mut p = start.clone();
    let mut played = Vec::new();
    for m in ms {
        match p.parse_move(m) {
            Ok(mv) => {
                played.push(mv);
                p.make_move(mv);
            }
            Err(_) => break,
        }
    }
    let text = game_record(start.board(), &played);
    assert!(text.starts_with("1. e2 — e4 d7 — d5 2. e4 x d5"), "{text}");
    assert_eq!(parse_game_record(start.board(), &text), Ok(played.clone()));
    let castles = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = parse_game_record(castles.board(), "1. O-O 0-0-0 1/2-1/2").unwrap();
    assert_eq!(
        moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["e1g1", "e8c8"]
    );
}

// ---- perft -------------------------------------------------------------------

#[test]
fn perft_start_position() {
    let mut p = TavreliPosition::startpos();
    assert_eq!(p.perft(1), 39);
    assert_eq!(p.perft(2), 1519);
    assert_eq!(p.perft(3), 68920);
    assert_eq!(p.perft(4), 3097251);
}

#[test]
fn perft_bulk_count_equals_make_unmake_count() {
    for fen in [
        "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/3(RnBqP)4/8/8/8/4K3 w - - 0 1",
    ] {
        let mut p = pos(fen);
        assert_eq!(
            p.perft(3),
            crate::perft_suite::slow_perft(&mut p.clone(), 3),
            "{fen}"
        );
    }
}

// ---- Zobrist and bookkeeping over random games ----------------------------------

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn zobrist_incremental_equals_from_scratch_over_random_games() {
    let starts = [
        START,
        "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
        "1n2k3/P1(Rp)3P1/8/8/8/8/p1(rP)3p1/1N2K3 w - - 0 1",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut plies = 0;
    for game in 0..60 {
        let mut p = pos(starts[game % starts.len()]);
        for _ in 0..150 {
            let b = p.board();
            b.check_consistency()
                .unwrap_or_else(|e| panic!("{}: {e}", p.to_fen()));
            // The key depends on the position only, not on piece ids.
            assert_eq!(pos(&p.to_fen()).hash(), p.hash(), "{}", p.to_fen());
            let mut list = <TavreliPosition as Position>::MoveList::default();
            p.generate_moves(&mut list);
            if list.is_empty() {
                break;
            }
            // Prefer moves onto pieces and splits, to grow towers.
            let pick = (0..3)
                .map(|_| list[(rng.next() % list.len() as u64) as usize])
                .max_by_key(|m| (b.height(m.to()) > 0) as u32 + (!m.is_whole()) as u32)
                .unwrap();
            p.make_move(pick);
            plies += 1;
        }
    }
    assert!(plies > 3000);
}

#[test]
fn unmake_restores_the_position() {
    let mut p = pos("r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1");
    let fen = p.to_fen();
    let mut list = <TavreliPosition as Position>::MoveList::default();
    p.generate_moves(&mut list);
    for &m in list.iter() {
        p.make_move(m);
        p.unmake_move();
        assert_eq!(p.to_fen(), fen);
    }
}
