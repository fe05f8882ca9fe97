//! Chess-tranzit: moves on either board use the 8x8 hooks of their board;
//! transfers are quiet moves. A finished game scores its point margin, on
//! the evaluation's scale (a board is worth a fixed large score, T17).

use super::board_hooks as hooks;
use super::Searchable;
use crate::bench_sets as bench;
use eval::tranzit::HALF_POINT;
use movegen::tranzit::{Action, TranzitPosition};
use movegen::{Color, Outcome};

impl Searchable for TranzitPosition {
    /// Moving piece (0..12) by destination on the 16x8 grid.
    const HISTORY_LEN: usize = 12 * 128;
    /// Passing is never allowed and transfers make zugzwang common.
    const NULL_MOVE: bool = false;
    const BENCH: (&'static [&'static str], i32) = (bench::TRANZIT_POSITIONS, bench::TRANZIT_DEPTH);

    #[inline(always)]
    fn move_bits(a: Action) -> u32 {
        a.raw()
    }

    fn is_tactical(&self, a: Action) -> bool {
        a.as_board_move()
            .is_some_and(|(b, m)| hooks::is_tactical(&self.current().boards[b], m))
    }

    fn tactical_score(&self, a: Action) -> i32 {
        a.as_board_move().map_or(0, |(b, m)| {
            hooks::tactical_score(&self.current().boards[b], m)
        })
    }

    fn see_ge(&self, a: Action, threshold: i32) -> bool {
        match a.as_board_move() {
            Some((b, m)) => hooks::see_ge(&self.current().boards[b], m, threshold),
            None => threshold <= 0,
        }
    }

    fn history_index(&self, a: Action) -> usize {
        let from = a.from();
        let piece = self.current().boards[from.board]
            .piece_at(from.square)
            .map_or(0, |p| p.index());
        piece * 128 + a.to().index()
    }

    fn has_non_pawn_material(&self) -> bool {
        self.current()
            .boards
            .iter()
            .any(hooks::has_non_pawn_material)
    }

    fn make_null_move(&mut self) {
        TranzitPosition::make_null_move(self);
    }

    fn is_draw(&self, _root_ply: usize) -> bool {
        // Draws are per board (T9, T10, T15) and judged into the results.
        false
    }

    fn game_ply(&self) -> usize {
        self.ply()
    }

    fn outcome_score(outcome: &Outcome, side: Color, _ply: usize) -> i32 {
        outcome.margin(side) * HALF_POINT
    }
}
