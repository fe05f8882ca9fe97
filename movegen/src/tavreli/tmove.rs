//! A tavreli move: from, to and the number k of top pieces moved, in four
//! bytes (`Option<TavreliMove>` too). Displayed in the protocol form
//! `c8g4`, `f3(2)f6`: the count is written only for a split (k below the
//! height of the source tower), which the move remembers in one bit.

use crate::move_code::MoveCode;
use crate::types::Square;
use std::fmt;
use std::num::NonZeroU32;

/// A move of the top `k` pieces of a tower (castling: the king's two-square
/// move; en passant: the pawn-topped group's diagonal move onto the empty
/// square passed over).
///
/// Bits 0–5 from, 6–11 to, 12–17 k (1..=32, never 0), bit 18 "the whole
/// tower" (k equals the source height).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct TavreliMove(NonZeroU32);

const _: () = assert!(std::mem::size_of::<Option<TavreliMove>>() == 4);

/// Squares of 6 bits, as the 8x8 move packs them (no promotion: the count
/// takes those bits).
type Code = MoveCode<6>;

/// Where the count starts.
const COUNT_SHIFT: u32 = Code::EXTRA_SHIFT;

const WHOLE: u32 = 1 << 18;

impl TavreliMove {
    /// The move of the top `k` pieces (1..=32) from `from` to `to`; `whole`
    /// when `k` is the height of `from`.
    #[inline(always)]
    pub fn new(from: Square, to: Square, k: u32, whole: bool) -> TavreliMove {
        debug_assert!((1..=32).contains(&k));
        let raw = Code::pack(from.index(), to.index(), None)
            | k << COUNT_SHIFT
            | if whole { WHOLE } else { 0 };
        TavreliMove(NonZeroU32::new(raw).expect("k is at least 1"))
    }

    /// The source square.
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new(Code::from(self.0.get()) as u8)
    }

    /// The destination square.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new(Code::to(self.0.get()) as u8)
    }

    /// How many pieces move (from the top).
    #[inline(always)]
    pub fn count(self) -> u32 {
        (self.0.get() >> COUNT_SHIFT) & 63
    }

    /// True when the whole source tower moves.
    #[inline(always)]
    pub fn is_whole(self) -> bool {
        self.0.get() & WHOLE != 0
    }

    /// The raw encoding (below 2^19, never 0).
    #[inline(always)]
    pub fn raw(self) -> u32 {
        self.0.get()
    }

    /// The move with raw encoding `raw`, if it is one.
    pub fn from_raw(raw: u32) -> Option<TavreliMove> {
        let k = (raw >> COUNT_SHIFT) & 63;
        if raw < 1 << 19 && (1..=32).contains(&k) {
            NonZeroU32::new(raw).map(TavreliMove)
        } else {
            None
        }
    }
}

impl fmt::Display for TavreliMove {
    /// `e2e4`, `f3(2)f6` (count only for a split).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_whole() {
            write!(f, "{}{}", self.from(), self.to())
        } else {
            write!(f, "{}({}){}", self.from(), self.count(), self.to())
        }
    }
}

impl fmt::Debug for TavreliMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move as text, before it is checked against a position: from, to and
/// the count if one was written.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MoveText {
    /// The source square.
    pub from: Square,
    /// The destination square.
    pub to: Square,
    /// The written count (`f3(2)f6`), or None for the whole tower.
    pub count: Option<u32>,
}

/// Parses the protocol form `e2e4` / `f3(2)f6`.
pub fn parse_coordinates(text: &str) -> Option<MoveText> {
    let (from, rest) = text.trim().split_at_checked(2)?;
    let from = Square::parse(from)?;
    let (count, rest) = split_count(rest)?;
    let to = Square::parse(rest)?;
    Some(MoveText { from, to, count })
}

/// A written count at the front of `text`, `(2)...`: the count and the
/// rest; no count and all of `text` without a `(`; None when the count is
/// not a number or its `)` is missing.
pub fn split_count(text: &str) -> Option<(Option<u32>, &str)> {
    match text.strip_prefix('(') {
        Some(inner) => {
            let (n, rest) = inner.split_once(')')?;
            Some((Some(n.parse().ok()?), rest))
        }
        None => Some((None, text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding() {
        let (f3, f6) = (Square::parse("f3").unwrap(), Square::parse("f6").unwrap());
        let m = TavreliMove::new(f3, f6, 2, false);
        assert_eq!(
            (m.from(), m.to(), m.count(), m.is_whole()),
            (f3, f6, 2, false)
        );
        assert_eq!(m.to_string(), "f3(2)f6");
        assert_eq!(TavreliMove::new(f3, f6, 32, true).to_string(), "f3f6");
        assert_eq!(TavreliMove::from_raw(m.raw()), Some(m));
        assert_eq!(TavreliMove::from_raw(0), None);
        assert_eq!(
            parse_coordinates("f3(2)f6"),
            Some(MoveText {
                from: f3,
                to: f6,
                count: Some(2)
            })
        );
        assert_eq!(parse_coordinates("f3f6").unwrap().count, None);
        assert_eq!(parse_coordinates("f3(2f6"), None);
        assert_eq!(parse_coordinates("f3f6q"), None);
    }
}
