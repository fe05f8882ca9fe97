//! What the session ([`super::Engine`]) asks of a protocol client: the
//! lines to send for each step of a game, and what a line of the engine's
//! output means. The UCI client ([`super::uci`]) and the XBoard client
//! ([`super::xboard`]) each implement it, and each has the handshake that
//! makes one.

use super::thinking::Thinking;
use super::{ClockInfo, GameView, Reply};
use crate::level::Offered;
use crate::options::{Proto, TimeControl};
use movegen::VariantId;
use std::time::Instant;

/// What a line of an engine's output means to the session.
pub enum Heard {
    /// A reply to a move request, or a partner message.
    Reply(Reply),
    /// A line of its thinking.
    Thinking(Thinking),
}

/// How an engine shows that it has ended an analysis.
pub enum Settled {
    /// It answers with a move (UCI `bestmove`).
    Moved,
    /// It is idle once it has answered a sync (XBoard `ping`).
    Synced,
}

/// What a match's openings ask of the engines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// Positions set up from FENs.
    pub fen: bool,
    /// Chess960 set-ups (UCI's `UCI_Chess960`, XBoard's `fischerandom`).
    pub chess960: bool,
}

/// One protocol's side of a session: text out for each step, text in read.
pub trait Client: Send + Sync {
    /// The protocol.
    fn proto(&self) -> Proto;

    /// The name the engine gave in the handshake, if any.
    fn name(&self) -> Option<&str>;

    /// Whether the engine asked to be restarted between games.
    fn restart_each_game(&self) -> bool {
        false
    }

    /// The options the engine offered in its handshake.
    fn options(&self) -> &[Offered];

    /// The line that sets the engine's option `name` (as the engine spells
    /// it) to `value` (`true`/`false` for a check).
    fn option_line(&self, name: &str, value: &str) -> String;

    /// Checks that the engine can play `variant` from the set-ups the
    /// openings hold (`needs`); the message names the problem.
    fn check_support(&self, variant: VariantId, needs: Needs) -> Result<(), String>;

    /// The line that asks the engine whether it has processed everything
    /// sent so far, and its answer; `None` when the engine has no such
    /// command (its pending output is discarded instead).
    fn sync_request(&mut self) -> Option<(String, String)>;

    /// Why a start fails when the engine does not answer the first sync.
    fn sync_failure(&self) -> &'static str;

    /// The lines that prepare a new game of `variant` from `start_fen` (or
    /// the start position) under `tc`, with thinking output if `post`.
    fn new_game(
        &mut self,
        variant: VariantId,
        start_fen: Option<&str>,
        tc: &TimeControl,
        post: bool,
    ) -> Vec<String>;

    /// The lines that send the game so far and start the engine thinking.
    fn request_move(&mut self, game: &GameView, clock: &ClockInfo) -> Vec<String>;

    /// Notes that the engine's own move has been played.
    fn own_move_played(&mut self) {}

    /// The lines that start an analysis without end of the game so far.
    fn analyze(&mut self, game: &GameView) -> Vec<String>;

    /// The line that ends an analysis, and how the engine shows it is idle.
    fn stop_analysis(&self) -> (&'static str, Settled);

    /// The line that tells a thinking engine to move now.
    fn interrupt(&self) -> &'static str;

    /// What `line` (trimmed), which arrived at `at`, means, if anything.
    fn read(&self, line: &str, at: Instant) -> Option<Heard>;

    /// The lines that tell the engine the game is over; none by default.
    fn game_over(&self, _result: &str, _comment: &str) -> Vec<String> {
        Vec::new()
    }

    /// The lines that take back the engine's own last move, which the
    /// arbiter did not play; none by default.
    fn take_back_own_move(&mut self) -> Vec<String> {
        Vec::new()
    }

    /// The line that names the engine's partner (team games); none by
    /// default.
    fn partner(&self, _name: &str) -> Option<String> {
        None
    }

    /// The line that gives the holdings of the engine's board (team
    /// games); none by default.
    fn holding(&self, _white: &str, _black: &str) -> Option<String> {
        None
    }

    /// The line that relays a partner's message; none by default.
    fn ptell(&self, _text: &str) -> Option<String> {
        None
    }
}
