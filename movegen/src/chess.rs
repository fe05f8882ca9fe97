//! Standard chess as a [`Position`]: a stack of boards (copy-make), which also
//! serves as the history for repetition detection.

use crate::board::Board;
use crate::chess_move::Move;
use crate::fen::{FenError, START_FEN};
use crate::history;
use crate::movegen::{count_legal_moves, generate, MoveList};
use crate::state_stack::StateStack;
use crate::types::Color;
use crate::variant::{Outcome, Position, Status};

/// A chess game state: the current board and every board before it.
#[derive(Clone)]
pub struct Chess {
    stack: StateStack<Board>,
}

impl Chess {
    /// A game starting from `board`.
    pub fn from_board(board: Board) -> Chess {
        Chess {
            stack: StateStack::with_capacity(board, 512),
        }
    }

    /// The current board.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        self.stack.current()
    }

    /// The number of moves played since the starting board.
    pub fn ply(&self) -> usize {
        self.stack.ply()
    }

    /// How many earlier positions (since the last capture or pawn move) equal
    /// the current one.
    pub fn repetitions(&self) -> usize {
        let reach = self.board().halfmove_clock() as usize;
        history::repetitions(self.stack.as_slice(), Board::hash, reach)
    }

    /// Plays a null move (search only): the side to move passes.
    pub fn make_null_move(&mut self) {
        self.stack.push_changed(Board::make_null_move);
    }
}

impl Position for Chess {
    type Move = Move;
    type MoveList = MoveList;
    const ID: crate::VariantId = crate::VariantId::Chess;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Board::from_fen(fen).map(Chess::from_board)
    }

    const CHESS960: bool = true;

    fn from_fen_960(fen: &str) -> Result<Chess, FenError> {
        Board::from_fen_960(fen).map(Chess::from_board)
    }

    fn to_fen(&self) -> String {
        self.board().to_fen()
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.board().side_to_move()
    }

    #[inline(always)]
    fn generate_moves(&self, out: &mut MoveList) {
        generate::<_, false>(self.board(), out);
    }

    #[inline(always)]
    fn make_move(&mut self, m: Move) {
        self.stack.push_changed(|b| b.make_move(m));
    }

    #[inline(always)]
    fn unmake_move(&mut self) {
        self.stack.pop();
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.board().hash()
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.board().in_check()
    }

    fn view(&self) -> crate::view::View {
        crate::view::View::of_board(self.board(), 0)
    }

    fn status(&self) -> Status {
        let b = self.board();
        if count_legal_moves(b) == 0 {
            return Status::Over(Outcome::no_legal_move(b.side_to_move(), b.in_check()));
        }
        if b.insufficient_material() {
            return Status::Over(Outcome::draw("insufficient material"));
        }
        Status::after_draw_rules(b.halfmove_clock(), || self.repetitions())
    }

    fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(self.board(), depth)
    }

    const HAS_SAN: bool = true;

    fn move_to_record(&self, m: Move) -> String {
        crate::san::to_san(self.board(), m)
    }

    fn parse_record_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text)
            .or_else(|_| crate::san::parse_san(self.board(), text))
    }
}

impl Chess {
    /// Draw by repetition as the search sees it: the current position occurred
    /// once at or after the stack depth `root_ply` (inside the search tree), or
    /// twice before it.
    pub fn repetition_draw(&self, root_ply: usize) -> bool {
        let reach = self.board().halfmove_clock() as usize;
        history::repetition_draw(self.stack.as_slice(), Board::hash, reach, root_ply)
    }
}
