//! `vsadnik gui`: its words, read by the description ([`super::spec`]),
//! become the board's [`GuiOptions`].

use super::parse::{parse, Parsed};
use super::{spec, UsageError};
use arena::level::Level;
use arena::options::{EngineSpec, TimeControl};
use gui::options::{GuiOptions, DEFAULT_PACE_MS, DEFAULT_TC};
use gui::room::Side;
use movegen::drops::TeamBoard;
use movegen::VariantId;
use std::time::Duration;

/// The options of a game that `--watch` does not take.
const PLAYING: [&str; 10] = [
    "variant", "side", "board", "engine", "partner", "tc", "margin", "pace", "debug", "level",
];

/// The board `words` ask for.
pub fn options(words: &[String]) -> Result<GuiOptions, UsageError> {
    let args: Parsed = parse(spec::command("gui").expect("described"), words)?;
    let watch = args.one("watch").map(str::to_string);
    if watch.is_some() {
        if let Some(name) = PLAYING.iter().find(|n| args.values(n).is_some()) {
            return Err(UsageError(format!(
                "--watch shows a match game read-only: --{name} does not go with it"
            )));
        }
    }
    let variant = match args.one("variant") {
        Some(name) => VariantId::parse(name).map_err(UsageError)?,
        None => VariantId::DEFAULT,
    };
    let side = match args.one("side") {
        Some(s) => Side::parse(s).map_err(|e| UsageError(format!("--{e}")))?,
        None => Side::White,
    };
    if side == Side::Both && variant.info().team {
        return Err(UsageError(format!(
            "--side both: in {variant} the person plays one seat (white or black, on board A or B)"
        )));
    }
    let board = match args.one("board") {
        None | Some("A" | "a") => TeamBoard::A,
        Some("B" | "b") => TeamBoard::B,
        Some(other) => return Err(UsageError(format!("--board must be A or B, got '{other}'"))),
    };
    let engine_spec = |name| {
        args.one(name)
            .map(|e| EngineSpec::parse(e).map_err(UsageError))
            .transpose()
    };
    let ms = |name, default| -> Result<Duration, UsageError> {
        Ok(Duration::from_millis(
            args.number::<u64>(name, 0..=60_000)?.unwrap_or(default),
        ))
    };
    Ok(GuiOptions {
        port: args.number::<u16>("port", 0..=65535)?.unwrap_or(0),
        variant,
        side,
        board,
        engine: engine_spec("engine")?,
        partner: engine_spec("partner")?,
        tc: TimeControl::parse(args.one("tc").unwrap_or(DEFAULT_TC)).map_err(UsageError)?,
        margin: ms("margin", 50)?,
        pace: ms("pace", DEFAULT_PACE_MS)?,
        open: args.flag("open"),
        debug: args.flag("debug"),
        watch,
        level: args
            .one("level")
            .map(Level::parse)
            .transpose()
            .map_err(|e| UsageError(format!("--level: {e}")))?
            .unwrap_or(Level::Full),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Result<GuiOptions, UsageError> {
        let words: Vec<String> = line.split_whitespace().map(String::from).collect();
        options(&words)
    }

    #[test]
    fn defaults_and_values() {
        let o = read("").unwrap();
        assert_eq!(
            (o.port, o.variant, o.side),
            (0, VariantId::Chess, Side::White)
        );
        assert!(o.engine.is_none() && !o.open);
        assert_eq!(o.tc.tag(), "300+3");
        assert_eq!(o.pace, Duration::from_secs(1));
        assert_eq!(read("--pace 0").unwrap().pace, Duration::ZERO);
        let o = read(
            "--port 8080 --variant tavreli --side both --engine xboard:fairymax --tc 60+1 --open",
        )
        .unwrap();
        assert_eq!(
            (o.port, o.variant, o.side),
            (8080, VariantId::Tavreli, Side::Both)
        );
        assert_eq!(o.engine.unwrap().argv, ["fairymax"]);
        assert!(o.open && o.partner.is_none());
        let o = read("--variant swedish --side black --partner xboard:sjeng").unwrap();
        assert_eq!((o.variant, o.side), (VariantId::Swedish, Side::Black));
        assert_eq!(o.board, TeamBoard::A);
        assert_eq!(read("--board B").unwrap().board, TeamBoard::B);
        assert_eq!(o.partner.unwrap().argv, ["sjeng"]);
        let o = read("--watch live.json --port 9").unwrap();
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
            "--board C",
            "--board",
            "--watch f --board B",
        ] {
            let e = read(bad).unwrap_err();
            assert!(!e.0.contains('\n'), "{bad}: {e}");
        }
    }
}
