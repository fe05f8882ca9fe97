//! An engine's child process: a reader thread stamps each line of its
//! output with the time it arrived (the arbiter measures thinking time from
//! the moment its last command was written to that stamp), and another
//! keeps the last lines of its standard error ([`super::stderr_tail`]),
//! shown when the engine crashes, cannot be started or fails the handshake.

use super::stderr_tail::{report, StderrTail};
use crossbeam::channel::{self, Receiver, Select};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// How long an engine is given to exit after `quit`.
const QUIT_WAIT: Duration = Duration::from_millis(200);
/// How long a failure report waits for the engine's standard error to end.
const STDERR_WAIT: Duration = Duration::from_millis(500);

enum Msg {
    Line(String, Instant),
    Eof,
}

/// What a wait on an engine's output produced.
pub enum Recv {
    /// A line and the moment it arrived.
    Line(String, Instant),
    /// The engine closed its output (it exited or crashed).
    Eof,
    /// The deadline passed.
    Timeout,
    /// The match was stopped.
    Stopped,
}

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Msg>,
    label: String,
    debug: bool,
    eof: bool,
    /// The end of its standard error; `None` with `--debug`, which lets
    /// the engine's standard error through.
    stderr: Option<StderrTail>,
    /// Report the process's end with its standard error: set once the
    /// engine has started, cleared by the report and when the runner ends
    /// the process itself.
    watch_end: bool,
}

impl Process {
    /// Starts `argv` with piped standard input and output (and standard
    /// error, unless `debug`).
    pub fn spawn(argv: &[String], label: &str, debug: bool) -> Result<Process, String> {
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if debug {
                Stdio::inherit()
            } else {
                Stdio::piped()
            })
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", argv.join(" ")))?;
        let stderr = match child.stderr.take() {
            Some(err) => Some(
                StderrTail::start(err, label)
                    .map_err(|e| format!("cannot start a reader thread: {e}"))?,
            ),
            None => None,
        };
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel::unbounded();
        std::thread::Builder::new()
            .name(format!("read {label}"))
            .spawn(move || read_lines(stdout, &tx))
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        Ok(Process {
            child,
            stdin,
            rx,
            label: label.to_string(),
            debug,
            eof: false,
            stderr,
            watch_end: false,
        })
    }

    /// The name the process is reported under (and shown with `--debug`).
    pub fn set_label(&mut self, label: &str) {
        self.label = label.to_string();
    }

    /// The last lines of the process's standard error, after waiting up to
    /// `STDERR_WAIT` for it to end; empty with `--debug`.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .as_ref()
            .map_or_else(Vec::new, |t| t.lines(STDERR_WAIT))
    }

    /// From now on the first sign that the process ended (the end of its
    /// output, a broken pipe) is reported with its standard error.
    pub fn watch_end(&mut self) {
        self.watch_end = true;
    }

    /// The process ended by itself: reports it once, if watched.
    fn ended(&mut self) {
        if std::mem::take(&mut self.watch_end) {
            report(&self.label, "crashed", &self.stderr_tail());
        }
    }

    /// Writes one line; false when the pipe is broken.
    pub fn send(&mut self, line: &str) -> bool {
        if self.debug {
            crate::console::note(&format!("{} > {line}", self.label));
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        let ok = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .is_ok();
        if !ok {
            self.stdin = None;
            self.ended();
        }
        ok
    }

    /// Writes `lines` in order, stopping at the first that cannot be
    /// written; false then.
    pub fn send_all(&mut self, lines: &[String]) -> bool {
        lines.iter().all(|l| self.send(l))
    }

    /// The next line before `deadline`, unless `stop` is closed first.
    pub fn recv(&mut self, deadline: Instant, stop: Option<&Receiver<()>>) -> Recv {
        if self.eof {
            return Recv::Eof;
        }
        let never = channel::never();
        let stop = stop.unwrap_or(&never);
        let msg = channel::select! {
            recv(self.rx) -> m => m.ok(),
            recv(stop) -> _ => return Recv::Stopped,
            default(deadline.saturating_duration_since(Instant::now())) => return Recv::Timeout,
        };
        match msg {
            Some(Msg::Line(s, at)) => {
                self.echo(&s);
                Recv::Line(s, at)
            }
            Some(Msg::Eof) | None => {
                self.closed();
                Recv::Eof
            }
        }
    }

    /// Discards output already received; false if the engine has exited.
    pub fn drain(&mut self) -> bool {
        while let Ok(m) = self.rx.try_recv() {
            match m {
                Msg::Line(s, _) => self.echo(&s),
                Msg::Eof => self.closed(),
            }
        }
        !self.eof
    }

    /// Shows a line read from the engine, with `--debug`.
    fn echo(&self, line: &str) {
        if self.debug {
            crate::console::note(&format!("{} < {line}", self.label));
        }
    }

    /// The engine's output has ended.
    fn closed(&mut self) {
        self.eof = true;
        self.ended();
    }

    /// Adds the process's output to `sel` (to wait on several engines at
    /// once); returns the operation's index in `sel`.
    pub fn watch<'a>(&'a self, sel: &mut Select<'a>) -> usize {
        sel.recv(&self.rx)
    }

    /// Asks the engine to quit, and kills it if it does not.
    pub fn quit(&mut self) {
        self.watch_end = false;
        if self.stdin.is_some() {
            self.send("quit");
        }
        self.stdin = None;
        let end = Instant::now() + QUIT_WAIT;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    /// Kills the process.
    pub fn kill(&mut self) {
        self.watch_end = false;
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.quit();
        }
    }
}

/// The reader thread: sends each line of `stdout` with the moment it
/// arrived, then the end of the output.
fn read_lines(stdout: impl Read, tx: &channel::Sender<Msg>) {
    let mut r = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match r.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Msg::Eof);
                return;
            }
            Ok(_) => {
                let at = Instant::now();
                let s = String::from_utf8_lossy(&buf);
                let s = s.trim_end_matches(['\r', '\n']).to_string();
                if tx.send(Msg::Line(s, at)).is_err() {
                    return;
                }
            }
        }
    }
}
