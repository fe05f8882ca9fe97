//! The XBoard dialect (CECP v2, see `docs/protocols.md`). Unlike UCI the
//! engine keeps the game: it makes its own moves when it is its turn and not
//! in force mode, announces game ends, ponders on the expected reply, and
//! analyzes in analyze mode. Every state change happens on the loop thread:
//! search results come back as events and are acted on in input order.

use crate::core::{
    max_hash_mb, parse_int, split_command, Core, Flow, MAX_MULTIPV, MAX_OVERHEAD_MS, MAX_THREADS,
};
use crate::event::{Event, Out};
use crate::session::{new_session, result_text, Session, SetupError};
use crate::uci::{echo, engine_name};
use crate::xboard_gui::Gui;
use crossbeam::channel::Sender;
use engine::strength::{ELO_MAX, ELO_MIN};
use engine::{Limits, Reporter, Score, ScoreBound, SearchHandle, SearchInfo, SearchResult};
use movegen::{Color, Status, VariantId};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "xboard_gui/hooks.rs"]
mod gui_hooks;
#[path = "xboard_team/mod.rs"]
mod team;

/// XBoard's names of every variant we play, as `feature variants` lists
/// them (the registry's XBoard names).
pub fn cecp_variants() -> Vec<&'static str> {
    let mut names = VariantId::ALL.map(VariantId::xboard_name).to_vec();
    names.push(FISCHER_RANDOM);
    names
}

/// XBoard's name of Chess960: chess with Chess960 castling, sent as `O-O`
/// and `O-O-O` both ways (CECP).
pub const FISCHER_RANDOM: &str = "fischerandom";

/// An XBoard score: centipawns, mates as ±(100000 + moves).
pub fn cecp_score(s: Score) -> i64 {
    match s {
        Score::Cp(c) => c as i64,
        Score::Mate(m) if m > 0 => 100_000 + m as i64,
        Score::Mate(m) => -100_000 + m as i64,
    }
}

/// A thinking-output line: `ply score time(cs) nodes seldepth nps tbhits<TAB>pv`,
/// with ` ?` / ` !` after the PV for a fail low / fail high.
pub fn thinking_line(i: &SearchInfo) -> String {
    let mark = match i.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " !",
        ScoreBound::Upper => " ?",
    };
    format!(
        "{} {} {} {} {} {} 0\t{}{}",
        i.depth,
        cecp_score(i.score),
        i.time_ms / 10,
        i.nodes,
        i.seldepth,
        i.nps,
        i.pv.join(" "),
        mark
    )
}

struct XbReporter {
    out: Out,
    tx: Sender<Event>,
    id: u64,
    post: Arc<AtomicBool>,
    last: Arc<Mutex<Option<SearchInfo>>>,
}

impl Reporter for XbReporter {
    fn info(&self, info: &SearchInfo) {
        if self.post.load(Relaxed) {
            self.out.line(&thinking_line(info));
        }
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(info.clone());
    }
    fn finished(&self, result: &SearchResult) {
        let _ = self.tx.send(Event::SearchDone {
            id: self.id,
            result: result.clone(),
        });
    }
    fn warn(&self, text: &str) {
        self.out.line(&format!("telluser Error: {text}"));
    }
    /// A comment line with the thinking output (`post`).
    fn note(&self, text: &str) {
        if self.post.load(Relaxed) {
            self.out.line(&format!("# {text}"));
        }
    }
}

/// The clock settings XBoard gives.
#[derive(Clone, Debug, Default)]
pub struct TimeControl {
    /// Moves per session (0: the whole game).
    pub mps: u32,
    /// Time per session.
    pub base: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Fixed time per move (`st`), replacing the clock.
    pub st: Option<Duration>,
    /// Depth limit (`sd`).
    pub sd: Option<i32>,
    /// Node rate (`nps`): with `st`, the move's budget becomes st × nps nodes.
    pub nps: Option<u64>,
    /// The engine's clock (`time`).
    pub time: Option<Duration>,
    /// The opponent's clock (`otim`).
    pub otim: Option<Duration>,
}

