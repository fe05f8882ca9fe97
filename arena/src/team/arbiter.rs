//! The match runner's arbiter of one team game: four engines, two boards
//! played at the same time, four clocks. It starts the engines, waits on
//! all four at once and leaves the game itself to [`TeamPlay`] (every move
//! checked by the rules library, pieces moved between the boards and the
//! engines told, partner messages relayed, S4 confiscations, both games
//! ended together, S12), then records the game as BPGN. With `--live` it
//! writes both boards to the live file after every change.

use super::bpgn::TeamRecord;
use super::play::{seat_name, wait, TeamEnd, TeamPlay, Wake};
use crate::engine::{Engine, Fault};
use crate::game::{
    dropped, ensure_engine, play_through, Arbiter, Finished, Halt, MatchContext, SideTags, Steps,
    TEAM_SIDE_TAGS,
};
use crate::live::LiveResult;
use crate::openings::Opening;
use crate::record::today;
use crossbeam::channel::{Receiver, Select};
use movegen::drops::{DropRules, Team, TeamBoard, TeamGame};
use movegen::Color;
use std::marker::PhantomData;
use std::time::Instant;

/// The team arbiter of rules `R` (bughouse or Swedish).
pub struct TeamArbiter<R>(PhantomData<fn() -> R>);

impl<R> Default for TeamArbiter<R> {
    fn default() -> Self {
        TeamArbiter(PhantomData)
    }
}

impl<R: DropRules> Arbiter for TeamArbiter<R> {
    const SEATS: usize = 4;
    const SIDE_TAGS: SideTags = TEAM_SIDE_TAGS;
    fn play(
        &self,
        ctx: &MatchContext,
        round: u32,
        _opening: &Opening,
        first_white: bool,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Option<Finished> {
        play_team_game::<R>(ctx, round, first_white, engines, stop)
    }
}

/// Plays one team game; `None` when the match was stopped first.
pub fn play_team_game<R: DropRules>(
    ctx: &MatchContext,
    round: u32,
    first_white: bool,
    engines: &mut [Option<Engine>],
    stop: &Receiver<()>,
) -> Option<Finished> {
    let game = TeamMatchGame::<R>::prepare(ctx, round, first_white);
    play_through(game, engines, stop)
}

/// A team game of the match under way.
struct TeamMatchGame<'a, R: DropRules> {
    ctx: &'a MatchContext<'a>,
    round: u32,
    first_white: bool,
    date: String,
    play: TeamPlay<R>,
    /// The players White and Black on board A, White and Black on B.
    players: [&'a str; 4],
}

impl<'a, R: DropRules> TeamMatchGame<'a, R> {
    /// The game from the start position on both boards, followed in the
    /// live file if there is one.
    fn prepare(ctx: &'a MatchContext<'a>, round: u32, first_white: bool) -> Self {
        let date = today();
        let mut play = TeamPlay::<R>::new(
            TeamGame::default(),
            ctx.tc,
            ctx.margin,
            first_white,
            Instant::now(),
        );
        let players = [
            (TeamBoard::A, Color::White),
            (TeamBoard::A, Color::Black),
            (TeamBoard::B, Color::White),
            (TeamBoard::B, Color::Black),
        ]
        .map(|(b, c)| ctx.players[play.seat_at(b, c)].name.as_str());
        if ctx.live.is_some() {
            play.follow_live([[players[0], players[1]], [players[2], players[3]]]);
        }
        TeamMatchGame {
            ctx,
            round,
            first_white,
            date,
            play,
            players,
        }
    }

    /// Starts the engine of seat `e` in `slot` if it is not running and
    /// tells it about the new game.
    fn start_engine(
        &self,
        e: usize,
        slot: &mut Option<Engine>,
        stop: &Receiver<()>,
    ) -> Result<(), Halt<TeamEnd>> {
        let (b, c) = self.play.seat(e);
        let lost = |what: &str| {
            let why = format!("{}'s engine {what}", seat_name(b, c));
            TeamEnd::loss(self.play.team_of(e), "engine crash", why)
        };
        if ensure_engine(slot, &self.ctx.players[e], self.ctx.debug).is_err() {
            return Err(Halt::Over(lost("could not be started")));
        }
        let engine = slot.as_mut().expect("just started");
        match engine.new_game(self.ctx.variant, None, &self.ctx.tc, false, stop) {
            Ok(()) => Ok(()),
            Err(Fault::Stopped) => Err(Halt::Stopped),
            Err(_) => Err(dropped(slot, lost("does not answer"))),
        }
    }

