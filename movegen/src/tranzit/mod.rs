//! Chess-tranzit (`docs/rules/tranzit.md`): two boards on one 16x8
//! grid, transfers between them, a result per board.
//!
//! The state after each action is judged here, in the order of the rules'
//! fine points (T11, T8, T10, T15), followed by what the side to move now
//! faces (T13's forced king transfer, T9's stalemate).

pub mod action;
pub mod fen;
pub mod record;
pub mod state;
pub mod view;

pub use action::{Action, GridSquare};
pub use state::{ActionList, BoardResult, TranzitState};

use crate::counter::Counter;
use crate::fen::FenError;
use crate::state_stack::StateStack;
use crate::types::Color;
use crate::variant::{Outcome, Position, Status};

/// The start position: both armies on board I, board II empty (T1).
pub const START_FEN: &str = "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1";

/// The 100-action rule (T15).
pub const QUIET_LIMIT: Counter = 100;

/// A Chess-tranzit game: the current state and every state before it.
#[derive(Clone)]
pub struct TranzitPosition {
    stack: StateStack<TranzitState>,
}

impl TranzitPosition {
    /// A game starting from `state` (its history starts there, T10).
    pub fn from_state(state: TranzitState) -> Self {
        TranzitPosition {
            stack: StateStack::with_capacity(state, 512),
        }
    }

    /// The current state.
    #[inline(always)]
    pub fn current(&self) -> &TranzitState {
        self.stack.current()
    }

    /// Actions played since the starting position.
    pub fn ply(&self) -> usize {
        self.stack.ply()
    }

    /// How many earlier states equal the current one (T10); only states
    /// since the last capture or pawn move can.
    pub fn repetitions(&self) -> usize {
        let s = self.current();
        let key = s.position_key();
        let n = self.stack.ply();
        let reach = (s.reversible as usize).min(n);
        self.stack.as_slice()[n - reach..n]
            .iter()
            .filter(|e| e.position_key() == key)
            .count()
    }

    /// Judges the results after `action` (just played) per T11, T8, T10, T15,
    /// then T13 and T9 for the side now to move.
    fn judge(&mut self, action: Action) {
        let repeated = self.repetitions() >= 2;
        let s = self.stack.current_mut();
        let side = s.side_to_move();
        // T11: no piece left on board I loses it.
        if !s.results[0].decided() {
            for c in Color::ALL {
                if s.boards[0].color_bb(c) == 0 {
                    s.results[0] = BoardResult::Won(c.flip());
                }
            }
        }
        // T8: mate on the king's board; transfers do not save.
        let kb = s.king_board(side);
        if !s.results[kb].decided() && s.boards[kb].in_check() && s.board_moves(kb) == 0 {
            s.results[kb] = BoardResult::Won(side.flip());
        }
        // T10: the third occurrence draws the board of the repeating move
        // (both live boards after a transfer).
        if repeated {
            for b in 0..2 {
                if (action.is_transfer() || action.from().board == b) && !s.results[b].decided() {
                    s.results[b] = BoardResult::Drawn;
                }
            }
        }
        // T15: 100 actions without capture, pawn move or transfer.
        if s.quiet >= QUIET_LIMIT {
            draw_live_boards(s);
        }
        // T13: a king on a decided board must transfer now.
        if s.forced_transfer_pending() {
            let kb = s.king_board(side);
            let other = 1 - kb;
            let sq = s.boards[kb].king_square(side);
            let dest = &s.boards[other];
            if dest.is_attacked(sq, side.flip(), dest.occupied()) {
                s.results[other] = BoardResult::Won(side.flip());
            } else if dest.piece_at(sq).is_some() {
                s.results[other] = BoardResult::Drawn;
            }
        }
        // T9: no legal action and not in check draws every live board.
        if !s.game_over() && !s.in_check() && !s.has_action() {
            draw_live_boards(s);
        }
    }

    /// Passes the turn (a null move, for searches).
    pub fn make_null_move(&mut self) {
        self.stack.push_changed(|s| {
            let side = s.side_to_move().flip();
            for b in s.boards.iter_mut() {
                b.set_ep_square(None);
                b.set_side_to_move(side);
            }
        });
    }

    /// The final score of a finished game with T14 applied, in half-points.
    pub fn points(&self) -> [u8; 2] {
        let s = self.current();
        let mut pts = [0u8; 2];
        for (b, r) in s.results.iter().enumerate() {
            let mut board_pts = [0u8; 2];
            match r {
                BoardResult::Won(c) => board_pts[c.index()] = 2,
                BoardResult::Drawn => board_pts = [1, 1],
                BoardResult::Live => {}
            }
            for c in Color::ALL {
                if b == 1 && !s.transferred[c.index()] {
                    board_pts[c.index()] = 0;
                }
                pts[c.index()] += board_pts[c.index()];
            }
        }
        pts
    }
}

fn draw_live_boards(s: &mut TranzitState) {
    for r in s.results.iter_mut() {
        if !r.decided() {
            *r = BoardResult::Drawn;
        }
    }
}

impl Position for TranzitPosition {
    type Move = Action;
    type MoveList = ActionList;
    const ID: crate::VariantId = crate::VariantId::Tranzit;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(text: &str) -> Result<Self, FenError> {
        fen::parse(text).map(Self::from_state)
    }

    fn to_fen(&self) -> String {
        fen::write(self.current())
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.current().side_to_move()
    }

    fn generate_moves(&self, out: &mut ActionList) {
        self.current().generate(out);
    }

    fn make_move(&mut self, a: Action) {
        self.stack.push_changed(|s| s.make(a));
        self.judge(a);
    }

    fn unmake_move(&mut self) {
        self.stack.pop();
    }

    fn hash(&self) -> u64 {
        self.current().hash()
    }

    fn in_check(&self) -> bool {
        self.current().in_check()
    }

    /// The source's record notation: `I e4`, `II Ke1` (see [`record`]).
    fn move_to_record(&self, a: Action) -> String {
        record::action_text(self, a)
    }

    fn parse_record_move(&self, text: &str) -> Result<Action, String> {
        if let Ok(a) = self.parse_move(text) {
            return Ok(a);
        }
        match text.split_once(' ') {
            Some((roman, token)) => record::parse_action(self, roman, token.trim()),
            None => Err(format!("{text} is not a legal action here")),
        }
    }

    fn view(&self) -> crate::view::View {
        view::view(self.current())
    }

    fn status(&self) -> Status {
        let s = self.current();
        if !s.game_over() {
            return Status::Ongoing;
        }
        let [white, black] = self.points();
        Status::Over(Outcome {
            white,
            black,
            reason: "both boards decided",
        })
    }
}
