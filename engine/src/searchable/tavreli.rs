//! Tavreli search hooks. Nothing leaves the board: a "capture" covers the
//! enemy top and with it the whole tower changes hands, so the exchange
//! estimate works with tower stakes instead of captured pieces.
//!
//! **Exchange model** (see `docs/tavreli.md`). Count every piece at its
//! value for the side controlling its tower (the top's colour). When a
//! tower changes hands, the balance swings by the value of *everything* in
//! it, both colours: the loser's pieces become prisoners, the winner's
//! prisoners become its reserves again. So the i-th covering of the target
//! square gains the whole tower as it stands, which grows by each mover:
//! `gain[i] = value(tower before the move) + ...`, and each side may stop.
//! A move that leaves an enemy piece on top of its source (a split that
//! frees a prisoner) first loses the rest of that source tower, which
//! changes hands. Recaptures use each side's cheapest attacking top, one
//! piece at a time (a split of one: the piece uncovered behind it may
//! attack the square at once, for its owner, and a tower that stays blocks
//! the lines through its square; a square left empty opens them).

use super::Searchable;
use crate::bench_sets as bench;
use arrayvec::ArrayVec;
use eval::MATERIAL;
use movegen::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use movegen::bitboard::{lsb, Bitboard};
use movegen::tavreli::generate::{generate, is_tactical, TavreliMoveList};
use movegen::tavreli::piece::{last_rank, KINDS};
use movegen::tavreli::{Code, Kind, TavreliBoard, TavreliMove, TavreliPosition};
use movegen::{Color, Square};

/// Exchange values by kind, pawn to Helgi (the king only ever takes last).
const VALUE: [i32; KINDS] = [
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    20_000,
    MATERIAL[4] + MATERIAL[1] * 3 / 4,
];

/// Kinds from the cheapest attacker up.
const CHEAPEST_FIRST: [Kind; KINDS] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::Helgi,
    Kind::King,
];

#[inline(always)]
fn value(c: Code, sq: Square) -> i32 {
    match c.kind_as_top_on(sq.rank()) {
        Kind::King => 0,
        k => VALUE[k.index()],
    }
}

/// The value of the pieces of the tower on `sq` from `depth` down.
#[inline(always)]
fn tower_value(b: &TavreliBoard, sq: Square, depth: usize) -> i32 {
    b.tower(sq).skip(depth).map(|c| value(c, sq)).sum()
}

/// The en passant victim square of `m`, if it is an en passant move.
#[inline(always)]
fn ep_victim(b: &TavreliBoard, m: TavreliMove) -> Option<Square> {
    (b.ep_square() == Some(m.to()) && b.top(m.from()).is_some_and(|c| c.is_pawn()))
        .then(|| Square::new(m.to().index() as u8 ^ 8))
}

/// The value a move's own promotions add: the mover reaching its last rank,
/// or an own pawn uncovered on its last rank.
#[inline(always)]
fn promotion_gain(b: &TavreliBoard, m: TavreliMove) -> i32 {
    let us = b.side_to_move();
    let mut gain = 0;
    let top = b.top(m.from()).expect("a move starts at a tower");
    if top.is_pawn() && m.to().rank() == last_rank(us) {
        gain += value(top, m.to()) - VALUE[0];
    }
    if !m.is_whole() && m.from().rank() == last_rank(us) {
        if let Some(u) = b.piece_at_depth(m.from(), m.count() as usize) {
            if u.color() == us && u.is_pawn() {
                gain += value(u, m.from()) - VALUE[0];
            }
        }
    }
    gain
}

/// Quiescence stops offering coverings after this many tactical plies in a
/// row ([`TavreliPosition::tactical_chain`]): covering never removes
/// material, so without a bound capture sequences run to the ply limit.
pub const QUIESCENCE_CHAIN: u8 = 8;

/// Even check evasions stop after this many: the search then scores the
/// node as a draw (no tactical move while in check, not mated).
pub const QUIESCENCE_CHAIN_IN_CHECK: u8 = 16;

/// What the move takes over (the enemy-topped tower, all of it), promotions,
/// minus the mover's rank: most valuable victim, least valuable attacker.
#[inline(always)]
pub fn tactical_score(b: &TavreliBoard, m: TavreliMove) -> i32 {
    let them = b.side_to_move().flip();
    let victim = if b.color_bb(them) & m.to().bb() != 0 {
        tower_value(b, m.to(), 0)
    } else if let Some(v) = ep_victim(b, m) {
        tower_value(b, v, 0)
    } else {
        0
    };
    let attacker = b.top(m.from()).map_or(0, |c| c.kind().index() as i32);
    victim * 8 + promotion_gain(b, m) - attacker
}

/// The tops as bitboards, for the exchange simulation.
struct Tops {
    color: [Bitboard; 2],
    kind: [Bitboard; KINDS],
    occ: Bitboard,
}

