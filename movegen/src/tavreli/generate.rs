//! Legal move generation for tavreli.
//!
//! For every own top on `s` and every destination `t` its top piece reaches
//! (any occupied square but a king's, R2/R5; pawns onto occupied squares
//! only diagonally), each k = 1..=height is a move (R4). Which k are legal
//! is computed per (s, t) as a bit mask (bit k-1): the position after the
//! move differs from the current one only in `s` (vacated when k is the
//! height, otherwise topped by the uncovered piece, promoted if it is a pawn
//! on its last rank, R7), `t` (occupied, its old top covered) and, for en
//! passant, the double-stepped square. The mover's king is tested after all
//! of that (the fine points), so a split that uncovers an enemy piece
//! attacking the king, or an enemy pawn that promotes and checks, is refused.
//!
//! Fast path (not in check, the mover is not the king, not en passant): a
//! split keeps `s` occupied and `t` only gains a blocker or loses an enemy
//! attacker, so the only new attacker is the uncovered piece; moving the
//! whole tower can only open a line through `s` (pins). Otherwise the full
//! attack test runs once for "s stays occupied" and once for "s vacated",
//! and the uncovered pieces are tested by kind.

use super::piece::{last_rank, Code, Kind, KINDS};
use super::state::{attacks_of, TavreliBoard};
use super::tmove::TavreliMove;
use crate::attacks::*;
use crate::bitboard::{forward, more_than_one, Bitboard, Squares};
use crate::board::castle;
use crate::types::{Color, Square};
use arrayvec::ArrayVec;

/// Room for every legal move: at most 32 pieces, each in a tower whose top
/// reaches at most 35 squares (a Helgi), one move per piece moved.
pub const MAX_TAVRELI_MOVES: usize = 1152;

/// A move list for tavreli.
pub type TavreliMoveList = ArrayVec<TavreliMove, MAX_TAVRELI_MOVES>;

/// Receives legal moves a (from, to) pair at a time.
pub trait TowerSink {
    /// The moves from `s` to `t` of the top k pieces for every bit k-1 set
    /// in `ks`; `h` is the height on `s`.
    fn moves(&mut self, s: Square, t: Square, h: u32, ks: u32);
}

/// Counts moves (perft's last ply).
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl TowerSink for MoveCounter {
    #[inline(always)]
    fn moves(&mut self, _s: Square, _t: Square, _h: u32, ks: u32) {
        self.0 += ks.count_ones() as u64;
    }
}

impl<const N: usize> TowerSink for ArrayVec<TavreliMove, N> {
    #[inline(always)]
    fn moves(&mut self, s: Square, t: Square, h: u32, mut ks: u32) {
        while ks != 0 {
            let k = ks.trailing_zeros() + 1;
            ks &= ks - 1;
            self.push(TavreliMove::new(s, t, k, k == h));
        }
    }
}

/// Bits 0..h-1: every k from 1 to h.
#[inline(always)]
fn all_k(h: u32) -> u32 {
    if h >= 32 {
        u32::MAX
    } else {
        (1u32 << h) - 1
    }
}

/// What the generator needs about the side to move's situation.
struct Ctx<'a> {
    b: &'a TavreliBoard,
    us: Color,
    them: Color,
    ksq: Square,
    occ: Bitboard,
    kings: Bitboard,
    e_pawn: Bitboard,
    e_knight: Bitboard,
    e_diag: Bitboard,
    e_orth: Bitboard,
    e_king: Bitboard,
}

