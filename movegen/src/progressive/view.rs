//! What a front end draws of a progressive position: the board, and the
//! series (its number, the moves played, the English round).

use super::rules::SeriesRules;
use super::state::SeriesState;
use crate::view::{SeriesView, View};

/// The view of `s` under the rules `R`.
pub fn view<R: SeriesRules>(s: &SeriesState) -> View {
    let mut view = View::of_board(&s.board, 0);
    view.side_to_move = s.mover();
    view.mark_check(s.board.in_check());
    view.en_passant = View::names_of(s.ep);
    view.halfmove = s.draw_counter::<R>();
    view.number = s.series;
    let round = if R::ROUNDS && s.played > 0 {
        View::names_of(s.moved)
    } else {
        Vec::new()
    };
    view.series = Some(SeriesView {
        number: s.series,
        played: s.played,
        round,
    });
    view
}
