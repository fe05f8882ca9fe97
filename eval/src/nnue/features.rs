//! The networks' inputs, as the side viewing sees them. The chess network
//! has one per (colour relative to the viewer, piece kind, square seen from
//! the viewer's side), 768 in all. The other networks have such a block per
//! board, then one input per (colour relative to the viewer, count slot, k
//! from 1 to [`HAND_STEPS`]), on while that colour's count in that slot is
//! at least k. The crazyhouse network (one board) counts the pieces in
//! hand, pawn to queen: 848 inputs. The tranzit network (two boards) counts
//! [`TranzitCount`]s: 1616 inputs. The tavreli network has one input per
//! (relative colour, tavreli kind, square) for the tower tops, then one per
//! (relative colour of the piece, relative colour of its tower's top, kind,
//! square) for the pieces right under a top and the same again for the
//! pieces deeper down, each piece adding its column: 4480 inputs.

use movegen::tavreli::piece::{Kind, KINDS};
use movegen::{Color, PieceKind, Square};

/// The number of board inputs: the chess network's inputs.
pub const BOARD_INPUTS: usize = 768;
/// Hand inputs per (relative colour, kind): counts beyond are as this many.
pub const HAND_STEPS: usize = 8;
/// Count slots per colour (the kinds a hand holds, pawn to queen).
pub const COUNT_SLOTS: usize = 5;
/// The count inputs after the boards' inputs.
const COUNT_INPUTS: usize = 2 * COUNT_SLOTS * HAND_STEPS;
/// The crazyhouse network's inputs: the board's, then the hands'.
pub const DROP_INPUTS: usize = BOARD_INPUTS + COUNT_INPUTS;
/// The tranzit network's inputs: board I's, board II's, then the counts'.
pub const TRANZIT_INPUTS: usize = 2 * BOARD_INPUTS + COUNT_INPUTS;

/// The tavreli network's inputs for the tower tops.
const TOWER_TOPS: usize = 2 * KINDS * 64;
/// The tavreli network's inputs for the pieces at one depth below the tops.
const TOWER_LAYER: usize = 4 * KINDS * 64;
/// The tavreli network's inputs: the tops', the pieces' right under them,
/// the pieces' deeper down.
pub const TAVRELI_INPUTS: usize = TOWER_TOPS + 2 * TOWER_LAYER;

/// What the tranzit network counts per colour (each 0 or 1), by slot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TranzitCount {
    /// The colour has transferred from board I to board II (T14).
    Transferred = 0,
    /// Board I is decided (set for both colours).
    BoardIDecided = 1,
    /// Board II is decided (set for both colours).
    BoardIIDecided = 2,
}

/// The input index of a piece of `color` and `kind` on `sq` of board
/// `board`, as `view` sees it: its own pieces first, squares flipped
/// rank-wise for Black.
#[inline(always)]
pub fn index(board: usize, view: Color, color: Color, kind: PieceKind, sq: Square) -> usize {
    let theirs = (color != view) as usize;
    let sq = match view {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    };
    board * BOARD_INPUTS + theirs * 384 + kind as usize * 64 + sq
}

/// The input index, as `view` sees it, that is on while `color`'s count in
/// `slot` is above `step` (`step` below [`HAND_STEPS`]), in a network of
/// `boards` boards.
#[inline(always)]
pub fn count_index(boards: usize, view: Color, color: Color, slot: usize, step: usize) -> usize {
    let theirs = (color != view) as usize;
    boards * BOARD_INPUTS + (theirs * COUNT_SLOTS + slot) * HAND_STEPS + step
}

