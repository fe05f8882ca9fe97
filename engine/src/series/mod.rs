//! The series-aware search of progressive chess (`docs/progressive.md`).
//!
//! A plain alpha-beta over single moves drowns in series of 10–20 moves, so
//! progressive positions are searched here, by the driver's root-search
//! hook ([`crate::Searchable::root_search`]), in four phases:
//!
//! 1. **Mate in this series** ([`solver`]): a proof search over the mover's
//!    moves with admissible bounds ([`bound`]) and a refutation table.
//! 2. **Good series** ([`select`]): a beam search over single moves ranks
//!    whole series by the evaluation of the position they end in.
//! 3. **One series deeper**: the candidates are compared by the
//!    opponent's best reply series (from a narrower beam): minimax at the
//!    level of series.
//! 4. **Defence**: the candidates are checked with the same solver for a
//!    mate of the opponent in his (longer) next series; a series that
//!    allows one is dropped while another is left.
//!
//! Phases 3 and 4 can each use up what is left of the budget, so their
//! order matters: English rules run the comparison first, Italian and
//! Scottish rules the defence first (`minimax_first`).
//!
//! The result: `bestmove` is the next single move, `info ... pv` the rest
//! of the series; `score mate 1` for a mate at the end of this series,
//! `mate 2` for one at the end of our next series whatever the opponent
//! replies ([`mate2`], proved under a node budget), `mate -1` when every
//! series allows the opponent a mate in his next. When the mate search
//! proves there is no mate in this series, the reporter gets the note
//! [`NO_MATE_PROVED`] (UCI `info string ...`) before the other phases. The
//! plan for the rest of the series is kept in the engine's [`plan::Plans`]
//! (handed over in the [`RootContext`]) and answers the next `go`s of the
//! series without searching.

pub mod bound;
pub mod commute;
pub mod mate2;
pub mod plan;
pub mod select;
pub mod solver;

pub use solver::{is_mated, MateResult, MateSolver};

use crate::control::Control;
use crate::driver::RootContext;
use crate::info::score::MATE;
use crate::info::{Score, ScoreBound, SearchInfo, SearchResult};
use movegen::progressive::{Progressive, SeriesRules, SeriesState};
use movegen::Move;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// The note printed once per search when the mate search has proved that
/// the side to move has no mate in the current series (every sequence of
/// its moves searched, not cut by a node or time limit).
pub const NO_MATE_PROVED: &str = "no mate in this series (proved)";

/// Phases of the series search turned off (`docs/ablation.md`); the
/// default runs them all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeriesSwitches {
    /// No defence phase: no candidate series is checked for a mate of the
    /// opponent in his next series (`--ablate progressive-defence`).
    pub defence_off: bool,
    /// No search for the engine's own mates: neither the mate in this
    /// series nor the proof of a mate at the end of the next one
    /// (`--ablate progressive-solver`).
    pub solver_off: bool,
}

/// Size of the solver's refutation table (2^bits entries of 16 bytes).
const TABLE_BITS: u32 = 21;

/// How much work each phase may do.
#[derive(Clone, Copy, Debug)]
struct Effort {
    /// Node budget of the mate search (None: until the time runs out).
    mate_nodes: Option<u64>,
    /// Node budget of each defence check.
    defence_nodes: u64,
    /// Beam width of the series selection.
    width: usize,
    /// Candidate series kept for the defence and the minimax.
    keep: usize,
    /// Candidates compared one series deeper.
    deeper: usize,
    /// Share of the time for the mate search (time-limited searches).
    mate_share: f64,
    /// Node budget of the proof of a mate at the end of the next series.
    mate2_nodes: u64,
    /// Candidates tried for that proof.
    mate2_tries: usize,
}

