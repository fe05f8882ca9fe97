//! The match runner's arbiter of one team game: four engines, two boards
//! played at the same time, four clocks. It starts the engines, waits on
//! all four at once and leaves the game itself to [`TeamPlay`] (every move
//! checked by the rules library, pieces moved between the boards and the
//! engines told, partner messages relayed, S4 confiscations, both games
//! ended together, S12), then records the game as BPGN. With `--live` it
//! writes both boards to the live file after every change.

use super::bpgn::TeamRecord;
use super::play::{seat_name, wait, TeamEnd, TeamPlay, Wake};
use crate::engine::Engine;
use crate::game::{ensure_engine, Arbiter, Finished, MatchContext};
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
    const SIDE_TAGS: [&'static str; 2] = ["WhiteA", "BlackA"];
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
    let date = today();
    let mut play = TeamPlay::<R>::new(
        TeamGame::default(),
        ctx.tc,
        ctx.margin,
        first_white,
        Instant::now(),
    );
    let name = |e: usize| ctx.players[e].name.clone();
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

    let end = 'game: {
        for (e, slot) in engines.iter_mut().enumerate() {
            let (b, c) = play.seat(e);
            if let Err(err) = ensure_engine(slot, &ctx.players[e], ctx.debug) {
                if ctx.debug {
                    crate::console::note(&format!("{}: {err}", name(e)));
                }
                break 'game TeamEnd::loss(
                    play.team_of(e),
                    "engine crash",
                    format!("{}'s engine could not be started", seat_name(b, c)),
                );
            }
            let engine = slot.as_mut().expect("just started");
            match engine.new_game(ctx.variant, None, &ctx.tc, false, stop) {
                Ok(()) => {}
                Err(crate::engine::Fault::Stopped) => return None,
                Err(_) => {
                    *slot = None;
                    break 'game TeamEnd::loss(
                        play.team_of(e),
                        "engine crash",
                        format!("{}'s engine does not answer", seat_name(b, c)),
                    );
                }
            }
        }
        for (e, slot) in engines.iter_mut().enumerate() {
            slot.as_mut().expect("started").partner(&name(e ^ 1));
        }
        play.start_clocks(Instant::now());
        loop {
            if let Some(end) = play.outcome() {
                break 'game end;
            }
            if let (Some(file), Some(boards)) = (ctx.live, play.live_update(Instant::now())) {
                file.show(round, boards);
            }
            if let Some(end) = play.ask_engines(engines) {
                break 'game end;
            }
            let mut sel = Select::new();
            sel.recv(stop);
            match wait(engines, sel, play.deadline()) {
                Wake::Other(_) => return None,
                Wake::Deadline => {
                    if let Some(end) = play.flags(Instant::now()) {
                        break 'game end;
                    }
                }
                Wake::Engine(e) => {
                    let Some(reply) = engines[e].as_mut().and_then(Engine::poll_reply) else {
                        continue;
                    };
                    if let Some(end) = play.on_reply(e, reply, engines) {
                        break 'game end;
                    }
                }
            }
        }
    };
    play.finish(engines, end.result(), &end.comment);
    for slot in engines.iter_mut() {
        if slot.as_ref().is_some_and(|e| e.restart_each_game) {
            *slot = None;
        }
    }
    let result = end.result();
    if let (Some(file), Some(boards)) = (ctx.live, play.live_final()) {
        // Team 1 is White on A and Black on B.
        let sides = [
            format!("{} & {}", players[0], players[3]),
            format!("{} & {}", players[2], players[1]),
        ];
        let shown = LiveResult {
            result: result.to_string(),
            termination: end.termination.clone(),
            comment: end.comment.clone(),
        };
        file.finish(round, boards, [&sides[0], &sides[1]], &shown);
    }
    let pgn = TeamRecord {
        event: "vsadnik match",
        round,
        players,
        variant: ctx.variant,
        time_control: &ctx.tc_tag,
        date: &date,
        start_fen: None,
        entries: play.entries(),
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
    Some(Finished {
        round,
        first_white,
        white_points,
        black_points,
        result,
        termination: end.termination,
        comment: end.comment,
        pgn,
    })
}
