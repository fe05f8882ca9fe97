//! `vsadnik gui --watch FILE` following `vsadnik match --live FILE`: the
//! watching board's state follows the match game move by move and ends
//! with its result and the moves of its PGN, in every variant the match
//! runner plays (a team game's two boards included); the board is
//! read-only; a file that is not a live file is an error shown on the
//! page, never a crash.

use crate::gui_support::*;
use serde_json::Value;
use std::process::{Child, Command, Stdio};

/// `vsadnik match` of `variant` with quick engines, writing `live` and `pgn`.
fn start_match(variant: &str, games: u32, live: &str, pgn: &str) -> Child {
    start_match_with(&quick_engine(), variant, games, live, pgn)
}

/// `start_match` with `engine` in every seat.
fn start_match_with(engine: &str, variant: &str, games: u32, live: &str, pgn: &str) -> Child {
    let engines = if matches!(variant, "bughouse" | "swedish") {
        4
    } else {
        2
    };
    let mut cmd = Command::new(bin());
    cmd.args(["match", "--variant", variant, "--games", &games.to_string()])
        .args(["--tc", "20+0.2", "--live", live, "--pgn", pgn]);
    for _ in 0..engines {
        cmd.args(["--engine", engine]);
    }
    cmd.stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("cannot start vsadnik match")
}

fn watch(s: &Value) -> &Value {
    s.get("watch").expect("a watch part")
}

/// The round shown, if any.
fn round(s: &Value) -> Option<f64> {
    watch(s).get("round").and_then(Value::as_f64)
}

/// The record text of the moves shown.
fn records(s: &Value) -> Vec<String> {
    list(s, "moves").iter().map(|m| text(m, "text")).collect()
}

