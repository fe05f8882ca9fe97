//! UCI over the real binary: handshake, options, position, every `go` form,
//! stop and quit latency, pondering, MultiPV, searchmoves, perft, `d`, and
//! bad input.

use crate::common::{field, pv, Engine, WAIT};
use std::time::{Duration, Instant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn handshake_lists_every_option() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok");
    assert!(lines[0].starts_with("id name vsadnik "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for opt in [
        "option name Hash type spin default 16 min 1 max ",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Ponder type check default false",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Clear Hash type button",
        "option name UCI_Variant type combo default chess var chess",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(opt)),
            "missing {opt}: {lines:?}"
        );
    }
    assert!(e.sync().is_empty());
}

#[test]
fn absurd_option_values_are_refused_and_the_engine_goes_on() {
    let mut e = Engine::uci();
    let bad = [
        "setoption name Hash value -1",
        "setoption name Hash value 99999999999999999999",
        "setoption name Hash value lots",
        "setoption name Hash",
        "setoption name Threads value 0",
        "setoption name Threads value 100000",
        "setoption name MultiPV value 0",
        "setoption name Move Overhead value -5",
        "setoption name Move Overhead value 1e9",
        "setoption name Ponder value maybe",
        "setoption name UCI_Variant value nosuchchess",
        "setoption name No Such Option value 3",
        "setoption",
        "setoption value 3",
    ];
    for cmd in bad {
        e.send(cmd);
        let lines = e.sync();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string Error"),
            "{cmd}: {lines:?}"
        );
    }
    let good = [
        "setoption name Hash value 8",
        "setoption name hash value 32",
        "setoption name THREADS value 2",
        "setoption name multipv value 1",
        "setoption name Move Overhead value 0",
        "setoption name Ponder value true",
        "setoption name Clear Hash",
        "setoption name UCI_Variant value chess",
    ];
    for cmd in good {
        e.send(cmd);
        let lines = e.sync();
        assert!(lines.is_empty(), "{cmd}: {lines:?}");
    }
    e.send("position startpos");
    e.send("go depth 3");
    e.expect_prefix("bestmove ");
}

#[test]
fn go_depth_reports_every_iteration_then_a_legal_bestmove() {
    let mut e = Engine::uci();
    e.send("position startpos moves e2e4 e7e5");
    let legal = e.legal_moves();
    e.send("go depth 5");
    let lines = e.expect_prefix("bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    for d in 1..=5 {
        assert!(
            infos
                .iter()
                .any(|l| field(l, "depth") == Some(&d.to_string())),
            "no depth {d}: {lines:?}"
        );
    }
    let shape = [
        "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
    ];
    for l in &infos {
        let mut at = 0;
        for key in shape {
            let pos = l[at..].find(&format!(" {key} ")).map(|p| p + at);
            assert!(pos.is_some(), "'{key}' missing or out of order in {l}");
            at = pos.unwrap() + 1;
        }
        let score = l.split(" score ").nth(1).unwrap();
        assert!(
            score.starts_with("cp ") || score.starts_with("mate "),
            "{l}"
        );
    }
    assert!(legal.contains(&bestmove(&lines)), "{lines:?}");
    assert!(lines.last().unwrap().contains(" ponder "), "{lines:?}");
}

