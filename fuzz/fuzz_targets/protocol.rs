//! The UCI/XBoard loop: the input is protocol lines, run through
//! `protocol::run` with the output thrown away. Any panic is a crash, a
//! loop that does not end at the end of its input a hang.
//!
//! To keep one run short the input is tamed first (see [`tame`]): at most
//! [`MAX_LINES`] lines and [`MAX_BYTES`] bytes, no `perft` deeper than 3,
//! at most 2 threads and 64 MB of hash. Searches need no `stop`: the end of
//! the input ends them.

#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::event::Out;

/// Lines fed at most.
const MAX_LINES: usize = 64;
/// Bytes fed at most.
const MAX_BYTES: usize = 16 * 1024;

fuzz_target!(|data: &[u8]| {
    let input = tame(&String::from_utf8_lossy(data));
    protocol::run(
        std::io::Cursor::new(input),
        Out::new(Box::new(std::io::sink())),
        Default::default(),
    );
});

/// The lines of `text` that keep a run bounded: a line that mentions perft
/// with a number above 3 is dropped; in a line that mentions threads, cores,
/// hash or memory, numbers are clamped to 2 (threads, cores) or 64 (hash,
/// memory). "Mentions" looks at the letters and digits of the line only, in
/// lower case, as the XBoard option names are matched ignoring spaces and
/// underscores.
fn tame(text: &str) -> String {
    let mut out = String::new();
    for line in text.split('\n').take(MAX_LINES) {
        let word: String = line
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let mut line = line.to_string();
        if word.contains("perft") && numbers(&line).any(|n| n > 3) {
            continue;
        }
        if word.contains("thread") || word.contains("core") {
            line = clamp(&line, 2);
        }
        if word.contains("hash") || word.contains("memory") {
            line = clamp(&line, 64);
        }
        if out.len() + line.len() + 1 > MAX_BYTES {
            break;
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The values of the runs of ASCII digits in `line` (saturating).
fn numbers(line: &str) -> impl Iterator<Item = u64> + '_ {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
        .map(|run| run.parse::<u64>().unwrap_or(u64::MAX))
}

/// `line` with every run of ASCII digits above `max` replaced by `max`.
fn clamp(line: &str, max: u64) -> String {
    let mut out = String::new();
    let mut run = String::new();
    for c in line.chars().chain(std::iter::once('\n')) {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if !run.is_empty() {
            match run.parse::<u64>() {
                Ok(n) if n <= max => out.push_str(&run),
                _ => out.push_str(&max.to_string()),
            }
            run.clear();
        }
        if c != '\n' {
            out.push(c);
        }
    }
    out
}
