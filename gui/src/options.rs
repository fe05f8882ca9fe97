//! What `vsadnik gui` is asked to do ([`GuiOptions`]; the binary reads
//! the command line into it).

use super::room::Side;
use arena::level::Level;
use arena::options::{EngineSpec, TimeControl};
use movegen::drops::TeamBoard;
use movegen::VariantId;
use std::time::Duration;

/// Everything `vsadnik gui` was asked to do.
#[derive(Clone, Debug)]
pub struct GuiOptions {
    /// The port on 127.0.0.1 (0: any free port).
    pub port: u16,
    /// The first game's variant.
    pub variant: VariantId,
    /// The person's seat in the first game.
    pub side: Side,
    /// The person's board in team games.
    pub board: TeamBoard,
    /// The engine; `None`: this program.
    pub engine: Option<EngineSpec>,
    /// The partner's engine in team games; `None`: the `engine`.
    pub partner: Option<EngineSpec>,
    /// The time control of games against the engine.
    pub tc: TimeControl,
    /// How far the engine may overstep its clock.
    pub margin: Duration,
    /// Team games: the least time between two moves on the board the
    /// person does not play.
    pub pace: Duration,
    /// Open the page in the desktop's browser.
    pub open: bool,
    /// Echo the engine's traffic on standard error.
    pub debug: bool,
    /// Watch the game of `vsadnik match --live FILE` instead of playing.
    pub watch: Option<String>,
    /// The engine's first level in two-player games.
    pub level: Level,
}

/// The default time control: five minutes and three seconds a move.
pub const DEFAULT_TC: &str = "300+3";
/// The default pace of the other board in team games: a move a second at
/// most, about a person's speed, so that fast engines do not finish it
/// before the person has moved.
pub const DEFAULT_PACE_MS: u64 = 1000;
