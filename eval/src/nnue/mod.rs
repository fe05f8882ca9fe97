//! The chess network: a small efficiently updatable neural network (768
//! inputs, one hidden layer of [`HIDDEN`] neurons per side, one output)
//! trained on Stockfish's static evaluation of vsadnik's self-play
//! positions (`tools/nnue/`, `docs/nnue.md`).
//!
//! [`evaluate`] keeps, per thread, the accumulator of the last board it
//! evaluated and brings it to the next board by the pieces that differ, so a
//! search that evaluates neighbouring positions pays for a few columns, not
//! for every piece.

mod accumulator;
mod features;
mod mop_up;
mod network;

pub use accumulator::Accumulator;
pub use mop_up::mop_up;
pub use network::{Network, NetworkError, HIDDEN};

use crate::chess::SCORE_LIMIT;
use movegen::Board;
use std::cell::RefCell;
use std::sync::LazyLock;

/// The network the engine plays with, embedded in the binary.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../../nets/chess.nnue"))
        .expect("the embedded network is well formed (eval tests load it)")
});

thread_local! {
    /// The last board this thread evaluated and its accumulator.
    static LAST: RefCell<Accumulator> = RefCell::new(Accumulator::new(&NETWORK));
}

/// The network's evaluation of `b` plus the [`mop_up`] bonus: centipawns
/// from the side to move's view, within ±[`SCORE_LIMIT`], by the
/// [`kernel`] this CPU runs best.
#[inline]
pub fn evaluate(b: &Board) -> i32 {
    // SAFETY: KERNEL is one of the kernels this CPU runs.
    unsafe { run_kernel(b, *KERNEL) }
}

/// The evaluation of `b` by `kernel`.
///
/// # Safety
/// The CPU must have `kernel`'s features (it is one of
/// [`Kernel::available`]).
#[inline(always)]
unsafe fn run_kernel(b: &Board, kernel: Kernel) -> i32 {
    #[cfg(target_arch = "x86_64")]
    match kernel {
        // SAFETY: the caller vouches for the features.
        Kernel::Avx512 => return unsafe { evaluate_avx512(b) },
        Kernel::Avx2 => return unsafe { evaluate_avx2(b) },
        Kernel::Generic => {}
    }
    evaluate_generic(b)
}

/// The instruction sets the network's code is compiled for, one copy
/// each; the build itself stays plain x86-64, and the copy this CPU can run
/// is chosen once, at the first evaluation. The copies compute the same
/// integers, so the choice changes the speed only, never a score (the
/// bench node count is the same on every machine).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// The build's own target (SSE2 on plain x86-64).
    Generic,
    /// AVX2 with POPCNT.
    Avx2,
    /// AVX-512 (F and BW) with AVX2 and POPCNT.
    Avx512,
}

impl Kernel {
    /// Its name: `generic`, `avx2`, `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Generic => "generic",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// The kernels this CPU can run, best last.
    pub fn available() -> Vec<Kernel> {
        let mut all = vec![Kernel::Generic];
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            if has!("avx2") && has!("popcnt") {
                all.push(Kernel::Avx2);
                if has!("avx512f") && has!("avx512bw") {
                    all.push(Kernel::Avx512);
                }
            }
        }
        all
    }
}

/// The kernel in use: the best this CPU runs, unless `VSADNIK_KERNEL`
/// names another it runs (`generic`, `avx2`; for measurements).
static KERNEL: LazyLock<Kernel> = LazyLock::new(|| {
    let available = Kernel::available();
    let asked = std::env::var("VSADNIK_KERNEL").ok();
    available
        .iter()
        .copied()
        .find(|k| asked.as_deref() == Some(k.name()))
        .unwrap_or(*available.last().expect("generic is always there"))
});

/// The kernel [`evaluate`] uses.
pub fn kernel() -> Kernel {
    *KERNEL
}