#[test]
fn go_movetime_nodes_and_clock() {
    let mut e = Engine::uci();
    e.send(&format!("position fen {KIWIPETE}"));
    let t = Instant::now();
    e.send("go movetime 300");
    e.expect_prefix("bestmove ");
    let ms = t.elapsed().as_millis();
    assert!((250..1000).contains(&ms), "movetime 300 took {ms} ms");

    e.send("go nodes 5000");
    let lines = e.expect_prefix("bestmove ");
    assert!(lines.len() >= 2, "{lines:?}");

    // A small clock: the engine must answer well within it.
    let t = Instant::now();
    e.send("go wtime 1000 btime 1000 winc 0 binc 0");
    e.expect_prefix("bestmove ");
    assert!(
        t.elapsed() < Duration::from_millis(700),
        "{:?}",
        t.elapsed()
    );

    // Negative times (a GUI's flag fell) still give a quick move.
    let t = Instant::now();
    e.send("go wtime -50 btime -50 movestogo 1");
    e.expect_prefix("bestmove ");
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn go_mate_finds_the_mate() {
    let mut e = Engine::uci();
    // Back-rank mate in one: Rd8#.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go mate 1");
    let lines = e.expect_prefix("bestmove");
    assert_eq!(bestmove(&lines), "d1d8", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
}

/// Time from `stop` to `bestmove` after `go infinite` has run a while.
fn stop_latency(e: &mut Engine) -> Duration {
    e.send(&format!("position fen {KIWIPETE}"));
    e.send("go infinite");
    let lines = e.quiet_for(Duration::from_millis(400));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {lines:?}"
    );
    let t = Instant::now();
    e.send("stop");
    e.expect_prefix("bestmove ");
    t.elapsed()
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut e = Engine::uci();
    for threads in [1, 2] {
        e.send(&format!("setoption name Threads value {threads}"));
        let mut times: Vec<Duration> = (0..3).map(|_| stop_latency(&mut e)).collect();
        times.sort();
        eprintln!("stop latency with {threads} thread(s): {times:?}");
        assert!(
            times[1] < Duration::from_millis(100),
            "median stop latency {:?} with {threads} threads",
            times[1]
        );
    }
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut e = Engine::uci();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    let lines = e.sync();
    assert!(t.elapsed() < Duration::from_millis(200));
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    e.expect_prefix("bestmove");
}

#[test]
fn quit_during_a_search_exits_promptly() {
    for threads in [1, 2] {
        let mut e = Engine::uci();
        e.send(&format!("setoption name Threads value {threads}"));
        e.send("go infinite");
        e.quiet_for(Duration::from_millis(300));
        let t = Instant::now();
        e.send("quit");
        let status = e.wait_exit(Duration::from_secs(2));
        assert!(status.is_some_and(|s| s.success()), "no clean exit");
        eprintln!("quit with {threads} thread(s) took {:?}", t.elapsed());
        assert!(
            t.elapsed() < Duration::from_millis(500),
            "{:?}",
            t.elapsed()
        );
    }
}

#[test]
fn end_of_input_during_a_search_exits() {
    let mut e = Engine::uci();
    e.send("go infinite");
    e.quiet_for(Duration::from_millis(100));
    e.close_input();
    assert!(e
        .wait_exit(Duration::from_secs(2))
        .is_some_and(|s| s.success()));
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let mut e = Engine::uci();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    let lines = e.quiet_for(Duration::from_millis(500));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    let t = Instant::now();
    e.send("ponderhit");
    e.expect_prefix("bestmove ");
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );

    e.send("go ponder wtime 2000 btime 2000");
    let lines = e.quiet_for(Duration::from_millis(300));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    e.expect_prefix("bestmove ");
}

#[test]
fn multipv_three_gives_three_lines() {
    let mut e = Engine::uci();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.expect_prefix("bestmove");
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 ") && !l.contains("bound"))
        .collect();
    let mut firsts = Vec::new();
    for k in 1..=3 {
        let line = last
            .iter()
            .find(|l| field(l, "multipv") == Some(&k.to_string()))
            .unwrap_or_else(|| panic!("no multipv {k} at depth 5: {lines:?}"));
        firsts.push(pv(line)[0].clone());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{lines:?}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go depth 6 searchmoves a2a3 h2h3");
    let lines = e.expect_prefix("bestmove");
    let best = bestmove(&lines);
    assert!(best == "a2a3" || best == "h2h3", "{lines:?}");
    for l in lines.iter().filter(|l| l.starts_with("info depth")) {
        let first = &pv(l)[0];
        assert!(first == "a2a3" || first == "h2h3", "{l}");
    }
    // Illegal searchmoves are skipped; none legal: no move.
    e.send("go depth 3 searchmoves e2e5 zz");
    let lines = e.expect_prefix("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)", "{lines:?}");
}

#[test]
fn go_perft_matches_the_command_line() {
    let mut e = Engine::uci();
    e.send(&format!("position fen {KIWIPETE} moves e1g1"));
    e.send("go perft 3");
    let lines = e.expect_prefix("Nodes searched:");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vsadnik"))
        .args([
            "perft", "3", "--divide", "--fen", KIWIPETE, "--moves", "e1g1",
        ])
        .output()
        .unwrap();
    let cli: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let uci_divide: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    let cli_divide: Vec<&String> = cli
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(uci_divide, cli_divide);
    assert_eq!(lines.last(), cli.last());
    assert_eq!(lines[lines.len() - 2], "", "blank line before the total");
    e.send("go perft 0");
    assert_eq!(
        e.expect_prefix("Nodes searched:").last().unwrap(),
        "Nodes searched: 1"
    );
}

#[test]
fn go_perft_answers_isready_and_obeys_stop_and_quit() {
    // perft 9 of the start position would take hours: the engine must go on
    // answering while it counts.
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go perft 9");
    e.send("isready");
    assert_eq!(e.expect("readyok"), ["readyok"]);
    e.send("stop");
    assert_eq!(
        e.expect_prefix("info string perft"),
        ["info string perft 9 stopped before the count was done"]
    );
    // The next count is whole.
    e.send("go perft 2");
    assert_eq!(
        e.expect_prefix("Nodes searched:").last().unwrap(),
        "Nodes searched: 400"
    );
    // A new `go` stops a running count first; so does `quit`.
    e.send("go perft 9");
    e.send("go perft 1");
    let lines = e.expect_prefix("Nodes searched:");
    assert_eq!(
        lines[0],
        "info string perft 9 stopped before the count was done"
    );
    e.send("go perft 9");
    e.send("quit");
    assert!(e.wait_exit(WAIT).is_some_and(|s| s.success()));
}

#[test]
fn go_perft_is_counted_to_the_end_when_the_input_ends() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 4");
    e.close_input();
    assert_eq!(
        e.expect_prefix("Nodes searched:").last().unwrap(),
        "Nodes searched: 197281"
    );
}

