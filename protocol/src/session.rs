//! The variant-neutral game the protocols hold: a position with its move
//! history, set up from a FEN or the start position, moved in coordinate
//! notation, and searched. [`Session`] is a trait object so that UCI and
//! XBoard never name a variant type; [`GameSession`] implements it once for
//! every [`Searchable`] variant, and [`new_session`] picks the type by id.

use crate::board_text;
use crate::team_talk::{as_team_view, as_team_view_mut, TeamView};
use engine::{Engine, Limits, Reporter, SearchHandle, SearchVisitor, Searchable};
use eval::EvalConfig;
use movegen::game::Game;
use movegen::variant::Status;
use movegen::{Color, VariantId};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Why `set_position` did not reach the asked position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The FEN did not parse; the position is unchanged.
    Fen(String),
    /// Move number `index` (0-based) is not legal; the position is the one
    /// before it (every earlier move played).
    IllegalMove {
        /// Index of the move in the list.
        index: usize,
        /// The move as given.
        text: String,
    },
}

/// A game of some variant, as the protocols see it.
pub trait Session: Send {
    /// The variant.
    fn variant(&self) -> VariantId;
    /// Sets the position from a FEN (None: the start position) and plays
    /// `moves`. A bad FEN leaves the session unchanged; an illegal move
    /// leaves it after the last legal one (Stockfish-like).
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), SetupError>;
    /// Sets Chess960 castling on or off for the positions set from now on
    /// (UCI_Chess960, XBoard's `fischerandom`); false when the variant has
    /// no Chess960 form, whose positions stay as they are.
    fn set_chess960(&mut self, on: bool) -> bool;
    /// Whether positions are set in the Chess960 form.
    fn chess960(&self) -> bool;
    /// `O-O` or `O-O-O` when the legal move `text` castles (XBoard's
    /// Fischer random notation), else None.
    fn castling_record(&self, text: &str) -> Option<String>;
    /// Plays one legal move given in coordinate notation.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move played since the position was set.
    fn undo(&mut self) -> bool;
    /// Moves played since the position was set.
    fn moves_played(&self) -> usize;
    /// Moves played by `side` since the position was set.
    fn moves_by(&self, side: Color) -> usize;
    /// The last move played, if any.
    fn last_move(&self) -> Option<String>;
    /// The FEN of the current position.
    fn fen(&self) -> String;
    /// The position's Zobrist key.
    fn key(&self) -> u64;
    /// The side that chooses the next move.
    fn side_to_move(&self) -> Color;
    /// True when the side to move is in check.
    fn in_check(&self) -> bool;
    /// The legal move `text` names, in its canonical spelling (exact match
    /// first, then a unique case-insensitive one: `e7e8Q` is `e7e8q`).
    fn canonical_move(&self, text: &str) -> Option<String>;
    /// Every legal move in coordinate notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Every legal move in SAN for chess, coordinates for other variants.
    fn legal_moves_display(&self) -> Vec<String>;
    /// Whether the game is over by the rules.
    fn status(&self) -> Status;
    /// Static evaluation under `config` from the side to move's view
    /// (centipawns).
    fn static_eval(&self, config: &EvalConfig) -> i32;
    /// A perft of the current position to run on another thread: the leaf
    /// counts below each legal move (none for `depth` 0), or None when the
    /// flag it is given was set before the count was done.
    fn perft_task(&self, depth: u32) -> PerftTask;
    /// The board as text lines (for `d`).
    fn board_lines(&self) -> Vec<String>;
    /// What a front end draws of the current position.
    fn view(&self) -> movegen::view::View;
    /// The current position as a board with reserves (the drop variants),
    /// for team play; None for other variants.
    fn team_view(&self) -> Option<&dyn TeamView>;
    /// The same, to set reserves (XBoard `holding`).
    fn team_view_mut(&mut self) -> Option<&mut dyn TeamView>;
    /// Starts a search of the current position. `searchmoves` restricts the
    /// root moves (unknown or illegal ones are skipped by the caller).
    fn search(
        &self,
        engine: &Engine,
        limits: Limits,
        searchmoves: &[String],
        reporter: Arc<dyn Reporter>,
    ) -> SearchHandle;
}

/// See [`Session::perft_task`].
pub type PerftTask = Box<dyn FnOnce(&AtomicBool) -> Option<Vec<(String, u64)>> + Send>;

/// [`Session`] for the variant `P`: a [`Game`] that can be searched.
pub struct GameSession<P: Searchable> {
    game: Game<P>,
    /// Positions are set in the variant's Chess960 form.
    chess960: bool,
}

impl<P: Searchable> GameSession<P> {
    /// A game at the variant's start position.
    pub fn new() -> Self {
        GameSession {
            game: Game::default(),
            chess960: false,
        }
    }

    fn pos(&self) -> &P {
        self.game.position()
    }

    fn legal(&self) -> P::MoveList {
        let mut list = P::MoveList::default();
        self.pos().generate_moves(&mut list);
        list
    }
}

