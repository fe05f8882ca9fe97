//! The team room: the arbiter thread of a bughouse or Swedish game in
//! which people play some of the four seats and engines the others. The
//! host (the page at the server's own address) takes any seat; each other
//! seat has a seat link (`/?seat=KEY`) through which a second person, in
//! another browser, takes it as partner or opponent between games (see
//! [`Sitters`]). An engine plays every seat nobody took: `--partner` the
//! host's partner, `--engine` the others. The game itself — both boards, every move checked by the
//! rules library, reserves passed between the boards, the four clocks,
//! partner messages, the end on either board — is the match runner's
//! [`TeamPlay`]; this room adds the person's commands and publishes the
//! state of each seat (see [`super::team_state`]). The game starts with
//! the host's new-game command, so that no clock runs before the people
//! are there.

use super::doc::to_text;
use super::hub::{no_such_seat, ApiError, Caller, Envelope, Hub, Payload};
use super::room::{Command, Side};
use super::sitters::Sitters;
use arena::engine::{Engine, Fault, Needs, Reply};
use arena::level::Level;
use arena::options::{EngineSpec, Proto, TimeControl};
use arena::record::today;
use arena::team::bpgn::TeamRecord;
use arena::team::play::{seat_index, seat_name, seat_of, wait, Refusal, TeamEnd, TeamPlay, Wake};
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
    /// The host's colour.
    pub side: Side,
    /// The host's board.
    pub board: TeamBoard,
    /// The time control of every seat.
    pub tc: TimeControl,
    /// How far an engine may overstep its clock.
    pub margin: Duration,
    /// The least time between two moves on a board nobody plays in
    /// person (its engines would otherwise race the people).
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

/// The seat of `side` on `board`.
fn seat_for(side: Side, board: TeamBoard, variant: VariantId) -> Result<usize, String> {
    let color = side.color().ok_or_else(|| {
        format!("in {variant} a person plays one seat: white or black, on board A or B (not both)")
    })?;
    Ok(seat_index(board, color, true))
}

/// The arbiter of a team game with people in some seats.
pub struct TeamRoom<R: DropRules> {
    hub: Arc<Hub<Command>>,
    commands: Receiver<Envelope<Command>>,
    pub(super) variant: VariantId,
    /// The engine of each seat (a person's seat has none).
    pub(super) engines: Vec<Option<Engine>>,
    /// How each seat's engine is started (none for a person's seat).
    specs: [Option<EngineSpec>; 4],
    /// The engine of the host's partner, and of the other seats.
    partner_spec: EngineSpec,
    opponent_spec: EngineSpec,
    /// Each seat's name.
    pub(super) names: [String; 4],
    /// Who sits where, and the seat links.
    pub(super) sitters: Sitters,
    pub(super) tc: TimeControl,
    margin: Duration,
    pace: Duration,
    debug: bool,
    pub(super) play: TeamPlay<R>,
    pub(super) phase: Phase,
    /// When the clocks stopped (before the start, at the end).
    pub(super) frozen: Instant,
    /// Each seat's view turned around.
    pub(super) flipped: [bool; 4],
    /// The latest trouble with an engine, for the person to read.
    pub(super) notice: Option<String>,
    pub(super) version: u64,
}

impl<R: DropRules> TeamRoom<R> {
    /// A room for `settings`, fed by `commands`, publishing through `hub`:
    /// the engines of the three other seats are started and checked; the
    /// first state is published.
    pub fn open(
        hub: Arc<Hub<Command>>,
        commands: Receiver<Envelope<Command>>,
        settings: TeamSettings,
    ) -> Result<TeamRoom<R>, String> {
        let variant = settings.variant;
        let host = seat_for(settings.side, settings.board, variant)?;
        let now = Instant::now();
        let mut room = TeamRoom {
            hub,
            commands,
            variant,
            engines: (0..4).map(|_| None).collect(),
            specs: Default::default(),
            partner_spec: settings.partner,
            opponent_spec: settings.opponents,
            names: Default::default(),
            sitters: Sitters::new(host),
            tc: settings.tc,
            margin: settings.margin,
            pace: settings.pace,
            debug: settings.debug,
            play: TeamPlay::new(TeamGame::default(), settings.tc, settings.margin, true, now),
            phase: Phase::Ready,
            frozen: now,
            flipped: [0, 1, 2, 3].map(|e| seat_of(e, true).1 == Color::Black),
            notice: None,
            version: 0,
        };
        room.seat_engines()?;
        room.publish();
        Ok(room)
    }

