//! The room: one thread that owns the game ([`Table`]), the engine seat
//! ([`Opponent`]) and the clocks, and is the arbiter — the browser only
//! proposes. It waits on the commands from the web server, the engine's
//! output and the next flag at once (the team arbiter's way), answers each
//! command with the new state, and publishes every change to the event
//! streams.

use super::doc::thinking::{EngineLine, LineScore};
use super::doc::to_text;
use super::hub::{ApiError, Envelope, Hub, Payload};
use super::opponent::{Activity, Opponent};
use super::study::Study;
use super::table::{chess960_table, load_pgn, new_table, two_player_variant, Table};
use arena::clock::PlayerClock;
use arena::engine::{ClockInfo, Needs, Reply, Score, Thinking};
use arena::game::End;
use arena::level::Level;
use arena::options::TimeControl;
use arena::record::{color_name, today, GameRecord};
use crossbeam::channel::{Receiver, Select, TryRecvError};
use movegen::drops::TeamBoard;
use movegen::variant::is_chess960_fen;
use movegen::variant::Status;
use movegen::Color;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which colours the person plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// White; the engine plays Black.
    White,
    /// Black; the engine plays White.
    Black,
    /// Both (the engine only analyses).
    Both,
}

impl Side {
    /// `white`, `black` or `both`.
    pub fn parse(text: &str) -> Result<Side, String> {
        match text {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            "both" => Ok(Side::Both),
            _ => Err(format!("side must be white, black or both, got '{text}'")),
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Both => "both",
        }
    }

    /// The colour the person plays, unless both.
    pub fn color(self) -> Option<Color> {
        match self {
            Side::White => Some(Color::White),
            Side::Black => Some(Color::Black),
            Side::Both => None,
        }
    }
}

/// What the browser (through the server) asks of the room.
#[derive(Debug)]
pub enum Command {
    /// The person's move, in coordinates.
    Move(String),
    /// A new game; what is not given stays as it was.
    New {
        /// The variant.
        variant: Option<String>,
        /// The person's seat.
        side: Option<Side>,
        /// Team games: the person's board.
        board: Option<TeamBoard>,
        /// The time control.
        tc: Option<TimeControl>,
        /// A start position.
        fen: Option<String>,
        /// The engine's playing level.
        level: Option<Level>,
        /// Start from a Chess960 set-up drawn at random.
        chess960: bool,
    },
    /// A position or a game to load (the seat and clock stay).
    Load {
        /// The variant of a FEN (default: the current one).
        variant: Option<String>,
        /// A FEN.
        fen: Option<String>,
        /// A PGN text (its first game).
        pgn: Option<String>,
    },
    /// Take back the person's last move (and the engine's after it).
    Takeback,
    /// The person resigns.
    Resign,
    /// Turn the board around.
    Flip,
    /// Analysis mode on or off.
    Analysis(bool),
    /// The game as PGN.
    Pgn,
    /// A message to the partner (team games).
    Tell(String),
    /// Watching a team game: show board `A` or `B` (see [`super::watch`]).
    ShowBoard(String),
    /// Review the game: every position searched, mistakes marked (see
    /// [`super::study`]).
    Review,
    /// Show the position after this many moves (none: the game's own).
    View(Option<usize>),
    /// The engine's move in the game's position, as a hint.
    Hint,
    /// Team games: take the seat of the caller's seat link, going by this
    /// name (see [`super::team_room`]).
    Join(Option<String>),
    /// Team games: give the caller's seat back to an engine.
    Leave,
    /// End the room (the server is shutting down).
    Shutdown,
}

/// How the game ended, and whether by the rules (which a take-back undoes).
struct Ended {
    end: End,
    by_rules: bool,
}

/// Settings the room starts with.
pub struct RoomSettings {
    /// The person's seat.
    pub side: Side,
    /// The time control of games against the engine.
    pub tc: TimeControl,
    /// How far the engine may overstep its clock.
    pub margin: Duration,
    /// The engine's playing level.
    pub level: Level,
}

