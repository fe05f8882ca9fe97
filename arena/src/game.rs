//! The arbiter of one two-player game, generic over the variant: it keeps
//! the clocks, relays moves between the engines, validates every move with
//! the rules library and ends the game on the rules, on time, on an illegal
//! move, on a crash or stall, on resignation or on adjudication.

use super::clock::PlayerClock;
use super::engine::{ClockInfo, Engine, Fault, GameView, Reply, StartError};
use super::live::{Live, LiveBoard, LiveResult};
use super::notation::{has_san, parse_engine_move, record};
use super::openings::Opening;
use super::options::{DrawRule, EngineSpec, Proto, ResignRule, TimeControl};
use super::record::{color_name, rules_comment, today, GameRecord};
use crossbeam::channel::Receiver;
use movegen::variant::{Outcome, Position, Status};
use movegen::Color;
use movegen::VariantId;
use std::time::{Duration, Instant};

/// How long an engine that overstepped its time is given to answer `stop`
/// (or XBoard `?`) before its connection counts as stalled.
pub const GRACE: Duration = Duration::from_secs(1);

/// A player of the match: how to start its engine and what it is called.
#[derive(Clone, Debug)]
pub struct Player {
    /// The command.
    pub spec: EngineSpec,
    /// The protocol found when the match started.
    pub proto: Proto,
    /// The name used in output and PGN (unique in the match).
    pub name: String,
}

/// What every game of the match shares.
pub struct MatchContext<'a> {
    /// The variant.
    pub variant: VariantId,
    /// The time control.
    pub tc: TimeControl,
    /// The `TimeControl` tag value.
    pub tc_tag: String,
    /// Allowed overrun before a time forfeit.
    pub margin: Duration,
    /// Resign adjudication.
    pub resign: Option<ResignRule>,
    /// Draw adjudication.
    pub draw: Option<DrawRule>,
    /// The players in `--engine` order (two, or four for team games).
    pub players: &'a [Player],
    /// Echo engine traffic.
    pub debug: bool,
    /// The live file (`--live`), if any.
    pub live: Option<&'a Live>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The game number.
    pub round: u32,
    /// Whether the first engine played White.
    pub first_white: bool,
    /// White's half-points.
    pub white_points: u8,
    /// Black's half-points.
    pub black_points: u8,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment.
    pub comment: String,
    /// The game's PGN.
    pub pgn: String,
}

