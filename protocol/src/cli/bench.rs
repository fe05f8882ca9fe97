//! `vsadnik bench [--variant NAME] [--depth D]`

use super::args::{Args, UsageError};
use engine::bench::{run_bench, CHESS_DEPTH, CHESS_POSITIONS};
use engine::Searchable;
use movegen::Chess;

/// Runs the bench and prints per-position nodes, then the two contract lines.
pub fn run(words: &[String]) -> Result<(), UsageError> {
    let args = Args::parse(words);
    args.check_known(&["variant", "depth"])?;
    if let Some(extra) = args.positional.first() {
        return Err(UsageError(format!("unexpected argument '{extra}'")));
    }
    let variant = args
        .joined("variant")?
        .unwrap_or_else(|| "chess".to_string());
    let depth = args.number::<i32>("depth", 1..=64)?;
    match variant.as_str() {
        "chess" => bench::<Chess>(CHESS_POSITIONS, depth.unwrap_or(CHESS_DEPTH)),
        other => Err(UsageError(format!("no bench for variant '{other}'"))),
    }
}

fn bench<P: Searchable>(positions: &[&str], depth: i32) -> Result<(), UsageError> {
    let r = run_bench::<P>(positions, depth, |i, n| {
        eprintln!("position {:>2}/{}: {n} nodes", i + 1, positions.len());
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