#[test]
fn the_watching_board_follows_a_match_game() {
    let dir = crate::match_support::scratch("watch-chess");
    let live = dir.join("live.json");
    let pgn = dir.join("games.pgn");
    let gui = Gui::start(&["--watch", live.to_str().unwrap()]);
    let s = gui.state();
    assert_eq!(text(&s, "turn"), "watch");
    assert_eq!(text(watch(&s), "status"), "no file yet");
    assert_eq!(round(&s), None);

    // Engines that take a few milliseconds a move: a game lasts long enough
    // for the watcher (it reads the file 5 times a second) to see it under
    // way also on a loaded machine (with 400 nodes a move both games could
    // end before the first look).
    let engine = format!("{} --nodes-per-move 20000", bin());
    let mut game = start_match_with(
        &engine,
        "chess",
        2,
        live.to_str().unwrap(),
        pgn.to_str().unwrap(),
    );
    // The state follows the game: the move list only grows within a game.
    let mut seen = 0;
    let s = gui.wait_for("game 1 under way", |s| {
        round(s) == Some(1.0) && !list(s, "moves").is_empty()
    });
    assert_eq!(text(&s, "side"), "watch");
    assert!(legal(&s).is_empty(), "nothing to play when watching");
    let players = s.get("players").unwrap();
    assert!(text(players, "white").starts_with("vsadnik"));
    assert!(text(players, "black").ends_with("(2)"));
    // Read-only: moves and new games are refused, the board may be turned.
    for (command, body) in [
        ("move", r#"{"move":"e2e4"}"#),
        ("new", "{}"),
        ("takeback", "{}"),
    ] {
        let r = gui.post(command, body);
        assert_eq!(r.status, 409, "{command}: {}", r.body);
        assert!(r.error().contains("read-only"), "{}", r.error());
    }
    assert_eq!(gui.get("/api/pgn").status, 409);
    let flipped = gui.ok("flip", "{}");
    assert!(flipped.get("flipped").and_then(Value::as_bool).unwrap());
    assert_eq!(gui.post("board", r#"{"board":"B"}"#).status, 400);
    let mut last_round = 1.0;
    let s = gui.wait_for("the end of the match", |s| {
        let r = round(s).unwrap_or(0.0);
        let n = list(s, "moves").len();
        assert!(r >= last_round, "the round goes back");
        if r == last_round {
            assert!(n >= seen, "the moves of game {r} shrink: {n} after {seen}");
        }
        (seen, last_round) = (n, r);
        text(watch(s), "status") == "over"
    });
    assert!(game.wait().unwrap().success());
    assert_eq!(list(watch(&s), "finished").len(), 2);
    assert_eq!(text(&s, "turn"), "over");
    let result = text(s.get("result").unwrap(), "result");
    // The moves shown are the game's PGN movetext, in SAN.
    let record = std::fs::read_to_string(&pgn).unwrap();
    let shown_round = round(&s).unwrap() as u32;
    let game_text = record
        .split("[Event ")
        .find(|g| g.contains(&format!("[Round \"{shown_round}\"]")))
        .expect("the shown game in the PGN");
    assert!(game_text.contains(&format!("[Result \"{result}\"]")));
    let movetext: Vec<&str> = game_text
        .split("\n\n")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && !w.starts_with('{') && !w.ends_with('}'))
        .collect();
    let shown = records(&s);
    assert_eq!(&movetext[..shown.len()], &shown[..], "{game_text}");
    assert!(gui.stop().success());
}

#[test]
fn every_variant_of_the_match_runner_can_be_watched() {
    let dir = crate::match_support::scratch("watch-variants");
    for variant in movegen::VariantId::ALL.map(movegen::VariantId::name) {
        let live = dir.join(format!("{variant}.json"));
        let pgn = dir.join(format!("{variant}.pgn"));
        let gui = Gui::start(&["--watch", live.to_str().unwrap()]);
        let mut game = start_match(variant, 1, live.to_str().unwrap(), pgn.to_str().unwrap());
        let s = gui.wait_for(&format!("a {variant} game with moves"), |s| {
            !list(s, "moves").is_empty()
        });
        assert_eq!(text(&s, "variant"), *variant);
        assert!(game.wait().unwrap().success(), "{variant}");
        let s = gui.wait_for("the match's end", |s| text(watch(s), "status") == "over");
        assert_eq!(text(&s, "turn"), "over", "{variant}");
        let boards = list(watch(&s), "boards");
        if matches!(variant, "bughouse" | "swedish") {
            assert_eq!(boards.len(), 2, "{variant}: both boards");
            let b = gui.ok("board", r#"{"board":"B"}"#);
            assert_eq!(text(watch(&b), "shown"), "B");
            let board = &list(&b, "boards")[0];
            assert_eq!(text(board, "id"), "B");
            assert!(board.get("reserves").is_some_and(|r| *r != Value::Null));
        } else {
            assert_eq!(boards.len(), 1, "{variant}");
        }
        if variant == "tranzit" {
            let panes = list(&list(&s, "boards")[0], "panes");
            assert_eq!(panes.len(), 2);
        }
        if variant.starts_with("progressive") {
            assert!(s.get("series").is_some_and(|x| *x != Value::Null));
        }
        assert!(gui.stop().success());
    }
}

#[test]
fn a_file_that_is_not_a_live_file_is_shown_as_an_error() {
    let dir = crate::match_support::scratch("watch-bad");
    let live = dir.join("live.json");
    std::fs::write(&live, "{\"format\":\"something else\"}").unwrap();
    let gui = Gui::start(&["--watch", live.to_str().unwrap()]);
    let s = gui.wait_for("the error", |s| {
        watch(s).get("error").is_some_and(|e| *e != Value::Null)
    });
    assert!(text(watch(&s), "error").contains("not a live file"));
    std::fs::write(&live, vec![0xffu8; 64]).unwrap();
    let s = gui.wait_for("the next error", |s| {
        text(watch(s), "error").contains("UTF-8")
    });
    assert_eq!(text(&s, "turn"), "watch");
    // A match that starts writing the file clears the error.
    let pgn = dir.join("games.pgn");
    let mut game = start_match("chess", 1, live.to_str().unwrap(), pgn.to_str().unwrap());
    gui.wait_for("the error cleared", |s| {
        watch(s).get("error") == Some(&Value::Null)
    });
    assert!(game.wait().unwrap().success());
    assert!(gui.stop().success());
    // The command line: --watch goes with no game option.
    let out = Command::new(bin())
        .args(["gui", "--watch", "x.json", "--engine", "y"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
