//! The team room: the arbiter thread of a bughouse or Swedish game in
//! which the person plays one seat (board A, White or Black) and engines
//! the other three: the partner (the other colour on board B) and both
//! opponents. The game itself — both boards, every move checked by the
//! rules library, reserves passed between the boards, the four clocks,
//! partner messages, the end on either board — is the match runner's
//! [`TeamPlay`]; this room adds the person's commands and publishes the
//! state (see [`super::team_state`]). The game starts with a new-game
//! command, so that no clock runs before the person is there.

use super::doc::to_text;
use super::hub::{ApiError, Envelope, Hub, Payload};
use super::room::{Command, Side};
use arena::engine::{Engine, Fault, Needs, Reply};
use arena::level::Level;
use arena::options::{EngineSpec, Proto, TimeControl};
use arena::record::today;
use arena::team::bpgn::TeamRecord;
use arena::team::play::{seat_index, seat_name, wait, Refusal, TeamEnd, TeamPlay, Wake};
use crossbeam::channel::{Receiver, Select, TryRecvError};
use movegen::drops::{DropRules, TeamBoard, TeamGame};
use movegen::{Color, Position, VariantId};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a team room is made from.
pub struct TeamSettings {
    /// A team variant.
    pub variant: VariantId,
    /// The opponents' engine.
    pub opponents: EngineSpec,
    /// The partner's engine.
    pub partner: EngineSpec,
    /// The person's colour on board A.
    pub side: Side,
    /// The time control of every seat.
    pub tc: TimeControl,
    /// How far an engine may overstep its clock.
    pub margin: Duration,
    /// The least time between two moves on the board the person does not
    /// play (its engines would otherwise race the person).
    pub pace: Duration,
    /// Echo the engines' traffic on standard error.
    pub debug: bool,
}

/// Where the game stands.
pub(super) enum Phase {
    /// Set up, not started: no clock runs.
    Ready,
    /// Under way.
    Playing,
    /// Over.
    Over(TeamEnd),
}

/// The name the person goes by (in the record and for the partner).
pub(super) const PERSON: &str = "Player";

/// The person's seat for `side` (board A).
fn person_seat(side: Side, variant: VariantId) -> Result<usize, String> {
    let color = side.color().ok_or_else(|| {
        format!("in {variant} you play one seat: white or black on board A (not both)")
    })?;
    Ok(seat_index(TeamBoard::A, color, true))
}

/// The arbiter of a team game with a person in one seat.
pub struct TeamRoom<R: DropRules> {
    hub: Arc<Hub<Command>>,
    commands: Receiver<Envelope<Command>>,
    pub(super) variant: VariantId,
    /// The engine of each seat (the person's seat has none).
    pub(super) engines: Vec<Option<Engine>>,
    /// How to start each seat's engine again.
    specs: [Option<EngineSpec>; 4],
    /// Each seat's name.
    pub(super) names: [String; 4],
    pub(super) person: usize,
    pub(super) tc: TimeControl,
    margin: Duration,
    pace: Duration,
    debug: bool,
    pub(super) play: TeamPlay<R>,
    pub(super) phase: Phase,
    /// When the clocks stopped (before the start, at the end).
    pub(super) frozen: Instant,
    pub(super) flipped: bool,
    /// The latest trouble with an engine, for the person to read.
    pub(super) notice: Option<String>,
    pub(super) version: u64,
}

impl<R: DropRules> TeamRoom<R> {
    /// A room for `settings`, fed by `commands`, publishing through `hub`:
    /// the three engines are started and checked; the first state is
    /// published.
    pub fn open(
        hub: Arc<Hub<Command>>,
        commands: Receiver<Envelope<Command>>,
        settings: TeamSettings,
    ) -> Result<TeamRoom<R>, String> {
        let variant = settings.variant;
        let person = person_seat(settings.side, variant)?;
        let mut specs: [Option<EngineSpec>; 4] = Default::default();
        for (e, spec) in specs.iter_mut().enumerate() {
            if e != person {
                *spec = Some(if e == person ^ 1 {
                    settings.partner.clone()
                } else {
                    settings.opponents.clone()
                });
            }
        }
        let now = Instant::now();
        let mut room = TeamRoom {
            hub,
            commands,
            variant,
            engines: (0..4).map(|_| None).collect(),
            specs,
            names: Default::default(),
            person,
            tc: settings.tc,
            margin: settings.margin,
            pace: settings.pace,
            debug: settings.debug,
            play: TeamPlay::new(TeamGame::default(), settings.tc, settings.margin, true, now),
            phase: Phase::Ready,
            frozen: now,
            flipped: settings.side == Side::Black,
            notice: None,
            version: 0,
        };
        room.names[person] = PERSON.to_string();
        room.pace_other_board();
        for e in 0..4 {
            room.start_engine(e)?;
        }
        room.publish();
        Ok(room)
    }

