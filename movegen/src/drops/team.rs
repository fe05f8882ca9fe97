//! The two-board team game of bughouse and Swedish chess (S1, S2, S4, S7,
//! S12 in `docs/rules/swedish.md`): two single-board positions whose
//! reserves feed each other, the result of the whole game, and the
//! repetition of the whole two-board position.
//!
//! Seats: team 1 plays White on board A and Black on board B, team 2 Black
//! on A and White on B. A piece of colour `c` leaving one board always joins
//! the reserve of colour `c` on the other board: a captured piece goes to the
//! capturer's partner (S2), a promoting pawn to the partner's opponent (S7),
//! a confiscated checking drop to the opponent's partner (S4) — each of whom
//! plays that colour there.

use super::generate::{checking_squares, drop_targets};
use super::rules::{CaptureDestination, DropRules};
use super::{DropMove, DropPosition};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::variant::{Position, Status};
use std::collections::HashMap;

/// Board A or board B.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum TeamBoard {
    /// Board A (team 1 has White here).
    A,
    /// Board B (team 1 has Black here).
    B,
}

impl TeamBoard {
    /// Both boards, A first.
    pub const ALL: [TeamBoard; 2] = [TeamBoard::A, TeamBoard::B];

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other board.
    pub fn other(self) -> TeamBoard {
        match self {
            TeamBoard::A => TeamBoard::B,
            TeamBoard::B => TeamBoard::A,
        }
    }

    /// The letter used in BPGN move numbers: `A`/`B` for White's moves,
    /// `a`/`b` for Black's.
    pub fn letter(self, color: Color) -> char {
        match (self, color) {
            (TeamBoard::A, Color::White) => 'A',
            (TeamBoard::A, Color::Black) => 'a',
            (TeamBoard::B, Color::White) => 'B',
            (TeamBoard::B, Color::Black) => 'b',
        }
    }
}

/// Team 1 (White on A, Black on B) or team 2.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Team {
    /// White on board A and Black on board B.
    One,
    /// Black on board A and White on board B.
    Two,
}

impl Team {
    /// The team of the player of `color` on `board`.
    pub fn of(board: TeamBoard, color: Color) -> Team {
        if (board == TeamBoard::A) == (color == Color::White) {
            Team::One
        } else {
            Team::Two
        }
    }

    /// The other team.
    pub fn other(self) -> Team {
        match self {
            Team::One => Team::Two,
            Team::Two => Team::One,
        }
    }
}

/// A piece that joined a reserve on `board`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Arrival {
    /// The board whose reserve gained the piece.
    pub board: TeamBoard,
    /// The piece, in the colour of the player who may drop it.
    pub piece: Piece,
}

/// How a team game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TeamOutcome {
    /// The winning team, or None for a draw.
    pub winner: Option<Team>,
    /// Why (`checkmate`, `stalemate`, `threefold repetition`).
    pub reason: &'static str,
    /// The board where it happened (None for a repetition of both boards).
    pub board: Option<TeamBoard>,
}

/// Both boards of a team game and the positions seen so far.
#[derive(Clone)]
pub struct TeamGame<R: DropRules> {
    boards: [DropPosition<R>; 2],
    seen: HashMap<u64, u8>,
    repeated: bool,
}

impl<R: DropRules> Default for TeamGame<R> {
    fn default() -> Self {
        Self::new(DropPosition::startpos(), DropPosition::startpos())
    }
}

impl<R: DropRules> TeamGame<R> {
    /// A game from two boards (each with its reserves).
    pub fn new(a: DropPosition<R>, b: DropPosition<R>) -> Self {
        debug_assert!(R::CAPTURES == CaptureDestination::Partner);
        let mut g = TeamGame {
            boards: [a, b],
            seen: HashMap::new(),
            repeated: false,
        };
        g.note_position();
        g
    }

    /// Parses the two-board form `FEN-A | FEN-B`.
    pub fn from_fen(text: &str) -> Result<Self, String> {
        let (a, b) = text
            .split_once('|')
            .ok_or("a two-board position is `FEN-A | FEN-B`")?;
        let a = DropPosition::from_fen(a.trim()).map_err(|e| format!("board A: {e}"))?;
        let b = DropPosition::from_fen(b.trim()).map_err(|e| format!("board B: {e}"))?;
        Ok(Self::new(a, b))
    }

    /// The two-board FEN, board A first, joined by ` | `.
    pub fn to_fen(&self) -> String {
        format!("{} | {}", self.boards[0].to_fen(), self.boards[1].to_fen())
    }