/// One kind of game the runner schedules: the two-player game of every
/// variant, or the four-engine team game of bughouse and Swedish chess.
pub trait Arbiter: Sync {
    /// Engines per game.
    const SEATS: usize;
    /// The PGN tags that name the players of the first and second side
    /// (read back by `--resume`).
    const SIDE_TAGS: [&'static str; 2];
    /// Plays game `round`; `engines` has `SEATS` slots in `--engine` order.
    /// `None` when the match was stopped first.
    fn play(
        &self,
        ctx: &MatchContext,
        round: u32,
        opening: &Opening,
        first_white: bool,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Option<Finished>;
}

/// The two-player arbiter of variant `P`.
pub struct TwoPlayer<P>(std::marker::PhantomData<fn() -> P>);

impl<P> Default for TwoPlayer<P> {
    fn default() -> Self {
        TwoPlayer(std::marker::PhantomData)
    }
}

impl<P: Position> Arbiter for TwoPlayer<P> {
    const SEATS: usize = 2;
    const SIDE_TAGS: [&'static str; 2] = ["White", "Black"];
    fn play(
        &self,
        ctx: &MatchContext,
        round: u32,
        opening: &Opening,
        first_white: bool,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Option<Finished> {
        play_game::<P>(ctx, round, opening, first_white, engines, stop)
    }
}

/// How a two-player game ended: the points, the `Termination` tag and the
/// result comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// White's half-points.
    pub white: u8,
    /// Black's half-points.
    pub black: u8,
    /// The `Termination` tag value.
    pub termination: String,
    /// The result comment (`White mates`, `Black loses on time`).
    pub comment: String,
}

impl End {
    /// `loser` loses: `termination` is the tag, `comment` says why.
    pub fn loss(loser: Color, termination: &str, comment: String) -> End {
        let (white, black) = match loser {
            Color::White => (0, 2),
            Color::Black => (2, 0),
        };
        End {
            white,
            black,
            termination: termination.to_string(),
            comment,
        }
    }

    /// `loser`'s engine crashed.
    fn crashed(loser: Color) -> End {
        let why = format!("{}'s engine crashed", color_name(loser));
        End::loss(loser, "engine crash", why)
    }

    /// `loser`'s connection stalls.
    fn stalled(loser: Color) -> End {
        let why = format!("{}'s connection stalls", color_name(loser));
        End::loss(loser, "stalled connection", why)
    }

    /// `loser` loses on time.
    fn flagged(loser: Color) -> End {
        let why = format!("{} loses on time", color_name(loser));
        End::loss(loser, "time forfeit", why)
    }

    /// `loser` resigns.
    fn resigned(loser: Color) -> End {
        End::loss(loser, "normal", format!("{} resigns", color_name(loser)))
    }

    /// The end the rules give (`Status::Over`).
    pub fn rules(o: Outcome) -> End {
        let winner = match o.white.cmp(&o.black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        End {
            white: o.white,
            black: o.black,
            termination: o.reason.to_string(),
            comment: rules_comment(winner, o.reason),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.white.cmp(&self.black) {
            std::cmp::Ordering::Greater => "1-0",
            std::cmp::Ordering::Less => "0-1",
            std::cmp::Ordering::Equal => "1/2-1/2",
        }
    }
}

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Starts (or restarts) the engine of `player` in `slot` if it is not
/// running; a failure is reported with the engine's standard error.
pub fn ensure_engine(
    slot: &mut Option<Engine>,
    player: &Player,
    debug: bool,
) -> Result<(), StartError> {
    if slot.is_none() {
        let engine = Engine::start(&player.spec, Some(player.proto), &player.name, debug)
            .inspect_err(|e| e.report(&player.name))?;
        *slot = Some(engine);
    }
    Ok(())
}

/// The moves of a game as the engines, the record and the live file need
/// them.
struct MoveLists<P: Position> {
    coords: Vec<String>,
    recorded: Vec<String>,
    played: Vec<P::Move>,
    /// The board in the live file (`--live`).
    live: Option<LiveBoard>,
}

impl<P: Position> MoveLists<P> {
    fn new() -> Self {
        MoveLists {
            coords: Vec::new(),
            recorded: Vec::new(),
            played: Vec::new(),
            live: None,
        }
    }

    /// Plays `mv` on `pos` and records it.
    fn play(&mut self, pos: &mut P, mv: P::Move) {
        let before = self
            .live
            .as_ref()
            .map(|_| (pos.side_to_move(), pos.view().number));
        let text = record(pos, mv);
        let uci = mv.to_string();
        pos.make_move(mv);
        if let (Some(board), Some((mover, number))) = (self.live.as_mut(), before) {
            board.push(mover, number, &uci, &text);
            board.set_fen(pos.to_fen());
        }
        self.recorded.push(text);
        self.coords.push(uci);
        self.played.push(mv);
    }

    /// Shows the game in the live file, with `running`'s clock running.
    fn show(
        &mut self,
        ctx: &MatchContext,
        round: u32,
        clocks: &[PlayerClock; 2],
        running: Option<Color>,
    ) {
        if let (Some(live), Some(board)) = (ctx.live, self.live.as_mut()) {
            board.set_clocks([clocks[0].left_ms(0), clocks[1].left_ms(0)], running);
            live.show(round, std::slice::from_ref(board));
        }
    }
}

/// Plays game `round` from `opening`; `engines[0]` is the first player's
/// engine. Returns `None` when the match was stopped before the game ended.
pub fn play_game<P: Position>(
    ctx: &MatchContext,
    round: u32,
    opening: &Opening,
    first_white: bool,
    engines: &mut [Option<Engine>],
    stop: &Receiver<()>,
) -> Option<Finished> {
    let mut game = TwoPlayerGame::<P>::prepare(ctx, round, opening, first_white);
    let halt = match game.start_engines(engines, stop) {
        Ok(()) => game.play_moves(engines, stop),
        Err(halt) => halt,
    };
    match halt {
        Halt::Over(end) => Some(game.finish(end, engines)),
        Halt::Stopped => None,
    }
}

/// Why a game stops being played.
pub(crate) enum Halt<E> {
    /// The game is over: how it ended.
    Over(E),
    /// The match was stopped.
    Stopped,
}

impl From<End> for Halt<End> {
    fn from(end: End) -> Self {
        Halt::Over(end)
    }
}

/// Drops the engine of `slot` (it crashed or stalls): the game ends with
/// `end`.
pub(crate) fn dropped<E>(slot: &mut Option<Engine>, end: E) -> Halt<E> {
    *slot = None;
    Halt::Over(end)
}

/// The engine of a player during the game.
fn running(slot: &mut Option<Engine>) -> &mut Engine {
    slot.as_mut().expect("engines run during a game")
}

/// The counts behind resign and draw adjudication.
struct Adjudication {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// Each side's moves in a row with its engine's score at or below the
    /// resign score.
    low_scores: [u32; 2],
    /// Plies in a row with the mover's score within the draw score.
    calm_plies: u32,
}

impl Adjudication {
    fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Self {
        Adjudication {
            resign,
            draw,
            low_scores: [0; 2],
            calm_plies: 0,
        }
    }

    /// Whether the engines are asked for their scores (thinking output).
    fn on(&self) -> bool {
        self.resign.is_some() || self.draw.is_some()
    }

    /// Counts the score `color`'s engine gave for the move it just made.
    fn note(&mut self, color: Color, score: Option<i32>) {
        if let Some(r) = self.resign {
            match score {
                Some(s) if s <= -r.score => self.low_scores[idx(color)] += 1,
                _ => self.low_scores[idx(color)] = 0,
            }
        }
        if let Some(d) = self.draw {
            match score {
                Some(s) if s.abs() <= d.score => self.calm_plies += 1,
                _ => self.calm_plies = 0,
            }
        }
    }

    /// The adjudicated end, if the counts call for one, before move
    /// number `fullmove`.
    fn verdict(&self, fullmove: usize) -> Option<End> {
        if let Some(r) = self.resign {
            for color in [Color::White, Color::Black] {
                if self.low_scores[idx(color)] >= r.moves {
                    return Some(End::loss(
                        color,
                        "adjudication",
                        format!("{} wins by adjudication", color_name(color.flip())),
                    ));
                }
            }
        }
        let d = self.draw?;
        (fullmove >= d.move_number as usize && self.calm_plies >= 2 * d.moves).then(|| End {
            white: 1,
            black: 1,
            termination: "adjudication".to_string(),
            comment: "Draw by adjudication".to_string(),
        })
    }
}

/// The move number and whether Black moves first, of the game from
/// `start_fen` (1 and White for the start position).
fn numbering(start_fen: Option<&str>) -> (usize, bool) {
    let Some(f) = start_fen else {
        return (1, false);
    };
    let fields: Vec<&str> = f.split_whitespace().collect();
    let fullmove = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    (fullmove, fields.get(1) == Some(&"b"))
}

/// A two-player game of `P` under way.
struct TwoPlayerGame<'a, P: Position> {
    ctx: &'a MatchContext<'a>,
    round: u32,
    first_white: bool,
    date: String,
    /// The position the game started from, and its FEN when it is not the
    /// start position.
    start: P,
    start_fen: Option<&'a str>,
    /// The move number and side to move of the start.
    start_fullmove: usize,
    black_first: bool,
    pos: P,
    moves: MoveLists<P>,
    clocks: [PlayerClock; 2],
    adjudication: Adjudication,
}

impl<'a, P: Position> TwoPlayerGame<'a, P> {
    /// The game of `opening`, its moves played, the clocks full.
    fn prepare(
        ctx: &'a MatchContext<'a>,
        round: u32,
        opening: &'a Opening,
        first_white: bool,
    ) -> Self {
        let pos: P = match &opening.fen {
            Some(f) => P::from_fen(f).expect("openings are checked when read"),
            None => P::startpos(),
        };
        let start_fen = opening.fen.as_deref();
        let (start_fullmove, black_first) = numbering(start_fen);
        let mut game = TwoPlayerGame {
            ctx,
            round,
            first_white,
            date: today(),
            start: pos.clone(),
            start_fen,
            start_fullmove,
            black_first,
            pos,
            moves: MoveLists::new(),
            clocks: [PlayerClock::new(&ctx.tc); 2],
            adjudication: Adjudication::new(ctx.resign, ctx.draw),
        };
        game.moves.live = game.live_board();
        for m in &opening.moves {
            let mv = game
                .pos
                .parse_move(m)
                .expect("openings are checked when read");
            game.moves.play(&mut game.pos, mv);
        }
        game
    }

    /// The board of the live file (`--live`), if there is one, at the
    /// start of the game.
    fn live_board(&self) -> Option<LiveBoard> {
        self.ctx.live?;
        let full = PlayerClock::new(&self.ctx.tc).left_ms(0);
        let names = [self.name(Color::White), self.name(Color::Black)];
        let fen = self.pos.to_fen();
        Some(LiveBoard::new("main", names, self.start_fen, fen, full))
    }

    /// The player index of `color`.
    fn player_of(&self, color: Color) -> usize {
        usize::from((color == Color::White) != self.first_white)
    }

    /// The name of `color`'s player.
    fn name(&self, color: Color) -> &'a str {
        self.ctx.players[self.player_of(color)].name.as_str()
    }

    /// Starts both engines (those not running) and tells them about the
    /// new game.
    fn start_engines(
        &self,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Result<(), Halt<End>> {
        for color in [Color::White, Color::Black] {
            self.start_engine(&mut engines[self.player_of(color)], color, stop)?;
        }
        Ok(())
    }

    /// Starts `color`'s engine in `slot` if it is not running and tells it
    /// about the new game.
    fn start_engine(
        &self,
        slot: &mut Option<Engine>,
        color: Color,
        stop: &Receiver<()>,
    ) -> Result<(), Halt<End>> {
        let player = &self.ctx.players[self.player_of(color)];
        if let Err(e) = ensure_engine(slot, player, self.ctx.debug) {
            if self.ctx.debug {
                crate::console::note(&format!("{}: {e}", player.name));
            }
            let why = format!("{}'s engine could not be started", color_name(color));
            return Err(End::loss(color, "engine crash", why).into());
        }
        let engine = slot.as_mut().expect("just started");
        let post = self.adjudication.on();
        match engine.new_game(self.ctx.variant, self.start_fen, &self.ctx.tc, post, stop) {
            Ok(()) => Ok(()),
            Err(Fault::Stopped) => Err(Halt::Stopped),
            Err(Fault::Crash) => Err(dropped(slot, End::crashed(color))),
            Err(Fault::Stall) => Err(dropped(slot, End::stalled(color))),
        }
    }

    /// Plays turns until the game ends (by the rules, by adjudication or
    /// in a turn) or the match is stopped.
    fn play_moves(&mut self, engines: &mut [Option<Engine>], stop: &Receiver<()>) -> Halt<End> {
        loop {
            if let Status::Over(o) = self.pos.status() {
                return Halt::Over(End::rules(o));
            }
            let mover = self.pos.side_to_move();
            self.moves
                .show(self.ctx, self.round, &self.clocks, Some(mover));
            if let Some(end) = self.adjudication.verdict(self.fullmove()) {
                return Halt::Over(end);
            }
            if let Err(halt) = self.turn(engines, stop) {
                return halt;
            }
        }
    }

    /// The number of the move to be played.
    fn fullmove(&self) -> usize {
        self.start_fullmove + (self.moves.coords.len() + usize::from(self.black_first)) / 2
    }

    /// One turn of the side to move: its engine is asked for a move, its
    /// reply awaited and taken.
    fn turn(
        &mut self,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Result<(), Halt<End>> {
        let color = self.pos.side_to_move();
        let slot = &mut engines[self.player_of(color)];
        let Ok(sent) = running(slot).request_move(&self.view(), &self.clock_info(color)) else {
            return Err(dropped(slot, End::crashed(color)));
        };
        let allowed = self.allowed(color);
        let reply = await_reply(slot, color, sent + allowed, stop)?;
        self.take_reply(slot, color, reply, sent, allowed)
    }

    /// The game so far, as the engines are told it.
    fn view(&self) -> GameView<'_> {
        GameView {
            start_fen: self.start_fen,
            coords: &self.moves.coords,
            sans: has_san::<P>().then_some(self.moves.recorded.as_slice()),
        }
    }

    /// The clocks as `color`'s engine is told them.
    fn clock_info(&self, color: Color) -> ClockInfo {
        ClockInfo {
            wtime: self.clocks[0].left_ms(0),
            btime: self.clocks[1].left_ms(0),
            inc: self.ctx.tc.inc.as_micros() as i64 / 1000,
            movestogo: self.clocks[idx(color)].movestogo(&self.ctx.tc),
            white: color == Color::White,
        }
    }

    /// How long `color` may think: the time on its clock and the margin.
    fn allowed(&self, color: Color) -> Duration {
        let margin = self.ctx.margin.as_micros() as i64;
        Duration::from_micros((self.clocks[idx(color)].remaining_us() + margin).max(0) as u64)
    }

    /// Takes the reply of `color`'s engine to the request `sent`: plays its
    /// move, or ends the game on a resignation, a claim, a refusal or a
    /// crash.
    fn take_reply(
        &mut self,
        slot: &mut Option<Engine>,
        color: Color,
        reply: Reply,
        sent: Instant,
        allowed: Duration,
    ) -> Result<(), Halt<End>> {
        let name = color_name(color);
        let end = match reply {
            Reply::Move(text, at) => {
                let thought = at.saturating_duration_since(sent);
                return self.take_move(running(slot), color, &text, thought, allowed);
            }
            Reply::Resign => End::resigned(color),
            Reply::Claim(result, _) => {
                let concedes = matches!(
                    (color, result.as_str()),
                    (Color::White, "0-1") | (Color::Black, "1-0")
                );
                if concedes {
                    End::resigned(color)
                } else {
                    let why = format!("{name} makes a false claim: {result}");
                    End::loss(color, "rules infraction", why)
                }
            }
            Reply::Rejected(line) => {
                let line = line.replace(['{', '}'], "");
                let why = format!("{name} rejects a legal move ({line})");
                End::loss(color, "rules infraction", why)
            }
            Reply::Crash => return Err(dropped(slot, End::crashed(color))),
            Reply::Timeout | Reply::Tell(_) => unreachable!("not returned here"),
            Reply::Stopped => return Err(Halt::Stopped),
        };
        Err(end.into())
    }

    /// Plays the move `text` of `color`, made `thought` after it was asked
    /// for: it loses on time past `allowed`, and on an illegal move.
    fn take_move(
        &mut self,
        engine: &mut Engine,
        color: Color,
        text: &str,
        thought: Duration,
        allowed: Duration,
    ) -> Result<(), Halt<End>> {
        if thought > allowed {
            return Err(End::flagged(color).into());
        }
        let Ok(mv) = parse_engine_move(&self.pos, engine.proto, text) else {
            let shown = if text.is_empty() { "(none)" } else { text };
            let why = format!("{} makes an illegal move: {shown}", color_name(color));
            return Err(End::loss(color, "illegal move", why).into());
        };
        engine.own_move_played();
        self.clocks[idx(color)].charge(thought.as_micros() as i64, &self.ctx.tc);
        self.adjudication.note(color, engine.last_score);
        self.moves.play(&mut self.pos, mv);
        Ok(())
    }

    /// Ends the game with `end`: the engines are told, the live file shows
    /// the result, and the game is recorded.
    fn finish(mut self, end: End, engines: &mut [Option<Engine>]) -> Finished {
        tell_result(engines, &end);
        self.show_result(&end);
        self.record(end)
    }

    /// Shows the finished game in the live file, if there is one.
    fn show_result(&mut self, end: &End) {
        let names = [self.name(Color::White), self.name(Color::Black)];
        let (Some(live), Some(board)) = (self.ctx.live, self.moves.live.as_mut()) else {
            return;
        };
        board.set_clocks([self.clocks[0].left_ms(0), self.clocks[1].left_ms(0)], None);
        let shown = LiveResult {
            result: end.result().to_string(),
            termination: end.termination.clone(),
            comment: end.comment.clone(),
        };
        live.finish(self.round, std::slice::from_ref(board), names, &shown);
    }

    /// The finished game with its PGN.
    fn record(self, end: End) -> Finished {
        let result = end.result();
        let pgn = GameRecord {
            event: "vsadnik match",
            round: self.round,
            white: self.name(Color::White),
            black: self.name(Color::Black),
            time_control: &self.ctx.tc_tag,
            date: &self.date,
            body: P::pgn_body(&self.start, &self.moves.played),
            plies: self.moves.played.len(),
            result,
            termination: &end.termination,
            comment: &end.comment,
        }
        .render();
        Finished {
            round: self.round,
            first_white: self.first_white,
            white_points: end.white,
            black_points: end.black,
            result,
            termination: end.termination,
            comment: end.comment,
            pgn,
        }
    }
}

/// Waits for the reply of `color`'s engine until `deadline`. Out of time,
/// the engine is asked for a move now: a reply stamped in time (it raced
/// the deadline) still counts, a later one loses on time, none at all is a
/// stalled connection.
fn await_reply(
    slot: &mut Option<Engine>,
    color: Color,
    deadline: Instant,
    stop: &Receiver<()>,
) -> Result<Reply, Halt<End>> {
    let engine = running(slot);
    let reply = engine.wait_reply(deadline, Some(stop));
    if !matches!(reply, Reply::Timeout) {
        return Ok(reply);
    }
    engine.interrupt();
    match engine.wait_reply(Instant::now() + GRACE, Some(stop)) {
        reply @ (Reply::Move(..) | Reply::Stopped) => Ok(reply),
        Reply::Timeout => {
            engine.kill();
            Err(dropped(slot, End::stalled(color)))
        }
        Reply::Crash => Err(dropped(slot, End::flagged(color))),
        _ => Err(End::flagged(color).into()),
    }
}

/// Tells every engine the result; one that asked to be restarted between
/// games is dropped.
fn tell_result(engines: &mut [Option<Engine>], end: &End) {
    for slot in engines.iter_mut() {
        if let Some(e) = slot {
            e.game_over(end.result(), &end.comment);
            if e.restart_each_game {
                *slot = None;
            }
        }
    }
}