impl Tops {
    fn set(&mut self, sq: Square, c: Option<Code>) {
        let b = sq.bb();
        for x in self.color.iter_mut() {
            *x &= !b;
        }
        for x in self.kind.iter_mut() {
            *x &= !b;
        }
        match c {
            Some(c) => {
                self.color[c.color().index()] |= b;
                self.kind[c.kind_as_top_on(sq.rank()).index()] |= b;
                self.occ |= b;
            }
            None => self.occ &= !b,
        }
    }

    fn attackers(&self, t: Square, side: Color) -> Bitboard {
        let k = &self.kind;
        let helgi = k[Kind::Helgi.index()];
        let diag = k[Kind::Bishop.index()] | k[Kind::Queen.index()] | helgi;
        let orth = k[Kind::Rook.index()] | k[Kind::Queen.index()] | helgi;
        ((pawn_attacks(t, side.flip()) & k[Kind::Pawn.index()])
            | (knight_attacks(t) & (k[Kind::Knight.index()] | helgi))
            | (king_attacks(t) & k[Kind::King.index()])
            | (bishop_attacks(t, self.occ) & diag)
            | (rook_attacks(t, self.occ) & orth))
            & self.color[side.index()]
    }
}

/// The exchange estimate of `m` in centipawns for the side making it (see
/// the module docs): positive when the sequence of coverings on the
/// destination, with both sides free to stop, wins material.
pub fn exchange(b: &TavreliBoard, m: TavreliMove) -> i32 {
    let (s, t, k) = (m.from(), m.to(), m.count() as usize);
    let us = b.side_to_move();
    let them = us.flip();
    let mover = b.top(s).expect("a move starts at a tower");
    if mover.kind() == Kind::King && s.index().abs_diff(t.index()) == 2 {
        return 0; // castling
    }
    let mut tops = Tops {
        color: [b.color_bb(Color::White), b.color_bb(Color::Black)],
        kind: std::array::from_fn(|i| b.kind_bb(Kind::from_index(i))),
        occ: b.occupied(),
    };
    let mut lifted = [0u8; 64];
    let mut gains: ArrayVec<i32, 40> = ArrayVec::new();

    // The first move: the tower it covers (if the enemy's), its own
    // promotions, and a source tower handed to the enemy by a split.
    let (mut stake, mut first) = if let Some(v) = ep_victim(b, m) {
        tops.set(v, None);
        let victim = tower_value(b, v, 0);
        (victim, victim)
    } else {
        let victim = tower_value(b, t, 0);
        (
            victim,
            if tops.color[them.index()] & t.bb() != 0 {
                victim
            } else {
                0
            },
        )
    };
    let promo = promotion_gain(b, m);
    first += promo;
    let group: i32 = b.tower(s).take(k).map(|c| value(c, s)).sum::<i32>() + promo;
    stake += group;
    lifted[s.index()] = k as u8;
    let uncovered = b.piece_at_depth(s, k);
    if let Some(u) = uncovered {
        if u.color() == them {
            first -= tower_value(b, s, k);
        }
    }
    tops.set(s, uncovered);
    let top_kind = if mover.is_pawn() && t.rank() == last_rank(us) {
        mover.promote()
    } else {
        mover
    };
    tops.set(t, Some(top_kind));
    gains.push(first);

    // Recaptures, cheapest attacker first, one piece at a time.
    let mut side = them;
    loop {
        let attackers = tops.attackers(t, side);
        if attackers == 0 {
            break;
        }
        let (kind, from) = CHEAPEST_FIRST
            .iter()
            .find_map(|&kind| {
                let set = attackers & tops.kind[kind.index()];
                (set != 0).then(|| (kind, lsb(set)))
            })
            .expect("some attacker");
        if kind == Kind::King && tops.attackers(t, side.flip()) != 0 {
            break; // the king may not stand on an attacked square
        }
        let depth = lifted[from.index()] as usize;
        let piece = b.piece_at_depth(from, depth).expect("a top");
        let next = b.piece_at_depth(from, depth + 1);
        let mut gain = stake;
        if next.is_some_and(|u| u.color() != side) {
            gain -= tower_value(b, from, depth + 1);
        }
        gains.push(gain);
        if gains.is_full() {
            break;
        }
        stake += value(piece, t);
        lifted[from.index()] += 1;
        tops.set(from, next);
        tops.set(t, Some(piece));
        side = side.flip();
    }

    let mut best_reply = 0;
    for &g in gains[1..].iter().rev() {
        best_reply = (g - best_reply).max(0);
    }
    gains[0] - best_reply
}

/// The history slot: the mover (colour and kind), whole tower or split, and
/// the destination.
#[inline(always)]
pub fn history_index(b: &TavreliBoard, m: TavreliMove) -> usize {
    let c = b.top(m.from()).expect("a move starts at a tower");
    let piece = c.color().index() * KINDS + c.kind().index();
    (piece * 2 + !m.is_whole() as usize) * 64 + m.to().index()
}

