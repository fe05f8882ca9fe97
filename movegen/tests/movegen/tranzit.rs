//! Chess-tranzit rules T3–T17 (`docs/rules/tranzit.md`), each decision
//! both ways, the start-position perft, FEN and game-record round trips.

use movegen::tranzit::record::{read_record, write_record};
use movegen::tranzit::{BoardResult, TranzitPosition};
use movegen::variant::setup_position;
use movegen::{Color, Outcome, Position, Status};

/// A 16-file FEN from two ordinary placements (board I, board II) and the
/// remaining fields.
fn fen2(one: &str, two: &str, rest: &str) -> String {
    let expand = |p: &str| -> Vec<String> {
        p.split('/')
            .map(|r| {
                r.chars()
                    .flat_map(|c| match c.to_digit(10) {
                        Some(n) => vec!['.'; n as usize],
                        None => vec![c],
                    })
                    .collect()
            })
            .collect()
    };
    let (a, b) = (expand(one), expand(two));
    let ranks: Vec<String> = a
        .iter()
        .zip(&b)
        .map(|(x, y)| {
            let mut out = String::new();
            let mut empty = 0;
            for c in format!("{x}{y}").chars() {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

fn pos(fen: &str) -> TranzitPosition {
    TranzitPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn actions(p: &TranzitPosition) -> Vec<String> {
    let mut list = <TranzitPosition as Position>::MoveList::default();
    p.generate_moves(&mut list);
    list.iter().map(|a| a.to_string()).collect()
}

fn has(fen: &str, a: &str) -> bool {
    actions(&pos(fen)).iter().any(|x| x == a)
}

fn play(fen: &str, moves: &[&str]) -> TranzitPosition {
    setup_position::<TranzitPosition, _>(Some(fen), moves)
        .unwrap_or_else(|e| panic!("{fen} {moves:?}: {e}"))
}

const EMPTY: &str = "8/8/8/8/8/8/8/8";

#[test]
fn t1_t3_start_position_has_36_actions() {
    let mut p = TranzitPosition::startpos();
    assert_eq!(p.perft(1), 36);
    let a = actions(&p);
    assert!(
        a.contains(&"e1m1".to_string())
            && a.contains(&"g1o1".to_string())
            && a.contains(&"e2e4".to_string())
    );
    assert!(
        !a.iter().any(|x| x.starts_with('e') && x.ends_with("i1")),
        "a transfer is exactly 8 files"
    );
}

#[test]
fn t4_double_step_and_en_passant_on_board_two() {
    let fen = fen2("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/3p4/8/4P3/8", "w - - 0 1");
    assert!(
        has(&fen, "m2m4"),
        "a pawn on its second rank double-steps on board II"
    );
    let p = play(&fen, &["m2m4"]);
    assert!(
        actions(&p).contains(&"l4m3".to_string()),
        "en passant on board II"
    );
    // The chance passes after another action.
    let p = play(&fen, &["m2m4", "e8d8", "e1d1"]);
    assert!(!actions(&p).contains(&"l4m3".to_string()));
}

#[test]
fn t5_castling_only_on_board_one_and_lost_by_transfer() {
    let fen = fen2("r3k2r/8/8/8/8/8/8/R3K2R", EMPTY, "w KQkq - 0 1");
    assert!(has(&fen, "e1g1"));
    // The rook goes to board II and back: the right is gone.
    let p = play(&fen, &["h1p1", "a8i8", "p1h1", "i8a8"]);
    assert!(!actions(&p).contains(&"e1g1".to_string()));
    assert!(actions(&p).contains(&"e1c1".to_string()));
    // A king and rook on board II never castle.
    let fen = fen2("4k3/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/4K2R", "w - - 0 1");
    assert!(!has(&fen, "m1o1"));
}

#[test]
fn t6_transfer_refusals() {
    // Destination occupied: no transfer of the e2 pawn onto m2.
    let fen = fen2("4k3/8/8/8/8/8/4P3/4K3", "8/8/8/8/8/8/4p3/8", "w - - 0 1");
    assert!(!has(&fen, "e2m2"));
    assert!(
        has(&fen, "e1m1"),
        "the king's destination m1 is free and safe"
    );
    // A king may not transfer onto an attacked square (rook on board II's
    // first rank attacks m1).
    let fen = fen2("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/r7", "w - - 0 1");
    assert!(!has(&fen, "e1m1"));
    // The transferred piece may not give check on the destination board.
    let fen = fen2("8/8/8/8/8/8/8/4KR2", "5k2/8/8/8/8/8/8/8", "w - - 0 1");
    assert!(!has(&fen, "f1n1"), "the rook would check the king on n8");
    assert!(has(&fen, "e1m1"));
    // Decision: a check discovered on the departure board is allowed.
    let fen = fen2("4k3/8/8/8/8/8/4B3/4R1K1", EMPTY, "w - - 0 1");
    assert!(
        has(&fen, "e2m2"),
        "the bishop leaves and the rook checks on board I"
    );
}

#[test]
fn t7_check_must_be_ended_on_the_kings_board() {
    // White's king on board II is checked by a rook; White also has a rook on
    // board I. Moves on board I are illegal, a blocking transfer is legal,
    // and so is transferring the king away.
    let fen = fen2("4k3/8/8/8/8/8/8/3R4", "4r3/8/8/8/8/8/8/4K3", "w - - 0 1");
    let a = actions(&pos(&fen));
    assert!(
        !a.iter().any(|x| x.starts_with("d1d")),
        "no move on board I: {a:?}"
    );
    assert!(
        !a.contains(&"d1l1".to_string()),
        "l1 does not block the m-file: {a:?}"
    );
    assert!(
        a.contains(&"m1e1".to_string()),
        "the king transfers out of check: {a:?}"
    );
    assert!(
        a.contains(&"m1l1".to_string()),
        "the king steps aside: {a:?}"
    );
    // A transfer that blocks the check is legal.
    let fen = fen2("k7/8/8/8/4R3/8/8/8", "4r3/8/8/8/8/8/8/4K3", "w - - 0 1");
    let a = actions(&pos(&fen));
    assert!(
        a.contains(&"e4m4".to_string()),
        "the rook transfers between: {a:?}"
    );
    assert!(!a.contains(&"e4e5".to_string()), "{a:?}");
}

#[test]
fn t8_mate_on_a_board_although_a_transfer_could_escape() {
    // Black's king h8 on board I, boxed in by its pawns, a white rook gives a
    // back-rank mate; a transfer of the king to p8 would escape, but
    // transfers do not save from mate.
    let fen = fen2("6k1/5ppp/8/8/8/8/8/R3K3", EMPTY, "w - - 0 1");
    let p = play(&fen, &["a1a8"]);
    assert_eq!(p.current().results[0], BoardResult::Won(Color::White));
    // Now the mated king must transfer (T13): g8 -> o8.
    assert_eq!(actions(&p), vec!["g8o8".to_string()]);
    // Not mate when a board move ends the check.
    let fen = fen2("6k1/5pp1/8/8/8/8/8/R3K3", EMPTY, "w - - 0 1");
    let p = play(&fen, &["a1a8"]);
    assert_eq!(p.current().results[0], BoardResult::Live);
}

#[test]
fn t9_stalemate_draws_the_kings_board_and_the_live_other() {
    // Black's king a8 on board I is its only piece; a white rook on board II
    // guards i8, so after Qb6 Black has no move and no transfer.
    let fen = fen2("k7/8/8/2Q5/8/8/8/4K3", "8/8/8/8/8/8/8/R7", "w - - 0 1 -- W");
    let p = play(&fen, &["c5b6"]);
    assert_eq!(
        p.current().results,
        [BoardResult::Drawn, BoardResult::Drawn]
    );
    // A transfer available (the blocked h3 pawn to p3) means no stalemate.
    let fen = fen2(
        "k7/8/8/2Q5/8/7p/7P/4K3",
        "8/8/8/8/8/8/8/R7",
        "w - - 0 1 -- W",
    );
    let p = play(&fen, &["c5b6"]);
    assert_eq!(p.current().results, [BoardResult::Live, BoardResult::Live]);
    assert_eq!(actions(&p), vec!["h3p3".to_string()]);
}

#[test]
fn t10_repetition_draws_the_board_of_the_repeating_move() {
    let fen = fen2(
        "4k3/8/8/8/8/8/8/4K3",
        "4n3/8/8/8/8/8/8/4N3",
        "w - - 0 1 -- WB",
    );
    let shuffle = ["m1n3", "m8n6", "n3m1", "n6m8"];
    let mut moves: Vec<&str> = shuffle.to_vec();
    moves.extend(shuffle);
    let p = play(&fen, &moves);
    assert_eq!(
        p.current().results,
        [BoardResult::Live, BoardResult::Drawn],
        "board II repeated"
    );
    let p = play(&fen, &moves[..7]);
    assert_eq!(
        p.current().results,
        [BoardResult::Live, BoardResult::Live],
        "only twice so far"
    );
    // Repeating by transfers draws both live boards.
    let fen = fen2(
        "4k3/8/8/8/8/8/8/3NK3",
        "3n4/8/8/8/8/8/8/8",
        "w - - 0 1 -- WB",
    );
    let t = ["d1l1", "l8d8", "l1d1", "d8l8"];
    let mut moves: Vec<&str> = t.to_vec();
    moves.extend(t);
    let p = play(&fen, &moves);
    assert_eq!(
        p.current().results,
        [BoardResult::Drawn, BoardResult::Drawn]
    );
}

#[test]
fn t11_emptied_board_one_loses_it() {
    // Black's last piece on board I (a knight) is captured.
    let fen = fen2("8/8/8/8/8/8/n7/R3K3", "4k3/8/8/8/8/8/8/8", "w - - 0 1 -- B");
    let p = play(&fen, &["a1a2"]);
    assert_eq!(p.current().results[0], BoardResult::Won(Color::White));
    // The lone white king still keeps board I alive for White (T11 fine point).
    let fen = fen2("4k3/8/8/8/8/8/8/4KN2", "8/8/8/8/8/8/8/8", "w - - 0 1");
    let p = play(&fen, &["f1n1"]);
    assert_eq!(p.current().results[0], BoardResult::Live);
}

#[test]
fn t12_dead_board_only_transfers_out() {
    // Board I is decided (won by White); White's rook there may transfer out,
    // nothing moves on board I, nothing transfers onto it.
    let fen = fen2("8/8/8/8/8/8/8/R7", "4k3/8/8/8/8/8/8/4K3", "w - - 0 1 w- WB");
    let a = actions(&pos(&fen));
    assert!(a.contains(&"a1i1".to_string()));
    assert!(
        !a.iter()
            .any(|x| x.starts_with("a1a") || x.starts_with("a1b")),
        "{a:?}"
    );
    assert!(
        !a.contains(&"m1e1".to_string()),
        "no transfer onto a dead board"
    );
}

#[test]
fn t13_forced_king_transfer_free_attacked_occupied() {
    // Board I decided with White's king on it: its transfer is the only action.
    let free = fen2("8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/8", "w - - 0 1 b- WB");
    assert_eq!(actions(&pos(&free)), vec!["e1m1".to_string()]);
    // Attacked destination: judged when the board is decided — build it by
    // a mate on board I with the escape square attacked on board II.
    let fen = fen2(
        "6k1/5ppp/8/8/8/8/8/R3K3",
        "1R6/8/8/8/8/8/8/8",
        "w - - 0 1 -- WB",
    );
    let p = play(&fen, &["a1a8"]);
    assert_eq!(
        p.current().results,
        [
            BoardResult::Won(Color::White),
            BoardResult::Won(Color::White)
        ],
        "mated there too"
    );
    // Occupied destination: the other board is drawn.
    let fen = fen2(
        "6k1/5ppp/8/8/8/8/8/R3K3",
        "6n1/8/8/8/8/8/8/8",
        "w - - 0 1 -- WB",
    );
    let p = play(&fen, &["a1a8"]);
    assert_eq!(
        p.current().results,
        [BoardResult::Won(Color::White), BoardResult::Drawn]
    );
}

#[test]
fn t14_no_transfer_scores_nothing_on_board_two() {
    // Both boards drawn; only White has ever transferred I -> II.
    let fen = fen2("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/8", "w - - 0 1 dd W");
    let p = pos(&fen);
    assert_eq!(
        p.status(),
        Status::Over(Outcome {
            white: 2,
            black: 1,
            reason: "both boards decided"
        })
    );
    let fen = fen2("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/8", "w - - 0 1 dd WB");
    assert_eq!(
        pos(&fen).status(),
        Status::Over(Outcome {
            white: 2,
            black: 2,
            reason: "both boards decided"
        })
    );
}

#[test]
fn t15_hundred_quiet_actions_draw_every_live_board() {
    let fen = fen2(
        "4k3/8/8/8/8/8/8/4K3",
        "n7/8/8/8/8/8/8/N7",
        "w - - 99 80 -- WB",
    );
    let p = play(&fen, &["i1j3"]);
    assert_eq!(
        p.current().results,
        [BoardResult::Drawn, BoardResult::Drawn]
    );
    let fen = fen2(
        "4k3/8/8/8/8/8/8/4K3",
        "n7/8/8/8/8/8/8/N7",
        "w - - 98 80 -- WB",
    );
    let p = play(&fen, &["i1j3"]);
    assert_eq!(p.current().results, [BoardResult::Live, BoardResult::Live]);
    // A transfer resets the count.
    let fen = fen2(
        "4k3/8/8/8/8/8/8/3NK3",
        "n7/8/8/8/8/8/8/8",
        "w - - 99 80 -- WB",
    );
    let p = play(&fen, &["d1l1"]);
    assert_eq!(p.current().results, [BoardResult::Live, BoardResult::Live]);
}

#[test]
fn t17_points_of_a_finished_game() {
    let fen = fen2("4k3/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1 wd WB");
    assert_eq!(
        pos(&fen).status(),
        Status::Over(Outcome {
            white: 3,
            black: 1,
            reason: "both boards decided"
        })
    );
    assert_eq!(
        pos(&fen2("4k3/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1 w- WB")).status(),
        Status::Ongoing
    );
}

#[test]
fn fen_round_trips_and_refusals() {
    for fen in [
        movegen::tranzit::START_FEN.to_string(),
        fen2(
            "4k3/8/8/8/8/8/8/4K3",
            "n7/8/8/8/8/8/8/N7",
            "w - - 12 30 -- WB",
        ),
        fen2("4k3/8/8/8/8/8/8/4K3", EMPTY, "b - - 0 1 wd W"),
    ] {
        assert_eq!(pos(&fen).to_fen(), fen);
    }
    assert!(
        TranzitPosition::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .is_err()
    );
    assert!(TranzitPosition::from_fen(&fen2(
        "4k3/8/8/8/8/8/8/4K3",
        "4k3/8/8/8/8/8/8/8",
        "w - - 0 1"
    ))
    .is_err());
    assert!(
        TranzitPosition::from_fen(&fen2("4k3/8/8/8/8/8/8/4K3", EMPTY, "w - - 0 1 x- -")).is_err()
    );
}

#[test]
fn game_record_round_trips() {
    let start = TranzitPosition::startpos();
    let text = "1. I f3 I e5 2. I g4 I Qh4#";
    let moves = read_record(&start, text).unwrap();
    assert_eq!(
        moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["f2f3", "e7e5", "g2g4", "d8h4"]
    );
    assert_eq!(write_record(&start, &moves), text);
    let p = play(
        movegen::tranzit::START_FEN,
        &["f2f3", "e7e5", "g2g4", "d8h4"],
    );
    assert_eq!(
        p.current().results[0],
        BoardResult::Won(Color::Black),
        "fool's mate wins board I"
    );
    // The source's continuation: the kings transfer.
    let text = "1. I f3 I e5 2. I g4 I Qh4# 3. II Ke1 II Ke8";
    let moves = read_record(&start, text).unwrap();
    assert_eq!(moves[4].to_string(), "e1m1");
    assert_eq!(write_record(&start, &moves), text);
}

/// Found by the `moves` fuzz target: a transfer whose plain record form is
/// also a move on the destination board (`II b6`: the b6 pawn to board II,
/// or board II's b7 pawn one step) is written with `@` and reads back.
#[test]
fn a_transfer_that_reads_as_a_move_is_written_with_at() {
    let start = pos("4k11/9p6/1p14/16/16/16/16/4K11 b - - 0 1");
    let push = start.parse_move("j7j6").unwrap();
    let transfer = start.parse_move("b6j6").unwrap();
    assert_eq!(start.move_to_record(push), "II b6");
    assert_eq!(start.move_to_record(transfer), "II P@b6");
    for a in [push, transfer] {
        assert_eq!(start.parse_record_move(&start.move_to_record(a)), Ok(a));
    }
    let text = write_record(&start, &[transfer]);
    assert_eq!(read_record(&start, &text).unwrap(), [transfer]);
    // A transfer no move can be confused with keeps the source's form.
    let knight = pos("4k11/16/16/16/16/16/16/4K1N9 w - - 0 1");
    assert_eq!(
        knight.move_to_record(knight.parse_move("g1o1").unwrap()),
        "II Ng1"
    );
}

#[test]
fn t10_transfer_flags_are_not_part_of_the_repeated_position() {
    // The first transfers fall inside the cycle: the start position still
    // occurs a third time, by a transfer, so both boards are drawn.
    let cycle = [
        "g1o1", "g8o8", "o1g1", "o8g8", "g1o1", "g8o8", "o1g1", "o8g8",
    ];
    let p = play(movegen::tranzit::START_FEN, &cycle[..7]);
    assert_eq!(p.current().results, [BoardResult::Live, BoardResult::Live]);
    let p = play(movegen::tranzit::START_FEN, &cycle);
    assert_eq!(
        p.current().results,
        [BoardResult::Drawn, BoardResult::Drawn]
    );
    assert_eq!(p.clone().perft(1), 0);
}