impl TimeControl {
    /// Search limits for the engine's next move, after `done` moves of its
    /// own in this game.
    pub fn limits(&self, done: usize) -> Limits {
        let mut l = Limits {
            depth: self.sd,
            ..Default::default()
        };
        if let Some(st) = self.st {
            match self.nps {
                Some(n) if n > 0 => {
                    l.nodes = Some((st.as_secs_f64() * n as f64).max(1.0) as u64);
                }
                _ => l.movetime = Some(st),
            }
            return l;
        }
        let clock = self.time.or_else(|| {
            (self.base > Duration::ZERO || self.inc > Duration::ZERO).then_some(self.base)
        });
        if let Some(c) = clock {
            l.time = Some(c);
            l.inc = self.inc;
            if self.mps > 0 {
                l.movestogo = Some(self.mps - (done as u32 % self.mps));
            }
        }
        l
    }

    /// The engine's clock after a move of its own that took `used`, with
    /// `done` own moves played now (the increment and session time added).
    pub fn after_own_move(&mut self, used: Duration, done: usize) {
        if self.st.is_some() {
            return;
        }
        if let Some(t) = self.time {
            let mut left = t.saturating_sub(used) + self.inc;
            if self.mps > 0 && (done as u32).is_multiple_of(self.mps) {
                left += self.base;
            }
            self.time = Some(left);
        }
    }
}

/// `level` BASE: minutes, `min:sec`, or decimal minutes.
pub fn parse_base(text: &str) -> Option<Duration> {
    let secs = match text.split_once(':') {
        Some((m, s)) => m.parse::<u64>().ok()? as f64 * 60.0 + s.parse::<f64>().ok()?,
        None => text.parse::<f64>().ok()? * 60.0,
    };
    (0.0..1e9)
        .contains(&secs)
        .then(|| Duration::from_secs_f64(secs))
}

/// Seconds, possibly decimal (`st`, `level` INC).
pub fn parse_seconds(text: &str) -> Option<Duration> {
    let s = text.parse::<f64>().ok()?;
    (0.0..1e9).contains(&s).then(|| Duration::from_secs_f64(s))
}

enum Activity {
    Idle,
    /// Searching for the engine's move.
    Thinking {
        id: u64,
        handle: SearchHandle,
        started: Instant,
    },
    /// The expected reply `guess` is on the board and searched.
    Pondering {
        guess: String,
        id: u64,
        handle: SearchHandle,
    },
    /// Analyze mode's search.
    Analyzing {
        handle: SearchHandle,
    },
}

/// What XBoard was told that outlives a visit to UCI (`uci`, then `xboard`
/// again): the clock settings and the `post` and `hard` modes.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    tc: TimeControl,
    post: bool,
    ponder: bool,
}

/// XBoard state: the game, modes, clocks and the current search.
pub struct Xboard {
    core: Core,
    session: Box<dyn Session>,
    force: bool,
    engine_side: Color,
    post: Arc<AtomicBool>,
    ponder: bool,
    analyze: bool,
    activity: Activity,
    /// Root moves for analysis: None = all legal moves.
    root_set: Option<Vec<String>>,
    tc: TimeControl,
    hint: Option<String>,
    last_info: Arc<Mutex<Option<SearchInfo>>>,
    illegal_position: bool,
    editing: bool,
    pending_pongs: Vec<String>,
    team: team::TeamState,
    gui: Gui,
}

impl Xboard {
    /// XBoard on `core`, in the state after `new`.
    pub fn new(core: Core) -> Xboard {
        let session = new_session(VariantId::DEFAULT);
        Xboard::with_session(core, session, Settings::default())
    }

    /// XBoard on `core`, going on with the game `session` (after UCI) and
    /// the `settings` of an earlier visit: the engine plays Black, as after
    /// `new`, and is not in force mode.
    pub fn with_session(core: Core, session: Box<dyn Session>, settings: Settings) -> Xboard {
        let mut gui = Gui::default();
        gui.new_game(&*session);
        Xboard {
            core,
            session,
            force: false,
            engine_side: Color::Black,
            post: Arc::new(AtomicBool::new(settings.post)),
            ponder: settings.ponder,
            analyze: false,
            activity: Activity::Idle,
            root_set: None,
            tc: settings.tc,
            hint: None,
            last_info: Arc::new(Mutex::new(None)),
            illegal_position: false,
            editing: false,
            pending_pongs: Vec::new(),
            team: team::TeamState::default(),
            gui,
        }
    }

