//! The tavreli board: towers of pieces on 64 squares.
//!
//! Nothing ever leaves the board, so a position holds at most the pieces it
//! started with (32 in a game; FEN positions may hold fewer). Each piece has
//! an id 0..32; per square the board keeps the id of the top piece and the
//! height, per piece the id of the piece below it and its [`Code`]. Beside
//! the towers, bitboards of the **tops** by colour and kind make the 8x8
//! attack tables work unchanged: only tops attack, any occupied square
//! blocks sliders. The Zobrist key is the XOR over pieces of
//! `piece_key(code, square, height from the bottom)`, so moving the top k
//! pieces changes only those k keys (plus a demoted, promoted or uncovered
//! piece's). The board is `Copy` (about 290 bytes): copy-make.

use super::keys::piece_key;
use super::piece::{last_rank, Code, Kind, KINDS};
use super::tmove::TavreliMove;
use crate::attacks::*;
use crate::bitboard::{lsb, Bitboard};
use crate::board::castle;
use crate::counter::{self, Counter};
use crate::header::{header_accessors, Header};
use crate::types::{Color, Square};

/// The most pieces a position may hold.
pub const MAX_PIECES: usize = 32;
/// "No piece" in the id arrays.
pub const NO_PIECE: u8 = 0xFF;

/// The rights that survive a move of the whole tower from each square (the
/// corners lose their rook's right, the king squares both).
const CASTLE_KEEP_FROM: [u8; 64] = {
    let mut t = [castle::ALL; 64];
    t[0] = castle::ALL & !castle::WHITE_QUEEN;
    t[7] = castle::ALL & !castle::WHITE_KING;
    t[56] = castle::ALL & !castle::BLACK_QUEEN;
    t[63] = castle::ALL & !castle::BLACK_KING;
    t
};

/// One tavreli position without history.
#[derive(Clone, Copy)]
pub struct TavreliBoard {
    by_kind: [Bitboard; KINDS],
    by_color: [Bitboard; 2],
    top: [u8; 64],
    height: [u8; 64],
    below: [u8; MAX_PIECES],
    code: [u8; MAX_PIECES],
    hash: u64,
    header: Header,
    reversible: Counter,
}

impl Default for TavreliBoard {
    fn default() -> Self {
        TavreliBoard::empty()
    }
}

/// The attack set of a `kind` of `color` standing on `sq`.
#[inline(always)]
pub fn attacks_of(kind: Kind, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        Kind::Pawn => pawn_attacks(sq, color),
        Kind::Knight => knight_attacks(sq),
        Kind::Bishop => bishop_attacks(sq, occ),
        Kind::Rook => rook_attacks(sq, occ),
        Kind::Queen => queen_attacks(sq, occ),
        Kind::King => king_attacks(sq),
        Kind::Helgi => queen_attacks(sq, occ) | knight_attacks(sq),
    }
}

impl TavreliBoard {
    /// An empty board, White to move, no rights, move 1.
    pub const fn empty() -> TavreliBoard {
        TavreliBoard {
            by_kind: [0; KINDS],
            by_color: [0; 2],
            top: [NO_PIECE; 64],
            height: [0; 64],
            below: [NO_PIECE; MAX_PIECES],
            code: [0; MAX_PIECES],
            hash: 0,
            header: Header::new(),
            reversible: 0,
        }
    }

    // ---- queries ---------------------------------------------------------

    header_accessors!();

    /// Plies since the last move that lost a castling or double-step right:
    /// no earlier position can come back (repetition reach).
    #[inline(always)]
    pub fn reversible_plies(&self) -> Counter {
        self.reversible
    }

