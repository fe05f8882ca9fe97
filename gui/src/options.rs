//! The `vsadnik gui` command line.

use super::room::Side;
use arena::args::{Args, UsageError};
use arena::options::{EngineSpec, TimeControl};
use movegen::VariantId;
use std::time::Duration;

/// The usage line of `vsadnik gui`.
pub const USAGE: &str = "usage: vsadnik gui [--port N] [--variant NAME] [--side white|black|both] \
[--engine CMD] [--partner CMD] [--tc BASE+INC] [--margin MS] [--pace MS] [--open] [--debug] | \
vsadnik gui \
--watch FILE [--port N] [--open]";

/// Everything `vsadnik gui` was asked to do.
#[derive(Clone, Debug)]
pub struct GuiOptions {
    /// The port on 127.0.0.1 (0: any free port).
    pub port: u16,
    /// The first game's variant.
    pub variant: VariantId,
    /// The person's seat in the first game.
    pub side: Side,
    /// The engine; `None`: this program.
    pub engine: Option<EngineSpec>,
    /// The partner's engine in team games; `None`: the `engine`.
    pub partner: Option<EngineSpec>,
    /// The time control of games against the engine.
    pub tc: TimeControl,
    /// How far the engine may overstep its clock.
    pub margin: Duration,
    /// Team games: the least time between two moves on the board the
    /// person does not play.
    pub pace: Duration,
    /// Open the page in the desktop's browser.
    pub open: bool,
    /// Echo the engine's traffic on standard error.
    pub debug: bool,
    /// Watch the game of `vsadnik match --live FILE` instead of playing.
    pub watch: Option<String>,
}

/// The default time control: five minutes and three seconds a move.
pub const DEFAULT_TC: &str = "300+3";
/// The default pace of the other board in team games: a move a second at
/// most, about a person's speed, so that fast engines do not finish it
/// before the person has moved.
pub const DEFAULT_PACE_MS: u64 = 1000;

impl GuiOptions {
    /// Parses the words after `gui`.
    pub fn parse(words: &[String]) -> Result<GuiOptions, UsageError> {
        let args = Args::parse(words);
        if let Some(w) = args.positional.first() {
            return Err(UsageError(format!("unexpected argument '{w}'; {USAGE}")));
        }
        args.check_known(&[
            "port", "variant", "side", "engine", "partner", "tc", "margin", "pace", "open",
            "debug", "watch",
        ])?;
        let one = |name: &str| -> Result<Option<String>, UsageError> {
            match args.values(name) {
                None => Ok(None),
                Some([v]) => Ok(Some(v.clone())),
                Some(_) => Err(UsageError(format!(
                    "--{name} needs exactly one value (quote an engine command with its arguments)"
                ))),
            }
        };
        let watch = one("watch")?;
        if watch.is_some() {
            let playing = [
                "variant", "side", "engine", "partner", "tc", "margin", "pace", "debug",
            ];
            if let Some(name) = playing.iter().find(|n| args.values(n).is_some()) {
                return Err(UsageError(format!(
                    "--watch shows a match game read-only: --{name} does not go with it"
                )));
            }
        }
        let port = args.number::<u16>("port", 0..=65535)?.unwrap_or(0);
        let variant = match one("variant")? {
            Some(name) => VariantId::parse(&name).map_err(UsageError)?,
            None => VariantId::DEFAULT,
        };
        let side = match one("side")? {
            Some(s) => Side::parse(&s).map_err(|e| UsageError(format!("--{e}")))?,
            None => Side::White,
        };
        if side == Side::Both && variant.info().team {
            return Err(UsageError(format!(
                "--side both: in {variant} the person plays one seat (white or black on board A)"
            )));
        }
        let engine = one("engine")?.map(|e| EngineSpec::parse(&e)).transpose()?;
        let partner = one("partner")?.map(|e| EngineSpec::parse(&e)).transpose()?;
        let tc = TimeControl::parse(&one("tc")?.unwrap_or_else(|| DEFAULT_TC.to_string()))?;
        let margin = Duration::from_millis(args.number::<u64>("margin", 0..=60_000)?.unwrap_or(50));
        let pace = Duration::from_millis(
            args.number::<u64>("pace", 0..=60_000)?
                .unwrap_or(DEFAULT_PACE_MS),
        );
        Ok(GuiOptions {
            port,
            variant,
            side,
            engine,
            partner,
            tc,
            margin,
            pace,
            open: args.switch("open")?,
            debug: args.switch("debug")?,
            watch,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<GuiOptions, UsageError> {
        let words: Vec<String> = line.split_whitespace().map(String::from).collect();
        GuiOptions::parse(&words)
    }

    #[test]
    fn defaults_and_values() {
        let o = parse("").unwrap();
        assert_eq!(
            (o.port, o.variant, o.side),
            (0, VariantId::Chess, Side::White)
        );
        assert!(o.engine.is_none() && !o.open);
        assert_eq!(o.tc.tag(), "300+3");
        assert_eq!(o.pace, Duration::from_secs(1));
        assert_eq!(parse("--pace 0").unwrap().pace, Duration::ZERO);
        let o = parse(
            "--port 8080 --variant tavreli --side both --engine xboard:fairymax --tc 60+1 --open",
        )
        .unwrap();
        assert_eq!(
            (o.port, o.variant.name(), o.side),
            (8080, "tavreli", Side::Both)
        );
        assert_eq!(o.engine.unwrap().argv, ["fairymax"]);
        assert!(o.open && o.partner.is_none());
        let o = parse("--variant swedish --side black --partner xboard:sjeng").unwrap();
        assert_eq!((o.variant, o.side), (VariantId::Swedish, Side::Black));
        assert_eq!(o.partner.unwrap().argv, ["sjeng"]);
        let o = parse("--watch live.json --port 9").unwrap();
        assert_eq!(o.watch.as_deref(), Some("live.json"));
    }

    #[test]
    fn mistakes() {
        for bad in [
            "stray",
            "--port",
            "--port 70000",
            "--port x",
            "--variant nosuch",
            "--variant bughouse --side both",
            "--partner",
            "--side red",
            "--tc fast",
            "--engine",
            "--engine a b",
            "--open yes",
            "--frob",
            "--port 1 --port 2",
            "--margin -1",
            "--pace",
            "--pace -1",
            "--pace 60001",
            "--watch f --pace 0",
            "--watch",
            "--watch f --engine x",
            "--watch f --side black",
            "--watch f --partner x",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(!e.0.contains('\n'), "{bad}: {e}");
        }
    }
}
