//! A reader that goes away (`vsadnik perft 2 --divide | head -1`, a GUI that
//! closes the engine's output): every output path ends quietly with status
//! 0, never a panic or an abort (issue 16, item 7).

use crate::match_support::{scratch, uci};
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Starts `vsadnik ARGS` with standard output a pipe whose reading end is
/// closed at once, standard input a pipe kept open by the caller.
fn start_unread(args: &[&str]) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vsadnik"))
        .args(args)
        // The stub engines import the repository's `tools` package.
        .env("PYTHONPATH", concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start vsadnik");
    drop(child.stdout.take());
    child
}

/// Waits for `child` (at most `limit`); its status and standard error.
fn finish(mut child: Child, limit: Duration, what: &str) -> (ExitStatus, String) {
    let end = Instant::now() + limit;
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?} with its output closed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status, err)
}

/// The run ended by itself with status 0 and no panic message.
fn assert_quiet(status: ExitStatus, err: &str, what: &str) {
    assert_eq!(status.code(), Some(0), "{what}: {status:?}, stderr {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
}

#[test]
fn commands_end_quietly_when_nobody_reads() {
    for args in [
        vec!["perft", "2", "--divide"],
        vec!["perft", "3", "--variant", "tranzit", "--divide"],
        vec!["bench", "--depth", "1"],
        vec!["variants"],
        vec!["help"],
        vec!["--help"],
        vec!["help", "perft"],
        vec!["perft", "--help"],
        vec!["match", "-h"],
        vec!["--version"],
    ] {
        let what = args.join(" ");
        let child = start_unread(&args);
        let (status, err) = finish(child, Duration::from_secs(60), &what);
        assert_quiet(status, &err, &what);
    }
}

#[test]
fn the_protocol_loop_ends_when_its_output_is_closed() {
    for first in ["uci", "xboard\nprotover 2", "isready"] {
        let mut child = start_unread(&[]);
        let mut input = child.stdin.take().unwrap();
        input.write_all(format!("{first}\n").as_bytes()).unwrap();
        input.flush().unwrap();
        // The input stays open: the engine must notice the closed output.
        let (status, err) = finish(child, Duration::from_secs(10), first);
        assert_quiet(status, &err, first);
        drop(input);
    }
}

#[test]
fn a_match_stops_when_its_output_is_closed() {
    let dir = scratch("closed-output");
    let pgn = dir.join("games.pgn");
    let (a, b) = (uci("--name A"), uci("--name B"));
    let args = [
        "match",
        "--variant",
        "chess",
        "--games",
        "1000",
        "--tc",
        "10+0",
        "--engine",
        &a,
        "--engine",
        &b,
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    let child = start_unread(&args);
    let (status, err) = finish(child, Duration::from_secs(60), "match");
    assert_quiet(status, &err, "match");
}
