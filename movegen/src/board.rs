//! The 8x8 chess board: piece bitboards, a mailbox, side to move, castling, en
//! passant, move counters and the incrementally updated Zobrist key. Copy-make:
//! a `Board` is small and `Copy`; callers copy it and call [`Board::make_move`].

use crate::attacks::*;
use crate::bitboard::*;
use crate::chess_move::Move;
use crate::header::{header_accessors, Header};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist::KEYS;

/// Castling right bits.
pub mod castle {
    /// White may castle king side.
    pub const WHITE_KING: u8 = 1;
    /// White may castle queen side.
    pub const WHITE_QUEEN: u8 = 2;
    /// Black may castle king side.
    pub const BLACK_KING: u8 = 4;
    /// Black may castle queen side.
    pub const BLACK_QUEEN: u8 = 8;
    /// All four rights.
    pub const ALL: u8 = 15;

    /// The rights in the order of [`super::Board::castling_rook`]'s index:
    /// White king side, White queen side, Black king side, Black queen side.
    pub const EACH: [u8; 4] = [WHITE_KING, WHITE_QUEEN, BLACK_KING, BLACK_QUEEN];
}

/// The rook squares of the standard set-up, in the order of [`castle::EACH`].
pub(crate) const STANDARD_ROOKS: [u8; 4] = [7, 0, 63, 56];

/// The rights that survive a move touching each square.
const CASTLE_KEEP: [u8; 64] = {
    let mut t = [castle::ALL; 64];
    t[0] = castle::ALL & !castle::WHITE_QUEEN;
    t[4] = castle::ALL & !(castle::WHITE_KING | castle::WHITE_QUEEN);
    t[7] = castle::ALL & !castle::WHITE_KING;
    t[56] = castle::ALL & !castle::BLACK_QUEEN;
    t[60] = castle::ALL & !(castle::BLACK_KING | castle::BLACK_QUEEN);
    t[63] = castle::ALL & !castle::BLACK_KING;
    t
};

const NO_PIECE: u8 = 12;

/// A chess position without history.
///
/// Aligned to 32 bytes (160 bytes in all): copy-make copies a board for
/// every move, and unaligned, the speed of those copies depended on where
/// the stack happened to lie (perft 7 of the start position took 5.5 s or
/// 5.9 s of CPU from one build to another; aligned, 5.4 s).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(align(32))]
pub struct Board {
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    mailbox: [u8; 64],
    hash: u64,
    header: Header,
    /// Chess960 castling: a castling move is written and stored as the
    /// king taking its own rook, and the rooks of the rights stand on
    /// `castle_rooks` (see [`Board::set_chess960`]).
    chess960: bool,
    /// The square of each right's rook, in the order of [`castle::EACH`].
    castle_rooks: [u8; 4],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// An empty board, White to move, no rights, move 1.
    pub const fn empty() -> Board {
        Board {
            by_kind: [0; 6],
            by_color: [0; 2],
            mailbox: [NO_PIECE; 64],
            hash: 0,
            header: Header::new(),
            chess960: false,
            castle_rooks: STANDARD_ROOKS,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Board {
        Board::from_fen(crate::fen::START_FEN).expect("the start position is valid")
    }

    // ---- queries -------------------------------------------------------

    header_accessors!();

    /// Whether castling is Chess960's: a castling move is the king taking
    /// its own rook (`e1h1`), with any king and rook files.
    #[inline(always)]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The square of the rook of the right `castle::EACH[i]`.
    #[inline(always)]
    pub fn castling_rook(&self, i: usize) -> Square {
        Square::new(self.castle_rooks[i])
    }

    /// Turns Chess960 castling on (UCI_Chess960, XBoard's fischerandom):
    /// castling moves become the king taking its own rook, and
    /// `rooks` (in the order of [`castle::EACH`]) are the rooks of the
    /// rights (a right without its king and rook on their rank must not
    /// be set). Without `rooks`, the rights keep the corner rooks of the
    /// standard set-up.
    pub fn set_chess960(&mut self, rooks: Option<[Square; 4]>) {
        self.chess960 = true;
        if let Some(r) = rooks {
            self.castle_rooks = r.map(|s| s.index() as u8);
        }
    }

    /// True when `m` (a legal move) castles.
    #[inline(always)]
    pub fn is_castling(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if self.chess960 {
            self.kind_at(from) == Some(PieceKind::King)
                && self.color_bb(self.side_to_move()) & to.bb() != 0
        } else {
            self.kind_at(from) == Some(PieceKind::King) && from.file().abs_diff(to.file()) == 2
        }
    }

    /// Whether the castling move `m` (see [`Board::is_castling`]) is on the
    /// king side (`O-O`).
    pub fn castles_king_side(&self, m: Move) -> bool {
        m.to().file() > m.from().file()
    }

    /// The Zobrist key.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares holding pieces of `kind`, both colours.
    #[inline(always)]
    pub fn kind_bb(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let p = self.mailbox[sq.index()];
        (p != NO_PIECE).then(|| piece_from_index(p))
    }

    /// The kind of the piece on `sq`, if any.
    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        let p = self.mailbox[sq.index()];
        (p != NO_PIECE).then(|| PieceKind::from_index(p as usize % 6))
    }

    /// The square of `color`'s king (the board must have one).
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        lsb(self.pieces(color, PieceKind::King))
    }

