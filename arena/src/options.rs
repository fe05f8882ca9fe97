//! What a match is asked to do ([`MatchOptions`]), and the readers of its
//! values: engine commands, time controls, SPRT parameters. Each error is
//! one line naming the option.

use movegen::VariantId;
use std::time::Duration;

/// How an engine is spoken to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Proto {
    /// Universal Chess Interface.
    Uci,
    /// XBoard / CECP version 2.
    Xboard,
}

/// One `--engine CMD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program and its arguments, split like a POSIX shell does.
    pub argv: Vec<String>,
    /// The protocol forced with a `uci:` or `xboard:` prefix.
    pub forced: Option<Proto>,
}

impl EngineSpec {
    /// Parses `[uci:|xboard:]COMMAND LINE`.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let (forced, rest) = if let Some(r) = text.strip_prefix("uci:") {
            (Some(Proto::Uci), r)
        } else if let Some(r) = text.strip_prefix("xboard:") {
            (Some(Proto::Xboard), r)
        } else {
            (None, text)
        };
        let argv = shell_words::split(rest).map_err(|e| format!("--engine '{text}': {e}"))?;
        if argv.is_empty() {
            return Err("--engine needs a command".to_string());
        }
        Ok(EngineSpec { argv, forced })
    }

    /// The program's file name, the fallback engine name.
    pub fn basename(&self) -> String {
        let prog = &self.argv[0];
        prog.rsplit('/').next().unwrap_or(prog).to_string()
    }
}

/// A time control: `[MOVES/]BASE[+INC]`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves per session (0: the whole game is one session).
    pub moves: u32,
    /// Time per session.
    pub base: Duration,
    /// Added after each of the player's moves.
    pub inc: Duration,
}

impl TimeControl {
    /// Parses `10`, `0.5+0.05`, `1:30+1`, `40/60+0`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = |why: &str| {
            format!(
                "--tc '{text}': {why} (expected [MOVES/]BASE[+INC], e.g. 10+0.1, 1:30+1, 40/60)"
            )
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => match m.parse::<u32>() {
                Ok(n) if n >= 1 => (n, r),
                _ => return Err(bad("MOVES must be a whole number of at least 1")),
            },
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base = match base.split_once(':') {
            Some((m, s)) => match (m.parse::<u64>(), seconds(s)) {
                (Ok(m), Some(s)) if s < 60.0 => m as f64 * 60.0 + s,
                _ => return Err(bad("BASE must be seconds or MIN:SEC")),
            },
            None => seconds(base).ok_or_else(|| bad("BASE must be seconds or MIN:SEC"))?,
        };
        if base <= 0.0 || base > 1.0e6 {
            return Err(bad("BASE must be more than 0 seconds"));
        }
        let inc = match inc {
            Some(i) => match seconds(i) {
                Some(v) if v <= 1.0e5 => v,
                _ => return Err(bad("INC must be a number of seconds")),
            },
            None => 0.0,
        };
        Ok(TimeControl {
            moves,
            base: Duration::from_secs_f64(base),
            inc: Duration::from_secs_f64(inc),
        })
    }

    /// The PGN `TimeControl` tag value: `BASE+INC`, or `MOVES/BASE+INC`
    /// for sessions, seconds without trailing zeros.
    pub fn tag(&self) -> String {
        let mps = if self.moves > 0 {
            format!("{}/", self.moves)
        } else {
            String::new()
        };
        format!(
            "{mps}{}+{}",
            trim_seconds(self.base),
            trim_seconds(self.inc)
        )
    }
}

/// Non-negative decimal seconds.
fn seconds(s: &str) -> Option<f64> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// `1.5` for 1500 ms, `10` for 10 s, `0.05` for 50 ms.
pub fn trim_seconds(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// The `--sprt` hypotheses and error rates.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtSpec {
    /// Elo difference of H0 (logistic Elo).
    pub elo0: f64,
    /// Elo difference of H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// `--resign MOVES SCORE`: an engine whose own score is at most `-SCORE`
/// centipawns for `MOVES` consecutive moves of its own loses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves.
    pub moves: u32,
    /// Centipawns.
    pub score: i32,
}

/// `--draw MOVENUMBER MOVES SCORE`: from full move MOVENUMBER on, a game in
/// which both engines' scores stayed within `SCORE` centipawns of zero for
/// `MOVES` consecutive moves each is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// First full move number at which the rule applies.
    pub move_number: u32,
    /// Consecutive moves of each side.
    pub moves: u32,
    /// Centipawns.
    pub score: i32,
}

/// Everything `vsadnik match` was asked to do.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The variant.
    pub variant: VariantId,
    /// Games to play in total.
    pub games: u32,
    /// The time control of both players.
    pub tc: TimeControl,
    /// The engines, in command-line order.
    pub engines: Vec<EngineSpec>,
    /// Games played at once.
    pub concurrency: usize,
    /// PGN output file.
    pub pgn: Option<String>,
    /// Openings file (EPD/FEN lines or PGN).
    pub openings: Option<String>,
    /// Continue the match recorded in the PGN file.
    pub resume: bool,
    /// The live file: the game being played, rewritten after every move.
    pub live: Option<String>,
    /// Sequential probability ratio test.
    pub sprt: Option<SprtSpec>,
    /// Resign adjudication.
    pub resign: Option<ResignRule>,
    /// Draw adjudication.
    pub draw: Option<DrawRule>,
    /// Allowed overrun of the clock before a time forfeit.
    pub margin: Duration,
    /// Echo engine traffic on standard error.
    pub debug: bool,
    /// Play only this part of the match's rounds.
    pub shard: Option<Shard>,
}