    /// The role of seat `e` for the player of seat `me`: `you`, `partner`
    /// or `opponent`.
    pub(super) fn role(&self, me: usize, e: usize) -> &'static str {
        if e == me {
            "you"
        } else if e == me ^ 1 {
            "partner"
        } else {
            "opponent"
        }
    }

    /// Gives each seat the engine it should have (none for a person's;
    /// `--partner` for the host's partner, `--engine` for the others) and
    /// starts those not running; the names of the people's seats.
    fn seat_engines(&mut self) -> Result<(), String> {
        for e in 0..4 {
            let wanted = if let Some(name) = self.sitters.name(e) {
                self.names[e] = name.to_string();
                None
            } else if e == self.sitters.host() ^ 1 {
                Some(self.partner_spec.clone())
            } else {
                Some(self.opponent_spec.clone())
            };
            if self.specs[e] != wanted {
                // Dropped, an engine quits.
                self.engines[e] = None;
                self.specs[e] = wanted;
            }
        }
        for e in 0..4 {
            self.start_engine(e)?;
        }
        Ok(())
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
                self.role(self.sitters.host(), e),
                spec.argv.join(" ")
            )
        })?;
        let name = engine
            .reported_name
            .clone()
            .unwrap_or_else(|| spec.basename());
        engine
            .check_support(self.variant, Needs::default())
            .map_err(|why| {
                let role = self.role(self.sitters.host(), e);
                format!("the {role} engine {name} {why}")
            })?;
        self.names[e] = name;
        self.engines[e] = Some(engine);
        Ok(())
    }

    /// Gives each board that nobody plays in person its pace.
    fn pace_boards(&mut self) {
        for b in TeamBoard::ALL {
            let seated = (0..4).any(|e| self.sitters.is_person(e) && self.play.seat(e).0 == b);
            let pace = if seated { Duration::ZERO } else { self.pace };
            self.play.set_pace(b, pace);
        }
    }

    /// Whether the person of seat `e` may move now.
    pub(super) fn may_move(&self, e: usize) -> bool {
        let (b, c) = self.play.seat(e);
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
        self.pace_boards();
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
                            self.role(self.sitters.host(), e),
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

    /// Seats the host as `side` on `board` (each as it was when not
    /// given): refused when a person holds that seat.
    fn seat_host(&mut self, side: Option<Side>, board: Option<TeamBoard>) -> Result<(), ApiError> {
        let (b, c) = self.play.seat(self.sitters.host());
        let side = side.unwrap_or(if c == Color::White {
            Side::White
        } else {
            Side::Black
        });
        let seat =
            seat_for(side, board.unwrap_or(b), self.variant).map_err(|e| ApiError::new(400, e))?;
        if seat == self.sitters.host() {
            return Ok(());
        }
        if let Some(name) = self.sitters.guest_name(seat) {
            let (b, c) = self.play.seat(seat);
            return Err(ApiError::new(
                409,
                format!(
                    "{} is taken by {name}: choose another seat",
                    seat_name(b, c)
                ),
            ));
        }
        self.sitters.move_host(seat);
        self.flipped[seat] = side == Side::Black;
        self.seat_engines().map_err(|m| ApiError::new(503, m))
    }

    /// The seat of the page that sent a command: the host's, or the seat
    /// link's.
    fn seat_of_caller(&self, caller: &Caller) -> Result<usize, ApiError> {
        match &caller.seat {
            None => Ok(self.sitters.host()),
            Some(key) => self.sitters.seat_of_key(key).ok_or_else(no_such_seat),
        }
    }

    /// Seat `e` taken by the seat link's `caller`, going by `name`:
    /// between games only, and only when nobody else holds it.
    fn join(&mut self, e: usize, caller: &Caller, name: Option<String>) -> Result<(), ApiError> {
        let (b, c) = self.play.seat(e);
        let seat = seat_name(b, c);
        if caller.is_host() || e == self.sitters.host() {
            return Err(ApiError::new(
                409,
                format!("{seat} is the host's seat; the host changes seats with New game"),
            ));
        }
        let Some(client) = caller.client.as_deref() else {
            return Err(ApiError::new(
                400,
                "a seat link's page names its browser: add client=ID to the request",
            ));
        };
        if !self.sitters.holds(e, caller) {
            if let Some(holder) = self.sitters.guest_name(e) {
                return Err(ApiError::new(
                    409,
                    format!("{seat} is already taken by {holder}, in another browser"),
                ));
            }
            if matches!(self.phase, Phase::Playing) {
                return Err(ApiError::new(
                    409,
                    format!("a game is under way: {seat} can be taken when it is over"),
                ));
            }
        }
        self.sitters.seat_guest(e, client, name);
        self.seat_engines().map_err(|m| ApiError::new(503, m))?;
        self.pace_boards();
        Ok(())
    }

    /// Seat `e` given back to an engine by its holder, between games.
    fn leave(&mut self, e: usize, caller: &Caller) -> Result<(), ApiError> {
        if caller.is_host() {
            return Err(ApiError::new(
                409,
                "the host always has a seat; the host changes seats with New game",
            ));
        }
        self.check_holder(e, caller)?;
        if matches!(self.phase, Phase::Playing) {
            return Err(ApiError::new(
                409,
                "a game is under way: resign it first, or leave when it is over",
            ));
        }
        self.sitters.unseat(e);
        self.seat_engines().map_err(|m| ApiError::new(503, m))?;
        self.pace_boards();
        Ok(())
    }

    /// Refuses a command for seat `e` from a page that does not hold it.
    fn check_holder(&self, e: usize, caller: &Caller) -> Result<(), ApiError> {
        if self.sitters.holds(e, caller) {
            return Ok(());
        }
        let (b, c) = self.play.seat(e);
        let why = match self.sitters.guest_name(e) {
            Some(holder) => format!(
                "{} is taken by {holder}, in another browser",
                seat_name(b, c)
            ),
            None => format!("take the seat first: {} is not yours", seat_name(b, c)),
        };
        Err(ApiError::new(409, why))
    }

    /// Carries out one command from `caller`; what it answers besides the
    /// new state.
    fn handle(&mut self, command: Command, caller: &Caller) -> Result<Option<Payload>, ApiError> {
        let me = self.seat_of_caller(caller)?;
        match command {
            Command::Pgn => return Ok(Some(Payload::Pgn(self.pgn()))),
            Command::Join(name) => {
                self.join(me, caller, name)?;
                return Ok(None);
            }
            Command::Leave => {
                self.leave(me, caller)?;
                return Ok(None);
            }
            Command::Shutdown => {}
            _ => self.check_holder(me, caller)?,
        }
        let host_only = |what: &str| {
            if caller.is_host() {
                Ok(())
            } else {
                Err(ApiError::new(403, format!("only the host's page {what}")))
            }
        };
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
                        let who = if caller.is_host() {
                            "start a new game"
                        } else {
                            "the host starts it"
                        };
                        return Err(ApiError::new(
                            409,
                            format!("the game has not started: {who}"),
                        ));
                    }
                    Phase::Over(end) => {
                        return Err(ApiError::new(
                            409,
                            format!("the game is over ({})", end.comment),
                        ))
                    }
                    Phase::Playing => {}
                }
                match self.play.person_move(me, &text, Instant::now()) {
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
                board,
                tc,
                fen,
                level,
                chess960,
            } => {
                host_only("starts new games")?;
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
                self.seat_host(side, board)?;
                if let Some(tc) = tc {
                    self.tc = tc;
                }
                self.start_game(fen.as_deref())?;
            }
            Command::Resign => {
                if !matches!(self.phase, Phase::Playing) {
                    return Err(ApiError::new(409, "there is no game under way"));
                }
                let (b, c) = self.play.seat(me);
                let end = TeamEnd::loss(
                    self.play.team_of(me),
                    "normal",
                    format!("{} resigns", seat_name(b, c)),
                );
                self.finish(end);
            }
            Command::Flip => self.flipped[me] = !self.flipped[me],
            Command::Tell(text) => {
                let partner = me ^ 1;
                match self.engines[partner].as_ref().map(|e| e.proto) {
                    None if self.sitters.is_person(partner) => {
                        self.play.person_tell(me, &text, &mut self.engines)
                    }
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
                    Some(Proto::Xboard) => self.play.person_tell(me, &text, &mut self.engines),
                }
            }
            Command::Takeback => return not_here("taking back"),
            Command::Analysis(_) => return not_here("analysis"),
            Command::Load { .. } => {
                host_only("loads games")?;
                return not_here("loading a game");
            }
            Command::ShowBoard(_) => return not_here("choosing a board (both are shown)"),
            Command::Review | Command::View(_) => return not_here("reviewing a game"),
            Command::Hint => return not_here("a hint"),
            Command::Pgn | Command::Join(_) | Command::Leave => {}
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

    /// Publishes the state: the host's, and each seat link's; returns
    /// the one `caller` sees, as text.
    fn publish_for(&mut self, caller: &Caller) -> String {
        self.version = self.hub.next_number();
        let host = to_text(&self.state(self.sitters.host(), true));
        self.hub.publish("state", host.clone());
        let mut answer = host;
        for e in 0..4 {
            let text = to_text(&self.state(e, false));
            let key = self.sitters.key(e);
            if caller.seat.as_deref() == Some(key) {
                answer.clone_from(&text);
            }
            self.hub.publish_seat(key, text);
        }
        answer
    }

    /// Publishes the state of every page.
    fn publish(&mut self) {
        self.publish_for(&Caller::host());
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
                        let answer = self.handle(envelope.command, &envelope.caller);
                        if quit {
                            // Nothing more is published: the next room's
                            // state is the page's.
                            let _ = envelope.reply.send(Ok(Payload::Json("null".into())));
                            break;
                        }
                        let state = self.publish_for(&envelope.caller);
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
        // The seat links end with the room.
        let keys = [0, 1, 2, 3].map(|e| self.sitters.key(e).to_string());
        self.hub.forget_seats(&keys.each_ref().map(String::as_str));
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
