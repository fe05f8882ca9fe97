//! The developer switches of the command line (`docs/ablation.md`): bad
//! names are usage errors, each switch changes what the engine does, and
//! the depth and node caps hold.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crate::common::run;

/// Runs the binary with `args`, feeds it `input`, and returns standard
/// output up to the first `bestmove` (the input stays open until then: the
/// engine stops searching at the end of its input).
fn session(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vsadnik"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    let mut out = String::new();
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("read");
        out.push_str(&line);
        out.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    drop(stdin);
    child.wait().expect("exit");
    out
}

/// The node count of `vsadnik [prefix] bench --variant V --depth D`.
fn bench_nodes(prefix: &[&str], variant: &str, depth: &str) -> u64 {
    let mut args = prefix.to_vec();
    args.extend(["bench", "--variant", variant, "--depth", depth]);
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let last = out.lines().find(|l| l.starts_with("Nodes searched: "));
    last.and_then(|l| l["Nodes searched: ".len()..].parse().ok())
        .expect("a node count")
}

#[test]
fn bad_switches_are_usage_errors() {
    for args in [
        &["--ablate", "bogus"][..],
        &["--ablate", "tranzit-eval,bogus"],
        &["--ablate"],
        &["--depth-limit", "0"],
        &["--depth-limit", "x"],
        &["--nodes-per-move", "0"],
        &["--nodes-per-move", "1", "--nodes-per-move", "2"],
        &["--ablate", "tranzit-eval", "bogus"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let (_, _, err) = run(&["--ablate", "bogus"]);
    assert!(
        err.contains("'bogus'") && err.contains("tavreli-below-top"),
        "{err}"
    );
}

#[test]
fn each_switch_changes_the_search() {
    for (name, variant, depth) in [
        ("tranzit-eval", "tranzit", "5"),
        ("tavreli-below-top", "tavreli", "5"),
        ("progressive-defence", "progressive-italian", "2"),
        ("progressive-solver", "progressive-italian", "2"),
        ("chess-network", "chess", "5"),
        ("crazyhouse-network", "crazyhouse", "5"),
        ("tranzit-network", "tranzit", "5"),
        ("tavreli-network", "tavreli", "5"),
    ] {
        let full = bench_nodes(&[], variant, depth);
        let ablated = bench_nodes(&["--ablate", name], variant, depth);
        assert_ne!(full, ablated, "{name}");
    }
}

#[test]
fn depth_limit_caps_every_search() {
    let out = session(
        &["--depth-limit", "2"],
        "uci\nposition startpos\ngo wtime 60000 btime 60000\n",
    );
    let depths: Vec<i32> = out
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            (w.next() == Some("info") && w.next() == Some("depth"))
                .then(|| w.next().and_then(|d| d.parse().ok()))
                .flatten()
        })
        .collect();
    assert!(!depths.is_empty(), "{out}");
    assert!(depths.iter().all(|&d| d <= 2), "{depths:?}");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn nodes_per_move_ends_the_search_and_repeats() {
    let input = "uci\nposition startpos moves e2e4\ngo wtime 600000 btime 600000\n";
    let a = session(&["--nodes-per-move", "20000"], input);
    let b = session(&["--nodes-per-move", "20000"], input);
    let best = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("bestmove"))
            .map(str::to_string)
    };
    assert!(best(&a).is_some(), "{a}");
    assert_eq!(best(&a), best(&b), "one thread, same nodes: same move");
    let nodes: Vec<u64> = a
        .lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|&x| x == "nodes")?;
            w.get(i + 1)?.parse().ok()
        })
        .collect();
    let most = nodes.iter().max().copied().unwrap_or(0);
    assert!(most > 0 && most < 40_000, "{nodes:?}");
}
