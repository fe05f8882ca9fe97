//! The tavreli network's accumulator: the hidden values of both views of a
//! board of towers, kept up to date square by square. A square whose tower
//! differs from the last board's loses the old tower's columns and gains
//! the new one's (every piece one column, [`tower_index`]).

use super::accumulator::Accumulator;
use super::features::tower_index;
use super::network::Network;
use movegen::bitboard::Squares;
use movegen::tavreli::TavreliBoard;
use movegen::{Color, Square};

/// Past this many changed squares a refresh is cheaper than the updates.
const REFRESH_AFTER: u32 = 12;

/// The hidden values of both views of a tavreli board and the board they
/// hold.
#[derive(Clone)]
pub struct TowerAccumulator {
    /// The views (an accumulator of no chess boards and no counts).
    values: Accumulator<0>,
    /// The board the views hold.
    board: TavreliBoard,
}

impl PartialEq for TowerAccumulator {
    /// Equal views of equal towers.
    fn eq(&self, other: &Self) -> bool {
        let occupied = self.board.occupied() | other.board.occupied();
        self.values == other.values
            && Squares(occupied).all(|sq| same_tower(&self.board, &other.board, sq))
    }
}

impl TowerAccumulator {
    /// The accumulator of an empty board.
    pub fn new<const N: usize>(net: &Network<N>) -> Self {
        TowerAccumulator {
            values: Accumulator::new(net),
            board: TavreliBoard::empty(),
        }
    }

    /// The views, for [`Network::output`].
    #[inline(always)]
    pub fn values(&self) -> &Accumulator<0> {
        &self.values
    }

    /// Brings the views to `b`: the towers that changed are taken out and
    /// put back as they are now (or the views are recomputed, when many
    /// changed). Inlined always, as [`Accumulator::update_boards`].
    #[inline(always)]
    pub fn update<const N: usize>(&mut self, net: &Network<N>, b: &TavreliBoard) {
        let mut changed = 0u64;
        for sq in Squares(self.board.occupied() | b.occupied()) {
            if !same_tower(&self.board, b, sq) {
                changed |= sq.bb();
            }
        }
        if changed.count_ones() > REFRESH_AFTER {
            *self = TowerAccumulator::new(net);
            changed = b.occupied();
        }
        for sq in Squares(changed) {
            self.apply_tower::<false, N>(net, sq);
        }
        self.board = *b;
        for sq in Squares(changed) {
            self.apply_tower::<true, N>(net, sq);
        }
    }

    /// Adds (`ADD`) or removes the columns of the held board's tower on
    /// `sq`.
    #[inline(always)]
    fn apply_tower<const ADD: bool, const N: usize>(&mut self, net: &Network<N>, sq: Square) {
        let Some(top) = self.board.top(sq) else {
            return;
        };
        let rank = sq.rank();
        for (depth, piece) in self.board.tower(sq).enumerate() {
            let kind = piece.kind_as_top_on(rank);
            self.values.apply_input::<ADD, N>(net, |view: Color| {
                tower_index(view, top.color(), piece.color(), kind, depth, sq)
            });
        }
    }
}

/// True when the towers on `sq` of `a` and `b` hold the same pieces in the
/// same order.
#[inline(always)]
fn same_tower(a: &TavreliBoard, b: &TavreliBoard, sq: Square) -> bool {
    a.height(sq) == b.height(sq) && a.tower(sq).eq(b.tower(sq))
}