/// Part `K` of `N` of a match (`--shard K/N`): the pairs of rounds (an
/// opening played with both colours: rounds 1 and 2, 3 and 4, ...) are
/// dealt out in turn, pair 1 to part 1, pair 2 to part 2, ..., pair `N+1`
/// to part 1 again. The parts' rounds keep their numbers, so that their
/// PGN files merge into the whole match (`--merge`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// `K`, from 1.
    pub part: u32,
    /// `N`.
    pub parts: u32,
}

impl Shard {
    /// Reads `K/N` with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard must be K/N with 1 <= K <= N, e.g. 2/8, got '{text}'");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (part, parts) = (
            k.parse::<u32>().map_err(|_| bad())?,
            n.parse::<u32>().map_err(|_| bad())?,
        );
        if part < 1 || part > parts {
            return Err(bad());
        }
        Ok(Shard { part, parts })
    }

    /// Whether round `round` (from 1) is this part's.
    pub fn owns(&self, round: u32) -> bool {
        ((round - 1) / 2) % self.parts == self.part - 1
    }
}

impl SprtSpec {
    /// Reads `elo0=E0 elo1=E1 alpha=A beta=B`, in any order.
    pub fn parse(values: &[String]) -> Result<SprtSpec, String> {
        parse_sprt(values)
    }
}

fn parse_sprt(values: &[String]) -> Result<SprtSpec, String> {
    let mut got: [Option<f64>; 4] = [None; 4];
    let keys = ["elo0", "elo1", "alpha", "beta"];
    for v in values {
        let bad = || format!("--sprt '{v}': expected elo0=E0 elo1=E1 alpha=A beta=B");
        let (k, x) = v.split_once('=').ok_or_else(bad)?;
        let slot = keys.iter().position(|&key| key == k).ok_or_else(bad)?;
        let x: f64 = x
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(bad)?;
        if got[slot].replace(x).is_some() {
            return Err(format!("--sprt: {k} given twice"));
        }
    }
    let [Some(elo0), Some(elo1), Some(alpha), Some(beta)] = got else {
        return Err("--sprt needs elo0=E0 elo1=E1 alpha=A beta=B".to_string());
    };
    if elo0 >= elo1 {
        return Err("--sprt: elo0 must be less than elo1".to_string());
    }
    if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
        return Err("--sprt: alpha and beta must be between 0 and 0.5".to_string());
    }
    Ok(SprtSpec {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_deal_out_pairs_of_rounds() {
        let parts: Vec<Shard> = (1..=3)
            .map(|k| Shard::parse(&format!("{k}/3")).unwrap())
            .collect();
        for round in 1..=40 {
            let owners: Vec<u32> = parts
                .iter()
                .filter(|s| s.owns(round))
                .map(|s| s.part)
                .collect();
            assert_eq!(owners.len(), 1, "round {round}: {owners:?}");
            // Both colours of an opening go to the same part.
            let pair = if round % 2 == 1 { round + 1 } else { round - 1 };
            assert!(parts[owners[0] as usize - 1].owns(pair));
        }
        assert!(parts[0].owns(1) && parts[0].owns(2) && parts[1].owns(3) && parts[0].owns(7));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(
            (tc.moves, tc.base.as_millis(), tc.inc.as_millis()),
            (0, 10_000, 100)
        );
        assert_eq!(tc.tag(), "10+0.1");
        let tc = TimeControl::parse("1:30").unwrap();
        assert_eq!(tc.base.as_millis(), 90_000);
        assert_eq!(tc.tag(), "90+0");
        let tc = TimeControl::parse("40/60+0").unwrap();
        assert_eq!((tc.moves, tc.base.as_secs()), (40, 60));
        assert_eq!(tc.tag(), "40/60+0");
        assert_eq!(TimeControl::parse("0.5+0.05").unwrap().tag(), "0.5+0.05");
        for bad in [
            "", "0", "-1", "a+1", "10+", "1:75", "0/10", "10+-1", "nan", "inf",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn engines_and_prefixes() {
        let e = EngineSpec::parse("xboard:/usr/games/fairymax -x 'a b'").unwrap();
        assert_eq!(e.forced, Some(Proto::Xboard));
        assert_eq!(e.argv, vec!["/usr/games/fairymax", "-x", "a b"]);
        assert_eq!(e.basename(), "fairymax");
        assert!(EngineSpec::parse("uci:").is_err());
        assert!(EngineSpec::parse("a 'b").is_err());
    }

    #[test]
    fn sprt_parameters() {
        let v = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let p = SprtSpec::parse(&v("elo1=5 elo0=0 beta=0.05 alpha=0.05")).unwrap();
        assert_eq!((p.elo0, p.elo1), (0.0, 5.0));
        for bad in [
            "elo0=0 elo1=5",
            "elo0=5 elo1=0 alpha=0.05 beta=0.05",
            "elo0=0 elo0=5 alpha=0.05 beta=0.05",
            "elo0=0 elo1=5 alpha=0.6 beta=0.05",
            "elo0=x elo1=5 alpha=0.05 beta=0.05",
        ] {
            assert!(SprtSpec::parse(&v(bad)).is_err(), "{bad}");
        }
    }
}
