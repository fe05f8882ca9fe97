//! Texel tuning of an evaluation's weights: chess, tranzit, tavreli or
//! crazyhouse.
//!
//! ```text
//! cargo run --release -p eval --example texel -- DATA [--variant V] [options]
//! ```
//!
//! `--variant chess` (default) fits every chess weight; `tranzit` the
//! tranzit weights (the points of decided boards are fixed); `tavreli` the
//! tower weights (the chess terms on the tops are fixed, with the chess
//! weights in use); `crazyhouse` the drop weights, the board's own chess
//! weights among them. See `docs/eval.md`.
//!
//! DATA has one position per line, `FEN;result` with result 1.0 / 0.5 / 0.0
//! from White's view (see `tools/texel/make_data.py`), optionally followed by
//! `;cp`, a search score of the position in centipawns from White's view
//! (`make_data.py --score`, `tools/texel/label_scores.py`). The evaluation is
//! linear in its weights (before the taper and the endgame scale, which are
//! fixed per position), so each position is traced once into a sparse list
//! of (parameter, White's uses minus Black's) and the tuner then works on
//! those lists alone:
//!
//! 1. fit the sigmoid constant K minimising the mean squared error between
//!    the targets and `1 / (1 + 10^(-K * eval / 400))` for the starting weights.
//!    The target is the game result, or with `--lambda L` below 1 (every line
//!    must then carry a score) `L * result + (1 - L) * sigmoid(Ks, cp)`, the
//!    score's sigmoid constant `Ks` being fitted to the results first;
//! 2. minimise the same error over every weight with full-batch Adam;
//! 3. round, re-evaluate with the engine's own integer code, report the
//!    errors (against the targets, and against the results alone) before and
//!    after on the training and the validation positions (the last `--valid`
//!    fraction of the file, so mostly other games), and
//!    write the weights as Rust source (`--out`, default stdout).
//!
//! Guarding against over-fitting (the positions of one game share its
//! result, so a few thousand games are few data for ~1000 parameters):
//! * chess piece-square tables are tuned left-right symmetric (a square and
//!   its mirror across the d/e line share one value) unless `--asymmetric`;
//! * `--l2 X` (default 1e-7) adds `X * (w - w_start)^2` per parameter to
//!   the error, pulling rarely seen parameters back to their starting values;
//! * with `--early-stop`, the weights kept are those of the epoch with the
//!   lowest validation error (checked every 10 epochs) rather than the last.
//!
//! Options: `--start initial|current` (default initial: the hand-set weights;
//! current: the weights the engine uses now), `--epochs N` (default 1000),
//! `--lr X` (default 1.0, centipawns per step, decaying to a tenth),
//! `--valid F` (default 0.1), `--limit N` (use the first N positions),
//! `--l2 X`, `--lambda L` (default 1: results only), `--asymmetric`,
//! `--early-stop`, `--out FILE`.

mod variants;

use eval::acc::{Sum, Trace};
use eval::params::Params;
use eval::score::{MAX_PHASE, S, SCALE_NORMAL};
use movegen::VariantId;
use std::time::Instant;
use variants::{Chess, Crazyhouse, Tavreli, Tranzit, Tunable};

/// One traced position.
struct Pos {
    /// Range into the shared coefficient arrays.
    start: u32,
    end: u32,
    /// Phase / MAX_PHASE.
    mg_factor: f32,
    /// (1 - phase / MAX_PHASE) * scale / SCALE_NORMAL.
    eg_factor: f32,
    /// The fixed (untuned) part of the evaluation, tapered.
    fixed: f32,
    /// What the evaluation's sigmoid is fitted to.
    target: f32,
}

/// A position as the engine evaluates it, with its game result and target.
struct Labelled<P> {
    board: P,
    result: f32,
    target: f32,
}

struct Data {
    pos: Vec<Pos>,
    index: Vec<u16>,
    coef: Vec<f32>,
}

