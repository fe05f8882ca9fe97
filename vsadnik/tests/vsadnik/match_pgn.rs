//! `vsadnik match`: openings with colour swap, the PGN written game by game,
//! `--resume`, and `--concurrency`.

use crate::match_support::*;

/// Two positions where White's only legal move ends the game, whatever
/// order the stubs take legal moves in: Qxd1# (answering a check), and
/// Kxc1 stalemate.
const MATE: &str = "2rkr3/2p1p3/8/8/Q7/8/6PP/3q3K w - - 0 1";
const STALEMATE: &str = "8/8/8/8/8/4p3/4R3/k1rK4 w - - 0 1";

#[test]
fn epd_openings_are_played_twice_with_colours_swapped() {
    let dir = scratch("epd");
    let epd = dir.join("openings.epd");
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &epd,
        format!("# two positions\n{MATE}\n\n2rkr3/2p1p3/8/8/Q7/8/6PP/3q3K w - - bm Qxd1#; id \"x\";\n{STALEMATE}\n"),
    )
    .unwrap();
    let run = vsadnik(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "7",
        "--tc",
        "2+0",
        "--engine",
        &uci("--name A"),
        "--engine",
        &uci("--name B"),
        "--openings",
        epd.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.status, 0, "stderr: {}", run.stderr);
    assert_eq!(
        run.finished(),
        vec![
            "Finished game 1 (A vs B): 1-0 {White mates}",
            "Finished game 2 (B vs A): 1-0 {White mates}",
            "Finished game 3 (A vs B): 1-0 {White mates}",
            "Finished game 4 (B vs A): 1-0 {White mates}",
            "Finished game 5 (A vs B): 1/2-1/2 {Draw by stalemate}",
            "Finished game 6 (B vs A): 1/2-1/2 {Draw by stalemate}",
            // The list is cycled.
            "Finished game 7 (A vs B): 1-0 {White mates}",
        ]
    );
    check_summary(&run, "A", "B", 3, 2, 2);
    // A live score line follows every game.
    let lines = run.lines();
    assert_eq!(lines[1], "Score of A vs B: 1 - 0 - 0  [1.000] 1");
    assert_eq!(lines[3], "Score of A vs B: 1 - 1 - 0  [0.500] 2");
    let games = games(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games.len(), 7);
    let g = &games[0];
    assert_eq!(g.tag("FEN"), MATE);
    assert_eq!(g.tag("SetUp"), "1");
    assert_eq!(g.tag("White"), "A");
    assert_eq!(g.tag("Black"), "B");
    assert_eq!(g.tag("Termination"), "checkmate");
    assert_eq!(g.tag("PlyCount"), "1");
    assert_eq!(g.tag("Event"), "vsadnik match");
    assert_eq!(g.tag("TimeControl"), "2+0");
    assert_eq!(g.tag("Date").len(), 10);
    assert_eq!(g.movetext, "1. Qxd1# {White mates} 1-0");
    assert_eq!(games[1].tag("White"), "B");
    assert_eq!(games[4].tag("Termination"), "stalemate");
    assert_eq!(games[4].tag("Result"), "1/2-1/2");
    assert_eq!(games[4].movetext, "1. Kxc1 {Draw by stalemate} 1/2-1/2");
    assert!(games
        .iter()
        .all(|g| g.tags.iter().all(|(k, _)| k != "Variant")));
}

#[test]
fn pgn_openings_are_played_from_their_moves() {
    let dir = scratch("pgnopen");
    let book = dir.join("book.pgn");
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &book,
        "[Event \"book\"]\n\n1. e4 {main} e5 (1... c5) 2. Nf3 *\n\n[Event \"book\"]\n\n1. d4 d5 *\n",
    )
    .unwrap();
    let run = vsadnik(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "4",
        "--tc",
        "2+0",
        "--engine",
        &uci("--name A"),
        "--engine",
        &xboard("--name X"),
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.status, 0, "stderr: {}", run.stderr);
    assert_eq!(run.finished().len(), 4, "{}", run.stdout);
    let games = games(&std::fs::read_to_string(&pgn).unwrap());
    let whites: Vec<&str> = games.iter().map(|g| g.tag("White")).collect();
    assert_eq!(whites, vec!["A", "X", "A", "X"]);
    assert!(
        games[0].movetext.starts_with("1. e4 e5 2. Nf3 "),
        "{}",
        games[0].movetext
    );
    assert!(games[1].movetext.starts_with("1. e4 e5 2. Nf3 "));
    assert!(games[2].movetext.starts_with("1. d4 d5 2. "));
    assert!(games[3].movetext.starts_with("1. d4 d5 2. "));
    for g in &games {
        assert!(g.tags.iter().all(|(k, _)| k != "FEN"));
    }
}