impl<'a> Ctx<'a> {
    #[inline(always)]
    fn new(b: &'a TavreliBoard) -> Ctx<'a> {
        let us = b.side_to_move();
        let them = us.flip();
        let t = |k: Kind| b.tops(them, k);
        let helgi = t(Kind::Helgi);
        Ctx {
            b,
            us,
            them,
            ksq: b.king_square(us),
            occ: b.occupied(),
            kings: b.kind_bb(Kind::King),
            e_pawn: t(Kind::Pawn),
            e_knight: t(Kind::Knight) | helgi,
            e_diag: t(Kind::Bishop) | t(Kind::Queen) | helgi,
            e_orth: t(Kind::Rook) | t(Kind::Queen) | helgi,
            e_king: t(Kind::King),
        }
    }

    /// Whether the enemy tops, except those on `removed` (covered), attack
    /// `sq` with `occ` blocking.
    #[inline(always)]
    fn attacked(&self, sq: Square, occ: Bitboard, removed: Bitboard) -> bool {
        let keep = !removed;
        (knight_attacks(sq) & self.e_knight & keep) != 0
            || (pawn_attacks(sq, self.us) & self.e_pawn & keep) != 0
            || (king_attacks(sq) & self.e_king & keep) != 0
            || (self.e_diag & keep != 0 && bishop_attacks(sq, occ) & self.e_diag & keep != 0)
            || (self.e_orth & keep != 0 && rook_attacks(sq, occ) & self.e_orth & keep != 0)
    }

    /// Our tops whose whole-tower move would open a slider line to our king.
    #[inline(always)]
    fn pinned(&self) -> Bitboard {
        let snipers =
            (bishop_attacks(self.ksq, 0) & self.e_diag) | (rook_attacks(self.ksq, 0) & self.e_orth);
        let ours = self.b.color_bb(self.us);
        let mut pinned = 0;
        for s in Squares(snipers) {
            let between = between(self.ksq, s) & self.occ;
            if between != 0 && !more_than_one(between) && between & ours != 0 {
                pinned |= between;
            }
        }
        pinned
    }
}

/// The enemy pieces under an own top, by the kind they would move as once
/// uncovered: `masks[kind]` has bit k-1 set when moving the top k pieces
/// would leave that piece on top.
#[derive(Default)]
struct Uncovered {
    masks: [u32; KINDS],
    any: u32,
}

impl Uncovered {
    #[inline(always)]
    fn of(b: &TavreliBoard, s: Square, them: Color) -> Uncovered {
        let mut u = Uncovered::default();
        for (depth, c) in b.tower(s).enumerate().skip(1) {
            if c.color() == them {
                let kind = c.kind_as_top_on(s.rank());
                u.masks[kind.index()] |= 1 << (depth - 1);
                u.any |= 1 << (depth - 1);
            }
        }
        u
    }

    /// The k bits whose uncovered piece attacks `target` from `s`.
    #[inline(always)]
    fn attacking(&self, them: Color, s: Square, target: Square, occ: Bitboard) -> u32 {
        if self.any == 0 {
            return 0;
        }
        let mut bad = 0;
        for kind in Kind::ALL {
            let m = self.masks[kind.index()];
            if m != 0 && attacks_of(kind, them, s, occ) & target.bb() != 0 {
                bad |= m;
            }
        }
        bad
    }
}

/// The destinations of the top piece `c` on `s`, en passant excluded.
#[inline(always)]
fn destinations(ctx: &Ctx, s: Square, c: Code) -> Bitboard {
    let occ = ctx.occ;
    let t = match c.kind() {
        Kind::Pawn => {
            // Diagonally forward onto any tower (R2); straight on only onto
            // empty squares, two steps with the double-step right (R8). A
            // pawn is never a top on its last rank (it promotes), so the
            // square ahead exists.
            let one = forward(s.bb(), ctx.us);
            let mut t = pawn_attacks(s, ctx.us) & occ;
            if one & occ == 0 {
                t |= one;
                if c.double_step() {
                    t |= forward(one, ctx.us) & !occ;
                }
            }
            t
        }
        kind => attacks_of(kind, ctx.us, s, occ),
    };
    t & !ctx.kings
}

/// The legal k bits of a move from `s` to `t` by the full test: the king
/// (on `t` if it is the mover) must not be attacked once the move, the
/// liberation on `s` and any promotion are done. `cap` is the double-stepped
/// square for en passant.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn full_test(
    ctx: &Ctx,
    s: Square,
    t: Square,
    h: u32,
    king_moves: bool,
    unc: &Uncovered,
    cap: Bitboard,
) -> u32 {
    let king = if king_moves { t } else { ctx.ksq };
    let removed = t.bb() | cap;
    let occ_keep = (ctx.occ & !cap) | t.bb();
    let mut ks = 0;
    if h > 1 && !ctx.attacked(king, occ_keep, removed) {
        ks = all_k(h - 1) & !unc.attacking(ctx.them, s, king, occ_keep);
    }
    if !ctx.attacked(king, occ_keep & !s.bb(), removed) {
        ks |= 1 << (h - 1);
    }
    ks
}