#[test]
fn d_shows_board_fen_and_san_moves() {
    let mut e = Engine::uci();
    e.send("position startpos moves e2e4 d7d5");
    e.send("d");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == " | r | n | b | q | k | b | n | r | 8"),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l == "Fen: rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
    let moves = lines.iter().find(|l| l.starts_with("Moves: ")).unwrap();
    let sans: Vec<&str> = moves[7..].split(' ').collect();
    assert_eq!(sans.len(), 31);
    for m in ["exd5", "Nf3", "Bb5+", "Qh5", "e5"] {
        assert!(sans.contains(&m), "{m} missing: {moves}");
    }
    // Mate marks.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("d");
    let lines = e.sync();
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Moves: ") && l.contains("Rd8#")));
}

#[test]
fn bad_fen_and_illegal_moves_are_reported() {
    let mut e = Engine::uci();
    e.send("position startpos moves e2e4");
    e.send("position fen this is not a fen");
    let lines = e.sync();
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string Error: invalid FEN"),
        "{lines:?}"
    );
    // The position is unchanged.
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );

    e.send("position startpos moves e2e4 e7e5 e1e3 g1f3");
    let lines = e.sync();
    assert!(
        lines.len() == 1 && lines[0].contains("illegal move 'e1e3'"),
        "{lines:?}"
    );
    // Stockfish-like: the moves before the illegal one are played.
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    for cmd in [
        "position",
        "position fen",
        "position somewhere",
        "position startpos moves",
    ] {
        e.send(cmd);
        let lines = e.sync();
        assert!(
            lines.iter().all(|l| l.starts_with("info string")),
            "{cmd}: {lines:?}"
        );
    }
    e.send("go depth 2");
    e.expect_prefix("bestmove");
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut e = Engine::uci();
    // Black is mated.
    e.send("position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1");
    e.send("go depth 5");
    let lines = e.expect_prefix("bestmove");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    // Stalemate.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go movetime 100");
    let lines = e.expect_prefix("bestmove");
    assert_eq!(lines, ["info depth 0 score cp 0", "bestmove (none)"]);
    // Infinite: bestmove waits for stop.
    e.send("go infinite");
    let lines = e.quiet_for(Duration::from_millis(200));
    assert_eq!(lines, ["info depth 0 score cp 0"]);
    e.send("stop");
    e.expect("bestmove (none)");
}

#[test]
fn new_go_while_searching_answers_the_old_one_first() {
    let mut e = Engine::uci();
    e.send("go infinite");
    e.quiet_for(Duration::from_millis(100));
    e.send("go depth 2");
    let lines = e.expect_prefix("bestmove");
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info")),
        "{lines:?}"
    );
    let lines = e.expect_prefix("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2 ")),
        "{lines:?}"
    );
    e.send("ucinewgame");
    e.sync();
}

