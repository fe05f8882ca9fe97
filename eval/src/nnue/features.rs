//! The network's inputs: one per (colour relative to the viewer, piece kind,
//! square seen from the viewer's side), 768 in all.

use movegen::{Color, PieceKind, Square};

/// The number of inputs.
pub const INPUTS: usize = 768;

/// The input index of a piece of `color` and `kind` on `sq`, as `view` sees
/// it: its own pieces first, squares flipped rank-wise for Black.
#[inline(always)]
pub fn index(view: Color, color: Color, kind: PieceKind, sq: Square) -> usize {
    let theirs = (color != view) as usize;
    let sq = match view {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    };
    theirs * 384 + kind as usize * 64 + sq
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout `tools/nnue/train.py` writes: a white pawn on e2 seen by
    /// White is a black pawn on e7 seen by Black.
    #[test]
    fn indices_match_the_trainer() {
        let e2 = Square::from_coords(4, 1);
        let e7 = Square::from_coords(4, 6);
        let w = index(Color::White, Color::White, PieceKind::Pawn, e2);
        assert_eq!(w, 12);
        assert_eq!(index(Color::Black, Color::Black, PieceKind::Pawn, e7), w);
        let k = index(Color::Black, Color::White, PieceKind::King, e2);
        assert_eq!(k, 384 + 5 * 64 + (12 ^ 56));
        assert!(k < INPUTS);
    }
}
