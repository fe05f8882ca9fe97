//! An engine as the arbiter speaks to it, whatever its protocol: started,
//! told of a new game, asked for a move or an analysis, its replies read.
//!
//! Layout: [`Engine`] here is the session, protocol-neutral; it runs a
//! `process` (the child, its output stamped with the time each line
//! arrived, the end of its standard error kept by [`stderr_tail`]) and
//! speaks through a `client`: the `uci` or the `xboard` one, each the
//! protocol's text in and out. `thinking` is what engines say while they
//! think.

mod client;
mod process;
pub mod stderr_tail;
mod thinking;
mod uci;
mod xboard;

pub use process::{Process, Recv};
pub use thinking::{Score, Thinking, MATE};
pub use xboard::FEATURE_WAIT;

use super::level::{same_option, Level};
use super::options::{EngineSpec, Proto, TimeControl};
pub use client::Needs;
use client::{Client, Heard, Settled};
use crossbeam::channel::{Receiver, Select};
use movegen::VariantId;
use std::collections::VecDeque;
use std::fmt;
use std::time::{Duration, Instant};
use stderr_tail::report;
use thinking::Collected;

/// How long an engine may take to answer `uci` before XBoard is tried.
pub const DETECT_WAIT: Duration = Duration::from_secs(2);
/// How long a handshake, `isready` or `ping` may take otherwise.
pub const SYNC_WAIT: Duration = Duration::from_secs(10);

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
    /// Ends a failed start: kills `proc` and keeps `message` with the end
    /// of its standard error.
    fn ending(mut proc: Process, message: &str) -> StartError {
        proc.kill();
        StartError {
            message: message.to_string(),
            stderr: proc.stderr_tail(),
        }
    }

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
    client: Box<dyn Client>,
    /// The protocol it speaks.
    pub proto: Proto,
    /// The name it gave (`id name`, `myname`), if any.
    pub reported_name: Option<String>,
    /// The last score (centipawns, engine's view) reported during the last
    /// search.
    pub last_score: Option<i32>,
    /// The engine asked to be restarted between games (XBoard `reuse=0`).
    pub restart_each_game: bool,
    /// Partner messages that arrived while stale output was discarded,
    /// waiting for `poll_reply`.
    held_tells: VecDeque<String>,
    /// Thinking output kept for [`Engine::take_thinking`], when collected.
    thinking: Collected,
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
            Some(Proto::Uci) => Self::open(spec, label, debug, |p| uci::handshake(p, SYNC_WAIT)),
            Some(Proto::Xboard) => Self::open(spec, label, debug, xboard::handshake),
            None => Self::detect(spec, label, debug),
        };
        started.map(|mut e| {
            e.proc.watch_end();
            e
        })
    }

    /// Starts the engine of `spec` as a UCI engine, and if it does not
    /// answer as one, as an XBoard engine.
    fn detect(spec: &EngineSpec, label: &str, debug: bool) -> Result<Engine, StartError> {
        match Self::open(spec, label, debug, |p| uci::handshake(p, DETECT_WAIT)) {
            Ok(e) => Ok(e),
            Err(e) if e.message.starts_with("cannot start") => Err(e),
            Err(uci) => Self::open(spec, label, debug, xboard::handshake).map_err(|e| StartError {
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
        }
    }

    /// Starts the process of `spec`, makes its client by `handshake` and
    /// waits until the engine is ready.
    fn open<C: Client + 'static>(
        spec: &EngineSpec,
        label: &str,
        debug: bool,
        handshake: impl FnOnce(&mut Process) -> Result<C, &'static str>,
    ) -> Result<Engine, StartError> {
        let mut proc = Process::spawn(&spec.argv, label, debug).map_err(|message| StartError {
            message,
            stderr: Vec::new(),
        })?;
        let client = match handshake(&mut proc) {
            Ok(client) => client,
            Err(why) => return Err(StartError::ending(proc, why)),
        };
        let mut e = Engine::new(proc, Box::new(client));
        if e.sync(None).is_err() {
            let why = e.client.sync_failure();
            return Err(StartError::ending(e.proc, why));
        }
        Ok(e)
    }

    fn new(proc: Process, client: Box<dyn Client>) -> Engine {
        Engine {
            proc,
            proto: client.proto(),
            reported_name: client.name().map(str::to_string),
            restart_each_game: client.restart_each_game(),
            client,
            last_score: None,
            held_tells: VecDeque::new(),
            thinking: Collected::default(),
        }
    }

    /// The name the engine is reported under (and shown with `--debug`).
    pub fn set_name(&mut self, name: &str) {
        self.proc.set_label(name);
    }

    /// Checks that the engine can play `variant` from FEN positions if
    /// `needs_fen`; the message names the problem.
    pub fn check_support(&self, variant: VariantId, needs: Needs) -> Result<(), String> {
        self.client.check_support(variant, needs)
    }

    /// Waits until the engine has processed everything sent so far
    /// (`isready`/`readyok`, XBoard `ping`/`pong` where supported).
    /// Partner messages that arrive meanwhile are kept for `poll_reply`.
    fn sync(&mut self, stop: Option<&Receiver<()>>) -> Result<(), Fault> {
        let Some((question, answer)) = self.client.sync_request() else {
            return if self.proc.drain() {
                Ok(())
            } else {
                Err(Fault::Crash)
            };
        };
        if !self.proc.send(&question) {
            return Err(Fault::Crash);
        }
        let deadline = Instant::now() + SYNC_WAIT;
        loop {
            match self.proc.recv(deadline, stop) {
                Recv::Line(l, _) if l.trim() == answer => return Ok(()),
                Recv::Line(l, at) => self.hold_tell(&l, at),
                Recv::Eof => return Err(Fault::Crash),
                Recv::Timeout => return Err(Fault::Stall),
                Recv::Stopped => return Err(Fault::Stopped),
            }
        }
    }

    /// The lines that set the engine's playing `level` through its options
    /// (see [`crate::level`]). An engine without the options is taken to
    /// play at full strength: full strength then needs no line, any other
    /// level is refused, naming the option it lacks.
    pub fn level_lines(&self, level: &Level) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        for (name, value, needed) in level.options() {
            match self
                .client
                .options()
                .iter()
                .find(|o| same_option(&o.name, name))
            {
                Some(own) => {
                    own.check(&value)?;
                    lines.push(self.client.option_line(&own.name, &value));
                }
                None if needed => return Err(format!("has no {name} option")),
                None => {}
            }
        }
        Ok(lines)
    }

    /// Sets the engine's playing `level` (refused as by
    /// [`Engine::level_lines`]) and waits until it has taken it.
    pub fn set_level(&mut self, level: &Level) -> Result<(), String> {
        let lines = self.level_lines(level)?;
        if !self.proc.send_all(&lines) {
            return Err("exited".to_string());
        }
        self.sync(None).map_err(|f| match f {
            Fault::Stall => "does not answer".to_string(),
            _ => "exited".to_string(),
        })
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
        self.last_score = None;
        self.held_tells.clear();
        let lines = self.client.new_game(variant, start_fen, tc, post);
        if !self.proc.send_all(&lines) {
            return Err(Fault::Crash);
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
        let lines = self.client.request_move(game, clock);
        if !self.proc.send_all(&lines) {
            return Err(Fault::Crash);
        }
        Ok(Instant::now())
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
                Recv::Line(l, at) => self.hold_tell(&l, at),
                Recv::Eof => return false,
                Recv::Timeout | Recv::Stopped => return true,
            }
        }
    }

    /// Reads a line out of turn: a partner message in it is kept for
    /// `poll_reply`, anything else that matters is dropped.
    fn hold_tell(&mut self, line: &str, at: Instant) {
        if let Some(Reply::Tell(text)) = self.interpret(line, at) {
            self.held_tells.push_back(text);
        }
    }

    /// Adds the engine's output to `sel` (to wait on several engines at
    /// once); returns the operation's index in `sel`.
    pub fn watch<'a>(&'a self, sel: &mut Select<'a>) -> usize {
        self.proc.watch(sel)
    }

    /// What one line of output means to the arbiter, if anything; a
    /// thinking line is noted (its score) and kept, when collected.
    fn interpret(&mut self, line: &str, at: Instant) -> Option<Reply> {
        match self.client.read(line.trim(), at)? {
            Heard::Reply(r) => Some(r),
            Heard::Thinking(t) => {
                if let Some(s) = t.score {
                    self.last_score = Some(s.centipawns());
                }
                self.thinking.keep(t);
                None
            }
        }
    }

    /// Starts or ends the collection of thinking output (cleared either
    /// way); [`Engine::take_thinking`] hands it over.
    pub fn collect_thinking(&mut self, on: bool) {
        self.thinking.set(on);
    }

    /// The thinking lines read since the last call, oldest first.
    pub fn take_thinking(&mut self) -> Vec<Thinking> {
        self.thinking.take()
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
        let lines = self.client.analyze(game);
        if !self.proc.send_all(&lines) {
            return Err(Fault::Crash);
        }
        Ok(())
    }

    /// Ends an analysis started by [`Engine::analyze`] and waits until the
    /// engine is idle (UCI: `stop` and its `bestmove`; XBoard: `exit` and
    /// a `ping`), at most [`SYNC_WAIT`].
    pub fn stop_analysis(&mut self) -> Result<(), Fault> {
        let (line, settled) = self.client.stop_analysis();
        if !self.proc.send(line) {
            return Err(Fault::Crash);
        }
        match settled {
            Settled::Moved => self.wait_for_move(Instant::now() + SYNC_WAIT),
            Settled::Synced => self.sync(None),
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

    /// Sends each of `lines`, whether or not the one before could be
    /// written.
    fn tell(&mut self, lines: impl IntoIterator<Item = String>) {
        for l in lines {
            self.proc.send(&l);
        }
    }

    /// XBoard: tells the engine its partner's name (team games).
    pub fn partner(&mut self, name: &str) {
        self.tell(self.client.partner(name));
    }

    /// XBoard: the holdings of the engine's board (team games), White's
    /// pieces then Black's, upper-case letters (`holding [QN] [PP]`).
    pub fn holding(&mut self, white: &str, black: &str) {
        self.tell(self.client.holding(white, black));
    }

    /// XBoard: relays a partner's message (`ptell <text>`).
    pub fn ptell(&mut self, text: &str) {
        self.tell(self.client.ptell(text));
    }

    /// XBoard: takes back the engine's own last move, which the arbiter did
    /// not play (a confiscated drop, Swedish S4); the next request starts it
    /// thinking again on the same position.
    pub fn take_back_own_move(&mut self) {
        let lines = self.client.take_back_own_move();
        self.tell(lines);
    }

    /// Tells a thinking engine to move now (`stop`, XBoard `?`).
    pub fn interrupt(&mut self) {
        self.proc.send(self.client.interrupt());
    }

    /// Notes that the engine's own move has been played.
    pub fn own_move_played(&mut self) {
        self.client.own_move_played();
    }

    /// Tells the engine the game is over (XBoard `result`).
    pub fn game_over(&mut self, result: &str, comment: &str) {
        self.tell(self.client.game_over(result, comment));
    }

    /// Kills the process (after a stall).
    pub fn kill(&mut self) {
        self.proc.kill();
    }
}
