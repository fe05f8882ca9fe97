//! `vsadnik match`: a match runner in the manner of cutechess-cli. Two UCI
//! or XBoard engines play a series of games under an arbiter that keeps the
//! clocks and checks every move with vsadnik's own rules library; results go
//! to a PGN file as each game ends, and the match ends with the score and Elo
//! lines that match tools parse. See `docs/match.md`.
//!
//! Layout: [`options`] (command line), [`engine`] (processes, UCI and XBoard,
//! engines' standard error shown when they fail),
//! [`clock`] (a player's clock),
//! [`game`] (the arbiter, generic over `movegen::variant::Position`),
//! [`runner`] (scheduling, output, resume), [`stats`] (Elo, LOS, SPRT),
//! [`openings`], [`notation`], [`record`] (PGN out), [`pgn_in`] (PGN in),
//! [`live`] (the live file that `vsadnik gui --watch` follows; its document
//! is the serde types of [`live::doc`]),
//! [`team`] (the four-engine team games of bughouse and Swedish chess).

pub mod clock;
pub mod console;
pub mod engine;
pub mod game;
pub mod level;
pub mod live;
pub mod notation;
pub mod openings;
pub mod options;
pub mod pgn_in;
pub mod record;
pub mod runner;
pub mod stats;
pub mod team;

use movegen::variant::{dispatch, Position, VariantVisitor};
use openings::Opening;
use options::MatchOptions;

/// A mistake in what was asked (an option's value, a file that cannot be
/// read, an engine that does not play the variant): one line, said before
/// anything else is printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a match could not be played.
#[derive(Debug)]
pub enum MatchError {
    /// A bad argument (exit status 2, nothing on standard output).
    Usage(UsageError),
    /// A failure once the match is under way (exit status 1).
    Fatal(String),
}

impl From<UsageError> for MatchError {
    fn from(e: UsageError) -> Self {
        MatchError::Usage(e)
    }
}

struct MatchJob<'a> {
    opts: &'a MatchOptions,
}

impl VariantVisitor for MatchJob<'_> {
    type Output = Result<(), MatchError>;
    fn visit<P: Position>(self) -> Self::Output {
        let openings = match &self.opts.openings {
            Some(path) => openings::load::<P>(path).map_err(UsageError)?,
            None => vec![Opening::default()],
        };
        runner::run_match(self.opts, &openings, game::TwoPlayer::<P>::default())
    }
}

/// Checks the options and plays the match. A mistake in them comes back
/// as [`MatchError::Usage`] before anything is printed; a failure during
/// the match (the PGN file cannot be written) as [`MatchError::Fatal`].
pub fn run(opts: &MatchOptions) -> Result<(), MatchError> {
    team::check_engine_count(opts.variant, opts.engines.len())?;
    if opts.variant.info().team {
        team::run(opts)
    } else {
        dispatch(opts.variant, MatchJob { opts })
    }
}
