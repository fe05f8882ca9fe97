//! Training positions for the chess network (`docs/nnue.md`): self-play
//! games at a fixed node count, in-process, one game per thread at a time.
//!
//! ```text
//! cargo run --release -p engine --example selfplay_positions -- OPENINGS NODES [--threads 2] > DATA
//! ```
//!
//! Every FEN line of OPENINGS starts one game, both sides searching NODES
//! nodes a move with a cleared 16 MB table per game. A position is written as
//! `FEN;result` (1.0 / 0.5 / 0.0 from White's view) when the side to move is
//! not in check and the move the search chose is not tactical, the same
//! quietness test as `arena/examples/texel_positions.rs`. A game ends at
//! checkmate, a draw by the rules, 400 plies (a draw), or when the search has
//! reported a mate score or ±2000 cp for eight plies running (adjudicated
//! to the side ahead).

use engine::{Engine, Limits, Score, Searchable, Silent};
use movegen::{Chess, Color, Position, Status};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Plies after which a game is called a draw.
const MAX_PLIES: usize = 400;
/// A score this large (centipawns, side to move) counts as decided.
const DECIDED_CP: i32 = 2000;
/// Plies a decided score must hold before the game is adjudicated.
const DECIDED_PLIES: usize = 8;

/// Plays one game from `fen`; returns its quiet positions and White's result.
fn play(engine: &mut Engine, fen: &str, nodes: u64) -> Option<(Vec<String>, &'static str)> {
    let mut pos = Chess::from_fen(fen).ok()?;
    engine.clear_hash();
    let mut quiet = Vec::new();
    let mut decided = 0;
    for _ in 0..MAX_PLIES {
        if let Status::Over(outcome) = pos.status() {
            let result = match outcome.white.cmp(&outcome.black) {
                std::cmp::Ordering::Greater => "1.0",
                std::cmp::Ordering::Less => "0.0",
                std::cmp::Ordering::Equal => "0.5",
            };
            return Some((quiet, result));
        }
        let limits = Limits {
            nodes: Some(nodes),
            ..Default::default()
        };
        let result = engine
            .start(pos.clone(), limits, Vec::new(), Arc::new(Silent))
            .wait();
        let m = pos.parse_move(result.best.as_deref()?).ok()?;
        if !pos.in_check() && !pos.is_tactical(m) {
            quiet.push(pos.to_fen());
        }
        let ahead = match result.score {
            Some(Score::Mate(n)) => n.signum(),
            Some(Score::Cp(cp)) if cp.abs() >= DECIDED_CP => cp.signum(),
            _ => 0,
        };
        decided = if ahead != 0 { decided + 1 } else { 0 };
        if decided >= DECIDED_PLIES {
            let white_ahead = (ahead > 0) == (pos.side_to_move() == Color::White);
            return Some((quiet, if white_ahead { "1.0" } else { "0.0" }));
        }
        pos.make_move(m);
    }
    Some((quiet, "0.5"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: selfplay_positions OPENINGS NODES [--threads N]";
    let (path, nodes) = match args.as_slice() {
        [p, n, ..] => (p.clone(), n.parse::<u64>().expect(usage)),
        _ => panic!("{usage}"),
    };
    let threads = match &args[2..] {
        [] => 2,
        [flag, n] if flag == "--threads" => n.parse().expect(usage),
        _ => panic!("{usage}"),
    };
    let text = std::fs::read_to_string(&path).expect("readable openings file");
    let openings: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let next = AtomicUsize::new(0);
    let out = Mutex::new(std::io::BufWriter::new(std::io::stdout()));
    let written = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut engine = Engine::new(16);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(fen) = openings.get(i) else { break };
                    let Some((quiet, result)) = play(&mut engine, fen, nodes) else {
                        eprintln!("opening {} skipped: {fen}", i + 1);
                        continue;
                    };
                    let mut out = out.lock().expect("no writer panicked");
                    for q in &quiet {
                        writeln!(out, "{q};{result}").expect("write");
                    }
                    written.fetch_add(quiet.len(), Ordering::Relaxed);
                }
            });
        }
    });
    out.into_inner()
        .expect("no writer panicked")
        .flush()
        .expect("flush");
    eprintln!(
        "{} positions from {} openings",
        written.into_inner(),
        openings.len()
    );
}
