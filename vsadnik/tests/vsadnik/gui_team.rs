//! `vsadnik gui` in the team variants, over its HTTP API: the person in one
//! seat of bughouse or Swedish chess, engines in the other three. A drop of
//! a piece the partner captured, a partner message and its answer, refused
//! drops (a piece not held, Swedish S4), the end on the other board (a mate
//! by the partner), both flags at once (S12), resigning, the BPGN, bad
//! requests, and switching between team and two-player games.
//!
//! The opponents are often the team stub sitting (never moving), so that
//! the boards stand still while the test looks at them; the partner is
//! vsadnik in XBoard, which answers partner messages.

use crate::gui_support::*;
use serde_json::Value;

/// vsadnik in XBoard at a small node count.
fn xboard_engine() -> String {
    format!("xboard:{} --nodes-per-move 400", bin())
}

/// The team stub in XBoard, never moving.
fn sitting_stub() -> String {
    format!("{} --xboard --sit", stub("team_stub.py"))
}

/// A team game: the opponents sit, the partner is vsadnik.
fn team_gui(variant: &str, side: &str, tc: &str) -> Gui {
    Gui::start(&[
        "--variant",
        variant,
        "--side",
        side,
        "--engine",
        &sitting_stub(),
        "--partner",
        &xboard_engine(),
        "--tc",
        tc,
    ])
}

/// Pieces of `color` (`white`/`black`) held on board `i`.
fn held(state: &Value, i: usize, color: &str, kind: &str) -> f64 {
    list(state, "boards")[i]
        .get("reserves")
        .and_then(|r| r.get(color))
        .and_then(|h| h.get(kind))
        .and_then(Value::as_f64)
        .unwrap_or(0.0)
}

/// The partner messages as `from: text`.
fn messages(state: &Value) -> Vec<String> {
    list(state.get("team").unwrap(), "messages")
        .iter()
        .map(|m| format!("{}: {}", text(m, "from"), text(m, "text")))
        .collect()
}

/// The moves of board `i`, in coordinates.
fn board_moves(state: &Value, i: usize) -> Vec<String> {
    list(&list(state, "boards")[i], "moves")
        .iter()
        .map(|m| text(m, "uci"))
        .collect()
}