    /// Waits for the next engine reply, fallen flag or stop, and takes it;
    /// what ends the game, if it does.
    fn next_event(
        &mut self,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Option<Halt<TeamEnd>> {
        let mut sel = Select::new();
        sel.recv(stop);
        let end = match wait(engines, sel, self.play.deadline()) {
            Wake::Other(_) => return Some(Halt::Stopped),
            Wake::Deadline => self.play.flags(Instant::now()),
            Wake::Engine(e) => {
                let reply = engines[e].as_mut().and_then(Engine::poll_reply)?;
                self.play.on_reply(e, reply, engines)
            }
        };
        end.map(Halt::Over)
    }

    /// Shows the finished game in the live file, if there is one.
    fn show_result(&mut self, end: &TeamEnd) {
        let (Some(file), Some(boards)) = (self.ctx.live, self.play.live_final()) else {
            return;
        };
        // Team 1 is White on A and Black on B.
        let p = &self.players;
        let sides = [
            format!("{} & {}", p[0], p[3]),
            format!("{} & {}", p[2], p[1]),
        ];
        let shown = LiveResult {
            result: end.result().to_string(),
            termination: end.termination.clone(),
            comment: end.comment.clone(),
        };
        file.finish(self.round, boards, [&sides[0], &sides[1]], &shown);
    }

    /// The finished game with its BPGN.
    fn record(self, end: TeamEnd) -> Finished {
        let result = end.result();
        let pgn = TeamRecord {
            event: "vsadnik match",
            round: self.round,
            players: self.players,
            variant: self.ctx.variant,
            time_control: &self.ctx.tc_tag,
            date: &self.date,
            start_fen: None,
            entries: self.play.entries(),
            result,
            termination: &end.termination,
            comment: &end.comment,
        }
        .render();
        let (white_points, black_points) = match end.winner {
            Some(Team::One) => (2, 0),
            Some(Team::Two) => (0, 2),
            None => (1, 1),
        };
        Finished {
            round: self.round,
            first_white: self.first_white,
            white_points,
            black_points,
            result,
            termination: end.termination,
            comment: end.comment,
            pgn,
        }
    }
}

impl<R: DropRules> Steps for TeamMatchGame<'_, R> {
    type End = TeamEnd;

    /// Starts the four engines (those not running), tells them about the
    /// new game and their partners' names.
    fn start_engines(
        &self,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Result<(), Halt<TeamEnd>> {
        for (e, slot) in engines.iter_mut().enumerate() {
            self.start_engine(e, slot, stop)?;
        }
        for (e, slot) in engines.iter_mut().enumerate() {
            let partner = &self.ctx.players[e ^ 1].name;
            slot.as_mut().expect("started").partner(partner);
        }
        Ok(())
    }

    /// Starts the clocks and plays until the game ends (by the rules, on
    /// time, by an engine) or the match is stopped; the live file follows.
    fn play_moves(&mut self, engines: &mut [Option<Engine>], stop: &Receiver<()>) -> Halt<TeamEnd> {
        self.play.start_clocks(Instant::now());
        loop {
            if let Some(end) = self.play.outcome() {
                return Halt::Over(end);
            }
            if let (Some(file), Some(boards)) =
                (self.ctx.live, self.play.live_update(Instant::now()))
            {
                file.show(self.round, boards);
            }
            if let Some(end) = self.play.ask_engines(engines) {
                return Halt::Over(end);
            }
            if let Some(halt) = self.next_event(engines, stop) {
                return halt;
            }
        }
    }

    /// Ends the game with `end`: the engines are told (those that asked
    /// to be restarted between games are dropped), the live file shows the
    /// result, and the game is recorded.
    fn finish(mut self, end: TeamEnd, engines: &mut [Option<Engine>]) -> Finished {
        self.play.finish(engines, end.result(), &end.comment);
        for slot in engines.iter_mut() {
            if slot.as_ref().is_some_and(|e| e.restart_each_game) {
                *slot = None;
            }
        }
        self.show_result(&end);
        self.record(end)
    }
}
