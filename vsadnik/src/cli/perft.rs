//! `vsadnik perft DEPTH [--variant NAME] [--fen FEN] [--moves M...] [--divide] [--threads N]`

use super::parse::{number, parse, Parsed};
use super::{spec, UsageError};
use arena::console as output;
use movegen::divide::divide;
use movegen::variant::{dispatch, setup_position, Position, VariantVisitor};
use movegen::VariantId;
use std::time::Instant;

/// Perft output lines for `pos`: divide lines (if asked) and the total line.
pub fn perft_lines<P: Position>(pos: &P, depth: u32, show_divide: bool) -> (Vec<String>, u64) {
    let mut lines = Vec::new();
    let total = if depth == 0 {
        1
    } else if show_divide || rayon::current_num_threads() > 1 {
        let counts = divide(pos, depth);
        if show_divide {
            lines.extend(counts.iter().map(|(m, n)| format!("{m}: {n}")));
        }
        counts.iter().map(|(_, n)| n).sum()
    } else {
        pos.clone().perft(depth)
    };
    lines.push(format!("Nodes searched: {total}"));
    (lines, total)
}

struct PerftJob {
    depth: u32,
    fen: Option<String>,
    moves: Vec<String>,
    divide: bool,
}

impl VariantVisitor for PerftJob {
    type Output = Result<(Vec<String>, u64), UsageError>;
    fn visit<P: Position>(self) -> Self::Output {
        let pos: P = setup_position(self.fen.as_deref(), &self.moves).map_err(UsageError)?;
        Ok(perft_lines(&pos, self.depth, self.divide))
    }
}

/// Runs the perft command; prints only when everything parsed.
pub fn run(words: &[String]) -> Result<(), UsageError> {
    let args: Parsed = parse(spec::command("perft").expect("described"), words)?;
    let depth = number::<u32>(&args.positional[0], "DEPTH", 0..=64)?;
    let variant = match args.one("variant") {
        Some(name) => VariantId::parse(name).map_err(UsageError)?,
        None => VariantId::DEFAULT,
    };
    let threads = args.number::<usize>("threads", 1..=1024)?.unwrap_or(1);
    let job = PerftJob {
        depth,
        fen: args.joined("fen"),
        moves: args
            .values("moves")
            .map(<[String]>::to_vec)
            .unwrap_or_default(),
        divide: args.flag("divide"),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| UsageError(format!("cannot start {threads} threads: {e}")))?;
    let start = Instant::now();
    let (lines, total) = pool.install(|| dispatch(variant, job))?;
    let secs = start.elapsed().as_secs_f64();
    output::lines(&lines);
    output::note(&format!(
        "perft {depth}: {total} nodes in {:.3} s ({:.0} nodes/s)",
        secs,
        total as f64 / secs.max(1e-9)
    ));
    Ok(())
}
