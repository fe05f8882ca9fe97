//! What a front end draws of a tavreli position: towers top first, each
//! piece with its kind, a pawn with the kind it promotes into (R6).

use super::fen::token;
use super::state::TavreliBoard;
use crate::types::Square;
use crate::view::{Pane, PieceView, View};

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
    let mut view = View {
        files: 8,
        ranks: 8,
        squares,
        reserves: None,
        panes: vec![Pane::whole(8)],
        side_to_move: b.side_to_move(),
        check: None,
        castling: crate::fen_fields::castling_text(b.castling()),
        en_passant: b.ep_square().iter().map(Square::to_string).collect(),
        halfmove: b.halfmove_clock(),
        number: b.fullmove_number(),
        series: None,
    };
    view.mark_check(b.in_check());
    view
}
