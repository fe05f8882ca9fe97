//! The match: engines probed once, games handed to `--concurrency` worker
//! threads (each with its own engine processes: `rounds`), results written
//! to the PGN and the screen by the main thread as they come in (`scorer`).
//! Here: the steps from the options to the first game, and `--resume`.

pub mod merge;
mod rounds;
mod scorer;

use super::engine::stderr_tail::report;
use super::engine::{Engine, Needs};
use super::game::{Arbiter, MatchContext, Player, SideTags};
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

/// A finished game of a match as its record tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedGame {
    /// Its round.
    pub round: u32,
    /// Its `Variant` tag, if any.
    pub variant: Option<String>,
    /// The two sides' players as the score line names them (`A`, or
    /// `A & B` for a team): White's side first.
    pub sides: [String; 2],
    /// The half-points of the two sides, in that order.
    pub points: (u8, u8),
}

/// The finished games of `text` (PGN or BPGN) whose `tags` name their two
/// sides' players: games with a result of `*`, no round or a missing
/// player are left out.
pub fn recorded_games(text: &str, tags: SideTags) -> Vec<RecordedGame> {
    read_games(text)
        .iter()
        .filter_map(|g| {
            let side = |tags: &[&str]| -> Option<String> {
                let players: Option<Vec<&str>> = tags.iter().map(|t| g.tag(t)).collect();
                Some(players?.join(" & "))
            };
            let points = match g.tag("Result")? {
                "1-0" => (2, 0),
                "0-1" => (0, 2),
                "1/2-1/2" => (1, 1),
                _ => return None,
            };
            Some(RecordedGame {
                round: g.tag("Round")?.parse().ok().filter(|&r| r >= 1)?,
                variant: g.tag("Variant").map(str::to_string),
                sides: [side(tags[0])?, side(tags[1])?],
                points,
            })
        })
        .collect()
}

impl RecordedGame {
    /// Whether the first of the match's `sides` played White's side
    /// (`Some(true)`), Black's (`Some(false)`), or the game is another
    /// pairing's (`None`).
    pub fn first_white(&self, sides: &[String; 2]) -> Option<bool> {
        if self.sides == *sides {
            Some(true)
        } else if self.sides[0] == sides[1] && self.sides[1] == sides[0] {
            Some(false)
        } else {
            None
        }
    }

    /// The half-points of the match's first side and of its second, when
    /// the first played White's side (`first_white`) or not.
    pub fn points_of(&self, first_white: bool) -> (u8, u8) {
        if first_white {
            self.points
        } else {
            (self.points.1, self.points.0)
        }
    }
}

/// Games already in the PGN file of this pairing: their rounds, and the
/// score of the first side. `tags` name the tags holding the two sides'
/// players, `sides` the sides expected there (as the score line names
/// them).
pub fn previous_games(
    text: &str,
    tags: SideTags,
    sides: &[String; 2],
    games: u32,
) -> (BTreeSet<u32>, Score) {
    let mut rounds = BTreeSet::new();
    let mut score = Score::default();
    for g in recorded_games(text, tags) {
        let Some(first_white) = g.first_white(sides) else {
            continue;
        };
        if g.round > games || !rounds.insert(g.round) {
            continue;
        }
        let (own, other) = g.points_of(first_white);
        score.add(own, other);
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
    let sides = sides(&names, A::SEATS);

    let (done, score) = games_played(opts, A::SIDE_TAGS, &sides)?;
    let pgn = open_pgn(opts)?;
    let todo: Vec<u32> = (1..=opts.games)
        .filter(|r| !done.contains(r) && opts.shard.is_none_or(|s| s.owns(*r)))
        .collect();
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

/// The sides of the score line (two engines, or two teams of two), from
/// the names of `seats` players.
fn sides(names: &[String], seats: usize) -> [String; 2] {
    let half = seats / 2;
    let side_name = |k: usize| names[k * half..(k + 1) * half].join(" & ");
    [side_name(0), side_name(1)]
}

/// Says how far a resumed match is.
fn say_resuming(sides: &[String; 2], done: usize, games: u32, todo: usize) {
    output::lines(&[format!(
        "Resuming {} vs {}: {done} of {games} games already played, {todo} to play",
        sides[0], sides[1]
    )]);
}

/// With `--resume`, the games of this pairing already in the PGN file
/// (`tags` hold the players of the `sides`) and their score; none
/// otherwise.
fn games_played(
    opts: &MatchOptions,
    tags: SideTags,
    sides: &[String; 2],
) -> Result<(BTreeSet<u32>, Score), UsageError> {
    let (Some(path), true) = (&opts.pgn, opts.resume) else {
        return Ok(Default::default());
    };
    match std::fs::read(path) {
        Ok(bytes) => Ok(previous_games(
            &String::from_utf8_lossy(&bytes),
            tags,
            sides,
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
    use crate::game::{TEAM_SIDE_TAGS, TWO_PLAYER_SIDE_TAGS};

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
    fn team_games_name_both_players_of_a_side() {
        let text = "[Round \"2\"]\n[WhiteA \"c\"]\n[BlackA \"a\"]\n[WhiteB \"b\"]\n\
            [BlackB \"d\"]\n[Result \"0-1\"]\n\n0-1\n\n\
            [Round \"3\"]\n[WhiteA \"a\"]\n[BlackA \"c\"]\n[Result \"1-0\"]\n\n1-0\n\n";
        let games = recorded_games(text, TEAM_SIDE_TAGS);
        assert_eq!(games.len(), 1, "a game without its B players is left out");
        let g = &games[0];
        assert_eq!(g.sides, ["c & d".to_string(), "a & b".to_string()]);
        let sides = ["a & b".to_string(), "c & d".to_string()];
        assert_eq!(g.first_white(&sides), Some(false));
        assert_eq!(g.points_of(false), (2, 0));
        assert!(recorded_games(text, TWO_PLAYER_SIDE_TAGS).is_empty());
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
            previous_games(text, TWO_PLAYER_SIDE_TAGS, &["A".into(), "B".into()], 4);
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
