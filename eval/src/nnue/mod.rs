//! The networks: small efficiently updatable neural networks (one hidden
//! layer of [`HIDDEN`] neurons per side, one output). The chess network
//! (768 inputs) was trained on Stockfish's static evaluation of vsadnik's
//! self-play positions; the crazyhouse network (848 inputs: the board's
//! and the pieces in hand) and the tranzit network (1616 inputs: both
//! boards' and the [`TranzitCount`]s) and the tavreli network (4480
//! inputs: the towers' pieces by depth, [`TowerAccumulator`]) on the scores
//! of vsadnik's own self-play searches (`tools/nnue/`, `docs/nnue.md`).
//!
//! [`evaluate`], [`evaluate_crazyhouse`], [`evaluate_tranzit`] and
//! [`evaluate_tavreli`] keep,
//! per thread, the accumulator of the last position they evaluated and
//! bring it to the next by the pieces that differ, so a search that
//! evaluates neighbouring positions pays for a few columns, not for every
//! piece.

mod accumulator;
mod features;
mod mop_up;
mod network;
mod towers;

pub use accumulator::{Accumulator, Counts};
pub use features::{TranzitCount, BOARD_INPUTS, DROP_INPUTS, TAVRELI_INPUTS, TRANZIT_INPUTS};
pub use mop_up::mop_up;
pub use network::{Network, NetworkError, HIDDEN};
pub use towers::TowerAccumulator;

use crate::chess::SCORE_LIMIT;
use features::COUNT_SLOTS;
use movegen::drops::DropBoard;
use movegen::tavreli::TavreliBoard;
use movegen::tranzit::TranzitState;
use movegen::{Board, Color};
use std::cell::RefCell;
use std::sync::LazyLock;

/// The chess network, embedded in the binary.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../../nets/chess.nnue"))
        .expect("the embedded network is well formed (eval tests load it)")
});

/// The crazyhouse network, embedded in the binary.
pub static CRAZYHOUSE_NETWORK: LazyLock<Network<DROP_INPUTS>> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../../nets/crazyhouse.nnue"))
        .expect("the embedded network is well formed (eval tests load it)")
});

/// The tranzit network, embedded in the binary.
pub static TRANZIT_NETWORK: LazyLock<Network<TRANZIT_INPUTS>> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../../nets/tranzit.nnue"))
        .expect("the embedded network is well formed (eval tests load it)")
});

/// The tavreli network, embedded in the binary.
pub static TAVRELI_NETWORK: LazyLock<Network<TAVRELI_INPUTS>> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../../nets/tavreli.nnue"))
        .expect("the embedded network is well formed (eval tests load it)")
});

thread_local! {
    /// The last chess board this thread evaluated and its accumulator.
    static LAST: RefCell<Accumulator> = RefCell::new(Accumulator::new(&NETWORK));
    /// The last crazyhouse board this thread evaluated and its accumulator.
    static LAST_DROPS: RefCell<Accumulator> =
        RefCell::new(Accumulator::new(&CRAZYHOUSE_NETWORK));
    /// The last tranzit position this thread evaluated and its accumulator.
    static LAST_TRANZIT: RefCell<Accumulator<2>> =
        RefCell::new(Accumulator::new(&TRANZIT_NETWORK));
    /// The last tavreli board this thread evaluated and its accumulator.
    static LAST_TAVRELI: RefCell<TowerAccumulator> =
        RefCell::new(TowerAccumulator::new(&TAVRELI_NETWORK));
}

/// The chess network's evaluation of `b` plus the [`mop_up`] bonus:
/// centipawns from the side to move's view, within ±[`SCORE_LIMIT`], by the
/// [`kernel`] this CPU runs best.
#[inline]
pub fn evaluate(b: &Board) -> i32 {
    // SAFETY: KERNEL is one of the kernels this CPU runs.
    unsafe { run_kernel(b, *KERNEL) }
}

/// The crazyhouse network's evaluation of `s`: centipawns from the side to
/// move's view, within ±[`SCORE_LIMIT`], by the [`kernel`] this CPU runs
/// best.
#[inline]
pub fn evaluate_crazyhouse(s: &DropBoard) -> i32 {
    // SAFETY: KERNEL is one of the kernels this CPU runs.
    unsafe { run_kernel(s, *KERNEL) }
}

