//! Tavreli pieces: seven kinds (the FIDE six plus the Helgi) and a one-byte
//! code holding a piece's colour, its kind now, a pawn's identity (the kind it
//! promotes into) and the double-step right.

use crate::types::{Color, PieceKind};
use std::fmt;

/// The kind of a tavreli piece: the six FIDE kinds, with [`PieceKind`]'s
/// indices, and the Helgi.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Ratnik.
    Pawn = PieceKind::Pawn as u8,
    /// Vsadnik.
    Knight = PieceKind::Knight as u8,
    /// Luchnik.
    Bishop = PieceKind::Bishop as u8,
    /// Ratoborets.
    Rook = PieceKind::Rook as u8,
    /// Knyaz.
    Queen = PieceKind::Queen as u8,
    /// Volkhv.
    King = PieceKind::King as u8,
    /// Helgi: moves as a queen or a knight.
    Helgi = 6,
}

/// Number of kinds.
pub const KINDS: usize = 7;

impl Kind {
    /// All kinds in index order.
    pub const ALL: [Kind; KINDS] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Helgi,
    ];

    /// The kinds a pawn may promote into.
    pub const PROMOTION: [Kind; 5] = [
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::Helgi,
    ];

    /// Index 0..7.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i` (below 7).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// Upper-case letter: FIDE's `P N B R Q K`, `H` for the Helgi.
    pub const fn upper_char(self) -> char {
        match self.chess_kind() {
            Some(k) => k.upper_char(),
            None => 'H',
        }
    }

    /// The kind named by a letter of either case.
    pub fn from_char(c: char) -> Option<Kind> {
        if c.eq_ignore_ascii_case(&'H') {
            return Some(Kind::Helgi);
        }
        PieceKind::from_char(c).map(Kind::from_chess)
    }

    /// The FIDE kind, if this is not the Helgi.
    pub const fn chess_kind(self) -> Option<PieceKind> {
        match self {
            Kind::Helgi => None,
            k => Some(PieceKind::from_index(k as usize)),
        }
    }

    /// The tavreli kind of a FIDE kind (same index).
    pub const fn from_chess(k: PieceKind) -> Kind {
        Kind::from_index(k.index())
    }

    /// R6: what a pawn that started on `file` (0 = a) promotes into.
    pub const fn promotion_for_file(file: u8) -> Kind {
        match file {
            0 | 7 => Kind::Rook,
            1 | 6 => Kind::Knight,
            2 | 5 => Kind::Bishop,
            3 => Kind::Queen,
            _ => Kind::Helgi,
        }
    }

    /// True for the kinds a pawn may promote into.
    pub const fn is_promotion_kind(self) -> bool {
        !matches!(self, Kind::Pawn | Kind::King)
    }
}

/// A piece and its state in one byte:
///
/// | bits | meaning |
/// |---|---|
/// | 0 | colour (1 = Black) |
/// | 1–3 | the kind it moves as now ([`Kind`] index) |
/// | 4–6 | pawn identity: the kind it promotes into (0 = not a pawn by origin) |
/// | 7 | double-step right (a pawn that never left its starting square) |
///
/// A pawn has kind `Pawn` and a non-zero identity; a promoted piece has the
/// identity's kind and the same identity; a piece that was never a pawn has
/// identity 0. The raw byte is also the piece's Zobrist code.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Code(u8);

const DOUBLE_STEP: u8 = 0x80;

impl Code {
    /// A piece that started as itself (not a pawn): `kind` is not `Pawn`.
    #[inline(always)]
    pub const fn piece(color: Color, kind: Kind) -> Code {
        Code(color as u8 | (kind as u8) << 1)
    }

    /// A pawn promoting into `promotion`, with or without the double-step right.
    #[inline(always)]
    pub const fn pawn(color: Color, promotion: Kind, double_step: bool) -> Code {
        let ds = if double_step { DOUBLE_STEP } else { 0 };
        Code(color as u8 | (promotion as u8) << 4 | ds)
    }

