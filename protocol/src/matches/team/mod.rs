//! Team variants (bughouse, Swedish chess): four engines on two boards,
//! played at the same time under one arbiter ([`arbiter`]; the game
//! itself, whoever sits in the seats, in [`play`]), recorded as BPGN
//! ([`bpgn`]). `--engine` 1 and 2 are team 1 (board A White, board B Black
//! in odd games), 3 and 4 team 2; the teams change seats every game.
//! See `docs/match.md` ("Team variants").

pub mod arbiter;
pub mod bpgn;
pub mod play;

use super::openings::Opening;
use super::options::MatchOptions;
use super::runner::run_match;
use super::MatchError;
use crate::cli::args::UsageError;
use movegen::drops::{Bughouse, Swedish};

/// The variants played by two teams of two on two boards.
pub const TEAM_VARIANTS: &[&str] = &["bughouse", "swedish"];

/// True for a team variant.
pub fn is_team(variant: &str) -> bool {
    TEAM_VARIANTS.contains(&variant)
}

/// Checks the number of engines for `variant`: four for a team variant,
/// two otherwise.
pub fn check_engine_count(variant: &str, engines: usize) -> Result<(), UsageError> {
    if is_team(variant) {
        if engines != 4 {
            return Err(UsageError(format!(
                "{variant} is a team variant: it takes four --engine options \
                 (team 1 first: board A White, board B Black)"
            )));
        }
        return Ok(());
    }
    if engines != 2 && movegen::VARIANTS.contains(&variant) {
        return Err(UsageError(format!(
            "{variant} is a two-player variant: give exactly two --engine options"
        )));
    }
    Ok(())
}

/// Plays a team match (the variant is one of [`TEAM_VARIANTS`]).
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
    let openings = [Opening::default()];
    match opts.variant.as_str() {
        "bughouse" => run_match(opts, &openings, arbiter::TeamArbiter::<Bughouse>::default()),
        _ => run_match(opts, &openings, arbiter::TeamArbiter::<Swedish>::default()),
    }
}
