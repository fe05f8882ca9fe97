//! XBoard (CECP v2) over the real binary: features, a game played through
//! usermove, move now, illegal moves, undo/remove, setboard, analyze,
//! ping ordering, result, exclude, pondering and game-end announcements.

use crate::common::{Engine, WAIT};
use std::time::{Duration, Instant};

/// The move of a `move X` line among `lines`.
fn engine_move(lines: &[String]) -> Option<String> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("move ").map(str::to_string))
}

fn is_thinking_line(l: &str) -> bool {
    let w: Vec<&str> = l.split_whitespace().collect();
    w.len() >= 5 && w[..4].iter().all(|x| x.parse::<i64>().is_ok())
}

/// The thinking lines from the last depth-1 line on: the latest analysis.
fn since_restart(lines: &[String]) -> &[String] {
    let start = lines
        .iter()
        .rposition(|l| l.starts_with("1 "))
        .unwrap_or(lines.len());
    &lines[start..]
}

#[test]
fn protover_announces_the_features() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.expect("feature done=1");
    let all = lines.join(" ");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "sigint=0",
        "sigterm=0",
        "analyze=1",
        "colors=0",
        "reuse=1",
        "memory=1",
        "smp=1",
        "exclude=1",
        "playother=1",
        "myname=\"vsadnik ",
        "option=\"MultiPV -spin 1 1 256\"",
    ] {
        assert!(all.contains(f), "{f} missing: {all}");
    }
    let names = movegen::VariantId::ALL.map(movegen::VariantId::xboard_name);
    let variants = format!("variants=\"{},fischerandom\"", names.join(","));
    assert!(all.contains(&variants), "{variants} missing: {all}");
    assert!(
        variants.starts_with("variants=\"normal,crazyhouse,bughouse"),
        "{variants}"
    );
    assert!(lines.iter().all(|l| l.starts_with("feature ")), "{lines:?}");
    e.send("accepted ping");
    e.send("rejected foo");
    assert!(e.ping(1).is_empty());
}

#[test]
fn a_short_game_through_usermove() {
    let mut e = Engine::xboard();
    let mut judge = Engine::uci();
    e.send("new");
    e.send("st 0.1");
    e.send("post");
    e.send("go");
    let mut moves: Vec<String> = Vec::new();
    let mut over = None;
    let mut n = 0;
    'game: for ply in 0..80 {
        judge.send(&format!("position startpos moves {}", moves.join(" ")));
        let legal = judge.legal_moves();
        if ply % 2 == 0 {
            // The engine (White) is on move.
            let t = Instant::now();
            let lines = e.until(
                |l| l.starts_with("move ") || l.contains(" {"),
                WAIT,
                "a move",
            );
            assert!(
                t.elapsed() < Duration::from_millis(800),
                "st 0.1 took {:?}",
                t.elapsed()
            );
            let Some(m) = engine_move(&lines) else {
                over = lines.last().cloned();
                break 'game;
            };
            assert!(legal.contains(&m), "illegal engine move {m}: {lines:?}");
            assert!(
                lines
                    .iter()
                    .filter(|l| !l.starts_with("move"))
                    .all(|l| is_thinking_line(l)),
                "{lines:?}"
            );
            moves.push(m);
            n += 1;
        } else {
            if legal.is_empty() {
                // The engine just mated or stalemated: it says so.
                let lines = e.until(|l| l.contains(" {"), WAIT, "a result");
                over = lines.last().cloned();
                break 'game;
            }
            // A weak opponent: some legal move.
            let m = legal[(ply * 7) % legal.len()].clone();
            e.send(&format!("usermove {m}"));
            moves.push(m);
        }
    }
    assert!(n >= 5, "{n} engine moves");
    if let Some(r) = &over {
        assert!(
            r.starts_with("1-0 {") || r.starts_with("1/2-1/2 {"),
            "unexpected result {r}"
        );
    }
    e.send("force");
    assert!(e.ping(9).iter().all(|l| is_thinking_line(l)));
}

#[test]
fn question_mark_moves_now() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("usermove e2e4");
    let lines = e.quiet_for(Duration::from_millis(400));
    assert!(engine_move(&lines).is_none(), "{lines:?}");
    let t = Instant::now();
    e.send("?");
    let lines = e.expect_prefix("move ");
    assert!(
        t.elapsed() < Duration::from_millis(200),
        "{:?}",
        t.elapsed()
    );
    assert!(engine_move(&lines).is_some());
}