/// The tranzit network's evaluation of `s`: centipawns from the side to
/// move's view, within ±[`SCORE_LIMIT`], by the [`kernel`] this CPU runs
/// best. It does not count the points of decided boards
/// ([`crate::tranzit::decided_points`] does).
#[inline]
pub fn evaluate_tranzit(s: &TranzitState) -> i32 {
    // SAFETY: KERNEL is one of the kernels this CPU runs.
    unsafe { run_kernel(s, *KERNEL) }
}

/// The tavreli network's evaluation of `b`: centipawns from the side to
/// move's view, within ±[`SCORE_LIMIT`], by the [`kernel`] this CPU runs
/// best.
#[inline]
pub fn evaluate_tavreli(b: &TavreliBoard) -> i32 {
    // SAFETY: KERNEL is one of the kernels this CPU runs.
    unsafe { run_kernel(b, *KERNEL) }
}

/// The tranzit network's counts of `s`: per colour, whether it has
/// transferred and whether each board is decided.
#[inline(always)]
pub fn tranzit_counts(s: &TranzitState) -> Counts {
    let mut counts = [[0; COUNT_SLOTS]; 2];
    for color in Color::ALL {
        let c = &mut counts[color as usize];
        c[TranzitCount::Transferred as usize] = s.transferred[color.index()] as u8;
        c[TranzitCount::BoardIDecided as usize] = s.results[0].decided() as u8;
        c[TranzitCount::BoardIIDecided as usize] = s.results[1].decided() as u8;
    }
    counts
}

/// A position one of the networks evaluates: a chess [`Board`], a
/// crazyhouse [`DropBoard`], a [`TranzitState`] or a [`TavreliBoard`].
pub trait NetworkInput {
    /// The evaluation, inlined into each kernel (see [`Kernel`]).
    fn evaluate_inline(&self) -> i32;
}

impl NetworkInput for Board {
    #[inline(always)]
    fn evaluate_inline(&self) -> i32 {
        let net = &*NETWORK;
        LAST.with(|last| {
            let mut acc = last.borrow_mut();
            acc.update(net, self);
            (net.output(&acc, self.side_to_move()) + mop_up(self)).clamp(-SCORE_LIMIT, SCORE_LIMIT)
        })
    }
}

impl NetworkInput for DropBoard {
    #[inline(always)]
    fn evaluate_inline(&self) -> i32 {
        let net = &*CRAZYHOUSE_NETWORK;
        LAST_DROPS.with(|last| {
            let mut acc = last.borrow_mut();
            acc.update(net, &self.board);
            acc.update_hand(net, &self.reserve);
            net.output(&acc, self.board.side_to_move())
                .clamp(-SCORE_LIMIT, SCORE_LIMIT)
        })
    }
}

impl NetworkInput for TranzitState {
    #[inline(always)]
    fn evaluate_inline(&self) -> i32 {
        let net = &*TRANZIT_NETWORK;
        LAST_TRANZIT.with(|last| {
            let mut acc = last.borrow_mut();
            acc.update_boards(net, [&self.boards[0], &self.boards[1]]);
            acc.update_counts(net, tranzit_counts(self));
            net.output(&acc, self.side_to_move())
                .clamp(-SCORE_LIMIT, SCORE_LIMIT)
        })
    }
}

impl NetworkInput for TavreliBoard {
    #[inline(always)]
    fn evaluate_inline(&self) -> i32 {
        let net = &*TAVRELI_NETWORK;
        LAST_TAVRELI.with(|last| {
            let mut acc = last.borrow_mut();
            acc.update(net, self);
            net.output(acc.values(), self.side_to_move())
                .clamp(-SCORE_LIMIT, SCORE_LIMIT)
        })
    }
}