/// The arbiter of the board.
pub struct Room {
    pub(super) hub: Arc<Hub<Command>>,
    commands: Receiver<Envelope<Command>>,
    pub(super) table: Box<dyn Table>,
    pub(super) side: Side,
    pub(super) tc: TimeControl,
    pub(super) clocks: [PlayerClock; 2],
    /// When the running clock started; `None` when no clock runs.
    pub(super) turn_start: Option<Instant>,
    ended: Option<Ended>,
    pub(super) analysis: bool,
    pub(super) flipped: bool,
    pub(super) opponent: Opponent,
    /// Bumped on every change of the game: the engine's work is tied to it.
    pub(super) position: u64,
    /// Bumped on every published state.
    pub(super) version: u64,
    /// The engine's latest thinking line, as published.
    pub(super) thinking: Option<EngineLine>,
    /// Bumped whenever `thinking` changes: pages keep the newest of what
    /// the event stream and the answers to their commands bring.
    pub(super) thinking_seq: u64,
    /// The latest trouble with the engine, for the person to read.
    pub(super) notice: Option<String>,
    margin_us: i64,
    /// The review, the position looked at, the hint.
    pub(super) study: Study,
}

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn micros(d: Duration) -> i64 {
    d.as_micros().min(i64::MAX as u128) as i64
}

impl Room {
    /// A room for `table`, fed by `commands`, publishing through `hub`.
    pub fn new(
        hub: Arc<Hub<Command>>,
        commands: Receiver<Envelope<Command>>,
        table: Box<dyn Table>,
        opponent: Opponent,
        settings: RoomSettings,
    ) -> Room {
        let mut room = Room {
            hub,
            commands,
            table,
            side: settings.side,
            tc: settings.tc,
            clocks: [PlayerClock::new(&settings.tc); 2],
            turn_start: None,
            ended: None,
            analysis: false,
            flipped: settings.side == Side::Black,
            opponent,
            position: 0,
            version: 0,
            thinking: None,
            thinking_seq: 0,
            notice: None,
            margin_us: micros(settings.margin),
            study: Study::default(),
        };
        room.start_clock(Instant::now());
        // The first state is there before the server answers anyone: the
        // hub's latest state must never be the empty placeholder.
        room.publish();
        room
    }

    /// The end of the game, if it is over.
    pub(super) fn end(&self) -> Option<&End> {
        self.ended.as_ref().map(|e| &e.end)
    }

    /// The engine's colour, when it plays one.
    pub(super) fn engine_color(&self) -> Option<Color> {
        self.side.color().map(Color::flip)
    }

    /// Whether clocks run: a game against the engine, not analysed, not
    /// over, under way (the person's clock starts with the first move, so
    /// that it does not run while the page is being opened).
    fn clocks_run(&self) -> bool {
        self.side != Side::Both
            && !self.analysis
            && self.ended.is_none()
            && (self.table.plies() > 0 || self.engine_color() == Some(self.table.side_to_move()))
    }

    /// Whether the person may move now.
    pub(super) fn person_may_move(&self) -> bool {
        self.ended.is_none()
            && self.table.status() == Status::Ongoing
            && (self.analysis
                || self.side == Side::Both
                || self.side.color() == Some(self.table.side_to_move()))
    }

    fn engine_on_move(&self) -> bool {
        self.ended.is_none()
            && !self.analysis
            && self.table.status() == Status::Ongoing
            && self.engine_color() == Some(self.table.side_to_move())
    }

    fn start_clock(&mut self, now: Instant) {
        self.turn_start = self.clocks_run().then_some(now);
    }

    /// Stops the running clock at `at`, charging the side to move: a move
    /// (with the increment) when `moved`, else only the time used.
    fn stop_clock(&mut self, at: Instant, moved: bool) {
        if let Some(start) = self.turn_start.take() {
            let c = idx(self.table.side_to_move());
            let used = micros(at.saturating_duration_since(start));
            if moved {
                self.clocks[c].charge(used, &self.tc);
            } else {
                self.clocks[c].spend(used);
            }
        }
    }

    /// When the side to move loses on time (the engine gets the margin).
    fn flag_time(&self) -> Option<Instant> {
        let start = self.turn_start?;
        let c = self.table.side_to_move();
        let mut left = self.clocks[idx(c)].remaining_us();
        if Some(c) == self.engine_color() {
            left += self.margin_us;
        }
        Some(start + Duration::from_micros(left.max(0) as u64))
    }

