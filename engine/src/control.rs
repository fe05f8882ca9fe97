//! What all search threads of one search share besides the hash table: the
//! stop flag, node counters, the clock and the limits that end the search.

use crate::info::score::{MATE, MATE_BOUND};
use crate::limits::{Limits, TimeBudget};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// How much of the soft time limit an iteration may use, from how the search
/// went so far: `stable` is the number of iterations in a row that ended with
/// the same best move (0: it just changed), `score_drop` how far the score
/// fell against the previous iteration (centipawns, negative when it rose).
/// A settled best move saves time; a new best move or a falling score buys
/// more.
pub fn time_scale(stable: u32, score_drop: i32) -> f64 {
    const STABILITY: [f64; 5] = [1.6, 1.25, 1.0, 0.85, 0.7];
    let stability = STABILITY[(stable as usize).min(STABILITY.len() - 1)];
    let falling = 1.0 + (score_drop.clamp(0, 100) as f64) / 200.0;
    stability * falling
}

/// Nodes a search thread searches between two looks at the clock and the
/// limits (fewer when a node limit is closer than that).
pub const CHECK_INTERVAL: u64 = 1024;

/// A node counter on its own cache line.
#[repr(align(64))]
#[derive(Default)]
pub struct NodeCounter(pub AtomicU64);

/// Shared control of one search.
pub struct Control {
    /// Set to end the search; every thread polls it.
    pub stop: AtomicBool,
    /// Nodes per thread, published every [`CHECK_INTERVAL`] nodes (or
    /// sooner near a node limit) and at the end.
    pub nodes: Vec<NodeCounter>,
    /// Nodes the threads have reserved under the node limit
    /// ([`Control::reserve_nodes`]).
    reserved: AtomicU64,
    /// The iteration the main thread is searching (helpers keep at or
    /// beyond it).
    main_depth: AtomicI32,
    start: Instant,
    /// Nanoseconds after `start` at which the clock started (ponderhit).
    clock_start_ns: AtomicU64,
    pondering: AtomicBool,
    infinite: bool,
    budget: TimeBudget,
    node_limit: Option<u64>,
    mate_limit: Option<i32>,
    single_reply: bool,
}

impl Control {
    /// Control for a search with `threads` threads under `limits`.
    pub fn new(threads: usize, limits: &Limits, overhead: Duration, root_moves: usize) -> Control {
        Control {
            stop: AtomicBool::new(false),
            nodes: (0..threads).map(|_| NodeCounter::default()).collect(),
            reserved: AtomicU64::new(0),
            main_depth: AtomicI32::new(0),
            start: Instant::now(),
            clock_start_ns: AtomicU64::new(0),
            pondering: AtomicBool::new(limits.ponder),
            infinite: limits.infinite,
            budget: limits.budget(overhead),
            node_limit: limits.nodes,
            mate_limit: limits.mate,
            single_reply: root_moves == 1,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time on the clock: since the start, or since `ponderhit`.
    fn clock_elapsed(&self) -> Duration {
        self.start
            .elapsed()
            .saturating_sub(Duration::from_nanos(self.clock_start_ns.load(Relaxed)))
    }

    /// Total nodes of all threads (as last published).
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.0.load(Relaxed)).sum()
    }

    /// True while pondering (before `ponderhit`).
    pub fn pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// True for `go infinite`.
    pub fn infinite(&self) -> bool {
        self.infinite
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        self.clock_start_ns
            .store(self.start.elapsed().as_nanos() as u64, Relaxed);
        self.pondering.store(false, Relaxed);
    }

    /// The main thread starts the iteration of `depth`.
    pub fn set_main_depth(&self, depth: i32) {
        self.main_depth.store(depth, Relaxed);
    }

    /// The iteration the main thread is searching (0 before the first).
    pub fn main_depth(&self) -> i32 {
        self.main_depth.load(Relaxed)
    }

    /// A thread completed the iteration at the depth limit: its result is
    /// what was asked for, so all threads stop — unless the search must
    /// last until `stop` (`go infinite`, pondering).
    pub fn depth_limit_reached(&self) {
        if !self.infinite && !self.pondering() {
            self.stop.store(true, Relaxed);
        }
    }