impl Searchable for TavreliPosition {
    /// Mover (2 colours x 7 kinds) x whole/split x destination.
    const HISTORY_LEN: usize = 2 * KINDS * 2 * 64;
    /// Zugzwang is no more common than in chess: any tower may split.
    const NULL_MOVE: bool = true;
    const BENCH: (&'static [&'static str], i32) = (bench::TAVRELI_POSITIONS, bench::TAVRELI_DEPTH);

    #[inline(always)]
    fn move_bits(m: TavreliMove) -> u32 {
        m.raw()
    }

    #[inline(always)]
    fn generate_tactical(&self, out: &mut TavreliMoveList) {
        let chain = self.tactical_chain();
        if chain >= QUIESCENCE_CHAIN_IN_CHECK
            || (chain >= QUIESCENCE_CHAIN && !self.board().in_check())
        {
            return;
        }
        generate::<_, true>(self.board(), out);
    }

    #[inline(always)]
    fn is_tactical(&self, m: TavreliMove) -> bool {
        is_tactical(self.board(), m)
    }

    #[inline(always)]
    fn tactical_score(&self, m: TavreliMove) -> i32 {
        tactical_score(self.board(), m)
    }

    fn see_ge(&self, m: TavreliMove, threshold: i32) -> bool {
        exchange(self.board(), m) >= threshold
    }

    #[inline(always)]
    fn history_index(&self, m: TavreliMove) -> usize {
        history_index(self.board(), m)
    }

    fn has_non_pawn_material(&self) -> bool {
        let b = self.board();
        let us = b.side_to_move();
        let minor_or_more = b.color_bb(us) & !(b.tops(us, Kind::Pawn) | b.tops(us, Kind::King));
        minor_or_more != 0
    }

    fn make_null_move(&mut self) {
        TavreliPosition::make_null_move(self);
    }

    fn is_draw(&self, root_ply: usize) -> bool {
        self.board().halfmove_clock() >= 100 || self.repetition_draw(root_ply)
    }

    fn game_ply(&self) -> usize {
        self.ply()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;

    fn see(fen: &str, m: &str) -> i32 {
        let p = TavreliPosition::from_fen(fen).unwrap();
        exchange(p.board(), p.parse_move(m).unwrap())
    }

    #[test]
    fn exchange_estimates() {
        // A free tower: the whole of it.
        assert_eq!(see("4k3/8/8/3(rP)4/8/8/8/3RK3 w - - 0 1", "d1d5"), 600);
        // Defended once, attacked once: we take 600, they take 600 + 500.
        assert_eq!(
            see("3rk3/8/8/3(rP)4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            600 - 1100
        );
        // Attacked twice, defended once: Black may not recapture, White
        // would take everything back.
        assert_eq!(see("3rk3/8/8/3(rP)4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 600);
        // Onto an own piece: nothing gained, the tower is at stake.
        assert_eq!(see("4k3/8/8/2b5/8/4N3/8/3RK3 w - - 0 1", "e3d1"), 0);
        assert_eq!(see("4k3/8/8/8/8/4N3/8/r2R2K1 w - - 0 1", "e3d1"), -820);
        // ...unless the king may take back last.
        assert_eq!(see("4k3/8/8/8/8/4N3/8/r2RK3 w - - 0 1", "e3d1"), 0);
        // A split that frees an enemy piece hands it the rest of the tower.
        assert_eq!(see("4k3/8/8/8/8/8/4K3/(Nq)7 w - - 0 1", "a1(1)b3"), -900);
        assert_eq!(see("4k3/8/8/8/8/8/4K3/(Nq)7 w - - 0 1", "a1b3"), 0);
    }

    #[test]
    fn tactical_moves_are_the_tactical_generation() {
        for fen in [
            "r3k2r/ppp2ppp/2(nP)1(Bp)3/3(qR)4/4(Np)3/2(Nb)5/PPP2PPP/R3K2R w KQkq - 0 1",
            "1n2k3/P1(Rp)3P1/8/8/8/8/p1(rP)3p1/1N2K3 w - - 0 1",
            "(RP)7/8/8/8/8/8/8/1k2K3 w - - 0 1",
            "4k3/8/8/8/3(pRN)P3/8/8/4K3 b - e3 0 1",
        ] {
            let p = TavreliPosition::from_fen(fen).unwrap();
            let mut all = TavreliMoveList::new();
            p.generate_moves(&mut all);
            let mut tactical = TavreliMoveList::new();
            p.generate_tactical(&mut tactical);
            let expected: Vec<_> = all.iter().copied().filter(|&m| p.is_tactical(m)).collect();
            assert_eq!(tactical.to_vec(), expected, "{fen}");
            assert!(!expected.is_empty());
            for &m in all.iter() {
                assert!(history_index(p.board(), m) < TavreliPosition::HISTORY_LEN);
            }
        }
    }
}
