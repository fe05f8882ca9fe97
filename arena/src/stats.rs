//! Match statistics: the score line, the Elo difference with its 95% error
//! margin, the likelihood of superiority, and the SPRT log-likelihood ratio.
//! The formulas are in `docs/match.md`.

use super::options::SprtSpec;

/// Wins, losses and draws of the first engine against the second.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first engine won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

/// The two-sided 95% quantile of the standard normal distribution.
const Z_975: f64 = 1.959_963_984_540_054;

impl Score {
    /// Adds one game by the first engine's half-points and the opponent's.
    pub fn add(&mut self, own: u8, other: u8) {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Less => self.losses += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first engine's score fraction (NaN for no games).
    pub fn fraction(&self) -> f64 {
        let n = self.games() as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// The per-game variance of the score (results 1, 0, 1/2).
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let mu = self.fraction();
        let (w, l, d) = (
            self.wins as f64 / n,
            self.losses as f64 / n,
            self.draws as f64 / n,
        );
        w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2)
    }

    /// The logistic Elo difference of a score fraction.
    pub fn elo_of(fraction: f64) -> f64 {
        -400.0 * (1.0 / fraction - 1.0).log10()
    }

    /// The Elo difference (`inf`/`-inf` at 100%/0%).
    pub fn elo(&self) -> f64 {
        Self::elo_of(self.fraction())
    }

    /// Half the width of the 95% confidence interval of the Elo difference,
    /// from the trinomial standard error of the mean score.
    pub fn elo_margin(&self) -> f64 {
        let mu = self.fraction();
        let se = (self.variance() / self.games() as f64).sqrt();
        (Self::elo_of(mu + Z_975 * se) - Self::elo_of(mu - Z_975 * se)) / 2.0
    }

    /// Likelihood of superiority in percent (normal approximation; NaN
    /// without decisive games).
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        100.0 * (0.5 + 0.5 * erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    /// Drawn games in percent.
    pub fn draw_ratio(&self) -> f64 {
        100.0 * self.draws as f64 / self.games() as f64
    }

    /// `Score of A vs B: W - L - D  [P] N`.
    pub fn score_line(&self, a: &str, b: &str) -> String {
        let p = if self.games() == 0 {
            0.0
        } else {
            self.fraction()
        };
        format!(
            "Score of {a} vs {b}: {} - {} - {}  [{p:.3}] {}",
            self.wins,
            self.losses,
            self.draws,
            self.games()
        )
    }

    /// `Elo difference: E +/- M, LOS: L %, DrawRatio: D %`.
    pub fn elo_line(&self) -> String {
        format!(
            "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
            fmt1(self.elo()),
            fmt1(self.elo_margin()),
            fmt1(self.los()),
            fmt1(self.draw_ratio())
        )
    }

    /// The generalised SPRT log-likelihood ratio of H1 (`elo1`) against H0
    /// (`elo0`): logistic Elo, trinomial model, each hypothesis represented
    /// by the maximum-likelihood distribution of results with its expected
    /// score; zero counts are replaced by 0.001 so that a one-sided record
    /// still gives a finite ratio.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        let counts = [self.losses, self.draws, self.wins].map(|c| (c as f64).max(1e-3));
        let p0 = mle_with_mean(&counts, expected_score(elo0));
        let p1 = mle_with_mean(&counts, expected_score(elo1));
        (0..3).map(|i| counts[i] * (p1[i] / p0[i]).ln()).sum()
    }
}

/// The result values of a loss, a draw and a win.
const RESULT_VALUES: [f64; 3] = [0.0, 0.5, 1.0];

/// The distribution over (loss, draw, win) of largest likelihood for
/// `counts` among those with expected score `s`: `p_i = f_i / (1 + x (a_i - s))`
/// where `x` solves `sum f_i (a_i - s) / (1 + x (a_i - s)) = 0` (the
/// Lagrange condition), found by bisection.
fn mle_with_mean(counts: &[f64; 3], s: f64) -> [f64; 3] {
    let n: f64 = counts.iter().sum();
    let f = counts.map(|c| c / n);
    let g = |x: f64| -> f64 {
        (0..3)
            .map(|i| {
                let d = RESULT_VALUES[i] - s;
                f[i] * d / (1.0 + x * d)
            })
            .sum()
    };
    // 1 + x (a_i - s) > 0 for all i: x in (-1 / (1 - s), 1 / s); g falls.
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = (lo + hi) / 2.0;
    let mut p = [0.0; 3];
    for i in 0..3 {
        p[i] = f[i] / (1.0 + x * (RESULT_VALUES[i] - s));
    }
    let total: f64 = p.iter().sum();
    p.map(|v| v / total)
}

/// The expected score of a player `elo` points stronger (logistic).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A SPRT decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The LLR fell to the lower bound.
    H0,
    /// The LLR reached the upper bound.
    H1,
}

