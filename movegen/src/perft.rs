//! perft for the 8x8 board: copy-make recursion, the last ply counted in bulk
//! by the generator's counting sink, and root moves split across threads.

use crate::board::Board;
use crate::chess_move::Move;
use crate::movegen::{generate, legal_moves, Counter, MoveList};
use rayon::prelude::*;

/// Leaf nodes of the legal move tree `depth` plies deep.
///
/// The bulk count of the last ply adds up popcounts. When the build's
/// target lacks the `popcnt` instruction (the default `x86-64` target
/// does), a copy of perft compiled with it is used if the CPU has it:
/// about a fifth faster (the evaluation does the same).
pub fn perft(board: &Board, depth: u32) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU supports popcnt, checked just above.
        return unsafe { perft_popcnt(board, depth) };
    }
    perft_plain(board, depth)
}

/// [`perft`] for the build's own target.
fn perft_plain(board: &Board, depth: u32) -> u64 {
    perft_step(board, depth, perft_plain)
}

/// [`perft`] compiled with the `popcnt` instruction.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
unsafe fn perft_popcnt(board: &Board, depth: u32) -> u64 {
    // SAFETY: this function runs only where popcnt is supported.
    perft_step(board, depth, |b, d| unsafe { perft_popcnt(b, d) })
}

/// One level of perft, the levels below counted by `below`; inlined into
/// each copy of [`perft`], with the generator.
#[inline(always)]
fn perft_step(board: &Board, depth: u32, below: impl Fn(&Board, u32) -> u64) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut count = Counter(0);
            generate::<_, false>(board, &mut count);
            count.0
        }
        _ => {
            let mut list = MoveList::new();
            generate::<_, false>(board, &mut list);
            let mut n = 0;
            for m in list {
                let mut b = *board;
                b.make_move(m);
                n += below(&b, depth - 1);
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
