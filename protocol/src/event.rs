//! The protocol loop's plumbing: the events it handles one at a time (input
//! lines from a reader thread, results from search threads), and the shared,
//! line-flushed output.

use crossbeam::channel::Sender;
use engine::SearchResult;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::{Arc, Mutex};

/// Input lines longer than this are dropped (and reported).
pub const MAX_LINE: usize = 1 << 20;

/// Something for the protocol loop to handle.
pub enum Event {
    /// One input line, without its line ending, invalid UTF-8 replaced.
    Line(String),
    /// An input line over [`MAX_LINE`] bytes was dropped.
    TooLong(usize),
    /// The input ended (or failed).
    Eof,
    /// The output failed (its reader has gone): nobody hears the engine.
    OutputClosed,
    /// Search `id` is over.
    SearchDone {
        /// The search's number, as the loop gave it.
        id: u64,
        /// Its result.
        result: SearchResult,
    },
}

/// The protocol output: whole lines, flushed at once, from any thread.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Sink>>);

/// The writer behind [`Out`], and what happens when it fails.
struct Sink {
    w: Box<dyn Write + Send>,
    /// A write failed: later lines are dropped.
    closed: bool,
    /// Told [`Event::OutputClosed`] at the first failure.
    on_close: Option<Sender<Event>>,
}

impl Out {
    /// Output to standard output.
    pub fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()))
    }

    /// Output to any writer (tests).
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(Sink {
            w,
            closed: false,
            on_close: None,
        })))
    }

    /// Sends [`Event::OutputClosed`] on `tx` when a write fails (a reader
    /// that has gone); at once if one already has.
    pub fn notify_closed(&self, tx: Sender<Event>) {
        let mut sink = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if sink.closed {
            let _ = tx.send(Event::OutputClosed);
        }
        sink.on_close = Some(tx);
    }

    /// Writes one line and flushes.
    pub fn line(&self, text: &str) {
        self.lines(std::slice::from_ref(&text));
    }

    /// Writes several lines together (no other output between them). After
    /// a failed write nothing more is written, and the loop is told once.
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        let mut sink = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if sink.closed {
            return;
        }
        let w = &mut sink.w;
        let written = lines
            .iter()
            .try_for_each(|l| {
                w.write_all(l.as_ref().as_bytes())?;
                w.write_all(b"\n")
            })
            .and_then(|()| w.flush());
        if written.is_err() {
            sink.closed = true;
            if let Some(tx) = &sink.on_close {
                let _ = tx.send(Event::OutputClosed);
            }
        }
    }
}

enum Read1 {
    Line,
    TooLong(usize),
    Eof,
}

/// Reads one line into `buf` (without the newline), keeping at most `max`
/// bytes and skipping the rest of a longer line.
fn read_line_bounded<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Read1> {
    buf.clear();
    let mut total = 0usize;
    loop {
        let (done, used) = {
            let avail = match r.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                return Ok(if total == 0 {
                    Read1::Eof
                } else if total > max {
                    Read1::TooLong(total)
                } else {
                    Read1::Line
                });
            }
            let (chunk, done) = match avail.iter().position(|&b| b == b'\n') {
                Some(i) => (&avail[..i], true),
                None => (avail, false),
            };
            if total + chunk.len() <= max {
                buf.extend_from_slice(chunk);
            }
            total += chunk.len();
            (done, chunk.len() + done as usize)
        };
        r.consume(used);
        if done {
            return Ok(if total > max {
                Read1::TooLong(total)
            } else {
                Read1::Line
            });
        }
    }
}

/// Starts the thread that turns `input` into [`Event::Line`]s on `tx`,
/// ending with [`Event::Eof`].
pub fn spawn_reader<R: Read + Send + 'static>(input: R, tx: Sender<Event>) {
    let fallback = tx.clone();
    let spawned = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let mut reader = BufReader::with_capacity(1 << 16, input);
            let mut buf = Vec::new();
            loop {
                let event = match read_line_bounded(&mut reader, &mut buf, MAX_LINE) {
                    Ok(Read1::Line) => {
                        let text = String::from_utf8_lossy(&buf);
                        Event::Line(text.trim_end_matches(['\r', '\n']).to_string())
                    }
                    Ok(Read1::TooLong(n)) => Event::TooLong(n),
                    Ok(Read1::Eof) | Err(_) => {
                        let _ = tx.send(Event::Eof);
                        return;
                    }
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
        });
    if spawned.is_err() {
        // Without a reader there is no input: end at once.
        let _ = fallback.send(Event::Eof);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let mut r = std::io::Cursor::new(input.to_vec());
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line_bounded(&mut r, &mut buf, max).unwrap() {
                Read1::Line => out.push(String::from_utf8_lossy(&buf).to_string()),
                Read1::TooLong(n) => out.push(format!("<{n}>")),
                Read1::Eof => return out,
            }
        }
    }

    /// A writer whose reader has gone.
    struct Gone;

    impl Write for Gone {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_is_reported_once() {
        let (tx, rx) = crossbeam::channel::unbounded();
        let out = Out::new(Box::new(Gone));
        out.notify_closed(tx.clone());
        assert!(rx.try_recv().is_err());
        out.line("readyok");
        out.lines(&["a", "b"]);
        assert!(matches!(rx.try_recv(), Ok(Event::OutputClosed)));
        assert!(rx.try_recv().is_err());
        // Asked after the failure: told at once.
        out.notify_closed(tx);
        assert!(matches!(rx.try_recv(), Ok(Event::OutputClosed)));
    }

    #[test]
    fn splits_lines_and_bounds_them() {
        assert_eq!(lines(b"a\nbb\n\nccc", 10), ["a", "bb", "", "ccc"]);
        assert_eq!(lines(b"abcdef\nab\n", 3), ["<6>", "ab"]);
        assert_eq!(lines(b"x\xff\xfey\n", 10), ["x\u{fffd}\u{fffd}y"]);
    }
}