/// Generates the legal moves of the side to move into `sink`. With
/// `TACTICAL` and not in check, only moves that cover an enemy top, take en
/// passant or promote (the mover, or an own pawn uncovered on its last rank).
#[inline(always)]
pub fn generate<S: TowerSink, const TACTICAL: bool>(b: &TavreliBoard, sink: &mut S) {
    let ctx = Ctx::new(b);
    let (us, them, ksq) = (ctx.us, ctx.them, ctx.ksq);
    let checkers = b.attackers_to(ksq, ctx.occ) & b.color_bb(them);
    let in_check = checkers != 0;
    let only_tactical = TACTICAL && !in_check;
    // Where a non-king move must go when in check: onto the checker or
    // between it and the king (nowhere against a double check).
    let evasion = if !in_check {
        !0
    } else if more_than_one(checkers) {
        0
    } else {
        let c = Square::new(checkers.trailing_zeros() as u8);
        checkers | between(ksq, c)
    };
    let pinned = if in_check { 0 } else { ctx.pinned() };
    let enemy_tops = b.color_bb(them);
    let ep = b.ep_square();
    let promo_rank = crate::bitboard::rank_bb(last_rank(us));

    for s in Squares(b.color_bb(us)) {
        let c = b.top(s).expect("a top");
        let h = b.height(s) as u32;
        let unc = Uncovered::of(b, s, them);
        let kind = c.kind();
        let mut targets = destinations(&ctx, s, c);
        // With TACTICAL: the k bits that uncover an own pawn on its last rank.
        let mut promo_ks = 0u32;
        if only_tactical {
            if s.rank() == last_rank(us) {
                for (depth, u) in b.tower(s).enumerate().skip(1) {
                    if u.color() == us && u.is_pawn() {
                        promo_ks |= 1 << (depth - 1);
                    }
                }
            }
            if promo_ks == 0 {
                let mut keep = enemy_tops;
                if kind == Kind::Pawn {
                    keep |= promo_rank;
                }
                targets &= keep;
            }
        }
        if kind == Kind::King {
            for t in Squares(targets) {
                let mut ks = full_test(&ctx, s, t, h, true, &unc, 0);
                if only_tactical && enemy_tops & t.bb() == 0 {
                    ks &= promo_ks;
                }
                if ks != 0 {
                    sink.moves(s, t, h, ks);
                }
            }
            if !in_check && !only_tactical {
                castling(&ctx, s, sink);
            }
            continue;
        }
        if kind == Kind::Pawn {
            if let Some(e) = ep {
                if pawn_attacks(s, us) & e.bb() != 0 {
                    let cap = Square::new(e.index() as u8 ^ 8).bb();
                    let ks = full_test(&ctx, s, e, h, false, &unc, cap);
                    if ks != 0 {
                        sink.moves(s, e, h, ks);
                    }
                }
            }
        }
        targets &= evasion;
        if targets == 0 {
            continue;
        }
        let tactical_mask = |t: Square| -> u32 {
            if !only_tactical
                || enemy_tops & t.bb() != 0
                || (kind == Kind::Pawn && promo_rank & t.bb() != 0)
            {
                u32::MAX
            } else {
                promo_ks
            }
        };
        if in_check {
            for t in Squares(targets) {
                let ks = full_test(&ctx, s, t, h, false, &unc, 0) & tactical_mask(t);
                if ks != 0 {
                    sink.moves(s, t, h, ks);
                }
            }
            continue;
        }
        // Fast path: only the uncovered piece can attack (splits), only a
        // pin can open a line (whole tower).
        let whole_bit = 1u32 << (h - 1);
        let keep_all = all_k(h - 1);
        let (mut fixed, mut blockable) = (0u32, 0u32);
        let between_sk = between(s, ksq);
        if unc.any != 0 {
            for kind in Kind::ALL {
                let m = unc.masks[kind.index()];
                if m == 0 {
                    continue;
                }
                let hit = attacks_of(kind, them, s, ctx.occ) & ksq.bb() != 0;
                if !hit {
                    continue;
                }
                // A slider's hit through empty squares can be blocked by t.
                let leaps = match kind {
                    Kind::Pawn => pawn_attacks(s, them),
                    Kind::Knight => knight_attacks(s),
                    Kind::King => king_attacks(s),
                    Kind::Helgi => knight_attacks(s),
                    _ => 0,
                };
                if leaps & ksq.bb() != 0 || between_sk == 0 {
                    fixed |= m;
                } else {
                    blockable |= m;
                }
            }
        }
        let pinned_here = pinned & s.bb() != 0;
        let pin_line = line(ksq, s);
        for t in Squares(targets) {
            let tb = t.bb();
            let bad = fixed | if between_sk & tb != 0 { 0 } else { blockable };
            let mut ks = keep_all & !bad;
            if !pinned_here || pin_line & tb != 0 {
                ks |= whole_bit;
            }
            ks &= tactical_mask(t);
            if ks != 0 {
                sink.moves(s, t, h, ks);
            }
        }
    }
}