fn resume_run(pgn: &str, games: &str) -> Run {
    vsadnik(&[
        "match",
        "--variant",
        "chess",
        "--games",
        games,
        "--tc",
        "2+0",
        "--engine",
        &uci("--name A --illegal-after 2"),
        "--engine",
        &uci("--name B"),
        "--pgn",
        pgn,
        "--resume",
    ])
}

#[test]
fn resume_plays_only_the_missing_games() {
    let dir = scratch("resume");
    let pgn = dir.join("games.pgn");
    let path = pgn.to_str().unwrap();
    // A fresh file: --resume starts from nothing.
    let run = resume_run(path, "2");
    assert_eq!(run.status, 0, "stderr: {}", run.stderr);
    assert_eq!(run.finished().len(), 2);
    // Two more games. A's illegal moves (see match_faults.rs,
    // illegal_move_loses): game 3 1. Na3 Na6 2. Nf3 Nb4 3. a1c1; game 4
    // 1. Na3 Na6 2. Nf3 Nb4 3. Nb1 b4a1.
    let run = resume_run(path, "4");
    assert_eq!(
        run.lines()[0],
        "Resuming A vs B: 2 of 4 games already played, 2 to play"
    );
    assert_eq!(
        run.finished(),
        vec![
            "Finished game 3 (A vs B): 0-1 {White makes an illegal move: a1c1}",
            "Finished game 4 (B vs A): 1-0 {Black makes an illegal move: b4a1}",
        ]
    );
    check_summary(&run, "A", "B", 0, 4, 0);
    // As if the runner had been killed during game 3 (with game 4 done by
    // another worker): only game 3 is played again.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let start = text.find("[Round \"3\"]").unwrap();
    let start = text[..start].rfind("[Event").unwrap();
    let end = text.find("[Round \"4\"]").unwrap();
    let end = text[..end].rfind("[Event").unwrap();
    std::fs::write(&pgn, format!("{}{}", &text[..start], &text[end..])).unwrap();
    let run = resume_run(path, "4");
    assert_eq!(
        run.finished(),
        vec!["Finished game 3 (A vs B): 0-1 {White makes an illegal move: a1c1}"]
    );
    check_summary(&run, "A", "B", 0, 4, 0);
    let rounds: Vec<String> = games(&std::fs::read_to_string(&pgn).unwrap())
        .iter()
        .map(|g| g.tag("Round").to_string())
        .collect();
    assert_eq!(rounds, vec!["1", "2", "4", "3"]);
    // Nothing left to play: just the summary.
    let run = resume_run(path, "4");
    assert_eq!(run.status, 0);
    assert!(run.finished().is_empty());
    assert_eq!(run.lines().len(), 3, "{}", run.stdout);
    check_summary(&run, "A", "B", 0, 4, 0);
}

#[test]
fn concurrent_games_are_all_played_once() {
    let dir = scratch("concurrency");
    let pgn = dir.join("games.pgn");
    let run = vsadnik(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "6",
        "--tc",
        "5+0",
        "--concurrency",
        "3",
        "--engine",
        &uci("--name A --illegal-after 3"),
        "--engine",
        &xboard("--name X --delay 0.05"),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.status, 0, "stderr: {}", run.stderr);
    assert_eq!(run.finished().len(), 6);
    check_summary(&run, "A", "X", 0, 6, 0);
    let mut seen: Vec<(u32, String)> = games(&std::fs::read_to_string(&pgn).unwrap())
        .iter()
        .map(|g| (g.tag("Round").parse().unwrap(), g.tag("White").to_string()))
        .collect();
    seen.sort();
    let want: Vec<(u32, String)> = (1..=6)
        .map(|r| (r, if r % 2 == 1 { "A" } else { "X" }.to_string()))
        .collect();
    assert_eq!(seen, want);
}