#[test]
fn illegal_moves_are_refused() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("force");
    for m in ["e2e5", "e7e5", "zz9", "e1g1"] {
        e.send(&format!("usermove {m}"));
        assert_eq!(e.ping(1), [format!("Illegal move: {m}")]);
    }
    // Bare moves are accepted too (usermove=1 is only a request).
    e.send("e2e4");
    e.send("e2e4");
    assert_eq!(e.ping(2), ["Illegal move: e2e4"]);
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("usermove g1f3");
    e.send("undo");
    e.send("d");
    let lines = e.ping(1);
    assert!(
        lines
            .iter()
            .any(|l| l == "# Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "{lines:?}"
    );
    e.send("remove");
    e.send("d");
    let lines = e.ping(2);
    assert!(
        lines
            .iter()
            .any(|l| l == "# Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{lines:?}"
    );
    e.send("undo");
    assert_eq!(e.ping(3), ["Error (command not legal now): undo"]);
}

#[test]
fn setboard_sets_up_a_position() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("force");
    e.send("setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("st 0.2");
    e.send("go");
    let lines = e.until(|l| l.contains(" {"), WAIT, "a result");
    assert_eq!(engine_move(&lines).as_deref(), Some("d1d8"), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "1-0 {White mates}");

    e.send("setboard not a fen at all");
    let lines = e.ping(1);
    assert!(
        lines.len() == 1 && lines[0].starts_with("tellusererror Illegal position"),
        "{lines:?}"
    );
    e.send("usermove e2e4");
    assert_eq!(e.ping(2), ["Illegal move: e2e4"]);
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    assert!(e.ping(3).is_empty());
}

#[test]
fn mate_by_the_opponent_is_announced() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("force");
    e.send("setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("playother");
    e.send("usermove d1d8");
    let lines = e.ping(1);
    assert_eq!(lines, ["1-0 {White mates}"]);
}

#[test]
fn analyze_until_exit() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    let lines = e.quiet_for(Duration::from_millis(500));
    assert!(
        !lines.is_empty() && lines.iter().all(|l| is_thinking_line(l)),
        "{lines:?}"
    );
    e.send(".");
    e.expect_prefix("stat01: ");
    // A move in analyze mode restarts the analysis, never an engine move.
    e.send("usermove e2e4");
    let lines = e.quiet_for(Duration::from_millis(300));
    assert!(engine_move(&lines).is_none(), "{lines:?}");
    assert!(lines.iter().all(|l| is_thinking_line(l)), "{lines:?}");
    e.send("undo");
    e.send("exit");
    let lines = e.ping(1);
    assert!(lines.iter().all(|l| is_thinking_line(l)), "{lines:?}");
    assert!(e.quiet_for(Duration::from_millis(300)).is_empty());
}

#[test]
fn pong_follows_the_move_when_thinking() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("st 0.3");
    e.send("usermove e2e4");
    e.send("ping 7");
    let lines = e.expect("pong 7");
    let mv = lines
        .iter()
        .position(|l| l.starts_with("move "))
        .expect("a move");
    assert_eq!(mv, lines.len() - 2, "{lines:?}");
    // Idle: at once.
    let t = Instant::now();
    e.ping(8);
    assert!(t.elapsed() < Duration::from_millis(100));
}

#[test]
fn result_stops_the_game() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("usermove e2e4");
    e.send("result 1-0 {White resigns}");
    let lines = e.ping(1);
    assert!(engine_move(&lines).is_none(), "{lines:?}");
    assert!(e.quiet_for(Duration::from_millis(200)).is_empty());
}

#[test]
fn exclude_and_include_change_the_analysis() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("force");
    e.send("setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("post");
    e.send("analyze");
    // The mate is found at once; the analysis then waits silently, so the
    // lines before each pong count too.
    let mut lines = e.ping(1);
    lines.extend(e.quiet_for(Duration::from_millis(200)));
    assert!(lines.iter().any(|l| l.ends_with("\td1d8")), "{lines:?}");
    e.send("exclude d1d8");
    let mut lines = e.ping(2);
    lines.extend(e.quiet_for(Duration::from_millis(300)));
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|l| !l.contains("\td1d8")), "{lines:?}");
    e.send("exclude all");
    e.send("include g2g3");
    let mut lines = e.ping(3);
    lines.extend(e.quiet_for(Duration::from_millis(300)));
    // The old analysis may print one more line before the engine reads the
    // commands; the new one starts again at depth 1.
    let new = since_restart(&lines);
    assert!(!new.is_empty(), "{lines:?}");
    assert!(new.iter().all(|l| l.contains("\tg2g3")), "{lines:?}");
    e.send("exclude all");
    e.ping(4);
    assert!(e.quiet_for(Duration::from_millis(200)).is_empty());
    e.send("include all");
    let mut lines = e.ping(5);
    lines.extend(e.quiet_for(Duration::from_millis(300)));
    assert!(lines.iter().any(|l| l.contains("\td1d8")), "{lines:?}");
    e.send("exit");
    e.ping(6);
}

