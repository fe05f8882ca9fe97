//! The UCI dialect (see `docs/protocols.md`). Searches run in the background;
//! their `info` lines are written by the search thread as they come, and the
//! `bestmove` by this loop when the search's result arrives as an event, so
//! every `info` precedes its `bestmove` and every `go` gets one `bestmove`.

use crate::core::{
    max_hash_mb, parse_bool, parse_int, split_command, Core, Flow, DEFAULT_HASH_MB,
    DEFAULT_OVERHEAD_MS, MAX_MULTIPV, MAX_OVERHEAD_MS, MAX_THREADS,
};
use crate::event::{Event, Out};
use crate::session::{new_session, Session, SetupError};
use crate::team_talk::sit_message;
use crossbeam::channel::Sender;
use engine::strength::{ELO_MAX, ELO_MIN};
use engine::{Limits, Reporter, ScoreBound, SearchHandle, SearchInfo, SearchResult};
use movegen::{Color, VariantId};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The engine's name with its version.
pub fn engine_name() -> String {
    format!("vsadnik {}", env!("CARGO_PKG_VERSION"))
}

/// Longest piece of an unknown command echoed back.
const ECHO_MAX: usize = 200;

/// `text` cut to [`ECHO_MAX`] characters for messages.
pub fn echo(text: &str) -> String {
    if text.chars().count() <= ECHO_MAX {
        text.to_string()
    } else {
        let cut: String = text.chars().take(ECHO_MAX).collect();
        format!("{cut}...")
    }
}

/// A UCI `info` line for one progress report.
pub fn info_line(i: &SearchInfo) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}",
        i.depth, i.seldepth, i.multipv, i.score
    );
    match i.bound {
        ScoreBound::Lower => s.push_str(" lowerbound"),
        ScoreBound::Upper => s.push_str(" upperbound"),
        ScoreBound::Exact => {}
    }
    s.push_str(&format!(
        " nodes {} nps {} hashfull {} time {}",
        i.nodes, i.nps, i.hashfull, i.time_ms
    ));
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv.join(" "));
    }
    s
}

/// The `go perft` answer: a line per root move, a blank line, the total.
fn perft_lines(depth: u32, counts: &[(String, u64)]) -> Vec<String> {
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    let mut lines: Vec<String> = counts.iter().map(|(m, n)| format!("{m}: {n}")).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines
}

