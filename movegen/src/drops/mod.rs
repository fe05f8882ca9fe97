//! Drop chess: crazyhouse, FICS bughouse and Swedish chess (one board each).
//! The rules are in `docs/rules/swedish.md`; the two-board team game
//! ([`team::TeamGame`]) joins two of these positions.

pub mod drop_move;
pub mod fen;
pub mod generate;
pub mod reserve;
pub mod rules;
pub mod state;
pub mod team;

pub use drop_move::DropMove;
pub use generate::DropMoveList;
pub use reserve::Reserve;
pub use rules::{dispatch_drops, Bughouse, Crazyhouse, DropRules, DropVisitor, Swedish};
pub use state::DropBoard;
pub use team::{Team, TeamBoard, TeamGame, TeamOutcome};

use crate::fen::{FenError, START_FEN};
use crate::history;
use crate::state_stack::StateStack;
use crate::types::Color;
use crate::variant::{Outcome, Position, Status};
use std::marker::PhantomData;

/// A drop-chess game state under rules `R`: the current board and the ones
/// before it.
#[derive(Clone)]
pub struct DropPosition<R: DropRules> {
    stack: StateStack<DropBoard>,
    rules: PhantomData<R>,
}

/// Crazyhouse.
pub type CrazyhousePosition = DropPosition<Crazyhouse>;
/// One board of FICS bughouse.
pub type BughousePosition = DropPosition<Bughouse>;
/// One board of Swedish chess.
pub type SwedishPosition = DropPosition<Swedish>;

impl<R: DropRules> DropPosition<R> {
    /// A game starting from `state`.
    pub fn from_state(state: DropBoard) -> Self {
        DropPosition {
            stack: StateStack::with_capacity(state, 512),
            rules: PhantomData,
        }
    }

    /// The current board.
    #[inline(always)]
    pub fn current(&self) -> &DropBoard {
        self.stack.current()
    }

    /// Moves played since the starting position.
    pub fn ply(&self) -> usize {
        self.stack.ply()
    }

    /// Sets a reserve count of the current position (a piece arrived from, or
    /// left for, the other board).
    pub fn set_reserve(&mut self, color: Color, kind: crate::PieceKind, n: u8) {
        self.stack.current_mut().set_reserve(color, kind, n);
    }

    /// How many earlier positions equal the current one.
    pub fn repetitions(&self) -> usize {
        let states = self.stack.as_slice();
        history::repetitions(states, DropBoard::hash, states.len())
    }

    /// Draw by repetition inside a search rooted at stack index `root`.
    pub fn repetition_draw(&self, root: usize) -> bool {
        let states = self.stack.as_slice();
        history::repetition_draw(states, DropBoard::hash, states.len(), root)
    }

    /// Plays a null move (search only).
    pub fn make_null_move(&mut self) {
        self.stack.push_changed(|s| s.board.make_null_move());
    }
}

impl<R: DropRules> DropPosition<R> {
    /// The position of `board`, refused when it castles as in Chess960 and
    /// the variant has no Chess960 form.
    fn checked_960(board: DropBoard) -> Result<Self, FenError> {
        if board.board.is_chess960() && !<Self as Position>::CHESS960 {
            return Err(FenError(format!(
                "{} has no Chess960 castling (file letters, or a king off the e-file)",
                R::ID.name()
            )));
        }
        Ok(Self::from_state(board))
    }
}

impl<R: DropRules> Position for DropPosition<R> {
    type Move = DropMove;
    type MoveList = DropMoveList;
    const ID: crate::VariantId = R::ID;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::checked_960(fen::parse_drop_fen(fen, false)?)
    }

    /// Swedish chess keeps the standard set-up: its S6 gives castling back
    /// to a rook dropped in its corner.
    const CHESS960: bool = !R::SWEDISH;

    fn from_fen_960(fen: &str) -> Result<Self, FenError> {
        Self::checked_960(fen::parse_drop_fen(fen, true)?)
    }

    fn to_fen(&self) -> String {
        fen::drop_fen(self.current())
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.current().board.side_to_move()
    }

    #[inline(always)]
    fn generate_moves(&self, out: &mut DropMoveList) {
        generate::generate_drop_moves::<R, _>(self.current(), out);
    }

    #[inline(always)]
    fn make_move(&mut self, m: DropMove) {
        self.stack.push_changed(|s| s.make::<R>(m));
    }

    #[inline(always)]
    fn unmake_move(&mut self) {
        self.stack.pop();
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.current().hash()
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.current().board.in_check()
    }

    fn view(&self) -> crate::view::View {
        let s = self.current();
        let mut view = crate::view::View::of_board(&s.board, s.promoted);
        view.set_reserves(|c, k| s.reserve.count(c, k));
        view
    }

    fn status(&self) -> Status {
        let mut list = DropMoveList::new();
        self.generate_moves(&mut list);
        let s = self.current();
        if list.is_empty() {
            let in_check = s.board.in_check();
            // S12: no stalemate in Swedish chess; the player sits.
            if !in_check && R::STALEMATE_SITS {
                return Status::Ongoing;
            }
            // S10: a check some drop could block is not mate; the player may sit.
            if in_check && R::MATE_NEEDS_UNBLOCKABLE_CHECK && generate::drop_targets(s) != 0 {
                return Status::Ongoing;
            }
            return Status::Over(Outcome::no_legal_move(s.board.side_to_move(), in_check));
        }
        // Team variants judge repetition over both boards (S12).
        if R::CAPTURES == rules::CaptureDestination::OwnReserve && self.repetitions() >= 2 {
            return Status::Over(Outcome::draw("threefold repetition"));
        }
        Status::Ongoing
    }

    fn perft(&mut self, depth: u32) -> u64 {
        generate::perft::<R>(self.current(), depth)
    }

    const HAS_SAN: bool = true;

    /// SAN for board moves, `N@f3` (`P@e4`) for drops, with the check or mate
    /// mark of this variant's rules.
    fn move_to_record(&self, m: DropMove) -> String {
        let mut text = match m.as_board_move() {
            Some(bm) => crate::san::san_without_suffix(&self.current().board, bm),
            None => m.to_string(),
        };
        let mut after = self.clone();
        after.make_move(m);
        if after.in_check() {
            let mate = matches!(after.status(), Status::Over(o) if o.reason == "checkmate");
            text.push(if mate { '#' } else { '+' });
        }
        text
    }

    /// Coordinates or SAN; a pawn drop may leave out its letter (`@d3`,
    /// as python-chess writes it).
    fn parse_record_move(&self, text: &str) -> Result<DropMove, String> {
        let bare = text.trim_end_matches(['+', '#', '!', '?']);
        let lettered;
        let bare = match bare.strip_prefix('@') {
            Some(square) => {
                lettered = format!("P@{square}");
                &lettered
            }
            None => bare,
        };
        self.parse_move(bare).or_else(|_| {
            let bm = crate::san::parse_san(&self.current().board, text)?;
            self.parse_move(&bm.to_string())
        })
    }

    fn parse_move(&self, text: &str) -> Result<DropMove, String> {
        // Drops are accepted with either case of the piece letter.
        let normal = match text.split_once('@') {
            Some((p, sq)) => format!("{}@{sq}", p.to_ascii_uppercase()),
            None => text.to_string(),
        };
        let mut list = DropMoveList::new();
        self.generate_moves(&mut list);
        list.iter()
            .copied()
            .find(|m| m.to_string() == normal)
            .ok_or_else(|| format!("{text} is not a legal move here"))
    }
}
