//! `vsadnik perft DEPTH [--variant NAME] [--fen FEN] [--moves M...] [--divide] [--threads N]`

use super::args::{parse_number, Args, UsageError};
use super::output;
use movegen::variant::{dispatch, setup_position, Position, VariantVisitor};
use movegen::VariantId;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

/// The leaf count below each legal root move, root moves split over the
/// current rayon pool.
pub fn divide<P: Position>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    divide_with(pos, |p| Some(p.perft(depth - 1))).unwrap_or_default()
}

/// Each legal root move with what `count` gives for the position after it
/// (root moves split over the current rayon pool); None if any gave None.
fn divide_with<P, F>(pos: &P, count: F) -> Option<Vec<(String, u64)>>
where
    P: Position,
    F: Fn(&mut P) -> Option<u64> + Sync,
{
    let mut list = P::MoveList::default();
    pos.generate_moves(&mut list);
    list.par_iter()
        .map(|&m| {
            let mut p = pos.clone();
            p.make_move(m);
            count(&mut p).map(|n| (m.to_string(), n))
        })
        .collect()
}

/// Subtrees this shallow are counted without looking at the stop flag.
const UNSTOPPABLE_DEPTH: u32 = 2;

/// The leaf count `depth` plies below `pos`, or None once `stop` is set
/// (looked at above the last two plies, so every few milliseconds).
fn perft_until<P: Position>(pos: &mut P, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Relaxed) {
        return None;
    }
    if depth <= UNSTOPPABLE_DEPTH {
        return Some(pos.perft(depth));
    }
    let mut list = P::MoveList::default();
    pos.generate_moves(&mut list);
    let mut n = 0;
    for &m in list.iter() {
        pos.make_move(m);
        let below = perft_until(pos, depth - 1, stop);
        pos.unmake_move();
        n += below?;
    }
    Some(n)
}

/// [`divide`] that gives up once `stop` is set (None).
pub fn divide_until<P: Position>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(String, u64)>> {
    divide_with(pos, |p| perft_until(p, depth - 1, stop))
}

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
    let args = Args::parse(words);
    args.check_known(&["variant", "fen", "moves", "divide", "threads"])?;
    let depth = match args.positional.as_slice() {
        [d] => parse_number::<u32>(d, "DEPTH", 0..=64)?,
        [] => return Err(UsageError("perft needs a DEPTH".into())),
        more => return Err(UsageError(format!("unexpected argument '{}'", more[1]))),
    };
    let variant = match args.joined("variant")? {
        Some(name) => VariantId::parse(&name).map_err(UsageError)?,
        None => VariantId::DEFAULT,
    };
    let threads = args.number::<usize>("threads", 1..=1024)?.unwrap_or(1);
    let job = PerftJob {
        depth,
        fen: args.joined("fen")?,
        moves: args
            .list("moves")?
            .map(<[String]>::to_vec)
            .unwrap_or_default(),
        divide: args.switch("divide")?,
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
