//! Two engines in one process share no game state (issue 32): what one
//! engine keeps between searches, another never sees.

use engine::{Engine, Limits, SearchResult, Silent};
use movegen::progressive::ItalianPosition;
use movegen::Position;
use std::sync::Arc;

/// `pos` searched by `engine` to `depth`.
fn search<P: engine::Searchable>(engine: &Engine, pos: &P, depth: i32) -> SearchResult {
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    engine
        .start(pos.clone(), limits, Vec::new(), Arc::new(Silent))
        .wait()
}

/// A progressive series plan is the engine's own: the engine that made it
/// answers the rest of the series from it (0 nodes), another engine in the
/// same process searches, and a new game (`clear_hash`) forgets it.
#[test]
fn series_plans_belong_to_their_engine() {
    // White's series 3 mates with Bc4 Qh5 Qxf7 (Italian rules).
    let start = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    let mut pos = ItalianPosition::from_fen(start).unwrap();
    let mut planner = Engine::new(1);
    let first = search(&planner, &pos, 4).best.expect("a move");
    pos.make_move(pos.parse_move(&first).unwrap());

    let other = Engine::new(1);
    assert!(search(&other, &pos, 4).nodes > 0, "another engine searches");
    let planned = search(&planner, &pos, 4);
    assert_eq!(planned.nodes, 0, "the planner answers from its plan");

    planner.clear_hash();
    assert!(search(&planner, &pos, 4).nodes > 0, "a new game re-plans");
}
