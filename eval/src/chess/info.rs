//! What several terms need, computed once per evaluation, and bitboard fills.

use movegen::bitboard::{forward, pawn_attacks_bb, Bitboard, FILE_A, FILE_H};
use movegen::{attacks::king_attacks, Board, Color, PieceKind};

/// Squares ahead of `b` (towards the opponent of `color`), `b` included.
#[inline(always)]
pub fn fill_forward(mut b: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => {
            b |= b << 8;
            b |= b << 16;
            b |= b << 32;
        }
        Color::Black => {
            b |= b >> 8;
            b |= b >> 16;
            b |= b >> 32;
        }
    }
    b
}

/// Squares strictly ahead of `b` for `color`.
#[inline(always)]
pub fn front_span(b: Bitboard, color: Color) -> Bitboard {
    fill_forward(forward(b, color), color)
}

/// The files of `b`, filled.
#[inline(always)]
pub fn file_fill(b: Bitboard) -> Bitboard {
    fill_forward(fill_forward(b, Color::White), Color::Black)
}

/// The squares beside `b` on the same rank.
#[inline(always)]
pub fn beside(b: Bitboard) -> Bitboard {
    ((b & !FILE_A) >> 1) | ((b & !FILE_H) << 1)
}

/// Per-evaluation data shared by the terms; indices are colours.
#[derive(Clone, Debug)]
pub struct Info {
    /// Squares attacked by each side's pawns.
    pub pawn_attacks: [Bitboard; 2],
    /// Squares each side's pawns attack now or could after advancing.
    pub pawn_attack_span: [Bitboard; 2],
    /// Squares where each side's pieces' mobility counts.
    pub mobility_area: [Bitboard; 2],
    /// The squares around each side's king (and its own square).
    pub king_zone: [Bitboard; 2],
    /// Squares attacked by each side's knights, bishops, rooks and queens,
    /// per kind (set by mobility).
    pub attacks_by: [[Bitboard; 4]; 2],
    /// Squares attacked by each side (pawns and king from the start, the
    /// other pieces added by mobility).
    pub attacks: [Bitboard; 2],
    /// Squares attacked at least twice by each side (as `attacks`; two pawns
    /// on one square count once).
    pub attacks2: [Bitboard; 2],
    /// How many of each side's pieces attack the enemy king zone (set by mobility).
    pub king_attackers: [i32; 2],
    /// How many attacks each side makes on the enemy king zone (set by mobility).
    pub king_zone_hits: [i32; 2],
}

impl Info {
    /// The shared data of `b` that needs no piece attacks.
    #[inline(always)]
    pub fn new(b: &Board) -> Info {
        let pa = |c: Color| pawn_attacks_bb(b.pieces(c, PieceKind::Pawn), c);
        let pawn_attacks = [pa(Color::White), pa(Color::Black)];
        let span = |c: Color| fill_forward(pawn_attacks[c.index()], c);
        let area = |c: Color| {
            !(pawn_attacks[c.flip().index()]
                | b.pieces(c, PieceKind::Pawn)
                | b.pieces(c, PieceKind::King))
        };
        let zone = |c: Color| {
            let k = b.king_square(c);
            king_attacks(k) | k.bb()
        };
        let king = |c: Color| king_attacks(b.king_square(c));
        let (kw, kb) = (king(Color::White), king(Color::Black));
        Info {
            attacks: [pawn_attacks[0] | kw, pawn_attacks[1] | kb],
            attacks2: [pawn_attacks[0] & kw, pawn_attacks[1] & kb],
            pawn_attacks,
            pawn_attack_span: [span(Color::White), span(Color::Black)],
            mobility_area: [area(Color::White), area(Color::Black)],
            king_zone: [zone(Color::White), zone(Color::Black)],
            attacks_by: [[0; 4]; 2],
            king_attackers: [0; 2],
            king_zone_hits: [0; 2],
        }
    }

    /// Records that side `c`'s piece of kind `kind` (0 knight … 3 queen)
    /// attacks the squares `a`.
    #[inline(always)]
    pub fn add_attacks(&mut self, c: Color, kind: usize, a: Bitboard) {
        let i = c.index();
        self.attacks_by[i][kind] |= a;
        self.attacks2[i] |= self.attacks[i] & a;
        self.attacks[i] |= a;
    }
}
