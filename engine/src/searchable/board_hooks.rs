//! Search hooks on the 8x8 board, shared by every variant built on it:
//! tactical tests, MVV-LVA, static exchange evaluation, history slots.

use crate::correction::CorrectionKeys;
use eval::MATERIAL;
use movegen::attacks::{bishop_attacks, rook_attacks};
use movegen::bitboard::{lsb, Bitboard};
use movegen::{Board, Color, Move, PieceKind, Square};

const SEE_VALUE: [i32; 6] = [
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    20000,
];

/// Captures (en passant included) and promotions; a Chess960 castling
/// move, which lands on the mover's own rook, is none.
#[inline(always)]
pub fn is_tactical(b: &Board, m: Move) -> bool {
    b.color_bb(b.side_to_move().flip()) & m.to().bb() != 0
        || m.promotion().is_some()
        || (b.kind_at(m.from()) == Some(PieceKind::Pawn) && m.from().file() != m.to().file())
}

/// The correction history's keys: a hash of both sides' pawns, then of
/// White's and of Black's other pieces (king included).
#[inline(always)]
pub fn correction_keys(b: &Board) -> CorrectionKeys {
    let white = b.pieces(Color::White, PieceKind::Pawn);
    let black = b.pieces(Color::Black, PieceKind::Pawn);
    let pawns = white.wrapping_mul(0xD6E8_FEB8_6659_FD93)
        ^ black.wrapping_mul(0xA076_1D64_78BD_642F).rotate_left(32);
    let pieces = |c: Color| {
        const MIX: [u64; 5] = [
            0x9E37_79B9_7F4A_7C15,
            0xBF58_476D_1CE4_E5B9,
            0x94D0_49BB_1331_11EB,
            0xD6E8_FEB8_6659_FD93,
            0xA076_1D64_78BD_642F,
        ];
        let kinds = [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
        ];
        let colour = if c == Color::White {
            0
        } else {
            0x5555_5555_5555_5555
        };
        kinds.iter().zip(MIX).fold(colour, |h, (&k, m)| {
            (h ^ b.pieces(c, k).wrapping_mul(m)).rotate_left(23)
        })
    };
    [pawns, pieces(Color::White), pieces(Color::Black)]
}

/// Most valuable victim, least valuable attacker, promotions on top.
#[inline(always)]
pub fn tactical_score(b: &Board, m: Move) -> i32 {
    let victim = b
        .kind_at(m.to())
        .map_or(MATERIAL[0], |k| MATERIAL[k.index()]);
    let attacker = b.kind_at(m.from()).map_or(0, |k| k.index() as i32);
    let promo = m.promotion().map_or(0, |k| MATERIAL[k.index()]);
    victim * 8 + promo - attacker
}

/// The history slot of a board move: moving piece (0..12) and destination.
#[inline(always)]
pub fn history_index(b: &Board, m: Move) -> usize {
    let p = b.piece_at(m.from()).map_or(0, |p| p.index());
    p * 64 + m.to().index()
}

/// Whether the side to move has pieces other than pawns and king.
#[inline(always)]
pub fn has_non_pawn_material(b: &Board) -> bool {
    let us = b.side_to_move();
    b.color_bb(us) & !(b.pieces(us, PieceKind::Pawn) | b.pieces(us, PieceKind::King)) != 0
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
        || b.is_castling(m)
        || (mover == PieceKind::Pawn && from.file() != to.file() && b.piece_at(to).is_none())
    {
        return threshold <= 0;
    }
    let captured = b.kind_at(to).map_or(0, |k| SEE_VALUE[k.index()]);
    exchange_ge(
        b,
        mover,
        b.occupied() ^ from.bb() ^ to.bb(),
        to,
        captured,
        threshold,
    )
}

/// [`see_ge`] for a drop of a `kind` piece on the empty square `to`: true
/// when the enemy's captures there leave the mover at least `threshold`
/// (a drop never wins material, so a positive threshold fails).
pub fn drop_see_ge(b: &Board, kind: PieceKind, to: Square, threshold: i32) -> bool {
    exchange_ge(b, kind, b.occupied(), to, 0, threshold)
}

/// The exchange on `to` after the side to move put a `mover` there winning
/// `captured`, `occ` being the occupancy without the mover: whether the
/// mover ends at least `threshold` up.
fn exchange_ge(
    b: &Board,
    mover: PieceKind,
    mut occ: Bitboard,
    to: Square,
    captured: i32,
    threshold: i32,
) -> bool {
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    swap = SEE_VALUE[mover.index()] - swap;
    if swap <= 0 {
        return true;
    }
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
