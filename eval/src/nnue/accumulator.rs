//! The hidden layer's values for both views of a board, kept up to date by
//! the pieces that differ from the last board (and, in crazyhouse, by the
//! pieces in hand that differ).

use super::features::{hand_index, index, HAND_STEPS};
use super::network::{Network, HIDDEN};
use movegen::drops::reserve::HELD_KINDS;
use movegen::drops::Reserve;
use movegen::{Board, Color, PieceKind, Square};

/// Past this many changed pieces a refresh is cheaper than the updates.
const REFRESH_AFTER: u32 = 24;

/// The hidden values of both views of one board, and that board's pieces
/// (and pieces in hand, counted up to [`HAND_STEPS`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Accumulator {
    /// White's view, then Black's.
    views: [[i16; HIDDEN]; 2],
    /// The pieces the views hold, by colour and kind.
    pieces: [[u64; 6]; 2],
    /// The pieces in hand the views hold, by colour and kind (pawn to
    /// queen); always zero for the chess network.
    hand: [[u8; 5]; 2],
}

impl Accumulator {
    /// The accumulator of an empty board with empty hands.
    pub fn new<const N: usize>(net: &Network<N>) -> Accumulator {
        Accumulator {
            views: [net.bias; 2],
            pieces: [[0; 6]; 2],
            hand: [[0; 5]; 2],
        }
    }

    /// The hidden values as `view` sees the board.
    #[inline(always)]
    pub fn view(&self, view: Color) -> &[i16; HIDDEN] {
        &self.views[view as usize]
    }

    /// Recomputes both views of `b` from the biases.
    pub fn refresh<const N: usize>(&mut self, net: &Network<N>, b: &Board) {
        *self = Accumulator::new(net);
        self.update(net, b);
    }

    /// Brings the views to `b`: every piece that left is taken out, every
    /// piece that arrived is added (or the views are recomputed when most of
    /// the board changed). Inlined always, so that each kernel of
    /// [`super::evaluate`] compiles it for its instruction set.
    #[inline(always)]
    pub fn update<const N: usize>(&mut self, net: &Network<N>, b: &Board) {
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
                for_each_square(old & !new, |sq| {
                    self.apply::<false, N>(net, color, kind, sq)
                });
                for_each_square(new & !old, |sq| self.apply::<true, N>(net, color, kind, sq));
                self.pieces[color as usize][kind as usize] = new;
            }
        }
    }

    /// Brings the hand inputs to `reserve` (after [`Self::update`], which
    /// may have started the views afresh): the steps of every count that
    /// changed are added or taken out.
    #[inline(always)]
    pub fn update_hand<const N: usize>(&mut self, net: &Network<N>, reserve: &Reserve) {
        for color in Color::ALL {
            for kind in HELD_KINDS {
                let old = self.hand[color as usize][kind as usize] as usize;
                let new = (reserve.count(color, kind) as usize).min(HAND_STEPS);
                for step in new..old {
                    self.apply_input::<false, N>(net, |view| hand_index(view, color, kind, step));
                }
                for step in old..new {
                    self.apply_input::<true, N>(net, |view| hand_index(view, color, kind, step));
                }
                self.hand[color as usize][kind as usize] = new as u8;
            }
        }
    }

    /// Adds (`ADD`) or removes one piece's column in both views.
    #[inline(always)]
    fn apply<const ADD: bool, const N: usize>(
        &mut self,
        net: &Network<N>,
        color: Color,
        kind: PieceKind,
        sq: Square,
    ) {
        self.apply_input::<ADD, N>(net, |view| index(view, color, kind, sq));
    }

    /// Adds (`ADD`) or removes the column of input `input(view)` in each
    /// view.
    #[inline(always)]
    fn apply_input<const ADD: bool, const N: usize>(
        &mut self,
        net: &Network<N>,
        input: impl Fn(Color) -> usize,
    ) {
        for view in Color::ALL {
            let column = &net.hidden[input(view)];
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
