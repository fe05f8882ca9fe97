//! What a front end draws of a tavreli position: towers top first, each
//! piece with its kind, a pawn with the kind it promotes into (R6).

use super::fen::token;
use super::state::TavreliBoard;
use crate::types::Square;
use crate::view::{PieceView, View};

/// The view of `b`.
pub fn view(b: &TavreliBoard) -> View {
    let squares = (0..64u8)
        .map(|i| {
            let sq = Square::new(i);
            let n = b.height(sq);
            b.tower(sq)
                .enumerate()
                .map(|(depth, c)| PieceView {
                    color: c.color(),
                    kind: c.kind().upper_char(),
                    promoted: c.is_promoted(),
                    identity: if c.is_pawn() {
                        c.identity().map(|k| k.upper_char())
                    } else {
                        None
                    },
                    text: token(c, sq, depth, n).replace('~', ""),
                })
                .collect()
        })
        .collect();
    View::of_header(squares, b.header(), b.in_check())
}
