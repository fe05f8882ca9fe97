//! Playing below full strength and varying the opening: how a search is
//! limited, and how the move is drawn from its best lines.
//!
//! A [`Level`] runs from 0 (weakest) to 20 (full strength). Below 20 the
//! search stops at a depth that grows with the level, so a weak level misses
//! what lies deeper (as a weaker player does), and the move is drawn among
//! the best few lines with a noise that shrinks as the level grows: a weak
//! level plays moves that look good at its depth and now and then one that
//! is a little worse, never one its own search sees losing much more than
//! its noise. `UCI_Elo` is turned into a level through [`ELO_SCALE`], the
//! calibration published in docs/strength.md.
//!
//! [`Strength::variety`] varies the first moves of a game among near-equal
//! ones, so that engine-versus-engine games differ: each root move's score
//! is raised by a draw of at most [`VARIETY_MARGIN`], so the search itself
//! plays a move within that margin of the best, at no cost in depth. It is
//! off by default, and the draws come from the engine's seed, so a given
//! seed replays.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The full-strength level.
pub const FULL: f64 = 20.0;

/// Lines searched and drawn from below full strength.
pub const LINES: usize = 5;

/// Plies from the game's start in which variety raises the root moves'
/// scores.
pub const VARIETY_PLIES: usize = 16;

/// The most (centipawns) variety raises a root move's score, and so the
/// most a varied opening move may lose to the best.
pub const VARIETY_MARGIN: i32 = 20;

/// The noise (centipawns) at level 0.
const WEAKEST_NOISE: f64 = 250.0;

/// `UCI_Elo` to level: the Elo of levels in chess against Stockfish 15.1's
/// `UCI_Elo`, measured at 1500, 2000 and 2400 (docs/strength.md),
/// increasing in both; between two points the level is interpolated
/// linearly.
pub const ELO_SCALE: [(u32, f64); 5] = [
    (1350, 1.5),
    (1500, 3.0),
    (2000, 10.0),
    (2400, 18.0),
    (2500, 19.0),
];

/// The lowest `UCI_Elo` offered.
pub const ELO_MIN: u32 = ELO_SCALE[0].0;
/// The highest `UCI_Elo` offered.
pub const ELO_MAX: u32 = ELO_SCALE[ELO_SCALE.len() - 1].0;

/// A playing level from 0 to [`FULL`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level(f64);

impl Level {
    /// Full strength.
    pub const FULL: Level = Level(FULL);

    /// The UCI `Skill Level` (0 to 20).
    pub fn from_skill(skill: u8) -> Level {
        Level(f64::from(skill).min(FULL))
    }

    /// The level of `elo` on [`ELO_SCALE`] (clamped to its ends).
    pub fn from_elo(elo: u32) -> Level {
        let elo = elo.clamp(ELO_MIN, ELO_MAX) as f64;
        let level = ELO_SCALE
            .windows(2)
            .find(|w| elo <= w[1].0 as f64)
            .map(|w| {
                let ((e0, l0), (e1, l1)) = ((w[0].0 as f64, w[0].1), (w[1].0 as f64, w[1].1));
                l0 + (l1 - l0) * (elo - e0) / (e1 - e0)
            })
            .unwrap_or(ELO_SCALE[ELO_SCALE.len() - 1].1);
        Level(level)
    }

    /// Whether this is full strength (nothing limited, nothing drawn).
    pub fn is_full(self) -> bool {
        self.0 >= FULL
    }

    /// The depth a search stops at: 1 at level 0, 15 at level 19 (three
    /// more every four levels).
    pub fn depth(self) -> Option<i32> {
        (!self.is_full()).then(|| 1 + (self.0 * 0.75) as i32)
    }

    /// The noise added to each line's score before the best is taken: it
    /// falls with the cube of the distance to full strength, so the middle
    /// levels draw only among near-equal moves.
    fn noise(self) -> i32 {
        (WEAKEST_NOISE * (1.0 - self.0 / FULL).max(0.0).powi(3)).round() as i32
    }
}

/// How one engine chooses its moves: its level and whether it varies its
/// openings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// The playing level.
    pub level: Level,
    /// Vary the first [`VARIETY_PLIES`] plies among moves within
    /// [`VARIETY_MARGIN`] of the best.
    pub variety: bool,
}

impl Default for Strength {
    fn default() -> Self {
        Strength {
            level: Level::FULL,
            variety: false,
        }
    }
}

/// What a search at `game_ply` does differently under a [`Strength`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The depth limit (None: the search's own).
    pub depth: Option<i32>,
    /// The lines to search (at least).
    pub lines: usize,
    /// Below full strength: the line played is drawn among them, each
    /// line's score, less its loss to the best, plus a uniform draw in
    /// `0..=noise` centipawns, the highest winning (0: the best line).
    pub noise: i32,
    /// Variety: the most a root move's score is raised by its own draw
    /// (0: none). The search then plays the best raised move, one within
    /// this many centipawns of the best, at no cost in depth.
    pub bonus: i32,
}

impl Strength {
    /// The plan of a search at `game_ply` plies from the game's start.
    pub fn plan(&self, game_ply: usize) -> Plan {
        let noise = self.level.noise();
        let varied = self.variety && game_ply < VARIETY_PLIES;
        Plan {
            depth: self.level.depth(),
            lines: if noise > 0 { LINES } else { 1 },
            noise,
            bonus: if varied { VARIETY_MARGIN } else { 0 },
        }
    }
}

