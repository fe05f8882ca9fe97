//! The hidden layer's values for both views of a position, kept up to date
//! by the pieces that differ from the last position's, board by board, and
//! by the counts (pieces in hand, tranzit flags) that differ.

use super::features::{count_index, index, COUNT_SLOTS, HAND_STEPS};
use super::network::{Network, HIDDEN};
use movegen::drops::reserve::HELD_KINDS;
use movegen::drops::Reserve;
use movegen::{Board, Color, PieceKind, Square};

/// Past this many changed pieces a refresh is cheaper than the updates.
const REFRESH_AFTER: u32 = 24;

/// Counts per colour and slot, as the count inputs see them (each at most
/// [`HAND_STEPS`]).
pub type Counts = [[u8; COUNT_SLOTS]; 2];

/// The hidden values of both views of one position of `BOARDS` boards (one
/// for chess and crazyhouse, two for tranzit; none for the tavreli
/// network, whose [`super::TowerAccumulator`] adds its own columns), its
/// boards' pieces and its counts.
#[derive(Clone, PartialEq, Eq)]
pub struct Accumulator<const BOARDS: usize = 1> {
    /// White's view, then Black's.
    views: [[i16; HIDDEN]; 2],
    /// The pieces the views hold, by board, colour and kind.
    pieces: [[[u64; 6]; 2]; BOARDS],
    /// The counts the views hold, by colour and slot; always zero for the
    /// chess network.
    counts: Counts,
}

impl Accumulator<1> {
    /// Brings the views to the one board `b` (see [`Self::update_boards`]).
    #[inline(always)]
    pub fn update<const N: usize>(&mut self, net: &Network<N>, b: &Board) {
        self.update_boards(net, [b]);
    }

    /// Recomputes both views of `b` from the biases.
    pub fn refresh<const N: usize>(&mut self, net: &Network<N>, b: &Board) {
        *self = Accumulator::new(net);
        self.update(net, b);
    }

    /// Brings the hand inputs to `reserve` (see [`Self::update_counts`]).
    #[inline(always)]
    pub fn update_hand<const N: usize>(&mut self, net: &Network<N>, reserve: &Reserve) {
        let mut counts = [[0; COUNT_SLOTS]; 2];
        for color in Color::ALL {
            for kind in HELD_KINDS {
                counts[color as usize][kind as usize] = reserve.count(color, kind);
            }
        }
        self.update_counts(net, counts);
    }
}

impl<const BOARDS: usize> Accumulator<BOARDS> {
    /// The accumulator of empty boards with zero counts.
    pub fn new<const N: usize>(net: &Network<N>) -> Self {
        Accumulator {
            views: [net.bias; 2],
            pieces: [[[0; 6]; 2]; BOARDS],
            counts: [[0; COUNT_SLOTS]; 2],
        }
    }

    /// The hidden values as `view` sees the position.
    #[inline(always)]
    pub fn view(&self, view: Color) -> &[i16; HIDDEN] {
        &self.views[view as usize]
    }

    /// Brings the views to `boards`: every piece that left is taken out,
    /// every piece that arrived is added (or the views are recomputed, the
    /// counts with them, when most of the pieces changed). Inlined always,
    /// so that each kernel of [`super::evaluate`] compiles it for its
    /// instruction set.
    #[inline(always)]
    pub fn update_boards<const N: usize>(&mut self, net: &Network<N>, boards: [&Board; BOARDS]) {
        let mut changed = 0;
        for (held, b) in self.pieces.iter().zip(boards) {
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let old = held[color as usize][kind as usize];
                    changed += (old ^ b.pieces(color, kind)).count_ones();
                }
            }
        }
        if changed > REFRESH_AFTER && self.pieces != [[[0; 6]; 2]; BOARDS] {
            *self = Accumulator::new(net);
        }
        for (board, b) in boards.into_iter().enumerate() {
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let old = self.pieces[board][color as usize][kind as usize];
                    let new = b.pieces(color, kind);
                    for_each_square(old & !new, |sq| {
                        self.apply::<false, N>(net, board, color, kind, sq)
                    });
                    for_each_square(new & !old, |sq| {
                        self.apply::<true, N>(net, board, color, kind, sq)
                    });
                    self.pieces[board][color as usize][kind as usize] = new;
                }
            }
        }
    }

    /// Brings the count inputs to `counts` (after [`Self::update_boards`],
    /// which may have started the views afresh): the steps of every count
    /// that changed are added or taken out.
    #[inline(always)]
    pub fn update_counts<const N: usize>(&mut self, net: &Network<N>, counts: Counts) {
        for color in Color::ALL {
            for (slot, &count) in counts[color as usize].iter().enumerate() {
                let old = self.counts[color as usize][slot] as usize;
                let new = (count as usize).min(HAND_STEPS);
                for step in new..old {
                    self.apply_input::<false, N>(net, |view| {
                        count_index(BOARDS, view, color, slot, step)
                    });
                }
                for step in old..new {
                    self.apply_input::<true, N>(net, |view| {
                        count_index(BOARDS, view, color, slot, step)
                    });
                }
                self.counts[color as usize][slot] = new as u8;
            }
        }
    }

    /// Adds (`ADD`) or removes one piece's column in both views.
    #[inline(always)]
    fn apply<const ADD: bool, const N: usize>(
        &mut self,
        net: &Network<N>,
        board: usize,
        color: Color,
        kind: PieceKind,
        sq: Square,
    ) {
        self.apply_input::<ADD, N>(net, |view| index(board, view, color, kind, sq));
    }

    /// Adds (`ADD`) or removes the column of input `input(view)` in each
    /// view.
    #[inline(always)]
    pub(super) fn apply_input<const ADD: bool, const N: usize>(
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