    /// The Zobrist key.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Squares holding a tower.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Squares whose top is `color`'s.
    #[inline(always)]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares whose top moves as `kind` (both colours).
    #[inline(always)]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Squares whose top is a `color` `kind`.
    #[inline(always)]
    pub fn tops(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// The height of the tower on `sq` (0 = empty).
    #[inline(always)]
    pub fn height(&self, sq: Square) -> usize {
        self.height[sq.index()] as usize
    }

    /// The top piece on `sq`.
    #[inline(always)]
    pub fn top(&self, sq: Square) -> Option<Code> {
        let id = self.top[sq.index()];
        (id != NO_PIECE).then(|| Code::from_raw(self.code[id as usize]))
    }

    /// The tower on `sq`, top first.
    #[inline(always)]
    pub fn tower(&self, sq: Square) -> TowerIter<'_> {
        TowerIter {
            board: self,
            id: self.top[sq.index()],
        }
    }

    /// The piece at `depth` (0 = top) on `sq`.
    pub fn piece_at_depth(&self, sq: Square, depth: usize) -> Option<Code> {
        self.tower(sq).nth(depth)
    }

    /// `color`'s king square (every position has one king per side).
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        lsb(self.tops(color, Kind::King))
    }

    /// Whether `by`'s tops attack `sq`, with `occupied` blocking sliders.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.attackers_to(sq, occupied) & self.by_color[by.index()] != 0
    }

    /// The tops of both colours attacking `sq`.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let k = &self.by_kind;
        let helgi = k[Kind::Helgi.index()];
        let diag = k[Kind::Bishop.index()] | k[Kind::Queen.index()] | helgi;
        let orth = k[Kind::Rook.index()] | k[Kind::Queen.index()] | helgi;
        let pawns = k[Kind::Pawn.index()];
        (pawn_attacks(sq, Color::White) & pawns & self.by_color[1])
            | (pawn_attacks(sq, Color::Black) & pawns & self.by_color[0])
            | (knight_attacks(sq) & (k[Kind::Knight.index()] | helgi))
            | (king_attacks(sq) & k[Kind::King.index()])
            | (bishop_attacks(sq, occupied) & diag)
            | (rook_attacks(sq, occupied) & orth)
    }

    /// The enemy tops giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side_to_move();
        self.attackers_to(self.king_square(us), self.occupied()) & self.by_color[us.flip().index()]
    }

    /// True when the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        let us = self.side_to_move();
        self.is_attacked(self.king_square(us), us.flip(), self.occupied())
    }

    // ---- building (FEN) -----------------------------------------------------

    /// Puts `code` on top of the tower on `sq` (FEN loading). Returns false
    /// when the board already holds [`MAX_PIECES`] pieces.
    pub fn push_piece(&mut self, sq: Square, code: Code) -> bool {
        // Pieces never leave the board: ids are handed out in order.
        let pieces: usize = self.height.iter().map(|&h| h as usize).sum();
        if pieces >= MAX_PIECES {
            return false;
        }
        let id = pieces as u8;
        let s = sq.index();
        if let Some(old) = self.top(sq) {
            self.toggle_top(s, old);
        }
        self.code[id as usize] = code.raw();
        self.below[id as usize] = self.top[s];
        self.top[s] = id;
        self.hash ^= piece_key(code.raw(), s, self.height[s] as usize);
        self.height[s] += 1;
        self.toggle_top(s, code);
        true
    }

    /// Sets the en passant square as given (the caller checks legality).
    pub fn set_ep_raw(&mut self, sq: Option<Square>) {
        self.header.clear_ep(&mut self.hash);
        if let Some(s) = sq {
            self.header.place_ep(s, &mut self.hash);
        }
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in Square::all() {
            let n = self.height(sq);
            for (depth, c) in self.tower(sq).enumerate() {
                h ^= piece_key(c.raw(), sq.index(), n - 1 - depth);
            }
        }
        h ^ self.header.key()
    }

    /// Checks the internal bookkeeping (tests): top bitboards, heights,
    /// links, promotion state of tops and covered pieces.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut seen = 0u64;
        let mut bk = [0u64; KINDS];
        let mut bc = [0u64; 2];
        for sq in Square::all() {
            let mut n = 0;
            for (d, c) in self.tower(sq).enumerate() {
                n += 1;
                if n > MAX_PIECES {
                    return Err(format!("{sq}: tower loops"));
                }
                if d == 0 {
                    bk[c.kind().index()] |= sq.bb();
                    bc[c.color().index()] |= sq.bb();
                    if c.is_pawn() && sq.rank() == last_rank(c.color()) {
                        return Err(format!("{sq}: unpromoted pawn on top of its last rank"));
                    }
                } else {
                    if c.is_promoted() {
                        return Err(format!("{sq}: covered promoted piece"));
                    }
                    if c.kind() == Kind::King {
                        return Err(format!("{sq}: covered king"));
                    }
                }
            }
            if n != self.height(sq) {
                return Err(format!("{sq}: height {} but {n} pieces", self.height(sq)));
            }
            if n > 0 {
                seen |= sq.bb();
            }
        }
        if seen != self.occupied() || bk != self.by_kind || bc != self.by_color {
            return Err("top bitboards disagree with the towers".into());
        }
        if self.hash != self.compute_hash() {
            return Err("incremental key differs from the key from scratch".into());
        }
        Ok(())
    }

    // ---- making moves ---------------------------------------------------------

    #[inline(always)]
    fn toggle_top(&mut self, s: usize, c: Code) {
        let b = 1u64 << s;
        self.by_kind[c.kind().index()] ^= b;
        self.by_color[c.color().index()] ^= b;
    }

    #[inline(always)]
    fn recode(&mut self, id: u8, s: usize, height: usize, new: Code) {
        let old = self.code[id as usize];
        self.hash ^= piece_key(old, s, height) ^ piece_key(new.raw(), s, height);
        self.code[id as usize] = new.raw();
    }

    /// Moves the top `k` pieces from `s` onto the tower on `t` (R2, R4) and
    /// applies R7 to the pieces concerned: the arriving top promotes on its
    /// last rank, a covered promoted piece becomes a pawn, an uncovered pawn
    /// on its last rank promotes. Returns whether a double-step right was lost.
    #[inline(always)]
    fn lift(&mut self, s: usize, t: usize, k: usize) -> bool {
        let hs = self.height[s] as usize;
        let ht = self.height[t] as usize;
        debug_assert!(k >= 1 && k <= hs);
        let top_id = self.top[s];
        let covered = self.top[t];
        self.toggle_top(s, Code::from_raw(self.code[top_id as usize]));
        if covered != NO_PIECE {
            let c = Code::from_raw(self.code[covered as usize]);
            self.toggle_top(t, c);
            if c.is_promoted() {
                self.recode(covered, t, ht - 1, c.demote());
            }
        }
        let mut lost_right = false;
        let mut id = top_id;
        let mut bottom = top_id;
        for d in 0..k {
            let c = self.code[id as usize];
            let moved = Code::from_raw(c).moved();
            lost_right |= c != moved.raw();
            self.hash ^= piece_key(c, s, hs - 1 - d) ^ piece_key(moved.raw(), t, ht + k - 1 - d);
            self.code[id as usize] = moved.raw();
            bottom = id;
            id = self.below[id as usize];
        }
        let uncovered = id;
        self.below[bottom as usize] = covered;
        self.top[t] = top_id;
        self.top[s] = uncovered;
        self.height[s] = (hs - k) as u8;
        self.height[t] = (ht + k) as u8;

        let mut mover = Code::from_raw(self.code[top_id as usize]);
        if mover.is_pawn() && (t >> 3) as u8 == last_rank(mover.color()) {
            mover = mover.promote();
            self.recode(top_id, t, ht + k - 1, mover);
        }
        self.toggle_top(t, mover);
        if uncovered != NO_PIECE {
            let mut u = Code::from_raw(self.code[uncovered as usize]);
            if u.is_pawn() && (s >> 3) as u8 == last_rank(u.color()) {
                u = u.promote();
                self.recode(uncovered, s, hs - k - 1, u);
            }
            self.toggle_top(s, u);
        }
        lost_right
    }

    /// Moves the whole tower on `a` to the empty square `b` (en passant).
    #[inline(always)]
    fn shift(&mut self, a: usize, b: usize) {
        debug_assert!(self.height[b] == 0);
        let n = self.height[a] as usize;
        let top_id = self.top[a];
        self.toggle_top(a, Code::from_raw(self.code[top_id as usize]));
        let mut id = top_id;
        for d in 0..n {
            let c = self.code[id as usize];
            self.hash ^= piece_key(c, a, n - 1 - d) ^ piece_key(c, b, n - 1 - d);
            id = self.below[id as usize];
        }
        self.top[b] = top_id;
        self.height[b] = n as u8;
        self.top[a] = NO_PIECE;
        self.height[a] = 0;
        self.toggle_top(b, Code::from_raw(self.code[top_id as usize]));
    }

    /// Plays a legal move. `ep_legal` tells, for the position after the move,
    /// whether an en passant move onto the square passed over would be legal
    /// (the generator answers; the square is kept only then).
    #[inline(always)]
    pub fn make(&mut self, m: TavreliMove, ep_legal: impl FnOnce(&TavreliBoard) -> bool) {
        let (s, t, k) = (m.from().index(), m.to().index(), m.count() as usize);
        let us = self.side_to_move();
        let hs = self.height[s] as usize;
        let mover = Code::from_raw(self.code[self.top[s] as usize]);
        let mut reset = mover.is_pawn() || self.top[t] != NO_PIECE;

        if mover.is_pawn() && self.ep_square() == Some(m.to()) {
            // En passant: the double-stepped tower goes under the moving group.
            self.shift(t ^ 8, t);
            reset = true;
        }
        let mut irreversible = self.lift(s, t, k);

        let mut keep = castle::ALL;
        if mover.kind() == Kind::King {
            keep = match us {
                Color::White => !(castle::WHITE_KING | castle::WHITE_QUEEN),
                Color::Black => !(castle::BLACK_KING | castle::BLACK_QUEEN),
            };
            if s.abs_diff(t) == 2 {
                // Castling: the rook goes to the square the king passed.
                let (rook_from, rook_to) = if t > s {
                    (s + 3, s + 1)
                } else {
                    (s - 4, s - 1)
                };
                self.lift(rook_from, rook_to, 1);
            }
        }
        if k == hs {
            keep &= CASTLE_KEEP_FROM[s];
        }
        irreversible |= self.header.keep_castling(keep, &mut self.hash);

        self.header.clear_ep(&mut self.hash);
        self.header.pass_turn(&mut self.hash);
        if mover.is_pawn() && s.abs_diff(t) == 16 {
            let passed = Square::new(((s + t) / 2) as u8);
            self.header.place_ep(passed, &mut self.hash);
            if !ep_legal(self) {
                self.header.clear_ep(&mut self.hash);
            }
        }
        self.header.tick_halfmove(reset);
        self.reversible = counter::tick(self.reversible, irreversible);
    }

    /// Moves the whole tower on `a` to the empty square `b` without touching
    /// the key (unmake restores the key itself).
    fn relocate(&mut self, a: usize, b: usize) {
        let top_id = self.top[a];
        let c = Code::from_raw(self.code[top_id as usize]);
        self.toggle_top(a, c);
        self.toggle_top(b, c);
        self.top[b] = top_id;
        self.height[b] = self.height[a];
        self.top[a] = NO_PIECE;
        self.height[a] = 0;
    }

    /// Plays `m` like [`TavreliBoard::make`] and returns what
    /// [`TavreliBoard::unmake`] needs to take it back (the make/unmake
    /// alternative to copy-make; `docs/tavreli.md` has the measurement).
    pub fn make_undoable(
        &mut self,
        m: TavreliMove,
        ep_legal: impl FnOnce(&TavreliBoard) -> bool,
    ) -> Undo {
        let (s, t, k) = (m.from().index(), m.to().index(), m.count() as usize);
        let top_id = self.top[s];
        let mut bottom = top_id;
        for _ in 1..k {
            bottom = self.below[bottom as usize];
        }
        let uncovered = self.below[bottom as usize];
        let is_ep = Code::from_raw(self.code[top_id as usize]).is_pawn()
            && self.ep_square() == Some(m.to());
        let covered = if is_ep { self.top[t ^ 8] } else { self.top[t] };
        let code_of = |id: u8| {
            if id == NO_PIECE {
                (id, 0)
            } else {
                (id, self.code[id as usize])
            }
        };
        let undo = Undo {
            hash: self.hash,
            codes: [
                code_of(top_id),
                code_of(bottom),
                code_of(covered),
                code_of(uncovered),
            ],
            header: self.header,
            reversible: self.reversible,
        };
        self.make(m, ep_legal);
        undo
    }

    /// Takes back `m`, played by [`TavreliBoard::make_undoable`].
    pub fn unmake(&mut self, m: TavreliMove, u: &Undo) {
        let (s, t, k) = (m.from().index(), m.to().index(), m.count() as usize);
        let top_id = self.top[t];
        let mover = Code::from_raw(u.codes[0].1);
        if mover.kind() == Kind::King && s.abs_diff(t) == 2 {
            let (rook_from, rook_to) = if t > s {
                (s + 3, s + 1)
            } else {
                (s - 4, s - 1)
            };
            self.relocate(rook_to, rook_from);
        }
        self.toggle_top(t, Code::from_raw(self.code[top_id as usize]));
        let uncovered = self.top[s];
        if uncovered != NO_PIECE {
            self.toggle_top(s, Code::from_raw(self.code[uncovered as usize]));
        }
        let mut bottom = top_id;
        for _ in 1..k {
            bottom = self.below[bottom as usize];
        }
        self.below[bottom as usize] = uncovered;
        self.top[s] = top_id;
        let covered = u.codes[COVERED].0;
        self.top[t] = covered;
        self.height[s] += k as u8;
        self.height[t] -= k as u8;
        for &(id, code) in u.codes.iter().rev() {
            if id != NO_PIECE {
                self.code[id as usize] = code;
            }
        }
        self.toggle_top(s, mover);
        if covered != NO_PIECE {
            self.toggle_top(t, Code::from_raw(self.code[covered as usize]));
        }
        if mover.is_pawn() && u.header.ep_square() == Some(m.to()) {
            self.relocate(t, t ^ 8);
        }
        self.hash = u.hash;
        self.header = u.header;
        self.reversible = u.reversible;
    }

    /// Passes the turn (null move, search only): clears en passant.
    pub fn make_null_move(&mut self) {
        self.header.pass_null(&mut self.hash);
        self.reversible = counter::next(self.reversible);
    }
}

/// The pieces of a tower, top first.
#[derive(Clone)]
pub struct TowerIter<'a> {
    board: &'a TavreliBoard,
    id: u8,
}

impl Iterator for TowerIter<'_> {
    type Item = Code;
    #[inline(always)]
    fn next(&mut self) -> Option<Code> {
        if self.id == NO_PIECE {
            return None;
        }
        let c = Code::from_raw(self.board.code[self.id as usize]);
        self.id = self.board.below[self.id as usize];
        Some(c)
    }
}

/// Where [`Undo`] keeps the covered top.
const COVERED: usize = 2;

/// What [`TavreliBoard::unmake`] restores, in 32 bytes: the key, the
/// header, the old codes of the pieces a move may change (its top, the
/// bottom of the moving group, the covered top, the uncovered piece), each
/// with its id.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    hash: u64,
    codes: [(u8, u8); 4],
    header: Header,
    reversible: Counter,
}