/// The SPRT state after some games.
#[derive(Copy, Clone, Debug)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// `ln(beta / (1 - alpha))`.
    pub lower: f64,
    /// `ln((1 - beta) / alpha)`.
    pub upper: f64,
}

impl SprtState {
    /// The test for `score`.
    pub fn new(spec: &SprtSpec, score: &Score) -> SprtState {
        SprtState {
            llr: score.llr(spec.elo0, spec.elo1),
            lower: (spec.beta / (1.0 - spec.alpha)).ln(),
            upper: ((1.0 - spec.beta) / spec.alpha).ln(),
        }
    }

    /// The decision, once a bound is crossed.
    pub fn verdict(&self) -> Option<SprtVerdict> {
        if self.llr >= self.upper {
            Some(SprtVerdict::H1)
        } else if self.llr <= self.lower {
            Some(SprtVerdict::H0)
        } else {
            None
        }
    }

    /// `SPRT: llr L (P%), lbound A, ubound B[ - H0 was accepted]`; P is the
    /// LLR as a percentage of the bound it moves towards.
    pub fn line(&self) -> String {
        let bound = if self.llr < 0.0 {
            -self.lower
        } else {
            self.upper
        };
        let mut s = format!(
            "SPRT: llr {:.2} ({:.1}%), lbound {:.2}, ubound {:.2}",
            self.llr,
            100.0 * self.llr / bound,
            self.lower,
            self.upper
        );
        match self.verdict() {
            Some(SprtVerdict::H0) => s.push_str(" - H0 was accepted"),
            Some(SprtVerdict::H1) => s.push_str(" - H1 was accepted"),
            None => {}
        }
        s
    }
}

/// One decimal; `inf`, `-inf` and `nan` spelled the C way; no `-0.0`.
pub fn fmt1(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    let s = format!("{x:.1}");
    if s == "-0.0" {
        "0.0".to_string()
    } else {
        s
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, absolute error below
/// 1.5e-7, plenty for a percentage with one decimal).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(wins: u32, losses: u32, draws: u32) -> Score {
        Score {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn score_line_format() {
        assert_eq!(
            s(10, 5, 5).score_line("A", "B"),
            "Score of A vs B: 10 - 5 - 5  [0.625] 20"
        );
    }

    #[test]
    fn elo_line_values() {
        // Reference values computed independently (Python, math.erf).
        assert_eq!(
            s(10, 5, 5).elo_line(),
            "Elo difference: 88.7 +/- 143.9, LOS: 90.2 %, DrawRatio: 25.0 %"
        );
        assert_eq!(
            s(3, 0, 0).elo_line(),
            "Elo difference: inf +/- nan, LOS: 95.8 %, DrawRatio: 0.0 %"
        );
        assert_eq!(
            s(0, 2, 0).elo_line(),
            "Elo difference: -inf +/- nan, LOS: 7.9 %, DrawRatio: 0.0 %"
        );
        assert_eq!(
            s(0, 0, 4).elo_line(),
            "Elo difference: 0.0 +/- 0.0, LOS: nan %, DrawRatio: 100.0 %"
        );
    }

    #[test]
    fn erf_is_accurate() {
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 2e-7);
        assert!((erf(-1.0) + 0.842_700_792_9).abs() < 2e-7);
        assert!(erf(0.0).abs() < 1e-8);
    }

    #[test]
    fn sprt() {
        let spec = SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let st = SprtState::new(&spec, &s(60, 40, 100));
        assert!((st.upper - 2.944_438_979).abs() < 1e-9);
        assert!((st.lower + 2.944_438_979).abs() < 1e-9);
        // Reference values: a direct numerical maximisation of the
        // constrained likelihood in Python (golden-section search).
        assert!((st.llr - 0.988_083).abs() < 1e-5, "{}", st.llr);
        assert_eq!(st.verdict(), None);
        assert_eq!(
            st.line(),
            "SPRT: llr 0.99 (33.6%), lbound -2.94, ubound 2.94"
        );
        let st = SprtState::new(&spec, &s(20, 80, 100));
        assert_eq!(st.verdict(), Some(SprtVerdict::H0));
        assert!(st.line().ends_with(" - H0 was accepted"));
        for (score, want) in [
            (s(20, 80, 100), -3.587_933),
            (s(1, 0, 0), 0.028_367),
            (s(0, 100, 0), -2.919_648),
            (s(5, 0, 0), 0.141_840),
            (s(10, 5, 5), 0.181_119),
        ] {
            let got = score.llr(0.0, 10.0);
            assert!((got - want).abs() < 1e-5, "{score:?}: {got}");
        }
        assert_eq!(s(0, 0, 0).llr(0.0, 10.0), 0.0);
    }
}