    /// The role of seat `e` for the person: partner or opponent.
    pub(super) fn role(&self, e: usize) -> &'static str {
        if e == self.person {
            "you"
        } else if e == self.person ^ 1 {
            "partner"
        } else {
            "opponent"
        }
    }

    /// Starts seat `e`'s engine if it has one and it is not running, and
    /// checks that it plays the variant.
    fn start_engine(&mut self, e: usize) -> Result<(), String> {
        let Some(spec) = &self.specs[e] else {
            return Ok(());
        };
        if self.engines[e].is_some() {
            return Ok(());
        }
        let (b, c) = self.play.seat(e);
        let label = format!("{} ({})", spec.basename(), seat_name(b, c));
        let engine = Engine::start(spec, None, &label, self.debug).map_err(|err| {
            err.report(&label);
            format!(
                "the {} engine '{}' could not be started: {err}",
                self.role(e),
                spec.argv.join(" ")
            )
        })?;
        let name = engine
            .reported_name
            .clone()
            .unwrap_or_else(|| spec.basename());
        engine
            .check_support(self.variant, Needs::default())
            .map_err(|why| format!("the {} engine {name} {why}", self.role(e)))?;
        self.names[e] = name;
        self.engines[e] = Some(engine);
        Ok(())
    }

    /// Gives the board the person does not play its pace.
    fn pace_other_board(&mut self) {
        let other = self.play.seat(self.person).0.other();
        self.play.set_pace(other, self.pace);
    }

    /// Whether the person may move now.
    pub(super) fn person_may_move(&self) -> bool {
        let (b, c) = self.play.seat(self.person);
        matches!(self.phase, Phase::Playing) && self.play.game().board(b).side_to_move() == c
    }

    /// The moment the clocks show.
    pub(super) fn clock_time(&self) -> Instant {
        match self.phase {
            Phase::Playing => Instant::now(),
            _ => self.frozen,
        }
    }

    /// Ends the game with `end`; engines hear the result.
    fn finish(&mut self, end: TeamEnd) {
        self.play
            .finish(&mut self.engines, end.result(), &end.comment);
        self.phase = Phase::Over(end);
        self.frozen = Instant::now();
    }

    /// Ends the game when a flag has fallen.
    fn check_flags(&mut self) {
        if matches!(self.phase, Phase::Playing) {
            if let Some(end) = self.play.flags(Instant::now()) {
                self.finish(end);
            }
        }
    }

    /// Starts a new game from `fen` (`FEN-A | FEN-B`, or the start
    /// position): a game under way is given up, the engines start theirs.
    fn start_game(&mut self, fen: Option<&str>) -> Result<(), ApiError> {
        let game = match fen {
            Some(f) => TeamGame::<R>::from_fen(f).map_err(|e| {
                ApiError::new(
                    400,
                    format!("a {} position is `FEN-A | FEN-B`: {e}", self.variant),
                )
            })?,
            None => TeamGame::default(),
        };
        if matches!(self.phase, Phase::Playing) {
            self.play.finish(&mut self.engines, "*", "a new game");
        }
        let now = Instant::now();
        self.play = TeamPlay::new(game, self.tc, self.margin, true, now);
        self.pace_other_board();
        self.phase = Phase::Ready;
        self.frozen = now;
        self.notice = None;
        let never = crossbeam::channel::never();
        for e in 0..4 {
            self.start_engine(e).map_err(|m| ApiError::new(503, m))?;
            let (b, _) = self.play.seat(e);
            let start_fen = self.play.start_fen(b).map(str::to_string);
            let Some(engine) = self.engines[e].as_mut() else {
                continue;
            };
            if start_fen.is_some() {
                engine
                    .check_support(
                        self.variant,
                        Needs {
                            fen: true,
                            chess960: false,
                        },
                    )
                    .map_err(|why| ApiError::new(400, format!("the engine {why}")))?;
            }
            match engine.new_game(self.variant, start_fen.as_deref(), &self.tc, false, &never) {
                Ok(()) => engine.partner(&self.names[e ^ 1]),
                Err(Fault::Crash | Fault::Stall | Fault::Stopped) => {
                    self.engines[e] = None;
                    return Err(ApiError::new(
                        503,
                        format!(
                            "the {} engine {} does not answer",
                            self.role(e),
                            self.names[e]
                        ),
                    ));
                }
            }
        }
        self.play.start_clocks(Instant::now());
        self.phase = Phase::Playing;
        Ok(())
    }

    /// Seats the person as `side` on board A; the engines keep their roles
    /// (the two pairs change seats).
    fn seat_person(&mut self, side: Side) -> Result<(), ApiError> {
        let seat = person_seat(side, self.variant).map_err(|e| ApiError::new(400, e))?;
        if seat != self.person {
            for (x, y) in [(0, 2), (1, 3)] {
                self.engines.swap(x, y);
                self.specs.swap(x, y);
                self.names.swap(x, y);
            }
            self.person = seat;
            self.flipped = side == Side::Black;
        }
        Ok(())
    }

    /// Carries out one command; what it answers besides the new state.
    fn handle(&mut self, command: Command) -> Result<Option<Payload>, ApiError> {
        let not_here = |what: &str| {
            Err(ApiError::new(
                409,
                format!("{what} is not available in team games"),
            ))
        };
        match command {
            Command::Move(text) => {
                self.check_flags();
                match &self.phase {
                    Phase::Ready => {
                        return Err(ApiError::new(
                            409,
                            "the game has not started: start a new game",
                        ))
                    }
                    Phase::Over(end) => {
                        return Err(ApiError::new(
                            409,
                            format!("the game is over ({})", end.comment),
                        ))
                    }
                    Phase::Playing => {}
                }
                match self.play.person_move(self.person, &text, Instant::now()) {
                    Ok(()) => {}
                    Err(Refusal::NotYourTurn) => {
                        return Err(ApiError::new(
                            409,
                            "it is your opponent's move on your board, not yours",
                        ))
                    }
                    Err(Refusal::Illegal(why)) => return Err(ApiError::new(400, why)),
                }
            }
            Command::New {
                variant,
                side,
                tc,
                fen,
                level,
                chess960,
            } => {
                if chess960 {
                    return Err(ApiError::new(
                        400,
                        "Chess960 starts are for two-player games",
                    ));
                }
                if level.is_some_and(|l| l != Level::Full) {
                    return Err(ApiError::new(
                        400,
                        "levels are for two-player games; team games are played at full strength",
                    ));
                }
                if let Some(v) = variant.filter(|v| v != self.variant.name()) {
                    VariantId::parse(&v).map_err(|e| ApiError::new(400, e))?;
                    return Err(ApiError::new(
                        400,
                        format!("this board plays {}, not {v}", self.variant),
                    ));
                }
                if let Some(side) = side {
                    self.seat_person(side)?;
                }
                if let Some(tc) = tc {
                    self.tc = tc;
                }
                self.start_game(fen.as_deref())?;
            }
            Command::Resign => {
                if !matches!(self.phase, Phase::Playing) {
                    return Err(ApiError::new(409, "there is no game under way"));
                }
                let (b, c) = self.play.seat(self.person);
                let end = TeamEnd::loss(
                    self.play.team_of(self.person),
                    "normal",
                    format!("{} resigns", seat_name(b, c)),
                );
                self.finish(end);
            }
            Command::Flip => self.flipped = !self.flipped,
            Command::Tell(text) => {
                let partner = self.person ^ 1;
                match self.engines[partner].as_ref().map(|e| e.proto) {
                    None => return Err(ApiError::new(409, "the partner engine is not running")),
                    Some(Proto::Uci) => {
                        return Err(ApiError::new(
                            409,
                            format!(
                                "the partner engine {} speaks UCI, which has no partner \
                                 messages; give --partner an XBoard engine",
                                self.names[partner]
                            ),
                        ))
                    }
                    Some(Proto::Xboard) => {
                        self.play.person_tell(self.person, &text, &mut self.engines)
                    }
                }
            }
            Command::Takeback => return not_here("taking back"),
            Command::Analysis(_) => return not_here("analysis"),
            Command::Load { .. } => return not_here("loading a game"),
            Command::ShowBoard(_) => return not_here("choosing a board (both are shown)"),
            Command::Review | Command::View(_) => return not_here("reviewing a game"),
            Command::Hint => return not_here("a hint"),
            Command::Pgn => return Ok(Some(Payload::Pgn(self.pgn()))),
            Command::Shutdown => {
                if matches!(self.phase, Phase::Playing) {
                    self.play.finish(&mut self.engines, "*", "the board closes");
                }
            }
        }
        Ok(None)
    }

    /// The game so far as BPGN.
    fn pgn(&self) -> String {
        let (end, result) = match &self.phase {
            Phase::Over(end) => (Some(end), end.result()),
            _ => (None, "*"),
        };
        let players = [
            (TeamBoard::A, Color::White),
            (TeamBoard::A, Color::Black),
            (TeamBoard::B, Color::White),
            (TeamBoard::B, Color::Black),
        ]
        .map(|(b, c)| self.names[self.play.seat_at(b, c)].as_str());
        let start = self.play.start_fen(TeamBoard::A).is_some()
            || self.play.start_fen(TeamBoard::B).is_some();
        let start_fen = start.then(|| {
            let fen = |b| {
                self.play
                    .start_fen(b)
                    .map(str::to_string)
                    .unwrap_or_else(|| movegen::drops::DropPosition::<R>::startpos().to_fen())
            };
            format!("{} | {}", fen(TeamBoard::A), fen(TeamBoard::B))
        });
        TeamRecord {
            event: "vsadnik gui",
            round: 1,
            players,
            variant: self.variant,
            time_control: &self.tc.tag(),
            date: &today(),
            start_fen: start_fen.as_deref(),
            entries: self.play.entries(),
            result,
            termination: end.map_or("unterminated", |e| e.termination.as_str()),
            comment: end.map_or("", |e| e.comment.as_str()),
        }
        .render()
    }

    /// Publishes the state; returns it as text.
    fn publish(&mut self) -> String {
        self.version = self.hub.next_number();
        let text = to_text(&self.state());
        self.hub.publish("state", text.clone());
        text
    }

    /// What changes the page must see: moves, messages, engines sitting,
    /// a board's pace ending (its clock starts).
    fn signature(&self) -> (usize, usize, [bool; 4], bool, [bool; 2]) {
        let now = Instant::now();
        (
            self.play.entries().len(),
            self.play.talk().len(),
            [0, 1, 2, 3].map(|e| self.play.sitting(e)),
            matches!(self.phase, Phase::Playing),
            TeamBoard::ALL.map(|b| self.play.paused(b, now)),
        )
    }

    /// Runs until shut down.
    pub fn run(mut self) {
        loop {
            let before = self.signature();
            if matches!(self.phase, Phase::Playing) {
                let end = self
                    .play
                    .outcome()
                    .or_else(|| self.play.ask_engines(&mut self.engines));
                if let Some(end) = end {
                    self.finish(end);
                    self.publish();
                    continue;
                }
            }
            let deadline = match self.phase {
                Phase::Playing => self.play.deadline(),
                _ => Instant::now() + Duration::from_secs(3600),
            };
            let mut sel = Select::new();
            sel.recv(&self.commands);
            match wait(&self.engines, sel, deadline) {
                Wake::Other(_) => match self.commands.try_recv() {
                    Ok(envelope) => {
                        let quit = matches!(envelope.command, Command::Shutdown);
                        let answer = self.handle(envelope.command);
                        if quit {
                            // Nothing more is published: the next room's
                            // state is the page's.
                            let _ = envelope.reply.send(Ok(Payload::Json("null".into())));
                            break;
                        }
                        let state = self.publish();
                        let answer = answer.map(|p| p.unwrap_or(Payload::Json(state)));
                        let _ = envelope.reply.send(answer);
                        continue;
                    }
                    Err(TryRecvError::Disconnected) => break,
                    Err(TryRecvError::Empty) => {}
                },
                Wake::Deadline => self.check_flags(),
                Wake::Engine(e) => self.on_engine(e),
            }
            if self.signature() != before {
                self.publish();
            }
            if self.hub.shutting_down() {
                break;
            }
        }
    }

    /// Handles what seat `e`'s engine said.
    fn on_engine(&mut self, e: usize) {
        let Some(reply) = self.engines[e].as_mut().and_then(Engine::poll_reply) else {
            return;
        };
        if matches!(self.phase, Phase::Playing) {
            if let Some(end) = self.play.on_reply(e, reply, &mut self.engines) {
                if end.termination != "normal" && end.termination != "time forfeit" {
                    self.notice = Some(end.comment.clone());
                }
                self.finish(end);
            }
        } else {
            // Between games only messages count (a partner answers).
            match reply {
                Reply::Tell(_) => {
                    self.play.on_reply(e, reply, &mut self.engines);
                }
                Reply::Crash => self.engines[e] = None,
                _ => {}
            }
        }
    }
}