    /// The settings to keep for a later return to XBoard.
    pub fn settings(&self) -> Settings {
        Settings {
            tc: self.tc.clone(),
            post: self.post.load(Relaxed),
            ponder: self.ponder,
        }
    }

    /// Stops every search and hands back the core and the game.
    pub fn into_parts(mut self) -> (Core, Box<dyn Session>) {
        self.halt();
        (self.core, self.session)
    }

    fn out(&self, text: &str) {
        self.core.out.line(text);
    }

    /// A remark for the user, if any, as a comment line (`# ...`).
    fn note(&self, text: Option<String>) {
        if let Some(text) = text {
            self.out(&format!("# {text}"));
        }
    }

    fn error(&self, kind: &str, command: &str) {
        self.out(&format!("Error ({kind}): {}", echo(command)));
    }

    /// Input ended or `quit`: stop searching.
    pub fn shutdown(&mut self) {
        self.halt();
    }

    /// An input line was too long to read.
    pub fn too_long(&mut self, len: usize) {
        self.out(&format!("Error (line too long, {len} bytes): ignored"));
    }

    /// Stops any search without acting on its result; a pondered move is
    /// taken back. Deferred pongs are answered afterwards.
    fn halt(&mut self) {
        self.team_halt();
        match std::mem::replace(&mut self.activity, Activity::Idle) {
            Activity::Idle => {}
            Activity::Thinking { handle, .. } | Activity::Analyzing { handle, .. } => {
                handle.stop();
                let _ = handle.wait();
            }
            Activity::Pondering { handle, .. } => {
                handle.stop();
                let _ = handle.wait();
                self.session.undo();
            }
        }
        self.flush_pongs();
    }

    fn flush_pongs(&mut self) {
        for n in std::mem::take(&mut self.pending_pongs) {
            self.out(&format!("pong {n}"));
        }
    }

    fn reporter(&mut self) -> (u64, Arc<XbReporter>) {
        let id = self.core.next_search_id();
        let r = Arc::new(XbReporter {
            out: self.core.out.clone(),
            tx: self.core.tx.clone(),
            id,
            post: self.post.clone(),
            last: self.last_info.clone(),
        });
        (id, r)
    }

    /// The game's result line, if it is over.
    fn game_over(&self) -> Option<String> {
        match self.session.status() {
            Status::Over(o) => Some(result_text(&o)),
            Status::Ongoing => None,
        }
    }

    /// Runs `f` on the game as it stands for the user: while pondering, the
    /// session holds the expected reply, which is taken back for the call
    /// (the search has its own copy of the position).
    fn on_real_game<T>(&mut self, f: impl FnOnce(&mut Gui, &dyn Session) -> T) -> T {
        let guess = match &self.activity {
            Activity::Pondering { guess, .. } => Some(guess.clone()),
            _ => None,
        };
        if guess.is_some() {
            self.session.undo();
        }
        let out = f(&mut self.gui, &*self.session);
        if let Some(g) = guess {
            let _ = self.session.play(&g);
        }
        out
    }

    fn start_thinking(&mut self) {
        self.think_since(Instant::now());
    }

    fn start_pondering(&mut self, guess: String) {
        // A reply the GUI cannot show (a tavreli split) will not come.
        if !self.gui.shows(&*self.session, &guess) || self.session.play(&guess).is_err() {
            return;
        }
        if self.game_over().is_some() {
            self.session.undo();
            return;
        }
        let mut limits = self.tc.limits(self.session.moves_by(self.engine_side));
        limits.ponder = true;
        let (id, reporter) = self.reporter();
        let moves = self.gui.root_moves(&*self.session).unwrap_or_default();
        let handle = self
            .session
            .search(&self.core.engine, limits, &moves, reporter);
        self.activity = Activity::Pondering { guess, id, handle };
    }