/// The seeded draws of one engine: each search takes the next draw.
#[derive(Clone, Debug)]
pub struct Draws(StdRng);

impl Draws {
    /// Draws from `seed`.
    pub fn new(seed: u64) -> Draws {
        Draws(StdRng::seed_from_u64(seed))
    }

    /// Draws from the operating system's entropy.
    pub fn from_entropy() -> Draws {
        Draws(StdRng::from_entropy())
    }

    /// Each of `n` root moves' variety bonus: a uniform draw in
    /// `0..=most` centipawns (none when `most` is 0).
    pub fn bonuses(&mut self, n: usize, most: i32) -> Vec<i32> {
        if most <= 0 {
            return Vec::new();
        }
        (0..n).map(|_| self.0.gen_range(0..=most)).collect()
    }

    /// The draws of one search, split off these (the next seed).
    pub fn fork(&mut self) -> Draws {
        Draws::new(self.0.gen())
    }

    /// The index of the line played among `scores` (best first, from the
    /// mover's view) with `noise` (see [`Plan::noise`]). Lines losing more
    /// than the noise are never taken, nor is any but the best when it is
    /// a found mate.
    pub fn pick(&mut self, scores: &[i32], noise: i32) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        if noise <= 0 || best.abs() >= crate::info::score::MATE_BOUND {
            return 0;
        }
        let mut chosen = (0, i32::MIN);
        for (i, &s) in scores.iter().enumerate() {
            let loss = best.saturating_sub(s);
            if loss > noise {
                break;
            }
            let value = self.0.gen_range(0..=noise) - loss;
            if value > chosen.1 {
                chosen = (i, value);
            }
        }
        chosen.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elo_scale_is_increasing_and_meets_its_points() {
        for w in ELO_SCALE.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 < w[1].1, "{w:?}");
        }
        for (elo, level) in ELO_SCALE {
            assert_eq!(Level::from_elo(elo), Level(level));
        }
        assert_eq!(Level::from_elo(0), Level(ELO_SCALE[0].1));
        assert_eq!(Level::from_elo(9999), Level(ELO_SCALE[4].1));
        let mut last = -1.0;
        for elo in (ELO_MIN..=ELO_MAX).step_by(10) {
            let Level(l) = Level::from_elo(elo);
            assert!(l > last, "{elo}");
            last = l;
        }
    }

    #[test]
    fn full_strength_limits_and_draws_nothing() {
        let plan = Strength::default().plan(0);
        assert_eq!(
            plan,
            Plan {
                depth: None,
                lines: 1,
                noise: 0,
                bonus: 0
            }
        );
    }

    #[test]
    fn lower_levels_search_shallower_with_more_noise() {
        let mut last = Strength {
            level: Level::from_skill(0),
            variety: false,
        }
        .plan(40);
        assert_eq!(last.depth, Some(1));
        for skill in 1..20 {
            let plan = Strength {
                level: Level::from_skill(skill),
                variety: false,
            }
            .plan(40);
            assert!(
                plan.depth >= last.depth && plan.noise <= last.noise,
                "{skill}"
            );
            assert!(
                plan.depth > last.depth || plan.noise < last.noise,
                "{skill}"
            );
            last = plan;
        }
    }

    #[test]
    fn variety_draws_in_the_opening_only() {
        let varied = Strength {
            level: Level::FULL,
            variety: true,
        };
        assert_eq!(varied.plan(0).bonus, VARIETY_MARGIN);
        assert_eq!(varied.plan(VARIETY_PLIES - 1).lines, 1, "no extra lines");
        assert_eq!(varied.plan(VARIETY_PLIES), Strength::default().plan(0));
        let mut draws = Draws::new(3);
        let b = draws.bonuses(2000, VARIETY_MARGIN);
        assert!(b.iter().all(|&x| (0..=VARIETY_MARGIN).contains(&x)));
        assert!(b.contains(&0) && b.contains(&VARIETY_MARGIN));
    }

    #[test]
    fn a_draw_never_takes_a_line_losing_more_than_the_noise() {
        let mut draws = Draws::new(7);
        let scores = [50, 45, 30, -200, -900];
        let mut seen = [0; 5];
        for _ in 0..2000 {
            seen[draws.pick(&scores, 40)] += 1;
        }
        assert!(
            seen[0] > seen[1] && seen[1] > seen[2] && seen[2] > 0,
            "{seen:?}"
        );
        assert_eq!(&seen[3..], &[0, 0]);
        assert_eq!(draws.pick(&scores, 0), 0);
        let mate = crate::info::score::MATE - 3;
        assert!((0..100).all(|_| draws.pick(&[mate, 40, 39], 300) == 0));
    }

    #[test]
    fn the_same_seed_draws_the_same_lines() {
        let scores = [10, 9, 8, 7, 6];
        let a: Vec<usize> = {
            let mut d = Draws::new(42);
            (0..50).map(|_| d.pick(&scores, 20)).collect()
        };
        let b: Vec<usize> = {
            let mut d = Draws::new(42);
            (0..50).map(|_| d.pick(&scores, 20)).collect()
        };
        assert_eq!(a, b);
        assert!(a.iter().any(|&i| i != a[0]));
    }
}
