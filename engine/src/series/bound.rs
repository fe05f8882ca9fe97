//! Admissible lower bounds for the series-mate solver.
//!
//! For the enemy king to be mated at the end of our series, its square must
//! be attacked (check) and so must every square next to it that no enemy
//! piece occupies (enemy pieces do not move during our series; capturing one
//! only adds squares to cover). On an empty board a piece needs no more moves
//! to reach a square, or to attack one, than on the real board, and attacks
//! at least as much from where it ends. So the fewest moves with which our
//! pieces, each ending on one square (a pawn possibly promoted), attack every
//! such square bounds the moves left to mate from below. Blocking,
//! interposition and capture of the checker are ignored: the bound never
//! overestimates.
//!
//! Three strengths, cheapest first: the hardest single square
//! ([`quick_bound`]); a cover where each piece's cost is its distance to the
//! hardest square given to it; the exact cover over final squares, searched
//! with a node budget (on running out, the weaker bound is used).
//!
//! Italian defender: an escape that discovers check on our king is illegal
//! for him (I1), so such squares need no cover. Where our king could reach
//! the line behind the enemy king from an enemy slider, the squares off that
//! line are dropped from the set (the bound stays admissible).

use movegen::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use movegen::bitboard::{Bitboard, Squares};
use movegen::progressive::{RuleSet, SeriesRules, SeriesState};
use movegen::{Color, PieceKind, Square};
use std::sync::LazyLock;

/// "Cannot" in the distance tables.
pub const FAR: u8 = 64;

/// Distance tables on an empty board. `moves[kind][from][to]`: fewest moves
/// of a piece of that kind from `from` to `to`; `att[kind][from][target]`:
/// fewest moves until it attacks `target` (0: it does already). Pawns by
/// colour: `pawn_moves` stays a pawn, `promo_moves[color][k]` promotes to a
/// queen (k = 0) or a knight (k = 1) and goes on; `pawn` (attack) includes
/// promotions, `pawn_frozen` only those whose new piece attacks at once
/// (English: a piece promoted in the series may not move again).
pub struct Tables {
    moves: Vec<[[u8; 64]; 64]>,
    att: Vec<[[u8; 64]; 64]>,
    pawn_moves: Vec<[[u8; 64]; 64]>,
    promo_moves: Vec<[[u8; 64]; 64]>,
    pawn: Vec<[[u8; 64]; 64]>,
    pawn_frozen: Vec<[[u8; 64]; 64]>,
}

fn empty_attacks(kind: PieceKind, sq: Square) -> Bitboard {
    match kind {
        PieceKind::Knight => knight_attacks(sq),
        PieceKind::Bishop => bishop_attacks(sq, 0),
        PieceKind::Rook => rook_attacks(sq, 0),
        PieceKind::Queen => bishop_attacks(sq, 0) | rook_attacks(sq, 0),
        PieceKind::King => king_attacks(sq),
        PieceKind::Pawn => 0,
    }
}

/// The squares a piece of `kind` and colour `color` attacks from `sq` on an
/// empty board.
#[inline(always)]
pub fn empty_attacks_of(kind: PieceKind, color: Color, sq: Square) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(sq, color),
        _ => empty_attacks(kind, sq),
    }
}

/// Moves for a pawn of `color` from `from` to `to`, staying a pawn (pushes,
/// the double step from its second rank, one file per capture).
fn pawn_walk(from: Square, to: Square, color: Color) -> u8 {
    if from == to {
        return 0;
    }
    let r = from.relative_rank(color) as i32;
    let tr = to.relative_rank(color) as i32;
    if r == 0 || r == 7 || tr == 7 || tr <= r {
        return FAR;
    }
    let a = tr - r;
    let c = (to.file() as i32 - from.file() as i32).abs();
    if c > a {
        return FAR;
    }
    let mut m = a;
    if r == 1 && a >= 2 && c <= a - 2 {
        m = a - 1;
    }
    m as u8
}

const PLAIN: [PieceKind; 5] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::King,
];

