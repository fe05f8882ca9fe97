//! Training positions for the networks (`docs/nnue.md`): self-play games
//! at a fixed node count, in-process, one game per thread at a time.
//!
//! ```text
//! cargo run --release -p engine --example selfplay_positions -- OPENINGS NODES \
//!     [--threads 2] [--variant chess|crazyhouse|tranzit|tavreli] [--score] [--perturb]
//!     [--ablate NAME] > DATA
//! ```
//!
//! Every FEN line of OPENINGS starts one game, both sides searching NODES
//! nodes a move with a cleared 16 MB table per game. A position is written as
//! `FEN;result` (1.0 / 0.5 / 0.0 from White's view) when the side to move is
//! not in check and the move the search chose is not tactical, the same
//! quietness test as `arena/examples/texel_positions.rs`. A game ends at
//! checkmate, a draw by the rules, 400 plies (a draw), or when the search has
//! reported a mate score or ±2000 cp for eight plies running (adjudicated
//! to the side ahead). With `--score` each line also carries the search's
//! score of the position, `FEN;result;cp` (centipawns from White's view,
//! mates as ±3000), the format `tools/nnue/train.py` reads; in tranzit the
//! score leaves out the points of decided boards (which the evaluation
//! adds to the network's score, `eval::tranzit::decided_points`), and that
//! remainder is what decides the adjudication. With
//! `--perturb` (and `--score`), every ply also tries one random legal move
//! other than the one played (the same moves on every run: the generator is
//! seeded by the opening's line number) and keeps the position after it,
//! with the score of its own search of NODES nodes, when that position
//! passes the same quietness test: positions after bad moves, which a
//! search tree is full of and the games alone never show. `--ablate NAME`
//! turns a part of the engine off, as `vsadnik --ablate` does
//! (`docs/ablation.md`): `crazyhouse-network` plays with the hand-written
//! drop evaluation, `tranzit-network` the hand-written tranzit terms,
//! `tavreli-network` the hand-written tavreli terms.

use engine::ablation::Switch;
use engine::{Engine, Limits, Score, Searchable, Silent};
use movegen::drops::CrazyhousePosition;
use movegen::tavreli::TavreliPosition;
use movegen::tranzit::TranzitPosition;
use movegen::{Chess, Color, Status, VariantId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Plies after which a game is called a draw.
const MAX_PLIES: usize = 400;
/// A score this large (centipawns, side to move) counts as decided.
const DECIDED_CP: i32 = 2000;
/// Plies a decided score must hold before the game is adjudicated.
const DECIDED_PLIES: usize = 8;
/// Mate scores as centipawns in `--score` lines.
const MATE_CP: i32 = 3000;

/// A position self-play labels: its score's part that no network learns.
trait Labelled: Searchable {
    /// The fixed part of the evaluation, centipawns from White's view.
    fn fixed_cp(&self) -> i32 {
        0
    }
}

impl Labelled for Chess {}

impl Labelled for CrazyhousePosition {}

impl Labelled for TavreliPosition {}

impl Labelled for TranzitPosition {
    fn fixed_cp(&self) -> i32 {
        eval::tranzit::decided_points(self.current())
    }
}

/// The move and score of a search of `pos` to `nodes` nodes.
fn search<P: Searchable>(engine: &Engine, pos: &P, nodes: u64) -> Option<(P::Move, Option<Score>)> {
    let limits = Limits {
        nodes: Some(nodes),
        ..Default::default()
    };
    let result = engine
        .start(pos.clone(), limits, Vec::new(), Arc::new(Silent))
        .wait();
    let m = pos.parse_move(result.best.as_deref()?).ok()?;
    Some((m, result.score))
}

/// `score`, a search's of `pos`, in centipawns from White's view, less
/// [`Labelled::fixed_cp`].
fn white_cp<P: Labelled>(pos: &P, score: Option<Score>) -> i32 {
    let white = if pos.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    match score {
        Some(Score::Mate(n)) => white * MATE_CP * n.signum(),
        Some(Score::Cp(cp)) => (white * cp - pos.fixed_cp()).clamp(-MATE_CP, MATE_CP),
        None => 0,
    }
}

/// The position one random legal move other than `played` away from
/// `pos`, with its search's score, if it is quiet (as in [`play`]).
fn perturbed<P: Labelled>(
    engine: &Engine,
    pos: &mut P,
    played: P::Move,
    nodes: u64,
    rng: &mut StdRng,
) -> Option<(String, i32)> {
    let mut list = P::MoveList::default();
    pos.generate_moves(&mut list);
    let others: Vec<P::Move> = list.iter().copied().filter(|&m| m != played).collect();
    if others.is_empty() {
        return None;
    }
    pos.make_move(others[rng.gen_range(0..others.len())]);
    let label = match pos.status() {
        Status::Over(_) => None,
        _ if pos.in_check() => None,
        _ => search(engine, pos, nodes)
            .filter(|&(m, _)| !pos.is_tactical(m))
            .map(|(_, score)| (pos.to_fen(), white_cp(pos, score))),
    };
    pos.unmake_move();
    label
}

/// Plays one game from `fen`; returns its quiet positions (each with the
/// search's score from White's view) and White's result. With `rng`, each
/// ply also adds its [`perturbed`] position.
fn play<P: Labelled>(
    engine: &mut Engine,
    fen: &str,
    nodes: u64,
    mut rng: Option<StdRng>,
) -> Option<(Vec<(String, i32)>, &'static str)> {
    let mut pos = P::from_fen(fen).ok()?;
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
        let (m, score) = search(engine, &pos, nodes)?;
        let cp = white_cp(&pos, score);
        if !pos.in_check() && !pos.is_tactical(m) {
            quiet.push((pos.to_fen(), cp));
        }
        if let Some(rng) = rng.as_mut() {
            quiet.extend(perturbed(engine, &mut pos, m, nodes, rng));
        }
        decided = if cp.abs() >= DECIDED_CP {
            decided + 1
        } else {
            0
        };
        if decided >= DECIDED_PLIES {
            let white_ahead = cp + pos.fixed_cp() > 0;
            return Some((quiet, if white_ahead { "1.0" } else { "0.0" }));
        }
        pos.make_move(m);
    }
    Some((quiet, "0.5"))
}

