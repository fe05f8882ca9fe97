//! One board of drop chess: the 8x8 board, both reserves, the promoted
//! pieces, and for Swedish chess whether each king has ever moved (S6).

use super::drop_move::DropMove;
use super::reserve::Reserve;
use super::rules::{CaptureDestination, DropRules};
use crate::bitboard::{lsb, Squares};
use crate::board::{castle, Board};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist::KEYS;

/// The state of one drop-chess board (copy-make).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DropBoard {
    /// The pieces, side to move, castling, en passant, counters.
    pub board: Board,
    /// Both reserves.
    pub reserve: Reserve,
    /// Squares of pieces that were promoted (FEN `~`).
    pub promoted: u64,
    /// Swedish S6: the king of each colour has never moved.
    pub king_unmoved: [bool; 2],
    /// Key of the reserve and promoted marks (the board's key is separate).
    extra_hash: u64,
}

/// What a capture sends to a reserve.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CaptureTransfer {
    /// The piece as it enters a reserve (a promoted piece as a pawn, except
    /// in Swedish chess where it vanishes instead).
    pub piece: Piece,
    /// Whose reserve: the capturer's own (crazyhouse) or its partner's.
    pub destination: CaptureDestination,
}

impl DropBoard {
    /// A drop board from its parts.
    pub fn new(
        board: Board,
        reserve: Reserve,
        promoted: u64,
        king_unmoved: [bool; 2],
    ) -> DropBoard {
        let mut b = DropBoard {
            board,
            reserve,
            promoted,
            king_unmoved,
            extra_hash: 0,
        };
        b.extra_hash = b.compute_extra_hash();
        b
    }

    fn compute_extra_hash(&self) -> u64 {
        let mut h = self.reserve.hash();
        for sq in Squares(self.promoted) {
            h ^= KEYS.extra[sq.index()];
        }
        h
    }

    /// The full Zobrist key.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ self.extra_hash
    }

    /// The key computed from scratch (tests).
    pub fn compute_hash(&self) -> u64 {
        self.board.compute_hash() ^ self.compute_extra_hash()
    }

    /// Changes a reserve count from outside (a piece arrived from the other
    /// board, or left for it).
    pub fn set_reserve(&mut self, color: Color, kind: PieceKind, n: u8) {
        self.extra_hash ^= self.reserve.set(color, kind, n);
    }

    #[inline(always)]
    fn toggle_promoted(&mut self, sq: Square) {
        self.promoted ^= sq.bb();
        self.extra_hash ^= KEYS.extra[sq.index()];
    }

    /// The piece a board move captures and the square it stands on.
    #[inline(always)]
    pub fn captured(&self, m: crate::Move) -> Option<(Piece, Square)> {
        let b = &self.board;
        // A Chess960 castling move lands on the mover's own rook.
        if let Some(p) = b.piece_at(m.to()).filter(|p| p.color != b.side_to_move()) {
            return Some((p, m.to()));
        }
        if b.kind_at(m.from()) == Some(PieceKind::Pawn) && m.from().file() != m.to().file() {
            let victim = Square::from_coords(m.to().file(), m.from().rank());
            return b.piece_at(victim).map(|p| (p, victim));
        }
        None
    }

    /// Where the piece captured by `m` goes, or None (no capture, or a
    /// Swedish S8 capture that returns the piece to the third set).
    pub fn capture_transfer<R: DropRules>(&self, m: DropMove) -> Option<CaptureTransfer> {
        let bm = m.as_board_move()?;
        let (piece, sq) = self.captured(bm)?;
        let marked = self.promoted & sq.bb() != 0;
        let piece = if R::SWEDISH {
            if self.has_promoted(piece) {
                return None;
            }
            piece
        } else if marked {
            Piece::new(piece.color, PieceKind::Pawn)
        } else {
            piece
        };
        // The piece changes to the colour of whoever will drop it: the
        // capturer (crazyhouse), or the partner, who plays the captured
        // piece's colour on the other board (bughouse, Swedish).
        let color = match R::CAPTURES {
            CaptureDestination::OwnReserve => piece.color.flip(),
            CaptureDestination::Partner => piece.color,
        };
        Some(CaptureTransfer {
            piece: Piece::new(color, piece.kind),
            destination: R::CAPTURES,
        })
    }

    /// Swedish S7: the pawn that promotes with `m` leaves the board for the
    /// reserve of the partner's opponent (the player of its colour on the
    /// other board). None for other moves and other rules.
    pub fn promotion_transfer<R: DropRules>(&self, m: DropMove) -> Option<Piece> {
        let bm = m.as_board_move()?;
        (R::SWEDISH && bm.promotion().is_some())
            .then(|| Piece::new(self.board.side_to_move(), PieceKind::Pawn))
    }

    /// Swedish S8: whether `piece`'s colour has a promoted piece of its kind.
    fn has_promoted(&self, piece: Piece) -> bool {
        self.promoted & self.board.pieces(piece.color, piece.kind) != 0
    }

    /// Plays a legal move.
    #[inline]
    pub fn make<R: DropRules>(&mut self, m: DropMove) {
        let us = self.board.side_to_move();
        if let Some((kind, to)) = m.as_drop() {
            self.extra_hash ^= self.reserve.remove(us, kind);
            self.board.make_drop(Piece::new(us, kind), to);
            if R::SWEDISH && kind == PieceKind::Rook {
                self.restore_castling(us, to);
            }
            return;
        }
        let bm = m.as_board_move().expect("not a drop, so a board move");
        let captured = self.captured(bm);
        if let Some((piece, sq)) = captured {
            let marked = self.promoted & sq.bb() != 0;
            if R::SWEDISH && !marked && self.has_promoted(piece) {
                // S8 fine point: the mark comes off the lowest marked piece.
                let lowest = lsb(self.promoted & self.board.pieces(piece.color, piece.kind));
                self.toggle_promoted(lowest);
            }
            if marked {
                self.toggle_promoted(sq);
            }
            if R::CAPTURES == CaptureDestination::OwnReserve {
                let kind = if marked { PieceKind::Pawn } else { piece.kind };
                self.extra_hash ^= self.reserve.add(us, kind);
            }
        }
        let (from, to) = (bm.from(), bm.to());
        if self.promoted & from.bb() != 0 {
            self.toggle_promoted(from);
            self.toggle_promoted(to);
        }
        if self.board.kind_at(from) == Some(PieceKind::King) {
            self.king_unmoved[us.index()] = false;
        }
        self.board.make_move(bm);
        if bm.promotion().is_some() {
            self.toggle_promoted(to);
        }
    }

    /// Swedish S6: a rook dropped on its corner while its king has never
    /// moved brings the castling right back.
    fn restore_castling(&mut self, us: Color, to: Square) {
        if !self.king_unmoved[us.index()] {
            return;
        }
        let rank = if us == Color::White { 0 } else { 7 };
        let king = Square::from_coords(4, rank);
        if self.board.piece_at(king) != Some(Piece::new(us, PieceKind::King)) {
            return;
        }
        let right = match (us, to.file(), to.rank() == rank) {
            (Color::White, 7, true) => castle::WHITE_KING,
            (Color::White, 0, true) => castle::WHITE_QUEEN,
            (Color::Black, 7, true) => castle::BLACK_KING,
            (Color::Black, 0, true) => castle::BLACK_QUEEN,
            _ => return,
        };
        let rights = self.board.castling() | right;
        self.board.set_castling(rights);
    }
}
