//! The match: engines probed once, games handed to `--concurrency` worker
//! threads (each with its own engine processes: `rounds`), results written
//! to the PGN and the screen by the main thread as they come in (`scorer`).
//! Here: the steps from the options to the first game, and `--resume`.

mod rounds;
mod scorer;

use super::engine::stderr_tail::report;
use super::engine::{Engine, Needs};
use super::game::{Arbiter, MatchContext, Player};
use super::live::Live;
use super::openings::Opening;
use super::options::MatchOptions;
use super::pgn_in::read_games;
use super::stats::Score;
use super::MatchError;
use crate::console as output;
use crate::UsageError;
use movegen::variant::is_chess960_fen;
use rounds::Rounds;
use scorer::Scorer;
use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};

/// Makes names unique: later duplicates become `NAME (2)`, `NAME (3)`.
pub fn disambiguate(names: &mut [String]) {
    for i in 1..names.len() {
        if names[..i].contains(&names[i]) {
            let base = names[i].clone();
            let mut k = 2;
            while names.contains(&format!("{base} ({k})")) {
                k += 1;
            }
            names[i] = format!("{base} ({k})");
        }
    }
}

/// Games already in the PGN file of this pairing: their rounds, and the
/// score of the first player. `tags` name the tags holding the two sides'
/// players (`White`, `Black`; `WhiteA`, `BlackA` in BPGN), `names` the
/// players expected there.
pub fn previous_games(
    text: &str,
    tags: [&str; 2],
    names: &[String; 2],
    games: u32,
) -> (BTreeSet<u32>, Score) {
    let mut rounds = BTreeSet::new();
    let mut score = Score::default();
    for g in read_games(text) {
        let (Some(w), Some(b), Some(round), Some(result)) = (
            g.tag(tags[0]),
            g.tag(tags[1]),
            g.tag("Round"),
            g.tag("Result"),
        ) else {
            continue;
        };
        let first_white = if w == names[0] && b == names[1] {
            true
        } else if w == names[1] && b == names[0] {
            false
        } else {
            continue;
        };
        let Ok(round) = round.parse::<u32>() else {
            continue;
        };
        let (wp, bp) = match result {
            "1-0" => (2, 0),
            "0-1" => (0, 2),
            "1/2-1/2" => (1, 1),
            _ => continue,
        };
        if round < 1 || round > games || !rounds.insert(round) {
            continue;
        }
        if first_white {
            score.add(wp, bp);
        } else {
            score.add(bp, wp);
        }
    }
    (rounds, score)
}

/// Plays the match, each game under `arbiter`.
pub fn run_match<A: Arbiter>(
    opts: &MatchOptions,
    openings: &[Opening],
    arbiter: A,
) -> Result<(), MatchError> {
    let needs = Needs {
        fen: openings.iter().any(|o| o.fen.is_some()),
        chess960: openings
            .iter()
            .any(|o| o.fen.as_deref().is_some_and(is_chess960_fen)),
    };
    let mut probes = probe_engines(opts, needs)?;
    let names = name_engines(opts, &mut probes);
    let players = seat_players(opts, &probes, &names, A::SEATS);
    let (sides, tag_names) = sides(&names, A::SEATS);

    let (done, score) = games_played(opts, A::SIDE_TAGS, &tag_names)?;
    let pgn = open_pgn(opts)?;
    let todo: Vec<u32> = (1..=opts.games).filter(|r| !done.contains(r)).collect();
    let live = open_live(opts)?;
    if opts.resume {
        say_resuming(&sides, done.len(), opts.games, todo.len());
    }

    let ctx = MatchContext {
        variant: opts.variant,
        tc: opts.tc,
        tc_tag: opts.tc.tag(),
        margin: opts.margin,
        resign: opts.resign,
        draw: opts.draw,
        players: &players,
        debug: opts.debug,
        live: live.as_ref(),
    };
    let mut scorer = Scorer::new(&sides, pgn, score, opts.sprt);
    if !scorer.decided && !todo.is_empty() {
        let rounds = Rounds {
            todo: &todo,
            openings,
            concurrency: opts.concurrency,
        };
        rounds.play(&ctx, &arbiter, probes, &mut scorer);
    } else {
        drop(probes);
    }
    if let Some(live) = &live {
        live.close();
    }
    scorer.conclude(!todo.is_empty())
}

