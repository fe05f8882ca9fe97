//! Drop chess (crazyhouse, bughouse, Swedish): board moves use the 8x8 hooks;
//! drops are quiet moves with their own history slots.

use super::board_hooks as hooks;
use super::Searchable;
use crate::bench_sets as bench;
use crate::limits::DEFAULT_HORIZON;
use movegen::drops::rules::CaptureDestination;
use movegen::drops::{DropMove, DropPosition, DropRules};
use movegen::Piece;

/// What sitting (S11) costs in the search, in centipawns: about a minor
/// piece and a half (a heuristic, not tuned).
pub const SITTING_PENALTY: i32 = 500;

/// What sitting scores at most when it loses the game on the clock
/// ([`eval::EvalConfig::sitting_loses`]): a lost game, short of a mate, so
/// that a real mate is still worse.
pub const SITTING_LOST: i32 = 3000;

/// Moves a sudden-death clock is shared over in the team variants. Their
/// games are short (about 25 moves a player against Fairy-Stockfish) and
/// decided by mates, so a deeper search is worth more than time kept:
/// 20 scored better than the default 30, and 45 and 15 worse, in team games
/// against Fairy-Stockfish played over UCI, that is without its team play
/// (`docs/strength.md`, "Bughouse"); not yet measured against it over XBoard.
pub const TEAM_CLOCK_HORIZON: u32 = 20;

impl<R: DropRules> Searchable for DropPosition<R>
where
    DropPosition<R>: eval::Evaluate,
{
    /// Board moves by piece and destination, then drops by piece and square.
    const HISTORY_LEN: usize = 2 * 12 * 64;
    const NULL_MOVE: bool = true;
    const BENCH: (&'static [&'static str], i32) = (bench::DROP_POSITIONS, bench::DROP_DEPTH);
    const CLOCK_HORIZON: u32 = match R::CAPTURES {
        CaptureDestination::Partner => TEAM_CLOCK_HORIZON,
        CaptureDestination::OwnReserve => DEFAULT_HORIZON,
    };

    #[inline(always)]
    fn move_bits(m: DropMove) -> u32 {
        m.raw() as u32
    }

    #[inline(always)]
    fn is_tactical(&self, m: DropMove) -> bool {
        m.as_board_move()
            .is_some_and(|bm| hooks::is_tactical(&self.current().board, bm))
    }

    #[inline(always)]
    fn tactical_score(&self, m: DropMove) -> i32 {
        m.as_board_move()
            .map_or(0, |bm| hooks::tactical_score(&self.current().board, bm))
    }

    /// A drop's exchange is the enemy's captures on the dropped piece.
    fn see_ge(&self, m: DropMove, threshold: i32) -> bool {
        let b = &self.current().board;
        match m.as_drop() {
            Some((kind, to)) => hooks::drop_see_ge(b, kind, to, threshold),
            None => hooks::see_ge(b, m.as_board_move().expect("a board move"), threshold),
        }
    }

    #[inline(always)]
    fn history_index(&self, m: DropMove) -> usize {
        let b = &self.current().board;
        match m.as_drop() {
            Some((kind, to)) => (12 + Piece::new(b.side_to_move(), kind).index()) * 64 + to.index(),
            None => hooks::history_index(b, m.as_board_move().expect("a board move")),
        }
    }

    fn has_non_pawn_material(&self) -> bool {
        hooks::has_non_pawn_material(&self.current().board)
    }

    fn make_null_move(&mut self) {
        DropPosition::make_null_move(self);
    }

    /// A player who sits (S11: in check, no legal move, but a drop of a
    /// piece not in hand would help) is worse off than the material says:
    /// the clock runs, and the piece may never come. The static evaluation
    /// less `SITTING_PENALTY`; at most `-SITTING_LOST` when the clocks say
    /// the side sitting flags first.
    fn no_move_score(&self, config: &eval::EvalConfig) -> i32 {
        let score = eval::Evaluate::evaluate(self, config) - SITTING_PENALTY;
        if config.sitting_loses[self.current().board.side_to_move().index()] {
            score.min(-SITTING_LOST)
        } else {
            score
        }
    }

    fn is_draw(&self, root_ply: usize) -> bool {
        self.repetition_draw(root_ply)
    }

    fn game_ply(&self) -> usize {
        self.ply()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::drops::CrazyhousePosition;
    use movegen::Position;

    #[test]
    fn team_variants_share_the_clock_over_fewer_moves() {
        use movegen::drops::{BughousePosition, SwedishPosition};
        assert_eq!(BughousePosition::CLOCK_HORIZON, TEAM_CLOCK_HORIZON);
        assert_eq!(SwedishPosition::CLOCK_HORIZON, TEAM_CLOCK_HORIZON);
        assert_eq!(CrazyhousePosition::CLOCK_HORIZON, DEFAULT_HORIZON);
    }

    /// Whether the drop `text` in `fen` keeps at least `threshold`.
    fn see(fen: &str, text: &str, threshold: i32) -> bool {
        let pos = CrazyhousePosition::from_fen(fen).unwrap();
        let m = pos.parse_move(text).unwrap();
        pos.see_ge(m, threshold)
    }

    #[test]
    fn a_drop_loses_what_the_enemy_can_take_and_never_wins() {
        let pawn = "4k3/8/8/3p4/8/8/8/4K3[N] w - - 0 1";
        assert!(!see(pawn, "N@e4", 0), "the d5 pawn takes the knight");
        assert!(see(pawn, "N@e3", 0), "nothing attacks e3");
        assert!(!see(pawn, "N@e3", 1), "a drop takes nothing");
        // A rook would take a knight defended by a pawn at a loss.
        let defended = "4r2k/8/8/8/8/3P4/8/K7[N] w - - 0 1";
        assert!(see(defended, "N@e4", 0));
        let undefended = "4r2k/8/8/8/8/8/8/K7[N] w - - 0 1";
        assert!(!see(undefended, "N@e4", 0));
        assert!(see(undefended, "N@e4", -320));
    }
}