    fn start_analysis(&mut self) {
        self.halt();
        self.forget_sitting_stakes();
        *self.last_info.lock().unwrap_or_else(|e| e.into_inner()) = None;
        if self.illegal_position || self.session.legal_moves().is_empty() {
            return;
        }
        let mut moves = match &self.root_set {
            Some(set) if set.is_empty() => return,
            Some(set) => set.clone(),
            None => Vec::new(),
        };
        if let Some(shown) = self.gui.root_moves(&*self.session) {
            if moves.is_empty() {
                moves = shown;
            } else {
                moves.retain(|m| shown.contains(m));
                if moves.is_empty() {
                    return;
                }
            }
        }
        let limits = Limits {
            infinite: true,
            ..Default::default()
        };
        let (_, reporter) = self.reporter();
        let handle = self
            .session
            .search(&self.core.engine, limits, &moves, reporter);
        self.activity = Activity::Analyzing { handle };
    }

    /// After the position changed: analysis restarts on the new position.
    fn position_changed(&mut self) {
        self.root_set = None;
        if self.analyze {
            self.start_analysis();
        }
    }

    /// A search's result arrived.
    pub fn search_done(&mut self, id: u64, result: SearchResult) {
        let Some(result) = self.team_search_done(id, result) else {
            return;
        };
        let current = match &self.activity {
            Activity::Thinking { id: t, .. } => *t == id,
            _ => false,
        };
        if !current {
            // Stale, or a ponder/analysis search that ended by itself (no
            // legal move): nothing to do until the next command.
            return;
        }
        let Activity::Thinking {
            handle, started, ..
        } = std::mem::replace(&mut self.activity, Activity::Idle)
        else {
            return;
        };
        drop(handle);
        self.play_own_move(result, started.elapsed());
        self.flush_pongs();
    }

