//! What a front end draws of a tranzit position: one 16-file grid (board I
//! on files a–h, board II on i–p), cut into the two boards with their
//! results (T17) and, on board II, the sides that score nothing there yet
//! (T14).

use super::action::GridSquare;
use super::state::{BoardResult as Result, TranzitState};
use crate::types::{Color, Square};
use crate::view::{BoardResult, Pane, PieceView, View};

fn result(r: Result) -> BoardResult {
    match r {
        Result::Live => BoardResult::Live,
        Result::Won(c) => BoardResult::Won(c),
        Result::Drawn => BoardResult::Drawn,
    }
}

/// The view of `s`.
pub fn view(s: &TranzitState) -> View {
    let squares = (0..8u8)
        .flat_map(|rank| (0..16u8).map(move |file| (file, rank)))
        .map(|(file, rank)| {
            s.boards[(file / 8) as usize]
                .piece_at(Square::from_coords(file % 8, rank))
                .map(|p| PieceView::chess(p, false))
                .into_iter()
                .collect()
        })
        .collect();
    let scoreless = Color::ALL
        .into_iter()
        .filter(|c| !s.transferred[c.index()])
        .collect();
    let panes = vec![
        Pane {
            label: "I",
            file0: 0,
            files: 8,
            result: result(s.results[0]),
            scoreless: Vec::new(),
        },
        Pane {
            label: "II",
            file0: 8,
            files: 8,
            result: result(s.results[1]),
            scoreless,
        },
    ];
    let en_passant = (0..2)
        .find_map(|board| {
            s.boards[board]
                .ep_square()
                .map(|square| GridSquare { board, square }.to_string())
        })
        .into_iter()
        .collect();
    let mut view = View {
        files: 16,
        ranks: 8,
        squares,
        reserves: None,
        panes,
        side_to_move: s.side_to_move(),
        check: None,
        castling: s.boards[0].castling_fen(),
        en_passant,
        halfmove: s.quiet,
        number: s.fullmove,
        series: None,
    };
    view.mark_check(s.in_check());
    view
}
