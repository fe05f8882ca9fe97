//! Studying a two-player game in the board: the review (every position
//! searched by vsadnik's own engine in a thread of its own, the mistakes
//! marked as `vsadnik analyse` marks them), looking at an earlier position
//! of the game, and a hint. All three belong to the position they were
//! made in: any change of the game drops them.

use super::doc::study::{HintPart, ReviewPart, StudyPart};
use super::doc::thinking::LineScore;
use super::hub::ApiError;
use super::room::Room;
use super::table::{new_table, Table};
use analysis::{Analyst, Budget, Eval, Review, Study as GameStudy};
use crossbeam::channel::{unbounded, Receiver};
use movegen::Color;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// Nodes per position of a review (about 0.15 s each).
pub const REVIEW_NODES: u64 = 150_000;

/// Nodes of a hint.
pub const HINT_NODES: u64 = 400_000;

/// What the review thread tells the room.
pub enum ReviewNews {
    /// Position `i` is searched.
    Eval(usize, Eval),
    /// Every position is searched: the verdicts.
    Done(Review),
}

/// A review under way or done.
pub struct Reviewing {
    /// The thread's news.
    pub news: Receiver<ReviewNews>,
    /// Set to stop the thread (at its next position).
    stop: Arc<AtomicBool>,
    /// Each position's evaluation so far.
    evals: Vec<Option<Eval>>,
    /// The verdicts, once done.
    done: Option<Review>,
}

impl Drop for Reviewing {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
    }
}

/// What the person studies, tied to the position it was made in.
#[derive(Default)]
pub struct Study {
    /// The room's position count when it was made.
    position: u64,
    /// The game's review.
    pub review: Option<Reviewing>,
    /// The position shown: after this many moves.
    viewing: Option<usize>,
    /// The engine's suggestion.
    hint: Option<HintPart>,
}

/// An evaluation as the page shows it (a won game has none).
fn line_score(e: Eval) -> Option<LineScore> {
    match e {
        Eval::Cp(cp) => Some(LineScore::Cp(cp)),
        Eval::Mate(m) => Some(LineScore::Mate(m)),
        Eval::Won(_) => None,
    }
}

impl Room {
    /// The study, emptied when the game changed since it was made.
    fn study_now(&mut self) -> &mut Study {
        if self.study.position != self.position {
            self.study = Study {
                position: self.position,
                ..Study::default()
            };
        }
        &mut self.study
    }

    /// Drops what was studied in an earlier position of the game.
    pub(super) fn forget_stale_study(&mut self) {
        self.study_now();
    }

    /// The game on the board, for the analysis library.
    fn game_job(&self) -> Result<Box<dyn GameStudy>, ApiError> {
        analysis::from_moves(
            self.table.variant(),
            self.table.start_fen(),
            &self.table.coords(),
        )
        .map_err(|e| ApiError::new(400, e))
    }

    /// `POST /api/review`: starts reviewing the game (again, if it was).
    pub(super) fn start_review(&mut self) -> Result<(), ApiError> {
        if self.table.plies() == 0 {
            return Err(ApiError::new(409, "no move to review yet"));
        }
        let job = self.game_job()?;
        let (tx, news) = unbounded();
        let stop = Arc::new(AtomicBool::new(false));
        let halt = stop.clone();
        let total = job.positions();
        std::thread::Builder::new()
            .name("review".into())
            .spawn(move || {
                let analyst = Analyst::new(Budget::Nodes(REVIEW_NODES), 1).stopped_by(halt);
                let review = job.review(&analyst, &mut |i, e| {
                    let _ = tx.send(ReviewNews::Eval(i, e));
                });
                let _ = tx.send(ReviewNews::Done(review));
            })
            .map_err(|e| ApiError::new(503, format!("cannot start the review: {e}")))?;
        self.study_now().review = Some(Reviewing {
            news,
            stop,
            evals: vec![None; total],
            done: None,
        });
        Ok(())
    }

    /// Takes in what the review thread has told.
    pub(super) fn on_review(&mut self) {
        let Some(r) = self.study.review.as_mut() else {
            return;
        };
        while let Ok(news) = r.news.try_recv() {
            match news {
                ReviewNews::Eval(i, e) => {
                    if let Some(slot) = r.evals.get_mut(i) {
                        *slot = Some(e);
                    }
                }
                ReviewNews::Done(review) => r.done = Some(review),
            }
        }
    }

    /// `POST /api/view`: shows the position after `ply` moves, or the
    /// game's own.
    pub(super) fn view_ply(&mut self, ply: Option<usize>) -> Result<(), ApiError> {
        let plies = self.table.plies();
        if let Some(p) = ply.filter(|&p| p > plies) {
            return Err(ApiError::new(
                400,
                format!("'ply' must be from 0 to {plies} (the moves played), got {p}"),
            ));
        }
        self.study_now().viewing = ply.filter(|&p| p != plies);
        Ok(())
    }

    /// `POST /api/hint`: the engine's move in the game's position.
    pub(super) fn hint(&mut self) -> Result<(), ApiError> {
        if !self.person_may_move() {
            return Err(ApiError::new(409, "a hint is for the person's move"));
        }
        let job = self.game_job()?;
        let analyst = Analyst::new(Budget::Nodes(HINT_NODES), 1);
        let hint = job
            .hint(&analyst)
            .ok_or_else(|| ApiError::new(409, "no move to suggest here"))?;
        self.study_now().hint = Some(HintPart {
            uci: hint.coord,
            text: hint.record,
            score: line_score(hint.eval),
        });
        Ok(())
    }

    /// The position being looked at instead of the game's, if one is.
    pub(super) fn viewed_table(&self) -> Option<(usize, Box<dyn Table>)> {
        let ply = self
            .study
            .viewing
            .filter(|_| self.study.position == self.position)?;
        let mut t = new_table(self.table.variant(), self.table.start_fen()).ok()?;
        for m in self.table.coords().iter().take(ply) {
            t.play(m).ok()?;
        }
        Some((ply, t))
    }

    /// The state's `study` part; none when nothing is studied.
    pub(super) fn study_part(&self) -> Option<StudyPart> {
        let s = &self.study;
        if s.position != self.position {
            return None;
        }
        let review = s
            .review
            .as_ref()
            .map(|r| review_part(r, self.table.plies()));
        (review.is_some() || s.viewing.is_some() || s.hint.is_some()).then(|| StudyPart {
            review,
            viewing: s.viewing,
            hint: s.hint.clone(),
        })
    }
}

/// The review as the page reads it.
fn review_part(r: &Reviewing, moves: usize) -> ReviewPart {
    let marks = match &r.done {
        Some(d) => d.marks.iter().map(|m| m.map(|j| j.symbol())).collect(),
        None => vec![None; moves],
    };
    let better = match &r.done {
        Some(d) => d.better.clone(),
        None => vec![None; moves],
    };
    ReviewPart {
        done: r.evals.iter().filter(|e| e.is_some()).count(),
        total: r.evals.len(),
        evals: r.evals.iter().map(|e| e.and_then(line_score)).collect(),
        chances: r
            .evals
            .iter()
            .map(|e| e.map(|e| e.win_chances(Color::White)))
            .collect(),
        marks,
        better,
    }
}