#[test]
fn malformed_input_never_kills_the_engine() {
    let mut e = Engine::uci();
    e.send("");
    e.send("   \t  ");
    e.send_bytes(b"\xff\xfe\xfd garbage \x00\x01\n");
    e.send_bytes(b"go depth \xff\n");
    e.send("stop");
    e.expect_prefix("bestmove");
    e.send_bytes(b"position startpos moves e2e4\r\n");
    let huge = "x".repeat(2 << 20);
    e.send(&huge);
    let long_moves = "e2e4 ".repeat(20_000);
    e.send(&format!("position startpos moves {long_moves}"));
    for go in [
        "go depth abc",
        "go wtime",
        "go perft x",
        "go searchmoves",
        "go depth -3",
    ] {
        e.send(go);
        e.send("stop");
        e.expect_prefix("bestmove");
    }
    e.send("go perft 99");
    e.send("stop");
    e.send("ponderhit");
    e.send("whatever this is");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == "info string Unknown command: whatever this is"),
        "{lines:?}"
    );
    assert!(e.log.iter().any(|l| l.contains("too long")), "{:?}", e.log);
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until(|l| l.starts_with("bestmove"), WAIT, "bestmove");
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

#[test]
fn memory_that_cannot_be_had_is_an_error_and_the_engine_goes_on() {
    // 2 GB of address space: a 4000 MB table and 64 search threads (64 MB
    // of stack each) cannot be had; the engine says so and keeps playing.
    let mut e = Engine::start_with_memory_limit(2_000_000);
    e.send("uci");
    e.expect("uciok");
    e.send("setoption name Hash value 4000");
    let lines = e.sync();
    assert_eq!(
        lines,
        ["info string Error: cannot allocate 4000 MB for the hash; the hash stays at 16 MB"]
    );
    e.send("setoption name Hash value 64");
    assert!(e.sync().is_empty());
    e.send("setoption name Threads value 64");
    e.send("position startpos");
    e.send("go depth 6");
    let lines = e.expect_prefix("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string Error: cannot start search thread")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 6 ")),
        "{lines:?}"
    );
    // XBoard's `memory` takes the same path.
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1");
    e.send("memory 4000");
    let lines = e.ping(1);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Error (cannot allocate 4000 MB"),
        "{lines:?}"
    );
}

/// FENs with a multibyte character or an odd run somewhere in each field
/// shape the variants read (8- and 16-file placements, towers, reserves,
/// en passant lists, extension fields).
const ODD_FENS: &[&str] = &[
    "\u{e9}",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\u{e9} w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \u{e9} KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K\u{e9} - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq \u{e9}3 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e\u{e9} 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq d6\u{e9} 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - \u{e9} 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \u{e9} \u{e9}",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[\u{e9}] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q\u{e9} w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN~BQKBNR~\u{e9} w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/P9P~RNBQKBNR w - - 0 1",
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1 \u{e9}- \u{e9}",
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBN\u{e9}8 w KQkq - 0 1",
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/P4294967295 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(N\u{e9})R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(N=\u{e9})R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(NP R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 e2\u{e9}",
];

#[test]
fn multibyte_fens_and_moves_get_errors_in_every_variant() {
    let mut e = Engine::uci();
    let start = e.fen();
    for v in movegen::VariantId::ALL.map(movegen::VariantId::name) {
        e.send(&format!("setoption name UCI_Variant value {v}"));
        e.send("position startpos");
        let before = e.fen();
        for fen in ODD_FENS {
            e.send(&format!("position fen {fen}"));
            let lines = e.sync();
            assert!(
                lines.len() == 1 && lines[0].starts_with("info string Error: invalid FEN"),
                "{v}: {fen}: {lines:?}"
            );
            assert_eq!(e.fen(), before, "{v}: {fen}");
        }
        for m in [
            "a\u{e9}1",
            "\u{e9}2e4",
            "e2e\u{e9}",
            "f3(\u{e9})f6",
            "\u{e9}@e4",
            "e2-\u{e9}",
        ] {
            e.send(&format!("position startpos moves {m}"));
            let lines = e.sync();
            assert_eq!(
                lines,
                [format!(
                    "info string Error: illegal move '{m}' (move 1 of the list); position refused, go answers bestmove 0000 until a valid position"
                )],
                "{v}"
            );
            e.send(&format!("go depth 1 searchmoves {m}"));
            let lines = e.expect_prefix("bestmove");
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with("info string Error: no position to search")),
                "{v}: {lines:?}"
            );
            assert_eq!(lines.last().unwrap(), "bestmove 0000", "{v}: {lines:?}");
            e.send("position startpos");
            e.send(&format!("go depth 1 searchmoves {m}"));
            let lines = e.expect_prefix("bestmove");
            assert!(
                lines[0].starts_with("info string searchmoves: "),
                "{v}: {lines:?}"
            );
        }
    }
    e.send("setoption name UCI_Variant value \u{e9}");
    e.send("setoption name \u{e9}\u{e9} value \u{e9}");
    e.send("\u{e9}");
    let lines = e.sync();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines.iter().all(|l| l.starts_with("info string ")),
        "{lines:?}"
    );
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos");
    assert_eq!(e.fen(), start);
}

