//! `vsadnik match --shard K/N` and `--merge FILE...`: a match played in
//! parts, each with its own PGN file, and the parts merged, give the
//! figures one run of the whole match gives (with deterministic engines:
//! vsadnik at a fixed node count); team matches merge their BPGN parts;
//! what does not merge is refused.

use crate::match_support::*;

/// vsadnik at `nodes` nodes a move: the same games on every run.
fn fixed(nodes: u32) -> String {
    format!("{} --nodes-per-move {nodes}", env!("CARGO_BIN_EXE_vsadnik"))
}

/// Plays `games` chess games (part `shard` of them, if given) between
/// vsadnik at two node counts from four openings, into `pgn`; the run.
fn chess_match(pgn: &str, games: &str, shard: Option<&str>, openings: &str) -> Run {
    let (a, b) = (fixed(300), fixed(900));
    let mut args = vec![
        "match",
        "--variant",
        "chess",
        "--games",
        games,
        "--tc",
        "60+0",
        "--openings",
        openings,
        "--pgn",
        pgn,
        "--engine",
        &a,
        "--engine",
        &b,
        "--sprt",
        "elo0=0",
        "elo1=10",
        "alpha=0.05",
        "beta=0.05",
    ];
    if let Some(s) = shard {
        args.extend(["--shard", s]);
    }
    let run = vsadnik(&args);
    assert_eq!(run.status, 0, "{}\n{}", run.stdout, run.stderr);
    run
}

/// The last `n` lines of `run`.
fn last(run: &Run, n: usize) -> Vec<String> {
    let lines = run.lines();
    lines[lines.len() - n..]
        .iter()
        .map(|l| l.to_string())
        .collect()
}

#[test]
fn parts_merged_give_the_figures_of_one_run() {
    let dir = scratch("shards");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let openings = path("openings.epd");
    std::fs::write(
        &openings,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n\
         rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n\
         rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n\
         rnbqkbnr/pppppp1p/6p1/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2\n",
    )
    .unwrap();
    let whole = chess_match(&path("whole.pgn"), "8", None, &openings);
    assert_eq!(whole.finished().len(), 8, "{}", whole.stdout);
    let parts: Vec<String> = (1..=3).map(|k| path(&format!("part{k}.pgn"))).collect();
    let mut rounds = Vec::new();
    for (k, pgn) in parts.iter().enumerate() {
        let run = chess_match(pgn, "8", Some(&format!("{}/3", k + 1)), &openings);
        let text = std::fs::read_to_string(pgn).unwrap();
        rounds.extend(games(&text).iter().map(|g| g.tag("Round").to_string()));
        assert!(run.finished().len() <= 4, "{}", run.stdout);
    }
    rounds.sort_by_key(|r| r.parse::<u32>().unwrap());
    assert_eq!(rounds, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    // Part 1 of 3 plays the pairs of rounds 1-2 and 7-8.
    let first = std::fs::read_to_string(&parts[0]).unwrap();
    let own: Vec<String> = games(&first)
        .iter()
        .map(|g| g.tag("Round").to_string())
        .collect();
    assert_eq!(own, ["1", "2", "7", "8"]);

    let mut args = vec!["match", "--merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05"]);
    let merged = vsadnik(&args);
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert_eq!(
        merged.lines()[0],
        "Merged 8 games from 3 files: rounds 1 to 8"
    );
    // The SPRT, score and Elo lines of the single run, to the letter.
    assert_eq!(last(&merged, 3), last(&whole, 3), "{}", whole.stdout);
    check_elo_line(merged.lines().last().unwrap());

    // The same games twice, the same file twice, no file: refused.
    let copy = path("copy.pgn");
    std::fs::copy(&parts[0], &copy).unwrap();
    let twice = vsadnik(&["match", "--merge", &parts[0], &copy]);
    assert_eq!(twice.status, 2);
    assert!(
        twice.stderr.contains("round 1 is in both"),
        "{}",
        twice.stderr
    );
    assert!(twice.stdout.is_empty());
    let same = vsadnik(&["match", "--merge", &parts[0], &parts[0]]);
    assert!(same.stderr.contains("is given twice"), "{}", same.stderr);
    let missing = vsadnik(&["match", "--merge", &path("nosuch.pgn")]);
    assert_eq!(missing.status, 2);
    assert!(missing.stderr.contains("nosuch.pgn"), "{}", missing.stderr);
    let playing = vsadnik(&["match", "--merge", &parts[0], "--games", "8"]);
    assert_eq!(playing.status, 2);
    assert!(playing.stderr.contains("--games does not go with it"));
    // Parts 1 and 3 only: the gap is named.
    let gap = vsadnik(&["match", "--merge", &parts[0], &parts[2]]);
    assert_eq!(gap.status, 0, "{}", gap.stderr);
    assert_eq!(
        gap.lines()[0],
        "Merged 6 games from 2 files: rounds 1 to 8; missing: 3, 4"
    );
}

#[test]
fn team_parts_merge_their_bpgn() {
    let dir = scratch("team-shards");
    let stub = stub("team_stub.py");
    let (a, b) = (format!("{stub} --name a"), format!("{stub} --name b"));
    let (c, d) = (format!("{stub} --name c"), format!("{stub} --name d"));
    let mut parts = Vec::new();
    let mut totals = [0u32; 3];
    for k in 1..=2 {
        let pgn = dir
            .join(format!("part{k}.bpgn"))
            .to_str()
            .unwrap()
            .to_string();
        let shard = format!("{k}/2");
        let run = vsadnik(&[
            "match",
            "--variant",
            "bughouse",
            "--games",
            "4",
            "--tc",
            "5+0",
            "--pgn",
            &pgn,
            "--shard",
            &shard,
            "--engine",
            &a,
            "--engine",
            &b,
            "--engine",
            &c,
            "--engine",
            &d,
        ]);
        assert_eq!(run.status, 0, "{}\n{}", run.stdout, run.stderr);
        assert_eq!(run.finished().len(), 2, "{}", run.stdout);
        // `Score of a & b vs c & d: W - L - D  [P] N`
        let lines = run.lines();
        let score = lines[lines.len() - 2];
        let wld: Vec<u32> = score
            .split(": ")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .take(3)
            .collect();
        for (t, x) in totals.iter_mut().zip(wld) {
            *t += x;
        }
        parts.push(pgn);
    }
    let merged = vsadnik(&["match", "--merge", &parts[0], &parts[1]]);
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert_eq!(
        merged.lines()[0],
        "Merged 4 games from 2 files: rounds 1 to 4"
    );
    check_summary(&merged, "a & b", "c & d", totals[0], totals[1], totals[2]);
}
