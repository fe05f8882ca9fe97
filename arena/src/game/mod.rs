//! The games of the match: what every game shares (the match's context,
//! the players, a finished game, the [`Arbiter`] that plays one kind of
//! game, how a game ends and why it stops), with the two-player arbiter
//! of every variant in `two_player` and its adjudication in
//! `adjudication`; the team games' arbiter is `crate::team::arbiter`.

mod adjudication;
mod two_player;

pub use two_player::{play_game, TwoPlayer};

use crate::engine::{Engine, StartError};
use crate::live::Live;
use crate::openings::Opening;
use crate::options::{DrawRule, EngineSpec, Proto, ResignRule, TimeControl};
use crate::record::{color_name, rules_comment};
use crossbeam::channel::Receiver;
use movegen::variant::Outcome;
use movegen::Color;
use movegen::VariantId;
use std::time::Duration;

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

/// The PGN tags of the players of each side of a game.
pub type SideTags = [&'static [&'static str]; 2];

/// The sides of a two-player game: White, Black.
pub const TWO_PLAYER_SIDE_TAGS: SideTags = [&["White"], &["Black"]];
/// The sides of a team game: White on A with Black on B, Black on A with
/// White on B.
pub const TEAM_SIDE_TAGS: SideTags = [&["WhiteA", "BlackB"], &["BlackA", "WhiteB"]];

/// One kind of game the runner schedules: the two-player game of every
/// variant, or the four-engine team game of bughouse and Swedish chess.
pub trait Arbiter: Sync {
    /// Engines per game.
    const SEATS: usize;
    /// The PGN tags that name the players of the first and second side
    /// (read back by `--resume` and `--merge`; a side of two players is
    /// named `A & B`).
    const SIDE_TAGS: SideTags;
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
/// running; a failure is reported with the engine's standard error (and
/// said with `debug`).
pub fn ensure_engine(
    slot: &mut Option<Engine>,
    player: &Player,
    debug: bool,
) -> Result<(), StartError> {
    if slot.is_none() {
        let engine = Engine::start(&player.spec, Some(player.proto), &player.name, debug)
            .inspect_err(|e| {
                e.report(&player.name);
                if debug {
                    crate::console::note(&format!("{}: {e}", player.name));
                }
            })?;
        *slot = Some(engine);
    }
    Ok(())
}

/// The steps of one game of the match, as [`play_through`] takes them.
pub(crate) trait Steps {
    /// How the game ends.
    type End;

    /// Starts the engines (those not running) and tells them about the new
    /// game.
    fn start_engines(
        &self,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Result<(), Halt<Self::End>>;

    /// Plays until the game ends or the match is stopped.
    fn play_moves(
        &mut self,
        engines: &mut [Option<Engine>],
        stop: &Receiver<()>,
    ) -> Halt<Self::End>;

    /// Ends the game with `end`: the engines are told, the live file shows
    /// the result, and the game is recorded.
    fn finish(self, end: Self::End, engines: &mut [Option<Engine>]) -> Finished;
}

/// Plays `game` through: its engines started, its moves played, and
/// finished unless the match was stopped first (`None` then).
pub(crate) fn play_through<G: Steps>(
    mut game: G,
    engines: &mut [Option<Engine>],
    stop: &Receiver<()>,
) -> Option<Finished> {
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
