//! Standard output and standard error for the command line.
//!
//! `println!` panics when standard output is a pipe whose reader has gone
//! (`vsadnik perft 2 --divide | head -1`), and the release build aborts on
//! a panic. Here a closed standard output ends the program quietly with
//! status 0, as the reader asked for no more; any other write failure (a
//! full disk) is reported on standard error with status 1. Messages on
//! standard error are best effort and never fail.

use std::io::{self, Write};

/// Writes `lines` to standard output, each followed by a newline, and
/// flushes them.
pub fn try_lines<S: AsRef<str>>(lines: &[S]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    for l in lines {
        out.write_all(l.as_ref().as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// Prints `lines` on standard output; ends the program if it cannot (see
/// [`exit_after`]).
pub fn lines<S: AsRef<str>>(lines: &[S]) {
    if let Err(e) = try_lines(lines) {
        exit_after(&e);
    }
}

/// Prints one line on standard output (see [`lines`]).
pub fn line(text: &str) {
    lines(&[text]);
}

/// True when `e` means the reader of standard output has gone.
pub fn is_closed(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Ends the program after standard output failed with `e`: quietly with
/// status 0 when its reader has gone, else with a message and status 1.
pub fn exit_after(e: &io::Error) -> ! {
    if is_closed(e) {
        std::process::exit(0);
    }
    note(&format!("vsadnik: cannot write to standard output: {e}"));
    std::process::exit(1);
}

/// Writes one line on standard error, ignoring failure.
pub fn note(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.write_all(b"\n");
}