/// The movetext's game comment (before the first move) and its move tokens
/// (move numbers, other comments and the result left out).
fn movetext_parts(movetext: &str) -> (Option<String>, Vec<String>) {
    let mut comment = None;
    let mut tokens = Vec::new();
    let mut rest = movetext;
    while let Some(open) = rest.find('{') {
        tokens.extend(rest[..open].split_whitespace().map(str::to_string));
        let close = open + rest[open..].find('}').expect("a closed comment");
        if tokens.is_empty() && comment.is_none() {
            comment = Some(rest[open + 1..close].to_string());
        }
        rest = &rest[close + 1..];
    }
    tokens.extend(rest.split_whitespace().map(str::to_string));
    tokens.retain(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&t.as_str()));
    (comment, tokens)
}

/// Replays a progressive game's movetext as chess with passes beside the
/// progressive game itself; returns the number of moves.
fn replay_progressive<P: movegen::Position<Move = movegen::Move>>(
    fen: Option<&str>,
    tokens: &[String],
) -> usize {
    let (mut board, mut pos) = match fen {
        Some(f) => (
            movegen::Board::from_fen(f).unwrap(),
            P::from_fen(f).unwrap(),
        ),
        None => (movegen::Board::startpos(), P::startpos()),
    };
    let mut n = 0;
    for t in tokens {
        if t == "--" {
            assert_ne!(
                board.side_to_move(),
                pos.side_to_move(),
                "a pass by the mover"
            );
            board.make_null_move();
            continue;
        }
        assert_eq!(
            board.side_to_move(),
            pos.side_to_move(),
            "{t}: a chess reader gives this move to the wrong side"
        );
        let m = movegen::san::parse_san(&board, t)
            .unwrap_or_else(|e| panic!("{t} in {}: {e}", board.to_fen()));
        assert!(
            pos.parse_move(&m.to_string()).is_ok(),
            "{t}: not legal in {}",
            P::ID
        );
        board.make_move(m);
        pos.make_move(m);
        n += 1;
    }
    assert_ne!(pos.status(), movegen::Status::Ongoing, "the game goes on");
    n
}

/// The rules file's example: White mates in series 3.
const MATE_IN_SERIES_3: &str = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";

#[test]
fn progressive_pgn_gives_every_move_to_its_side() {
    use movegen::progressive::{EnglishPosition, ItalianPosition, ScottishPosition};
    let dir = scratch("progressive");
    let book = dir.join("book.pgn");
    // After 1 e2e4, 2 e7e5 g8f6 White mates in series 3 (Bc4 Qh5 Qxf7#),
    // in every rule set: once as moves in the form the runner writes, once
    // as a FEN.
    std::fs::write(
        &book,
        format!(
            "[Event \"book\"]\n\n{{1 e2e4, 2 e7e5 Ng8f6}} 1. e4 e5 2. -- Nf6 *\n\n\
             [FEN \"{MATE_IN_SERIES_3}\"]\n[SetUp \"1\"]\n\n*\n"
        ),
    )
    .unwrap();
    let engine = env!("CARGO_BIN_EXE_vsadnik");
    for variant in [
        "progressive-italian",
        "progressive-scottish",
        "progressive-english",
    ] {
        let pgn = dir.join(format!("{variant}.pgn"));
        let run = vsadnik(&[
            "match",
            "--variant",
            variant,
            "--games",
            "4",
            "--tc",
            "5+0.1",
            "--engine",
            engine,
            "--engine",
            engine,
            "--openings",
            book.to_str().unwrap(),
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert_eq!(run.status, 0, "stderr: {}", run.stderr);
        let games = games(&std::fs::read_to_string(&pgn).unwrap());
        assert_eq!(games.len(), 4);
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.tag("Rules"), variant);
            assert!(g
                .tags
                .iter()
                .all(|(k, _)| k != "Variant" && k != "VariantFEN"));
            let (comment, tokens) = movetext_parts(&g.movetext);
            let record = comment.expect("the series record");
            let fen = (i >= 2).then(|| g.tag("FEN"));
            if i < 2 {
                assert!(record.starts_with("1 e2e4, 2 e7e5 Ng8f6, 3 "), "{record}");
                let opening = ["e4", "e5", "--", "Nf6"].map(String::from);
                assert!(tokens.starts_with(&opening), "{tokens:?}");
            } else {
                assert_eq!(fen, Some(MATE_IN_SERIES_3));
                assert!(record.starts_with("3 "), "{record}");
            }
            let n = match variant {
                "progressive-italian" => replay_progressive::<ItalianPosition>(fen, &tokens),
                "progressive-scottish" => replay_progressive::<ScottishPosition>(fen, &tokens),
                _ => replay_progressive::<EnglishPosition>(fen, &tokens),
            };
            assert_eq!(g.tag("PlyCount"), n.to_string());
        }
    }
}
