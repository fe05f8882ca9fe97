//! The end of an engine's standard error: a reader thread keeps its last
//! [`STDERR_LINES`] lines, so that when the engine crashes, cannot be
//! started or fails the protocol handshake, the runner can show why (see
//! [`report`]).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How many lines of an engine's standard error are kept.
pub const STDERR_LINES: usize = 20;
/// Longest line kept (in characters); the rest is cut off.
const LINE_MAX: usize = 500;

#[derive(Default)]
struct Tail {
    lines: VecDeque<String>,
    closed: bool,
}

/// The last lines of a stream, read by a thread of their own.
#[derive(Clone, Default)]
pub struct StderrTail(Arc<(Mutex<Tail>, Condvar)>);

impl StderrTail {
    /// Starts a thread that reads `stream` to its end, keeping the last
    /// [`STDERR_LINES`] lines.
    pub fn start(stream: impl Read + Send + 'static, label: &str) -> std::io::Result<StderrTail> {
        let tail = StderrTail::default();
        let shared = tail.clone();
        std::thread::Builder::new()
            .name(format!("stderr {label}"))
            .spawn(move || shared.read(stream))?;
        Ok(tail)
    }

    fn read(&self, stream: impl Read) {
        let mut r = BufReader::new(stream);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match r.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let text = String::from_utf8_lossy(&buf);
                    let line: String = text
                        .trim_end_matches(['\r', '\n'])
                        .chars()
                        .take(LINE_MAX)
                        .collect();
                    let mut t = self.0 .0.lock().expect("tail lock");
                    if t.lines.len() == STDERR_LINES {
                        t.lines.pop_front();
                    }
                    t.lines.push_back(line);
                }
            }
        }
        self.0 .0.lock().expect("tail lock").closed = true;
        self.0 .1.notify_all();
    }

    /// The lines kept, after waiting up to `wait` for the stream to end (an
    /// engine that just exited may still have lines in the pipe).
    pub fn lines(&self, wait: Duration) -> Vec<String> {
        let (lock, ended) = &*self.0;
        let t = lock.lock().expect("tail lock");
        let (t, _) = ended
            .wait_timeout_while(t, wait, |t| !t.closed)
            .expect("tail lock");
        t.lines.iter().cloned().collect()
    }
}

/// Prints that engine `name` `what` (`crashed`, `could not be started: ...`)
/// and the last lines of its standard error, each prefixed with the name,
/// to vsadnik's standard error in one piece; nothing when there are no lines.
pub fn report(name: &str, what: &str, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let mut text = format!("vsadnik: engine {name} {what}; its standard error ended with:\n");
    for l in lines {
        text.push_str(&format!("{name}: {l}\n"));
    }
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_lines() {
        let input: String = (1..=25).map(|k| format!("line {k}\n")).collect();
        let tail = StderrTail::start(std::io::Cursor::new(input.into_bytes()), "t").unwrap();
        let lines = tail.lines(Duration::from_secs(5));
        let want: Vec<String> = (6..=25).map(|k| format!("line {k}")).collect();
        assert_eq!(lines, want);
    }

    #[test]
    fn cuts_long_lines_and_keeps_a_last_line_without_newline() {
        let input = format!("{}\r\nno newline", "x".repeat(2 * LINE_MAX));
        let tail = StderrTail::start(std::io::Cursor::new(input.into_bytes()), "t").unwrap();
        let lines = tail.lines(Duration::from_secs(5));
        assert_eq!(lines, vec!["x".repeat(LINE_MAX), "no newline".to_string()]);
    }
}