    /// The pieces of both colours attacking `sq` when `occupied` are occupied.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let k = &self.by_kind;
        (pawn_attacks(sq, Color::White) & self.pieces(Color::Black, PieceKind::Pawn))
            | (pawn_attacks(sq, Color::Black) & self.pieces(Color::White, PieceKind::Pawn))
            | (knight_attacks(sq) & k[PieceKind::Knight.index()])
            | (king_attacks(sq) & k[PieceKind::King.index()])
            | (bishop_attacks(sq, occupied)
                & (k[PieceKind::Bishop.index()] | k[PieceKind::Queen.index()]))
            | (rook_attacks(sq, occupied)
                & (k[PieceKind::Rook.index()] | k[PieceKind::Queen.index()]))
    }

    /// True when `by` attacks `sq` with `occupied` as the occupied squares.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[by.index()];
        let k = &self.by_kind;
        let diag = (k[PieceKind::Bishop.index()] | k[PieceKind::Queen.index()]) & them;
        let orth = (k[PieceKind::Rook.index()] | k[PieceKind::Queen.index()]) & them;
        (knight_attacks(sq) & k[PieceKind::Knight.index()] & them) != 0
            || (pawn_attacks(sq, by.flip()) & k[PieceKind::Pawn.index()] & them) != 0
            || (king_attacks(sq) & k[PieceKind::King.index()] & them) != 0
            || (diag != 0 && bishop_attacks(sq, occupied) & diag != 0)
            || (orth != 0 && rook_attacks(sq, occupied) & orth != 0)
    }

    /// The enemy pieces giving check to the side to move (none when its king
    /// is not on this board, as in Chess-tranzit).
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side_to_move();
        let kings = self.pieces(us, PieceKind::King);
        if kings == 0 {
            return 0;
        }
        self.attackers_to(lsb(kings), self.occupied()) & self.by_color[us.flip().index()]
    }

    /// True when the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    // ---- editing (FEN loading, variants) --------------------------------

    /// Puts `piece` on the empty square `sq`, updating the key.
    #[inline(always)]
    pub fn put_piece(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()] == NO_PIECE);
        let b = sq.bb();
        self.by_kind[piece.kind.index()] |= b;
        self.by_color[piece.color.index()] |= b;
        self.mailbox[sq.index()] = piece.index() as u8;
        self.hash ^= KEYS.piece[piece.index()][sq.index()];
    }

    /// Removes the piece on `sq` (there must be one) and returns it.
    #[inline(always)]
    pub fn remove_piece(&mut self, sq: Square) -> Piece {
        let idx = self.mailbox[sq.index()];
        debug_assert!(idx != NO_PIECE);
        let piece = piece_from_index(idx);
        let b = sq.bb();
        self.by_kind[piece.kind.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        self.mailbox[sq.index()] = NO_PIECE;
        self.hash ^= KEYS.piece[idx as usize][sq.index()];
        piece
    }

    #[inline(always)]
    fn move_piece(&mut self, from: Square, to: Square, idx: u8) {
        let piece = piece_from_index(idx);
        let b = from.bb() | to.bb();
        self.by_kind[piece.kind.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        self.mailbox[from.index()] = NO_PIECE;
        self.mailbox[to.index()] = idx;
        let keys = &KEYS.piece[idx as usize];
        self.hash ^= keys[from.index()] ^ keys[to.index()];
    }

    /// Sets the en passant square as it would be after a double step that
    /// passed `sq`: kept only when the side to move can legally capture there.
    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        self.header.clear_ep(&mut self.hash);
        if let Some(s) = sq {
            if self.ep_capturable(s) {
                self.header.place_ep(s, &mut self.hash);
            }
        }
    }

    /// Removes the castling rights that depend on a piece standing on `sq`
    /// (a king or rook leaving its square by other means than a move).
    pub fn clear_castling_from(&mut self, sq: Square) {
        let keep = if self.chess960 {
            self.keep_960(sq)
        } else {
            CASTLE_KEEP[sq.index()]
        };
        self.header.keep_castling(keep, &mut self.hash);
    }

    /// Passes the turn without moving (a null move): clears en passant.
    #[inline]
    pub fn make_null_move(&mut self) {
        self.header.pass_null(&mut self.hash);
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in Square::all() {
            if let Some(p) = self.piece_at(sq) {
                h ^= KEYS.piece[p.index()][sq.index()];
            }
        }
        h ^ self.header.key()
    }

    // ---- make ----------------------------------------------------------

    /// Plays a legal move on this board.
    #[inline]
    pub fn make_move(&mut self, m: Move) {
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let idx = self.mailbox[from.index()];
        let kind = PieceKind::from_index(idx as usize % 6);
        let target = self.mailbox[to.index()];
        let capture = target != NO_PIECE;
        if capture && (target < 6) == (us == Color::White) {
            // Onto the mover's own piece: Chess960 castling.
            self.castle_960(from, to);
            return;
        }
        let old_ep = self.header.clear_ep(&mut self.hash);
        let mut passed = None;
        if capture {
            self.remove_piece(to);
        }
        self.header
            .tick_halfmove(capture || kind == PieceKind::Pawn);
        self.move_piece(from, to, idx);
        match kind {
            PieceKind::Pawn => {
                let up: i8 = if us == Color::White { 8 } else { -8 };
                if old_ep == Some(to) {
                    self.remove_piece(to.offset(-up));
                } else if (to.index() as i8 - from.index() as i8).abs() == 16 {
                    passed = Some(from.offset(up));
                } else if let Some(promo) = m.promotion() {
                    self.remove_piece(to);
                    self.put_piece(to, Piece::new(us, promo));
                }
            }
            PieceKind::King if (to.index() as i8 - from.index() as i8).abs() == 2 => {
                let rank = from.rank();
                let (rf, rt) = if to.file() == 6 { (7, 5) } else { (0, 3) };
                let (rfrom, rto) = (Square::from_coords(rf, rank), Square::from_coords(rt, rank));
                let rook = self.mailbox[rfrom.index()];
                self.move_piece(rfrom, rto, rook);
            }
            _ => {}
        }
        if self.header.castling() != 0 {
            let keep = if self.chess960 {
                self.keep_960(from) & self.keep_960(to)
            } else {
                CASTLE_KEEP[from.index()] & CASTLE_KEEP[to.index()]
            };
            self.header.keep_castling(keep, &mut self.hash);
        }
        self.header.pass_turn(&mut self.hash);
        if let Some(p) = passed {
            if self.ep_capturable(p) {
                self.header.place_ep(p, &mut self.hash);
            }
        }
    }

    /// Chess960 castling: the king on `king` takes its own rook on `rook`;
    /// they end on the files of standard castling (g and f, or c and d).
    /// Kept out of line: the standard game's moves never come here.
    #[cold]
    #[inline(never)]
    fn castle_960(&mut self, king: Square, rook: Square) {
        let us = self.side_to_move();
        self.header.clear_ep(&mut self.hash);
        self.header.tick_halfmove(false);
        let rank = king.rank();
        let (kf, rf) = if rook.file() > king.file() {
            (6, 5)
        } else {
            (2, 3)
        };
        let k = self.remove_piece(king);
        let r = self.remove_piece(rook);
        self.put_piece(Square::from_coords(kf, rank), k);
        self.put_piece(Square::from_coords(rf, rank), r);
        let mine = match us {
            Color::White => castle::WHITE_KING | castle::WHITE_QUEEN,
            Color::Black => castle::BLACK_KING | castle::BLACK_QUEEN,
        };
        self.header.keep_castling(!mine, &mut self.hash);
        self.header.pass_turn(&mut self.hash);
    }

    /// Chess960: the rights that survive a move touching `sq` (its king
    /// square, while the king has rights, or a right's rook square).
    #[inline(never)]
    fn keep_960(&self, sq: Square) -> u8 {
        let mut keep = castle::ALL;
        for (i, &bit) in castle::EACH.iter().enumerate() {
            if self.castle_rooks[i] == sq.index() as u8 {
                keep &= !bit;
            }
        }
        match self.piece_at(sq) {
            Some(p) if p.kind == PieceKind::King => {
                keep & !match p.color {
                    Color::White => castle::WHITE_KING | castle::WHITE_QUEEN,
                    Color::Black => castle::BLACK_KING | castle::BLACK_QUEEN,
                }
            }
            _ => keep,
        }
    }

    /// True when the side to move has a legal en passant capture onto `ep`
    /// (the square a double-stepping enemy pawn just passed).
    #[inline]
    pub fn ep_capturable(&self, ep: Square) -> bool {
        let us = self.side_to_move();
        let them = us.flip();
        let up: i8 = if us == Color::White { 8 } else { -8 };
        let cap = ep.offset(-up);
        let kings = self.pieces(us, PieceKind::King);
        let theirs = self.by_color[them.index()] & !cap.bb();
        let occ = self.occupied();
        Squares(pawn_attacks(ep, them) & self.pieces(us, PieceKind::Pawn)).any(|from| {
            let after = (occ ^ from.bb() ^ cap.bb()) | ep.bb();
            kings == 0 || self.attackers_to(lsb(kings), after) & theirs == 0
        })
    }

    /// Drops `piece` (of the side to move) on the empty square `to` and passes
    /// the turn (drop variants). A pawn drop resets the half-move clock.
    #[inline]
    pub fn make_drop(&mut self, piece: Piece, to: Square) {
        self.header.clear_ep(&mut self.hash);
        self.put_piece(to, piece);
        self.header.tick_halfmove(piece.kind == PieceKind::Pawn);
        self.header.pass_turn(&mut self.hash);
    }

    /// True when neither side can ever mate: K v K, K + minor v K, and kings
    /// with bishops all on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let k = &self.by_kind;
        if k[PieceKind::Pawn.index()] | k[PieceKind::Rook.index()] | k[PieceKind::Queen.index()]
            != 0
        {
            return false;
        }
        let minors = k[PieceKind::Knight.index()] | k[PieceKind::Bishop.index()];
        if minors.count_ones() <= 1 {
            return true;
        }
        let bishops = k[PieceKind::Bishop.index()];
        k[PieceKind::Knight.index()] == 0
            && (bishops & LIGHT_SQUARES == 0 || bishops & !LIGHT_SQUARES == 0)
    }
}

#[inline(always)]
fn piece_from_index(idx: u8) -> Piece {
    let color = if idx < 6 { Color::White } else { Color::Black };
    Piece::new(color, PieceKind::from_index(idx as usize % 6))
}
