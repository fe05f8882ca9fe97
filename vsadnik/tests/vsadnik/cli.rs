//! The command line of the contract: `perft`, `variants`, `bench`, and the
//! rule for bad arguments (one line on standard error, exit status 2,
//! nothing on standard output).

use std::process::Command;

use crate::common::run;

#[test]
fn perft_last_line_and_divide() {
    let (code, out, _) = run(&["perft", "3"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().last(), Some("Nodes searched: 8902"));
    let (_, out, _) = run(&[
        "perft",
        "2",
        "--divide",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R",
        "w",
        "KQkq",
        "-",
        "0",
        "1",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 27, "26 root moves and the total");
    assert!(
        lines.iter().any(|l| l.starts_with("e1g1: ")),
        "castling is a root move"
    );
    assert_eq!(lines.last(), Some(&"Nodes searched: 568"));
    let (_, out, _) = run(&["perft", "1", "--moves", "e2e4", "e7e5", "--threads", "2"]);
    assert_eq!(out.trim(), "Nodes searched: 29");
}

#[test]
fn variants_lists_every_variant_once() {
    let (code, out, _) = run(&["variants"]);
    assert_eq!(code, Some(0));
    let names: Vec<&str> = out.lines().collect();
    assert_eq!(names, movegen::VariantId::ALL.map(movegen::VariantId::name));
    for v in names {
        let (code, out, err) = run(&["perft", "1", "--variant", v]);
        assert_eq!(code, Some(0), "{v}: {err}");
        assert!(out.starts_with("Nodes searched: "), "{v}");
    }
}

#[test]
fn bad_arguments_exit_2_with_one_line_on_stderr() {
    for args in [
        vec!["perft"],
        vec!["perft", "x"],
        vec!["perft", "-1"],
        vec!["perft", "3", "--variant", "nosuch"],
        vec!["perft", "3", "--fen", "8/8/8/8 w - - 0 1"],
        vec!["perft", "3", "--moves", "e2e5"],
        vec!["perft", "1", "--moves"],
        vec!["perft", "1", "--moves", "--divide"],
        vec!["perft", "1", "--fen"],
        vec!["perft", "1", "--fen", "--divide"],
        vec!["perft", "1", "--"],
        vec!["perft", "1", "--fen", "44/8/8/8/8/8/8/4K2k", "w", "-", "-"],
        vec![
            "perft",
            "1",
            "--variant",
            "tavreli",
            "--fen",
            "4k3/8/8/8/8/8/8/4K21",
            "w",
            "-",
            "-",
        ],
        vec![
            "perft",
            "1",
            "--variant",
            "tranzit",
            "--fen",
            "4k11/16/16/16/16/16/16/4K88",
            "w",
            "-",
            "-",
        ],
        vec!["perft", "3", "--divide", "--divide"],
        vec!["perft", "3", "--bogus"],
        vec!["perft", "3", "--threads", "0"],
        vec!["bench", "--depth", "0"],
        vec!["bench", "--variant", "nosuch"],
        vec!["variants", "extra"],
        vec!["frobnicate"],
        vec!["help", "x"],
        vec!["help", "nosuch"],
        vec!["help", "perft", "x"],
        vec!["--help", "x"],
        vec!["--version", "x"],
        vec!["-V", "x"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty(), "{args:?}: stdout {out:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: stderr {err:?}");
    }
}

#[test]
fn an_unquoted_tranzit_fen_keeps_its_dash_dash_field() {
    let fen = "4k11/16/16/16/16/16/16/4K11 w - - 0 1 -- W";
    let (code, quoted, err) = run(&["perft", "2", "--variant", "tranzit", "--fen", fen]);
    assert_eq!(code, Some(0), "{err}");
    let mut args = vec!["perft", "2", "--variant", "tranzit", "--fen"];
    args.extend(fen.split(' '));
    args.push("--divide");
    let (code, divided, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(divided.lines().last(), quoted.lines().last());
    assert!(divided.lines().count() > 1, "{divided}");
}

#[test]
fn help_lists_every_command_and_each_command_has_its_own() {
    let (code, overview, err) = run(&["help"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(run(&["--help"]).1, overview);
    assert_eq!(run(&["-h"]).1, overview);
    for command in ["perft", "bench", "variants", "match", "help"] {
        assert!(
            overview
                .lines()
                .any(|l| l.starts_with(&format!("  {command} "))),
            "{command}: {overview}"
        );
        let (code, text, err) = run(&["help", command]);
        assert_eq!((code, err.as_str()), (Some(0), ""), "{command}");
        assert!(
            text.starts_with(&format!("usage: vsadnik {command}")),
            "{command}: {text}"
        );
        assert!(text.lines().count() >= 4, "{command}: {text}");
        if command != "help" {
            for flag in ["--help", "-h"] {
                let (code, same, _) = run(&[command, flag]);
                assert_eq!((code, &same), (Some(0), &text), "{command} {flag}");
            }
        }
    }
    // Every option of perft has its line.
    let (_, perft, _) = run(&["perft", "--help"]);
    for option in [
        "DEPTH",
        "--variant",
        "--fen",
        "--moves",
        "--divide",
        "--threads",
    ] {
        assert!(
            perft.lines().any(|l| l.trim_start().starts_with(option)),
            "{option}: {perft}"
        );
    }
    let (code, version, _) = run(&["--version"]);
    assert_eq!(code, Some(0));
    assert!(version.starts_with("vsadnik "), "{version}");
}

/// Issue 31 (8): an argument that is not UTF-8 is a usage error, not a panic.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let fen =
        OsString::from_vec(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w KQkq - 0 1".to_vec());
    for args in [
        vec![
            OsString::from("perft"),
            "1".into(),
            "--fen".into(),
            fen.clone(),
        ],
        vec![fen.clone()],
        vec!["--ablate".into(), fen],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_vsadnik"))
            .args(&args)
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("not valid UTF-8"), "{err}");
    }
}
