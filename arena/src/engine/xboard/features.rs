//! The XBoard features handshake: the `feature` lines an engine sends after
//! `protover 2`, each feature accepted or rejected, and those the arbiter
//! honours kept.

use super::super::process::{Process, Recv};
use super::super::DETECT_WAIT;
use crate::level::Offered;
use std::time::{Duration, Instant};

/// How long an XBoard engine that sent `feature done=0` may take to finish.
pub const FEATURE_WAIT: Duration = Duration::from_secs(20);

/// The features the arbiter accepts; any other is rejected.
const KNOWN_FEATURES: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "exclude",
    "setscore",
    "highlight",
    "done",
];

/// The XBoard features the arbiter honours.
#[derive(Clone, Debug)]
pub struct Features {
    pub(super) ping: bool,
    pub(super) setboard: bool,
    pub(super) san: bool,
    pub(super) usermove: bool,
    pub(super) time: bool,
    pub(super) reuse: bool,
    pub(super) variants: Option<Vec<String>>,
    pub(super) myname: Option<String>,
    /// The options of `feature option="NAME -TYPE ..."`.
    pub(super) options: Vec<Offered>,
    /// Whether any `feature` line came (an engine that sends none is taken
    /// for an XBoard engine of protocol version 1, normal chess only).
    pub(super) featured: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            ping: false,
            setboard: false,
            san: false,
            usermove: false,
            time: true,
            reuse: true,
            variants: None,
            myname: None,
            options: Vec::new(),
            featured: false,
        }
    }
}

/// What one feature said of the handshake.
enum Progress {
    /// More may come.
    Going,
    /// `done=1`: the handshake is over.
    Done,
    /// `done=0`: the engine needs longer.
    Wait,
}

impl Features {
    /// Reads `feature` lines, answering each feature, until `done=1`, until
    /// [`DETECT_WAIT`] passes without one (or [`FEATURE_WAIT`] after
    /// `done=0`); the error says why the handshake failed.
    pub fn negotiate(proc: &mut Process) -> Result<Features, &'static str> {
        let mut features = Features::default();
        let mut deadline = Instant::now() + DETECT_WAIT;
        loop {
            match proc.recv(deadline, None) {
                Recv::Line(l, _) => {
                    let Some(rest) = l.trim().strip_prefix("feature ") else {
                        continue;
                    };
                    features.featured = true;
                    for (key, value) in parse_features(rest) {
                        if key != "done" {
                            let known = KNOWN_FEATURES.contains(&key.as_str());
                            let verdict = if known { "accepted" } else { "rejected" };
                            proc.send(&format!("{verdict} {key}"));
                        }
                        match features.take(&key, value) {
                            Progress::Going => {}
                            Progress::Done => return Ok(features),
                            Progress::Wait => deadline = Instant::now() + FEATURE_WAIT,
                        }
                    }
                }
                Recv::Eof => return Err("the engine exited during the XBoard handshake"),
                Recv::Timeout => return Ok(features),
                Recv::Stopped => unreachable!("no stop channel"),
            }
        }
    }

    /// Keeps feature `key` if the arbiter honours it.
    fn take(&mut self, key: &str, value: String) -> Progress {
        let on = value == "1";
        match key {
            "ping" => self.ping = on,
            "setboard" => self.setboard = on,
            "san" => self.san = on,
            "usermove" => self.usermove = on,
            "time" => self.time = on,
            "reuse" => self.reuse = on,
            "myname" => self.myname = Some(value),
            "option" => self.options.push(Offered::from_xboard(&value)),
            "variants" => {
                self.variants = Some(value.split(',').map(|v| v.trim().to_string()).collect())
            }
            "done" if on => return Progress::Done,
            "done" => return Progress::Wait,
            _ => {}
        }
        Progress::Going
    }
}

/// `feature a=1 b="x y"` as key/value pairs.
fn parse_features(rest: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = rest.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c.is_whitespace() {
                break;
            }
            key.push(c);
            chars.next();
        }
        if key.is_empty() {
            return out;
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        out.push((key, value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features() {
        let f = parse_features("ping=1 myname=\"Fairy-Max 5.0b\" variants=\"normal,fairy\" done=0");
        assert_eq!(
            f,
            vec![
                ("ping".to_string(), "1".to_string()),
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("variants".to_string(), "normal,fairy".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
    }
}
