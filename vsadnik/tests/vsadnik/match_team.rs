//! `vsadnik match` in the team variants: four engines on two boards (the
//! contract's seats), the BPGN they leave (replayed here with the rules
//! library, captures and S4 confiscations moving pieces between the boards),
//! S12 results, faults that lose for the whole team, and partner messages.

use crate::match_support::*;
use movegen::drops::{DropRules, TeamBoard, TeamGame};
use movegen::{Color, Position};

/// `--engine` value for the team stub with extra options.
fn team(opts: &str) -> String {
    format!("{} {opts}", stub("team_stub.py"))
}

/// Plays a team match; returns the run and the BPGN text.
fn team_match(
    test: &str,
    variant: &str,
    games: &str,
    tc: &str,
    engines: [&str; 4],
) -> (Run, String) {
    let dir = scratch(test);
    let pgn = dir.join("games.bpgn");
    let mut args = vec![
        "match",
        "--variant",
        variant,
        "--games",
        games,
        "--tc",
        tc,
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    for e in &engines {
        args.push("--engine");
        args.push(e);
    }
    let run = vsadnik(&args);
    assert_eq!(
        run.status, 0,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    (run, text)
}

/// Replays one BPGN game's movetext with the rules library: every move must
/// be legal where and when it was played, S4 confiscations move their piece.
/// Returns the final position and the number of moves.
fn replay<R: DropRules>(movetext: &str) -> (TeamGame<R>, usize) {
    let mut g = TeamGame::<R>::default();
    let mut board = None;
    let mut moves = 0;
    let mut rest = movetext;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[1..];
            continue;
        }
        if c == '{' {
            let end = rest.find('}').expect("closed comment");
            let comment = &rest[1..end];
            if let Some((seat, what)) = comment.split_once(": ") {
                if let Some(drop) = what.strip_suffix(" gives check, confiscated (S4)") {
                    let b = if seat.to_ascii_uppercase().ends_with('A') {
                        TeamBoard::A
                    } else {
                        TeamBoard::B
                    };
                    let (kind, _) = g.checking_drop(b, drop).expect("a checking drop");
                    g.confiscate(b, kind);
                }
            }
            rest = &rest[end + 1..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if let Some(number) = word.strip_suffix('.') {
            let letter = number.chars().last().unwrap();
            let (b, color) = match letter {
                'A' => (TeamBoard::A, Color::White),
                'a' => (TeamBoard::A, Color::Black),
                'B' => (TeamBoard::B, Color::White),
                'b' => (TeamBoard::B, Color::Black),
                _ => panic!("bad move number {word}"),
            };
            assert_eq!(g.board(b).side_to_move(), color, "{word}");
            board = Some(b);
        } else if matches!(word, "1-0" | "0-1" | "1/2-1/2") {
            break;
        } else {
            let b = board.take().expect("a move number before each move");
            let mv = g
                .board(b)
                .parse_record_move(word)
                .unwrap_or_else(|e| panic!("{word} on board {b:?}: {e}\n{movetext}"));
            g.play(b, mv);
            moves += 1;
        }
    }
    (g, moves)
}

/// The tag values of one BPGN game, checked against the seats.
fn check_seats(g: &Game, first: [&str; 4], first_white: bool) {
    let [a, b, c, d] = first;
    let (wa, ba, wb, bb) = if first_white {
        (a, c, d, b)
    } else {
        (c, a, b, d)
    };
    assert_eq!(g.tag("WhiteA"), wa);
    assert_eq!(g.tag("BlackA"), ba);
    assert_eq!(g.tag("WhiteB"), wb);
    assert_eq!(g.tag("BlackB"), bb);
}

#[test]
fn four_vsadnik_play_a_bughouse_game_with_a_correct_bpgn() {
    let v = env!("CARGO_BIN_EXE_vsadnik");
    let (run, text) = team_match("vsadnik4", "bughouse", "1", "3+0.05", [v, v, v, v]);
    let fin = run.finished();
    assert_eq!(fin.len(), 1, "{}", run.stdout);
    let gs = games(&text);
    assert_eq!(gs.len(), 1);
    let g = &gs[0];
    assert_eq!(g.tag("Variant"), "bughouse");
    assert_eq!(g.tag("WhiteA"), "vsadnik 0.1.0");
    assert_eq!(g.tag("BlackB"), "vsadnik 0.1.0 (2)");
    let (end, moves) = replay::<movegen::drops::Bughouse>(&g.movetext);
    assert!(moves > 4, "{}", g.movetext);
    // A rules ending is exactly what the replayed position says.
    if let Some(o) = end.outcome() {
        assert_eq!(g.tag("Termination"), o.reason);
        let expect = match o.winner {
            Some(movegen::drops::Team::One) => "1-0",
            Some(movegen::drops::Team::Two) => "0-1",
            None => "1/2-1/2",
        };
        assert_eq!(g.tag("Result"), expect);
    } else {
        assert_eq!(g.tag("Termination"), "time forfeit", "{}", g.movetext);
    }
    check_elo_line(run.lines().last().unwrap());
}

#[test]
fn s4_checking_drops_are_confiscated_and_the_game_goes_on() {
    let (run, text) = team_match(
        "s4",
        "swedish",
        "2",
        "3+0",
        [
            &team("--name A --random 1 --checking-drop"),
            &team("--name B --random 2"),
            &team("--name C --random 3 --checking-drop"),
            &team("--name D --random 4"),
        ],
    );
    assert_eq!(run.finished().len(), 2);
    let lines = run.lines();
    assert!(lines[lines.len() - 2].starts_with("Score of A & B vs C & D: "));
    let gs = games(&text);
    let mut confiscations = 0;
    for (i, g) in gs.iter().enumerate() {
        check_seats(g, ["A", "B", "C", "D"], g.tag("Round") == "1");
        confiscations += g.movetext.matches("confiscated (S4)").count();
        let (_, moves) = replay::<movegen::drops::Swedish>(&g.movetext);
        assert!(moves > 0, "game {i}");
        assert_ne!(g.tag("Termination"), "illegal move", "{}", g.movetext);
    }
    assert!(confiscations > 0, "{text}");
    // `vsadnik analyse` replays the games, the confiscations with them
    // (issue 33, part 4), and keeps their comments.
    let path = std::env::temp_dir().join(format!("vsadnik-s4-{}.bpgn", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let (code, out, err) =
        crate::common::run(&["analyse", path.to_str().unwrap(), "--nodes", "300"]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.matches("confiscated (S4)").count(),
        confiscations,
        "{out}"
    );
}

/// Two games where engine A misbehaves; A's team loses both with `reason`
/// and `comment(seat of A)`.
fn team_losses(test: &str, a: &str, tc: &str, termination: &str, comment: fn(&str) -> String) {
    let (run, text) = team_match(
        test,
        "bughouse",
        "2",
        tc,
        [
            &team(&format!("--name A --random 1 {a}")),
            &team("--name B --random 2 --delay 0.1"),
            &team("--name C --random 3"),
            &team("--name D --random 4 --delay 0.1"),
        ],
    );
    assert_eq!(
        run.finished(),
        vec![
            format!(
                "Finished game 1 (A & B vs C & D): 0-1 {{{}}}",
                comment("White on board A")
            ),
            format!(
                "Finished game 2 (C & D vs A & B): 1-0 {{{}}}",
                comment("Black on board A")
            ),
        ],
        "{}",
        run.stdout
    );
    check_summary(&run, "A & B", "C & D", 0, 2, 0);
    for g in games(&text) {
        assert_eq!(g.tag("Termination"), termination);
    }
}

#[test]
fn crash_loses_for_the_team_and_the_match_goes_on() {
    team_losses("crash", "--crash-after 2", "3+0", "engine crash", |s| {
        format!("{s}'s engine crashed")
    });
}

#[test]
fn illegal_move_loses_for_the_team() {
    team_losses("illegal", "--illegal-after 1", "3+0", "illegal move", |s| {
        format!("{s} makes an illegal move: a1a1")
    });
}

#[test]
fn s11_a_player_who_sits_loses_on_time() {
    team_losses("sit", "--sit", "1+0", "time forfeit", |s| {
        format!("{s} loses on time")
    });
}

#[test]
fn s12_flags_of_both_teams_draw() {
    // White on A (team 1) and White on B (team 2) both sit from the start:
    // their flags fall together.
    let (run, text) = team_match(
        "flags",
        "bughouse",
        "1",
        "0.5+0",
        [
            &team("--name A --sit"),
            &team("--name B"),
            &team("--name C"),
            &team("--name D --sit"),
        ],
    );
    assert_eq!(
        run.finished(),
        vec!["Finished game 1 (A & B vs C & D): 1/2-1/2 {Both teams lose on time: draw}"]
    );
    let g = &games(&text)[0];
    assert_eq!(g.tag("Result"), "1/2-1/2");
    assert_eq!(g.tag("Termination"), "time forfeit");
}

#[test]
fn partner_messages_are_relayed_once() {
    let (run, text) = team_match(
        "ptell",
        "bughouse",
        "1",
        "2+0",
        [
            // A message that arrives while the arbiter waits for a
            // `pong` is kept and relayed, not discarded.
            &team("--name A --xboard --no-drops --random 1 --delay 0.01 --tell-before-pong ready"),
            &team("--name B --xboard --no-drops --random 2 --delay 0.01"),
            &team("--name C --random 3 --delay 0.01"),
            &team("--name D --random 4 --delay 0.01"),
        ],
    );
    assert_eq!(run.finished().len(), 1);
    let g = &games(&text)[0];
    for m in [
        "{White on board A to partner: hello from A}",
        "{Black on board B to partner: hello from B}",
        "{Black on board B to partner: got: hello from A}",
        "{White on board A to partner: got: hello from B}",
        "{White on board A to partner: ready}",
        "{Black on board B to partner: got: ready}",
    ] {
        assert_eq!(g.movetext.matches(m).count(), 1, "{m}\n{}", g.movetext);
    }
    replay::<movegen::drops::Bughouse>(&g.movetext);
}

#[test]
fn partner_messages_are_capped_per_move_not_per_game() {
    let (run, text) = team_match(
        "chatter",
        "bughouse",
        "1",
        "2+0",
        [
            &team("--name A --xboard --no-drops --random 1 --delay 0.01 --chatter 60"),
            &team("--name B --xboard --no-drops --random 2 --delay 0.01"),
            &team("--name C --random 3 --delay 0.01"),
            &team("--name D --random 4 --delay 0.01"),
        ],
    );
    assert_eq!(run.finished().len(), 1);
    let g = &games(&text)[0];
    let from_a = |m: &str| format!("{{White on board A to partner: {m}}}");
    // 60 before a move are too many: 50 are relayed, the rest dropped (the
    // greetings count in the first two moves' allowances)...
    assert!(g.movetext.contains(&from_a("chat 1.48")), "{}", g.movetext);
    assert!(!g.movetext.contains(&from_a("chat 1.60")), "{}", g.movetext);
    for n in 3..=4 {
        assert!(g.movetext.contains(&from_a(&format!("chat {n}.50"))));
        assert!(!g.movetext.contains(&from_a(&format!("chat {n}.51"))));
    }
    // ...and each move opens a new allowance: far more than 50 in all.
    assert!(
        g.movetext
            .matches("{White on board A to partner: chat")
            .count()
            > 150
    );
    replay::<movegen::drops::Bughouse>(&g.movetext);
}

#[test]
fn team_usage_errors() {
    let a = team("--name A");
    let four = |extra: &[&'static str]| -> Vec<String> {
        let mut v: Vec<String> = [
            "match",
            "--variant",
            "bughouse",
            "--games",
            "1",
            "--tc",
            "1+0",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for _ in 0..4 {
            v.push("--engine".into());
            v.push(a.clone());
        }
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let two: Vec<String> = four(&[])[..11].to_vec();
    for args in [
        two,
        four(&["--openings", "/no/such/file"]),
        four(&["--resign", "3", "500"]),
        four(&["--draw", "40", "8", "10"]),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = vsadnik(&args);
        assert_eq!(run.status, 2, "{args:?}");
        assert!(run.stdout.is_empty());
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
}

/// Issue 31 (11): an engine that answers nothing is said to have given no
/// handshake, not to lack the variant.
#[test]
fn an_engine_without_a_handshake_is_named_as_such() {
    let a = team("--name A");
    let mute = team("--mute");
    let mut args = vec![
        "match",
        "--variant",
        "bughouse",
        "--games",
        "1",
        "--tc",
        "1+0",
    ];
    for e in [&mute, &a, &a, &a] {
        args.push("--engine");
        args.push(e);
    }
    let run = vsadnik(&args);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("gave no handshake"), "{}", run.stderr);
}