impl Tables {
    fn build() -> Tables {
        let blank = [[FAR; 64]; 64];
        let mut t = Tables {
            moves: vec![blank; 6],
            att: vec![blank; 6],
            pawn_moves: vec![blank; 2],
            promo_moves: vec![blank; 4],
            pawn: vec![blank; 2],
            pawn_frozen: vec![blank; 2],
        };
        for kind in PLAIN {
            for from in Square::all() {
                let dist = &mut t.moves[kind.index()][from.index()];
                dist[from.index()] = 0;
                let mut frontier = from.bb();
                let mut d = 0u8;
                while frontier != 0 {
                    let mut next = 0u64;
                    for s in Squares(frontier) {
                        next |= empty_attacks(kind, s);
                    }
                    d += 1;
                    let mut fresh = 0;
                    for s in Squares(next) {
                        if dist[s.index()] == FAR {
                            dist[s.index()] = d;
                            fresh |= s.bb();
                        }
                    }
                    frontier = fresh;
                }
                for at in Square::all() {
                    let dd = t.moves[kind.index()][from.index()][at.index()];
                    if dd == FAR {
                        continue;
                    }
                    for target in Squares(empty_attacks(kind, at)) {
                        let e = &mut t.att[kind.index()][from.index()][target.index()];
                        *e = (*e).min(dd);
                    }
                }
            }
        }
        for color in Color::ALL {
            let ci = color.index();
            let last_rank = if color == Color::White { 7 } else { 0 };
            for from in Square::all() {
                let r = from.relative_rank(color) as i32;
                if r == 0 || r == 7 {
                    continue;
                }
                for to in Square::all() {
                    t.pawn_moves[ci][from.index()][to.index()] = pawn_walk(from, to, color);
                }
                // Moves to each promotion square.
                let mut qs = [FAR; 8];
                for (pf, q) in qs.iter_mut().enumerate() {
                    let c = (pf as i32 - from.file() as i32).abs();
                    let a = 7 - r;
                    if c <= a {
                        *q = if r == 1 && c <= a - 2 { a - 1 } else { a } as u8;
                    }
                }
                for (k, kind) in [PieceKind::Queen, PieceKind::Knight]
                    .into_iter()
                    .enumerate()
                {
                    for to in Square::all() {
                        let mut best = FAR as u32;
                        for (pf, &qd) in qs.iter().enumerate() {
                            let q = Square::from_coords(pf as u8, last_rank);
                            let md = t.moves[kind.index()][q.index()][to.index()];
                            if qd != FAR && md != FAR {
                                best = best.min(qd as u32 + md as u32);
                            }
                        }
                        t.promo_moves[2 * ci + k][from.index()][to.index()] =
                            best.min(FAR as u32) as u8;
                    }
                }
                for target in Square::all() {
                    let mut plain = FAR;
                    for at in Squares(pawn_attacks(target, color.flip())) {
                        plain = plain.min(pawn_walk(from, at, color));
                    }
                    let mut promo = FAR as u32;
                    let mut promo_frozen = FAR as u32;
                    for (pf, &qd) in qs.iter().enumerate() {
                        if qd == FAR {
                            continue;
                        }
                        let q = Square::from_coords(pf as u8, last_rank);
                        let ad = t.att[PieceKind::Queen.index()][q.index()][target.index()]
                            .min(t.att[PieceKind::Knight.index()][q.index()][target.index()]);
                        if ad != FAR {
                            promo = promo.min(qd as u32 + ad as u32);
                            if ad == 0 {
                                promo_frozen = promo_frozen.min(qd as u32);
                            }
                        }
                    }
                    t.pawn[ci][from.index()][target.index()] =
                        (plain as u32).min(promo).min(FAR as u32) as u8;
                    t.pawn_frozen[ci][from.index()][target.index()] =
                        (plain as u32).min(promo_frozen).min(FAR as u32) as u8;
                }
            }
        }
        t
    }

    /// Fewest moves for `color`'s piece of `kind` on `from` to attack
    /// `target` (`frozen_promo`: a promoted piece may not move on).
    #[inline(always)]
    pub fn dist(
        &self,
        kind: PieceKind,
        color: Color,
        from: Square,
        target: Square,
        frozen_promo: bool,
    ) -> u8 {
        match kind {
            PieceKind::Pawn if frozen_promo => {
                self.pawn_frozen[color.index()][from.index()][target.index()]
            }
            PieceKind::Pawn => self.pawn[color.index()][from.index()][target.index()],
            _ => self.att[kind.index()][from.index()][target.index()],
        }
    }

