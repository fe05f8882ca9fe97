//! Drives the real `vsadnik` binary over standard input and output, with a
//! timeout on every wait so that a hung engine fails the test instead of
//! hanging it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Runs the binary with `args` to its end: its exit status, standard
/// output and standard error.
pub fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vsadnik"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Default wait for an expected line.
pub const WAIT: Duration = Duration::from_secs(20);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Option<String>>,
    /// Every line read so far, for failure messages.
    pub log: Vec<String>,
}

impl Engine {
    /// Starts `vsadnik` with no arguments.
    pub fn start() -> Engine {
        Engine::spawn(Command::new(env!("CARGO_BIN_EXE_vsadnik")))
    }

    /// Starts `vsadnik` with one more environment variable.
    pub fn start_with_env(key: &str, value: &str) -> Engine {
        let mut command = Command::new(env!("CARGO_BIN_EXE_vsadnik"));
        command.env(key, value);
        Engine::spawn(command)
    }

    /// Starts `vsadnik` with its virtual memory limited to `kb` KiB (a
    /// shell's `ulimit -v`), so that large allocations and thread stacks
    /// fail. glibc's allocator is held to one arena: each thread's own
    /// arena reserves 64 MB of address space when the thread first
    /// allocates, which no check before starting a thread can foresee, and
    /// a failed allocation aborts (the test failed about half the time on a
    /// loaded machine).
    pub fn start_with_memory_limit(kb: u64) -> Engine {
        let mut sh = Command::new("sh");
        // The threads are not capped at the host's: their stacks are what
        // runs out.
        sh.arg("-c").arg(format!(
            "ulimit -v {kb} && MALLOC_ARENA_MAX=1 VSADNIK_HOST_THREADS=256 exec '{}'",
            env!("CARGO_BIN_EXE_vsadnik")
        ));
        Engine::spawn(sh)
    }

    fn spawn(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start vsadnik");
        let stdout = child.stdout.take().unwrap();
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                    Ok(_) => {
                        let s = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\r', '\n'])
                            .to_string();
                        if tx.send(Some(s)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Engine {
            child,
            stdin,
            rx,
            log: Vec::new(),
        }
    }

    /// Starts the engine and completes the UCI handshake.
    pub fn uci() -> Engine {
        let mut e = Engine::start();
        e.send("uci");
        e.expect("uciok");
        e
    }

    /// Starts the engine in XBoard mode (after `protover 2` and its features).
    pub fn xboard() -> Engine {
        let mut e = Engine::start();
        e.send("xboard");
        e.send("protover 2");
        e.expect("feature done=1");
        e
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("engine input closed");
        stdin.flush().unwrap();
    }

    /// Closes the engine's input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or None on end of output or timeout.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(Some(l)) => {
                self.log.push(l.clone());
                Some(l)
            }
            Ok(None) | Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => None,
        }
    }

    /// Lines up to and including the first that satisfies `pred`.
    pub fn until<F: Fn(&str) -> bool>(
        &mut self,
        pred: F,
        timeout: Duration,
        what: &str,
    ) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = pred(&l);
                    lines.push(l);
                    if done {
                        return lines;
                    }
                }
                None => panic!(
                    "no {what} within {timeout:?}; last output:\n{}",
                    self.tail()
                ),
            }
        }
    }

    /// Lines up to and including `exact`.
    pub fn expect(&mut self, exact: &str) -> Vec<String> {
        self.until(|l| l == exact, WAIT, &format!("'{exact}'"))
    }

    /// Lines up to and including the first starting with `prefix`.
    pub fn expect_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.until(|l| l.starts_with(prefix), WAIT, &format!("'{prefix}...'"))
    }

    /// Lines up to the `readyok` answering an `isready` sent now.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.expect("readyok");
        lines.pop();
        lines
    }

    /// XBoard: lines up to the `pong` answering a `ping` sent now.
    pub fn ping(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut lines = self.expect(&format!("pong {n}"));
        lines.pop();
        lines
    }

    /// Nothing is printed for `d`.
    pub fn quiet_for(&mut self, d: Duration) -> Vec<String> {
        let deadline = Instant::now() + d;
        let mut lines = Vec::new();
        while let Some(l) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(l);
        }
        lines
    }

    /// UCI: the legal moves of the current position (from `go perft 1`).
    pub fn legal_moves(&mut self) -> Vec<String> {
        self.send("go perft 1");
        let lines = self.expect_prefix("Nodes searched:");
        lines
            .iter()
            .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
            .filter(|m| !m.contains(' ') && m != "Nodes searched")
            .collect()
    }

    /// UCI: the `Fen:` line of `d`.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.sync();
        let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: "));
        fen.expect("a Fen: line").to_string()
    }

    /// Waits for the process to end; its exit status, or None after `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The last lines read, for failure messages.
    pub fn tail(&self) -> String {
        let n = self.log.len().saturating_sub(30);
        self.log[n..].join("\n")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(mut s) = self.stdin.take() {
            let _ = s.write_all(b"quit\n");
        }
        if self.wait_exit(Duration::from_secs(2)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The words of a UCI `info` line after `key`.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut w = line.split_whitespace();
    while let Some(x) = w.next() {
        if x == key {
            return w.next();
        }
    }
    None
}

/// The moves after ` pv `.
pub fn pv(line: &str) -> Vec<String> {
    line.split_once(" pv ")
        .map(|(_, p)| p.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}