/// `info string no mate in this series (proved)` once when the series
/// search proves there is no mate in the series; never with a mate.
#[test]
fn progressive_proved_refutation_is_an_info_string() {
    const PROVED: &str = "info string no mate in this series (proved)";
    let mut e = Engine::uci();
    e.send("setoption name UCI_Variant value progressive-italian");
    // Hand-checked: the only checks are Rh8+ (Ka7) and Ra1+ (Kb8).
    e.send("position fen k7/8/2K5/8/8/8/8/7R w - - 0 1");
    e.send("go depth 2");
    let lines = e.expect_prefix("bestmove");
    assert_eq!(
        lines.iter().filter(|l| *l == PROVED).count(),
        1,
        "{lines:?}"
    );
    let proved = lines.iter().position(|l| l == PROVED).unwrap();
    assert!(lines[proved + 1..]
        .iter()
        .any(|l| l.starts_with("info depth")));
    // The rules file's example: Bc4 Qh5 Qxf7 mates.
    e.send("position fen rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    e.send("go depth 4");
    let lines = e.expect_prefix("bestmove");
    assert!(lines.iter().all(|l| l != PROVED), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
}

/// The progressive series plan answers the rest of the series (0 nodes)
/// until `ucinewgame`, which forgets it.
#[test]
fn progressive_plan_is_forgotten_at_ucinewgame() {
    const EXAMPLE: &str = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    let mut e = Engine::uci();
    e.send("setoption name UCI_Variant value progressive-italian");
    e.send(&format!("position fen {EXAMPLE}"));
    e.send("go depth 4");
    let first = bestmove(&e.expect_prefix("bestmove"));
    // The nodes of the last `info` line of a search of the second move.
    let second = |e: &mut Engine| {
        e.send(&format!("position fen {EXAMPLE} moves {first}"));
        e.send("go depth 4");
        let lines = e.expect_prefix("bestmove");
        let info = lines.iter().rev().find(|l| l.starts_with("info depth"));
        let nodes = info.and_then(|l| field(l, "nodes"));
        nodes
            .and_then(|n| n.parse::<u64>().ok())
            .expect("an info line")
    };
    assert_eq!(second(&mut e), 0, "answered from the plan");
    e.send("ucinewgame");
    assert!(second(&mut e) > 0, "searched again after ucinewgame");
}

/// Issue 31 (10): after a refused `position` (here a Chess960 FEN with
/// castling files) `go` plays no move for the old position: `bestmove 0000`
/// with an error, until a valid position arrives.
#[test]
fn go_after_a_refused_position_answers_a_null_move() {
    let mut e = Engine::uci();
    e.send("position startpos moves e2e4");
    e.sync();
    for bad in [
        "position fen bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w HFhf - 0 1",
        "position startpos moves e2e4 e2e4",
        "position nonsense",
    ] {
        e.send(bad);
        for go in ["go depth 3", "go infinite", "go wtime 1000 btime 1000"] {
            e.send(go);
            let lines = e.expect_prefix("bestmove");
            assert_eq!(
                lines.last().unwrap(),
                "bestmove 0000",
                "{bad}: {go}: {lines:?}"
            );
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with("info string Error: no position to search")),
                "{lines:?}"
            );
        }
    }
    // A valid position, a new game or a variant ends the refusal.
    for fix in [
        "position startpos",
        "ucinewgame",
        "setoption name UCI_Variant value chess",
    ] {
        e.send("position nonsense");
        e.send(fix);
        e.send("go depth 2");
        let lines = e.expect_prefix("bestmove");
        assert_ne!(lines.last().unwrap(), "bestmove 0000", "{fix}: {lines:?}");
    }
}

/// Issue 31 (11): `UCI_Variant` always starts a new game, also when it
/// names the variant being played.
#[test]
fn uci_variant_of_the_current_variant_resets_the_game() {
    let mut e = Engine::uci();
    let start = e.fen();
    e.send("position startpos moves e2e4 e7e5");
    assert_ne!(e.fen(), start);
    e.send("setoption name UCI_Variant value chess");
    assert_eq!(e.fen(), start);
}

