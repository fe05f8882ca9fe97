//! The XBoard GUI parts over the real binary (`docs/xboard.md`,
//! "Engine-defined variants"): `setup` for tranzit, tavreli, progressive
//! chess and Swedish chess (with holdings), `lift`/`put` markers (also for
//! drops from the holdings), bad squares, progressive series with null
//! moves (the engine's passes, the GUI's `@@@@` and XBoard's null-move
//! `setboard`), tavreli's tower comments and whole-tower play.

use crate::common::{Engine, WAIT};

/// An engine in XBoard mode that accepted `highlight` (as XBoard does).
fn gui() -> Engine {
    let mut e = Engine::xboard();
    e.send("accepted highlight");
    e
}

/// `move X` lines among `lines`, in order.
fn moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("move ").map(str::to_string))
        .collect()
}

#[test]
fn variant_answers_with_setup() {
    let mut e = gui();
    e.send("new");
    e.send("variant tranzit");
    assert_eq!(
        e.ping(1),
        ["setup (PNBRQKpnbrqk) 16x8+0_fairy rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1"]
    );
    e.send("variant tavreli");
    assert_eq!(
        e.ping(2),
        ["setup (PNBRQ...............HKpnbrq...............hk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    );
    e.send("variant progressive-scottish");
    assert_eq!(
        e.ping(3),
        ["setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    );
    // Variants XBoard knows get none.
    e.send("new");
    e.send("variant crazyhouse");
    assert!(e.ping(4).is_empty());
    // A tranzit setboard: the setup without the extension fields.
    e.send("variant tranzit");
    e.send("setboard 4k11/16/16/16/16/16/16/4K11 w - - 0 1 -- W");
    let lines = e.ping(5);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("setup (PNBRQKpnbrqk) 16x8+0_fairy 4k11/16/16/16/16/16/16/4K11 w - - 0 1"),
        "{lines:?}"
    );
}

#[test]
fn lift_marks_the_legal_targets_and_put_clears_them() {
    let mut e = gui();
    e.send("new");
    e.send("variant tranzit");
    e.ping(1);
    // The g1 knight: f3, h3, and the transfer to o1 on board II.
    e.send("lift g1");
    assert_eq!(e.ping(2), ["highlight 16/16/16/16/16/5Y1Y8/16/14Y1"]);
    e.send("put f3");
    assert_eq!(e.ping(3), ["highlight 16/16/16/16/16/16/16/16"]);
    // Captures red, promotions magenta.
    e.send("variant normal");
    e.send("setboard 1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    e.send("lift a7");
    assert_eq!(e.ping(4), ["highlight MM6/8/8/8/8/8/8/8"]);
    e.send("setboard 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    e.send("lift e4");
    assert_eq!(e.ping(5), ["highlight 8/8/8/3RY3/8/8/8/8"]);
    e.send("hover d5");
    assert!(e.ping(6).is_empty());
}

#[test]
fn bad_lifts_are_errors_and_the_engine_goes_on() {
    let mut e = gui();
    e.send("new");
    e.send("variant tranzit");
    e.ping(1);
    e.send("lift e4");
    assert_eq!(e.ping(2), ["Error (no piece on that square): lift e4"]);
    e.send("lift z9");
    assert_eq!(e.ping(3), ["Error (not a square): lift z9"]);
    e.send("lift");
    assert_eq!(e.ping(4), ["Error (not a square): lift"]);
    e.send("variant normal");
    e.send("lift i1");
    assert_eq!(e.ping(5), ["Error (not a square): lift i1"]);
    // A piece without moves: an empty highlight.
    e.send("lift a1");
    assert_eq!(e.ping(6), ["highlight 8/8/8/8/8/8/8/8"]);
    e.send("usermove e2e4");
    e.send("force");
    assert!(e.ping(7).iter().all(|l| !l.starts_with("Error")));
}

#[test]
fn progressive_series_with_null_moves_against_a_user() {
    let mut e = gui();
    e.send("new");
    e.send("variant progressive-italian");
    e.send("st 0.2");
    e.ping(1);
    // Series 1 (White, the user): one move. The engine's series 2: a move,
    // a pass for White, its second move.
    e.send("usermove e2e4");
    let lines = e.until(
        |l| l.starts_with("move ") && l != "move @@@@" && !l.is_empty(),
        WAIT,
        "a move",
    );
    assert_eq!(moves(&lines).len(), 1, "{lines:?}");
    let lines = e.until(
        |l| l.starts_with("move ") && l != "move @@@@",
        WAIT,
        "the second move",
    );
    let m = moves(&lines);
    assert_eq!(m.len(), 2, "{lines:?}");
    assert_eq!(m[0], "@@@@");
    e.ping(2);
    // Series 3 (White): after each of the user's first two moves the
    // engine passes.
    e.send("usermove d2d4");
    assert_eq!(e.ping(3), ["move @@@@"]);
    // The user's own series goes on: a null move from him does not fit.
    e.send("usermove @@@@");
    assert_eq!(e.ping(4), ["Illegal move: @@@@"]);
    e.send("usermove b1c3");
    assert_eq!(e.ping(5), ["move @@@@"]);
    // The third move ends the series: the engine thinks.
    e.send("usermove g1f3");
    let lines = e.until(|l| l.starts_with("move "), WAIT, "the engine's series");
    assert_ne!(moves(&lines), ["@@@@"], "{lines:?}");
    e.send("force");
    e.ping(6);
}

#[test]
fn progressive_against_an_engine_waits_for_its_pass() {
    let mut e = gui();
    e.send("new");
    e.send("variant progressive-scottish");
    e.send("computer");
    e.send("st 0.2");
    e.send("usermove e2e4");
    // The engine's first move of series 2, then it waits for White's pass.
    let lines = e.until(|l| l.starts_with("move "), WAIT, "a move");
    let first = moves(&lines)[0].clone();
    assert_ne!(first, "@@@@");
    assert!(e.ping(1).iter().all(|l| !l.starts_with("move ")));
    // XBoard passes the other engine's null move on as a setboard.
    e.send("d");
    let lines = e.until(|l| l.starts_with("# Fen: "), WAIT, "the FEN");
    let fen = lines.last().unwrap().trim_start_matches("# Fen: ");
    let placement = fen.split_whitespace().next().unwrap().to_string();
    e.send(&format!("setboard {placement} b KQkq - 0 2"));
    let lines = e.until(|l| l.starts_with("move "), WAIT, "the second move");
    assert_ne!(moves(&lines), ["@@@@"], "{lines:?}");
    // White's series 3: the engine (Black) passes after the first move...
    e.send("usermove d2d4");
    assert_eq!(e.ping(2), ["move @@@@"]);
    e.send("force");
    // ... and in force mode a GUI null move is only recorded.
    e.send("usermove b1c3");
    e.send("usermove @@@@");
    assert!(e.ping(3).is_empty());
}

/// A tavreli position where the only mate in one is a split, whatever the
/// evaluation: `a8(1)b6` (the knight leaves, the rook below it checks
/// along the eighth rank; the rook on a7 covers the seventh, which the
/// king could otherwise step onto, R5).
const SPLIT_BEST: &str = "(NR)6k/R7/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn tavreli_under_xboard_moves_whole_towers_only() {
    let mut e = gui();
    e.send("new");
    e.send("variant tavreli");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/5(NP)2/8/4K3 w - - 0 1");
    e.ping(1);
    // The whole tower (a knight on a pawn) moves as a knight.
    e.send("lift f3");
    assert_eq!(e.ping(2), ["highlight 8/8/8/4Y1Y1/3Y3Y/8/3Y3Y/6Y1"]);
    e.send("usermove f3e5");
    assert_eq!(
        e.ping(3),
        ["# towers: 4k3/8/8/4(NP=B)3/8/8/8/4K3 b - - 1 1"]
    );
    // A split would leave XBoard's board (one piece a square) out of step:
    // refused, and there is no option to ask for one.
    e.send("usermove e8d8");
    e.send("usermove e5(1)f3");
    assert_eq!(
        e.ping(4),
        [
            "# towers: 3k4/8/8/4(NP=B)3/8/8/8/4K3 w - - 2 2",
            "Illegal move: e5(1)f3"
        ]
    );
    e.send("option TowerSplit=1");
    assert_eq!(e.ping(5), ["Error (unknown option): option TowerSplit=1"]);

    // Where a split is best, the engine plays a whole-tower move, and the
    // move XBoard passes on (to another engine in Two Machines mode) leads
    // to the position the engine has.
    let mut uci = Engine::uci();
    uci.send("setoption name UCI_Variant value tavreli");
    uci.send(&format!("position fen {SPLIT_BEST}"));
    uci.send("go depth 6");
    let best = uci.expect_prefix("bestmove");
    assert!(
        best.last().unwrap().contains('('),
        "no longer a split: {best:?}"
    );
    e.send(&format!("setboard {SPLIT_BEST}"));
    e.send("sd 6");
    e.send("go");
    let lines = e.until(|l| l.starts_with("# towers: "), WAIT, "the towers");
    let played = moves(&lines);
    assert_eq!(played.len(), 1, "{lines:?}");
    assert!(!played[0].contains('('), "{lines:?}");
    uci.send(&format!("position fen {SPLIT_BEST} moves {}", played[0]));
    let towers = lines.last().unwrap().strip_prefix("# towers: ").unwrap();
    assert_eq!(uci.fen(), towers);
}

/// Move texts that are no move: multibyte characters where the squares go,
/// half towers, lone brackets.
const ODD_MOVES: &[&str] = &[
    "a\u{e9}1",
    "\u{e9}2e4",
    "e2\u{e9}4",
    "e2e\u{e9}",
    "e7e8\u{e9}",
    "\u{1d11e}\u{1d11e}",
    "f3(\u{e9})f6",
    "f3(2)\u{e9}6",
    "f3(2",
    "f3(99999999999)f6",
    "(((",
    "e2-e4\u{2014}",
];

#[test]
fn multibyte_and_odd_moves_are_illegal_moves_in_every_variant() {
    // Issue 16, item 3: `usermove a\u{e9}1` with a tower split pending
    // sliced the text inside the `\u{e9}` and killed the engine.
    let mut e = gui();
    e.send("variant tavreli");
    e.ping(1);
    e.send("usermove a\u{e9}1");
    assert_eq!(e.ping(1), ["Illegal move: a\u{e9}1"]);
    let variants = [
        "normal",
        "crazyhouse",
        "bughouse",
        "swedish",
        "tranzit",
        "progressive-italian",
        "tavreli",
    ];
    let mut n = 1;
    for v in variants {
        e.send("new");
        e.send(&format!("variant {v}"));
        e.send("force");
        e.ping(100);
        for m in ODD_MOVES {
            n += 1;
            e.send(&format!("usermove {m}"));
            assert_eq!(e.ping(n), [format!("Illegal move: {m}")], "{v}");
            n += 1;
            e.send(&format!("lift {m}"));
            let answer = e.ping(n);
            assert!(
                answer.len() == 1 && answer[0].starts_with("Error ("),
                "{v}: lift {m}: {answer:?}"
            );
        }
    }
}

#[test]
fn without_xboard_the_plain_protocol_stays() {
    // No `accepted highlight` (python-chess, the match runner): no passes,
    // no comments, tavreli splits in the contract's form.
    let mut e = Engine::xboard();
    e.send("new");
    e.send("variant progressive-italian");
    e.send("st 0.2");
    e.ping(1);
    e.send("usermove e2e4");
    let lines = e.until(|l| l.starts_with("move "), WAIT, "a move");
    let lines2 = e.until(|l| l.starts_with("move "), WAIT, "the second move");
    assert!(!moves(&lines).contains(&"@@@@".to_string()), "{lines:?}");
    assert!(!moves(&lines2).contains(&"@@@@".to_string()), "{lines2:?}");
    e.send("new");
    e.send("variant tavreli");
    e.send("force");
    e.send("usermove e2e4");
    assert!(e.ping(2).iter().all(|l| !l.starts_with('#')));
}

#[test]
fn mate_at_the_end_of_the_next_series_is_mate_2() {
    // Progressive Italian, White's series 1: Rh8+ is no mate (Ka7), but
    // every two-move reply of Black is mated in White's series of three.
    // Rh6 (hand-checked) is mate 2 as well: Black's king can only end on
    // a8 or b8 (Kb6, a waiting rook move, Rh8#), c8 (two waiting rook moves,
    // Rh8#) or a7 (Kc7, Rh5, Ra5#). Which of the two the engine plays
    // depends on the evaluation; both must come with the mate-2 score.
    let mut e = gui();
    e.send("new");
    e.send("variant progressive-italian");
    e.send("force");
    e.send("setboard k7/8/2K5/8/8/8/8/7R w - - 0 1");
    e.send("post");
    e.send("st 2");
    e.send("go");
    let lines = e.until(|l| l.starts_with("move "), WAIT, "a move");
    let played = moves(&lines);
    assert!(played == ["h1h8"] || played == ["h1h6"], "{lines:?}");
    let last = lines.iter().rev().find(|l| l.contains('\t')).unwrap();
    assert_eq!(last.split_whitespace().nth(1), Some("100002"), "{lines:?}");
    // No mate in this series (Rh8+ Ka7, Ra1+ Kb8): the proof is a comment.
    let proved = lines
        .iter()
        .filter(|l| *l == "# no mate in this series (proved)");
    assert_eq!(proved.count(), 1, "{lines:?}");
}

/// The position of an XBoard engine, from the `# Fen:` line of `d`.
fn fen_of(e: &mut Engine, n: u32) -> String {
    e.send("d");
    let lines = e.ping(n);
    lines
        .iter()
        .find_map(|l| l.strip_prefix("# Fen: ").map(str::to_string))
        .unwrap_or_else(|| panic!("no Fen line: {lines:?}"))
}

#[test]
fn swedish_is_a_board_with_holdings_on_the_bughouse_rules() {
    let mut e = gui();
    let variants = e
        .log
        .iter()
        .find_map(|l| l.split_once("variants=\"").map(|(_, v)| v.to_string()))
        .expect("a variants feature");
    assert!(
        variants
            .trim_end_matches('"')
            .split(',')
            .any(|v| v == "swedish"),
        "{variants}"
    );
    e.send("new");
    e.send("variant swedish");
    assert_eq!(
        e.ping(1),
        ["setup (PNBRQKpnbrqk) 8x8+5_bughouse rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1"]
    );
    // A setboard with reserves (XBoard's own empty form `[-]` too): the
    // holdings follow the placement, White's letters first.
    e.send("setboard r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QPbn] b KQkq - 3 3");
    assert_eq!(
        e.ping(2),
        ["setup (PNBRQKpnbrqk) 8x8+5_bughouse r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QPbn] b KQkq - 3 3"]
    );
    e.send("setboard 4k3/8/8/8/8/8/8/4K3[-] w - - 0 1");
    assert_eq!(
        e.ping(3),
        ["setup (PNBRQKpnbrqk) 8x8+5_bughouse 4k3/8/8/8/8/8/8/4K3[-] w - - 0 1"]
    );
    // XBoard knows crazyhouse and bughouse itself: no setup there.
    e.send("variant bughouse");
    e.send("setboard 4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    assert!(e.ping(4).is_empty());
}

#[test]
fn swedish_drops_from_the_holdings_are_marked_and_checked() {
    let mut e = gui();
    e.send("new");
    e.send("variant swedish");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/8/8/4K3[RNPn] w - - 0 1");
    e.ping(1);
    // White's rook in hand (XBoard: file j, rank 4): every empty square but
    // those that check the e8 king (S4: the e-file, the 8th rank).
    e.send("lift j4");
    let no_e_file = "YYYY1YYY";
    let rook = format!("highlight 8{}", format!("/{no_e_file}").repeat(7));
    assert_eq!(e.ping(2), [rook]);
    e.send("put a5");
    assert_eq!(e.ping(3), ["highlight 8/8/8/8/8/8/8/8"]);
    // The pawn (j1): ranks 2 to 6 only (S5: not the 1st, 7th, 8th).
    e.send("lift j1");
    let ranks = "/YYYYYYYY".repeat(5);
    assert_eq!(e.ping(4), [format!("highlight 8/8{ranks}/8")]);
    // Black's knight (file _, from the top) while White is to move: no
    // targets; a kind not in hand or off the slots: errors.
    e.send("lift _7");
    assert_eq!(e.ping(5), ["highlight 8/8/8/8/8/8/8/8"]);
    e.send("lift j5");
    assert_eq!(e.ping(6), ["Error (no piece on that square): lift j5"]);
    e.send("lift j6");
    assert_eq!(e.ping(7), ["Error (not a square): lift j6"]);
    // Drops as XBoard sends them: a checking drop (S4) and a pawn on the 7th
    // rank (S5) are refused, a quiet rook drop is played.
    e.send("usermove R@e5");
    e.send("usermove P@b7");
    assert_eq!(e.ping(8), ["Illegal move: R@e5", "Illegal move: P@b7"]);
    e.send("usermove R@a5");
    assert!(e.ping(9).is_empty());
    let fen = fen_of(&mut e, 10);
    assert!(fen.starts_with("4k3/8/8/R7/8/8/8/4K3[NPn] b "), "{fen}");
    // Now Black's knight: everywhere but the squares that check e1.
    e.send("lift _7");
    assert_eq!(
        e.ping(11),
        ["highlight YYYY1YYY/YYYYYYYY/YYYYYYYY/1YYYYYYY/YYYYYYYY/YYY1Y1YY/YY1YYY1Y/YYYY1YYY"]
    );
}

#[test]
fn lift_while_pondering_marks_the_real_position() {
    // Pondering plays the expected reply into the engine's game; `lift`
    // must still answer for the position on the user's board.
    for variant in ["normal", "tranzit", "tavreli"] {
        let mut e = gui();
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("hard");
        e.send("st 0.3");
        e.ping(1);
        e.send("usermove e2e4");
        e.until(|l| l.starts_with("move "), WAIT, "the engine's move");
        e.send("hint");
        let hint = e.ping(2);
        let Some(guess) = hint.iter().find_map(|l| l.strip_prefix("Hint: ")) else {
            panic!("{variant}: no hint while pondering: {hint:?}");
        };
        let (from, to) = (&guess[..2], &guess[2..4]);
        e.send(&format!("lift {from}"));
        let lines = e.ping(3);
        assert_eq!(lines.len(), 1, "{variant}: {lines:?}");
        assert!(
            lines[0].starts_with("highlight ") && lines[0].contains(['Y', 'R', 'M']),
            "{variant}: lift {from} (expected reply {guess}, to {to}): {lines:?}"
        );
        // The user plays the expected reply: the ponder hit goes on.
        e.send(&format!("usermove {guess}"));
        let reply = e.until(
            |l| l.starts_with("move ") || l.starts_with("Illegal"),
            WAIT,
            "a reply",
        );
        assert!(
            reply.last().unwrap().starts_with("move "),
            "{variant}: {reply:?}"
        );
    }
}
