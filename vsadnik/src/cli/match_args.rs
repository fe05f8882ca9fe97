//! `vsadnik match`: its words, read by the description ([`super::spec`]),
//! become the match runner's [`MatchOptions`], or with `--merge` the
//! [`MergeOptions`] of a match played in parts.

use super::parse::{number, parse, parse_optional, Parsed};
use super::{spec, UsageError};
use arena::options::{
    DrawRule, EngineSpec, MatchOptions, ResignRule, Shard, SprtSpec, TimeControl,
};
use arena::runner::merge::MergeOptions;
use movegen::VariantId;
use std::time::Duration;

/// What `vsadnik match` is asked to do.
#[derive(Debug)]
pub enum MatchRequest {
    /// Play a match (or a part of one).
    Play(MatchOptions),
    /// Merge the records of a match's parts.
    Merge(MergeOptions),
}

/// The options that only `--sprt` may go with under `--merge`.
const PLAYING: [&str; 14] = [
    "variant",
    "games",
    "tc",
    "engine",
    "concurrency",
    "pgn",
    "openings",
    "resume",
    "live",
    "resign",
    "draw",
    "margin",
    "debug",
    "shard",
];

/// The request `words` make.
pub fn request(words: &[String]) -> Result<MatchRequest, UsageError> {
    if !words.iter().any(|w| w == "--merge") {
        return options(words).map(MatchRequest::Play);
    }
    let args = parse_optional(spec::command("match").expect("described"), words)?;
    if let Some(name) = PLAYING.iter().find(|n| args.values(n).is_some()) {
        return Err(UsageError(format!(
            "--merge reads the games of a match already played: --{name} does not go with it"
        )));
    }
    Ok(MatchRequest::Merge(MergeOptions {
        files: args.values("merge").expect("given").to_vec(),
        sprt: sprt(&args)?,
    }))
}

/// `--sprt`, if given.
fn sprt(args: &Parsed) -> Result<Option<SprtSpec>, UsageError> {
    args.values("sprt")
        .map(|v| SprtSpec::parse(v).map_err(UsageError))
        .transpose()
}

/// The match `words` ask for.
pub fn options(words: &[String]) -> Result<MatchOptions, UsageError> {
    let args: Parsed = parse(spec::command("match").expect("described"), words)?;
    let one = |name| args.one(name).expect("required by the description");
    let variant = VariantId::parse(one("variant")).map_err(UsageError)?;
    let games = number::<u32>(one("games"), "--games", 1..=10_000_000)?;
    let tc = TimeControl::parse(one("tc")).map_err(UsageError)?;
    let engines = args
        .all("engine")
        .into_iter()
        .map(|v| EngineSpec::parse(&v[0]).map_err(UsageError))
        .collect::<Result<Vec<_>, _>>()?;
    if engines.len() != 2 && engines.len() != 4 {
        return Err(UsageError(format!(
            "give two --engine options (four for a team variant), got {}",
            engines.len()
        )));
    }
    let pgn = args.one("pgn").map(str::to_string);
    let resume = args.flag("resume");
    if resume && pgn.is_none() {
        return Err(UsageError("--resume needs --pgn FILE".to_string()));
    }
    let sprt = sprt(&args)?;
    let resign = args
        .values("resign")
        .map(|v| -> Result<ResignRule, UsageError> {
            Ok(ResignRule {
                moves: number(&v[0], "--resign MOVES", 1..=1000)?,
                score: number(&v[1], "--resign SCORE", 1..=100_000)?,
            })
        })
        .transpose()?;
    let draw = args
        .values("draw")
        .map(|v| -> Result<DrawRule, UsageError> {
            Ok(DrawRule {
                move_number: number(&v[0], "--draw MOVENUMBER", 0..=10_000)?,
                moves: number(&v[1], "--draw MOVES", 1..=1000)?,
                score: number(&v[2], "--draw SCORE", 0..=100_000)?,
            })
        })
        .transpose()?;
    Ok(MatchOptions {
        variant,
        games,
        tc,
        engines,
        concurrency: args.number::<usize>("concurrency", 1..=256)?.unwrap_or(1),
        pgn,
        openings: args.one("openings").map(str::to_string),
        resume,
        live: args.one("live").map(str::to_string),
        sprt,
        resign,
        draw,
        margin: Duration::from_millis(args.number::<u64>("margin", 0..=60_000)?.unwrap_or(50)),
        debug: args.flag("debug"),
        shard: args
            .one("shard")
            .map(Shard::parse)
            .transpose()
            .map_err(UsageError)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn full_command_line() {
        let o = options(&words(
            "--variant chess --games 4 --tc 1+0.1 --engine a --engine b --concurrency 2 \
             --sprt elo1=5 elo0=0 beta=0.05 alpha=0.05 --resign 3 500 --draw 30 8 10",
        ))
        .unwrap();
        assert_eq!(o.engines.len(), 2);
        assert_eq!(o.concurrency, 2);
        assert_eq!(o.sprt.unwrap().elo1, 5.0);
        assert_eq!(o.resign.unwrap().score, 500);
        assert_eq!(o.draw.unwrap().move_number, 30);
        assert_eq!(o.margin.as_millis(), 50);
        assert_eq!(o.shard, None);
        let o = options(&words(
            "--variant chess --games 4 --tc 1 --engine a --engine b --shard 2/3",
        ))
        .unwrap();
        assert_eq!(o.shard, Some(Shard { part: 2, parts: 3 }));
        let MatchRequest::Merge(m) = request(&words(
            "--merge a.pgn b.pgn --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
        ))
        .unwrap() else {
            panic!("a merge")
        };
        assert_eq!(m.files, ["a.pgn", "b.pgn"]);
        assert!(m.sprt.is_some());
    }

    #[test]
    fn mistakes() {
        for bad in [
            "",
            "--variant chess --games 4 --tc 1 --engine a",
            "--variant chess --games 0 --tc 1 --engine a --engine b",
            "--variant chess --games 2 --tc 1 --engine a --engine b --engine c",
            "--variant chess --games 2 --tc 1 --engine a --engine b --frob",
            "--variant chess --games 2 --tc 1 --engine a --engine b --resume",
            "--variant chess --games 2 --tc 1 --engine a --engine b --games 3",
            "--variant chess --games 2 --tc 1 --engine a --engine b --sprt elo0=0 elo1=5",
            "--variant chess --games 2 --tc 1 --engine a --engine b --draw 1 2",
            "--variant chess --games 2 --tc 1 --engine a --engine",
            "--variant nosuch --games 2 --tc 1 --engine a --engine b",
            "stray --variant chess",
            "--variant chess --games 2 --tc 1 --engine a --engine b --shard 0/2",
            "--variant chess --games 2 --tc 1 --engine a --engine b --shard 3/2",
            "--variant chess --games 2 --tc 1 --engine a --engine b --shard 2",
            "--merge",
            "--merge a.pgn --engine x",
            "--merge a.pgn --games 4",
            "--merge a.pgn --shard 1/2",
        ] {
            assert!(request(&words(bad)).is_err(), "{bad}");
        }
    }
}
