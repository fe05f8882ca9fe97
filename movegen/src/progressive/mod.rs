//! Progressive chess: Italian, Scottish and English rules
//! (`docs/rules/progressive.md`, `docs/progressive.md`).
//!
//! A game is a stack of [`SeriesState`]s (copy-make); a series is a run of
//! `make_move` calls by the same side, so `side_to_move` stays the same until
//! the series ends (after n moves, or at a check under C1/E1).

pub mod check;
pub mod fen;
pub mod perft;
pub mod record;
pub mod rules;
pub mod state;
pub mod view;

pub use check::gives_check;
pub use rules::{English, Italian, RuleSet, Scottish, SeriesRules};
pub use state::SeriesState;

use crate::chess_move::Move;
use crate::fen::{FenError, START_FEN};
use crate::movegen::{count_legal_moves, MoveList};
use crate::pgn::PgnBody;
use crate::state_stack::StateStack;
use crate::types::Color;
use crate::variant::{Outcome, Position, Status};
use std::marker::PhantomData;

/// A progressive game under rules `R`: the current state and every one before it.
#[derive(Clone)]
pub struct Progressive<R: SeriesRules> {
    stack: StateStack<SeriesState>,
    rules: PhantomData<R>,
}

/// Italian progressive chess.
pub type ItalianPosition = Progressive<Italian>;
/// Scottish progressive chess.
pub type ScottishPosition = Progressive<Scottish>;
/// English progressive chess.
pub type EnglishPosition = Progressive<English>;

impl<R: SeriesRules> Progressive<R> {
    /// A game starting from `state`.
    pub fn from_state(state: SeriesState) -> Self {
        Progressive {
            stack: StateStack::with_capacity(state, 256),
            rules: PhantomData,
        }
    }

    /// The current state.
    #[inline(always)]
    pub fn state(&self) -> &SeriesState {
        self.stack.current()
    }

    /// Moves played since the starting state.
    pub fn ply(&self) -> usize {
        self.stack.ply()
    }

    /// How many earlier series starts with the same side to move (the same
    /// series-length parity) had the current position (P5). Zero in
    /// mid-series.
    pub fn repetitions(&self) -> usize {
        self.repetitions_since(0).0
    }

    /// (earlier occurrences, occurrences at stack index `root` or later).
    fn repetitions_since(&self, root: usize) -> (usize, usize) {
        let cur = self.state();
        if cur.played != 0 {
            return (0, 0);
        }
        let key = cur.repetition_key();
        let side = cur.mover();
        let states = self.stack.as_slice();
        let n = states.len();
        let reach = (cur.board.halfmove_clock() as usize).min(n - 1);
        let mut all = 0;
        let mut inside = 0;
        for i in (n - 1 - reach..n - 1).rev() {
            let s = &states[i];
            if s.played == 0 && s.mover() == side && s.repetition_key() == key {
                all += 1;
                if i >= root {
                    inside += 1;
                }
            }
        }
        (all, inside)
    }

    /// Draw by repetition as a search rooted at stack index `root` sees it:
    /// once inside the tree, or twice in all.
    pub fn repetition_draw(&self, root: usize) -> bool {
        let (all, inside) = self.repetitions_since(root);
        inside >= 1 || all >= 2
    }

    /// Ends the current series without a move (search only).
    pub fn make_null_move(&mut self) {
        self.stack.push_changed(SeriesState::pass_series);
    }

    /// A draw by a rule other than stalemate: insufficient material (P5),
    /// I3/E5, threefold repetition (P5).
    pub fn draw_reason(&self) -> Option<&'static str> {
        let s = self.state();
        if s.board.insufficient_material() {
            return Some("insufficient material");
        }
        if s.draw_rule_reached::<R>() {
            return Some(if R::DRAW_BY_SERIES {
                "ten-series rule"
            } else {
                "fifty-move rule"
            });
        }
        if self.repetitions() >= 2 {
            return Some("threefold repetition");
        }
        None
    }
}

impl<R: SeriesRules> Position for Progressive<R> {
    type Move = Move;
    type MoveList = MoveList;
    const ID: crate::VariantId = R::ID;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(text: &str) -> Result<Self, FenError> {
        fen::parse::<R>(text).map(Self::from_state)
    }

    fn to_fen(&self) -> String {
        fen::write::<R>(self.state())
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.state().mover()
    }

    #[inline(always)]
    fn generate_moves(&self, out: &mut MoveList) {
        self.state().generate::<R>(out);
    }

    #[inline(always)]
    fn make_move(&mut self, m: Move) {
        self.stack.push_changed(|s| {
            s.make::<R>(m);
        });
    }

    #[inline(always)]
    fn unmake_move(&mut self) {
        self.stack.pop();
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.state().hash()
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.state().board.in_check()
    }

    fn view(&self) -> crate::view::View {
        view::view::<R>(self.state())
    }

    fn status(&self) -> Status {
        let s = self.state();
        if !s.has_legal_move::<R>() {
            if s.board.in_check() {
                // P3: in check at a series start with no escape legal under
                // the set; "checkmate" when not even a chess move escapes.
                let reason = if count_legal_moves(&s.board) > 0 {
                    "progressive mate"
                } else {
                    "checkmate"
                };
                return Status::Over(Outcome::win(s.mover().flip(), reason));
            }
            return Status::Over(Outcome::draw("progressive stalemate"));
        }
        match self.draw_reason() {
            Some(reason) => Status::Over(Outcome::draw(reason)),
            None => Status::Ongoing,
        }
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft::perft::<R>(self.state(), depth)
    }

    /// Long algebraic notation, the rules' record form (`Ng1h3`, `Bc4xf7+`).
    fn move_to_record(&self, m: Move) -> String {
        record::move_text::<R>(self.state(), m)
    }

    /// Coordinates, long algebraic notation or SAN.
    fn parse_record_move(&self, text: &str) -> Result<Move, String> {
        record::parse_move_text::<R>(self.state(), text)
    }

    /// Chess with passes in the movetext, the series record as the game
    /// comment (see [`record`]).
    fn pgn_body(start: &Self, moves: &[Move]) -> PgnBody {
        record::pgn_body(start, moves)
    }

    fn read_game_record(start: &Self, text: &str) -> Option<Result<Vec<Move>, String>> {
        record::read_series_record(start, text)
    }
}
