//! Standard chess.

use super::board_hooks as hooks;
use super::Searchable;
use movegen::movegen::MoveList;
use movegen::{Chess, Move};

impl Searchable for Chess {
    const HISTORY_LEN: usize = 12 * 64;
    const NULL_MOVE: bool = true;

    #[inline(always)]
    fn move_bits(m: Move) -> u32 {
        m.raw() as u32
    }

    #[inline(always)]
    fn generate_tactical(&self, out: &mut MoveList) {
        movegen::movegen::generate::<_, true>(self.board(), out);
    }

    #[inline(always)]
    fn is_tactical(&self, m: Move) -> bool {
        hooks::is_tactical(self.board(), m)
    }

    #[inline(always)]
    fn tactical_score(&self, m: Move) -> i32 {
        hooks::tactical_score(self.board(), m)
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        hooks::see_ge(self.board(), m, threshold)
    }

    #[inline(always)]
    fn history_index(&self, m: Move) -> usize {
        hooks::history_index(self.board(), m)
    }

    fn has_non_pawn_material(&self) -> bool {
        hooks::has_non_pawn_material(self.board())
    }

    fn make_null_move(&mut self) {
        Chess::make_null_move(self);
    }

    fn is_draw(&self, root_ply: usize) -> bool {
        let b = self.board();
        b.halfmove_clock() >= 100 || b.insufficient_material() || self.repetition_draw(root_ply)
    }

    fn game_ply(&self) -> usize {
        self.ply()
    }
}