/// The `bestmove` line of a result.
pub fn bestmove_line(r: &SearchResult) -> String {
    match (&r.best, &r.ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

struct UciReporter {
    out: Out,
    tx: Sender<Event>,
    id: u64,
}

impl Reporter for UciReporter {
    fn info(&self, info: &SearchInfo) {
        self.out.line(&info_line(info));
    }
    fn finished(&self, result: &SearchResult) {
        let _ = self.tx.send(Event::SearchDone {
            id: self.id,
            result: result.clone(),
        });
    }
    fn progress(&self, nodes: u64, time_ms: u64) {
        let nps = nodes * 1000 / time_ms.max(1);
        self.out
            .line(&format!("info nodes {nodes} nps {nps} time {time_ms}"));
    }
    fn warn(&self, text: &str) {
        self.out.line(&format!("info string Error: {text}"));
    }
    fn note(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }
}

struct Running {
    id: u64,
    handle: SearchHandle,
}

/// UCI state: the current position and the running search.
pub struct Uci {
    core: Core,
    session: Box<dyn Session>,
    ponder: bool,
    running: Option<Running>,
    /// A `go perft` counting: its stop flag and thread.
    perft_run: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
    /// A `go infinite`/`go ponder` found no legal move: `bestmove (none)`
    /// waits for `stop` or `ponderhit`.
    none_pending: bool,
    /// Why the last `position` was refused: until a valid one arrives, `go`
    /// answers `bestmove 0000` (the GUI's position is not ours).
    refused: Option<String>,
    /// `UCI_Chess960`: positions are read in Chess960's form (castling as
    /// the king taking its own rook).
    chess960: bool,
}

/// Commands that end a `searchmoves` list.
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

impl Uci {
    /// UCI on `core`, at the default variant's start position.
    pub fn new(core: Core) -> Uci {
        let session = new_session(VariantId::DEFAULT);
        Uci::with_session(core, session)
    }

    /// UCI on `core`, going on with the game `session` (after XBoard).
    pub fn with_session(core: Core, session: Box<dyn Session>) -> Uci {
        Uci {
            core,
            session,
            ponder: false,
            running: None,
            perft_run: None,
            none_pending: false,
            refused: None,
            chess960: false,
        }
    }

    /// A new game of `variant`, in Chess960's form when `UCI_Chess960` is on.
    fn fresh_session(&self, variant: VariantId) -> Box<dyn Session> {
        let mut s = new_session(variant);
        s.set_chess960(self.chess960);
        s
    }

    /// Ends any search (printing its `bestmove`) and hands back the core
    /// and the game.
    pub fn into_parts(mut self) -> (Core, Box<dyn Session>) {
        self.finish_search();
        (self.core, self.session)
    }

    fn say(&self, text: &str) {
        self.core.out.line(&format!("info string {text}"));
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (cmd, rest) = split_command(line);
        if cmd.is_empty() {
            return Flow::Continue;
        }
        match cmd {
            "uci" => self.cmd_uci(),
            "isready" => self.core.out.line("readyok"),
            "debug" | "register" => {}
            "setoption" => self.cmd_setoption(rest),
            "ucinewgame" => {
                self.finish_search();
                self.core.engine.clear_hash();
                self.session = self.fresh_session(self.session.variant());
                self.refused = None;
            }
            "position" => self.cmd_position(rest),
            "go" => self.cmd_go(rest),
            "stop" => self.cmd_stop(),
            "ponderhit" => self.cmd_ponderhit(),
            "quit" => {
                self.finish_search();
                return Flow::Quit;
            }
            "d" => self.cmd_display(),
            "eval" => self.cmd_eval(),
            _ => self.say(&format!("Unknown command: {}", echo(line))),
        }
        Flow::Continue
    }

    /// An input line was too long to read.
    pub fn too_long(&mut self, len: usize) {
        self.say(&format!("Input line of {len} bytes ignored (too long)"));
    }

    /// A search's result arrived.
    pub fn search_done(&mut self, id: u64, result: SearchResult) {
        if self.running.as_ref().is_some_and(|r| r.id == id) {
            self.running = None;
            self.core.out.line(&bestmove_line(&result));
        }
    }

    /// Input ended: a `go perft` is counted to its end (as a script piping
    /// `go perft D` expects; `quit` or `stop` would stop it), then the
    /// engine stops like on `quit`.
    pub fn end_of_input(&mut self) {
        if let Some((_, thread)) = self.perft_run.take() {
            let _ = thread.join();
        }
    }

    /// `quit` or the end of input: stop searching.
    pub fn shutdown(&mut self) {
        self.finish_search();
    }

    /// Stops a running search and prints its `bestmove` now (and stops a
    /// running `go perft`).
    fn finish_search(&mut self) {
        self.finish_perft();
        if let Some(r) = self.running.take() {
            r.handle.stop();
            let result = r.handle.wait();
            self.core.out.line(&bestmove_line(&result));
        }
        if self.none_pending {
            self.none_pending = false;
            self.core.out.line("bestmove (none)");
        }
    }

    fn cmd_uci(&self) {
        let variants = VariantId::ALL
            .iter()
            .map(|v| format!(" var {v}"))
            .collect::<String>();
        self.core.out.lines(&[
            format!("id name {}", engine_name()),
            "id author the vsadnik developers".to_string(),
            String::new(),
            format!(
                "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}",
                max_hash_mb()
            ),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name Ponder type check default false".to_string(),
            format!(
                "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
            ),
            "option name Clear Hash type button".to_string(),
            "option name Skill Level type spin default 20 min 0 max 20".to_string(),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!("option name UCI_Elo type spin default {ELO_MIN} min {ELO_MIN} max {ELO_MAX}"),
            "option name Variety type check default false".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            format!(
                "option name UCI_Variant type combo default {}{variants}",
                VariantId::DEFAULT
            ),
            "uciok".to_string(),
        ]);
    }

    fn cmd_setoption(&mut self, rest: &str) {
        let mut words = rest.split_whitespace();
        if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("name")) {
            self.say(&format!(
                "Error: setoption needs 'name NAME [value VALUE]', got '{}'",
                echo(rest)
            ));
            return;
        }
        let mut name = Vec::new();
        let mut value: Option<Vec<&str>> = None;
        for w in words {
            match &mut value {
                Some(v) => v.push(w),
                None if w.eq_ignore_ascii_case("value") => value = Some(Vec::new()),
                None => name.push(w),
            }
        }
        let name = name.join(" ");
        let value = value.map(|v| v.join(" "));
        if let Err(e) = self.set_option(&name, value.as_deref()) {
            self.say(&format!("Error: {e}"));
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let lower = name.to_ascii_lowercase();
        fn need<'a>(name: &str, v: Option<&'a str>) -> Result<&'a str, String> {
            v.ok_or_else(|| format!("option {name} needs a value"))
        }
        match lower.as_str() {
            "hash" => self.core.set_hash(parse_int(name, need(name, value)?)?),
            "threads" => {
                let note = self
                    .core
                    .set_threads(parse_int(name, need(name, value)?)?)?;
                if let Some(text) = note {
                    self.say(&text);
                }
                Ok(())
            }
            "multipv" => self.core.set_multipv(parse_int(name, need(name, value)?)?),
            "move overhead" => self.core.set_overhead(parse_int(name, need(name, value)?)?),
            "ponder" => {
                self.ponder = parse_bool(name, need(name, value)?)?;
                Ok(())
            }
            "clear hash" => {
                self.core.engine.clear_hash();
                Ok(())
            }
            "skill level" => self.core.set_skill(parse_int(name, need(name, value)?)?),
            "uci_elo" => self.core.set_elo(parse_int(name, need(name, value)?)?),
            "uci_limitstrength" => parse_bool(name, need(name, value)?)
                .map(|on| self.core.change_strength(|s| s.limit = on)),
            "variety" => parse_bool(name, need(name, value)?)
                .map(|on| self.core.change_strength(|s| s.variety = on)),
            "uci_chess960" => parse_bool(name, need(name, value)?).map(|on| {
                // The next `position` is read in the form asked for.
                self.chess960 = on;
                self.session.set_chess960(on);
            }),
            "uci_variant" => {
                // Always a new game at the variant's start position, the
                // current variant too.
                let v = need(name, value)?.trim().to_ascii_lowercase();
                self.session = self.fresh_session(VariantId::parse(&v)?);
                self.refused = None;
                Ok(())
            }
            _ => Err(format!("No such option: {}", echo(name))),
        }
    }

    fn cmd_position(&mut self, rest: &str) {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &words[words.len()..]),
        };
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => {
                self.refuse(format!(
                    "position needs 'startpos' or 'fen FEN', then optionally 'moves ...'; got '{}'",
                    echo(rest)
                ));
                return;
            }
        };
        match self.session.set_position(fen.as_deref(), moves) {
            Ok(()) => self.refused = None,
            Err(SetupError::Fen(e)) => self.refuse(format!(
                "invalid FEN '{}': {e}",
                echo(fen.as_deref().unwrap_or(""))
            )),
            Err(SetupError::IllegalMove { index, text }) => self.refuse(format!(
                "illegal move '{}' (move {} of the list)",
                echo(&text),
                index + 1
            )),
        }
    }

    /// A refused `position`: said now, and `go` refuses to search until a
    /// valid position arrives.
    fn refuse(&mut self, why: String) {
        self.say(&format!(
            "Error: {why}; position refused, go answers bestmove 0000 until a valid position"
        ));
        self.refused = Some(why);
    }

    fn cmd_go(&mut self, rest: &str) {
        self.finish_search();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let stm = self.session.side_to_move();
        let mut limits = Limits::default();
        let mut searchmoves: Vec<String> = Vec::new();
        let mut has_searchmoves = false;
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            i += 1;
            if w == "searchmoves" {
                has_searchmoves = true;
                while i < words.len() && !GO_WORDS.contains(&words[i]) {
                    match self.session.canonical_move(words[i]) {
                        Some(m) => searchmoves.push(m),
                        None => self.say(&format!(
                            "searchmoves: '{}' is not a legal move, ignored",
                            echo(words[i])
                        )),
                    }
                    i += 1;
                }
                continue;
            }
            match w {
                "infinite" => {
                    limits.infinite = true;
                    continue;
                }
                "ponder" => {
                    limits.ponder = true;
                    continue;
                }
                _ => {}
            }
            if !GO_WORDS.contains(&w) {
                self.say(&format!("go: unknown parameter '{}' ignored", echo(w)));
                continue;
            }
            let Some(arg) = words.get(i) else {
                self.say(&format!("go: {w} needs a number"));
                continue;
            };
            let Ok(n) = arg.parse::<i64>() else {
                self.say(&format!("go: {w} needs a number, got '{}'", echo(arg)));
                i += 1;
                continue;
            };
            i += 1;
            let ms = Duration::from_millis(n.max(0) as u64);
            match w {
                "wtime" if stm == Color::White => limits.time = Some(ms),
                "btime" if stm == Color::Black => limits.time = Some(ms),
                "winc" if stm == Color::White => limits.inc = ms,
                "binc" if stm == Color::Black => limits.inc = ms,
                "wtime" | "btime" | "winc" | "binc" => {}
                "movestogo" => limits.movestogo = (n > 0).then_some(n.min(10_000) as u32),
                "movetime" => limits.movetime = Some(ms),
                "depth" => limits.depth = Some(n.clamp(1, 1000) as i32),
                "nodes" => limits.nodes = Some(n.max(1) as u64),
                "mate" => limits.mate = Some(n.clamp(1, 1000) as i32),
                "perft" => {
                    if !(0..=64).contains(&n) {
                        self.say(&format!("go perft: depth must be from 0 to 64, got {n}"));
                    } else {
                        self.perft(n as u32);
                    }
                    return;
                }
                _ => {}
            }
        }
        if let Some(why) = &self.refused {
            self.say(&format!(
                "Error: no position to search, the last position was refused ({why})"
            ));
            self.core.out.line("bestmove 0000");
            return;
        }
        let no_move = if has_searchmoves {
            searchmoves.is_empty()
        } else {
            self.session.legal_moves().is_empty()
        };
        if no_move {
            // S11: sitting is not mate; the answer comes at once, also under
            // `go infinite`, so that a team arbiter can wait for a piece.
            let sit = (!has_searchmoves)
                .then(|| self.session.team_view().and_then(sit_message))
                .flatten();
            let score = if sit.is_none()
                && self.session.in_check()
                && self.session.legal_moves().is_empty()
            {
                "mate 0"
            } else {
                "cp 0"
            };
            if let Some(text) = sit {
                self.say(&text);
                self.core.out.line(&format!("info depth 0 score {score}"));
                self.core.out.line("bestmove 0000");
                return;
            }
            self.core.out.line(&format!("info depth 0 score {score}"));
            if limits.infinite || limits.ponder {
                self.none_pending = true;
            } else {
                self.core.out.line("bestmove (none)");
            }
            return;
        }
        let id = self.core.next_search_id();
        let reporter = Arc::new(UciReporter {
            out: self.core.out.clone(),
            tx: self.core.tx.clone(),
            id,
        });
        let handle = self
            .session
            .search(&self.core.engine, limits, &searchmoves, reporter);
        self.running = Some(Running { id, handle });
    }

    /// `go perft D`: counted on its own thread, so that `stop`, `isready`
    /// and `quit` are answered meanwhile.
    fn perft(&mut self, depth: u32) {
        let task = self.session.perft_task(depth);
        let out = self.core.out.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let run = move || {
            let lines = match task(&flag) {
                Some(counts) => perft_lines(depth, &counts),
                None => vec![format!(
                    "info string perft {depth} stopped before the count was done"
                )],
            };
            out.lines(&lines);
        };
        match std::thread::Builder::new().name("perft".into()).spawn(run) {
            Ok(thread) => self.perft_run = Some((stop, thread)),
            Err(e) => self.say(&format!("Error: cannot start the perft thread: {e}")),
        }
    }

    /// Stops a running `go perft` and waits for it (its last line is out
    /// before this returns).
    fn finish_perft(&mut self) {
        if let Some((stop, thread)) = self.perft_run.take() {
            stop.store(true, Relaxed);
            let _ = thread.join();
        }
    }

    fn cmd_stop(&mut self) {
        self.finish_perft();
        if self.none_pending {
            self.none_pending = false;
            self.core.out.line("bestmove (none)");
        }
        if let Some(r) = &self.running {
            r.handle.stop();
        }
    }

    fn cmd_ponderhit(&mut self) {
        if self.none_pending {
            self.none_pending = false;
            self.core.out.line("bestmove (none)");
        }
        if let Some(r) = &self.running {
            r.handle.ponderhit();
        }
    }

    fn cmd_display(&self) {
        let mut lines = self.session.board_lines();
        lines.push(String::new());
        lines.push(format!("Variant: {}", self.session.variant()));
        lines.push(format!("Fen: {}", self.session.fen()));
        lines.push(format!("Key: {:016X}", self.session.key()));
        lines.push(format!(
            "Moves: {}",
            self.session.legal_moves_display().join(" ")
        ));
        self.core.out.lines(&lines);
    }

    fn cmd_eval(&self) {
        let cp = self.session.static_eval(&self.core.engine.settings.eval);
        let white = if self.session.side_to_move() == Color::White {
            cp
        } else {
            -cp
        };
        self.core.out.line(&format!(
            "Final evaluation {:+.2} (white side)",
            white as f64 / 100.0
        ));
    }
}