    /// Milliseconds left on `c`'s clock now.
    pub(super) fn left_ms(&self, c: Color, now: Instant) -> i64 {
        let used = match self.turn_start {
            Some(start) if self.table.side_to_move() == c => {
                micros(now.saturating_duration_since(start))
            }
            _ => 0,
        };
        self.clocks[idx(c)].left_ms(used)
    }

    fn finish(&mut self, end: End, by_rules: bool) {
        self.stop_clock(Instant::now(), false);
        self.opponent.game_over(end.result(), &end.comment);
        self.ended = Some(Ended { end, by_rules });
    }

    /// After a change of the position: the rules may have ended the game;
    /// the next clock starts.
    fn after_change(&mut self, now: Instant) {
        self.position += 1;
        if self.ended.is_none() {
            if let Status::Over(o) = self.table.status() {
                self.finish(End::rules(o), true);
            }
        }
        self.start_clock(now);
    }

    /// Ends the game when the side to move's time is up.
    fn check_flag(&mut self, now: Instant) {
        let Some(flag) = self.flag_time() else {
            return;
        };
        if now >= flag {
            let c = self.table.side_to_move();
            self.finish(
                End::loss(
                    c,
                    "time forfeit",
                    format!("{} loses on time", color_name(c)),
                ),
                false,
            );
        }
    }

    /// Puts the engine to the work the game needs: its move, an analysis,
    /// or nothing.
    fn drive_engine(&mut self) {
        #[derive(PartialEq)]
        enum Want {
            Idle,
            Search,
            Analyze,
        }
        let want = if self.analysis && self.table.status() == Status::Ongoing {
            Want::Analyze
        } else if self.engine_on_move() {
            Want::Search
        } else {
            Want::Idle
        };
        let current = self.opponent.activity();
        match (current, &want) {
            (Activity::Idle, Want::Idle) => return,
            (Activity::Searching { position, .. }, Want::Search)
            | (Activity::Analyzing { position }, Want::Analyze)
                if position == self.position =>
            {
                return
            }
            _ => {}
        }
        if current != Activity::Idle {
            self.opponent.stop();
        }
        match want {
            Want::Idle => {}
            Want::Search => {
                let engine = self.table.side_to_move();
                let now = Instant::now();
                let clock = ClockInfo {
                    wtime: self.left_ms(Color::White, now),
                    btime: self.left_ms(Color::Black, now),
                    inc: self.tc.inc.as_millis() as i64,
                    movestogo: self.clocks[idx(engine)].movestogo(&self.tc),
                    white: engine == Color::White,
                };
                if let Err(e) = self
                    .opponent
                    .search(&*self.table, &self.tc, &clock, self.position)
                {
                    self.notice = Some(e.clone());
                    self.finish(End::loss(engine, "engine crash", e), false);
                }
            }
            Want::Analyze => {
                if let Err(e) = self.opponent.analyze(&*self.table, &self.tc, self.position) {
                    self.notice = Some(e);
                    self.analysis = false;
                    self.start_clock(Instant::now());
                }
            }
        }
    }

