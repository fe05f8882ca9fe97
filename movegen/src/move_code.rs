//! The one packing of a move's squares and promotion into an integer, and
//! the one coordinate text of a move, shared by the 8x8 move (6-bit
//! squares), the tavreli move (6-bit squares, a count above them) and the
//! Chess-tranzit action (7-bit squares of the 16x8 grid).
//!
//! With squares of `W` bits: the from-square in bits `0..W`, the to-square
//! in bits `W..2W`, and above them a 3-bit promotion kind (0 for none, else
//! the [`PieceKind`] index: knight to queen).

use crate::types::PieceKind;
use std::fmt;

/// The packing of a move whose squares take `W` bits each.
pub struct MoveCode<const W: u32>;

impl<const W: u32> MoveCode<W> {
    /// The mask of one square index.
    const SQUARE: u32 = (1 << W) - 1;

    /// The lowest bit above the two squares (where the promotion, or another
    /// field, starts).
    pub const EXTRA_SHIFT: u32 = 2 * W;

    /// `from` and `to` (each below 2^W) with the promotion `promo`.
    #[inline(always)]
    pub const fn pack(from: usize, to: usize, promo: Option<PieceKind>) -> u32 {
        let p = match promo {
            Some(k) => k.index() as u32,
            None => 0,
        };
        from as u32 | (to as u32) << W | p << Self::EXTRA_SHIFT
    }

    /// The from-square index.
    #[inline(always)]
    pub const fn from(raw: u32) -> usize {
        (raw & Self::SQUARE) as usize
    }

    /// The to-square index.
    #[inline(always)]
    pub const fn to(raw: u32) -> usize {
        ((raw >> W) & Self::SQUARE) as usize
    }

    /// The promotion kind, if any.
    #[inline(always)]
    pub const fn promotion(raw: u32) -> Option<PieceKind> {
        match (raw >> Self::EXTRA_SHIFT) & 7 {
            0 => None,
            k => Some(PieceKind::from_index(k as usize)),
        }
    }
}

/// Writes a move in coordinate notation: the two squares, then the
/// promotion kind's lower-case letter if any (`e2e4`, `e7e8q`, `m7m8q`).
pub fn write_coordinates(
    f: &mut fmt::Formatter<'_>,
    from: impl fmt::Display,
    to: impl fmt::Display,
    promo: Option<PieceKind>,
) -> fmt::Result {
    write!(f, "{from}{to}")?;
    if let Some(p) = promo {
        write!(f, "{}", p.upper_char().to_ascii_lowercase())?;
    }
    Ok(())
}