impl Effort {
    fn for_limits(limits: &crate::limits::Limits) -> Effort {
        match limits.depth {
            // A depth (bench, tests, a playing level below full strength):
            // node budgets by the depth, deterministic unless the clock
            // runs out first.
            Some(d) => {
                let d = d.clamp(1, 30) as u64;
                Effort {
                    mate_nodes: Some(5_000 * d),
                    defence_nodes: 500 * d,
                    width: 4 + d as usize,
                    keep: 4 + d as usize,
                    deeper: (d as usize / 2).min(8),
                    mate_share: 1.0,
                    mate2_nodes: 5_000 * d,
                    mate2_tries: 4,
                }
            }
            _ => Effort {
                mate_nodes: limits.nodes.map(|n| n / 2),
                defence_nodes: 20_000,
                width: 24,
                keep: 16,
                deeper: 16,
                mate_share: 0.5,
                mate2_nodes: 200_000,
                mate2_tries: 6,
            },
        }
    }
}

/// Series nodes between two looks at the limits (fewer near a node limit):
/// a series node computes bounds for all its children, so it costs more
/// than a node of the alpha-beta search.
const POLL_EVERY: u64 = 64;

/// Decides when a phase looks at the clock and the limits: the phases call
/// their `stop` at every node, and `due` lets one in [`POLL_EVERY`] (or
/// what is left of a node limit) through.
struct Poll<'c> {
    control: &'c Control,
    next: u64,
}

