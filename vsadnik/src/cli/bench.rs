//! `vsadnik bench [--variant NAME] [--depth D] [--threads N]`

use super::parse::parse;
use super::{spec, UsageError};
use arena::console as output;
use engine::bench::run_bench;
use engine::{dispatch, SearchVisitor, Searchable, Settings};
use movegen::VariantId;

/// Runs the bench with the engine `settings` and prints per-position
/// nodes, then the two contract lines.
pub fn run(words: &[String], settings: Settings) -> Result<(), UsageError> {
    let args = parse(spec::command("bench").expect("described"), words)?;
    let variant = match args.one("variant") {
        Some(name) => VariantId::parse(name).map_err(UsageError)?,
        None => VariantId::DEFAULT,
    };
    let depth = args.number::<i32>("depth", 1..=64)?;
    let threads = args.number::<usize>("threads", 1..=256)?.unwrap_or(1);
    dispatch(
        variant,
        BenchJob {
            depth,
            threads,
            settings,
        },
    )
}

struct BenchJob {
    depth: Option<i32>,
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
    let (positions, depth) = P::BENCH;
    output::note(&format!(
        "chess network kernel: {}",
        engine::bench::network_kernel()
    ));
    let r = run_bench::<P>(
        positions,
        job.depth.unwrap_or(depth),
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
