//! Team variants (bughouse, Swedish chess): four engines on two boards,
//! played at the same time under one arbiter ([`arbiter`]; the game
//! itself, whoever sits in the seats, in [`play`]), recorded as BPGN
//! ([`bpgn`]). `--engine` 1 and 2 are team 1 (board A White, board B Black
//! in odd games), 3 and 4 team 2; the teams change seats every game.
//! See `docs/match.md` ("Team variants").

pub mod arbiter;
pub mod bpgn;
pub mod bpgn_in;
pub mod play;

use super::openings::Opening;
use super::options::MatchOptions;
use super::runner::run_match;
use super::MatchError;
use crate::UsageError;
use movegen::drops::{dispatch_drops, DropRules, DropVisitor};
use movegen::VariantId;

/// Checks the number of engines for `variant`: four for a team variant,
/// two otherwise.
pub fn check_engine_count(variant: VariantId, engines: usize) -> Result<(), UsageError> {
    if variant.info().team {
        if engines != 4 {
            return Err(UsageError(format!(
                "{variant} is a team variant: it takes four --engine options \
                 (team 1 first: board A White, board B Black)"
            )));
        }
        return Ok(());
    }
    if engines != 2 {
        return Err(UsageError(format!(
            "{variant} is a two-player variant: give exactly two --engine options"
        )));
    }
    Ok(())
}

/// Plays a team match (the variant is a team variant).
pub fn run(opts: &MatchOptions) -> Result<(), MatchError> {
    if opts.openings.is_some() {
        return Err(UsageError(
            "--openings: team games start from the start position on both boards".to_string(),
        )
        .into());
    }
    if opts.resign.is_some() || opts.draw.is_some() {
        return Err(UsageError(
            "--resign/--draw: adjudication by scores is not available in team games".to_string(),
        )
        .into());
    }
    struct TeamJob<'a>(&'a MatchOptions);
    impl DropVisitor for TeamJob<'_> {
        type Output = Result<(), MatchError>;
        fn visit<R: DropRules>(self) -> Self::Output {
            run_match(
                self.0,
                &[Opening::default()],
                arbiter::TeamArbiter::<R>::default(),
            )
        }
    }
    dispatch_drops(opts.variant, TeamJob(opts)).expect("a team variant has drop rules")
}