#[test]
fn a_bughouse_game_with_a_drop_from_the_partner() {
    let gui = team_gui("bughouse", "white", "60+0");
    let s = gui.state();
    assert_eq!(text(&s, "variant"), "bughouse");
    assert_eq!(text(&s, "turn"), "ready", "no clock runs before the start");
    let boards = list(&s, "boards");
    assert_eq!(boards.len(), 2);
    assert_eq!(text(&boards[0], "id"), "A");
    assert_eq!(text(&boards[1], "id"), "B");
    assert_eq!(boards[1].get("flipped"), Some(&Value::Bool(true)));
    let partner = s.get("team").unwrap().get("partner").unwrap();
    assert_eq!(text(partner, "seat"), "Black on board B");
    assert_eq!(text(partner, "protocol"), "xboard");
    let r = gui.post("move", r#"{"move":"e2e4"}"#);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.error().contains("not started"), "{}", r.error());

    // Board B: the partner (Black) can take a queen; it reaches the person.
    let b = "rnbqkbnr/pppp1ppp/8/4p3/3Q4/8/PPP1PPPP/RNB1KBNR[] b KQkq - 0 2";
    let a = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let s = gui.ok("new", &format!(r#"{{"fen":"{a} | {b}"}}"#));
    assert_eq!(text(&s, "turn"), "person");
    // A drop of a piece not held is refused, and nothing changes.
    let r = gui.post("move", r#"{"move":"N@e4"}"#);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.error().contains("hold no such piece"), "{}", r.error());
    let s = gui.wait_for("the queen from board B", |s| {
        held(s, 0, "white", "Q") == 1.0
    });
    assert_eq!(board_moves(&s, 1), ["e5d4"], "the partner took the queen");
    assert!(played(&s).is_empty());
    assert!(legal(&s).contains(&"Q@e3".to_string()));
    let s = gui.play("Q@e3");
    assert_eq!(played(&s), ["Q@e3"]);
    assert_eq!(held(&s, 0, "white", "Q"), 0.0);
    assert_eq!(text(&list(&s, "moves")[0], "text"), "Q@e3");
    // Black on A sits: not the person's move.
    let r = gui.post("move", r#"{"move":"d2d4"}"#);
    assert_eq!(r.status, 409, "{}", r.body);

    // A partner message and the partner's answer.
    let s = gui.ok("tell", r#"{"text":"sit"}"#);
    assert!(messages(&s).contains(&"you: sit".to_string()));
    gui.wait_for("the partner's answer", |s| {
        messages(s).contains(&"partner: ok, I sit until you say go".to_string())
    });
    gui.ok("tell", r#"{"text":"go"}"#);
    gui.wait_for("the partner's answer to go", |s| {
        messages(s).contains(&"partner: ok, I move".to_string())
    });

    // Flip turns both boards; the partner's stays the other way round.
    let s = gui.ok("flip", "{}");
    assert_eq!(s.get("flipped"), Some(&Value::Bool(true)));
    assert_eq!(
        list(&s, "boards")[1].get("flipped"),
        Some(&Value::Bool(false))
    );

    // Resigning ends both boards; the team of White on A loses.
    let s = gui.ok("resign", "{}");
    let result = s.get("result").unwrap();
    assert_eq!(text(result, "result"), "0-1");
    assert_eq!(text(result, "outcome"), "loss");
    assert_eq!(text(result, "comment"), "White on board A resigns");
    assert_eq!(text(&s, "turn"), "over");
    let r = gui.post("move", r#"{"move":"d2d4"}"#);
    assert_eq!(r.status, 409);
    assert!(r.error().contains("over"), "{}", r.error());
    let pgn = gui.get("/api/pgn");
    assert_eq!(pgn.status, 200);
    for part in [
        "[Event \"vsadnik gui\"]",
        "[WhiteA \"Player\"]",
        "[Variant \"bughouse\"]",
        "[FEN \"",
        "Q@e3 {",
        "2b. exd4",
        "{White on board A to partner: sit}",
        "{White on board A resigns} 0-1",
    ] {
        assert!(pgn.body.contains(part), "{part}: {}", pgn.body);
    }
    assert!(gui.stop().success());
}

#[test]
fn swedish_refuses_a_checking_drop_and_ends_on_the_other_board() {
    let gui = team_gui("swedish", "black", "60+0");
    let s = gui.state();
    assert_eq!(text(&s, "side"), "black");
    assert_eq!(s.get("flipped"), Some(&Value::Bool(true)));
    // The person is Black on A; the partner White on B, Black at its top.
    assert_eq!(
        list(&s, "boards")[1].get("flipped"),
        Some(&Value::Bool(false))
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let a = "4k3/8/8/8/8/8/8/4K3[n] b - - 0 1";
    let s = gui.ok("new", &format!(r#"{{"fen":"{a} | {start}"}}"#));
    assert_eq!(text(&s, "turn"), "person");
    // S4: no drop may give check; the rule is named.
    assert!(!legal(&s).contains(&"N@d3".to_string()));
    let r = gui.post("move", r#"{"move":"N@d3"}"#);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.error().contains("(S4)"), "{}", r.error());
    let s = gui.play("N@a8");
    assert_eq!(played(&s), ["N@a8"]);

    // The partner mates on board B (a knight's mate no drop can stop):
    // the game ends on both boards and the person's team wins.
    let b = "6rk/6pp/8/6N1/8/8/8/7K[] w - - 0 1";
    gui.ok("new", &format!(r#"{{"fen":"{start} | {b}"}}"#));
    let s = gui.wait_for("the mate on board B", |s| text(s, "turn") == "over");
    let result = s.get("result").unwrap();
    assert_eq!(text(result, "comment"), "Black on board B is mated");
    assert_eq!(text(result, "result"), "0-1");
    assert_eq!(text(result, "outcome"), "win");
    assert_eq!(board_moves(&s, 1), ["g5f7"]);
    assert!(gui.stop().success());
}

#[test]
fn flags_refusals_and_switching_kinds() {
    let gui = team_gui("bughouse", "white", "1+0");
    // Bad requests: 4xx with a reason; the server goes on.
    for (command, body, status, why) in [
        ("new", r#"{"side":"both"}"#, 400, "one seat"),
        ("new", r#"{"fen":"not a fen"}"#, 400, "FEN-A | FEN-B"),
        ("new", r#"{"variant":"nosuch"}"#, 400, "unknown variant"),
        ("tell", r#"{"text":""}"#, 400, "one line"),
        ("tell", r#"{"text":"a\nb"}"#, 400, "one line"),
        ("takeback", "{}", 409, "team games"),
        ("analysis", r#"{"on":true}"#, 409, "team games"),
        (
            "load",
            r#"{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}"#,
            409,
            "team games",
        ),
        ("resign", "{}", 409, "no game"),
    ] {
        let r = gui.post(command, body);
        assert_eq!(r.status, status, "{command} {body}: {}", r.body);
        assert!(r.error().contains(why), "{command} {body}: {}", r.error());
    }
    // Nobody moves White on either board: both flags fall together, and
    // players of both teams out of time draw (S12).
    gui.ok("new", "{}");
    let s = gui.wait_for("the flags", |s| text(s, "turn") == "over");
    let result = s.get("result").unwrap();
    assert_eq!(text(result, "result"), "1/2-1/2", "{s}");
    assert_eq!(text(result, "comment"), "Both teams lose on time: draw");
    assert_eq!(text(result, "outcome"), "draw");

    // A two-player game from here, and back.
    let s = gui.ok("new", r#"{"variant":"chess","side":"both","tc":"60+0"}"#);
    assert_eq!(text(&s, "variant"), "chess");
    assert_eq!(list(&s, "boards").len(), 1);
    assert!(s.get("team").is_none());
    let r = gui.post("tell", r#"{"text":"sit"}"#);
    assert_eq!(r.status, 409, "{}", r.body);
    let s = gui.ok("new", r#"{"variant":"swedish","side":"black"}"#);
    assert_eq!(text(&s, "variant"), "swedish");
    assert_eq!(text(&s, "side"), "black");
    assert_eq!(list(&s, "boards").len(), 2);
    assert!(gui.stop().success());
}

#[test]
fn a_uci_partner_plays_but_takes_no_messages() {
    let gui = Gui::start(&[
        "--variant",
        "bughouse",
        "--engine",
        &sitting_stub(),
        "--partner",
        &quick_engine(),
    ]);
    let s = gui.ok("new", "{}");
    let partner = s.get("team").unwrap().get("partner").unwrap();
    assert_eq!(text(partner, "protocol"), "uci");
    let r = gui.post("tell", r#"{"text":"sit"}"#);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.error().contains("speaks UCI"), "{}", r.error());
    // The person moves; the UCI partner plays board B as well.
    gui.play("e2e4");
    assert!(gui.stop().success());
}

#[test]
fn the_other_board_moves_at_a_human_pace() {
    // Engines that find a move at once: without a pace, board B would be
    // played out before the person's first move.
    let engine = format!("xboard:{} --nodes-per-move 1500", bin());
    let gui = Gui::start(&[
        "--variant",
        "swedish",
        "--engine",
        &engine,
        "--partner",
        &engine,
    ]);
    let before = std::time::Instant::now();
    gui.ok("new", "{}");
    let s = gui.wait_for("three moves on board B", |s| {
        board_moves(s, 1).len() >= 3 || text(s, "turn") == "over"
    });
    // The first move of board B comes at once, each next one at least a
    // second after the one before: no more than one a second since the
    // start, however fast the engines are (the test's own clock started
    // first, so this bound holds on any machine, slow or fast).
    let seconds = before.elapsed().as_secs_f64();
    let plies = board_moves(&s, 1).len();
    assert_ne!(text(&s, "turn"), "over", "{s}");
    assert!(
        plies as f64 <= seconds + 1.0,
        "{plies} moves on board B in {seconds:.2} s"
    );
    assert_eq!(text(&s, "turn"), "person");
    assert!(played(&s).is_empty(), "the person has not moved yet");
    let s = gui.play("e2e4");
    assert_eq!(played(&s)[0], "e2e4");
    assert!(gui.stop().success());
}

#[test]
fn the_command_line_of_team_games() {
    let out = std::process::Command::new(bin())
        .args(["gui", "--variant", "bughouse", "--side", "both"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one seat"));
    let out = std::process::Command::new(bin())
        .args([
            "gui",
            "--variant",
            "swedish",
            "--partner",
            "/nonexistent/engine",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("partner engine"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
