//! `vsadnik match`: bad arguments, protocol detection and XBoard features,
//! engine names, SPRT stopping and score adjudication.

use crate::match_support::*;

fn base<'a>(engines: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["match", "--variant", "chess", "--games", "2", "--tc", "1+0"];
    for e in engines {
        v.push("--engine");
        v.push(*e);
    }
    v
}

#[test]
fn bad_arguments_exit_2_with_nothing_on_stdout() {
    let a = uci("--name A");
    let b = uci("--name B");
    let dir = scratch("badargs");
    let bad_epd = dir.join("bad.epd");
    std::fs::write(&bad_epd, "not a position\n").unwrap();
    let bad_epd = bad_epd.to_str().unwrap().to_string();
    let missing = dir.join("missing.epd").to_str().unwrap().to_string();
    let unwritable = dir
        .join("no/such/dir/games.pgn")
        .to_str()
        .unwrap()
        .to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["match"],
        vec![
            "match", "--games", "2", "--tc", "1", "--engine", &a, "--engine", &b,
        ],
        {
            let mut v = base(&[&a, &b]);
            v[2] = "nosuch";
            v
        },
        {
            let mut v = base(&[&a, &b]);
            v[4] = "0";
            v
        },
        {
            let mut v = base(&[&a, &b]);
            v[6] = "1:99";
            v
        },
        base(&[&a]),
        base(&[&a, &b, &a]),
        base(&[&a, &b, &a, &b]),
        {
            let mut v = base(&[&a, &b]);
            v[2] = "bughouse";
            v
        },
        base(&[&a, "/no/such/engine"]),
        base(&[&a, "'unbalanced"]),
        [base(&[&a, &b]), vec!["--resume"]].concat(),
        [base(&[&a, &b]), vec!["--concurrency", "0"]].concat(),
        [
            base(&[&a, &b]),
            vec!["--sprt", "elo0=5", "elo1=0", "alpha=0.05", "beta=0.05"],
        ]
        .concat(),
        [base(&[&a, &b]), vec!["--draw", "10", "5"]].concat(),
        [base(&[&a, &b]), vec!["--resign", "3", "-5"]].concat(),
        [base(&[&a, &b]), vec!["--openings", &missing]].concat(),
        [base(&[&a, &b]), vec!["--openings", &bad_epd]].concat(),
        [base(&[&a, &b]), vec!["--pgn", &unwritable]].concat(),
        [base(&[&a, &b]), vec!["--frobnicate"]].concat(),
        [base(&[&a, &b]), vec!["--games", "3"]].concat(),
    ];
    for args in cases {
        let run = vsadnik(&args);
        assert_eq!(run.status, 2, "{args:?}: stdout {}", run.stdout);
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("vsadnik: "), "{}", run.stderr);
    }
}

#[test]
fn an_engine_that_cannot_start_shows_its_stderr() {
    // Without vsadnik, its rules oracle, a stub says so on standard error
    // and exits: the probe fails, and vsadnik shows the stub's message.
    let (a, b) = (uci("--name A"), uci("--name B"));
    let run = vsadnik_env(
        &base(&[&a, &b]),
        std::time::Duration::from_secs(60),
        "/no/such/vsadnik",
    );
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stderr);
    assert_eq!(
        lines[0],
        "vsadnik: engine uci_stub.py could not be started; its standard error ended with:"
    );
    assert!(
        lines[1].starts_with(
            "uci_stub.py: uci-stub: rules oracle: cannot start vsadnik (/no/such/vsadnik)"
        ),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("vsadnik: --engine: "), "{}", lines[2]);
}

#[test]
fn xboard_engines_are_detected_and_their_features_honoured() {
    // Detected without a prefix; san=1 (moves sent in SAN), usermove=0,
    // moves received in SAN, no ping, and a protocol-1 engine.
    for opts in [
        "--name X",
        "--name X --san --move-san",
        "--name X --no-usermove --no-ping",
    ] {
        let x = xboard(opts);
        let a = uci("--name A");
        let run = vsadnik(&base(&[&a, &x]));
        assert_eq!(run.status, 0, "{opts}: {}", run.stderr);
        assert_eq!(
            run.finished(),
            vec![
                "Finished game 1 (A vs X): 1/2-1/2 {Draw by threefold repetition}",
                "Finished game 2 (X vs A): 1/2-1/2 {Draw by threefold repetition}",
            ],
            "{opts}"
        );
        check_summary(&run, "A", "X", 0, 0, 2);
    }
    // Forced protocol, and a protocol-1 engine (no features: its name is the
    // command's basename).
    let x = format!("xboard:{}", xboard("--no-features --no-usermove"));
    let a = format!("uci:{}", uci("--name A"));
    let run = vsadnik(&base(&[&a, &x]));
    assert_eq!(run.status, 0, "{}", run.stderr);
    check_summary(&run, "A", "xboard_stub.py", 0, 0, 2);
}