struct Args {
    data: String,
    variant: String,
    start: String,
    epochs: usize,
    lr: f64,
    valid: f64,
    limit: usize,
    l2: f64,
    lambda: f64,
    symmetric: bool,
    early_stop: bool,
    out: Option<String>,
}

fn parse_args() -> Args {
    let mut a = Args {
        data: String::new(),
        variant: VariantId::DEFAULT.name().into(),
        start: "initial".into(),
        epochs: 1000,
        lr: 1.0,
        valid: 0.1,
        limit: usize::MAX,
        l2: 1e-7,
        lambda: 1.0,
        symmetric: true,
        early_stop: false,
        out: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut val = || it.next().unwrap_or_else(|| panic!("{x} needs a value"));
        match x.as_str() {
            "--variant" => a.variant = val(),
            "--start" => a.start = val(),
            "--epochs" => a.epochs = val().parse().expect("--epochs N"),
            "--lr" => a.lr = val().parse().expect("--lr X"),
            "--valid" => a.valid = val().parse().expect("--valid F"),
            "--limit" => a.limit = val().parse().expect("--limit N"),
            "--l2" => a.l2 = val().parse().expect("--l2 X"),
            "--lambda" => a.lambda = val().parse().expect("--lambda L"),
            "--asymmetric" => a.symmetric = false,
            "--early-stop" => a.early_stop = true,
            "--out" => a.out = Some(val()),
            _ if a.data.is_empty() && !x.starts_with("--") => a.data = x,
            _ => panic!("unknown argument {x}"),
        }
    }
    assert!(!a.data.is_empty(), "usage: texel DATA [--variant chess|tranzit|tavreli|crazyhouse] [--start initial|current] [--epochs N] [--lr X] [--valid F] [--limit N] [--l2 X] [--lambda L] [--asymmetric] [--early-stop] [--out FILE]");
    a
}

/// The number of training positions among `n`: all but the last `valid`
/// fraction, which validates.
fn train_len(n: usize, valid: f64) -> usize {
    n - ((n as f64 * valid) as usize).min(n)
}

/// One parsed line: the position, its result and its score if any.
fn parse_line<T: Tunable>(line: &str) -> Option<(&str, T::Pos, f32, Option<f64>)> {
    let mut fields = line.split(';');
    let fen = fields.next()?.trim();
    let result = fields.next()?.trim().parse::<f32>().ok()?;
    let score = match fields.next() {
        Some(cp) => Some(cp.trim().parse::<f64>().ok()?),
        None => None,
    };
    if fields.next().is_some() {
        return None;
    }
    Some((fen, T::parse(fen)?, result, score))
}