impl<P: Searchable> Default for GameSession<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Searchable> Session for GameSession<P> {
    fn variant(&self) -> VariantId {
        P::ID
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), SetupError> {
        let game = if self.chess960 {
            Game::from_fen_960(fen)
        } else {
            Game::from_fen(fen)
        };
        self.game = game.map_err(|e| SetupError::Fen(e.to_string()))?;
        for (index, text) in moves.iter().enumerate() {
            if self.play(text).is_err() {
                return Err(SetupError::IllegalMove {
                    index,
                    text: text.to_string(),
                });
            }
        }
        Ok(())
    }

    fn set_chess960(&mut self, on: bool) -> bool {
        self.chess960 = on && P::CHESS960;
        P::CHESS960
    }

    fn chess960(&self) -> bool {
        self.chess960
    }

    fn castling_record(&self, text: &str) -> Option<String> {
        let m = self.game.find(text)?;
        let record = self.pos().move_to_record(m);
        let bare = record.trim_end_matches(['+', '#']);
        bare.starts_with("O-O").then(|| bare.to_string())
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let m = self
            .game
            .find(text)
            .ok_or_else(|| format!("{text} is not a legal move here"))?;
        self.game.play(m);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.game.undo()
    }

    fn moves_played(&self) -> usize {
        self.game.plies()
    }

    fn moves_by(&self, side: Color) -> usize {
        self.game.moves_by(side)
    }

    fn last_move(&self) -> Option<String> {
        self.game.last_move().map(|m| m.to_string())
    }

    fn fen(&self) -> String {
        self.pos().to_fen()
    }

    fn key(&self) -> u64 {
        self.pos().hash()
    }

    fn side_to_move(&self) -> Color {
        self.pos().side_to_move()
    }

    fn in_check(&self) -> bool {
        self.pos().in_check()
    }

    fn canonical_move(&self, text: &str) -> Option<String> {
        self.game.find(text).map(|m| m.to_string())
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal().iter().map(|m| m.to_string()).collect()
    }

    fn legal_moves_display(&self) -> Vec<String> {
        self.legal()
            .iter()
            .map(|&m| self.pos().move_to_record(m))
            .collect()
    }

    fn status(&self) -> Status {
        self.pos().status()
    }

    fn static_eval(&self, config: &EvalConfig) -> i32 {
        self.pos().evaluate(config)
    }

    fn perft_task(&self, depth: u32) -> PerftTask {
        let pos = self.pos().clone();
        Box::new(move |stop| {
            if depth == 0 {
                return Some(Vec::new());
            }
            movegen::divide::divide_until(&pos, depth, stop)
        })
    }

    fn board_lines(&self) -> Vec<String> {
        board_text::render(&self.pos().view())
    }

    fn view(&self) -> movegen::view::View {
        self.pos().view()
    }

    fn team_view(&self) -> Option<&dyn TeamView> {
        as_team_view(self.pos())
    }

    fn team_view_mut(&mut self) -> Option<&mut dyn TeamView> {
        as_team_view_mut(self.game.position_mut())
    }

    fn search(
        &self,
        engine: &Engine,
        limits: Limits,
        searchmoves: &[String],
        reporter: Arc<dyn Reporter>,
    ) -> SearchHandle {
        let moves: Vec<P::Move> = searchmoves
            .iter()
            .filter_map(|s| self.game.find(s))
            .collect();
        engine.start(self.pos().clone(), limits, moves, reporter)
    }
}

struct NewSession;

impl SearchVisitor for NewSession {
    type Output = Box<dyn Session>;
    fn visit<P: Searchable>(self) -> Box<dyn Session> {
        Box::new(GameSession::<P>::new())
    }
}

/// A new game of the variant `id` at its start position.
pub fn new_session(id: VariantId) -> Box<dyn Session> {
    engine::dispatch(id, NewSession)
}

/// The result line of a finished game in PGN form with a reason, as XBoard
/// wants it: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`.
pub fn result_text(outcome: &movegen::Outcome) -> String {
    let result = outcome.pgn_result();
    let comment = match (result, outcome.reason) {
        ("1-0", "checkmate") => "White mates".to_string(),
        ("0-1", "checkmate") => "Black mates".to_string(),
        ("1-0", r) => format!("White wins by {r}"),
        ("0-1", r) => format!("Black wins by {r}"),
        (_, "stalemate") => "Stalemate".to_string(),
        (_, "threefold repetition") => "Draw by repetition".to_string(),
        (_, "fifty-move rule") => "Draw by fifty move rule".to_string(),
        (_, "insufficient material") => "Insufficient mating material".to_string(),
        (_, r) => format!("Draw by {r}"),
    };
    format!("{result} {{{comment}}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_sessions_castle_onto_the_rook_and_name_it_for_xboard() {
        let mut s = new_session(VariantId::Chess);
        assert!(s.set_chess960(true));
        assert!(s.chess960());
        s.set_position(
            Some("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"),
            &[],
        )
        .unwrap();
        assert_eq!(s.castling_record("b1a1").as_deref(), Some("O-O-O"));
        assert_eq!(s.castling_record("b1h1").as_deref(), Some("O-O"));
        assert_eq!(s.castling_record("b1c1"), None, "b1c1 is a king step");
        assert_eq!(s.canonical_move("O-O").as_deref(), Some("b1h1"));
        let mut t = new_session(VariantId::Tranzit);
        assert!(!t.set_chess960(true), "tranzit has no Chess960 form");
        assert!(!t.chess960());
        assert!(t.set_position(None, &[]).is_ok());
    }
}