/// Starts each engine of the match once: its protocol, its name, and
/// whether it plays the variant from the openings' set-ups (`needs`).
fn probe_engines(opts: &MatchOptions, needs: Needs) -> Result<Vec<Engine>, UsageError> {
    let mut probes = Vec::new();
    for spec in &opts.engines {
        let e = Engine::start(spec, None, &spec.basename(), opts.debug).map_err(|e| {
            // The usage error gives the reason.
            report(&spec.basename(), "could not be started", &e.stderr);
            UsageError(format!("--engine: {e}"))
        })?;
        e.check_support(opts.variant, needs)
            .map_err(|why| UsageError(format!("--engine '{}' {why}", spec.argv.join(" "))))?;
        probes.push(e);
    }
    Ok(probes)
}

/// The players' names, from what the engines reported (or their
/// commands), made unique; each engine is reported under its name.
fn name_engines(opts: &MatchOptions, probes: &mut [Engine]) -> Vec<String> {
    let mut names: Vec<String> = opts
        .engines
        .iter()
        .zip(probes.iter())
        .map(|(s, e)| e.reported_name.clone().unwrap_or_else(|| s.basename()))
        .collect();
    disambiguate(&mut names);
    for (e, name) in probes.iter_mut().zip(&names) {
        e.set_name(name);
    }
    names
}

/// The players of the first `seats` engines.
fn seat_players(
    opts: &MatchOptions,
    probes: &[Engine],
    names: &[String],
    seats: usize,
) -> Vec<Player> {
    (0..seats)
        .map(|i| Player {
            spec: opts.engines[i].clone(),
            proto: probes[i].proto,
            name: names[i].clone(),
        })
        .collect()
}

/// The sides of the score line (two engines, or two teams of two) and the
/// player of each named in the PGN tags, from the names of `seats` players.
fn sides(names: &[String], seats: usize) -> ([String; 2], [String; 2]) {
    let half = seats / 2;
    let side_name = |k: usize| names[k * half..(k + 1) * half].join(" & ");
    (
        [side_name(0), side_name(1)],
        [names[0].clone(), names[half].clone()],
    )
}

/// Says how far a resumed match is.
fn say_resuming(sides: &[String; 2], done: usize, games: u32, todo: usize) {
    output::lines(&[format!(
        "Resuming {} vs {}: {done} of {games} games already played, {todo} to play",
        sides[0], sides[1]
    )]);
}

/// With `--resume`, the games of this pairing already in the PGN file
/// (`tags` hold the sides' players `names`) and their score; none
/// otherwise.
fn games_played(
    opts: &MatchOptions,
    tags: [&str; 2],
    names: &[String; 2],
) -> Result<(BTreeSet<u32>, Score), UsageError> {
    let (Some(path), true) = (&opts.pgn, opts.resume) else {
        return Ok(Default::default());
    };
    match std::fs::read(path) {
        Ok(bytes) => Ok(previous_games(
            &String::from_utf8_lossy(&bytes),
            tags,
            names,
            opts.games,
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Default::default()),
        Err(e) => Err(UsageError(format!("--pgn {path}: {e}"))),
    }
}

/// The PGN file (`--pgn`), opened for appending.
fn open_pgn(opts: &MatchOptions) -> Result<Option<File>, UsageError> {
    let Some(path) = &opts.pgn else {
        return Ok(None);
    };
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(Some)
        .map_err(|e| UsageError(format!("--pgn {path}: {e}")))
}

/// The live file (`--live`), created.
fn open_live(opts: &MatchOptions) -> Result<Option<Live>, UsageError> {
    let Some(path) = &opts.live else {
        return Ok(None);
    };
    Live::create(path, opts.variant.name(), &opts.tc.tag(), opts.games)
        .map(Some)
        .map_err(UsageError)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_names() {
        let mut n = vec!["x".to_string(), "x".to_string(), "x (2)".to_string()];
        disambiguate(&mut n);
        assert_eq!(n, vec!["x", "x (3)", "x (2)"]);
        let mut n = vec!["sf".to_string(), "sf".to_string()];
        disambiguate(&mut n);
        assert_eq!(n, vec!["sf", "sf (2)"]);
    }

    #[test]
    fn resume_counts_this_pairing_only() {
        let text = "[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
            [Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
            [Round \"3\"]\n[White \"A\"]\n[Black \"C\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
            [Round \"4\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n\
            [Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"0-1\"]\n\n0-1\n\n\
            [Round \"9\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n\n";
        let (rounds, score) =
            previous_games(text, ["White", "Black"], &["A".into(), "B".into()], 4);
        assert_eq!(rounds.into_iter().collect::<Vec<_>>(), vec![1, 2, 4]);
        assert_eq!(
            score,
            Score {
                wins: 1,
                losses: 1,
                draws: 1
            }
        );
    }
}