#[test]
fn pondering_on_the_expected_reply() {
    let mut e = Engine::xboard();
    let mut judge = Engine::uci();
    let mut moves = vec!["e2e4".to_string()];
    e.send("new");
    e.send("hard");
    e.send("level 0 0:10 0");
    e.send("time 1000");
    e.send("otim 1000");
    e.send("usermove e2e4");
    let reply = engine_move(&e.expect_prefix("move ")).unwrap();
    moves.push(reply);
    e.send("hint");
    let hint = e.expect_prefix("Hint: ").last().unwrap()[6..].to_string();
    // The expected reply: the ponder search goes on as the real one.
    e.send("time 950");
    e.send("otim 950");
    let t = Instant::now();
    e.send(&format!("usermove {hint}"));
    moves.push(hint);
    let reply = engine_move(&e.expect_prefix("move ")).unwrap();
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    moves.push(reply);
    // An unexpected reply: pondering stops and the engine thinks anew.
    e.send("hint");
    let hint = e.expect_prefix("Hint: ").last().unwrap()[6..].to_string();
    judge.send(&format!("position startpos moves {}", moves.join(" ")));
    let other = judge
        .legal_moves()
        .into_iter()
        .find(|m| *m != hint)
        .unwrap();
    let t = Instant::now();
    e.send(&format!("usermove {other}"));
    moves.push(other);
    let lines = e.expect_prefix("move ");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    moves.push(engine_move(&lines).unwrap());
    judge.send(&format!("position startpos moves {}", moves.join(" ")));
    judge.sync();
    e.send("easy");
    e.send("force");
    e.send("d");
    let lines = e.ping(2);
    let fen = lines
        .iter()
        .find_map(|l| l.strip_prefix("# Fen: "))
        .unwrap();
    let want = judge.fen();
    assert_eq!(fen, want, "moves {moves:?}\n{}", e.tail());
}

#[test]
fn clocks_and_levels_give_timely_moves() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("level 40 0:05 0");
    e.send("time 500");
    e.send("otim 500");
    let t = Instant::now();
    e.send("usermove d2d4");
    e.expect_prefix("move ");
    assert!(
        t.elapsed() < Duration::from_millis(600),
        "{:?}",
        t.elapsed()
    );

    e.send("new");
    e.send("level 0 1 0.5");
    e.send("force");
    e.send("usermove e2e4");
    e.send("time 20");
    e.send("otim 20");
    let t = Instant::now();
    e.send("go");
    e.expect_prefix("move ");
    assert!(
        t.elapsed() < Duration::from_millis(250),
        "{:?}",
        t.elapsed()
    );

    e.send("new");
    e.send("sd 2");
    e.send("st 10");
    e.send("force");
    e.send("usermove e2e4");
    let t = Instant::now();
    e.send("go");
    e.expect_prefix("move ");
    assert!(
        t.elapsed() < Duration::from_secs(2),
        "sd 2 ignored: {:?}",
        t.elapsed()
    );
}

