//! The match: engines probed once, games handed to `--concurrency` worker
//! threads (each with its own engine processes), results written to the PGN
//! and the screen by the main thread as they come in.

use super::engine::stderr_tail::report;
use super::engine::Engine;
use super::game::{Arbiter, Finished, MatchContext, Player};
use super::live::Live;
use super::openings::{schedule, Opening};
use super::options::MatchOptions;
use super::pgn_in::read_games;
use super::stats::{Score, SprtState};
use super::MatchError;
use crate::console as output;
use crate::UsageError;
use crossbeam::channel;
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
    // Probe the engines: protocol, name, support for the variant.
    let needs_fen = openings.iter().any(|o| o.fen.is_some());
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
    let mut names: Vec<String> = opts
        .engines
        .iter()
        .zip(&probes)
        .map(|(s, e)| e.reported_name.clone().unwrap_or_else(|| s.basename()))
        .collect();
    disambiguate(&mut names);
    for (e, name) in probes.iter_mut().zip(&names) {
        e.set_name(name);
    }
    let players: Vec<Player> = (0..A::SEATS)
        .map(|i| Player {
            spec: opts.engines[i].clone(),
            proto: probes[i].proto,
            name: names[i].clone(),
        })
        .collect();
    // The sides of the score line: two engines, or two teams of two.
    let half = A::SEATS / 2;
    let side_name = |k: usize| names[k * half..(k + 1) * half].join(" & ");
    let tag_names = [names[0].clone(), names[half].clone()];
    let names = [side_name(0), side_name(1)];

    // Resume, and open the PGN for appending.
    let (done, mut score) = match (&opts.pgn, opts.resume) {
        (Some(path), true) => match std::fs::read(path) {
            Ok(bytes) => previous_games(
                &String::from_utf8_lossy(&bytes),
                A::SIDE_TAGS,
                &tag_names,
                opts.games,
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Default::default(),
            Err(e) => return Err(UsageError(format!("--pgn {path}: {e}")).into()),
        },
        _ => Default::default(),
    };
    let mut pgn: Option<File> = match &opts.pgn {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| UsageError(format!("--pgn {path}: {e}")))?,
        ),
        None => None,
    };
    let todo: Vec<u32> = (1..=opts.games).filter(|r| !done.contains(r)).collect();
    let live = match &opts.live {
        Some(path) => Some(
            Live::create(path, opts.variant.name(), &opts.tc.tag(), opts.games)
                .map_err(UsageError)?,
        ),
        None => None,
    };
    if opts.resume {
        output::lines(&[format!(
            "Resuming {} vs {}: {} of {} games already played, {} to play",
            names[0],
            names[1],
            done.len(),
            opts.games,
            todo.len()
        )]);
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
    let sprt_state = |score: &Score| opts.sprt.map(|s| SprtState::new(&s, score));
    let mut decided = sprt_state(&score).is_some_and(|s| s.verdict().is_some());
    let mut write_error = None;
    // Standard output closed by its reader: the match stops, quietly.
    let mut output_closed = false;

    if !decided && !todo.is_empty() {
        let (job_tx, job_rx) = channel::unbounded::<u32>();
        for r in &todo {
            job_tx.send(*r).expect("receiver alive");
        }
        drop(job_tx);
        let (res_tx, res_rx) = channel::unbounded::<Finished>();
        let (stop_tx, stop_rx) = channel::bounded::<()>(0);
        let mut stop_tx = Some(stop_tx);
        let workers = opts.concurrency.min(todo.len());
        let mut first_engines = Some(probes.into_iter().map(Some).collect::<Vec<_>>());
        std::thread::scope(|s| {
            for w in 0..workers {
                let mut engines: Vec<Option<Engine>> = match (w, first_engines.take()) {
                    (0, Some(v)) => v,
                    _ => (0..A::SEATS).map(|_| None).collect(),
                };
                let (job_rx, res_tx, stop_rx, ctx, arbiter) = (
                    job_rx.clone(),
                    res_tx.clone(),
                    stop_rx.clone(),
                    &ctx,
                    &arbiter,
                );
                std::thread::Builder::new()
                    .name(format!("game worker {w}"))
                    .spawn_scoped(s, move || {
                        while let Ok(round) = job_rx.recv() {
                            if let Err(channel::TryRecvError::Disconnected) = stop_rx.try_recv() {
                                break;
                            }
                            let (opening, first_white) = schedule(openings, round);
                            match arbiter.play(
                                ctx,
                                round,
                                opening,
                                first_white,
                                &mut engines,
                                &stop_rx,
                            ) {
                                Some(f) => {
                                    if res_tx.send(f).is_err() {
                                        break;
                                    }
                                }
                                None => break,
                            }
                        }
                    })
                    .expect("cannot start a worker thread");
            }
            drop(res_tx);
            for f in res_rx.iter() {
                if stop_tx.is_none() {
                    continue;
                }
                if let Some(file) = pgn.as_mut() {
                    if let Err(e) = file.write_all(f.pgn.as_bytes()).and_then(|_| file.flush()) {
                        write_error = Some(format!("writing the PGN: {e}"));
                        stop_tx = None;
                        continue;
                    }
                }
                let (white, black) = if f.first_white {
                    (&names[0], &names[1])
                } else {
                    (&names[1], &names[0])
                };
                if f.first_white {
                    score.add(f.white_points, f.black_points);
                } else {
                    score.add(f.black_points, f.white_points);
                }
                let mut lines = vec![
                    format!(
                        "Finished game {} ({white} vs {black}): {} {{{}}}",
                        f.round, f.result, f.comment
                    ),
                    score.score_line(&names[0], &names[1]),
                ];
                if let Some(st) = sprt_state(&score) {
                    lines.push(st.line());
                    if st.verdict().is_some() {
                        decided = true;
                        stop_tx = None;
                    }
                }
                if let Err(e) = output::try_lines(&lines) {
                    if output::is_closed(&e) {
                        output_closed = true;
                    } else {
                        write_error = Some(format!("writing to standard output: {e}"));
                    }
                    stop_tx = None;
                }
            }
        });
    } else {
        drop(probes);
    }
    if let Some(live) = &live {
        live.close();
    }
    if let Some(e) = write_error {
        return Err(MatchError::Fatal(e));
    }
    if output_closed {
        return Ok(());
    }
    let mut summary = Vec::new();
    if let Some(st) = sprt_state(&score) {
        if decided || !todo.is_empty() {
            summary.push(st.line());
        }
    }
    summary.push(score.score_line(&names[0], &names[1]));
    summary.push(score.elo_line());
    output::lines(&summary);
    Ok(())
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