    /// Handles what the engine said.
    fn on_engine(&mut self) {
        let reply = self.opponent.poll();
        // The lines read so far are about the position on the board.
        self.publish_thinking();
        let Some(reply) = reply else {
            return;
        };
        let searching = match self.opponent.activity() {
            Activity::Searching { position, .. } => position == self.position,
            _ => false,
        };
        let engine = self.table.side_to_move();
        let who = color_name(engine);
        match reply {
            Reply::Move(text, at) if searching => {
                if self.flag_time().is_some_and(|flag| at > flag) {
                    self.opponent.search_ended();
                    self.finish(
                        End::loss(engine, "time forfeit", format!("{who} loses on time")),
                        false,
                    );
                    return;
                }
                let proto = self.opponent.proto();
                match self.table.play_engine(proto, &text) {
                    Ok(()) => {
                        // Charge the mover: the position has changed, so
                        // take the clock from before the move.
                        if let Some(start) = self.turn_start.take() {
                            let used = micros(at.saturating_duration_since(start));
                            self.clocks[idx(engine)].charge(used, &self.tc);
                        }
                        let coord = self.table.coords().last().cloned().unwrap_or_default();
                        self.opponent.move_played(&coord);
                        self.after_change(Instant::now());
                    }
                    Err(_) => {
                        self.opponent.search_ended();
                        let shown = if text.is_empty() { "(none)" } else { &text };
                        self.finish(
                            End::loss(
                                engine,
                                "illegal move",
                                format!("{who} makes an illegal move: {shown}"),
                            ),
                            false,
                        );
                    }
                }
            }
            Reply::Resign if searching => {
                self.opponent.search_ended();
                self.finish(End::loss(engine, "normal", format!("{who} resigns")), false);
            }
            Reply::Claim(result, _) if searching => {
                self.opponent.search_ended();
                let concedes = matches!(
                    (engine, result.as_str()),
                    (Color::White, "0-1") | (Color::Black, "1-0")
                );
                let end = if concedes {
                    End::loss(engine, "normal", format!("{who} resigns"))
                } else {
                    End::loss(
                        engine,
                        "rules infraction",
                        format!("{who} makes a false claim: {result}"),
                    )
                };
                self.finish(end, false);
            }
            Reply::Rejected(line) => {
                self.notice = Some(format!(
                    "the engine {} refused a move: {line}",
                    self.opponent.name()
                ));
                self.opponent.stop();
                self.opponent.forget();
            }
            Reply::Crash => {
                let e = format!("the engine {} crashed", self.opponent.name());
                self.notice = Some(e.clone());
                if let (true, Some(c)) =
                    (self.ended.is_none() && !self.analysis, self.engine_color())
                {
                    self.finish(
                        End::loss(
                            c,
                            "engine crash",
                            format!("{}'s engine crashed", color_name(c)),
                        ),
                        false,
                    );
                }
                self.analysis = false;
            }
            // Stale answers (to a search that was stopped), partner talk.
            _ => {}
        }
    }

    /// Publishes the engine's newest thinking line for the position on the
    /// board (older lines and lines of stopped searches are dropped).
    fn publish_thinking(&mut self) {
        let lines = self.opponent.take_thinking();
        let current = match self.opponent.activity() {
            Activity::Searching { position, .. } | Activity::Analyzing { position } => {
                position == self.position
            }
            Activity::Idle => false,
        };
        let Some(t) = lines.into_iter().last().filter(|_| current) else {
            return;
        };
        self.thinking_seq = self.hub.next_number();
        let doc = self.thinking_doc(&t, self.thinking_seq);
        self.hub.publish("thinking", to_text(&doc));
        self.thinking = Some(doc);
    }

    fn clear_thinking(&mut self) {
        self.thinking = None;
        self.thinking_seq = self.hub.next_number();
    }

    /// A thinking line for the page, numbered `seq`: the score from White's
    /// side, the line in the record notation.
    fn thinking_doc(&self, t: &Thinking, seq: u64) -> EngineLine {
        let sign = if self.table.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        let score = t.score.map(|s| match s {
            Score::Cp(n) => LineScore::Cp(n * sign),
            Score::Mate(n) => LineScore::Mate(n * sign),
        });
        let analysing = matches!(self.opponent.activity(), Activity::Analyzing { .. });
        EngineLine {
            position: self.position,
            mode: if analysing { "analysis" } else { "game" },
            depth: t.depth,
            score,
            nodes: t.nodes,
            time: t.time_ms,
            pv: self.table.line_records(&t.pv),
            pv_uci: t.pv.clone(),
            seq,
        }
    }

    /// Publishes the state; returns it as text.
    fn publish(&mut self) -> String {
        // What was studied in another position goes (a review stops).
        self.forget_stale_study();
        self.version = self.hub.next_number();
        let text = to_text(&self.state());
        self.hub.publish("state", text.clone());
        text
    }

