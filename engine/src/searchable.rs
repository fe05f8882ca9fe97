//! What the search needs from a variant beyond the rules: the hooks for move
//! ordering, pruning and draw detection. Implemented per variant; standard
//! chess below.

use eval::{Evaluate, MATERIAL};
use movegen::attacks::{bishop_attacks, rook_attacks};
use movegen::bitboard::lsb;
use movegen::movegen::MoveList;
use movegen::{Board, Chess, Color, Move, PieceKind, Position};

/// A position the search can play in.
pub trait Searchable: Position + Evaluate {
    /// Size of the history tables (moves map into `0..HISTORY_LEN`).
    const HISTORY_LEN: usize;
    /// Whether null-move pruning is sound enough in this variant.
    const NULL_MOVE: bool;

    /// The move packed into 32 bits (never 0) for the transposition table.
    fn move_bits(m: Self::Move) -> u32;
    /// Appends the moves quiescence search looks at: captures and
    /// promotions, or every legal move when in check.
    fn generate_tactical(&self, out: &mut Self::MoveList) {
        self.generate_moves(out);
    }
    /// True for captures and promotions (searched in quiescence).
    fn is_tactical(&self, m: Self::Move) -> bool;
    /// MVV-LVA style score of a tactical move (higher first).
    fn tactical_score(&self, m: Self::Move) -> i32;
    /// Static exchange evaluation: does `m` win at least `threshold`?
    fn see_ge(&self, m: Self::Move, threshold: i32) -> bool;
    /// The history slot of a move (piece and destination).
    fn history_index(&self, m: Self::Move) -> usize;
    /// Whether the side to move has pieces other than pawns and king (null
    /// move is unsafe without them: zugzwang).
    fn has_non_pawn_material(&self) -> bool;
    /// Passes the move (only called when `NULL_MOVE`).
    fn make_null_move(&mut self);
    /// Takes back a null move.
    fn unmake_null_move(&mut self) {
        self.unmake_move();
    }
    /// Draw by a rule inside the search tree: repetition (once within the
    /// tree, twice counting positions before the root at `root_ply`), the
    /// 50-move rule, insufficient material.
    fn is_draw(&self, root_ply: usize) -> bool;
    /// Moves played since the game's starting position (for `root_ply`).
    fn game_ply(&self) -> usize;
}

const SEE_VALUE: [i32; 6] = [
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    20000,
];

impl Searchable for Chess {
    const HISTORY_LEN: usize = 12 * 64;
    const NULL_MOVE: bool = true;

    #[inline(always)]
    fn move_bits(m: Move) -> u32 {
        m.raw() as u32
    }

    #[inline(always)]
    fn generate_tactical(&self, out: &mut MoveList) {
        movegen::movegen::generate::<_, true>(self.board(), out);
    }

    #[inline(always)]
    fn is_tactical(&self, m: Move) -> bool {
        let b = self.board();
        b.piece_at(m.to()).is_some()
            || m.promotion().is_some()
            || (b.kind_at(m.from()) == Some(PieceKind::Pawn) && m.from().file() != m.to().file())
    }

    #[inline(always)]
    fn tactical_score(&self, m: Move) -> i32 {
        let b = self.board();
        let victim = b
            .kind_at(m.to())
            .map_or(MATERIAL[0], |k| MATERIAL[k.index()]);
        let attacker = b.kind_at(m.from()).map_or(0, |k| k.index() as i32);
        let promo = m.promotion().map_or(0, |k| MATERIAL[k.index()]);
        victim * 8 + promo - attacker
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see_ge(self.board(), m, threshold)
    }

    #[inline(always)]
    fn history_index(&self, m: Move) -> usize {
        let b = self.board();
        let p = b.piece_at(m.from()).map_or(0, |p| p.index());
        p * 64 + m.to().index()
    }

    fn has_non_pawn_material(&self) -> bool {
        let b = self.board();
        let us = b.side_to_move();
        b.color_bb(us) & !(b.pieces(us, PieceKind::Pawn) | b.pieces(us, PieceKind::King)) != 0
    }

    fn make_null_move(&mut self) {
        Chess::make_null_move(self);
    }

    fn is_draw(&self, root_ply: usize) -> bool {
        let b = self.board();
        if b.halfmove_clock() >= 100 || b.insufficient_material() {
            return true;
        }
        self.repetition_draw(root_ply)
    }

    fn game_ply(&self) -> usize {
        self.ply()
    }
}

/// Static exchange evaluation on the 8x8 board: true when the exchange
/// sequence started by `m` on its destination square wins at least
/// `threshold` for the mover, both sides always recapturing with their least
/// valuable attacker and free to stop.
pub fn see_ge(b: &Board, m: Move, threshold: i32) -> bool {
    let (from, to) = (m.from(), m.to());
    let Some(mover) = b.kind_at(from) else {
        return false;
    };
    if m.promotion().is_some()
        || (mover == PieceKind::King && (from.file() as i8 - to.file() as i8).abs() == 2)
        || (mover == PieceKind::Pawn && from.file() != to.file() && b.piece_at(to).is_none())
    {
        return threshold <= 0;
    }
    let mut swap = b.kind_at(to).map_or(0, |k| SEE_VALUE[k.index()]) - threshold;
    if swap < 0 {
        return false;
    }
    swap = SEE_VALUE[mover.index()] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = b.occupied() ^ from.bb() ^ to.bb();
    let mut attackers = b.attackers_to(to, occ);
    let diag = b.kind_bb(PieceKind::Bishop) | b.kind_bb(PieceKind::Queen);
    let orth = b.kind_bb(PieceKind::Rook) | b.kind_bb(PieceKind::Queen);
    let mut stm: Color = b.side_to_move();
    let mut res = true;
    loop {
        stm = stm.flip();
        attackers &= occ;
        let mine = attackers & b.color_bb(stm);
        if mine == 0 {
            break;
        }
        res = !res;
        let mut least = None;
        for kind in PieceKind::ALL {
            let set = mine & b.kind_bb(kind);
            if set != 0 {
                least = Some((kind, set));
                break;
            }
        }
        let (kind, set) = least.expect("mine is not empty");
        if kind == PieceKind::King {
            // The king may only take last: if the opponent still attacks, it cannot.
            return if attackers & !b.color_bb(stm) != 0 {
                !res
            } else {
                res
            };
        }
        swap = SEE_VALUE[kind.index()] - swap;
        if swap < res as i32 {
            break;
        }
        occ ^= lsb(set).bb();
        if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen) {
            attackers |= bishop_attacks(to, occ) & diag;
        }
        if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
            attackers |= rook_attacks(to, occ) & orth;
        }
    }
    res
}