/// [`evaluate`] by `kernel`, which must be one of [`Kernel::available`]
/// (else the generic code runs).
pub fn evaluate_by(b: &Board, kernel: Kernel) -> i32 {
    let kernel = if Kernel::available().contains(&kernel) {
        kernel
    } else {
        Kernel::Generic
    };
    // SAFETY: checked just above.
    unsafe { run_kernel(b, kernel) }
}

/// [`evaluate_generic`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn evaluate_avx2(b: &Board) -> i32 {
    evaluate_generic(b)
}

/// [`evaluate_generic`] compiled for AVX-512.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2,popcnt")]
unsafe fn evaluate_avx512(b: &Board) -> i32 {
    evaluate_generic(b)
}

/// The evaluation itself, inlined into each kernel.
#[inline(always)]
fn evaluate_generic(b: &Board) -> i32 {
    let net = &*NETWORK;
    LAST.with(|last| {
        let mut acc = last.borrow_mut();
        acc.update(net, b);
        (net.output(&acc, b.side_to_move()) + mop_up(b)).clamp(-SCORE_LIMIT, SCORE_LIMIT)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, Position};

    fn eval_fen(fen: &str) -> i32 {
        evaluate(Chess::from_fen(fen).unwrap().board())
    }

    #[test]
    fn the_embedded_network_loads() {
        assert_eq!(NETWORK.hidden(), HIDDEN);
    }

    /// The start position is close to level; a queen up is clearly winning,
    /// for whichever side to move has it.
    #[test]
    fn scores_follow_material_and_side_to_move() {
        let start = eval_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(start.abs() < 100, "start {start}");
        let up = eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(up > 500, "white a queen up, white to move: {up}");
        let down = eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert!(down < -500, "white a queen up, black to move: {down}");
    }

    /// A position and its colour-flipped mirror get the same score: the
    /// network sees each side from its own side.
    #[test]
    fn colour_flip_is_symmetric() {
        let a = eval_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = eval_fen("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, b);
    }

    /// Every kernel this CPU runs gives the same score, along a game.
    #[test]
    fn kernels_agree() {
        let kernels = Kernel::available();
        assert_eq!(kernels[0], Kernel::Generic);
        assert!(kernels.contains(&kernel()));
        let mut pos = Chess::startpos();
        let mut seen = 0;
        for _ in 0..120 {
            let mut list = <Chess as Position>::MoveList::default();
            pos.generate_moves(&mut list);
            let Some(&mv) = list.get(seen % list.len().max(1)) else {
                break;
            };
            pos.make_move(mv);
            let scores: Vec<i32> = kernels
                .iter()
                .map(|&k| evaluate_by(pos.board(), k))
                .collect();
            assert!(
                scores.windows(2).all(|w| w[0] == w[1]),
                "{scores:?} at {}",
                pos.board().to_fen()
            );
            assert_eq!(scores[0], evaluate(pos.board()));
            seen += 7;
        }
        assert!(seen > 100 * 7, "a long enough game");
    }

    /// The incremental accumulator equals a fresh one after any sequence of
    /// evaluations, here along a game and back.
    #[test]
    fn incremental_updates_equal_a_refresh() {
        let mut pos = Chess::startpos();
        let moves = [
            "e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "b1d2",
        ];
        let mut boards = vec![*pos.board()];
        for m in moves {
            let mv = pos.parse_move(m).unwrap();
            pos.make_move(mv);
            boards.push(*pos.board());
        }
        let net = &*NETWORK;
        let mut acc = Accumulator::new(net);
        for b in boards.iter().chain(boards.iter().rev()) {
            acc.update(net, b);
            let mut fresh = Accumulator::new(net);
            fresh.refresh(net, b);
            assert!(acc == fresh, "accumulator drifted at {}", b.to_fen());
            assert_eq!(evaluate(b), net.output(&fresh, b.side_to_move()));
        }
    }
}
