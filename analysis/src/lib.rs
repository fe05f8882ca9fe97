//! Game analysis (`vsadnik analyse`, docs/analysis.md): every position of a
//! game is searched once; a move's loss is the drop in the mover's winning
//! chances from the position before it to the position after it; losses
//! past the thresholds of [`judgement`] get a NAG, a comment naming the
//! better move and the better line as a variation; every move gets its
//! evaluation as a `[%eval ...]` comment.

pub mod annotate;
pub mod eval;
pub mod game;
pub mod judgement;
pub mod run;
pub mod search;
pub mod team;

pub use annotate::Review;
pub use eval::Eval;
pub use game::{from_moves, Hint, Job, Study};
pub use judgement::Judgement;
pub use run::{analyse, prepare, Progress};
pub use search::{Analyst, Budget};
