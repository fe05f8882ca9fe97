//! Reserves (holdings): how many pieces of each kind each side may drop.

use crate::types::{Color, PieceKind};
use crate::zobrist::KEYS;

pub use crate::types::HELD_KINDS;

/// Counts of held pieces by colour and kind (pawn to queen).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Reserve {
    counts: [[u8; 5]; 2],
}

/// The most pieces of one kind a reserve can hold (16 pawns of one colour
/// across two sets).
pub const MAX_HELD: u8 = 16;

impl Reserve {
    /// How many `kind` pieces `color` holds.
    #[inline(always)]
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[color.index()][kind.index()]
    }

    /// True when `color` holds nothing.
    #[inline(always)]
    pub fn is_empty(&self, color: Color) -> bool {
        self.counts[color.index()] == [0; 5]
    }

    /// Sets a count and returns the change of the Zobrist key.
    #[inline(always)]
    pub fn set(&mut self, color: Color, kind: PieceKind, n: u8) -> u64 {
        let n = n.min(MAX_HELD);
        let c = &mut self.counts[color.index()][kind.index()];
        let delta = KEYS.reserve[color.index()][kind.index()][*c as usize]
            ^ KEYS.reserve[color.index()][kind.index()][n as usize];
        *c = n;
        delta
    }

    /// Adds one piece; returns the key change.
    #[inline(always)]
    pub fn add(&mut self, color: Color, kind: PieceKind) -> u64 {
        let n = self.count(color, kind);
        self.set(color, kind, n.saturating_add(1))
    }

    /// Removes one piece (there must be one); returns the key change.
    #[inline(always)]
    pub fn remove(&mut self, color: Color, kind: PieceKind) -> u64 {
        let n = self.count(color, kind);
        debug_assert!(n > 0);
        self.set(color, kind, n - 1)
    }

    /// The Zobrist key of the whole reserve.
    pub fn hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for k in HELD_KINDS {
                h ^= KEYS.reserve[c.index()][k.index()][self.count(c, k) as usize];
            }
        }
        h
    }

    /// The reserve in FEN brackets' content: White's pieces upper case, then
    /// Black's lower case, queens first (`QNnp`).
    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for c in Color::ALL {
            for k in HELD_KINDS {
                let letter = crate::types::Piece::new(c, k).fen_char();
                for _ in 0..self.count(c, k) {
                    s.push(letter);
                }
            }
        }
        s
    }

    /// Parses the reserve letters (any order; `-` or nothing for empty).
    pub fn from_fen(text: &str) -> Result<Reserve, String> {
        let mut r = Reserve::default();
        for ch in text.chars().filter(|&c| c != '-') {
            let p = crate::types::Piece::from_fen_char(ch)
                .ok_or_else(|| format!("bad reserve letter '{ch}'"))?;
            if p.kind == PieceKind::King {
                return Err("a king cannot be in a reserve".to_string());
            }
            if r.count(p.color, p.kind) >= MAX_HELD {
                return Err(format!("too many '{ch}' in the reserve"));
            }
            r.add(p.color, p.kind);
        }
        Ok(r)
    }
}
