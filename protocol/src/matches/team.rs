//! Team variants (bughouse, Swedish chess): four engines on two boards.
//! Not implemented yet; this module is the extension point, and the plan is
//! in `docs/match.md` ("Team variants").
//!
//! The two-player arbiter ([`super::game::play_game`]) stays as it is. A team
//! match adds a `TeamArbiter` here that:
//! - owns two single-board positions (board A, board B) of the drop variant
//!   and four engines: `--engine` 1 and 2 are team 1 (A White, B Black),
//!   3 and 4 team 2 (A Black, B White);
//! - keeps four clocks, all running at once, and waits on all four engines
//!   (one `select` over their line channels) since both boards move freely;
//! - validates a move with its board's `parse_move`, then moves a captured
//!   piece into the partner's reserve on the other board (S7: a promoted
//!   pawn goes to the partner's opponent) and tells the engines of that board
//!   (XBoard `holding [..] [..]`, UCI a `position fen` with reserves);
//! - Swedish S4: a drop that gives check is not an illegal-move loss — the
//!   piece is confiscated into the opponent's partner's reserve and the same
//!   player moves again;
//! - S12: a mate or a flag on either board ends both games; flags of players
//!   of different teams on both boards draw; a board stalemate or a threefold
//!   repetition of the whole two-board position draws (S10/S11: a player
//!   with no legal move who is not mated sits until a reserve arrives);
//! - relays XBoard `ptell` between partners, and writes BPGN.
//!
//! The runner then counts team results in the score line (team 1 vs team 2).

use crate::cli::args::UsageError;

/// The variants played by two teams of two on two boards.
pub const TEAM_VARIANTS: &[&str] = &["bughouse", "swedish"];

/// True for a team variant.
pub fn is_team(variant: &str) -> bool {
    TEAM_VARIANTS.contains(&variant)
}

/// Checks the number of engines for `variant`: two for a two-player
/// variant; team variants are refused until team play exists.
pub fn check_engine_count(variant: &str, engines: usize) -> Result<(), UsageError> {
    if is_team(variant) {
        return Err(UsageError(if engines == 4 {
            format!("{variant}: team play (four engines on two boards) is not implemented yet")
        } else {
            format!("{variant} is a team variant: it takes four --engine options")
        }));
    }
    if engines != 2 && movegen::VARIANTS.contains(&variant) {
        return Err(UsageError(format!(
            "{variant} is a two-player variant: give exactly two --engine options"
        )));
    }
    Ok(())
}
