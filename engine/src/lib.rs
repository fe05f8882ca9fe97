//! vsadnik's search: iterative deepening principal variation search with Lazy
//! SMP, generic over the variant seam ([`Searchable`]).

pub mod ablation;
pub mod bench;
pub mod bench_sets;
pub mod control;
pub mod correction;
pub mod driver;
pub mod info;
pub mod limits;
pub mod ordering;
pub mod search;
pub mod searchable;
pub mod series;
pub mod settings;
pub mod strength;
pub mod tt;
pub mod variants;

pub use driver::{search_fixed_depth, Engine, SearchHandle};
pub use info::{Reporter, Score, ScoreBound, SearchInfo, SearchResult, Silent};
pub use limits::Limits;
pub use searchable::Searchable;
pub use settings::Settings;
pub use strength::{Level, Strength};
pub use variants::{dispatch, SearchVisitor};