#[test]
fn equal_names_are_told_apart() {
    let a = uci("");
    let run = vsadnik(&base(&[&a, &a]));
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.finished()[0],
        "Finished game 1 (uci-stub vs uci-stub (2)): 1/2-1/2 {Draw by threefold repetition}"
    );
    check_summary(&run, "uci-stub", "uci-stub (2)", 0, 0, 2);
}

#[test]
fn sprt_stops_the_match_when_a_bound_is_crossed() {
    let a = uci("--name A --illegal-after 0");
    let b = uci("--name B");
    let mut args = base(&[&a, &b]);
    args[4] = "20";
    args.extend(["--sprt", "elo0=0", "elo1=400", "alpha=0.05", "beta=0.05"]);
    let run = vsadnik(&args);
    assert_eq!(run.status, 0, "{}", run.stderr);
    // Each loss adds ln((1 - s1) / (1 - s0)) = -1.70: two losses cross
    // ln(0.05 / 0.95) = -2.94.
    assert_eq!(run.finished().len(), 2, "{}", run.stdout);
    let lines = run.lines();
    let n = lines.len();
    assert!(
        lines[n - 3].starts_with("SPRT: llr -3.4")
            && lines[n - 3].ends_with(", lbound -2.94, ubound 2.94 - H0 was accepted"),
        "{}",
        lines[n - 3]
    );
    check_summary(&run, "A", "B", 0, 2, 0);
}

#[test]
fn score_adjudication() {
    let dir = scratch("adjudication");
    let pgn = dir.join("games.pgn");
    let pgn = pgn.to_str().unwrap();
    // A reports -600 with each move, B +20: A loses after its third move.
    let a = uci("--name A --resign-score -600");
    let b = uci("--name B --resign-score 20");
    let mut args = base(&[&a, &b]);
    args.extend(["--resign", "3", "500", "--pgn", pgn]);
    let run = vsadnik(&args);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.finished(),
        vec![
            "Finished game 1 (A vs B): 0-1 {Black wins by adjudication}",
            "Finished game 2 (B vs A): 1-0 {White wins by adjudication}",
        ]
    );
    let g = games(&std::fs::read_to_string(pgn).unwrap());
    assert_eq!(g[0].tag("Termination"), "adjudication");
    assert_eq!(g[0].tag("PlyCount"), "5");
    assert_eq!(g[1].tag("PlyCount"), "6");
    // Both within 10 cp for 2 moves each, from move 3 on: drawn after 4 plies.
    let a = uci("--name A --resign-score 5");
    let b = uci("--name B --resign-score -3");
    let mut args = base(&[&a, &b]);
    args.extend(["--draw", "3", "2", "10"]);
    let run = vsadnik(&args);
    assert_eq!(
        run.finished(),
        vec![
            "Finished game 1 (A vs B): 1/2-1/2 {Draw by adjudication}",
            "Finished game 2 (B vs A): 1/2-1/2 {Draw by adjudication}",
        ]
    );
}

/// Stockfish against Fairy-Max, one very short game each way; the full check
/// is tools/match_e2e.sh. Ignored by default (it needs the two engines);
/// `.ci/run` installs them and runs it with `--ignored`.
#[test]
#[ignore = "needs Stockfish and Fairy-Max (/usr/games/stockfish, /usr/games/fairymax)"]
fn a_real_engine_pair() {
    let (sf, fm) = ("/usr/games/stockfish", "/usr/games/fairymax");
    for engine in [sf, fm] {
        assert!(
            std::path::Path::new(engine).exists(),
            "{engine} is not installed (apt-get install stockfish fairymax)"
        );
    }
    let mut args = base(&[sf, fm]);
    args[6] = "1+0.02";
    let run = vsadnik(&args);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.finished().len(), 2, "{}", run.stdout);
    let lines = run.lines();
    assert!(lines[lines.len() - 2].starts_with("Score of Stockfish"));
    check_elo_line(lines[lines.len() - 1]);
}
