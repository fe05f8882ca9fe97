//! One game to analyse: its record, read and replayed by the rules of its
//! variant, and its analysis, position by position.

use crate::annotate::{self, Review};
use crate::eval::Eval;
use crate::search::{Analyst, Evaluated};
use arena::openings::replay;
use arena::pgn_in::PgnRecord;
use engine::{SearchVisitor, Searchable};
use movegen::VariantId;

/// A game replayed and ready to be analysed.
pub struct Game<P: Searchable> {
    /// The game as read.
    pub record: PgnRecord,
    /// The position it starts from.
    pub start: P,
    /// Its moves.
    pub moves: Vec<P::Move>,
}

/// A game of any variant (two-player or team), ready to be analysed.
pub trait Job: Send {
    /// The positions its analysis searches.
    fn positions(&self) -> usize;
    /// Searches every position, calling `tick` after each, and returns the
    /// annotated record (PGN, or BPGN for a team game).
    fn analyse(&self, analyst: &Analyst, tick: &mut dyn FnMut()) -> String;
}

/// A two-player game as the board studies it.
pub trait Study: Job {
    /// Searches every position, calling `tick` with each position's index
    /// and evaluation as it is done, and returns what the board shows.
    fn review(&self, analyst: &Analyst, tick: &mut dyn FnMut(usize, Eval)) -> Review;
    /// The engine's move in the game's last position: in coordinates, in
    /// the record notation, and the evaluation; none when the game is over.
    fn hint(&self, analyst: &Analyst) -> Option<Hint>;
}

/// A move the engine suggests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// In coordinates.
    pub coord: String,
    /// In the variant's record notation.
    pub record: String,
    /// The position's evaluation.
    pub eval: Eval,
}

impl<P: Searchable> Game<P> {
    /// The evaluation of every position, first to last, each handed to
    /// `tick` with its index as it is done.
    fn evaluate_all(
        &self,
        analyst: &Analyst,
        tick: &mut dyn FnMut(usize, Eval),
    ) -> Vec<Evaluated<P::Move>> {
        let mut pos = self.start.clone();
        let mut evaluated: Vec<Evaluated<P::Move>> = Vec::with_capacity(self.positions());
        for i in 0..=self.moves.len() {
            let e = analyst.evaluate(&pos);
            tick(i, e.eval);
            evaluated.push(e);
            if let Some(&m) = self.moves.get(i) {
                pos.make_move(m);
            }
        }
        evaluated
    }

    /// The position after every move.
    fn last_position(&self) -> P {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make_move(m);
        }
        pos
    }
}

impl<P: Searchable> Job for Game<P> {
    fn positions(&self) -> usize {
        self.moves.len() + 1
    }

    fn analyse(&self, analyst: &Analyst, tick: &mut dyn FnMut()) -> String {
        let evaluated = self.evaluate_all(analyst, &mut |_, _| tick());
        annotate::render(self, &evaluated, analyst.budget())
    }
}

impl<P: Searchable> Study for Game<P> {
    fn review(&self, analyst: &Analyst, tick: &mut dyn FnMut(usize, Eval)) -> Review {
        let evaluated = self.evaluate_all(analyst, tick);
        annotate::review(self, &evaluated)
    }

    fn hint(&self, analyst: &Analyst) -> Option<Hint> {
        let pos = self.last_position();
        let e = analyst.evaluate(&pos);
        let &best = e.line.first()?;
        Some(Hint {
            coord: best.to_string(),
            record: pos.move_to_record(best),
            eval: e.eval,
        })
    }
}

/// The game of `variant` from `fen` (none: the start position) with the
/// coordinate `moves`, every move checked (the board's game).
pub fn from_moves(
    variant: VariantId,
    fen: Option<&str>,
    moves: &[String],
) -> Result<Box<dyn Study>, String> {
    let mut record = PgnRecord::default();
    if let Some(f) = fen {
        record.tags.push(("FEN".to_string(), f.to_string()));
    }
    record.moves = moves.to_vec();
    study(record, variant)
}

/// `record` as a game of `variant` to study, every move checked.
fn study(record: PgnRecord, variant: VariantId) -> Result<Box<dyn Study>, String> {
    struct Prepare(PgnRecord);
    impl SearchVisitor for Prepare {
        type Output = Result<Box<dyn Study>, String>;
        fn visit<P: Searchable>(self) -> Self::Output {
            Ok(Box::new(replayed::<P>(self.0)?))
        }
    }
    engine::dispatch(variant, Prepare(record))
}

/// `record` replayed as a game of `P`, every move checked.
fn replayed<P: Searchable>(record: PgnRecord) -> Result<Game<P>, String> {
    let replayed = replay::<P>(&record)?;
    let mut start = match &replayed.fen {
        Some(f) => P::from_fen(f).map_err(|e| e.to_string())?,
        None => P::startpos(),
    };
    let first = start.clone();
    let mut moves = Vec::with_capacity(replayed.moves.len());
    for text in &replayed.moves {
        let m = start.parse_move(text)?;
        start.make_move(m);
        moves.push(m);
    }
    Ok(Game {
        record,
        start: first,
        moves,
    })
}

/// Reads `record` as a game of `variant`: its start, every move checked.
pub fn prepare(record: PgnRecord, variant: VariantId) -> Result<Box<dyn Job>, String> {
    study(record, variant).map(|s| s as Box<dyn Job>)
}
