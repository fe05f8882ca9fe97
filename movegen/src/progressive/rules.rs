//! The three rule sets of progressive chess as compile-time switches
//! (`docs/rules/progressive.md`).

use crate::counter::Counter;

/// Which of the three sets a variant plays.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RuleSet {
    /// I1–I3: check only on the last move of a series.
    Italian,
    /// C1: a check ends the series.
    Scottish,
    /// E1–E5: a check ends the series, pieces move in rounds, no en passant.
    English,
}

/// The switches the move generator and the series bookkeeping read.
pub trait SeriesRules: Copy + Clone + Default + Send + Sync + 'static {
    /// The variant.
    const ID: crate::VariantId;
    /// The set.
    const SET: RuleSet;
    /// I1: a move that gives check is legal only as the last move of a series.
    const CHECK_ONLY_LAST: bool;
    /// C1, E1: a move that gives check ends the series at once.
    const CHECK_ENDS_SERIES: bool;
    /// I2 (Italian, Scottish): en passant as the first move of a series.
    const EN_PASSANT: bool;
    /// E2, E3: every mobile piece moves once per round.
    const ROUNDS: bool;
    /// I3: ten series without pawn move or capture draw. Otherwise E5: the
    /// fifty-move rule in single moves (100).
    const DRAW_BY_SERIES: bool;
}

/// Italian progressive chess.
#[derive(Copy, Clone, Default, Debug)]
pub struct Italian;
/// Scottish progressive chess.
#[derive(Copy, Clone, Default, Debug)]
pub struct Scottish;
/// English progressive chess.
#[derive(Copy, Clone, Default, Debug)]
pub struct English;

impl SeriesRules for Italian {
    const ID: crate::VariantId = crate::VariantId::ProgressiveItalian;
    const SET: RuleSet = RuleSet::Italian;
    const CHECK_ONLY_LAST: bool = true;
    const CHECK_ENDS_SERIES: bool = false;
    const EN_PASSANT: bool = true;
    const ROUNDS: bool = false;
    const DRAW_BY_SERIES: bool = true;
}

impl SeriesRules for Scottish {
    const ID: crate::VariantId = crate::VariantId::ProgressiveScottish;
    const SET: RuleSet = RuleSet::Scottish;
    const CHECK_ONLY_LAST: bool = false;
    const CHECK_ENDS_SERIES: bool = true;
    const EN_PASSANT: bool = true;
    const ROUNDS: bool = false;
    const DRAW_BY_SERIES: bool = true;
}

impl SeriesRules for English {
    const ID: crate::VariantId = crate::VariantId::ProgressiveEnglish;
    const SET: RuleSet = RuleSet::English;
    const CHECK_ONLY_LAST: bool = false;
    const CHECK_ENDS_SERIES: bool = true;
    const EN_PASSANT: bool = false;
    const ROUNDS: bool = true;
    const DRAW_BY_SERIES: bool = false;
}

/// I3: this many consecutive series without a pawn move or a capture draw.
pub const SERIES_DRAW_LIMIT: Counter = 10;
/// E5: this many single moves without a pawn move or a capture draw.
pub const PLY_DRAW_LIMIT: Counter = 100;
