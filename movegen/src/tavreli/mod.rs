//! Tavreli (Russian chess): towers of pieces, nothing leaves the board. The
//! rules are in `docs/rules/tavreli.md`; the design (representation,
//! FEN markers, notation, decisions) in `docs/tavreli.md`.

pub mod fen;
pub mod generate;
pub mod keys;
pub mod notation;
pub mod piece;
pub mod state;
pub mod tmove;
pub mod view;

pub use fen::TAVRELI_START_FEN;
pub use generate::{TavreliMoveList, MAX_TAVRELI_MOVES};
pub use piece::{Code, Kind};
pub use state::TavreliBoard;
pub use tmove::TavreliMove;

use crate::fen::FenError;
use crate::history;
use crate::state_stack::StateStack;
use crate::types::Color;
use crate::variant::{Outcome, Position, Status};

/// A tavreli game state: the current board and every board before it
/// (copy-make; the stack is also the repetition history).
#[derive(Clone)]
pub struct TavreliPosition {
    stack: StateStack<TavreliBoard>,
    /// Per board: plies in a row that were tactical or check evasions (see
    /// [`TavreliPosition::tactical_chain`]).
    chain: StateStack<u8>,
}

impl TavreliPosition {
    /// A game starting from `board`.
    pub fn from_board(board: TavreliBoard) -> TavreliPosition {
        TavreliPosition {
            stack: StateStack::with_capacity(board, 512),
            chain: StateStack::with_capacity(0, 512),
        }
    }

    /// How many plies in a row led here by tactical moves
    /// ([`generate::is_tactical`]) or by moves out of check. Covering never
    /// removes material, so capture sequences do not run out as in chess:
    /// the search uses this to bound quiescence. Not part of the position
    /// (nor of its key).
    #[inline(always)]
    pub fn tactical_chain(&self) -> u8 {
        *self.chain.current()
    }

    /// The current board.
    #[inline(always)]
    pub fn board(&self) -> &TavreliBoard {
        self.stack.current()
    }

    /// Moves played since the starting board.
    pub fn ply(&self) -> usize {
        self.stack.ply()
    }

    /// How many earlier positions (same side to move, since the last move
    /// that lost a castling or double-step right) equal the current one.
    pub fn repetitions(&self) -> usize {
        let reach = self.board().reversible_plies() as usize;
        history::repetitions(self.stack.as_slice(), TavreliBoard::hash, reach)
    }

    /// Draw by repetition inside a search rooted at stack index `root`.
    pub fn repetition_draw(&self, root: usize) -> bool {
        let reach = self.board().reversible_plies() as usize;
        history::repetition_draw(self.stack.as_slice(), TavreliBoard::hash, reach, root)
    }

    /// Plays a null move (search only).
    pub fn make_null_move(&mut self) {
        self.stack.push_changed(TavreliBoard::make_null_move);
        self.chain.push(0);
    }

    /// The record form of a legal move (`c8 — g4`, `b2 x d4`, `f3(2) x f6`).
    pub fn to_record(&self, m: TavreliMove) -> String {
        notation::to_record(self.board(), m)
    }

    /// Parses a move in the record form and checks it is legal.
    pub fn parse_record(&self, text: &str) -> Result<TavreliMove, String> {
        notation::parse_record(self.board(), text)
    }
}

impl Position for TavreliPosition {
    type Move = TavreliMove;
    type MoveList = TavreliMoveList;
    const ID: crate::VariantId = crate::VariantId::Tavreli;

    const START_FEN: &'static str = TAVRELI_START_FEN;

    fn from_fen(text: &str) -> Result<Self, FenError> {
        fen::parse_fen(text).map(Self::from_board)
    }

    fn to_fen(&self) -> String {
        fen::to_fen(self.board())
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.board().side_to_move()
    }

    #[inline(always)]
    fn generate_moves(&self, out: &mut TavreliMoveList) {
        generate::generate::<_, false>(self.board(), out);
    }

    #[inline(always)]
    fn make_move(&mut self, m: TavreliMove) {
        let before = self.board();
        let chain = if generate::is_tactical(before, m) || before.in_check() {
            self.tactical_chain().saturating_add(1)
        } else {
            0
        };
        self.stack.push_changed(|b| generate::make(b, m));
        self.chain.push(chain);
    }

    #[inline(always)]
    fn unmake_move(&mut self) {
        self.stack.pop();
        self.chain.pop();
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
        view::view(self.board())
    }

    fn status(&self) -> Status {
        let b = self.board();
        if generate::count_moves(b) == 0 {
            return Status::Over(Outcome::no_legal_move(b.side_to_move(), b.in_check()));
        }
        Status::after_draw_rules(b.halfmove_clock(), || self.repetitions())
    }

    fn parse_move(&self, text: &str) -> Result<TavreliMove, String> {
        notation::parse_move(self.board(), text)
    }

    /// The source's notation as one token: `c8-g4`, `b2xd4`, `f3(2)xf6`.
    fn move_to_record(&self, m: TavreliMove) -> String {
        notation::to_record_compact(self.board(), m)
    }

    /// The source's notation (`c8 — g4`, `b2 x d4`, `f3(2) x f6`, spaces
    /// and dash style free, `O-O`), or coordinates.
    fn parse_record_move(&self, text: &str) -> Result<TavreliMove, String> {
        self.parse_move(text)
            .or_else(|_| notation::parse_record(self.board(), text))
    }

    fn perft(&mut self, depth: u32) -> u64 {
        generate::perft(self.board(), depth)
    }
}