    /// One board.
    pub fn board(&self, b: TeamBoard) -> &DropPosition<R> {
        &self.boards[b.index()]
    }

    /// The key of the whole two-board position.
    fn key(&self) -> u64 {
        self.boards[0].hash() ^ self.boards[1].hash().rotate_left(17)
    }

    fn note_position(&mut self) {
        let n = self.seen.entry(self.key()).or_insert(0);
        *n += 1;
        if *n >= 3 {
            self.repeated = true;
        }
    }

    fn add_to_reserve(&mut self, board: TeamBoard, piece: Piece) -> Arrival {
        let pos = &mut self.boards[board.index()];
        let n = pos.current().reserve.count(piece.color, piece.kind);
        pos.set_reserve(piece.color, piece.kind, n.saturating_add(1));
        Arrival { board, piece }
    }

    /// Plays a legal move on `board` and moves what leaves the board to the
    /// other board's reserves (S2, S7); returns those arrivals.
    pub fn play(&mut self, board: TeamBoard, m: DropMove) -> Vec<Arrival> {
        let pos = &self.boards[board.index()];
        let s = pos.current();
        let captured = s.capture_transfer::<R>(m).map(|t| t.piece);
        let promoted = s.promotion_transfer::<R>(m);
        self.boards[board.index()].make_move(m);
        let other = board.other();
        let arrivals = captured
            .into_iter()
            .chain(promoted)
            .map(|p| self.add_to_reserve(other, p))
            .collect();
        self.note_position();
        arrivals
    }

    /// Swedish S4 (arbiter's reading): `text` is a drop of a held piece onto
    /// an empty square that the rules refuse only because it gives check.
    /// Returns the piece kind and square; None for anything else.
    pub fn checking_drop(&self, board: TeamBoard, text: &str) -> Option<(PieceKind, Square)> {
        if R::DROP_MAY_CHECK {
            return None;
        }
        let (letter, square) = text.split_once('@')?;
        let mut letters = letter.chars();
        let (Some(ch), None) = (letters.next(), letters.next()) else {
            return None;
        };
        let kind = Piece::from_fen_char(ch.to_ascii_uppercase())?.kind;
        let to = Square::parse(square)?;
        let s = self.boards[board.index()].current();
        let us = s.board.side_to_move();
        if kind == PieceKind::King || s.reserve.count(us, kind) == 0 {
            return None;
        }
        let mut allowed = drop_targets(s);
        if kind == PieceKind::Pawn {
            allowed &= !R::forbidden_pawn_drops(us);
        }
        let their_king = s.board.king_square(us.flip());
        let checks = checking_squares(kind, us, their_king, s.board.occupied());
        (allowed & checks & to.bb() != 0).then_some((kind, to))
    }

    /// S4: the checking drop of `kind` by the side to move on `board` is
    /// confiscated into the reserve of the opponent's partner (the player of
    /// the same colour on the other board); the same player moves again.
    pub fn confiscate(&mut self, board: TeamBoard, kind: PieceKind) -> Arrival {
        let pos = &mut self.boards[board.index()];
        let us = pos.side_to_move();
        let n = pos.current().reserve.count(us, kind);
        debug_assert!(n > 0);
        pos.set_reserve(us, kind, n.saturating_sub(1));
        self.add_to_reserve(board.other(), Piece::new(us, kind))
    }

    /// The result of the whole game, if it is over on the rules (S12): a
    /// mate on either board loses for the mated player's team; a threefold
    /// repetition of the whole position draws, and so does a board
    /// stalemate in FICS bughouse (Swedish chess has none: the player sits).
    /// Time forfeits are the arbiter's to judge.
    pub fn outcome(&self) -> Option<TeamOutcome> {
        for b in TeamBoard::ALL {
            if let Status::Over(o) = self.boards[b.index()].status() {
                let winner = match o.white.cmp(&o.black) {
                    std::cmp::Ordering::Greater => Some(Team::of(b, Color::White)),
                    std::cmp::Ordering::Less => Some(Team::of(b, Color::Black)),
                    std::cmp::Ordering::Equal => None,
                };
                return Some(TeamOutcome {
                    winner,
                    reason: o.reason,
                    board: Some(b),
                });
            }
        }
        self.repeated.then_some(TeamOutcome {
            winner: None,
            reason: "threefold repetition",
            board: None,
        })
    }
}
