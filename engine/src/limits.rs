//! Search limits as the protocols give them, and the time manager that turns
//! clocks into a soft limit (no new iteration after it) and a hard limit
//! (abort at once).

use std::time::Duration;

/// What a `go` asks for. Every field is optional; none set means infinite.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Remaining clock time of the side to move.
    pub time: Option<Duration>,
    /// Increment per move of the side to move.
    pub inc: Duration,
    /// Moves until the next time control (None: sudden death).
    pub movestogo: Option<u32>,
    /// In sudden death: the number of moves the clock is shared over
    /// (None: [`DEFAULT_HORIZON`]). The engine sets it from the variant
    /// ([`crate::Searchable::CLOCK_HORIZON`]).
    pub horizon: Option<u32>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Maximum depth.
    pub depth: Option<i32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<i32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder: search until `ponderhit` (then the clock applies) or `stop`.
    pub ponder: bool,
}

/// Moves a sudden-death clock is shared over when neither `movestogo` nor
/// the variant says otherwise.
pub const DEFAULT_HORIZON: u32 = 30;

/// The time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    /// Do not start a new iteration after this much time.
    pub soft: Option<Duration>,
    /// Stop searching at once after this much time.
    pub hard: Option<Duration>,
    /// Whether the search may stretch or shrink `soft` by how it goes
    /// (clock play); a fixed `movetime` is used exactly.
    pub adaptive: bool,
}

impl Limits {
    /// The budget for these limits, keeping `overhead` in reserve for the
    /// time the move takes to reach the clock.
    pub fn budget(&self, overhead: Duration) -> TimeBudget {
        if let Some(mt) = self.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            return TimeBudget {
                soft: Some(t),
                hard: Some(t),
                adaptive: false,
            };
        }
        let Some(time) = self.time else {
            return TimeBudget {
                soft: None,
                hard: None,
                adaptive: false,
            };
        };
        // Never plan to use the last reserve, and keep a minimum of 1 ms.
        let avail = time.saturating_sub(overhead).max(Duration::from_millis(1));
        let mtg = match self.movestogo {
            Some(n) => n.clamp(1, 40),
            None => self.horizon.unwrap_or(DEFAULT_HORIZON).clamp(2, 100),
        };
        let base = avail / mtg + self.inc.mul_f64(0.75);
        // Soft limit: the planned share; hard: a few times that, but never more
        // than a safe fraction of what is left.
        let cap = if mtg == 1 {
            avail.mul_f64(0.9)
        } else {
            avail.mul_f64(0.6)
        };
        let soft = base.min(cap).max(Duration::from_millis(1));
        let hard = (base * 4).min(cap).max(soft);
        TimeBudget {
            soft: Some(soft.mul_f64(0.8)),
            hard: Some(hard),
            adaptive: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_is_exact_minus_overhead() {
        let l = Limits {
            movetime: Some(ms(1000)),
            ..Default::default()
        };
        let b = l.budget(ms(30));
        assert_eq!(b.hard, Some(ms(970)));
        assert_eq!(b.soft, Some(ms(970)));
        assert!(!b.adaptive, "a movetime is not stretched or shrunk");
    }

    #[test]
    fn sudden_death_leaves_reserve() {
        for t in [10u64, 100, 1000, 60_000] {
            let l = Limits {
                time: Some(ms(t)),
                inc: ms(10),
                ..Default::default()
            };
            let b = l.budget(ms(20));
            let hard = b.hard.unwrap();
            assert!(
                hard <= ms(t).saturating_sub(ms(20)).max(ms(1)),
                "t={t} hard={hard:?}"
            );
            assert!(b.soft.unwrap() <= hard);
        }
    }

    #[test]
    fn a_longer_horizon_spends_less_a_move() {
        let limits = |movestogo, horizon| Limits {
            time: Some(ms(15_000)),
            inc: ms(100),
            movestogo,
            horizon,
            ..Default::default()
        };
        let at = |horizon| limits(None, horizon).budget(ms(10));
        let (plain, long) = (at(None), at(Some(45)));
        assert!(long.soft.unwrap() < plain.soft.unwrap());
        assert!(long.hard.unwrap() < plain.hard.unwrap());
        assert_eq!(at(Some(DEFAULT_HORIZON)).soft, plain.soft);
        // `movestogo` from the protocol wins over the variant's horizon.
        let given = |horizon| limits(Some(10), horizon).budget(ms(10)).soft;
        assert_eq!(given(Some(45)), given(None));
    }

    #[test]
    fn no_clock_means_no_limit() {
        assert!(Limits::default().budget(ms(10)).hard.is_none());
    }
}
