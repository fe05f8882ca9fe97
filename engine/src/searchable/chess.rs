//! Standard chess.

use super::board_hooks as hooks;
use super::Searchable;
use crate::bench_sets as bench;
use crate::correction::CorrectionKeys;
use movegen::movegen::MoveList;
use movegen::{Chess, Move};

impl Searchable for Chess {
    const HISTORY_LEN: usize = 12 * 64;
    const NULL_MOVE: bool = true;
    const BENCH: (&'static [&'static str], i32) = (bench::CHESS_POSITIONS, bench::CHESS_DEPTH);

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

    #[inline(always)]
    fn correction_keys(&self) -> Option<CorrectionKeys> {
        Some(hooks::correction_keys(self.board()))
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

#[cfg(test)]
mod tests {
    use super::Searchable;
    use movegen::{Chess, Position};

    /// The correction key `which` (0 pawns, 1 White's pieces, 2 Black's).
    fn key_after(which: usize, moves: &[&str]) -> u64 {
        let mut pos = Chess::startpos();
        for m in moves {
            let mv = pos.parse_move(m).unwrap();
            pos.make_move(mv);
        }
        pos.correction_keys().unwrap()[which]
    }

    #[test]
    fn the_piece_keys_follow_one_side_s_pieces_only() {
        let white = |moves: &[&str]| key_after(1, moves);
        let black = |moves: &[&str]| key_after(2, moves);
        let start = white(&[]);
        // Pawn moves leave them alone; a piece move changes its side's key.
        assert_eq!(white(&["e2e4", "e7e5"]), start);
        assert_ne!(white(&["g1f3"]), start);
        assert_eq!(black(&["g1f3"]), black(&[]));
        assert_ne!(black(&["g1f3", "g8f6"]), black(&[]));
        // The same pieces reached by other move orders: the same key.
        assert_eq!(
            white(&["g1f3", "g8f6", "b1c3"]),
            white(&["b1c3", "g8f6", "g1f3"])
        );
        // White's and Black's keys of mirrored pieces differ.
        assert_ne!(white(&[]), black(&[]));
    }

    #[test]
    fn the_correction_key_follows_the_pawns_only() {
        let key_after = |moves: &[&str]| Some(key_after(0, moves));
        let start = key_after(&[]);
        assert!(start.is_some());
        // Pieces moving leave it alone; a pawn move of either side changes it.
        assert_eq!(key_after(&["g1f3", "g8f6", "f3g1"]), start);
        let e4 = key_after(&["e2e4"]);
        assert_ne!(e4, start);
        assert_ne!(key_after(&["e2e4", "e7e5"]), e4);
        // The same pawns reached by other move orders: the same key.
        assert_eq!(
            key_after(&["e2e4", "e7e5", "d2d4"]),
            key_after(&["d2d4", "e7e5", "e2e4"])
        );
        // Mirrored structures differ (white pawn on e4 vs black on e5 only).
        assert_ne!(
            key_after(&["e2e4", "g8f6", "g1f3", "f6g8"]),
            key_after(&["g1f3", "e7e5"])
        );
    }
}
