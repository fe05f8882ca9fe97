//! The hidden layer's values for both views of a board, kept up to date by
//! the pieces that differ from the last board.

use super::features::index;
use super::network::{Network, HIDDEN};
use movegen::{Board, Color, PieceKind, Square};

/// Past this many changed pieces a refresh is cheaper than the updates.
const REFRESH_AFTER: u32 = 24;

/// The hidden values of both views of one board, and that board's pieces.
#[derive(Clone, PartialEq, Eq)]
pub struct Accumulator {
    /// White's view, then Black's.
    views: [[i16; HIDDEN]; 2],
    /// The pieces the views hold, by colour and kind.
    pieces: [[u64; 6]; 2],
}

impl Accumulator {
    /// The accumulator of an empty board.
    pub fn new(net: &Network) -> Accumulator {
        Accumulator {
            views: [net.bias; 2],
            pieces: [[0; 6]; 2],
        }
    }

    /// The hidden values as `view` sees the board.
    #[inline(always)]
    pub fn view(&self, view: Color) -> &[i16; HIDDEN] {
        &self.views[view as usize]
    }

    /// Recomputes both views of `b` from the biases.
    pub fn refresh(&mut self, net: &Network, b: &Board) {
        *self = Accumulator::new(net);
        self.update(net, b);
    }

    /// Brings the views to `b`: every piece that left is taken out, every
    /// piece that arrived is added (or the views are recomputed when most of
    /// the board changed). Inlined always, so that each kernel of
    /// [`super::evaluate`] compiles it for its instruction set.
    #[inline(always)]
    pub fn update(&mut self, net: &Network, b: &Board) {
        let mut changed = 0;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let old = self.pieces[color as usize][kind as usize];
                changed += (old ^ b.pieces(color, kind)).count_ones();
            }
        }
        if changed > REFRESH_AFTER && self.pieces != [[0; 6]; 2] {
            *self = Accumulator::new(net);
        }
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let old = self.pieces[color as usize][kind as usize];
                let new = b.pieces(color, kind);
                for_each_square(old & !new, |sq| self.apply::<false>(net, color, kind, sq));
                for_each_square(new & !old, |sq| self.apply::<true>(net, color, kind, sq));
                self.pieces[color as usize][kind as usize] = new;
            }
        }
    }

    /// Adds (`ADD`) or removes one piece's column in both views.
    #[inline(always)]
    fn apply<const ADD: bool>(&mut self, net: &Network, color: Color, kind: PieceKind, sq: Square) {
        for view in Color::ALL {
            let column = &net.hidden[index(view, color, kind, sq)];
            let values = &mut self.views[view as usize];
            for (v, &w) in values.iter_mut().zip(column) {
                *v = if ADD {
                    v.wrapping_add(w)
                } else {
                    v.wrapping_sub(w)
                };
            }
        }
    }
}

/// Calls `f` with every square of `bits`.
#[inline(always)]
fn for_each_square(mut bits: u64, mut f: impl FnMut(Square)) {
    while bits != 0 {
        f(Square::new(bits.trailing_zeros() as u8));
        bits &= bits - 1;
    }
}