    /// Reserves the nodes a thread searches before it next publishes its
    /// count and looks at the limits: `most` without a node limit; under
    /// one, a share of what no thread has reserved yet (that rest divided
    /// by the threads, 1 to `most`), so that all threads together never
    /// search more than the limit. 0 when the limit is used up: the thread
    /// must stop.
    pub fn reserve_nodes(&self, most: u64) -> u64 {
        let Some(n) = self.node_limit else {
            return most;
        };
        let threads = self.nodes.len().max(1) as u64;
        let share = |reserved: u64| (n.saturating_sub(reserved) / threads).clamp(1, most);
        self.reserved
            .fetch_update(Relaxed, Relaxed, |r| (r < n).then(|| r + share(r)))
            .map_or(0, share)
    }

    /// Hard limits: nodes, and the hard time limit unless pondering.
    pub fn limits_exceeded(&self) -> bool {
        if let Some(n) = self.node_limit {
            if self.total_nodes() >= n {
                return true;
            }
        }
        match self.budget.hard {
            Some(h) if !self.pondering() => self.clock_elapsed() >= h,
            _ => false,
        }
    }

    /// Whether the main thread should start no new iteration; `time_scale`
    /// stretches or shrinks the soft limit of clock play (see
    /// [`time_scale`]; a `movetime` is kept as it is).
    pub fn should_stop_after_iteration(
        &self,
        thread: usize,
        depth: i32,
        score: i32,
        time_scale: f64,
    ) -> bool {
        if thread != 0 || self.infinite || self.pondering() {
            return false;
        }
        if let Some(n) = self.mate_limit {
            if score >= MATE_BOUND && (MATE - score + 1) / 2 <= n {
                return true;
            }
        }
        if self.limits_exceeded() {
            return true;
        }
        match self.budget.soft {
            // A proven mate is not searched on and on when the clock runs:
            // every shorter mate was already looked for at this depth.
            Some(soft) => {
                let soft = if self.budget.adaptive {
                    soft.mul_f64(time_scale)
                } else {
                    soft
                };
                let mate_settled =
                    score.abs() >= MATE_BOUND && depth >= 2 * (MATE - score.abs()) + 4;
                self.single_reply || mate_settled || self.clock_elapsed() >= soft
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{time_scale, Control};
    use crate::limits::Limits;
    use std::sync::atomic::Ordering::Relaxed;
    use std::time::Duration;

    fn control(limits: Limits) -> Control {
        Control::new(2, &limits, Duration::ZERO, 20)
    }

    #[test]
    fn the_depth_limit_stops_all_threads_unless_the_search_waits_for_stop() {
        let depth = Some(7);
        let plain = control(Limits {
            depth,
            ..Default::default()
        });
        plain.depth_limit_reached();
        assert!(plain.stop.load(Relaxed));
        for waiting in [
            Limits {
                depth,
                infinite: true,
                ..Default::default()
            },
            Limits {
                depth,
                ponder: true,
                ..Default::default()
            },
        ] {
            let c = control(waiting);
            c.depth_limit_reached();
            assert!(!c.stop.load(Relaxed));
        }
    }

    #[test]
    fn threads_never_reserve_more_than_the_node_limit() {
        for (threads, limit) in [(1, 37), (2, 1000), (3, 5000), (8, 100_000)] {
            let c = Control::new(
                threads,
                &Limits {
                    nodes: Some(limit),
                    ..Default::default()
                },
                Duration::ZERO,
                20,
            );
            let mut total = 0;
            let mut turns = 0;
            loop {
                let k = c.reserve_nodes(1024);
                if k == 0 {
                    break;
                }
                assert!(k <= 1024);
                total += k;
                turns += 1;
            }
            assert_eq!(total, limit, "{threads} threads");
            // Shares shrink near the limit, so the last ones are small.
            assert!(turns > limit / 1024, "{turns} reservations");
        }
        let free = control(Limits::default());
        assert_eq!(free.reserve_nodes(64), 64);
    }

    #[test]
    fn a_settled_best_move_saves_time_and_a_new_one_buys_more() {
        assert!(time_scale(0, 0) > 1.0);
        assert!(time_scale(10, 0) < 1.0);
        for stable in 0..6 {
            assert!(time_scale(stable + 1, 0) <= time_scale(stable, 0));
        }
    }

    #[test]
    fn a_falling_score_buys_time_a_rising_one_does_not() {
        assert!(time_scale(2, 60) > time_scale(2, 0));
        assert_eq!(time_scale(2, -80), time_scale(2, 0));
        // The stretch is bounded.
        assert_eq!(time_scale(2, 5000), time_scale(2, 100));
    }
}