/// R9: FIDE castling by a king and a rook that each stand alone and have
/// never moved; the king is not in check and passes no attacked square.
#[inline(always)]
fn castling<S: TowerSink>(ctx: &Ctx, ksq: Square, sink: &mut S) {
    let b = ctx.b;
    let (kside, qside, home) = match ctx.us {
        Color::White => (castle::WHITE_KING, castle::WHITE_QUEEN, 4u8),
        Color::Black => (castle::BLACK_KING, castle::BLACK_QUEEN, 60u8),
    };
    let rights = b.castling();
    if rights & (kside | qside) == 0 || ksq.index() as u8 != home || b.height(ksq) != 1 {
        return;
    }
    let sq = |i: u8| Square::new(i);
    let alone_rook = |i: u8| {
        b.height(sq(i)) == 1
            && b.top(sq(i))
                .is_some_and(|c| c.kind() == Kind::Rook && c.color() == ctx.us)
    };
    let free = |a: u8, n: u8| (a..a + n).all(|i| ctx.occ & sq(i).bb() == 0);
    let safe = |a: u8, n: u8| (a..a + n).all(|i| !ctx.attacked(sq(i), ctx.occ, 0));
    if rights & kside != 0 && alone_rook(home + 3) && free(home + 1, 2) && safe(home + 1, 2) {
        sink.moves(ksq, sq(home + 2), 1, 1);
    }
    if rights & qside != 0 && alone_rook(home - 4) && free(home - 3, 3) && safe(home - 2, 2) {
        sink.moves(ksq, sq(home - 2), 1, 1);
    }
}

/// Whether the side to move has a legal en passant move (used when a double
/// step is made, to keep the en passant square only then).
pub fn has_legal_ep(b: &TavreliBoard) -> bool {
    let Some(e) = b.ep_square() else {
        return false;
    };
    let ctx = Ctx::new(b);
    let cap = Square::new(e.index() as u8 ^ 8).bb();
    let pawns = pawn_attacks(e, ctx.them) & b.tops(ctx.us, Kind::Pawn);
    Squares(pawns).any(|s| {
        let unc = Uncovered::of(b, s, ctx.them);
        full_test(&ctx, s, e, b.height(s) as u32, false, &unc, cap) != 0
    })
}

/// True for the moves [`generate`] with `TACTICAL` keeps out of check:
/// covering an enemy top, en passant, or promoting (the mover reaching its
/// last rank, or an own pawn uncovered on it).
#[inline(always)]
pub fn is_tactical(b: &TavreliBoard, m: TavreliMove) -> bool {
    let us = b.side_to_move();
    let (s, t) = (m.from(), m.to());
    let pawn = b.top(s).is_some_and(|c| c.is_pawn());
    if b.color_bb(us.flip()) & t.bb() != 0 || (pawn && b.ep_square() == Some(t)) {
        return true;
    }
    let last = last_rank(us);
    if pawn && t.rank() == last {
        return true;
    }
    !m.is_whole()
        && s.rank() == last
        && b.piece_at_depth(s, m.count() as usize)
            .is_some_and(|u| u.color() == us && u.is_pawn())
}

/// The legal moves of the side to move.
pub fn legal_moves(b: &TavreliBoard) -> TavreliMoveList {
    let mut list = TavreliMoveList::new();
    generate::<_, false>(b, &mut list);
    list
}

/// The number of legal moves of the side to move.
#[inline]
pub fn count_moves(b: &TavreliBoard) -> u64 {
    let mut c = MoveCounter(0);
    generate::<_, false>(b, &mut c);
    c.0
}

/// Plays `m` on `b` (copy-make helper that fills in the en passant test).
#[inline(always)]
pub fn make(b: &mut TavreliBoard, m: TavreliMove) {
    b.make(m, has_legal_ep);
}

/// Leaf nodes `depth` plies below `b`: copy-make, the last ply counted in bulk.
pub fn perft(b: &TavreliBoard, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(b),
        _ => {
            let mut list = TavreliMoveList::new();
            generate::<_, false>(b, &mut list);
            list.iter()
                .map(|&m| {
                    let mut c = *b;
                    make(&mut c, m);
                    perft(&c, depth - 1)
                })
                .sum()
        }
    }
}