    /// Fewest moves for a piece of `kind` from `from` to `to` (pawns stay pawns).
    #[inline(always)]
    pub fn walk(&self, kind: PieceKind, color: Color, from: Square, to: Square) -> u8 {
        match kind {
            PieceKind::Pawn => self.pawn_moves[color.index()][from.index()][to.index()],
            _ => self.moves[kind.index()][from.index()][to.index()],
        }
    }

    /// Fewest moves for a pawn to promote to a queen (`knight` false) or a
    /// knight and then reach `to`.
    #[inline(always)]
    pub fn promo_walk(&self, color: Color, knight: bool, from: Square, to: Square) -> u8 {
        self.promo_moves[2 * color.index() + knight as usize][from.index()][to.index()]
    }
}

/// Node budget of one cover search (then the quick bound answers).
const BUDGET: u32 = 2000;

/// The tables, built on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The enemy king's square and the squares next to it that must be attacked
/// at the end of the series for a mate (see the module documentation).
pub fn required_squares<R: SeriesRules>(s: &SeriesState, left: u32) -> (Square, Bitboard) {
    let b = &s.board;
    let us = s.mover();
    let them = us.flip();
    let ksq = b.king_square(them);
    let mut escapes = king_attacks(ksq) & !b.color_bb(them);
    if R::SET == RuleSet::Italian {
        // A king move that discovers check on our king is illegal for the
        // Italian defender (his series has at least two moves).
        let our_king = b.king_square(us);
        let diag = b.pieces(them, PieceKind::Bishop) | b.pieces(them, PieceKind::Queen);
        let orth = b.pieces(them, PieceKind::Rook) | b.pieces(them, PieceKind::Queen);
        for x in Squares((bishop_attacks(ksq, 0) & diag) | (rook_attacks(ksq, 0) & orth)) {
            let l = line(x, ksq);
            let reachable = Squares(l).any(|sq| {
                sq != ksq
                    && between(sq, x) & ksq.bb() != 0
                    && (sq.file() as i32 - our_king.file() as i32)
                        .abs()
                        .max((sq.rank() as i32 - our_king.rank() as i32).abs())
                        as u32
                        <= left
            });
            if reachable {
                escapes &= l;
            }
        }
    }
    (ksq, escapes)
}

const MAX_PIECES: usize = 16;

/// `bb` as bits of the required squares `req`.
#[inline(always)]
fn compress(req: &[Square], bb: Bitboard) -> u16 {
    let mut c = 0;
    for (i, r) in req.iter().enumerate() {
        if bb & r.bb() != 0 {
            c |= 1 << i;
        }
    }
    c
}

const UNMOVED: u16 = u16::MAX;

/// One of the mover's pieces as the bound sees it.
#[derive(Clone, Copy)]
struct Unit {
    kind: PieceKind,
    sq: Square,
    /// English: promoted in this series, may not move.
    frozen: bool,
    /// What it attacks from where it stands.
    now: Bitboard,
    /// The same, as bits of the required squares.
    now_c: u16,
}

/// Bound computation for one position.
pub struct Bound<'a> {
    t: &'a Tables,
    us: Color,
    ksq: Square,
    req: Bitboard,
    units: [Unit; MAX_PIECES],
    n: usize,
    rounds: bool,
    budget: u32,
    first: bool,
    found: bool,
    /// The required squares, king first.
    req_list: [Square; 9],
    nreq: usize,
}