    /// Carries out one command; what it answers besides the new state.
    fn handle(&mut self, command: Command) -> Result<Option<Payload>, ApiError> {
        let now = Instant::now();
        match command {
            Command::Move(text) => {
                self.check_flag(now);
                if let Some(end) = self.end() {
                    return Err(ApiError::new(
                        409,
                        format!("the game is over ({})", end.comment),
                    ));
                }
                if self.table.status() != Status::Ongoing {
                    return Err(ApiError::new(409, "the game is over"));
                }
                if !self.person_may_move() {
                    return Err(ApiError::new(409, "it is the engine's move, not yours"));
                }
                let mover = self.table.side_to_move();
                self.table.play(&text).map_err(|e| ApiError::new(400, e))?;
                if let Some(start) = self.turn_start.take() {
                    let used = micros(now.saturating_duration_since(start));
                    self.clocks[idx(mover)].charge(used, &self.tc);
                }
                self.after_change(now);
            }
            Command::New {
                variant,
                side,
                board,
                tc,
                fen,
                level,
                chess960,
            } => {
                if board.is_some() {
                    return Err(ApiError::new(
                        400,
                        "'board' chooses a board of a team game (bughouse, swedish)",
                    ));
                }
                let variant = match variant {
                    Some(name) => two_player_variant(&name).map_err(|e| ApiError::new(400, e))?,
                    None => self.table.variant(),
                };
                let table = if chess960 {
                    chess960_table(variant)
                } else {
                    new_table(variant, fen.as_deref())
                }
                .map_err(|e| ApiError::new(400, e))?;
                let side = side.unwrap_or(self.side);
                self.replace(table, side, tc.unwrap_or(self.tc), false, level)?;
            }
            Command::Load { variant, fen, pgn } => {
                let variant = match variant {
                    Some(name) => two_player_variant(&name).map_err(|e| ApiError::new(400, e))?,
                    None => self.table.variant(),
                };
                let table = match (fen, pgn) {
                    (Some(f), None) => new_table(variant, Some(&f)),
                    (None, Some(p)) => load_pgn(&p, variant),
                    _ => Err("give either a fen or a pgn".to_string()),
                }
                .map_err(|e| ApiError::new(400, e))?;
                self.replace(table, self.side, self.tc, self.analysis, None)?;
            }
            Command::Takeback => self.take_back(now)?,
            Command::Resign => {
                if let Some(end) = self.end() {
                    return Err(ApiError::new(
                        409,
                        format!("the game is over ({})", end.comment),
                    ));
                }
                let loser = self.side.color().unwrap_or(self.table.side_to_move());
                self.finish(
                    End::loss(loser, "normal", format!("{} resigns", color_name(loser))),
                    false,
                );
            }
            Command::Flip => self.flipped = !self.flipped,
            Command::Analysis(on) => {
                if on != self.analysis {
                    self.stop_clock(now, false);
                    self.analysis = on;
                    self.clear_thinking();
                    self.start_clock(now);
                }
            }
            Command::Pgn => return Ok(Some(Payload::Pgn(self.pgn()))),
            Command::Tell(_) => {
                return Err(ApiError::new(
                    409,
                    "partner messages belong to the team variants (bughouse, swedish)",
                ))
            }
            Command::ShowBoard(_) => {
                return Err(ApiError::new(
                    409,
                    "boards are chosen when watching a team game",
                ))
            }
            Command::Review => self.start_review()?,
            Command::View(ply) => self.view_ply(ply)?,
            Command::Hint => self.hint()?,
            Command::Join(_) | Command::Leave => {
                return Err(ApiError::new(
                    409,
                    "seats are taken and left through seat links in team games (bughouse, swedish)",
                ))
            }
            Command::Shutdown => {}
        }
        Ok(None)
    }

    /// Starts over with `table`: the seat, the clocks, the engine's game.
    fn replace(
        &mut self,
        table: Box<dyn Table>,
        side: Side,
        tc: TimeControl,
        analysis: bool,
        level: Option<Level>,
    ) -> Result<(), ApiError> {
        if side != Side::Both {
            self.opponent
                .check_support(
                    table.variant(),
                    Needs {
                        fen: table.start_fen().is_some(),
                        chess960: table.start_fen().is_some_and(is_chess960_fen),
                    },
                )
                .map_err(|e| ApiError::new(400, e))?;
        }
        if let Some(level) = level {
            self.opponent
                .set_level(level)
                .map_err(|e| ApiError::new(400, e))?;
        }
        if self.ended.is_none() {
            self.opponent.game_over("*", "a new game");
        }
        self.opponent.stop();
        self.opponent.forget();
        self.flipped = if side != self.side {
            side == Side::Black
        } else {
            self.flipped
        };
        self.table = table;
        self.side = side;
        self.tc = tc;
        self.clocks = [PlayerClock::new(&tc); 2];
        self.turn_start = None;
        self.ended = None;
        self.analysis = analysis;
        self.notice = None;
        self.clear_thinking();
        self.after_change(Instant::now());
        Ok(())
    }

