//! Progressive chess (Italian, Scottish, English): the 8x8 hooks for the
//! generic search, and the series search ([`crate::series`]) as the root
//! search, since a plain alpha-beta over single moves drowns in long series.

use super::board_hooks as hooks;
use super::Searchable;
use crate::bench_sets as bench;
use crate::driver::RootSearchFn;
use movegen::progressive::{Progressive, SeriesRules};
use movegen::Move;

impl<R: SeriesRules> Searchable for Progressive<R> {
    const HISTORY_LEN: usize = 12 * 64;
    /// Passing a whole series is far from any legal play.
    const NULL_MOVE: bool = false;
    const BENCH: (&'static [&'static str], i32) =
        (bench::PROGRESSIVE_POSITIONS, bench::PROGRESSIVE_DEPTH);

    #[inline(always)]
    fn move_bits(m: Move) -> u32 {
        m.raw() as u32
    }

    #[inline(always)]
    fn is_tactical(&self, m: Move) -> bool {
        hooks::is_tactical(&self.state().board, m)
    }

    #[inline(always)]
    fn tactical_score(&self, m: Move) -> i32 {
        hooks::tactical_score(&self.state().board, m)
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        hooks::see_ge(&self.state().board, m, threshold)
    }

    #[inline(always)]
    fn history_index(&self, m: Move) -> usize {
        hooks::history_index(&self.state().board, m)
    }

    fn has_non_pawn_material(&self) -> bool {
        hooks::has_non_pawn_material(&self.state().board)
    }

    fn make_null_move(&mut self) {
        Progressive::make_null_move(self);
    }

    fn is_draw(&self, root_ply: usize) -> bool {
        let s = self.state();
        s.board.insufficient_material()
            || s.draw_rule_reached::<R>()
            || self.repetition_draw(root_ply)
    }

    fn game_ply(&self) -> usize {
        self.ply()
    }

    fn root_search() -> Option<RootSearchFn<Self>> {
        Some(crate::series::run::<R>)
    }
}