impl<'a> Bound<'a> {
    /// Prepares the bound for the mover of `s` with up to `left` moves.
    pub fn new<R: SeriesRules>(s: &SeriesState, left: u32) -> Bound<'static> {
        let b = &s.board;
        let us = s.mover();
        let (ksq, escapes) = required_squares::<R>(s, left);
        let mut units = [Unit {
            kind: PieceKind::Pawn,
            sq: ksq,
            frozen: true,
            now: 0,
            now_c: 0,
        }; MAX_PIECES];
        let mut req_list = [ksq; 9];
        let mut nreq = 1;
        for e in Squares(escapes) {
            req_list[nreq] = e;
            nreq += 1;
        }
        let mut n = 0;
        for sq in Squares(b.color_bb(us)) {
            if n == MAX_PIECES {
                break;
            }
            let kind = b.kind_at(sq).expect("a piece");
            let mut now = empty_attacks_of(kind, us, sq);
            if kind == PieceKind::King {
                now &= !ksq.bb();
            }
            units[n] = Unit {
                kind,
                sq,
                frozen: s.frozen & sq.bb() != 0,
                now,
                now_c: compress(&req_list[..nreq], now),
            };
            n += 1;
        }
        Bound {
            t: &TABLES,
            us,
            ksq,
            req: escapes | ksq.bb(),
            units,
            n,
            rounds: R::ROUNDS,
            budget: 0,
            first: false,
            found: false,
            req_list,
            nreq,
        }
    }

    /// The fewest moves for unit `u` to attack `r` (FAR: never).
    #[inline(always)]
    fn reach(&self, u: &Unit, r: Square) -> u8 {
        if u.now & r.bb() != 0 {
            return 0;
        }
        if u.frozen || (u.kind == PieceKind::King && r == self.ksq) {
            return FAR;
        }
        self.t.dist(u.kind, self.us, u.sq, r, self.rounds)
    }

    /// The hardest required square's cheapest cover.
    pub fn quick(&self) -> u32 {
        let mut worst = 0u8;
        for r in Squares(self.req) {
            let mut best = FAR;
            for u in &self.units[..self.n] {
                best = best.min(self.reach(u, r));
                if best == 0 {
                    break;
                }
            }
            worst = worst.max(best);
        }
        worst as u32
    }

    /// `limit + 1` when the mover provably cannot mate within `limit`
    /// moves; otherwise a key for move ordering, at least 1: with `strong`
    /// the cost of the first final-square cover found, without it the
    /// distance cover's minimum (a true lower bound).
    pub fn lower_bound(&mut self, limit: u32, strong: bool) -> u32 {
        match self.estimate(limit, strong) {
            None => limit + 1,
            Some(_) if !strong => {
                // The distance cover's exact minimum.
                let mut a = [0u8; MAX_PIECES];
                let mut best = limit + 1;
                self.budget = BUDGET;
                self.first = false;
                self.found = false;
                self.cover_dist(&mut a, 0, &mut best);
                if self.budget == 0 {
                    self.quick().max(1)
                } else {
                    best.max(1)
                }
            }
            Some(v) => v,
        }
    }

    /// None when no cover within `limit` moves exists (the mover cannot
    /// mate in `limit` moves); otherwise the cost of a cover found (an
    /// estimate for move ordering, not a bound). `strong`: the final-square
    /// cover, else the distance cover. Running out of budget answers with
    /// the quick bound.
    pub fn estimate(&mut self, limit: u32, strong: bool) -> Option<u32> {
        let q = self.quick();
        if q > limit {
            return None;
        }
        let mut best = limit + 1;
        self.budget = BUDGET;
        self.first = true;
        self.found = false;
        if strong {
            let mut assigned = [UNMOVED; MAX_PIECES];
            self.cover_final(&mut assigned, 0, &mut best);
        } else {
            let mut a = [0u8; MAX_PIECES];
            self.cover_dist(&mut a, 0, &mut best);
        }
        if best <= limit {
            Some(best.max(q).max(1))
        } else if self.budget == 0 {
            Some(q.max(1))
        } else {
            None
        }
    }

    /// Piece-distance cover: each unit pays the distance to the hardest
    /// square given to it (and covers whatever it could attack with that
    /// many moves).
    fn cover_dist(&mut self, a: &mut [u8; MAX_PIECES], cost: u32, best: &mut u32) {
        if cost >= *best || self.budget == 0 || self.found {
            return;
        }
        self.budget -= 1;
        let mut pick = None;
        let mut pick_extra = 0u32;
        for r in Squares(self.req) {
            let mut min_extra = u32::MAX;
            let mut covered = false;
            for (i, u) in self.units[..self.n].iter().enumerate() {
                let v = self.reach(u, r);
                if v == FAR {
                    continue;
                }
                if v <= a[i] {
                    covered = true;
                    break;
                }
                min_extra = min_extra.min((v - a[i]) as u32);
            }
            if covered {
                continue;
            }
            if min_extra == u32::MAX || cost + min_extra >= *best {
                return;
            }
            if pick.is_none() || min_extra > pick_extra {
                pick = Some(r);
                pick_extra = min_extra;
            }
        }
        let Some(r) = pick else {
            *best = cost;
            self.found = self.first;
            return;
        };
        for i in 0..self.n {
            let v = self.reach(&self.units[i], r);
            if v == FAR || v <= a[i] || cost + (v - a[i]) as u32 >= *best {
                continue;
            }
            let old = a[i];
            a[i] = v;
            self.cover_dist(a, cost + (v - old) as u32, best);
            a[i] = old;
        }
    }

    /// Exact cover over final squares: `assigned[i]` is what unit i attacks
    /// from its final square, as bits of the required squares (UNMOVED: it
    /// has not moved).
    fn cover_final(&mut self, assigned: &mut [u16; MAX_PIECES], cost: u32, best: &mut u32) {
        if cost >= *best || self.budget == 0 || self.found {
            return;
        }
        self.budget -= 1;
        let full: u16 = (1 << self.nreq) - 1;
        let mut covered = 0u16;
        for (a, u) in assigned.iter().zip(&self.units[..self.n]) {
            covered |= if *a == UNMOVED { u.now_c } else { *a };
        }
        let open = full & !covered;
        if open == 0 {
            *best = cost;
            self.found = self.first;
            return;
        }
        // The open square hardest to cover by units that have not moved yet.
        let mut pick = usize::MAX;
        let mut pick_min = 0u32;
        for ri in 0..self.nreq {
            if open & (1 << ri) == 0 {
                continue;
            }
            let r = self.req_list[ri];
            let mut m = u32::MAX;
            for (a, u) in assigned.iter().zip(&self.units[..self.n]) {
                if *a == UNMOVED {
                    let v = self.reach(u, r);
                    if v != FAR && v != 0 {
                        m = m.min(v as u32);
                    }
                }
            }
            if m == u32::MAX || cost + m >= *best {
                return;
            }
            if pick == usize::MAX || m > pick_min {
                pick = ri;
                pick_min = m;
            }
        }
        let r = self.req_list[pick];
        let room = *best - cost - 1;
        // Candidates (cost, unit, coverage), without those another final
        // square of the same unit beats (covers a superset, costs no more).
        let mut cands: arrayvec::ArrayVec<(u8, u8, u16), 256> = arrayvec::ArrayVec::new();
        for (i, (a, &u)) in assigned.iter().zip(&self.units[..self.n]).enumerate() {
            if *a != UNMOVED {
                continue;
            }
            let v = self.reach(&u, r);
            if v == FAR || v == 0 || v as u32 > room {
                continue;
            }
            let first_of_unit = cands.len();
            let kinds: &[(PieceKind, bool)] = if u.kind == PieceKind::Pawn {
                &[
                    (PieceKind::Pawn, false),
                    (PieceKind::Queen, true),
                    (PieceKind::Knight, true),
                ]
            } else {
                &[(u.kind, false)]
            };
            for &(kind, promoted) in kinds {
                let from_squares = match kind {
                    PieceKind::Pawn => pawn_attacks(r, self.us.flip()),
                    k => empty_attacks(k, r),
                };
                for f in Squares(from_squares) {
                    let c = if promoted {
                        // English: the promoted piece stays where it appears.
                        if self.rounds && f.relative_rank(self.us) != 7 {
                            continue;
                        }
                        self.t
                            .promo_walk(self.us, kind == PieceKind::Knight, u.sq, f)
                    } else {
                        self.t.walk(kind, self.us, u.sq, f)
                    };
                    if c == FAR || c == 0 || c as u32 > room {
                        continue;
                    }
                    let mut att = empty_attacks_of(kind, self.us, f);
                    if kind == PieceKind::King {
                        att &= !self.ksq.bb();
                    }
                    let cov = compress(&self.req_list[..self.nreq], att);
                    // Dominance within this unit's candidates.
                    let mut dominated = false;
                    let mut k = first_of_unit;
                    while k < cands.len() {
                        let (oc, _, ocov) = cands[k];
                        if oc <= c && ocov & cov == cov {
                            dominated = true;
                            break;
                        }
                        if c <= oc && cov & ocov == ocov {
                            cands.swap_remove(k);
                            continue;
                        }
                        k += 1;
                    }
                    if !dominated {
                        if cands.is_full() {
                            // Too many to search exhaustively: give up (the
                            // caller falls back to the quick bound).
                            self.budget = 0;
                            return;
                        }
                        cands.push((c, i as u8, cov));
                    }
                }
            }
        }
        // Cheap first; among equals, those covering more.
        cands.sort_unstable_by_key(|c| (c.0, std::cmp::Reverse((c.2 & open).count_ones())));
        for &(c, i, cov) in cands.iter() {
            if cost + c as u32 >= *best {
                break;
            }
            assigned[i as usize] = cov;
            self.cover_final(assigned, cost + c as u32, best);
            assigned[i as usize] = UNMOVED;
            if self.budget == 0 || self.found {
                return;
            }
        }
    }
}

