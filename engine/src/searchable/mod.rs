//! What the search needs from a variant beyond the rules: the hooks for move
//! ordering, pruning and draw detection, implemented per variant in the
//! submodules (8x8 helpers shared in `board_hooks`).

mod board_hooks;
mod chess;
mod drops;
mod progressive;
mod tavreli;
mod tranzit;

use crate::correction::CorrectionKeys;
use crate::info::score::MATE;
use eval::{EvalConfig, Evaluate};
use movegen::{Color, Outcome, Position};

pub use board_hooks::see_ge;
pub use drops::{SITTING_LOST, SITTING_PENALTY};

/// A position the search can play in.
pub trait Searchable: Position + Evaluate {
    /// Size of the history tables (moves map into `0..HISTORY_LEN`).
    const HISTORY_LEN: usize;
    /// Whether null-move pruning is sound enough in this variant.
    const NULL_MOVE: bool;
    /// Moves a sudden-death clock is shared over (see
    /// [`crate::Limits::horizon`]).
    const CLOCK_HORIZON: u32 = crate::limits::DEFAULT_HORIZON;
    /// The positions `vsadnik bench` searches (FENs) and its default depth.
    const BENCH: (&'static [&'static str], i32);

    /// The move packed into 32 bits (never 0) for the transposition table.
    fn move_bits(m: Self::Move) -> u32;
    /// Appends the moves quiescence search looks at: captures and
    /// promotions, or every legal move when in check.
    fn generate_tactical(&self, out: &mut Self::MoveList) {
        self.generate_moves(out);
    }
    /// True for captures and promotions (searched in quiescence).
    fn is_tactical(&self, m: Self::Move) -> bool;
    /// MVV-LVA style score of a tactical move (higher first).
    fn tactical_score(&self, m: Self::Move) -> i32;
    /// Static exchange evaluation: does `m` win at least `threshold`?
    fn see_ge(&self, m: Self::Move, threshold: i32) -> bool;
    /// The history slot of a move (piece and destination).
    fn history_index(&self, m: Self::Move) -> usize;
    /// Whether the side to move has pieces other than pawns and king (null
    /// move is unsafe without them: zugzwang).
    fn has_non_pawn_material(&self) -> bool;
    /// Hashes of what the evaluation's errors depend on most (the pawn
    /// structure, each side's pieces), keying the correction history;
    /// `None` (the default): the static evaluation is used uncorrected.
    fn correction_keys(&self) -> Option<CorrectionKeys> {
        None
    }
    /// Passes the move (only called when `NULL_MOVE`).
    fn make_null_move(&mut self);
    /// Takes back a null move.
    fn unmake_null_move(&mut self) {
        self.unmake_move();
    }
    /// Draw by a rule inside the search tree: repetition (once within the
    /// tree, twice counting positions before the root at `root_ply`), the
    /// 50-move rule, insufficient material.
    fn is_draw(&self, root_ply: usize) -> bool;
    /// Moves played since the game's starting position (for `root_ply`).
    fn game_ply(&self) -> usize;
    /// A search that replaces the generic one for this variant, called by
    /// the driver with the root moves generated (progressive chess: the
    /// series search). Default: none, the generic search runs.
    fn root_search() -> Option<crate::driver::RootSearchFn<Self>> {
        None
    }
    /// The score, for the side to move, of a position without legal moves
    /// that is not over, under the evaluation settings `config`. Default:
    /// 0. Bughouse and Swedish chess (S11): the player must sit and wait
    /// for a piece from the partner.
    fn no_move_score(&self, _config: &EvalConfig) -> i32 {
        0
    }
    /// The score of a finished game for `side`, `ply` plies from the root:
    /// by default a win is a mate (sooner is better), a draw 0.
    fn outcome_score(outcome: &Outcome, side: Color, ply: usize) -> i32 {
        match outcome.margin(side) {
            m if m > 0 => MATE - ply as i32,
            m if m < 0 => -MATE + ply as i32,
            _ => 0,
        }
    }
}
