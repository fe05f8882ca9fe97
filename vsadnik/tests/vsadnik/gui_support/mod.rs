//! Helpers for the `vsadnik gui` tests: the server as a child process
//! (its URL read from the first line of its output), a raw HTTP/1.1 client
//! on `std::net` with a timeout on every read, the state document, and the
//! event stream.

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long any one wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(30);

/// The binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_vsadnik")
}

/// The binary under test as a quick engine (a fixed, small node count, so
/// its moves come at once and are the same every run).
pub fn quick_engine() -> String {
    format!("{} --nodes-per-move 400", bin())
}

/// The path of a stub engine script of `tools/stub_engines/`.
pub fn stub(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tools/stub_engines")
        .join(name);
    p.canonicalize()
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .display()
        .to_string()
}

/// A response: status, headers (lower-case names), body.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The `error` of a JSON error body.
    pub fn error(&self) -> String {
        self.json()
            .get("error")
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no error in {}", self.body))
            .to_string()
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A running `vsadnik gui`.
pub struct Gui {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Its port on 127.0.0.1.
    pub port: u16,
    /// Its standard error, as it comes.
    stderr: Receiver<String>,
}

impl Gui {
    /// Starts `vsadnik gui --port 0 ARGS` and reads its URL.
    pub fn start(args: &[&str]) -> Gui {
        let mut child = Command::new(bin())
            .arg("gui")
            .args(["--port", "0"])
            .args(args)
            .env("VSADNIK_BIN", bin())
            // The stub engines import the repository's `tools` package.
            .env("PYTHONPATH", concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start vsadnik gui");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let (etx, erx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                if etx.send(line).is_err() {
                    return;
                }
            }
        });
        let line = rx
            .recv_timeout(WAIT)
            .unwrap_or_else(|_| panic!("no URL line from vsadnik gui {args:?}"));
        let url = line
            .trim()
            .strip_prefix("vsadnik gui: http://127.0.0.1:")
            .unwrap_or_else(|| panic!("first line: {line:?}"));
        let port = url.trim_end_matches('/').parse().expect("a port");
        Gui {
            child,
            stdin,
            port,
            stderr: erx,
        }
    }

    /// Sends raw bytes and reads the whole response (the server closes
    /// every connection after its answer).
    pub fn raw(&self, bytes: &[u8]) -> Reply {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        s.set_read_timeout(Some(WAIT)).unwrap();
        s.write_all(bytes).unwrap();
        let mut text = Vec::new();
        s.read_to_end(&mut text)
            .expect("a response before the timeout");
        parse_reply(&String::from_utf8_lossy(&text))
    }

    /// A request with the right `Host`.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> Reply {
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n",
            self.port
        );
        if let Some(b) = body {
            req.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                b.len()
            ));
        }
        req.push_str("\r\n");
        req.push_str(body.unwrap_or(""));
        self.raw(req.as_bytes())
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, None)
    }

    /// `POST /api/COMMAND` with a JSON body.
    pub fn post(&self, command: &str, body: &str) -> Reply {
        self.request("POST", &format!("/api/{command}"), Some(body))
    }

    /// `POST /api/COMMAND` that must succeed; the new state.
    pub fn ok(&self, command: &str, body: &str) -> Value {
        let r = self.post(command, body);
        assert_eq!(r.status, 200, "{command} {body}: {}", r.body);
        r.json()
    }

    /// The current state.
    pub fn state(&self) -> Value {
        let r = self.get("/api/state");
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    }

    /// Waits until `done` holds for the state; the state.
    pub fn wait_for(&self, what: &str, mut done: impl FnMut(&Value) -> bool) -> Value {
        let end = Instant::now() + WAIT;
        loop {
            let s = self.state();
            if done(&s) {
                return s;
            }
            assert!(
                Instant::now() < end,
                "waited too long for {what}; state: {s}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the person is to move (or the game is over).
    pub fn wait_person(&self) -> Value {
        self.wait_for("the person's turn", |s| {
            matches!(text(s, "turn").as_str(), "person" | "over")
        })
    }

    /// Plays `uci`, which must be accepted; the new state.
    pub fn play(&self, uci: &str) -> Value {
        self.ok("move", &format!("{{\"move\":\"{uci}\"}}"))
    }

    /// Opens the event stream; its lines arrive on the receiver.
    pub fn events(&self) -> Receiver<String> {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        s.write_all(
            format!(
                "GET /api/events HTTP/1.1\r\nHost: localhost:{}\r\n\r\n",
                self.port
            )
            .as_bytes(),
        )
        .unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(s).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        rx
    }

    /// Lines of standard error so far.
    pub fn stderr_lines(&self) -> Vec<String> {
        self.stderr.try_iter().collect()
    }

    /// Closes standard input, which ends the server; its exit status.
    pub fn stop(mut self) -> ExitStatus {
        drop(self.stdin.take());
        let end = Instant::now() + WAIT;
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                return st;
            }
            assert!(
                Instant::now() < end,
                "vsadnik gui did not end at the end of its input"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Splits an HTTP response.
fn parse_reply(text: &str) -> Reply {
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no head in {text:?}"));
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("status line {status_line:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

/// A string field of a JSON object (empty when missing).
pub fn text(j: &Value, key: &str) -> String {
    j.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

/// The elements of an array field.
pub fn list<'a>(j: &'a Value, key: &str) -> &'a [Value] {
    match j.get(key) {
        Some(Value::Array(a)) => a,
        _ => &[],
    }
}

/// The legal moves of the state's board, in coordinates.
pub fn legal(state: &Value) -> Vec<String> {
    list(&list(state, "boards")[0], "legal")
        .iter()
        .map(|m| text(m, "uci"))
        .collect()
}

/// The moves played, in coordinates.
pub fn played(state: &Value) -> Vec<String> {
    list(state, "moves")
        .iter()
        .map(|m| text(m, "uci"))
        .collect()
}

/// A number field.
pub fn num(j: &Value, key: &str) -> f64 {
    j.get(key)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("{key} is not a number: {:?}", j.get(key)))
}