/// Reads and traces every position with the weights `w`; coefficients are
/// stored under their parameter's canonical index. With `lambda` below 1 the
/// targets blend the result with the score's sigmoid (see the module doc).
#[allow(clippy::type_complexity)]
fn load<T: Tunable>(
    path: &str,
    w: &T::W,
    canon: &[usize],
    limit: usize,
    lambda: f64,
    valid: f64,
) -> (Data, Vec<Labelled<T::Pos>>) {
    let text = std::fs::read_to_string(path).expect("read the data file");
    let mut data = Data {
        pos: Vec::new(),
        index: Vec::new(),
        coef: Vec::new(),
    };
    let mut boards = Vec::new();
    let mut trace = Trace::new(w);
    let params = w.to_vec();
    let (mut skipped, mut unusable) = (0, 0);
    let lines: Vec<_> = text
        .lines()
        .take(limit)
        .filter_map(|l| {
            let parsed = parse_line::<T>(l);
            skipped += parsed.is_none() as usize;
            parsed
        })
        .filter(|(_, pos, _, _)| {
            let usable = T::usable(&T::eval(pos, w, &mut Sum::default()));
            unusable += !usable as usize;
            usable
        })
        .collect();
    // With lambda below 1 every line needs a score; the scores' sigmoid
    // constant is fitted to the training results.
    let scores: Vec<f64> = if lambda < 1.0 {
        lines
            .iter()
            .map(|(fen, _, _, cp)| {
                cp.unwrap_or_else(|| panic!("--lambda needs a score on every line: {fen}"))
            })
            .collect()
    } else {
        Vec::new()
    };
    let ks = if scores.is_empty() {
        0.0
    } else {
        let n_train = train_len(lines.len(), valid);
        let scored: Vec<(f64, f64)> = scores[..n_train]
            .iter()
            .copied()
            .zip(lines.iter().map(|l| l.2 as f64))
            .collect();
        let ks = fit_k(&scored);
        eprintln!("Ks = {ks:.4} (the scores' sigmoid constant); lambda {lambda}");
        ks
    };
    for (i, (fen, b, result, _)) in lines.into_iter().enumerate() {
        let target = match scores.get(i) {
            Some(&cp) => (lambda * result as f64 + (1.0 - lambda) * sigmoid(ks, cp)) as f32,
            None => result,
        };
        trace.clear();
        let bd = T::eval(&b, w, &mut trace);
        let start = data.index.len() as u32;
        let mut check = S::ZERO;
        let mut merged: Vec<(usize, i32)> = Vec::new();
        for (i, &c) in trace.coefficients.iter().enumerate() {
            if c != 0 {
                check += params[i] * c;
                let ci = canon[i];
                match merged.iter_mut().find(|(j, _)| *j == ci) {
                    Some(m) => m.1 += c,
                    None => merged.push((ci, c)),
                }
            }
        }
        // The trace must reproduce the evaluation exactly.
        assert_eq!(check, bd.sum, "trace mismatch on {fen}");
        for (i, c) in merged {
            if c != 0 {
                data.index.push(i as u16);
                data.coef.push(c as f32);
            }
        }
        let phase = bd.phase as f32 / MAX_PHASE as f32;
        let eg_factor = (1.0 - phase) * bd.scale as f32 / SCALE_NORMAL as f32;
        data.pos.push(Pos {
            start,
            end: data.index.len() as u32,
            mg_factor: phase,
            eg_factor,
            fixed: bd.fixed.mg as f32 * phase + bd.fixed.eg as f32 * eg_factor,
            target,
        });
        boards.push(Labelled {
            board: b,
            result,
            target,
        });
    }
    if unusable > 0 {
        eprintln!("left out {unusable} positions the variant does not tune on");
    }
    if skipped > 0 {
        eprintln!("skipped {skipped} malformed lines");
    }
    (data, boards)
}

#[inline(always)]
fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The linear evaluation of position `p` with weights `mg`, `eg`.
#[inline(always)]
fn lin_eval(d: &Data, p: &Pos, mg: &[f64], eg: &[f64]) -> f64 {
    let (mut m, mut e) = (0.0, 0.0);
    for j in p.start as usize..p.end as usize {
        let i = d.index[j] as usize;
        let c = d.coef[j] as f64;
        m += mg[i] * c;
        e += eg[i] * c;
    }
    m * p.mg_factor as f64 + e * p.eg_factor as f64 + p.fixed as f64
}

fn mse_lin(d: &Data, range: std::ops::Range<usize>, k: f64, mg: &[f64], eg: &[f64]) -> f64 {
    let n = range.len() as f64;
    d.pos[range]
        .iter()
        .map(|p| {
            let r = p.target as f64 - sigmoid(k, lin_eval(d, p, mg, eg));
            r * r
        })
        .sum::<f64>()
        / n
}

/// The errors of the engine's own (integer, tapered, scaled) evaluation
/// against the targets and against the results.
fn mse_engine<T: Tunable>(boards: &[Labelled<T::Pos>], k: f64, w: &T::W) -> (f64, f64) {
    if boards.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let (mut t, mut r) = (0.0, 0.0);
    for l in boards {
        let s = sigmoid(k, T::eval(&l.board, w, &mut Sum::default()).white as f64);
        t += (l.target as f64 - s).powi(2);
        r += (l.result as f64 - s).powi(2);
    }
    let n = boards.len() as f64;
    (t / n, r / n)
}

