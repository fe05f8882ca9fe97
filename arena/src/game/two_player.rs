//! The arbiter of one two-player game, generic over the variant: it keeps
//! the clocks, relays moves between the engines, validates every move with
//! the rules library and ends the game on the rules, on time, on an illegal
//! move, on a crash or stall, on resignation or on adjudication.

use super::adjudication::Adjudication;
use super::{
    dropped, ensure_engine, idx, play_through, Arbiter, End, Finished, Halt, MatchContext,
    SideTags, Steps, GRACE, TWO_PLAYER_SIDE_TAGS,
};
use crate::clock::PlayerClock;
use crate::engine::{ClockInfo, Engine, Fault, GameView, Reply};
use crate::live::{LiveBoard, LiveResult};
use crate::notation::{has_san, parse_engine_move, record};
use crate::openings::Opening;
use crate::record::{color_name, today, GameRecord};
use crossbeam::channel::Receiver;
use movegen::game::Game;
use movegen::variant::{Position, Status};
use movegen::Color;
use std::time::{Duration, Instant};

/// The two-player arbiter of variant `P`.
pub struct TwoPlayer<P>(std::marker::PhantomData<fn() -> P>);

impl<P> Default for TwoPlayer<P> {
    fn default() -> Self {
        TwoPlayer(std::marker::PhantomData)
    }
}

impl<P: Position> Arbiter for TwoPlayer<P> {
    const SEATS: usize = 2;
    const SIDE_TAGS: SideTags = TWO_PLAYER_SIDE_TAGS;
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

/// The game (movegen's [`Game`]) with its moves written as the engines,
/// the record and the live file need them, as they are played.
struct MoveLists<P: Position> {
    game: Game<P>,
    coords: Vec<String>,
    recorded: Vec<String>,
    /// The board in the live file (`--live`).
    live: Option<LiveBoard>,
}

impl<P: Position> MoveLists<P> {
    fn new(game: Game<P>) -> Self {
        MoveLists {
            game,
            coords: Vec::new(),
            recorded: Vec::new(),
            live: None,
        }
    }

    /// The position now.
    fn pos(&self) -> &P {
        self.game.position()
    }

    /// Plays `mv` and records it.
    fn play(&mut self, mv: P::Move) {
        let pos = self.game.position();
        let before = self
            .live
            .as_ref()
            .map(|_| (pos.side_to_move(), pos.view().number));
        let text = record(pos, mv);
        let uci = mv.to_string();
        self.game.play(mv);
        if let (Some(board), Some((mover, number))) = (self.live.as_mut(), before) {
            board.push(mover, number, &uci, &text);
            board.set_fen(self.game.position().to_fen());
        }
        self.recorded.push(text);
        self.coords.push(uci);
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
    let game = TwoPlayerGame::<P>::prepare(ctx, round, opening, first_white);
    play_through(game, engines, stop)
}

/// The engine of a player during the game.
fn running(slot: &mut Option<Engine>) -> &mut Engine {
    slot.as_mut().expect("engines run during a game")
}

/// The move number and whether Black moves first, of a game from `start`.
fn numbering<P: Position>(start: &P) -> (usize, bool) {
    let view = start.view();
    (view.number as usize, view.side_to_move == Color::Black)
}

/// A two-player game of `P` under way.
struct TwoPlayerGame<'a, P: Position> {
    ctx: &'a MatchContext<'a>,
    round: u32,
    first_white: bool,
    date: String,
    /// The FEN the game started from, when it is not the start position.
    start_fen: Option<&'a str>,
    /// The move number and side to move of the start.
    start_fullmove: usize,
    black_first: bool,
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
        let (start_fullmove, black_first) = numbering(&pos);
        let mut game = TwoPlayerGame {
            ctx,
            round,
            first_white,
            date: today(),
            start_fen,
            start_fullmove,
            black_first,
            moves: MoveLists::new(Game::from_position(pos)),
            clocks: [PlayerClock::new(&ctx.tc); 2],
            adjudication: Adjudication::new(ctx.resign, ctx.draw),
        };
        game.moves.live = game.live_board();
        for m in &opening.moves {
            let mv = game
                .moves
                .pos()
                .parse_move(m)
                .expect("openings are checked when read");
            game.moves.play(mv);
        }
        game
    }

    /// The board of the live file (`--live`), if there is one, at the
    /// start of the game.
    fn live_board(&self) -> Option<LiveBoard> {
        self.ctx.live?;
        let full = PlayerClock::new(&self.ctx.tc).left_ms(0);
        let names = [self.name(Color::White), self.name(Color::Black)];
        let fen = self.moves.pos().to_fen();
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

    /// Starts `color`'s engine in `slot` if it is not running and tells it
    /// about the new game.
    fn start_engine(
        &self,
        slot: &mut Option<Engine>,
        color: Color,
        stop: &Receiver<()>,
    ) -> Result<(), Halt<End>> {
        let player = &self.ctx.players[self.player_of(color)];
        if ensure_engine(slot, player, self.ctx.debug).is_err() {
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
        let color = self.moves.pos().side_to_move();
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
        let Ok(mv) = parse_engine_move(self.moves.pos(), engine.proto, text) else {
            let shown = if text.is_empty() { "(none)" } else { text };
            let why = format!("{} makes an illegal move: {shown}", color_name(color));
            return Err(End::loss(color, "illegal move", why).into());
        };
        engine.own_move_played();
        self.clocks[idx(color)].charge(thought.as_micros() as i64, &self.ctx.tc);
        self.adjudication.note(color, engine.last_score);
        self.moves.play(mv);
        Ok(())
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
            body: self.moves.game.pgn_body(),
            plies: self.moves.game.plies(),
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

impl<P: Position> Steps for TwoPlayerGame<'_, P> {
    type End = End;

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

    /// Plays turns until the game ends (by the rules, by adjudication or
    /// in a turn) or the match is stopped.
    fn play_moves(&mut self, engines: &mut [Option<Engine>], stop: &Receiver<()>) -> Halt<End> {
        loop {
            if let Status::Over(o) = self.moves.pos().status() {
                return Halt::Over(End::rules(o));
            }
            let mover = self.moves.pos().side_to_move();
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

    /// Ends the game with `end`: the engines are told, the live file shows
    /// the result, and the game is recorded.
    fn finish(mut self, end: End, engines: &mut [Option<Engine>]) -> Finished {
        tell_result(engines, &end);
        self.show_result(&end);
        self.record(end)
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
