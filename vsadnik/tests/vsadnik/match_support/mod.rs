//! Helpers for the `vsadnik match` tests: running the binary with a time
//! limit, the stub engines of `tools/stub_engines/`, scratch files, and
//! checks of the summary lines and of PGN games.

#![allow(dead_code)]

use std::io::Read;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A finished `vsadnik` run.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Standard output's lines.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// The `Finished game` lines.
    pub fn finished(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| l.starts_with("Finished game "))
            .collect()
    }
}

/// Runs `vsadnik ARGS`, failing the test after `limit`. The stub engines
/// find the same binary, their rules oracle, through `VSADNIK_BIN`, and the
/// repository's `tools` package through `PYTHONPATH`.
pub fn vsadnik_within(args: &[&str], limit: Duration) -> Run {
    vsadnik_env(args, limit, env!("CARGO_BIN_EXE_vsadnik"))
}

/// Runs `vsadnik ARGS` with `VSADNIK_BIN` (the stubs' rules oracle) set to
/// `oracle`, failing the test after `limit`.
pub fn vsadnik_env(args: &[&str], limit: Duration, oracle: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vsadnik"))
        .args(args)
        .env("VSADNIK_BIN", oracle)
        .env("PYTHONPATH", concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start vsadnik");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        s
    });
    let ereader = std::thread::spawn(move || {
        let mut s = String::new();
        err.read_to_string(&mut s).unwrap();
        s
    });
    let end = Instant::now() + limit;
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "vsadnik {} took more than {limit:?}; output so far:\n{}",
                args.join(" "),
                reader.join().unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        status: status.code().unwrap_or(-1),
        stdout: reader.join().unwrap(),
        stderr: ereader.join().unwrap(),
    }
}

/// Runs `vsadnik ARGS` with a two-minute limit.
pub fn vsadnik(args: &[&str]) -> Run {
    vsadnik_within(args, Duration::from_secs(120))
}

/// The path of a stub engine script.
pub fn stub(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tools/stub_engines")
        .join(name);
    p.canonicalize()
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .display()
        .to_string()
}

/// `--engine` value for the UCI stub with extra options.
pub fn uci(opts: &str) -> String {
    format!("{} {opts}", stub("uci_stub.py"))
}

/// `--engine` value for the XBoard stub with extra options.
pub fn xboard(opts: &str) -> String {
    format!("{} {opts}", stub("xboard_stub.py"))
}

/// A test's scratch directory, removed when the test passes and kept when
/// it fails (on a panic), so that its files can be looked at.
pub struct Scratch(PathBuf);

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// A fresh scratch directory for one test (`vsadnik-test-PID-TEST` in the
/// system's temporary directory).
pub fn scratch(test: &str) -> Scratch {
    let d = std::env::temp_dir().join(format!("vsadnik-test-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Scratch(d)
}

/// Checks the last two lines: the exact score line and a well-formed Elo line.
pub fn check_summary(run: &Run, a: &str, b: &str, w: u32, l: u32, d: u32) {
    let lines = run.lines();
    assert!(lines.len() >= 2, "output:\n{}", run.stdout);
    let n = w + l + d;
    let p = (w as f64 + d as f64 / 2.0) / n as f64;
    let score = format!("Score of {a} vs {b}: {w} - {l} - {d}  [{p:.3}] {n}");
    assert_eq!(lines[lines.len() - 2], score, "output:\n{}", run.stdout);
    check_elo_line(lines[lines.len() - 1]);
}

/// `Elo difference: E +/- M, LOS: L %, DrawRatio: D %` with one decimal
/// (or `inf`, `-inf`, `nan`) in each place.
pub fn check_elo_line(line: &str) {
    let rest = line
        .strip_prefix("Elo difference: ")
        .unwrap_or_else(|| panic!("not an Elo line: {line}"));
    let (e, rest) = rest.split_once(" +/- ").expect(line);
    let (m, rest) = rest.split_once(", LOS: ").expect(line);
    let (los, rest) = rest.split_once(" %, DrawRatio: ").expect(line);
    let dr = rest.strip_suffix(" %").expect(line);
    for x in [e, m, los, dr] {
        let ok = matches!(x, "inf" | "-inf" | "nan")
            || (x.parse::<f64>().is_ok() && x.split_once('.').is_some_and(|(_, f)| f.len() == 1));
        assert!(ok, "bad number '{x}' in: {line}");
    }
}

/// One game of a PGN file: its tags and its movetext.
pub struct Game {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl Game {
    pub fn tag(&self, name: &str) -> &str {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name} tag"))
    }
}

/// Splits a PGN file as `vsadnik match` writes it.
pub fn games(pgn: &str) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::new();
    let mut in_tags = false;
    for line in pgn.lines() {
        if let Some(inner) = line.strip_prefix('[') {
            if !in_tags {
                out.push(Game {
                    tags: Vec::new(),
                    movetext: String::new(),
                });
                in_tags = true;
            }
            let (k, v) = inner.split_once(' ').unwrap();
            let v = v.trim_end_matches(']').trim_matches('"');
            out.last_mut().unwrap().tags.push((k.into(), v.into()));
        } else if !line.is_empty() {
            in_tags = false;
            let g = out.last_mut().expect("movetext before tags");
            if !g.movetext.is_empty() {
                g.movetext.push(' ');
            }
            g.movetext.push_str(line);
        }
    }
    out
}