/// The evaluation of `x` by `kernel`.
///
/// # Safety
/// The CPU must have `kernel`'s features (it is one of
/// [`Kernel::available`]).
#[inline(always)]
unsafe fn run_kernel<T: NetworkInput>(x: &T, kernel: Kernel) -> i32 {
    #[cfg(target_arch = "x86_64")]
    match kernel {
        // SAFETY: the caller vouches for the features.
        Kernel::Avx512 => return unsafe { evaluate_avx512(x) },
        Kernel::Avx2 => return unsafe { evaluate_avx2(x) },
        Kernel::Generic => {}
    }
    x.evaluate_inline()
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

/// [`evaluate`], [`evaluate_crazyhouse`], [`evaluate_tranzit`] or
/// [`evaluate_tavreli`] by
/// `kernel`, which must be one of [`Kernel::available`] (else the generic
/// code runs).
pub fn evaluate_by<T: NetworkInput>(x: &T, kernel: Kernel) -> i32 {
    let kernel = if Kernel::available().contains(&kernel) {
        kernel
    } else {
        Kernel::Generic
    };
    // SAFETY: checked just above.
    unsafe { run_kernel(x, kernel) }
}

/// [`NetworkInput::evaluate_inline`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn evaluate_avx2<T: NetworkInput>(x: &T) -> i32 {
    x.evaluate_inline()
}

