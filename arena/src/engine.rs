//! Engine processes and the two protocols as the arbiter speaks them.
//!
//! Every engine runs as a child process with a reader thread that stamps each
//! line of its output with the time it arrived; the arbiter measures thinking
//! time from the moment its last command was written to that stamp. Another
//! thread keeps the last lines of its standard error, shown when the engine
//! crashes, cannot be started or fails the handshake.

use super::options::{trim_seconds, EngineSpec, Proto, TimeControl};
use super::stderr_tail::{report, StderrTail};
use crossbeam::channel::{self, Receiver, Select};
use movegen::VariantId;
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` before XBoard is tried.
pub const DETECT_WAIT: Duration = Duration::from_secs(2);
/// How long a handshake, `isready` or `ping` may take otherwise.
pub const SYNC_WAIT: Duration = Duration::from_secs(10);
/// How long an XBoard engine that sent `feature done=0` may take to finish.
pub const FEATURE_WAIT: Duration = Duration::from_secs(20);
/// How long an engine is given to exit after `quit`.
const QUIT_WAIT: Duration = Duration::from_millis(200);
/// How long a failure report waits for the engine's standard error to end.
const STDERR_WAIT: Duration = Duration::from_millis(500);
/// Centipawn value of a mate score.
pub const MATE: i32 = 100_000;

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
            .spawn(move || {
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
            })
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

    /// The last lines of the process's standard error, after waiting up to
    /// [`STDERR_WAIT`] for it to end; empty with `--debug`.
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
                if self.debug {
                    crate::console::note(&format!("{} < {s}", self.label));
                }
                Recv::Line(s, at)
            }
            Some(Msg::Eof) | None => {
                self.eof = true;
                self.ended();
                Recv::Eof
            }
        }
    }

    /// Discards output already received; false if the engine has exited.
    pub fn drain(&mut self) -> bool {
        while let Ok(m) = self.rx.try_recv() {
            match m {
                Msg::Line(s, _) => {
                    if self.debug {
                        crate::console::note(&format!("{} < {s}", self.label));
                    }
                }
                Msg::Eof => {
                    self.eof = true;
                    self.ended();
                }
            }
        }
        !self.eof
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

/// Why an engine failed outside of a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process exited or its pipe broke.
    Crash,
    /// It did not answer in time.
    Stall,
    /// The match was stopped.
    Stopped,
}

/// An engine's reply to a move request.
pub enum Reply {
    /// A move and the moment it arrived.
    Move(String, Instant),
    /// The engine resigned.
    Resign,
    /// An XBoard result claim (`1-0`, `0-1`, `1/2-1/2`) with its comment.
    Claim(String, String),
    /// The engine refused a move it was sent.
    Rejected(String),
    /// A message for the partner (XBoard `tellics ptell <text>`).
    Tell(String),
    /// The process exited.
    Crash,
    /// No reply before the deadline.
    Timeout,
    /// The match was stopped.
    Stopped,
}

/// The XBoard features the arbiter honours.
#[derive(Clone, Debug)]
pub struct XbFeatures {
    ping: bool,
    setboard: bool,
    san: bool,
    usermove: bool,
    time: bool,
    reuse: bool,
    variants: Option<Vec<String>>,
    myname: Option<String>,
    /// Whether any `feature` line came (an engine that sends none is taken
    /// for an XBoard engine of protocol version 1, normal chess only).
    featured: bool,
}

impl Default for XbFeatures {
    fn default() -> Self {
        XbFeatures {
            ping: false,
            setboard: false,
            san: false,
            usermove: false,
            time: true,
            reuse: true,
            variants: None,
            myname: None,
            featured: false,
        }
    }
}

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

/// The clocks sent with a move request, in milliseconds.
#[derive(Copy, Clone, Debug)]
pub struct ClockInfo {
    /// White's remaining time.
    pub wtime: i64,
    /// Black's remaining time.
    pub btime: i64,
    /// Increment per move.
    pub inc: i64,
    /// Moves to the next time control, for session time controls.
    pub movestogo: Option<u32>,
    /// Whether the engine plays White.
    pub white: bool,
}

/// The game so far, as an engine is told it.
pub struct GameView<'a> {
    /// The starting FEN, `None` for the variant's start position.
    pub start_fen: Option<&'a str>,
    /// Every move so far in coordinates.
    pub coords: &'a [String],
    /// Every move so far in SAN (for XBoard `san=1`), where the variant has it.
    pub sans: Option<&'a [String]>,
}

/// Why an engine could not be started or failed the protocol handshake.
#[derive(Debug)]
pub struct StartError {
    /// What went wrong.
    pub message: String,
    /// The last lines of the engine's standard error (empty with `--debug`).
    pub stderr: Vec<String>,
}

impl StartError {
    /// Prints the message and the engine's standard error under `name` to
    /// vsadnik's standard error; nothing when the engine wrote nothing there.
    pub fn report(&self, name: &str) {
        report(
            name,
            &format!("could not be started ({})", self.message),
            &self.stderr,
        );
    }
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A started engine that speaks UCI or XBoard.
pub struct Engine {
    proc: Process,
    /// The protocol it speaks.
    pub proto: Proto,
    /// The name it gave (`id name`, `myname`), if any.
    pub reported_name: Option<String>,
    xb: XbFeatures,
    uci_variants: Vec<String>,
    known: usize,
    playing: bool,
    ping: u32,
    /// The last score (centipawns, engine's view) reported during the last
    /// search.
    pub last_score: Option<i32>,
    /// The engine asked to be restarted between games (XBoard `reuse=0`).
    pub restart_each_game: bool,
    /// Partner messages that arrived while stale output was discarded,
    /// waiting for `poll_reply`.
    held_tells: VecDeque<String>,
    /// Thinking output kept for [`Engine::take_thinking`], when collected.
    thinking: Option<Vec<Thinking>>,
}

impl Engine {
    /// Starts the engine of `spec`, detecting its protocol unless it is
    /// given (by `proto` or by the command's prefix). Once started, its
    /// crash is reported with its standard error (see [`Process::watch_end`]).
    pub fn start(
        spec: &EngineSpec,
        proto: Option<Proto>,
        label: &str,
        debug: bool,
    ) -> Result<Engine, StartError> {
        let started = match proto.or(spec.forced) {
            Some(Proto::Uci) => Self::start_uci(spec, label, debug, SYNC_WAIT),
            Some(Proto::Xboard) => Self::start_xboard(spec, label, debug),
            None => match Self::start_uci(spec, label, debug, DETECT_WAIT) {
                Ok(e) => Ok(e),
                Err(e) if e.message.starts_with("cannot start") => Err(e),
                Err(uci) => Self::start_xboard(spec, label, debug).map_err(|e| StartError {
                    message: format!(
                        "'{}' speaks neither UCI nor XBoard ({})",
                        spec.argv.join(" "),
                        e.message
                    ),
                    stderr: if e.stderr.is_empty() {
                        uci.stderr
                    } else {
                        e.stderr
                    },
                }),
            },
        };
        started.map(|mut e| {
            e.proc.watch_end();
            e
        })
    }

    /// The name the engine is reported under (and shown with `--debug`).
    pub fn set_name(&mut self, name: &str) {
        self.proc.label = name.to_string();
    }

    /// Ends a failed start: kills the process and keeps `message` with the
    /// end of its standard error.
    fn fail(mut self, message: &str) -> StartError {
        self.proc.kill();
        StartError {
            message: message.to_string(),
            stderr: self.proc.stderr_tail(),
        }
    }

    fn new(proc: Process, proto: Proto) -> Engine {
        Engine {
            proc,
            proto,
            reported_name: None,
            xb: XbFeatures::default(),
            uci_variants: Vec::new(),
            known: 0,
            playing: false,
            ping: 0,
            last_score: None,
            restart_each_game: false,
            held_tells: VecDeque::new(),
            thinking: None,
        }
    }

    fn start_uci(
        spec: &EngineSpec,
        label: &str,
        debug: bool,
        wait: Duration,
    ) -> Result<Engine, StartError> {
        let mut e = Engine::spawn(spec, label, debug, Proto::Uci)?;
        if !e.proc.send("uci") {
            return Err(e.fail("the engine closed its input"));
        }
        let started = Instant::now();
        let mut deadline = started + wait;
        loop {
            match e.proc.recv(deadline, None) {
                Recv::Line(l, _) => {
                    let l = l.trim();
                    if l == "uciok" {
                        break;
                    }
                    if l.starts_with("id ") || l.starts_with("option ") {
                        // Surely UCI: give a slow starter the full handshake time.
                        deadline = started + SYNC_WAIT;
                    }
                    if let Some(name) = l.strip_prefix("id name ") {
                        e.reported_name = Some(name.trim().to_string());
                    } else if l.starts_with("option name UCI_Variant ") {
                        let mut words = l.split_whitespace();
                        while let Some(w) = words.next() {
                            if w == "var" {
                                if let Some(v) = words.next() {
                                    e.uci_variants.push(v.to_string());
                                }
                            }
                        }
                    } else if l.starts_with("feature ")
                        || l.starts_with("Error")
                        || l.starts_with("Illegal move")
                    {
                        return Err(e.fail("not a UCI engine"));
                    }
                }
                Recv::Eof => return Err(e.fail("the engine exited during the UCI handshake")),
                Recv::Timeout => return Err(e.fail("no uciok")),
                Recv::Stopped => unreachable!("no stop channel"),
            }
        }
        if e.sync(None).is_err() {
            return Err(e.fail("no readyok after isready"));
        }
        Ok(e)
    }

    /// Starts the process of `spec`, to be spoken to in `proto`.
    fn spawn(
        spec: &EngineSpec,
        label: &str,
        debug: bool,
        proto: Proto,
    ) -> Result<Engine, StartError> {
        let proc = Process::spawn(&spec.argv, label, debug).map_err(|message| StartError {
            message,
            stderr: Vec::new(),
        })?;
        Ok(Engine::new(proc, proto))
    }

    fn start_xboard(spec: &EngineSpec, label: &str, debug: bool) -> Result<Engine, StartError> {
        let mut e = Engine::spawn(spec, label, debug, Proto::Xboard)?;
        e.proc.send("xboard");
        if !e.proc.send("protover 2") {
            return Err(e.fail("the engine closed its input"));
        }
        let mut deadline = Instant::now() + DETECT_WAIT;
        'handshake: loop {
            match e.proc.recv(deadline, None) {
                Recv::Line(l, _) => {
                    let Some(rest) = l.trim().strip_prefix("feature ") else {
                        continue;
                    };
                    e.xb.featured = true;
                    for (key, value) in parse_features(rest) {
                        let known = KNOWN_FEATURES.contains(&key.as_str());
                        if key != "done" {
                            let verdict = if known { "accepted" } else { "rejected" };
                            e.proc.send(&format!("{verdict} {key}"));
                        }
                        let on = value == "1";
                        match key.as_str() {
                            "ping" => e.xb.ping = on,
                            "setboard" => e.xb.setboard = on,
                            "san" => e.xb.san = on,
                            "usermove" => e.xb.usermove = on,
                            "time" => e.xb.time = on,
                            "reuse" => e.xb.reuse = on,
                            "myname" => e.xb.myname = Some(value.clone()),
                            "variants" => {
                                e.xb.variants =
                                    Some(value.split(',').map(|v| v.trim().to_string()).collect())
                            }
                            "done" if on => break 'handshake,
                            "done" => deadline = Instant::now() + FEATURE_WAIT,
                            _ => {}
                        }
                    }
                }
                Recv::Eof => return Err(e.fail("the engine exited during the XBoard handshake")),
                Recv::Timeout => break,
                Recv::Stopped => unreachable!("no stop channel"),
            }
        }
        e.reported_name = e.xb.myname.clone();
        e.restart_each_game = !e.xb.reuse;
        if e.sync(None).is_err() {
            return Err(e.fail("no pong after ping"));
        }
        Ok(e)
    }

    /// Checks that the engine can play `variant` from FEN positions if
    /// `needs_fen`; the message names the problem.
    pub fn check_support(&self, variant: VariantId, needs_fen: bool) -> Result<(), String> {
        match self.proto {
            Proto::Uci => {
                if variant != VariantId::Chess
                    && !self.uci_variants.iter().any(|v| v == variant.name())
                {
                    return Err(format!(
                        "does not offer variant {variant} (no UCI_Variant option with it)"
                    ));
                }
            }
            Proto::Xboard => {
                let xb_name = variant.xboard_name();
                let listed = match &self.xb.variants {
                    Some(list) => list.iter().any(|v| v == xb_name),
                    None => xb_name == "normal",
                };
                if !listed && !self.xb.featured {
                    return Err(format!(
                        "gave no handshake (no uciok after uci, no feature after protover 2), \
                         so it offers no variant {variant}"
                    ));
                }
                if !listed {
                    return Err(format!(
                        "does not offer variant {variant} (feature variants)"
                    ));
                }
                if needs_fen && !self.xb.setboard {
                    return Err("cannot set up positions (no feature setboard=1)".to_string());
                }
            }
        }
        Ok(())
    }

    /// Waits until the engine has processed everything sent so far
    /// (`isready`/`readyok`, XBoard `ping`/`pong` where supported).
    /// Partner messages that arrive meanwhile are kept for `poll_reply`.
    fn sync(&mut self, stop: Option<&Receiver<()>>) -> Result<(), Fault> {
        let expect = match self.proto {
            Proto::Uci => {
                if !self.proc.send("isready") {
                    return Err(Fault::Crash);
                }
                "readyok".to_string()
            }
            Proto::Xboard => {
                if !self.xb.ping {
                    return if self.proc.drain() {
                        Ok(())
                    } else {
                        Err(Fault::Crash)
                    };
                }
                self.ping += 1;
                if !self.proc.send(&format!("ping {}", self.ping)) {
                    return Err(Fault::Crash);
                }
                format!("pong {}", self.ping)
            }
        };
        let deadline = Instant::now() + SYNC_WAIT;
        loop {
            match self.proc.recv(deadline, stop) {
                Recv::Line(l, _) if l.trim() == expect => return Ok(()),
                Recv::Line(l, at) => {
                    if let Some(Reply::Tell(text)) = self.interpret(&l, at) {
                        self.held_tells.push_back(text);
                    }
                }
                Recv::Eof => return Err(Fault::Crash),
                Recv::Timeout => return Err(Fault::Stall),
                Recv::Stopped => return Err(Fault::Stopped),
            }
        }
    }

    /// Prepares a new game of `variant` from `start_fen` (or the start
    /// position).
    pub fn new_game(
        &mut self,
        variant: VariantId,
        start_fen: Option<&str>,
        tc: &TimeControl,
        post: bool,
        stop: &Receiver<()>,
    ) -> Result<(), Fault> {
        if !self.proc.drain() {
            return Err(Fault::Crash);
        }
        self.known = 0;
        self.playing = false;
        self.last_score = None;
        self.held_tells.clear();
        let mut lines = Vec::new();
        match self.proto {
            Proto::Uci => {
                // An engine with UCI_Variant is told chess too: the same
                // process may have played another variant before (a gui
                // changes variants between games).
                let chess = VariantId::Chess;
                if variant != chess || self.uci_variants.iter().any(|v| v == chess.name()) {
                    lines.push(format!("setoption name UCI_Variant value {variant}"));
                }
                lines.push("ucinewgame".to_string());
            }
            Proto::Xboard => {
                lines.push("new".to_string());
                if variant != VariantId::Chess {
                    lines.push(format!("variant {}", variant.xboard_name()));
                }
                lines.push("force".to_string());
                if let Some(fen) = start_fen {
                    lines.push(format!("setboard {fen}"));
                }
                lines.push(format!(
                    "level {} {} {}",
                    tc.moves,
                    xboard_base(tc.base),
                    trim_seconds(tc.inc)
                ));
                lines.push(if post { "post" } else { "nopost" }.to_string());
                lines.push("easy".to_string());
                lines.push("computer".to_string());
            }
        }
        for l in &lines {
            if !self.proc.send(l) {
                return Err(Fault::Crash);
            }
        }
        self.sync(Some(stop))
    }

    /// Sends the game so far and starts the engine thinking; returns the
    /// moment the request was complete.
    pub fn request_move(&mut self, game: &GameView, clock: &ClockInfo) -> Result<Instant, Fault> {
        if !self.discard_stale_output() {
            return Err(Fault::Crash);
        }
        self.last_score = None;
        let mut lines = Vec::new();
        match self.proto {
            Proto::Uci => {
                lines.push(uci_position(game));
                let mut go = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    clock.wtime.max(0),
                    clock.btime.max(0),
                    clock.inc,
                    clock.inc
                );
                if let Some(n) = clock.movestogo {
                    go.push_str(&format!(" movestogo {n}"));
                }
                lines.push(go);
            }
            Proto::Xboard => {
                let pending = game.coords.len() - self.known.min(game.coords.len());
                let (own, opp) = if clock.white {
                    (clock.wtime, clock.btime)
                } else {
                    (clock.btime, clock.wtime)
                };
                let times = if self.xb.time {
                    vec![
                        format!("time {}", (own.max(0) + 5) / 10),
                        format!("otim {}", (opp.max(0) + 5) / 10),
                    ]
                } else {
                    Vec::new()
                };
                if self.playing && pending == 1 {
                    lines.extend(times);
                    lines.push(self.xboard_move(game, game.coords.len() - 1));
                } else {
                    if self.playing {
                        lines.push("force".to_string());
                    }
                    for i in game.coords.len() - pending..game.coords.len() {
                        lines.push(self.xboard_move(game, i));
                    }
                    lines.extend(times);
                    lines.push("go".to_string());
                    self.playing = true;
                }
            }
        }
        for l in &lines {
            if !self.proc.send(l) {
                return Err(Fault::Crash);
            }
        }
        let sent = Instant::now();
        self.known = game.coords.len();
        Ok(sent)
    }

    fn xboard_move(&self, game: &GameView, i: usize) -> String {
        let m = match (self.xb.san, game.sans) {
            (true, Some(sans)) => &sans[i],
            _ => &game.coords[i],
        };
        if self.xb.usermove {
            format!("usermove {m}")
        } else {
            m.clone()
        }
    }

    /// Waits for the reply to a move request until `deadline`.
    pub fn wait_reply(&mut self, deadline: Instant, stop: Option<&Receiver<()>>) -> Reply {
        loop {
            let (line, at) = match self.proc.recv(deadline, stop) {
                Recv::Line(l, at) => (l, at),
                Recv::Eof => return Reply::Crash,
                Recv::Timeout => return Reply::Timeout,
                Recv::Stopped => return Reply::Stopped,
            };
            match self.interpret(&line, at) {
                None | Some(Reply::Tell(_)) => {}
                Some(r) => return r,
            }
        }
    }

    /// The next reply already received, without waiting: `None` when the
    /// engine has said nothing that matters yet (lines without meaning to
    /// the arbiter are consumed).
    pub fn poll_reply(&mut self) -> Option<Reply> {
        if let Some(text) = self.held_tells.pop_front() {
            return Some(Reply::Tell(text));
        }
        loop {
            match self.proc.recv(Instant::now(), None) {
                Recv::Line(l, at) => {
                    if let Some(r) = self.interpret(&l, at) {
                        return Some(r);
                    }
                }
                Recv::Eof => return Some(Reply::Crash),
                Recv::Timeout | Recv::Stopped => return None,
            }
        }
    }

    /// Whether `poll_reply` has a reply without new output (a partner
    /// message kept while stale output was discarded).
    pub fn has_held_reply(&self) -> bool {
        !self.held_tells.is_empty()
    }

    /// Discards output already received, except partner messages, which
    /// are kept for `poll_reply`; false if the engine has exited.
    fn discard_stale_output(&mut self) -> bool {
        loop {
            match self.proc.recv(Instant::now(), None) {
                Recv::Line(l, at) => {
                    if let Some(Reply::Tell(text)) = self.interpret(&l, at) {
                        self.held_tells.push_back(text);
                    }
                }
                Recv::Eof => return false,
                Recv::Timeout | Recv::Stopped => return true,
            }
        }
    }

    /// Adds the engine's output to `sel` (to wait on several engines at
    /// once); returns the operation's index in `sel`.
    pub fn watch<'a>(&'a self, sel: &mut Select<'a>) -> usize {
        sel.recv(&self.proc.rx)
    }

    /// What one line of output means to the arbiter, if anything.
    fn interpret(&mut self, line: &str, at: Instant) -> Option<Reply> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        match self.proto {
            Proto::Uci => match first {
                "bestmove" => {
                    return Some(Reply::Move(words.next().unwrap_or("").to_string(), at));
                }
                "info" => {
                    if let Some(t) = uci_thinking(line) {
                        if let Some(s) = t.score {
                            self.last_score = Some(s.centipawns());
                        }
                        self.keep_thinking(t);
                    }
                }
                _ => {}
            },
            Proto::Xboard => {
                if first == "move" {
                    return Some(Reply::Move(words.next().unwrap_or("").to_string(), at));
                }
                if let Some(m) = line.strip_prefix("My move is") {
                    let m = m.trim_start_matches([' ', ':']).trim();
                    return Some(Reply::Move(m.to_string(), at));
                }
                if first == "resign" {
                    return Some(Reply::Resign);
                }
                if matches!(first, "1-0" | "0-1" | "1/2-1/2") {
                    let comment = line
                        .trim()
                        .split_once(char::is_whitespace)
                        .map_or("", |(_, rest)| rest.trim());
                    let comment = comment.trim_start_matches('{').trim_end_matches('}');
                    return Some(Reply::Claim(first.to_string(), comment.to_string()));
                }
                if line.starts_with("Illegal move") {
                    return Some(Reply::Rejected(line.to_string()));
                }
                if let Some(text) = line.strip_prefix("tellics ptell ") {
                    return Some(Reply::Tell(text.trim().to_string()));
                }
                if let Some(t) = xboard_thinking(line) {
                    if let Some(s) = t.score {
                        self.last_score = Some(s.centipawns());
                    }
                    self.keep_thinking(t);
                }
            }
        }
        None
    }

    /// Starts or ends the collection of thinking output (cleared either
    /// way); [`Engine::take_thinking`] hands it over.
    pub fn collect_thinking(&mut self, on: bool) {
        self.thinking = on.then(Vec::new);
    }

    /// The thinking lines read since the last call, oldest first.
    pub fn take_thinking(&mut self) -> Vec<Thinking> {
        self.thinking
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn keep_thinking(&mut self, t: Thinking) {
        if let Some(list) = self.thinking.as_mut() {
            // A reader that never takes them must not grow without bound.
            if list.len() >= 1000 {
                list.remove(0);
            }
            list.push(t);
        }
    }

    /// Starts an analysis without end of the game so far: UCI `position`
    /// and `go infinite`, XBoard the moves it has not heard and `analyze`
    /// (after `new_game`, so from a known board). Thinking output goes to
    /// [`Engine::take_thinking`] when collected; [`Engine::stop_analysis`]
    /// ends it.
    pub fn analyze(&mut self, game: &GameView) -> Result<(), Fault> {
        if !self.discard_stale_output() {
            return Err(Fault::Crash);
        }
        let mut lines = Vec::new();
        match self.proto {
            Proto::Uci => {
                lines.push(uci_position(game));
                lines.push("go infinite".to_string());
            }
            Proto::Xboard => {
                if self.playing {
                    lines.push("force".to_string());
                    self.playing = false;
                }
                let pending = game.coords.len() - self.known.min(game.coords.len());
                for i in game.coords.len() - pending..game.coords.len() {
                    lines.push(self.xboard_move(game, i));
                }
                lines.push("post".to_string());
                lines.push("analyze".to_string());
            }
        }
        for l in &lines {
            if !self.proc.send(l) {
                return Err(Fault::Crash);
            }
        }
        self.known = game.coords.len();
        Ok(())
    }

    /// Ends an analysis started by [`Engine::analyze`] and waits until the
    /// engine is idle (UCI: `stop` and its `bestmove`; XBoard: `exit` and
    /// a `ping`), at most [`SYNC_WAIT`].
    pub fn stop_analysis(&mut self) -> Result<(), Fault> {
        match self.proto {
            Proto::Uci => {
                if !self.proc.send("stop") {
                    return Err(Fault::Crash);
                }
                self.wait_for_move(Instant::now() + SYNC_WAIT)
            }
            Proto::Xboard => {
                if !self.proc.send("exit") {
                    return Err(Fault::Crash);
                }
                self.sync(None)
            }
        }
    }

    /// Ends a search started by [`Engine::request_move`] before it
    /// answered: the engine is told to move now and its move is read and
    /// dropped (at most `wait`). An XBoard engine has then played that move
    /// on its own board: start a `new_game` before the next request.
    pub fn abort_search(&mut self, wait: Duration) -> Result<(), Fault> {
        self.interrupt();
        self.wait_for_move(Instant::now() + wait)
    }

    /// Reads output until the engine's move (or resignation, claim,
    /// refusal) arrives, before `deadline`.
    fn wait_for_move(&mut self, deadline: Instant) -> Result<(), Fault> {
        match self.wait_reply(deadline, None) {
            Reply::Crash => Err(Fault::Crash),
            Reply::Timeout => Err(Fault::Stall),
            _ => Ok(()),
        }
    }

    /// Sends one line as it is; false when the engine's input is closed.
    pub fn send_line(&mut self, line: &str) -> bool {
        self.proc.send(line)
    }

    /// XBoard: tells the engine its partner's name (team games).
    pub fn partner(&mut self, name: &str) {
        if self.proto == Proto::Xboard {
            self.proc
                .send(&format!("partner {}", name.replace(' ', "_")));
        }
    }

    /// XBoard: the holdings of the engine's board (team games), White's
    /// pieces then Black's, upper-case letters (`holding [QN] [PP]`).
    pub fn holding(&mut self, white: &str, black: &str) {
        if self.proto == Proto::Xboard {
            self.proc.send(&format!("holding [{white}] [{black}]"));
        }
    }

    /// XBoard: relays a partner's message (`ptell <text>`).
    pub fn ptell(&mut self, text: &str) {
        if self.proto == Proto::Xboard {
            self.proc.send(&format!("ptell {text}"));
        }
    }

    /// XBoard: takes back the engine's own last move, which the arbiter did
    /// not play (a confiscated drop, Swedish S4); the next request starts it
    /// thinking again on the same position.
    pub fn take_back_own_move(&mut self) {
        if self.proto == Proto::Xboard && self.playing {
            self.proc.send("force");
            self.proc.send("undo");
            self.playing = false;
        }
    }

    /// Tells a thinking engine to move now (`stop`, XBoard `?`).
    pub fn interrupt(&mut self) {
        match self.proto {
            Proto::Uci => self.proc.send("stop"),
            Proto::Xboard => self.proc.send("?"),
        };
    }

    /// Notes that the engine's own move has been played.
    pub fn own_move_played(&mut self) {
        self.known += 1;
    }

    /// Tells the engine the game is over (XBoard `result`).
    pub fn game_over(&mut self, result: &str, comment: &str) {
        if self.proto == Proto::Xboard {
            self.proc.send(&format!("result {result} {{{comment}}}"));
            self.proc.send("force");
        }
    }

    /// Kills the process (after a stall).
    pub fn kill(&mut self) {
        self.proc.kill();
    }
}

/// `level` base time: minutes, or `MIN:SS` (whole seconds, at least one).
fn xboard_base(base: Duration) -> String {
    let secs = (base.as_secs_f64().round() as u64).max(1);
    if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// UCI `position` for the game so far.
fn uci_position(game: &GameView) -> String {
    let mut pos = match game.start_fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if !game.coords.is_empty() {
        pos.push_str(" moves");
        for m in game.coords {
            pos.push(' ');
            pos.push_str(m);
        }
    }
    pos
}

/// An engine's evaluation, from the point of view of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, a mate as ±([`MATE`] − n).
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(n) => n,
            Score::Mate(n) if n > 0 => MATE - n,
            Score::Mate(n) => -MATE - n,
        }
    }
}

/// One line of an engine's thinking: a UCI `info` line with a score or a
/// principal variation, or XBoard thinking output. The moves are as the
/// engine wrote them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Search depth (plies).
    pub depth: Option<u32>,
    /// The evaluation, side to move's view.
    pub score: Option<Score>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Time spent, milliseconds.
    pub time_ms: Option<u64>,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// A UCI `info` line with a score or a `pv`, as [`Thinking`].
fn uci_thinking(line: &str) -> Option<Thinking> {
    let mut t = Thinking::default();
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "depth" => t.depth = words.next()?.parse().ok(),
            "nodes" => t.nodes = words.next()?.parse().ok(),
            "time" => t.time_ms = words.next()?.parse().ok(),
            "score" => {
                let kind = words.next()?;
                let n: i32 = words.next()?.parse().ok()?;
                t.score = match kind {
                    "cp" => Some(Score::Cp(n)),
                    "mate" => Some(Score::Mate(n)),
                    _ => None,
                };
            }
            "pv" => {
                t.pv = words.by_ref().map(str::to_string).collect();
            }
            // Its text runs to the end of the line.
            "string" => break,
            _ => {}
        }
    }
    (t.score.is_some() || !t.pv.is_empty()).then_some(t)
}

/// XBoard thinking output `ply score time nodes pv...` (time in
/// centiseconds), as [`Thinking`].
fn xboard_thinking(line: &str) -> Option<Thinking> {
    let mut words = line.split_whitespace();
    let ply = words.next()?.trim_end_matches(['.', '&']);
    let depth = ply.parse::<u32>().ok()?;
    let score: i32 = words.next()?.parse().ok()?;
    let centis = words.next()?.parse::<i64>().ok()?;
    let nodes = words.next()?.parse::<u64>().ok()?;
    Some(Thinking {
        depth: Some(depth),
        score: Some(Score::Cp(score)),
        nodes: Some(nodes),
        time_ms: Some(centis.max(0) as u64 * 10),
        pv: words.map(str::to_string).collect(),
    })
}

/// The score of a UCI `info` line in centipawns, mates as ±(MATE - n).
#[cfg(test)]
fn uci_score(line: &str) -> Option<i32> {
    uci_thinking(line)?.score.map(Score::centipawns)
}

/// The score of XBoard thinking output `ply score time nodes pv...`.
#[cfg(test)]
fn xboard_score(line: &str) -> Option<i32> {
    xboard_thinking(line)?.score.map(Score::centipawns)
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

    #[test]
    fn scores() {
        assert_eq!(
            uci_score("info depth 5 score cp -31 nodes 100 pv e2e4"),
            Some(-31)
        );
        assert_eq!(
            uci_score("info depth 5 score mate 3 pv e2e4"),
            Some(MATE - 3)
        );
        assert_eq!(uci_score("info depth 5 score mate -2"), Some(-MATE + 2));
        assert_eq!(uci_score("info string hello"), None);
        assert_eq!(xboard_score(" 7  -45  120  35611 e2e4 e7e5"), Some(-45));
        assert_eq!(xboard_score("7. 12 0 10"), Some(12));
        assert_eq!(xboard_score("tellusers hello"), None);
    }

    #[test]
    fn thinking_lines() {
        let t = uci_thinking(
            "info depth 7 seldepth 9 multipv 1 score mate -2 nodes 1234 nps 9 time 56 pv e2e4 e7e5",
        )
        .unwrap();
        assert_eq!(
            t,
            Thinking {
                depth: Some(7),
                score: Some(Score::Mate(-2)),
                nodes: Some(1234),
                time_ms: Some(56),
                pv: vec!["e2e4".into(), "e7e5".into()],
            }
        );
        assert_eq!(uci_thinking("info depth 3 currmove e2e4"), None);
        assert_eq!(uci_thinking("info string score cp 5"), None);
        assert_eq!(uci_thinking("info depth x score cp 5").unwrap().depth, None);
        let t = xboard_thinking("9& 31 250 40000 Nf3 Nc6").unwrap();
        assert_eq!(t.time_ms, Some(2500));
        assert_eq!(t.pv, ["Nf3", "Nc6"]);
    }

    #[test]
    fn level_base() {
        assert_eq!(xboard_base(Duration::from_secs(90)), "1:30");
        assert_eq!(xboard_base(Duration::from_secs(120)), "2");
        assert_eq!(xboard_base(Duration::from_millis(500)), "0:01");
    }
}
