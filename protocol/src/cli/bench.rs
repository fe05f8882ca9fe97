//! `vsadnik bench [--variant NAME] [--depth D] [--threads N]`

use super::args::{Args, UsageError};
use super::output;
use engine::bench::{bench_set, run_bench};
use engine::{dispatch, SearchVisitor, Searchable, Settings};

/// Runs the bench with the engine `settings` and prints per-position
/// nodes, then the two contract lines.
pub fn run(words: &[String], settings: Settings) -> Result<(), UsageError> {
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
    let (positions, default_depth) = bench_set(&variant)
        .ok_or_else(|| UsageError(format!("no bench for variant '{variant}'")))?;
    let job = BenchJob {
        positions,
        depth: depth.unwrap_or(default_depth),
        threads,
        settings,
    };
    dispatch(&variant, job).map_err(UsageError)?
}

struct BenchJob {
    positions: &'static [&'static str],
    depth: i32,
    threads: usize,
    settings: Settings,
}

impl SearchVisitor for BenchJob {
    type Output = Result<(), UsageError>;
    fn visit<P: Searchable>(self) -> Self::Output {
        bench::<P>(&self)
    }
}

fn bench<P: Searchable>(job: &BenchJob) -> Result<(), UsageError> {
    let positions = job.positions;
    let r = run_bench::<P>(
        positions,
        job.depth,
        job.threads,
        job.settings,
        |i, n, secs| {
            output::note(&format!(
                "position {:>2}/{}: {n} nodes {:.0} ms",
                i + 1,
                positions.len(),
                secs * 1000.0
            ));
        },
    )
    .map_err(UsageError)?;
    output::lines(&[
        format!("Total time (ms): {}", (r.seconds * 1000.0) as u64),
        format!("Nodes searched: {}", r.nodes),
        format!(
            "Nodes/second: {}",
            (r.nodes as f64 / r.seconds.max(1e-9)) as u64
        ),
    ]);
    Ok(())
}