/// [`NetworkInput::evaluate_inline`] compiled for AVX-512.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2,popcnt")]
unsafe fn evaluate_avx512<T: NetworkInput>(x: &T) -> i32 {
    x.evaluate_inline()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mirror_fen;
    use movegen::bitboard::Squares;
    use movegen::drops::CrazyhousePosition;
    use movegen::tavreli::TavreliPosition;
    use movegen::tranzit::TranzitPosition;
    use movegen::{Chess, Position};

    fn eval_fen(fen: &str) -> i32 {
        evaluate(Chess::from_fen(fen).unwrap().board())
    }

    fn eval_crazyhouse(fen: &str) -> i32 {
        evaluate_crazyhouse(CrazyhousePosition::from_fen(fen).unwrap().current())
    }

    #[test]
    fn the_embedded_networks_load() {
        assert_eq!(NETWORK.hidden(), HIDDEN);
        assert_eq!(CRAZYHOUSE_NETWORK.hidden(), HIDDEN);
        assert_eq!(TRANZIT_NETWORK.hidden(), HIDDEN);
        assert_eq!(TAVRELI_NETWORK.hidden(), HIDDEN);
    }

    /// In crazyhouse a queen more in hand is clearly better, for whichever
    /// side to move holds it; a colour-flipped position scores the same.
    #[test]
    fn crazyhouse_scores_follow_the_hands() {
        let even = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[] w KQkq - 4 4";
        let ours = "r1b1kb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Q] w KQkq - 4 4";
        let theirs = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1B1KB1R[q] w KQkq - 4 4";
        let even_score = eval_crazyhouse(even);
        assert!(
            eval_crazyhouse(ours) > even_score + 300,
            "{}",
            eval_crazyhouse(ours)
        );
        assert!(
            eval_crazyhouse(theirs) < even_score - 300,
            "{}",
            eval_crazyhouse(theirs)
        );
        for fen in [even, ours, theirs] {
            assert_eq!(
                eval_crazyhouse(fen),
                eval_crazyhouse(&mirror_fen(fen)),
                "{fen}"
            );
        }
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

    /// Plays 120 moves of a game from `pos` (every seventh move of each
    /// list) and hands each position to `check`.
    fn along_a_game<P: Position>(mut pos: P, mut check: impl FnMut(&P)) {
        let mut seen = 0;
        for _ in 0..120 {
            let mut list = P::MoveList::default();
            pos.generate_moves(&mut list);
            let Some(&mv) = list.get(seen % list.len().max(1)) else {
                break;
            };
            pos.make_move(mv);
            check(&pos);
            seen += 7;
        }
        assert!(seen > 100 * 7, "a long enough game");
    }

    /// Every kernel this CPU runs gives `evaluate`'s score to `x`.
    fn kernels_agree_on<T: NetworkInput>(x: &T, evaluate: fn(&T) -> i32) {
        let kernels = Kernel::available();
        assert_eq!(kernels[0], Kernel::Generic);
        assert!(kernels.contains(&kernel()));
        let scores: Vec<i32> = kernels.iter().map(|&k| evaluate_by(x, k)).collect();
        assert!(scores.windows(2).all(|w| w[0] == w[1]), "{scores:?}");
        assert_eq!(scores[0], evaluate(x));
    }

    /// Every kernel this CPU runs gives the same score, along a game of
    /// each network's variant.
    #[test]
    fn kernels_agree() {
        along_a_game(Chess::startpos(), |p| kernels_agree_on(p.board(), evaluate));
        along_a_game(CrazyhousePosition::startpos(), |p| {
            kernels_agree_on(p.current(), evaluate_crazyhouse)
        });
        along_a_game(TranzitPosition::startpos(), |p| {
            kernels_agree_on(p.current(), evaluate_tranzit)
        });
        along_a_game(TavreliPosition::startpos(), |p| {
            kernels_agree_on(p.board(), evaluate_tavreli)
        });
    }

    /// The tavreli accumulator, brought from board to board tower by
    /// tower, equals a fresh one along a game with towers and splits, and
    /// back (and after a jump between any two of its boards).
    #[test]
    fn tavreli_updates_equal_a_refresh() {
        let mut boards = Vec::new();
        along_a_game(TavreliPosition::startpos(), |p| boards.push(*p.board()));
        let tall = |b: &TavreliBoard| Squares(b.occupied()).any(|sq| b.height(sq) >= 3);
        assert!(boards.iter().any(tall), "a tower of three or more");
        let net = &*TAVRELI_NETWORK;
        let mut acc = TowerAccumulator::new(net);
        let jumps = boards.iter().step_by(17).rev();
        for (i, b) in boards
            .iter()
            .chain(boards.iter().rev())
            .chain(jumps)
            .enumerate()
        {
            acc.update(net, b);
            let mut fresh = TowerAccumulator::new(net);
            fresh.update(net, b);
            assert!(acc == fresh, "accumulator drifted at step {i}");
            assert!(acc.values() == fresh.values(), "views drifted at step {i}");
            assert_eq!(
                evaluate_tavreli(b),
                net.output(fresh.values(), b.side_to_move())
            );
        }
    }

    /// A tavreli board and its colour-flipped mirror get the same score.
    #[test]
    fn tavreli_colour_flip_is_symmetric() {
        for fen in [
            "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/3(RnBqP)4/8/8/8/4K3 b - - 0 1",
        ] {
            let score = |f: &str| evaluate_tavreli(TavreliPosition::from_fen(f).unwrap().board());
            assert_eq!(score(fen), score(&mirror_fen(fen)), "{fen}");
        }
    }

    /// The tranzit accumulator, brought from position to position over
    /// both boards and the counts, equals a fresh one along a game with
    /// transfers, and back.
    #[test]
    fn tranzit_updates_equal_a_refresh() {
        let mut states = Vec::new();
        along_a_game(TranzitPosition::startpos(), |p| states.push(*p.current()));
        assert!(states.iter().any(|s| s.boards[1].occupied() != 0));
        let net = &*TRANZIT_NETWORK;
        let mut acc = Accumulator::<2>::new(net);
        for (i, s) in states.iter().chain(states.iter().rev()).enumerate() {
            acc.update_boards(net, [&s.boards[0], &s.boards[1]]);
            acc.update_counts(net, tranzit_counts(s));
            let mut fresh = Accumulator::<2>::new(net);
            fresh.update_boards(net, [&s.boards[0], &s.boards[1]]);
            fresh.update_counts(net, tranzit_counts(s));
            assert!(acc == fresh, "accumulator drifted at step {i}");
            assert_eq!(evaluate_tranzit(s), net.output(&fresh, s.side_to_move()));
        }
    }

    /// The crazyhouse accumulator, brought from board to board and hand to
    /// hand, equals a fresh one along a game with drops, and back.
    #[test]
    fn crazyhouse_updates_equal_a_refresh() {
        let mut boards = Vec::new();
        along_a_game(CrazyhousePosition::startpos(), |p| {
            boards.push(*p.current())
        });
        assert!(boards.iter().any(|s| !s.reserve.is_empty(Color::White)));
        let net = &*CRAZYHOUSE_NETWORK;
        let mut acc = Accumulator::new(net);
        for s in boards.iter().chain(boards.iter().rev()) {
            acc.update(net, &s.board);
            acc.update_hand(net, &s.reserve);
            let mut fresh = Accumulator::new(net);
            fresh.refresh(net, &s.board);
            fresh.update_hand(net, &s.reserve);
            assert!(acc == fresh, "accumulator drifted at {}", s.board.to_fen());
            assert_eq!(
                evaluate_crazyhouse(s),
                net.output(&fresh, s.board.side_to_move())
            );
        }
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