/// The command line: openings file, nodes, threads, variant, scores,
/// perturbed positions.
struct Args {
    path: String,
    nodes: u64,
    threads: usize,
    variant: VariantId,
    scores: bool,
    perturb: bool,
    ablate: Vec<Switch>,
}

fn parse_args() -> Args {
    let usage = "usage: selfplay_positions OPENINGS NODES [--threads N] [--variant chess|crazyhouse|tranzit|tavreli] [--score] [--perturb] [--ablate NAME]";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, nodes) = match args.as_slice() {
        [p, n, ..] => (p.clone(), n.parse::<u64>().expect(usage)),
        _ => panic!("{usage}"),
    };
    let mut out = Args {
        path,
        nodes,
        threads: 2,
        variant: VariantId::Chess,
        scores: false,
        perturb: false,
        ablate: Vec::new(),
    };
    let mut rest = args[2..].iter();
    while let Some(flag) = rest.next() {
        match flag.as_str() {
            "--threads" => out.threads = rest.next().and_then(|n| n.parse().ok()).expect(usage),
            "--variant" => {
                out.variant = rest
                    .next()
                    .and_then(|v| VariantId::from_name(v))
                    .filter(|v| {
                        matches!(
                            v,
                            VariantId::Chess
                                | VariantId::Crazyhouse
                                | VariantId::Tranzit
                                | VariantId::Tavreli
                        )
                    })
                    .expect(usage)
            }
            "--score" => out.scores = true,
            "--perturb" => out.perturb = true,
            "--ablate" => out
                .ablate
                .push(rest.next().and_then(|n| Switch::from_name(n)).expect(usage)),
            _ => panic!("{usage}"),
        }
    }
    assert!(out.scores || !out.perturb, "--perturb needs --score");
    out
}

fn main() {
    let args = parse_args();
    match args.variant {
        VariantId::Crazyhouse => run::<CrazyhousePosition>(&args),
        VariantId::Tranzit => run::<TranzitPosition>(&args),
        VariantId::Tavreli => run::<TavreliPosition>(&args),
        _ => run::<Chess>(&args),
    }
}

/// Plays a game from every opening of `args` with position type `P`.
fn run<P: Labelled>(args: &Args) {
    let text = std::fs::read_to_string(&args.path).expect("readable openings file");
    let openings: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let next = AtomicUsize::new(0);
    let out = Mutex::new(std::io::BufWriter::new(std::io::stdout()));
    let written = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..args.threads {
            s.spawn(|| {
                let mut engine = Engine::new(16);
                args.ablate.iter().for_each(|&s| engine.settings.ablate(s));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(fen) = openings.get(i) else { break };
                    let rng = args.perturb.then(|| StdRng::seed_from_u64(i as u64));
                    let Some((quiet, result)) = play::<P>(&mut engine, fen, args.nodes, rng) else {
                        eprintln!("opening {} skipped: {fen}", i + 1);
                        continue;
                    };
                    let mut out = out.lock().expect("no writer panicked");
                    for (q, cp) in &quiet {
                        if args.scores {
                            writeln!(out, "{q};{result};{cp}").expect("write");
                        } else {
                            writeln!(out, "{q};{result}").expect("write");
                        }
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