impl<'c> Poll<'c> {
    /// A poll holding the first share of the nodes (the phases count a
    /// node before they call their `stop`, so the share covers nodes 1 to
    /// `next`).
    fn new(control: &'c Control) -> Poll<'c> {
        Poll {
            control,
            next: control.reserve_nodes(POLL_EVERY),
        }
    }

    /// True when the search, at `total` nodes, should publish its count and
    /// look at the limits now.
    fn due(&mut self, total: u64) -> bool {
        if total < self.next {
            return false;
        }
        self.control.nodes[0].0.store(total, Relaxed);
        let share = self.control.reserve_nodes(POLL_EVERY);
        if share == 0 {
            self.control.stop.store(true, Relaxed);
        }
        self.next = total + share;
        true
    }
}

/// The root search for progressive positions (the driver's hook).
pub fn run<R: SeriesRules>(ctx: RootContext<'_, Progressive<R>>) -> SearchResult {
    let start = *ctx.pos.state();
    let control = ctx.control;
    let limits = ctx.limits;
    let effort = Effort::for_limits(limits);
    let SeriesSwitches {
        solver_off,
        defence_off,
    } = ctx.settings.series;
    let budget = limits.budget(Duration::ZERO);
    let soft = budget.soft;
    let mut nodes_total: u64 = 0;
    let publish = |n: u64| control.nodes[0].0.store(n, Relaxed);
    let elapsed = || control.elapsed();
    let poll = std::cell::RefCell::new(Poll::new(control));
    // With `total` nodes searched: the stop flag, the hard limits and the
    // phase's `deadline`, looked at when the poll is due.
    let hard_stop = || control.stop.load(Relaxed) || control.limits_exceeded();
    let past = |total: u64, deadline: Option<Duration>| {
        poll.borrow_mut().due(total) && (hard_stop() || deadline.is_some_and(|d| elapsed() >= d))
    };
    let restricted: Vec<Move> = ctx.root.clone();
    let all_moves = start.legal_moves::<R>();
    let first_moves: Vec<Move> = if restricted.len() == all_moves.len() {
        Vec::new()
    } else {
        restricted.clone()
    };

    let report = |depth: i32, score: Score, raw: i32, pv: &[String], nodes: u64| {
        let ms = elapsed().as_millis() as u64;
        ctx.reporter.info(&SearchInfo {
            depth,
            seldepth: pv.len() as i32,
            multipv: 1,
            score,
            raw_score: raw,
            bound: ScoreBound::Exact,
            nodes,
            nps: nodes * 1000 / ms.max(1),
            hashfull: 0,
            time_ms: ms,
            pv: pv.to_vec(),
        });
    };
    let finish = |best: Option<Move>, score: Option<Score>, depth: i32, nodes: u64| {
        publish(nodes);
        // `go infinite` and pondering wait for `stop` (or `ponderhit`).
        while (control.infinite() || control.pondering()) && !control.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        SearchResult {
            best: best.map(|m| m.to_string()),
            // The rest of the pv is our own series: nothing to ponder on.
            ponder: None,
            score,
            depth,
            nodes,
            time_ms: elapsed().as_millis() as u64,
        }
    };

    // The plan made at the start of the series.
    if start.played > 0 {
        if let Some(step) = ctx.plans.recall::<R>(&start) {
            if first_moves.is_empty() || first_moves.contains(&step.mv) {
                report(1, step.score, step.raw, &step.pv, 0);
                return finish(Some(step.mv), Some(step.score), 1, 0);
            }
        }
    }

    // Phase 1: a mate in this series.
    let mut solver = MateSolver::<R>::new(TABLE_BITS);
    let mate_deadline = soft.map(|s| s.mul_f64(effort.mate_share));
    let mate_limit = effort.mate_nodes;
    let result = if solver_off {
        MateResult::Unknown
    } else {
        let mut stop = |n: u64| past(n, mate_deadline) || mate_limit.is_some_and(|l| n >= l);
        if first_moves.is_empty() {
            solver.solve(&start, &mut stop)
        } else {
            solve_restricted::<R>(&mut solver, &start, &first_moves, &mut stop)
        }
    };
    nodes_total += solver.nodes;
    // A proof over a `searchmoves` subset is no proof for the series.
    if result == MateResult::NoMate && first_moves.is_empty() {
        ctx.reporter.note(NO_MATE_PROVED);
    }
    if let MateResult::Mate(pv) = result {
        let text: Vec<String> = pv.iter().map(|m| m.to_string()).collect();
        let raw = MATE - 1;
        report(pv.len() as i32, Score::Mate(1), raw, &text, nodes_total);
        ctx.plans.remember::<R>(&start, &pv, Score::Mate(1), raw);
        return finish(
            pv.first().copied(),
            Some(Score::Mate(1)),
            pv.len() as i32,
            nodes_total,
        );
    }

    // Phase 2: candidate series.
    let mut beam_nodes = 0u64;
    let base = nodes_total;
    let mut candidates = {
        let mut stop = |n: u64| past(base + n, soft);
        select::beam::<R>(
            &start,
            effort.width,
            effort.keep,
            &first_moves,
            &mut beam_nodes,
            &mut stop,
        )
    };
    nodes_total += beam_nodes;
    if candidates.is_empty() {
        // Stopped before any series was complete: any legal move.
        let m = restricted.first().copied();
        return finish(m, None, 0, nodes_total);
    }

    // Phases 3 and 4: the best candidates compared one series deeper
    // (minimax at the level of series: the opponent's best reply series)
    // and the defence, in the order of `minimax_first`.
    let minimax = |ranked: &mut Vec<(select::Candidate, i32)>, nodes_total: &mut u64| {
        let deeper = effort.deeper.min(ranked.len());
        for item in ranked.iter_mut().take(deeper) {
            if hard_stop() || soft.is_some_and(|s| elapsed() >= s) {
                break;
            }
            let (c, score) = item;
            if c.end.played != 0 || c.score >= select::WIN || !c.end.has_legal_move::<R>() {
                continue;
            }
            let mut n = 0u64;
            let replies = {
                let mut stop = |k: u64| past(*nodes_total + k, soft);
                select::beam::<R>(&c.end, effort.width / 2 + 2, 1, &[], &mut n, &mut stop)
            };
            *nodes_total += n;
            if let Some(r) = replies.first() {
                *score = -r.score;
            }
        }
        ranked[..deeper].sort_by_key(|(_, s)| std::cmp::Reverse(*s));
    };
    let mut ranked: Vec<(select::Candidate, i32)> = candidates
        .drain(..)
        .map(|c| {
            let s = c.score;
            (c, s)
        })
        .collect();
    let minimax_first = minimax_first::<R>();
    if minimax_first {
        minimax(&mut ranked, &mut nodes_total);
    }
    let mut opponent = MateSolver::<R>::new(TABLE_BITS - 2);
    let mut safe = Vec::new();
    for (c, score) in &ranked {
        // Out of time or nodes: the candidates left count as safe.
        if defence_off || c.end.played != 0 || c.score >= select::WIN || hard_stop() {
            safe.push((c.clone(), *score));
            continue;
        }
        let before = opponent.nodes;
        let limit = effort.defence_nodes;
        let verdict = {
            let mut stop = |n: u64| past(nodes_total + n, soft) || n - before >= limit;
            opponent.solve(&c.end, &mut stop)
        };
        if !matches!(verdict, MateResult::Mate(_)) {
            safe.push((c.clone(), *score));
        }
    }
    nodes_total += opponent.nodes;
    let lost = safe.is_empty();
    if lost {
        safe = ranked;
    }
    if !minimax_first {
        minimax(&mut safe, &mut nodes_total);
    }
    // A mate at the end of our next series, whatever the opponent replies.
    if !lost && !solver_off && safe[0].1 < select::WIN && !hard_stop() {
        let mut proof_solver = MateSolver::<R>::new(TABLE_BITS - 2);
        let mut proof = mate2::Mate2::new(&mut proof_solver, effort.mate2_nodes);
        let found = safe.iter().take(effort.mate2_tries).position(|(c, _)| {
            // A stop ends the proofs: the next one would count a node more.
            let mut stop = |n: u64| past(nodes_total + n, soft);
            c.end.played == 0 && !hard_stop() && proof.proves(&c.end, &mut stop)
        });
        nodes_total += proof.nodes();
        if let Some(i) = found {
            let moves = &safe[i].0.moves;
            let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            let (score, raw) = (Score::Mate(2), MATE - 3);
            report(moves.len() as i32, score, raw, &text, nodes_total);
            ctx.plans.remember::<R>(&start, moves, score, raw);
            return finish(
                moves.first().copied(),
                Some(score),
                moves.len() as i32,
                nodes_total,
            );
        }
    }
    let (best, score) = &safe[0];
    let text: Vec<String> = best.moves.iter().map(|m| m.to_string()).collect();
    let (reported, raw) = if lost {
        (Score::Mate(-1), -(MATE - 2))
    } else if *score >= select::WIN {
        (Score::Mate(1), MATE - 1)
    } else {
        let cp = (*score).clamp(-20_000, 20_000);
        (Score::Cp(cp), cp)
    };
    report(best.moves.len() as i32, reported, raw, &text, nodes_total);
    ctx.plans.remember::<R>(&start, &best.moves, reported, raw);
    finish(
        best.moves.first().copied(),
        Some(reported),
        best.moves.len() as i32,
        nodes_total,
    )
}

/// Whether the comparison one series deeper runs before the defence
/// (English) or after it (Italian, Scottish). Either phase can use up what
/// is left of the budget. Under E2 the defence's proofs are expensive (no
/// sleep sets, bounds blind to the rounds) and rarely settle, and the
/// candidates were played on the beam's score alone; under Italian and
/// Scottish rules the defence settles more and is worth more
/// (`docs/strength.md`, "Progressive English: minimax before defence").
fn minimax_first<R: SeriesRules>() -> bool {
    R::ROUNDS
}

/// The mate search with the first move restricted (`go searchmoves`).
fn solve_restricted<R: SeriesRules>(
    solver: &mut MateSolver<R>,
    s: &SeriesState,
    first: &[Move],
    stop: &mut dyn FnMut(u64) -> bool,
) -> MateResult {
    let mut unknown = false;
    for &m in first {
        let mut c = *s;
        if c.make::<R>(m) {
            if is_mated::<R>(&c) {
                return MateResult::Mate(vec![m]);
            }
            continue;
        }
        match solver.solve(&c, stop) {
            MateResult::Mate(mut pv) => {
                pv.insert(0, m);
                return MateResult::Mate(pv);
            }
            MateResult::Unknown => unknown = true,
            MateResult::NoMate => {}
        }
    }
    if unknown {
        MateResult::Unknown
    } else {
        MateResult::NoMate
    }
}
