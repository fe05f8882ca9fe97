//! The tranzit, tavreli and drop-chess evaluations are linear in their
//! tuned weights: the tuner's trace reproduces the search's sum exactly, and
//! the breakdown is what the search scores (`docs/eval.md`, "Tranzit and
//! tavreli", "Drop chess"; the drop variants under `--ablate
//! crazyhouse-network`, tranzit under `--ablate tranzit-network` and
//! tavreli under `--ablate tavreli-network`, as the networks play them
//! otherwise).

use eval::acc::{Acc, Sum, Trace};
use eval::breakdown::Breakdown;
use eval::params::Params;
use eval::score::S;
use eval::{EvalConfig, Evaluate};
use movegen::drops::{self, BughousePosition, CrazyhousePosition, DropBoard, DropRules};
use movegen::tavreli::{TavreliBoard, TavreliPosition};
use movegen::tranzit::{TranzitPosition, TranzitState};
use movegen::variant::MoveBuffer;
use movegen::{Color, Position};

/// Positions reached by random legal moves from the start (xorshift, fixed
/// seed), the mover's view of each evaluation under `config` alongside.
fn random_positions<P: Position + Evaluate>(games: usize, config: &EvalConfig) -> Vec<(P, i32)> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = P::startpos();
        let mut moves = P::MoveList::default();
        for _ in 0..120 {
            moves.clear_moves();
            pos.generate_moves(&mut moves);
            let list: Vec<P::Move> = moves.as_ref().to_vec();
            if list.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.make_move(list[(seed % list.len() as u64) as usize]);
            let score = pos.evaluate(config);
            out.push((pos.clone(), score));
        }
    }
    out
}

/// Checks the trace of every position against the sum and the breakdown
/// against the evaluation the search uses.
fn check<P, W: Params>(
    positions: &[(P, i32)],
    weights: &W,
    eval_with: impl Fn(&P, &mut Trace) -> (Breakdown, Breakdown),
    mover: impl Fn(&P) -> Color,
) {
    let params = weights.to_vec();
    let mut trace = Trace::new(weights);
    let mut nonzero = vec![false; W::LEN];
    for (pos, score) in positions {
        trace.clear();
        let (traced, summed) = eval_with(pos, &mut trace);
        let mut sum = S::ZERO;
        for (i, &c) in trace.coefficients.iter().enumerate() {
            sum += params[i] * c;
            nonzero[i] |= c != 0;
        }
        assert_eq!(sum, traced.sum);
        assert_eq!(trace.total(), traced.sum);
        assert_eq!(traced, summed);
        let white = match mover(pos) {
            Color::White => *score,
            Color::Black => -*score,
        };
        assert_eq!(white, summed.white.clamp(-15_000, 15_000));
    }
    let used = nonzero.iter().filter(|&&u| u).count();
    assert!(used * 2 > W::LEN, "only {used} of {} weights used", W::LEN);
}

#[test]
fn tranzit_trace_reproduces_the_evaluation() {
    let hand_written = EvalConfig {
        tranzit_network_off: true,
        ..Default::default()
    };
    let positions: Vec<(TranzitState, i32)> =
        random_positions::<TranzitPosition>(30, &hand_written)
            .into_iter()
            .map(|(p, s)| (*p.current(), s))
            .collect();
    let w = &eval::tranzit::WEIGHTS;
    check(
        &positions,
        w,
        |s, trace| {
            (
                eval::tranzit::evaluate_with(s, w, &hand_written, trace),
                eval::tranzit::evaluate_with(s, w, &hand_written, &mut Sum::default()),
            )
        },
        |s| s.side_to_move(),
    );
}

#[test]
fn tavreli_trace_reproduces_the_evaluation() {
    let hand_written = EvalConfig {
        tavreli_network_off: true,
        ..Default::default()
    };
    let positions: Vec<(TavreliBoard, i32)> =
        random_positions::<TavreliPosition>(30, &hand_written)
            .into_iter()
            .map(|(p, s)| (*p.board(), s))
            .collect();
    let w = &eval::tavreli::TAVRELI_WEIGHTS;
    check(
        &positions,
        w,
        |b, trace| {
            (
                eval::tavreli::evaluate_with(b, w, &hand_written, trace),
                eval::tavreli::evaluate_with(b, w, &hand_written, &mut Sum::default()),
            )
        },
        |b| b.side_to_move(),
    );
}

/// The drop evaluation under rules `R` (bughouse adds its fixed team terms).
fn drop_trace<R: DropRules>(positions: Vec<(DropBoard, i32)>) {
    let w = &eval::drops::WEIGHTS;
    check(
        &positions,
        w,
        |s, trace| {
            (
                eval::drops::evaluate_with::<R, _>(s, w, &EvalConfig::default(), trace),
                eval::drops::evaluate_with::<R, _>(
                    s,
                    w,
                    &EvalConfig::default(),
                    &mut Sum::default(),
                ),
            )
        },
        |s| s.board.side_to_move(),
    );
}

/// The configuration under which the search plays the drop variants by the
/// hand-written terms.
fn hand_written() -> EvalConfig {
    EvalConfig {
        crazyhouse_network_off: true,
        ..Default::default()
    }
}

#[test]
fn crazyhouse_trace_reproduces_the_evaluation() {
    let positions = random_positions::<CrazyhousePosition>(30, &hand_written());
    drop_trace::<drops::Crazyhouse>(positions.iter().map(|(p, s)| (*p.current(), *s)).collect());
}

#[test]
fn bughouse_trace_reproduces_the_evaluation() {
    let positions = random_positions::<BughousePosition>(30, &hand_written());
    drop_trace::<drops::Bughouse>(positions.iter().map(|(p, s)| (*p.current(), *s)).collect());
}