#[test]
fn other_commands_are_accepted_quietly() {
    let mut e = Engine::xboard();
    for cmd in [
        "new",
        "random",
        "computer",
        "name Some One",
        "rating 2000 1500",
        "ics -",
        "pause",
        "resume",
        "draw",
        "post",
        "nopost",
        "easy",
        "hard",
        "memory 32",
        "cores 2",
        "option MultiPV=2",
        "option MoveOverhead=50",
        "option Move Overhead=40",
        "option ClearHash",
        "variant normal",
        "white",
        "black",
        "force",
        "nps 0",
        "accepted done",
        "",
    ] {
        e.send(cmd);
        assert!(e.ping(1).is_empty(), "{cmd}");
    }
    e.send("bk");
    let lines = e.ping(2);
    assert!(lines.last().is_some_and(|l| l.is_empty()));
    e.send("edit");
    e.send("c");
    e.send("Pa4");
    e.send("#");
    e.send(".");
    let lines = e.ping(3);
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with("Error ("), "{lines:?}");
    for (cmd, kind) in [
        ("frobnicate 3", "unknown command"),
        ("level x y z", "bad parameter"),
        ("st fast", "bad parameter"),
        ("option NoSuch=1", "unknown option"),
        ("option MultiPV=0", "bad parameter"),
    ] {
        e.send(cmd);
        assert_eq!(e.ping(4), [format!("Error ({kind}): {cmd}")]);
    }
    e.send_bytes(b"\xff\xfe\n");
    assert_eq!(e.ping(5).len(), 1);
}

#[test]
fn quit_while_thinking_exits() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("usermove e2e4");
    e.quiet_for(Duration::from_millis(200));
    let t = Instant::now();
    e.send("quit");
    assert!(e
        .wait_exit(Duration::from_secs(2))
        .is_some_and(|s| s.success()));
    assert!(t.elapsed() < Duration::from_millis(500));
}

#[test]
fn uci_after_xboard_switches_back() {
    let mut e = Engine::xboard();
    e.send("uci");
    e.expect("uciok");
    e.sync();
}

/// The `# Fen: ` line of XBoard's `d`.
fn xboard_fen(e: &mut Engine, n: u32) -> String {
    e.send("d");
    let lines = e.ping(n);
    let fen = lines.iter().find_map(|l| l.strip_prefix("# Fen: "));
    fen.unwrap_or_else(|| panic!("no Fen line: {lines:?}"))
        .to_string()
}

