//! What one game sets about its evaluation: the developer switches that
//! turn a family of terms off (`docs/ablation.md`) and the bughouse
//! partner's wishes and clocks (`docs/team_play.md`). A small `Copy` value the engine
//! owns and hands to every evaluation ([`crate::Evaluate::evaluate`]), so two
//! games in one process evaluate each with its own settings.

/// Extra team value per piece, by colour index and kind index (pawn to
/// queen), in centipawns.
pub type TeamExtra = [[i32; 5]; 2];

/// The evaluation settings of one engine. The default is the full
/// evaluation, with no partner's wishes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalConfig {
    /// Standard chess evaluated by the hand-written terms instead of the
    /// network (`--ablate chess-network`, [`crate::nnue`]).
    pub chess_network_off: bool,
    /// Crazyhouse, bughouse and Swedish chess evaluated by the hand-written
    /// drop terms instead of the crazyhouse network (`--ablate
    /// crazyhouse-network`, [`crate::drops::evaluate_by_network`]).
    pub crazyhouse_network_off: bool,
    /// Chess-tranzit evaluated by the hand-written terms instead of the
    /// tranzit network (`--ablate tranzit-network`,
    /// [`crate::tranzit::evaluate`]).
    pub tranzit_network_off: bool,
    /// Chess-tranzit evaluated without its own terms (`--ablate
    /// tranzit-eval`, [`crate::tranzit::evaluate_plain`]; the network off
    /// too).
    pub tranzit_plain: bool,
    /// Tavreli evaluated by the hand-written terms instead of the tavreli
    /// network (`--ablate tavreli-network`, [`crate::tavreli::evaluate`]).
    pub tavreli_network_off: bool,
    /// Tavreli evaluated from the tower tops only (`--ablate
    /// tavreli-below-top`, [`crate::tavreli`]): no reserves, prisoners,
    /// tower risk or liberation threats (the network off too).
    pub tavreli_tops_only: bool,
    /// The partner's wishes in the team variants (bughouse, Swedish), added
    /// to the team value of each piece ([`crate::drops::team`]); all zero:
    /// the plain team values.
    pub team_extra: TeamExtra,
    /// By colour index: whether sitting (S11: in check, no legal move, a
    /// drop of a piece not in hand would help) loses that side the game on
    /// the clock, because the other team can sit longer (`docs/team_play.md`,
    /// "Sitting in the search"). All false: sitting costs only a fixed
    /// penalty.
    pub sitting_loses: [bool; 2],
}