/// The lower bound on moves to mate for the mover of `s` (see [`Bound`]).
pub fn mate_lower_bound<R: SeriesRules>(s: &SeriesState, limit: u32, strong: bool) -> u32 {
    Bound::new::<R>(s, limit).lower_bound(limit, strong)
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::progressive::{fen, Italian, Scottish};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn distances() {
        let t = &*TABLES;
        assert_eq!(
            t.dist(PieceKind::Rook, Color::White, sq("a1"), sq("h8"), false),
            1
        );
        assert_eq!(
            t.dist(PieceKind::Rook, Color::White, sq("a1"), sq("a8"), false),
            0
        );
        assert_eq!(
            t.dist(PieceKind::Bishop, Color::White, sq("c1"), sq("h6"), false),
            0
        );
        assert_eq!(
            t.dist(PieceKind::Bishop, Color::White, sq("c1"), sq("h5"), false),
            FAR
        );
        assert_eq!(
            t.dist(PieceKind::Knight, Color::White, sq("g1"), sq("e2"), false),
            0
        );
        assert_eq!(
            t.dist(PieceKind::King, Color::White, sq("e1"), sq("e3"), false),
            1
        );
        assert_eq!(
            t.dist(PieceKind::Pawn, Color::White, sq("e2"), sq("f3"), false),
            0
        );
        assert_eq!(
            t.dist(PieceKind::Pawn, Color::White, sq("e2"), sq("f5"), false),
            1
        );
        assert_eq!(
            t.dist(PieceKind::Pawn, Color::Black, sq("d7"), sq("e6"), false),
            0
        );
        // Promotion: Black's b2 pawn queens on b1 in one move and attacks e1.
        assert_eq!(
            t.dist(PieceKind::Pawn, Color::Black, sq("b2"), sq("e1"), false),
            1
        );
        assert_eq!(
            t.dist(PieceKind::Pawn, Color::White, sq("b7"), sq("h8"), true),
            1
        );
        assert_eq!(t.walk(PieceKind::Pawn, Color::White, sq("e2"), sq("e4")), 1);
        assert_eq!(t.walk(PieceKind::Pawn, Color::White, sq("e2"), sq("d4")), 2);
        assert_eq!(t.promo_walk(Color::White, false, sq("a7"), sq("h1")), 2);
    }

    #[test]
    fn final_square_cover_is_stronger() {
        // A lone rook needs more than one move to attack all of e8, d7, e7,
        // f7, d8, f8 from one square; with the king helping, still more
        // than 1.
        let s = fen::parse::<Scottish>("4k3/8/8/8/8/8/8/4K2R w - - 0 5").unwrap();
        assert!(mate_lower_bound::<Scottish>(&s, 5, false) <= 1 + 5);
        assert!(mate_lower_bound::<Scottish>(&s, 5, true) >= 3);
        let s =
            fen::parse::<Italian>("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
                .unwrap();
        let lb = mate_lower_bound::<Italian>(&s, 3, true);
        assert!((1..=3).contains(&lb), "{lb}");
    }
}
