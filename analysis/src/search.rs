//! The searcher of an analysis: vsadnik's engine at full strength, each
//! position searched within the same budget, the evaluation and the line
//! kept.

use crate::eval::Eval;
use engine::{Engine, Limits, Reporter, SearchInfo, SearchResult, Searchable};
use movegen::variant::Status;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long each position is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many nodes (with one thread, the same result every run).
    Nodes(u64),
    /// This long.
    Movetime(Duration),
}

impl Budget {
    /// The search limits it sets.
    fn limits(self) -> Limits {
        match self {
            Budget::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
            Budget::Movetime(t) => Limits {
                movetime: Some(t),
                ..Limits::default()
            },
        }
    }
}

impl std::fmt::Display for Budget {
    /// `500000 nodes`, `1000 ms`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Nodes(n) => write!(f, "{n} nodes"),
            Budget::Movetime(t) => write!(f, "{} ms", t.as_millis()),
        }
    }
}

/// One position searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluated<M> {
    /// Its evaluation.
    pub eval: Eval,
    /// The engine's line from it (empty when the game is over there).
    pub line: Vec<M>,
}

/// The engine and the budget of an analysis.
pub struct Analyst {
    engine: Engine,
    budget: Budget,
    /// When set, every search still to come is skipped.
    stop: Option<Arc<AtomicBool>>,
}

/// Keeps the last complete line the search reports.
#[derive(Default)]
struct LastLine(Mutex<Option<SearchInfo>>);

impl Reporter for LastLine {
    fn info(&self, info: &SearchInfo) {
        if info.multipv <= 1 && !info.pv.is_empty() {
            if let Ok(mut last) = self.0.lock() {
                *last = Some(info.clone());
            }
        }
    }
    fn finished(&self, _result: &SearchResult) {}
}

/// The hash table of an analysis, in megabytes.
const HASH_MB: usize = 64;

impl Analyst {
    /// An analyst searching each position within `budget` on `threads`
    /// threads.
    pub fn new(budget: Budget, threads: usize) -> Analyst {
        let mut engine = Engine::new(HASH_MB);
        engine.threads = threads.max(1);
        Analyst {
            engine,
            budget,
            stop: None,
        }
    }

    /// The same analyst, whose searches are skipped once `stop` is set
    /// (each position then counts as level, with no line): a review the
    /// board no longer needs ends within one search.
    pub fn stopped_by(self, stop: Arc<AtomicBool>) -> Analyst {
        Analyst {
            stop: Some(stop),
            ..self
        }
    }

    /// The budget of each position.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Forgets what the last game taught the engine (its table, its move
    /// ordering), so that a game's analysis does not depend on the games
    /// before it.
    pub fn new_game(&mut self) {
        self.engine.clear_hash();
    }

    /// Searches `pos`: its evaluation and the engine's line; a finished
    /// game's result without a search.
    pub fn evaluate<P: Searchable>(&self, pos: &P) -> Evaluated<P::Move> {
        if let Status::Over(outcome) = pos.status() {
            return Evaluated {
                eval: Eval::of_outcome(outcome),
                line: Vec::new(),
            };
        }
        if self.stop.as_ref().is_some_and(|s| s.load(Relaxed)) {
            return Evaluated {
                eval: Eval::Cp(0),
                line: Vec::new(),
            };
        }
        let side = pos.side_to_move();
        let report = Arc::new(LastLine::default());
        let result = self
            .engine
            .start(
                pos.clone(),
                self.budget.limits(),
                Vec::new(),
                report.clone(),
            )
            .wait();
        let last = report.0.lock().ok().and_then(|mut l| l.take());
        let score = result.score.or(last.as_ref().map(|i| i.score));
        let text = last.map(|i| i.pv).unwrap_or_default();
        let mut line = replay_line(pos, &text);
        if line.is_empty() {
            line.extend(result.best.and_then(|b| pos.parse_move(&b).ok()));
        }
        Evaluated {
            eval: score.map_or(Eval::Cp(0), |s| Eval::of_score(s, side)),
            line,
        }
    }
}

/// The moves of `text` from `pos`, up to the first that is not legal there.
fn replay_line<P: Searchable>(pos: &P, text: &[String]) -> Vec<P::Move> {
    let mut p = pos.clone();
    let mut line = Vec::with_capacity(text.len());
    for t in text {
        let Ok(m) = p.parse_move(t) else { break };
        p.make_move(m);
        line.push(m);
    }
    line
}
