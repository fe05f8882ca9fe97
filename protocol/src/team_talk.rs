//! Team play (bughouse, Swedish chess) on the engine's side: the reserves of
//! the current board set from outside (XBoard `holding`), the questions the
//! engine asks about its board for its partner (which piece would mate,
//! which would save it), and the partner messages (`ptell`) it sends and
//! obeys. The message set is documented in `docs/team_play.md`.

pub mod board;
pub mod holding;
pub mod talk;

pub use board::{as_team_view, as_team_view_mut, TeamView};
pub use holding::{parse_holding, Holding};
pub use talk::{PartnerClocks, PartnerRequest, TeamTalk};

/// When the side to move sits (S11: in check, no legal move, not mated;
/// S12: not in check, no legal move, in Swedish chess): a sentence saying
/// so and naming the pieces whose drop would give a legal move, cheapest
/// first.
pub fn sit_message(view: &dyn TeamView) -> Option<String> {
    if !view.sitting() {
        return None;
    }
    let kinds: Vec<String> = view
        .saving_kinds()
        .iter()
        .map(|&k| board::kind_letter(k).to_string())
        .collect();
    let why = if view.side_in_check() {
        "S11): in check"
    } else {
        "S12): not in check"
    };
    Some(format!(
        "sitting ({why} with no legal move; waiting for a piece to drop ({})",
        kinds.join("/")
    ))
}