#[test]
fn switching_dialects_keeps_the_variant_and_the_game() {
    // XBoard, then UCI: the crazyhouse game goes on, the captured pawn in
    // White's hand.
    let mut e = Engine::xboard();
    e.send("new");
    e.send("variant crazyhouse");
    e.send("force");
    for m in ["e2e4", "d7d5", "e4d5"] {
        e.send(&format!("usermove {m}"));
    }
    let fen = xboard_fen(&mut e, 1);
    assert!(fen.contains("[P]"), "{fen}");
    e.send("uci");
    e.expect("uciok");
    e.send("d");
    let lines = e.sync();
    assert!(
        lines.contains(&"Variant: crazyhouse".to_string()),
        "{lines:?}"
    );
    assert_eq!(e.fen(), fen);
    assert!(e.legal_moves().contains(&"d8d5".to_string()));
    // And back to XBoard: the same game, its moves can be taken back.
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1");
    assert_eq!(xboard_fen(&mut e, 2), fen);
    e.send("remove");
    let fen = xboard_fen(&mut e, 3);
    assert!(fen.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/"), "{fen}");

    // UCI first, then XBoard: the tavreli position stays.
    let mut e = Engine::uci();
    e.send("setoption name UCI_Variant value tavreli");
    e.send("position startpos moves e2e4 d7d5 e4d5");
    let fen = e.fen();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1");
    assert_eq!(xboard_fen(&mut e, 1), fen);
    // `new` starts a game of standard chess, as CECP has it.
    e.send("new");
    assert!(xboard_fen(&mut e, 2).starts_with("rnbqkbnr/pppppppp/8/8/8/8/"));
}

#[test]
fn variant_chess_is_normal_and_unknown_names_get_a_hint() {
    let mut e = Engine::xboard();
    e.send("new");
    e.send("force");
    e.send("variant tranzit");
    e.ping(1);
    e.send("variant chess");
    assert!(e.ping(1).is_empty());
    // Back to standard chess: a move of the 8x8 board, no transfer.
    e.send("usermove e2e4");
    e.send("usermove e7m7");
    assert_eq!(e.ping(2), ["Illegal move: e7m7"]);
    for name in ["xiangqi", "Chess", "\u{e9}", "normal extra"] {
        e.send(&format!("variant {name}"));
        let lines = e.ping(3);
        assert_eq!(lines.len(), 1, "{lines:?}");
        let hint = "Error (unsupported variant; try one of normal, crazyhouse, bughouse, ";
        assert!(lines[0].starts_with(hint), "{lines:?}");
        assert!(
            lines[0].contains(", tavreli, fischerandom): variant "),
            "{lines:?}"
        );
        assert!(
            lines[0].ends_with(&format!(": variant {name}")),
            "{lines:?}"
        );
    }
    // The game goes on where it was.
    e.send("usermove e7e5");
    assert!(e.ping(4).is_empty());
}

/// Issue 31 (6): the clock settings outlive a visit to UCI; `go` then
/// moves in the time set, not never.
#[test]
fn the_time_control_survives_a_uci_round_trip() {
    let mut e = Engine::xboard();
    for l in ["st 0.05", "new", "force", "uci"] {
        e.send(l);
    }
    e.expect("uciok");
    e.send("xboard");
    e.send("usermove e2e4");
    e.send("go");
    let lines = e.until(|l| l.starts_with("move "), Duration::from_secs(5), "move");
    assert!(engine_move(&lines).is_some(), "{lines:?}");
}

/// Issue 31 (7): a refused `remove` or `undo` changes nothing: the search
/// under way goes on and its move comes.
#[test]
fn a_refused_take_back_leaves_the_search_alone() {
    for take_back in ["remove", "undo"] {
        let mut e = Engine::xboard();
        for l in ["st 0.2", "new", "go", take_back] {
            e.send(l);
        }
        let lines = e.until(|l| l.starts_with("move "), Duration::from_secs(5), "move");
        assert!(
            lines.contains(&format!("Error (command not legal now): {take_back}")),
            "{lines:?}"
        );
        e.ping(2);
    }
}

/// Issue 31 (11): `d` while pondering shows the game, not the pondered reply.
#[test]
fn d_while_pondering_shows_the_game() {
    let mut e = Engine::xboard();
    for l in ["new", "hard", "st 0.1", "usermove e2e4"] {
        e.send(l);
    }
    let reply = engine_move(&e.expect_prefix("move ")).unwrap();
    let mut judge = Engine::uci();
    judge.send(&format!("position startpos moves e2e4 {reply}"));
    let want = judge.fen();
    e.send("hint");
    e.expect_prefix("Hint: ");
    assert_eq!(xboard_fen(&mut e, 1), want);
}

/// Issue 33 (1, 2): the strength options through `option`, announced as
/// features with no spaces in their names; `random` is taken (variety for
/// the game) and bad values are refused.
#[test]
fn strength_options_and_random_through_xboard() {
    let mut e = Engine::xboard();
    e.send("protover 2");
    let features = e.expect("feature done=1");
    for wanted in [
        "feature option=\"SkillLevel -spin 20 0 20\"",
        "feature option=\"UCI_LimitStrength -check 0\"",
        "feature option=\"Variety -check 0\"",
    ] {
        assert!(
            features.iter().any(|l| l == wanted),
            "{wanted}: {features:?}"
        );
    }
    e.send("option SkillLevel=25");
    assert_eq!(e.ping(1), ["Error (bad parameter): option SkillLevel=25"]);
    e.send("option SkillLevel=2");
    e.send("random");
    assert!(e.ping(2).is_empty());
    e.send("post");
    e.send("go");
    let lines = e.expect_prefix("move ");
    let depths: Vec<i32> = lines
        .iter()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(depths.iter().max(), Some(&2), "{lines:?}");
}

/// Issue 33 (6): XBoard's `fischerandom`: announced, castling read and
/// written as `O-O`/`O-O-O`, set-ups in X-FEN.
#[test]
fn fischer_random_castles_with_o_o() {
    let mut e = Engine::xboard();
    e.send("protover 2");
    let features = e.expect("feature done=1");
    assert!(
        features
            .iter()
            .any(|l| l.contains("variants=") && l.contains("fischerandom")),
        "{features:?}"
    );
    for l in [
        "new",
        "variant fischerandom",
        "force",
        "setboard rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1",
        "usermove O-O-O",
        "usermove O-O",
    ] {
        e.send(l);
    }
    assert_eq!(
        xboard_fen(&mut e, 1),
        "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"
    );
    // Back to normal chess with `new`: the king's two steps castle.
    for l in [
        "new",
        "force",
        "usermove e2e4",
        "usermove e7e5",
        "usermove g1f3",
    ] {
        e.send(l);
    }
    for l in [
        "usermove b8c6",
        "usermove f1c4",
        "usermove g8f6",
        "usermove e1g1",
    ] {
        e.send(l);
    }
    assert!(xboard_fen(&mut e, 2).ends_with("RNBQ1RK1 b kq - 5 4"));
}
