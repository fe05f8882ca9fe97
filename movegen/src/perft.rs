//! perft for the 8x8 board: copy-make recursion, the last ply counted in bulk
//! by the generator's counting sink, and root moves split across threads.

use crate::board::Board;
use crate::chess_move::Move;
use crate::movegen::{count_legal_moves, legal_moves};
use rayon::prelude::*;

/// Leaf nodes of the legal move tree `depth` plies deep.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal_moves(board),
        _ => {
            let mut n = 0;
            for m in legal_moves(board) {
                let mut b = *board;
                b.make_move(m);
                n += perft(&b, depth - 1);
            }
            n
        }
    }
}

/// The count below each root move (`depth` >= 1), in generation order, root
/// moves split over the current rayon pool's threads.
pub fn perft_divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    let moves = legal_moves(board);
    moves
        .par_iter()
        .map(|&m| {
            let mut b = *board;
            b.make_move(m);
            (m, perft(&b, depth.saturating_sub(1)))
        })
        .collect()
}