    /// A pawn promoted into `promotion`.
    #[inline(always)]
    pub const fn promoted(color: Color, promotion: Kind) -> Code {
        Code(color as u8 | (promotion as u8) << 1 | (promotion as u8) << 4)
    }

    /// The raw byte.
    #[inline(always)]
    pub const fn raw(self) -> u8 {
        self.0
    }

    /// The code with raw byte `b` (must come from [`Code::raw`]).
    #[inline(always)]
    pub const fn from_raw(b: u8) -> Code {
        Code(b)
    }

    /// The colour.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The kind it moves as now.
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        Kind::from_index(((self.0 >> 1) & 7) as usize)
    }

    /// A pawn's (or promoted pawn's) promotion kind; `None` for pieces that
    /// started as themselves.
    #[inline(always)]
    pub const fn identity(self) -> Option<Kind> {
        match (self.0 >> 4) & 7 {
            0 => None,
            i => Some(Kind::from_index(i as usize)),
        }
    }

    /// True for a pawn (not promoted).
    #[inline(always)]
    pub const fn is_pawn(self) -> bool {
        (self.0 >> 1) & 7 == 0
    }

    /// True for a promoted pawn.
    #[inline(always)]
    pub const fn is_promoted(self) -> bool {
        (self.0 >> 1) & 7 != 0 && (self.0 >> 4) & 7 != 0
    }

    /// The double-step right.
    #[inline(always)]
    pub const fn double_step(self) -> bool {
        self.0 & DOUBLE_STEP != 0
    }

    /// The same piece without the double-step right (it moved).
    #[inline(always)]
    pub const fn moved(self) -> Code {
        Code(self.0 & !DOUBLE_STEP)
    }

    /// A pawn turned into its promotion kind (R7).
    #[inline(always)]
    pub const fn promote(self) -> Code {
        debug_assert!(self.is_pawn());
        Code((self.0 & 0x71) | (self.0 & 0x70) >> 3)
    }

    /// A promoted piece turned back into a pawn (R7, covered).
    #[inline(always)]
    pub const fn demote(self) -> Code {
        debug_assert!(self.is_promoted());
        Code(self.0 & 0x71)
    }

    /// The kind this piece moves as when it is a top on `rank` (0..8): a pawn
    /// on its last rank counts as promoted (R7).
    #[inline(always)]
    pub const fn kind_as_top_on(self, rank: u8) -> Kind {
        if self.is_pawn() && rank == last_rank(self.color()) {
            match self.identity() {
                Some(k) => k,
                None => Kind::Pawn,
            }
        } else {
            self.kind()
        }
    }

    /// The FEN letter of the kind now (upper case for White).
    pub fn letter(self) -> char {
        self.color().letter_case(self.kind().upper_char())
    }
}

/// The last rank (0..8) of `color`'s pawns.
#[inline(always)]
pub const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The second rank (0..8) of `color`: where its pawns start.
#[inline(always)]
pub const fn second_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())?;
        if self.is_pawn() {
            if let Some(k) = self.identity() {
                write!(f, "={}", k.upper_char())?;
            }
            if self.double_step() {
                write!(f, "+ds")?;
            }
        } else if self.is_promoted() {
            write!(f, "~")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for c in Color::ALL {
            for k in Kind::PROMOTION {
                let p = Code::pawn(c, k, true);
                assert!(p.is_pawn() && !p.is_promoted() && p.double_step());
                assert_eq!(p.identity(), Some(k));
                assert_eq!(p.color(), c);
                let q = p.moved().promote();
                assert_eq!(q, Code::promoted(c, k));
                assert!(q.is_promoted() && !q.is_pawn());
                assert_eq!(q.kind(), k);
                assert_eq!(q.demote(), Code::pawn(c, k, false));
            }
            for k in [Kind::King, Kind::Queen, Kind::Helgi, Kind::Knight] {
                let p = Code::piece(c, k);
                assert!(!p.is_pawn() && !p.is_promoted());
                assert_eq!((p.kind(), p.color(), p.identity()), (k, c, None));
            }
        }
    }
}