/// Errors against the targets and the results, for the log.
fn show((target, result): (f64, f64)) -> String {
    format!("{target:.6} (results {result:.6})")
}

/// K minimising the error of the fixed evaluations `evals`.
fn fit_k(evals: &[(f64, f64)]) -> f64 {
    let err = |k: f64| {
        evals
            .iter()
            .map(|&(e, r)| {
                let d = r - sigmoid(k, e);
                d * d
            })
            .sum::<f64>()
    };
    // Golden-section search on [0.05, 4].
    let (mut a, mut b) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if err(c) < err(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

fn main() {
    let args = parse_args();
    let variant = VariantId::parse(&args.variant).unwrap_or_else(|e| panic!("{e}"));
    match variant {
        VariantId::Chess => tune::<Chess>(&args),
        VariantId::Tranzit => tune::<Tranzit>(&args),
        VariantId::Tavreli => tune::<Tavreli>(&args),
        VariantId::Crazyhouse => tune::<Crazyhouse>(&args),
        v => panic!("no Texel weights for {v}: chess, tranzit, tavreli or crazyhouse"),
    }
}

/// Fits `T`'s weights to the data as `args` say and writes them out.
fn tune<T: Tunable>(args: &Args) {
    let start_w = match args.start.as_str() {
        "initial" => T::initial(),
        "current" => T::current(),
        s => panic!("--start initial|current, not {s}"),
    };
    let t = Instant::now();
    let canon = T::canonical(&start_w, args.symmetric);
    let (data, boards) = load::<T>(
        &args.data,
        &start_w,
        &canon,
        args.limit,
        args.lambda,
        args.valid,
    );
    let n = data.pos.len();
    let n_train = train_len(n, args.valid);
    eprintln!(
        "{} positions ({} train, {} validation), {} nonzero coefficients, {} parameters, loaded in {:.1}s",
        n,
        n_train,
        n - n_train,
        data.index.len(),
        T::W::LEN,
        t.elapsed().as_secs_f64()
    );
    let (train_b, valid_b) = boards.split_at(n_train);

    // Start the tied piece-square entries from their pair's mean.
    let mut params = start_w.to_vec();
    for i in 0..T::W::LEN {
        let c = canon[i];
        if c != i {
            let (a, b) = (params[c], params[i]);
            params[c] = S::new((a.mg + b.mg) / 2, (a.eg + b.eg) / 2);
        }
    }
    let mut mg: Vec<f64> = params.iter().map(|s| s.mg as f64).collect();
    let mut eg: Vec<f64> = params.iter().map(|s| s.eg as f64).collect();
    let (mg0, eg0) = (mg.clone(), eg.clone());
    let mut best = (f64::INFINITY, 0usize, mg.clone(), eg.clone());

    let evals: Vec<(f64, f64)> = train_b
        .iter()
        .map(|l| {
            (
                T::eval(&l.board, &start_w, &mut Sum::default()).white as f64,
                l.target as f64,
            )
        })
        .collect();
    let k = fit_k(&evals);
    let before_train = show(mse_engine::<T>(train_b, k, &start_w));
    let before_valid = show(mse_engine::<T>(valid_b, k, &start_w));
    eprintln!("K = {k:.4}; MSE before: train {before_train}, validation {before_valid}");

    // Full-batch Adam on the mean squared error.
    let np = T::W::LEN;
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut m1 = vec![0.0f64; 2 * np];
    let mut m2 = vec![0.0f64; 2 * np];
    let mut grad = vec![0.0f64; 2 * np];
    let ln10k = std::f64::consts::LN_10 * k / 400.0;
    let t = Instant::now();
    for epoch in 1..=args.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut err = 0.0;
        for p in &data.pos[..n_train] {
            let s = sigmoid(k, lin_eval(&data, p, &mg, &eg));
            let r = p.target as f64 - s;
            err += r * r;
            // d(r^2)/d(eval) = -2 r s (1 - s) ln10 K / 400
            let g = -2.0 * r * s * (1.0 - s) * ln10k;
            let gm = g * p.mg_factor as f64;
            let ge = g * p.eg_factor as f64;
            for j in p.start as usize..p.end as usize {
                let i = data.index[j] as usize;
                let c = data.coef[j] as f64;
                grad[i] += gm * c;
                grad[np + i] += ge * c;
            }
        }
        // Step size decays linearly to a tenth over the run.
        let lr = args.lr * (1.0 - 0.9 * (epoch - 1) as f64 / args.epochs as f64);
        let bc1 = 1.0 - b1.powi(epoch as i32);
        let bc2 = 1.0 - b2.powi(epoch as i32);
        for i in 0..2 * np {
            let mut g = grad[i] / n_train as f64;
            if args.l2 > 0.0 {
                g += 2.0
                    * args.l2
                    * if i < np {
                        mg[i] - mg0[i]
                    } else {
                        eg[i - np] - eg0[i - np]
                    };
            }
            m1[i] = b1 * m1[i] + (1.0 - b1) * g;
            m2[i] = b2 * m2[i] + (1.0 - b2) * g * g;
            let step = lr * (m1[i] / bc1) / ((m2[i] / bc2).sqrt() + eps);
            if i < np {
                mg[i] -= step;
            } else {
                eg[i - np] -= step;
            }
        }
        if epoch % 10 == 0 || epoch == args.epochs {
            let valid = if n_train < n {
                mse_lin(&data, n_train..n, k, &mg, &eg)
            } else {
                err / n_train as f64
            };
            if valid < best.0 {
                best = (valid, epoch, mg.clone(), eg.clone());
            }
            if epoch % 100 == 0 || epoch == args.epochs {
                eprintln!(
                    "epoch {epoch}: train MSE {:.6}, validation {valid:.6} ({:.0}s)",
                    err / n_train as f64,
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
    if args.early_stop && args.epochs > 0 {
        eprintln!("keeping epoch {} (validation MSE {:.6})", best.1, best.0);
        (mg, eg) = (best.2.clone(), best.3.clone());
    } else {
        best.1 = args.epochs;
    }
    for i in 0..np {
        mg[i] = mg[canon[i]];
        eg[i] = eg[canon[i]];
    }

    let tuned: Vec<S> = mg
        .iter()
        .zip(&eg)
        .map(|(m, e)| S::new(m.round() as i32, e.round() as i32))
        .collect();
    let mut w = start_w.clone();
    w.set_from(&tuned);
    T::finish(&mut w);
    let after_train = show(mse_engine::<T>(train_b, k, &w));
    let after_valid = show(mse_engine::<T>(valid_b, k, &w));
    let summary = format!(
        "K = {k:.4}, lambda {}; MSE before: train {before_train}, validation {before_valid}; \
         after: train {after_train}, validation {after_valid}",
        args.lambda
    );
    eprintln!("{summary}");

    let src = format!(
        "//! The tuned {} weights, written by `examples/texel`\n\
         //! ({n} positions, {} epochs, kept epoch {}, started from `{}`, l2 {}{}).\n\
         //! {summary}\n\n\
         use super::weights::{{s, {}}};\n\n\
         /// The weights the engine plays with.\n\
         #[rustfmt::skip]\n{}",
        T::ID.name(),
        args.epochs,
        best.1,
        args.start,
        args.l2,
        match (T::TABLES, args.symmetric) {
            (false, _) => "",
            (true, true) => ", symmetric tables",
            (true, false) => ", asymmetric tables",
        },
        T::TYPE,
        T::to_rust(&w)
    );
    match &args.out {
        Some(path) => std::fs::write(path, src).expect("write the weights"),
        None => print!("{src}"),
    }
}
