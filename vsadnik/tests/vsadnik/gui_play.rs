//! A short game in every two-player variant against the engine, through
//! `vsadnik gui`'s HTTP API: each variant's own moves (drops from the
//! reserve, transfers between tranzit's boards, progressive series, tavreli
//! stacks and splits), the engine's answers, and what the state shows.

use crate::gui_support::*;
use serde_json::Value;

fn board(s: &Value) -> &Value {
    &list(s, "boards")[0]
}

/// The pieces on `sq` (top first) as letters, upper case White.
fn stack(s: &Value, sq: &str) -> String {
    let b = board(s);
    let files = num(b, "files") as usize;
    let f = (sq.as_bytes()[0] - b'a') as usize;
    let r = (sq.as_bytes()[1] - b'1') as usize;
    match &list(b, "squares")[r * files + f] {
        Value::Array(pieces) => pieces
            .iter()
            .map(|p| {
                let k = text(p, "k");
                if text(p, "c") == "w" {
                    k
                } else {
                    k.to_lowercase()
                }
            })
            .collect(),
        other => panic!("{other:?}"),
    }
}

fn start(variant: &str, extra: &[&str]) -> Gui {
    let engine = quick_engine();
    let mut args = vec!["--variant", variant, "--engine", &engine, "--tc", "120+1"];
    args.extend_from_slice(extra);
    Gui::start(&args)
}

#[test]
fn crazyhouse_drops_from_the_reserve() {
    let gui = start("crazyhouse", &[]);
    let s = gui.ok(
        "new",
        r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"}"#,
    );
    let reserves = board(&s).get("reserves").unwrap();
    assert_eq!(
        *reserves,
        serde_json::json!({"white": {"N": 1}, "black": {"N": 1}})
    );
    assert!(legal(&s).contains(&"N@e4".to_string()));
    let drop = list(board(&s), "legal")
        .iter()
        .find(|m| text(m, "uci") == "N@e4")
        .unwrap()
        .clone();
    assert_eq!(text(&drop, "drop"), "N");
    assert_eq!(drop.get("from"), Some(&Value::Null));
    let s = gui.play("N@e4");
    assert_eq!(stack(&s, "e4"), "N");
    assert_eq!(text(&list(&s, "moves")[0], "text"), "N@e4");
    let white = board(&s).get("reserves").unwrap().get("white").unwrap();
    assert_eq!(*white, serde_json::json!({}));
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 2);
    gui.play(&legal(&s)[0]);
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 4);
    assert!(gui.stop().success());
}

#[test]
fn tranzit_transfers_between_two_boards() {
    let gui = start("tranzit", &[]);
    let s = gui.state();
    assert_eq!(num(board(&s), "files"), 16.0);
    let panes = list(board(&s), "panes");
    assert_eq!(
        (text(&panes[0], "label"), text(&panes[1], "label")),
        ("I".into(), "II".into())
    );
    // The knight goes to the same square of board II.
    assert!(legal(&s).contains(&"g1o1".to_string()));
    let s = gui.play("g1o1");
    assert_eq!(stack(&s, "o1"), "N");
    assert_eq!(stack(&s, "g1"), "");
    assert_eq!(text(&list(&s, "moves")[0], "text"), "II Ng1");
    let s = gui.wait_person();
    let moves = legal(&s);
    gui.play(if moves.contains(&"e2e4".to_string()) {
        "e2e4"
    } else {
        &moves[0]
    });
    let s = gui.wait_person();
    assert_eq!(played(&s).len(), 4);
    for p in list(board(&s), "panes") {
        assert_eq!(text(p, "result"), "live");
    }
    assert!(gui.stop().success());
}

/// Plays two whole series of the person (series 1 and 3, its first legal
/// moves), checking the counter before each move and the engine's series
/// after.
fn progressive_series(variant: &str) {
    let gui = start(variant, &[]);
    let mut expected_number = 1.0;
    for _ in 0..2 {
        let s = gui.wait_person();
        if text(&s, "turn") == "over" {
            break;
        }
        let se = s.get("series").unwrap().clone();
        assert_eq!(num(&se, "number"), expected_number, "{s}");
        assert_eq!(num(&se, "played"), 0.0);
        let n = num(&se, "number") as usize;
        let before = played(&s).len();
        let mut s = s;
        for i in 0..n {
            assert_eq!(num(s.get("series").unwrap(), "played") as usize, i);
            assert_eq!(text(&s, "turn"), "person", "{s}");
            // A check ends a Scottish or English series early.
            let m = legal(&s)[0].clone();
            s = gui.play(&m);
            if text(&s, "to_move") != "white" || text(&s, "turn") == "over" {
                break;
            }
        }
        if text(&s, "turn") == "over" {
            break;
        }
        // The engine's series: n + 1 moves (fewer if a check ends it).
        let s = gui.wait_person();
        if text(&s, "turn") == "over" {
            break;
        }
        let moves = list(&s, "moves");
        let engine_moves: Vec<&Value> = moves[before..]
            .iter()
            .filter(|m| text(m, "color") == "black")
            .collect();
        assert!(!engine_moves.is_empty() && engine_moves.len() <= n + 1);
        for m in &engine_moves {
            assert_eq!(
                num(m, "n") as usize,
                n + 1,
                "the engine's moves carry its series number"
            );
        }
        expected_number = (n + 2) as f64;
    }
    let s = gui.state();
    assert!(
        played(&s).len() >= 6,
        "series 1 to 3 at least: {:?}",
        played(&s)
    );
    assert!(gui.stop().success());
}

#[test]
fn progressive_italian_series() {
    progressive_series("progressive-italian");
}

#[test]
fn progressive_scottish_series() {
    progressive_series("progressive-scottish");
}

#[test]
fn progressive_english_series() {
    progressive_series("progressive-english");
}

#[test]
fn tavreli_stacks_and_splits() {
    let gui = start("tavreli", &[]);
    let s = gui.state();
    assert_eq!(legal(&s).len(), 39);
    // The rook goes onto its own pawn: a tower of two.
    let s = gui.play("a1a2");
    assert_eq!(stack(&s, "a2"), "RP");
    let s = gui.wait_person();
    // The top piece alone goes back: a split of one.
    assert!(
        legal(&s).contains(&"a2(1)a1".to_string()),
        "{:?}",
        legal(&s)
    );
    let split = list(board(&s), "legal")
        .iter()
        .find(|m| text(m, "uci") == "a2(1)a1")
        .unwrap()
        .clone();
    assert_eq!(num(&split, "k"), 1.0);
    let s = gui.play("a2(1)a1");
    assert_eq!(stack(&s, "a2"), "P");
    assert_eq!(stack(&s, "a1"), "R");
    assert_eq!(text(list(&s, "moves").last().unwrap(), "text"), "a2(1)-a1");
    gui.wait_person();
    // A Helgi on the board is its own piece; pawns carry their promotion kind.
    let s = gui.ok(
        "new",
        r#"{"fen":"r1bqk1nr/pppp1ppp/2n5/2b1(pP)3/2(BN)5/8/PPPP1PPP/R1BQK1HR w KQkq - 0 5"}"#,
    );
    assert_eq!(stack(&s, "g1"), "H");
    assert_eq!(stack(&s, "e5"), "pP");
    assert!(gui.stop().success());
}