/// Issue 31 (9): `Threads` above the host's hardware threads searches
/// with those and says so (over-subscribed threads made `stop` take up to
/// 850 ms); XBoard's `cores` the same, as a comment line.
#[test]
fn threads_are_capped_at_the_hosts_hardware_threads() {
    let mut e = Engine::start_with_env("VSADNIK_HOST_THREADS", "2");
    e.send("uci");
    e.expect("uciok");
    e.send("setoption name Threads value 2");
    assert!(e.sync().is_empty());
    e.send("setoption name Threads value 64");
    assert_eq!(
        e.sync(),
        ["info string Threads 64 is more than the 2 hardware threads of this machine; searching with 2"]
    );
    e.send("go depth 4");
    e.expect_prefix("bestmove");
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1");
    e.send("cores 256");
    assert_eq!(
        e.ping(1),
        ["# Threads 256 is more than the 2 hardware threads of this machine; searching with 2"]
    );
}

/// Issue 33 (1, 2): the strength options as Stockfish names them; a level
/// below full strength stops at its depth and searches several lines; bad
/// values are refused with a message and change nothing.
#[test]
fn strength_options_limit_the_search_and_refuse_bad_values() {
    let mut e = Engine::start();
    e.send("uci");
    let options = e.expect("uciok");
    for wanted in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name Variety type check default false",
    ] {
        assert!(options.iter().any(|l| l == wanted), "{wanted}: {options:?}");
    }
    assert!(options
        .iter()
        .any(|l| l.starts_with("option name UCI_Elo type spin")));
    e.send("setoption name Skill Level value 21");
    assert_eq!(
        e.sync(),
        ["info string Error: Skill Level must be from 0 to 20, got 21"]
    );
    e.send("setoption name UCI_Elo value 900");
    let said = e.sync();
    assert!(
        said.len() == 1 && said[0].starts_with("info string Error: UCI_Elo must be from"),
        "{said:?}"
    );
    e.send("setoption name Skill Level value 4");
    e.send("position startpos moves e2e4");
    e.send("go movetime 5000");
    let lines = e.expect_prefix("bestmove");
    let depths: Vec<i32> = lines
        .iter()
        .filter_map(|l| field(l, "depth")?.parse().ok())
        .collect();
    assert_eq!(depths.iter().max(), Some(&4), "{lines:?}");
    assert!(lines.iter().any(|l| field(l, "multipv") == Some("5")));
    e.send("setoption name Skill Level value 20");
    e.send("go depth 5");
    let lines = e.expect_prefix("bestmove");
    assert!(lines
        .iter()
        .all(|l| field(l, "multipv").is_none_or(|m| m == "1")));
}

/// Issue 33 (6): `UCI_Chess960`: castling is the king taking its own rook,
/// FENs in X-FEN and Shredder-FEN, the standard notation refused while it
/// is on; a Shredder-FEN is Chess960's even without it.
#[test]
fn chess960_castles_as_the_king_taking_its_rook() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok");
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Chess960 type check default false"));
    let opening = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    let castled = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    e.send(&format!("{opening} e1g1"));
    assert_eq!(e.fen(), castled);
    e.send("setoption name UCI_Chess960 value true");
    e.send(&format!("{opening} e1h1"));
    // Chess960 FENs name the rooks' files (Shredder-FEN).
    assert_eq!(e.fen(), castled.replace(" kq ", " ha "));
    e.send(&format!("{opening} e1g1"));
    assert!(
        e.sync()
            .iter()
            .any(|l| l.contains("illegal move 'e1g1' (move 7 of the list)")),
        "the king's two steps are no castling in Chess960"
    );
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1 moves b1a1");
    assert_eq!(e.fen(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1");
    e.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    e.send("go perft 3");
    e.expect("Nodes searched: 12189");
    e.send("go depth 5");
    let best = e.expect_prefix("bestmove");
    let mv = best
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    e.send(&format!(
        "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves {mv}"
    ));
    assert!(e.sync().is_empty(), "the best move {mv} is legal");
    e.send("position fen rk5r/8/8/8/8/8/8/RK5R w HZ - 0 1");
    assert!(e
        .sync()
        .iter()
        .any(|l| l.contains("bad castling letter 'Z'")));
    // Off again: a Shredder-FEN still castles as Chess960 does.
    e.send("setoption name UCI_Chess960 value false");
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1 moves b1h1");
    assert_eq!(e.fen(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1");
}
