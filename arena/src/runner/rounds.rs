//! The rounds of the match played on `--concurrency` worker threads, each
//! with engine processes of its own, their games handed to the main thread.

use super::scorer::Scorer;
use crate::engine::Engine;
use crate::game::{Arbiter, Finished, MatchContext};
use crate::openings::{schedule, Opening};
use crossbeam::channel::{self, Receiver, Sender};

/// The rounds still to play, and how.
pub(super) struct Rounds<'a> {
    /// Their numbers.
    pub(super) todo: &'a [u32],
    pub(super) openings: &'a [Opening],
    /// How many games are played at once.
    pub(super) concurrency: usize,
}

impl Rounds<'_> {
    /// Plays the rounds on worker threads, each with engines of its own
    /// (the first with the probed ones), and hands each finished game to
    /// `scorer` as it comes in, until all are played or the scorer stops
    /// the match.
    pub(super) fn play<A: Arbiter>(
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
