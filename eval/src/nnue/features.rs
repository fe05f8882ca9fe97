//! The networks' inputs, as the side viewing sees them. The chess network
//! has one per (colour relative to the viewer, piece kind, square seen from
//! the viewer's side), 768 in all; the crazyhouse network adds one per
//! (colour relative to the viewer, kind in hand, k from 1 to
//! [`HAND_STEPS`]), on while that colour holds at least k pieces of that
//! kind: 848 in all.

use movegen::{Color, PieceKind, Square};

/// The number of board inputs: the chess network's inputs.
pub const BOARD_INPUTS: usize = 768;
/// Hand inputs per (relative colour, kind): counts beyond are as this many.
pub const HAND_STEPS: usize = 8;
/// The kinds a hand holds (pawn to queen).
const HAND_KINDS: usize = 5;
/// The crazyhouse network's inputs: the board's, then the hands'.
pub const DROP_INPUTS: usize = BOARD_INPUTS + 2 * HAND_KINDS * HAND_STEPS;

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

/// The input index, as `view` sees it, that is on while `color` holds more
/// than `step` pieces of `kind` (`step` below [`HAND_STEPS`]).
#[inline(always)]
pub fn hand_index(view: Color, color: Color, kind: PieceKind, step: usize) -> usize {
    let theirs = (color != view) as usize;
    BOARD_INPUTS + (theirs * HAND_KINDS + kind as usize) * HAND_STEPS + step
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
        assert!(k < BOARD_INPUTS);
    }

    /// The hand inputs as `train.py` numbers them: Black's own knight seen
    /// by Black, White's bishop seen by Black, the last of the queens.
    #[test]
    fn hand_indices_match_the_trainer() {
        let (w, b) = (Color::White, Color::Black);
        assert_eq!(hand_index(b, b, PieceKind::Knight, 0), 776);
        assert_eq!(hand_index(b, w, PieceKind::Bishop, 0), 824);
        assert_eq!(hand_index(w, w, PieceKind::Pawn, 1), 769);
        assert_eq!(
            hand_index(w, b, PieceKind::Queen, HAND_STEPS - 1),
            DROP_INPUTS - 1
        );
    }
}
