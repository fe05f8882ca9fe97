//! `vsadnik bench [--variant NAME] [--depth D] [--threads N]`

use super::args::{Args, UsageError};
use engine::bench::{run_bench, CHESS_DEPTH, CHESS_POSITIONS};
use engine::Searchable;
use movegen::Chess;

/// Runs the bench and prints per-position nodes, then the two contract lines.
pub fn run(words: &[String]) -> Result<(), UsageError> {
    let args = Args::parse(words);
    args.check_known(&["variant", "depth", "threads"])?;
    if let Some(extra) = args.positional.first() {
        return Err(UsageError(format!("unexpected argument '{extra}'")));
    }
    let variant = args
        .joined("variant")?
        .unwrap_or_else(|| "chess".to_string());
    let depth = args.number::<i32>("depth", 1..=64)?;
    let threads = args.number::<usize>("threads", 1..=256)?.unwrap_or(1);
    match variant.as_str() {
        "chess" => bench::<Chess>(CHESS_POSITIONS, depth.unwrap_or(CHESS_DEPTH), threads),
        other => Err(UsageError(format!("no bench for variant '{other}'"))),
    }
}

fn bench<P: Searchable>(positions: &[&str], depth: i32, threads: usize) -> Result<(), UsageError> {
    let r = run_bench::<P>(positions, depth, threads, |i, n, secs| {
        eprintln!(
            "position {:>2}/{}: {n} nodes {:.0} ms",
            i + 1,
            positions.len(),
            secs * 1000.0
        );
    })
    .map_err(UsageError)?;
    println!("Total time (ms): {}", (r.seconds * 1000.0) as u64);
    println!("Nodes searched: {}", r.nodes);
    println!(
        "Nodes/second: {}",
        (r.nodes as f64 / r.seconds.max(1e-9)) as u64
    );
    Ok(())
}