    /// Takes back the person's last move and the engine's moves after it
    /// (one move when the person plays both sides or analyses).
    fn take_back(&mut self, now: Instant) -> Result<(), ApiError> {
        if let Some(e) = &self.ended {
            if !e.by_rules {
                return Err(ApiError::new(
                    409,
                    format!("the game is over ({}); start a new game", e.end.comment),
                ));
            }
        }
        let played = self.table.played();
        let Some(last) = played.last() else {
            return Err(ApiError::new(409, "there is no move to take back"));
        };
        let person = match self.side.color() {
            Some(c) if !self.analysis => c,
            _ => last.color,
        };
        let Some(mine) = played.iter().rposition(|p| p.color == person) else {
            return Err(ApiError::new(409, "you have no move to take back"));
        };
        let count = played.len() - mine;
        self.stop_clock(now, false);
        for _ in 0..count {
            self.table.undo();
        }
        self.ended = None;
        self.after_change(now);
        Ok(())
    }

    /// The game so far as PGN.
    fn pgn(&self) -> String {
        let engine = self.opponent.name().to_string();
        let (white, black) = match self.side {
            Side::White => ("Player".to_string(), engine),
            Side::Black => (engine, "Player".to_string()),
            Side::Both => ("Player".to_string(), "Player".to_string()),
        };
        let end = self.end();
        let tc_tag = if self.side == Side::Both {
            "-".to_string()
        } else {
            self.tc.tag()
        };
        GameRecord {
            event: "vsadnik gui",
            round: 1,
            white: &white,
            black: &black,
            time_control: &tc_tag,
            date: &today(),
            body: self.table.pgn_body(),
            plies: self.table.plies(),
            result: end.map_or("*", End::result),
            termination: end.map_or("unterminated", |e| e.termination.as_str()),
            comment: end.map_or("", |e| e.comment.as_str()),
        }
        .render()
    }

    /// Runs until shut down.
    pub fn run(mut self) {
        self.drive_engine();
        self.publish();
        loop {
            let deadline = self
                .flag_time()
                .unwrap_or_else(|| Instant::now() + Duration::from_secs(3600));
            let engine_ready = if self.opponent.has_held_reply() {
                true
            } else {
                let mut sel = Select::new();
                let commands = sel.recv(&self.commands);
                let engine = self.opponent.watch(&mut sel);
                let review = self.study.review.as_ref().map(|r| sel.recv(&r.news));
                match sel.ready_deadline(deadline) {
                    Err(_) => false,
                    Ok(i) if Some(i) == review => {
                        self.on_review();
                        self.publish();
                        continue;
                    }
                    Ok(i) if i == commands => {
                        match self.commands.try_recv() {
                            // A room that ends publishes nothing more: the
                            // next room's state is the page's (see lobby).
                            Ok(envelope) if matches!(envelope.command, Command::Shutdown) => {
                                let _ = envelope.reply.send(Ok(Payload::Json("null".into())));
                                break;
                            }
                            Ok(envelope) => {
                                let answer = self.handle(envelope.command);
                                self.check_flag(Instant::now());
                                self.drive_engine();
                                let state = self.publish();
                                let answer = answer.map(|p| p.unwrap_or(Payload::Json(state)));
                                let _ = envelope.reply.send(answer);
                            }
                            Err(TryRecvError::Disconnected) => break,
                            Err(TryRecvError::Empty) => {}
                        }
                        continue;
                    }
                    Ok(i) => Some(i) == engine,
                }
            };
            let before = (
                self.position,
                self.ended.is_some(),
                self.analysis,
                self.notice.clone(),
            );
            if engine_ready {
                self.on_engine();
            }
            self.check_flag(Instant::now());
            self.drive_engine();
            let after = (
                self.position,
                self.ended.is_some(),
                self.analysis,
                self.notice.clone(),
            );
            if before != after {
                self.publish();
            }
            if self.hub.shutting_down() {
                break;
            }
        }
        self.opponent.shutdown();
    }
}
