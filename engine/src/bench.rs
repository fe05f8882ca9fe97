//! `vsadnik bench`: a fixed set of positions searched to a fixed depth with one
//! thread and a cleared 16 MB table each; the node count is deterministic.

use crate::driver::Engine;
use crate::info::Silent;
use crate::limits::Limits;
use crate::searchable::Searchable;
use crate::settings::Settings;
use std::sync::Arc;
use std::time::Instant;

pub use crate::bench_sets::*;

/// The instruction set the chess network runs with on this CPU (`generic`,
/// `avx2`, `avx512`; `VSADNIK_KERNEL` picks a lesser one).
pub fn network_kernel() -> &'static str {
    eval::nnue::kernel().name()
}

/// Bench totals.
pub struct BenchResult {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Searches every FEN of `positions` to `depth` with `threads` threads and
/// `settings` (the node count is deterministic with one); calls `each` with the position
/// index, its node count and its time in seconds.
pub fn run_bench<P: Searchable>(
    positions: &[&str],
    depth: i32,
    threads: usize,
    settings: Settings,
    mut each: impl FnMut(usize, u64, f64),
) -> Result<BenchResult, String> {
    let start = Instant::now();
    let mut nodes = 0;
    let mut engine = Engine::new(16);
    engine.threads = threads;
    engine.settings = settings;
    for (i, fen) in positions.iter().enumerate() {
        let pos = P::from_fen(fen).map_err(|e| format!("bench position {}: {e}", i + 1))?;
        engine.clear_hash();
        let limits = Limits {
            depth: Some(depth),
            ..Default::default()
        };
        let t = Instant::now();
        let r = engine
            .start(pos, limits, Vec::new(), Arc::new(Silent))
            .wait();
        nodes += r.nodes;
        each(i, r.nodes, t.elapsed().as_secs_f64());
    }
    Ok(BenchResult {
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    })
}