    fn play_own_move(&mut self, result: SearchResult, used: Duration) {
        let Some(best) = result.best else {
            match self.game_over() {
                Some(r) => self.out(&r),
                None => self.out("# no move found"),
            }
            return;
        };
        // Fischer random castling goes to XBoard as `O-O`/`O-O-O`.
        let castling = match self.session.chess960() {
            true => self.session.castling_record(&best),
            false => None,
        };
        if self.session.play(&best).is_err() {
            self.out(&format!(
                "# internal error: searched move {best} is not legal"
            ));
            return;
        }
        self.out(&format!("move {}", castling.unwrap_or(best)));
        self.gui_moved();
        self.team_after_own_move();
        self.tc
            .after_own_move(used, self.session.moves_by(self.engine_side));
        self.hint = result.ponder;
        if let Some(r) = self.game_over() {
            self.out(&r);
            return;
        }
        if self.session.side_to_move() == self.engine_side {
            // Variants where a side plays several moves in a row (progressive
            // chess): the series goes on, one `move` line per move (under
            // XBoard with a pass for the opponent in between).
            if self.gui_step() {
                self.start_thinking();
            }
            return;
        }
        if self.ponder && !self.force {
            if let Some(guess) = self.hint.clone() {
                self.start_pondering(guess);
            }
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (cmd, rest) = split_command(line);
        if cmd.is_empty() {
            return Flow::Continue;
        }
        if self.editing {
            if cmd == "." {
                self.editing = false;
            }
            return Flow::Continue;
        }
        match cmd {
            "xboard" | "rejected" | "name" | "rating" | "ics" | "pause" | "resume" | "draw"
            | "egtpath" => {}
            "accepted" => self.gui.accepted(rest),
            "random" => self.core.change_strength(|s| s.random = !s.random),
            "computer" => self.gui.computer(),
            "lift" | "put" | "hover" => {
                let marker = self.on_real_game(|gui, game| gui.marker(cmd, rest, line, game));
                if let Some(l) = marker {
                    self.out(&l);
                }
            }
            "protover" => self.features(),
            "new" => self.cmd_new(),
            "variant" => self.cmd_variant(rest),
            "force" => {
                if !matches!(self.activity, Activity::Analyzing { .. }) {
                    self.halt();
                }
                self.force = true;
            }
            "go" => {
                self.halt();
                self.analyze = false;
                self.force = false;
                self.engine_side = self.session.side_to_move();
                self.start_thinking();
            }
            "playother" => {
                self.halt();
                self.analyze = false;
                self.force = false;
                self.engine_side = self.session.side_to_move().flip();
            }
            "white" | "black" => self.cmd_color(cmd == "white"),
            "usermove" => self.usermove(rest),
            "holding" => self.cmd_holding(rest, line),
            "partner" => self.cmd_partner(rest),
            "ptell" => self.cmd_ptell(rest),
            "?" => self.team_move_now(),
            "ping" => {
                if matches!(self.activity, Activity::Thinking { .. }) {
                    self.pending_pongs.push(rest.to_string());
                } else {
                    self.out(&format!("pong {rest}"));
                }
            }
            "result" => {
                self.halt();
                self.force = true;
                self.hint = None;
            }
            "setboard" if self.gui.is_null_setboard(rest, &*self.session) => self.gui_null(rest),
            "setboard" => self.cmd_setboard(rest),
            "edit" => {
                self.editing = true;
                self.error("not supported, use setboard", line);
            }
            "undo" => self.cmd_undo(1, line),
            "remove" => self.cmd_undo(2, line),
            "hint" => {
                let h = match &self.activity {
                    Activity::Pondering { guess, .. } => Some(guess.clone()),
                    _ => self.hint.clone(),
                };
                if let Some(h) = h {
                    self.out(&format!("Hint: {h}"));
                }
            }
            "bk" => self.core.out.lines(&[" vsadnik has no opening book", ""]),
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if matches!(self.activity, Activity::Pondering { .. }) {
                    self.halt();
                }
            }
            "post" => self.post.store(true, Relaxed),
            "nopost" => self.post.store(false, Relaxed),
            "analyze" => {
                self.halt();
                self.analyze = true;
                self.force = true;
                self.start_analysis();
            }
            "exit" => {
                if self.analyze {
                    self.halt();
                    self.analyze = false;
                }
            }
            "." => self.cmd_status(),
            "exclude" | "include" => self.cmd_exclude(cmd == "exclude", rest, line),
            "memory" => match parse_int("memory", rest) {
                Ok(mb) => {
                    if let Err(e) = self.core.set_hash(mb.clamp(1, max_hash_mb() as i64)) {
                        self.error(&e, line);
                    }
                }
                Err(_) => self.error("bad parameter", line),
            },
            "cores" => match parse_int("cores", rest)
                .and_then(|n| self.core.set_threads(n.clamp(1, MAX_THREADS as i64)))
            {
                Ok(note) => self.note(note),
                Err(_) => self.error("bad parameter", line),
            },
            "option" => self.cmd_option(rest, line),
            "level" => self.cmd_level(rest, line),
            "st" => match parse_seconds(rest) {
                Some(d) => self.tc.st = (d > Duration::ZERO).then_some(d),
                None => self.error("bad parameter", line),
            },
            "sd" => match rest.parse::<i64>() {
                Ok(d) => self.tc.sd = (d > 0).then(|| d.min(1000) as i32),
                Err(_) => self.error("bad parameter", line),
            },
            "nps" => match rest.parse::<i64>() {
                Ok(n) => self.tc.nps = (n > 0).then_some(n as u64),
                Err(_) => self.error("bad parameter", line),
            },
            "time" | "otim" => match rest.parse::<i64>() {
                Ok(cs) => {
                    let d = Some(Duration::from_millis(cs.max(0) as u64 * 10));
                    if cmd == "time" {
                        self.tc.time = d;
                    } else {
                        self.tc.otim = d;
                    }
                }
                Err(_) => self.error("bad parameter", line),
            },
            "d" => {
                // The game as it stands, not a pondered reply.
                let lines = self.on_real_game(|_, game| {
                    let mut lines = game.board_lines();
                    lines.push(format!("Fen: {}", game.fen()));
                    lines.push(format!("Moves: {}", game.legal_moves_display().join(" ")));
                    lines
                });
                let lines: Vec<String> = lines.into_iter().map(|l| format!("# {l}")).collect();
                self.core.out.lines(&lines);
            }
            "quit" => {
                self.halt();
                return Flow::Quit;
            }
            _ => {
                if self.session.canonical_move(cmd).is_some() || looks_like_move(cmd) {
                    self.usermove(cmd);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        Flow::Continue
    }

    fn features(&self) {
        let variants = cecp_variants();
        let e = &self.core.engine;
        self.core.out.lines(&[
            "feature done=0".to_string(),
            format!(
                "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 sigterm=0 \
                 reuse=1 analyze=1 colors=0 ics=0 name=1 pause=0 nps=1 debug=1 memory=1 smp=1 exclude=1 \
                 highlight=1 myname=\"{}\" variants=\"{}\"",
                engine_name(),
                variants.join(",")
            ),
            format!("feature option=\"MultiPV -spin {} 1 {MAX_MULTIPV}\"", e.multipv),
            format!(
                "feature option=\"MoveOverhead -spin {} 0 {MAX_OVERHEAD_MS}\"",
                e.move_overhead.as_millis()
            ),
            "feature option=\"ClearHash -button\"".to_string(),
            format!(
                "feature option=\"SkillLevel -spin {} 0 20\"",
                self.core.strength.skill
            ),
            format!(
                "feature option=\"UCI_LimitStrength -check {}\"",
                u8::from(self.core.strength.limit)
            ),
            format!(
                "feature option=\"UCI_Elo -spin {} {ELO_MIN} {ELO_MAX}\"",
                self.core.strength.elo
            ),
            format!(
                "feature option=\"Variety -check {}\"",
                u8::from(self.core.strength.variety)
            ),
            "feature done=1".to_string(),
        ]);
    }

    fn cmd_new(&mut self) {
        self.halt();
        self.team_new_game();
        self.session = new_session(VariantId::DEFAULT);
        self.force = false;
        // CECP: `new` turns random mode off.
        self.core.change_strength(|s| s.random = false);
        self.engine_side = Color::Black;
        self.tc.sd = None;
        self.tc.nps = None;
        self.tc.time = None;
        self.tc.otim = None;
        self.hint = None;
        self.illegal_position = false;
        self.core.engine.clear_hash();
        self.gui.new_game(&*self.session);
        self.position_changed();
    }

    fn cmd_variant(&mut self, name: &str) {
        let chess960 = name == FISCHER_RANDOM;
        let id = if chess960 {
            Some(VariantId::Chess)
        } else {
            VariantId::from_xboard(name)
        };
        match id.map(new_session) {
            Some(mut s) => {
                if chess960 {
                    s.set_chess960(true);
                    let _ = s.set_position(None, &[]);
                }
                self.halt();
                self.team_new_game();
                self.session = s;
                self.illegal_position = false;
                self.hint = None;
                self.gui_position_set();
                self.position_changed();
            }
            _ => self.error(
                &format!(
                    "unsupported variant; try one of {}",
                    cecp_variants().join(", ")
                ),
                &format!("variant {name}"),
            ),
        }
    }

    /// Old `white`/`black`: that side is to move, the engine plays the other.
    fn cmd_color(&mut self, white: bool) {
        self.halt();
        let side = if white { Color::White } else { Color::Black };
        self.engine_side = side.flip();
        if self.session.side_to_move() != side {
            let fen = self.session.fen();
            let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
            if fields.len() >= 2 {
                fields[1] = side.fen_char().to_string();
                if fields.len() >= 4 {
                    fields[3] = "-".to_string();
                }
                // A position the side change makes illegal is kept as it was.
                let _ = self.session.set_position(Some(&fields.join(" ")), &[]);
            }
        }
    }

    fn usermove(&mut self, text: &str) {
        let text = text.trim();
        if text == "@@@@" {
            self.gui_null(text);
            return;
        }
        let mapped = self.on_real_game(|gui, game| gui.user_move(text, game));
        let text = mapped.as_str();
        if !self.gui.shows(&*self.session, text) {
            // A tavreli split: XBoard's board could not follow it.
            self.out(&format!("Illegal move: {}", echo(text)));
            return;
        }
        if let Activity::Pondering { guess, .. } = &self.activity {
            if guess.eq_ignore_ascii_case(text) {
                let Activity::Pondering { id, handle, .. } =
                    std::mem::replace(&mut self.activity, Activity::Idle)
                else {
                    return;
                };
                if handle.is_finished() {
                    drop(handle);
                    self.start_thinking();
                } else {
                    handle.ponderhit();
                    self.activity = Activity::Thinking {
                        id,
                        handle,
                        started: Instant::now(),
                    };
                }
                return;
            }
            self.halt();
        }
        if self.illegal_position || self.session.canonical_move(text).is_none() {
            self.out(&format!("Illegal move: {}", echo(text)));
            return;
        }
        self.halt();
        if self.session.play(text).is_err() {
            self.out(&format!("Illegal move: {}", echo(text)));
            return;
        }
        self.hint = None;
        self.gui_moved();
        self.position_changed();
        self.after_opponent_move();
    }

    /// After a move or a null move of the opponent: the game end, or the
    /// engine's turn (a pass under XBoard while the opponent's series goes
    /// on).
    fn after_opponent_move(&mut self) {
        if self.analyze || self.force {
            return;
        }
        if let Some(r) = self.game_over() {
            self.out(&r);
            return;
        }
        if self.gui_step() && self.session.side_to_move() == self.engine_side {
            self.start_thinking();
        }
    }

    fn cmd_setboard(&mut self, fen: &str) {
        self.halt();
        match self.session.set_position(Some(fen), &[]) {
            Ok(()) => {
                self.illegal_position = false;
                self.hint = None;
                self.gui_position_set();
                self.position_changed();
            }
            Err(SetupError::Fen(e)) | Err(SetupError::IllegalMove { text: e, .. }) => {
                self.illegal_position = true;
                self.out(&format!("tellusererror Illegal position: {e}"));
            }
        }
    }

    fn cmd_undo(&mut self, plies: usize, line: &str) {
        // A refused take-back changes nothing: the search goes on.
        let pondered = matches!(self.activity, Activity::Pondering { .. }) as usize;
        if self.session.moves_played() < plies + pondered {
            self.error("command not legal now", line);
            return;
        }
        self.halt();
        for _ in 0..plies {
            self.session.undo();
        }
        self.hint = None;
        self.position_changed();
    }

    fn cmd_status(&self) {
        if !self.analyze {
            return;
        }
        let total = match &self.root_set {
            Some(s) => s.len(),
            None => self.session.legal_moves().len(),
        };
        let last = self
            .last_info
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let line = match last {
            Some(i) => format!(
                "stat01: {} {} {} 0 {} {}",
                i.time_ms / 10,
                i.nodes,
                i.depth,
                total,
                i.pv.first().map_or("", String::as_str)
            ),
            None => format!("stat01: 0 0 0 {total} {total}"),
        };
        self.out(line.trim_end());
    }

    fn cmd_exclude(&mut self, exclude: bool, rest: &str, line: &str) {
        let legal = self.session.legal_moves();
        let mut set = self.root_set.take().unwrap_or_else(|| legal.clone());
        for word in rest.split_whitespace() {
            if word == "all" {
                set = if exclude { Vec::new() } else { legal.clone() };
                continue;
            }
            match self.session.canonical_move(word) {
                Some(m) => {
                    set.retain(|x| *x != m);
                    if !exclude {
                        set.push(m);
                    }
                }
                None => self.error("illegal move", line),
            }
        }
        // Keep the legal order; the full set is "all moves".
        let set: Vec<String> = legal.iter().filter(|m| set.contains(m)).cloned().collect();
        self.root_set = (set.len() != legal.len()).then_some(set);
        if self.analyze {
            self.start_analysis();
        }
    }

    fn cmd_option(&mut self, rest: &str, line: &str) {
        let (name, value) = match rest.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (rest.trim(), None),
        };
        let key: String = name
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '_')
            .collect::<String>()
            .to_ascii_lowercase();
        let int = |v: Option<&str>| -> Result<i64, String> {
            parse_int(name, v.ok_or_else(|| format!("{name} needs a value"))?)
        };
        let r = match key.as_str() {
            "multipv" => int(value).and_then(|n| self.core.set_multipv(n)),
            "moveoverhead" => int(value).and_then(|n| self.core.set_overhead(n)),
            "clearhash" => {
                self.core.engine.clear_hash();
                Ok(())
            }
            "hash" => int(value).and_then(|n| self.core.set_hash(n)),
            "threads" => int(value)
                .and_then(|n| self.core.set_threads(n))
                .map(|note| self.note(note)),
            "skilllevel" => int(value).and_then(|n| self.core.set_skill(n)),
            "ucielo" => int(value).and_then(|n| self.core.set_elo(n)),
            "ucilimitstrength" => {
                int(value).map(|n| self.core.change_strength(|s| s.limit = n != 0))
            }
            "variety" => int(value).map(|n| self.core.change_strength(|s| s.variety = n != 0)),
            _ => {
                self.error("unknown option", line);
                return;
            }
        };
        if r.is_err() {
            self.error("bad parameter", line);
        }
    }

    fn cmd_level(&mut self, rest: &str, line: &str) {
        let w: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match w.as_slice() {
            [mps, base, inc] => mps
                .parse::<u32>()
                .ok()
                .zip(parse_base(base))
                .zip(parse_seconds(inc))
                .map(|((m, b), i)| (m, b, i)),
            _ => None,
        };
        match parsed {
            Some((mps, base, inc)) => {
                self.tc.mps = mps;
                self.tc.base = base;
                self.tc.inc = inc;
                self.tc.st = None;
            }
            None => self.error("bad parameter", line),
        }
    }
}

/// Whether `word` has the shape of a move (so that an unknown one is
/// answered `Illegal move`, not `Error`): `e2e4`, `e7e8q`, `P@h3`, `@@@@`,
/// `O-O`, a tranzit `e1m1` or a tavreli `f3(2)f6`.
pub fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    if word == "@@@@" || word.starts_with("O-O") {
        return true;
    }
    if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b'@' {
        return true;
    }
    b.len() >= 4
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && b[2..].iter().any(|c| c.is_ascii_lowercase())
        && word
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"()=".contains(&c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_base_forms() {
        assert_eq!(parse_base("5"), Some(Duration::from_secs(300)));
        assert_eq!(parse_base("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_base("1:05"), Some(Duration::from_secs(65)));
        assert_eq!(parse_base("0.5"), Some(Duration::from_secs(30)));
        assert_eq!(parse_base("x"), None);
        assert_eq!(parse_base("-1"), None);
        assert_eq!(parse_seconds("0.1"), Some(Duration::from_millis(100)));
    }

    #[test]
    fn movestogo_counts_down() {
        let tc = TimeControl {
            mps: 40,
            base: Duration::from_secs(300),
            ..Default::default()
        };
        assert_eq!(tc.limits(0).movestogo, Some(40));
        assert_eq!(tc.limits(39).movestogo, Some(1));
        assert_eq!(tc.limits(40).movestogo, Some(40));
        assert_eq!(tc.limits(0).time, Some(Duration::from_secs(300)));
        let st = TimeControl {
            st: Some(Duration::from_millis(100)),
            sd: Some(3),
            ..Default::default()
        };
        let l = st.limits(5);
        assert_eq!(l.movetime, Some(Duration::from_millis(100)));
        assert_eq!(l.depth, Some(3));
        assert!(l.time.is_none());
    }

    #[test]
    fn scores_and_moves() {
        assert_eq!(cecp_score(Score::Cp(-35)), -35);
        assert_eq!(cecp_score(Score::Mate(3)), 100_003);
        assert_eq!(cecp_score(Score::Mate(-2)), -100_002);
        for m in ["e2e4", "e7e8q", "P@h3", "e1m1", "f3(2)f6", "O-O"] {
            assert!(looks_like_move(m), "{m}");
        }
        for w in ["hello", "level", "e2", "quit", "12"] {
            assert!(!looks_like_move(w), "{w}");
        }
    }
}
