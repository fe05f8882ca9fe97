//! The match: engines probed once, games handed to `--concurrency` worker
//! threads (each with its own engine processes), results written to the PGN
//! and the screen by the main thread as they come in.

use super::engine::stderr_tail::report;
use super::engine::Engine;
use super::game::{Arbiter, Finished, MatchContext, Player};
use super::live::Live;
use super::openings::{schedule, Opening};
use super::options::{MatchOptions, SprtSpec};
use super::pgn_in::read_games;
use super::stats::{Score, SprtState};
use super::MatchError;
use crate::console as output;
use crate::UsageError;
use crossbeam::channel::{self, Receiver, Sender};
use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::Write;

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
    let needs_fen = openings.iter().any(|o| o.fen.is_some());
    let mut probes = probe_engines(opts, needs_fen)?;
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
/// whether it plays the variant (from FEN positions if `needs_fen`).
fn probe_engines(opts: &MatchOptions, needs_fen: bool) -> Result<Vec<Engine>, UsageError> {
    let mut probes = Vec::new();
    for spec in &opts.engines {
        let e = Engine::start(spec, None, &spec.basename(), opts.debug).map_err(|e| {
            // The usage error gives the reason.
            report(&spec.basename(), "could not be started", &e.stderr);
            UsageError(format!("--engine: {e}"))
        })?;
        e.check_support(opts.variant, needs_fen)
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

/// The rounds still to play, and how.
struct Rounds<'a> {
    /// Their numbers.
    todo: &'a [u32],
    openings: &'a [Opening],
    /// How many games are played at once.
    concurrency: usize,
}

impl Rounds<'_> {
    /// Plays the rounds on worker threads, each with engines of its own
    /// (the first with the probed ones), and hands each finished game to
    /// `scorer` as it comes in, until all are played or the scorer stops
    /// the match.
    fn play<A: Arbiter>(
        &self,
        ctx: &MatchContext,
        arbiter: &A,
        probes: Vec<Engine>,
        scorer: &mut Scorer,
    ) {
        let (job_tx, job_rx) = channel::unbounded::<u32>();
        for r in self.todo {
            job_tx.send(*r).expect("receiver alive");
        }
        drop(job_tx);
        let (res_tx, res_rx) = channel::unbounded::<Finished>();
        let (stop_tx, stop_rx) = channel::bounded::<()>(0);
        let mut stop_tx = Some(stop_tx);
        let workers = self.concurrency.min(self.todo.len());
        let mut first_engines = Some(probes.into_iter().map(Some).collect::<Vec<_>>());
        std::thread::scope(|s| {
            for w in 0..workers {
                let engines = first_engines
                    .take()
                    .unwrap_or_else(|| (0..A::SEATS).map(|_| None).collect());
                let worker = Worker {
                    jobs: job_rx.clone(),
                    results: res_tx.clone(),
                    stop: stop_rx.clone(),
                    engines,
                };
                std::thread::Builder::new()
                    .name(format!("game worker {w}"))
                    .spawn_scoped(s, move || worker.run(ctx, arbiter, self.openings))
                    .expect("cannot start a worker thread");
            }
            drop(res_tx);
            for f in res_rx.iter() {
                if stop_tx.is_some() && !scorer.take(&f) {
                    stop_tx = None;
                }
            }
        });
    }
}

/// A game worker: its rounds come on `jobs`, its games go to `results`;
/// `stop` closes when the match stops.
struct Worker {
    jobs: Receiver<u32>,
    results: Sender<Finished>,
    stop: Receiver<()>,
    engines: Vec<Option<Engine>>,
}

impl Worker {
    /// Plays rounds until they run out or the match stops.
    fn run<A: Arbiter>(mut self, ctx: &MatchContext, arbiter: &A, openings: &[Opening]) {
        while let Ok(round) = self.jobs.recv() {
            if let Err(channel::TryRecvError::Disconnected) = self.stop.try_recv() {
                break;
            }
            let (opening, first_white) = schedule(openings, round);
            let played = arbiter.play(
                ctx,
                round,
                opening,
                first_white,
                &mut self.engines,
                &self.stop,
            );
            let Some(f) = played else {
                break;
            };
            if self.results.send(f).is_err() {
                break;
            }
        }
    }
}

/// What the main thread makes of the finished games: each written to the
/// PGN file and the screen, the score kept, the match stopped when the
/// SPRT decides or output fails.
struct Scorer<'a> {
    /// The two sides, as the score line names them.
    sides: &'a [String; 2],
    pgn: Option<File>,
    /// The first side's score.
    score: Score,
    sprt: Option<SprtSpec>,
    /// The SPRT has reached a verdict.
    decided: bool,
    /// Why the match failed, if it did.
    write_error: Option<String>,
    /// Standard output closed by its reader: the match stops, quietly.
    output_closed: bool,
}

impl<'a> Scorer<'a> {
    fn new(
        sides: &'a [String; 2],
        pgn: Option<File>,
        score: Score,
        sprt: Option<SprtSpec>,
    ) -> Self {
        let mut scorer = Scorer {
            sides,
            pgn,
            score,
            sprt,
            decided: false,
            write_error: None,
            output_closed: false,
        };
        scorer.decided = scorer.sprt_state().is_some_and(|s| s.verdict().is_some());
        scorer
    }

    /// The SPRT on the score so far, if `--sprt` asked for it.
    fn sprt_state(&self) -> Option<SprtState> {
        self.sprt.map(|s| SprtState::new(&s, &self.score))
    }

    /// Records game `f`: its PGN, its result and the score lines; false
    /// when the match must stop.
    fn take(&mut self, f: &Finished) -> bool {
        if let Some(file) = self.pgn.as_mut() {
            if let Err(e) = file.write_all(f.pgn.as_bytes()).and_then(|_| file.flush()) {
                self.write_error = Some(format!("writing the PGN: {e}"));
                return false;
            }
        }
        let [first, second] = self.sides;
        let (white, black) = if f.first_white {
            (first, second)
        } else {
            (second, first)
        };
        if f.first_white {
            self.score.add(f.white_points, f.black_points);
        } else {
            self.score.add(f.black_points, f.white_points);
        }
        let mut lines = vec![
            format!(
                "Finished game {} ({white} vs {black}): {} {{{}}}",
                f.round, f.result, f.comment
            ),
            self.score.score_line(first, second),
        ];
        let mut go_on = true;
        if let Some(st) = self.sprt_state() {
            lines.push(st.line());
            if st.verdict().is_some() {
                self.decided = true;
                go_on = false;
            }
        }
        if let Err(e) = output::try_lines(&lines) {
            if output::is_closed(&e) {
                self.output_closed = true;
            } else {
                self.write_error = Some(format!("writing to standard output: {e}"));
            }
            go_on = false;
        }
        go_on
    }

    /// Ends the match: the error that stopped it, or the closing lines (the
    /// SPRT's if it decided or `played` rounds, the score, the Elo).
    fn conclude(self, played: bool) -> Result<(), MatchError> {
        if let Some(e) = self.write_error {
            return Err(MatchError::Fatal(e));
        }
        if self.output_closed {
            return Ok(());
        }
        let mut summary = Vec::new();
        if let Some(st) = self.sprt_state() {
            if self.decided || played {
                summary.push(st.line());
            }
        }
        summary.push(self.score.score_line(&self.sides[0], &self.sides[1]));
        summary.push(self.score.elo_line());
        output::lines(&summary);
        Ok(())
    }
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