/// The tavreli input index, as `view` sees it, of a piece of `color` that
/// moves as `kind` on `sq` at `depth` (0 = the top) of a tower whose top is
/// `top`'s: squares flipped rank-wise for Black, as in [`index`].
#[inline(always)]
pub fn tower_index(
    view: Color,
    top: Color,
    color: Color,
    kind: Kind,
    depth: usize,
    sq: Square,
) -> usize {
    let theirs = (color != view) as usize;
    let sq = match view {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    };
    let cell = kind.index() * 64 + sq;
    match depth {
        0 => theirs * KINDS * 64 + cell,
        _ => {
            let layer = TOWER_TOPS + (depth.min(2) - 1) * TOWER_LAYER;
            let top_theirs = (top != view) as usize;
            layer + (theirs * 2 + top_theirs) * KINDS * 64 + cell
        }
    }
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
        let w = index(0, Color::White, Color::White, PieceKind::Pawn, e2);
        assert_eq!(w, 12);
        assert_eq!(index(0, Color::Black, Color::Black, PieceKind::Pawn, e7), w);
        let k = index(0, Color::Black, Color::White, PieceKind::King, e2);
        assert_eq!(k, 384 + 5 * 64 + (12 ^ 56));
        assert!(k < BOARD_INPUTS);
        let m2 = index(1, Color::White, Color::White, PieceKind::Pawn, e2);
        assert_eq!(m2, BOARD_INPUTS + 12);
    }

    /// The hand inputs as `train.py` numbers them: Black's own knight seen
    /// by Black, White's bishop seen by Black, the last of the queens.
    #[test]
    fn hand_indices_match_the_trainer() {
        let (w, b) = (Color::White, Color::Black);
        let hand =
            |view, color, kind: PieceKind, step| count_index(1, view, color, kind as usize, step);
        assert_eq!(hand(b, b, PieceKind::Knight, 0), 776);
        assert_eq!(hand(b, w, PieceKind::Bishop, 0), 824);
        assert_eq!(hand(w, w, PieceKind::Pawn, 1), 769);
        assert_eq!(
            hand(w, b, PieceKind::Queen, HAND_STEPS - 1),
            DROP_INPUTS - 1
        );
    }

    /// The tranzit count inputs as `train.py` numbers them: the viewer's
    /// own transfer, the other side's board-II flag.
    #[test]
    fn tranzit_indices_match_the_trainer() {
        let (w, b) = (Color::White, Color::Black);
        let slot = |c: TranzitCount| c as usize;
        assert_eq!(
            count_index(2, b, b, slot(TranzitCount::Transferred), 0),
            1536
        );
        assert_eq!(
            count_index(2, w, b, slot(TranzitCount::BoardIIDecided), 0),
            1536 + 56
        );
        assert!(count_index(2, w, b, COUNT_SLOTS - 1, HAND_STEPS - 1) == TRANZIT_INPUTS - 1);
    }

    /// The tavreli inputs as `train.py` numbers them: a white Helgi top on
    /// e2 seen by White is a black one on e7 seen by Black; a black pawn
    /// right under a white top, and a white rook deep under a black top.
    #[test]
    fn tavreli_indices_match_the_trainer() {
        let (w, b) = (Color::White, Color::Black);
        let e2 = Square::from_coords(4, 1);
        let e7 = Square::from_coords(4, 6);
        let helgi = tower_index(w, w, w, Kind::Helgi, 0, e2);
        assert_eq!(helgi, 6 * 64 + 12);
        assert_eq!(tower_index(b, b, b, Kind::Helgi, 0, e7), helgi);
        assert_eq!(tower_index(w, w, b, Kind::Pawn, 1, e2), 896 + 2 * 448 + 12);
        assert_eq!(tower_index(b, b, w, Kind::Pawn, 1, e7), 896 + 2 * 448 + 12);
        let deep = tower_index(w, b, w, Kind::Rook, 5, e2);
        assert_eq!(deep, 896 + 1792 + 448 + 3 * 64 + 12);
        assert_eq!(tower_index(w, b, w, Kind::Rook, 2, e2), deep);
        assert_eq!(
            tower_index(b, w, w, Kind::Helgi, 2, e7),
            TAVRELI_INPUTS - 52
        );
    }
}
