//! `vsadnik match` against misbehaving stub engines: each fault loses the
//! game for the faulty engine with the right result comment and `Termination`
//! tag, the engine is restarted where needed, and the match goes on.

use crate::match_support::*;

/// Plays two games, the faulty UCI stub `A` (options `a`) against the good
/// stub `B`; checks that `A` loses both with `termination` and that the
/// result comments are `comment(colour of A)`. Returns the run and the
/// games of its PGN.
fn two_losses(
    test: &str,
    a: &str,
    tc: &str,
    termination: &str,
    comment: fn(&str) -> String,
) -> (Run, Vec<Game>) {
    let dir = scratch(test);
    let pgn = dir.join("games.pgn");
    let run = vsadnik(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--tc",
        tc,
        "--engine",
        &uci(&format!("--name A {a}")),
        "--engine",
        &uci("--name B"),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.status, 0, "stderr: {}", run.stderr);
    assert_eq!(
        run.finished(),
        vec![
            format!("Finished game 1 (A vs B): 0-1 {{{}}}", comment("White")),
            format!("Finished game 2 (B vs A): 1-0 {{{}}}", comment("Black")),
        ],
        "output:\n{}",
        run.stdout
    );
    check_summary(&run, "A", "B", 0, 2, 0);
    let games = games(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 2);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.tag("Round"), (i + 1).to_string());
        assert_eq!(g.tag("Termination"), termination);
        assert_eq!(g.tag("Result"), if i == 0 { "0-1" } else { "1-0" });
        let colour = if i == 0 { "White" } else { "Black" };
        assert!(
            g.movetext
                .ends_with(&format!("{{{}}} {}", comment(colour), g.tag("Result"))),
            "{}",
            g.movetext
        );
    }
    (run, games)
}

#[test]
fn crash_loses_and_the_engine_is_restarted() {
    let (_, g) = two_losses("crash", "--crash-after 2", "2+0", "engine crash", |c| {
        format!("{c}'s engine crashed")
    });
    // Game 2 was played by a fresh process: A moved twice in it again.
    assert_eq!(g[0].tag("PlyCount"), "4");
    assert_eq!(g[1].tag("PlyCount"), "5");
}

#[test]
fn a_crash_shows_the_end_of_the_engines_stderr() {
    // A writes 25 lines to its standard error, then exits, when asked for
    // its second move: both games show the last 20, under A's name.
    let (run, _) = two_losses(
        "stderr",
        "--stderr-then-crash 1",
        "2+0",
        "engine crash",
        |c| format!("{c}'s engine crashed"),
    );
    let report: String = (6..=25)
        .map(|k| format!("A: uci-stub: stderr line {k} of 25\n"))
        .collect();
    let report = format!("vsadnik: engine A crashed; its standard error ended with:\n{report}");
    assert_eq!(run.stderr, report.repeat(2));
}

#[test]
fn hang_is_a_stalled_connection() {
    two_losses(
        "hang",
        "--hang-after 1",
        "0.5+0",
        "stalled connection",
        |c| format!("{c}'s connection stalls"),
    );
}

#[test]
fn illegal_move_loses() {
    // The stubs play the first legal move in vsadnik's generation order
    // (knights first, from-squares upwards): 1. Na3 Na6 2. Nf3. A's illegal
    // move is the first from-to pair of its pieces, squares a1, b1, ... h8,
    // that is not legal: as White a1c1 (a1b1 is legal after Na3), as Black
    // a6a1.
    two_losses("illegal", "--illegal-after 1", "2+0", "illegal move", |c| {
        let m = if c == "White" { "a1c1" } else { "a6a1" };
        format!("{c} makes an illegal move: {m}")
    });
}

#[test]
fn unparsable_move_loses() {
    two_losses("garbage", "--garbage-after 0", "2+0", "illegal move", |c| {
        format!("{c} makes an illegal move: xyzzy")
    });
}

#[test]
fn overstepping_the_clock_is_a_time_forfeit() {
    two_losses("slow", "--slow-after 1", "0.5+0", "time forfeit", |c| {
        format!("{c} loses on time")
    });
}

#[test]
fn xboard_resignation_and_false_claim() {
    for (opt, termination, comment) in [
        ("--resign-after 1", "normal", "resigns"),
        (
            "--claim-after 1",
            "rules infraction",
            "makes a false claim: 1/2-1/2",
        ),
    ] {
        let run = vsadnik(&[
            "match",
            "--variant",
            "chess",
            "--games",
            "2",
            "--tc",
            "2+0",
            "--engine",
            &uci("--name A"),
            "--engine",
            &xboard(&format!("--name X {opt}")),
        ]);
        assert_eq!(run.status, 0, "stderr: {}", run.stderr);
        assert_eq!(
            run.finished(),
            vec![
                format!("Finished game 1 (A vs X): 1-0 {{Black {comment}}}"),
                format!("Finished game 2 (X vs A): 0-1 {{White {comment}}}"),
            ],
            "{termination}: {}",
            run.stdout
        );
        check_summary(&run, "A", "X", 2, 0, 0);
    }
}

#[test]
fn draw_rules_end_games() {
    let dir = scratch("draws");
    let pgn = dir.join("games.pgn");
    let run = vsadnik(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--tc",
        "5+0.1",
        "--engine",
        &uci("--name A"),
        "--engine",
        &uci("--name B"),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.status, 0);
    assert_eq!(
        run.finished(),
        vec![
            "Finished game 1 (A vs B): 1/2-1/2 {Draw by threefold repetition}",
            "Finished game 2 (B vs A): 1/2-1/2 {Draw by threefold repetition}",
        ]
    );
    check_summary(&run, "A", "B", 0, 0, 2);
    assert!(run
        .stdout
        .ends_with("Elo difference: 0.0 +/- 0.0, LOS: nan %, DrawRatio: 100.0 %\n"));
    for g in games(&std::fs::read_to_string(&pgn).unwrap()) {
        assert_eq!(g.tag("Termination"), "threefold repetition");
        assert_eq!(g.tag("TimeControl"), "5+0.1");
    }
}
