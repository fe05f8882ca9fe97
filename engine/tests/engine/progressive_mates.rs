//! The 60 positions of `data/progressive/progressive_mates_public.csv` (a mate
//! in the current series, 4–9 moves) under Italian and Scottish rules.
//!
//! Fast: a handful of the easiest. Full benchmark (prints time and nodes
//! per position and the totals):
//! `cargo test --release -p engine --test progressive_mates -- --ignored --nocapture`
//! (`VSADNIK_MATE_SECONDS` sets the limit per position, default 10).

use engine::series::{is_mated, MateResult, MateSolver};
use movegen::progressive::{fen, Italian, Scottish, SeriesRules, SeriesState};
use std::time::{Duration, Instant};

struct Row {
    id: u32,
    fen: String,
    length: u32,
}

fn rows() -> Vec<Row> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/progressive/progressive_mates_public.csv"
    );
    let text = std::fs::read_to_string(path).expect("the mates CSV");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (id, fen, len) = (col("id"), col("fen"), col("series_length"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            Row {
                id: f[id].parse().unwrap(),
                fen: f[fen].to_string(),
                length: f[len].parse().unwrap(),
            }
        })
        .collect()
}

/// Plays `moves` from `s` and checks that they complete the series with a mate.
fn verify<R: SeriesRules>(s: &SeriesState, moves: &[movegen::Move]) -> bool {
    let mut c = *s;
    for (i, &m) in moves.iter().enumerate() {
        if !c.legal_moves::<R>().contains(&m) {
            return false;
        }
        let ended = c.make::<R>(m);
        if ended != (i + 1 == moves.len()) {
            return false;
        }
    }
    is_mated::<R>(&c)
}

struct Outcome {
    solved: bool,
    seconds: f64,
    nodes: u64,
    line: String,
}

fn solve<R: SeriesRules>(fen_text: &str, limit: Duration) -> Outcome {
    let s = fen::parse::<R>(fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"));
    let mut solver = MateSolver::<R>::new(22);
    let start = Instant::now();
    let result = solver.solve(&s, &mut |_| start.elapsed() > limit);
    let seconds = start.elapsed().as_secs_f64();
    match result {
        MateResult::Mate(pv) => {
            assert!(verify::<R>(&s, &pv), "{fen_text}: {pv:?} does not mate");
            Outcome {
                solved: true,
                seconds,
                nodes: solver.nodes,
                line: pv
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            }
        }
        MateResult::NoMate => panic!("{fen_text}: the solver proved no mate"),
        MateResult::Unknown => Outcome {
            solved: false,
            seconds,
            nodes: solver.nodes,
            line: "-".into(),
        },
    }
}

/// Plain depth-first search over every legal sequence (no bounds, no table).
fn brute<R: SeriesRules>(s: &SeriesState) -> bool {
    for m in s.legal_moves::<R>() {
        let mut c = *s;
        if c.make::<R>(m) {
            if is_mated::<R>(&c) {
                return true;
            }
        } else if brute::<R>(&c) {
            return true;
        }
    }
    false
}

fn agree<R: SeriesRules>(fen_text: &str) -> (bool, bool) {
    let s = fen::parse::<R>(fen_text).unwrap();
    let mut solver = MateSolver::<R>::new(18);
    let fast = match solver.solve(&s, &mut |_| false) {
        MateResult::Mate(pv) => {
            assert!(verify::<R>(&s, &pv), "{fen_text}");
            true
        }
        MateResult::NoMate => false,
        MateResult::Unknown => unreachable!(),
    };
    (fast, brute::<R>(&s))
}

#[test]
fn solver_agrees_with_brute_force_on_short_series() {
    // The four-move problems with one or two moves already played: a mate
    // exists or not; the bounded solver must say the same as brute force.
    let mut mates = 0;
    for row in rows().iter().filter(|r| r.length == 4).take(10) {
        for played in [1, 2] {
            let fen_text = format!("{} {played}", row.fen);
            let (a, b) = agree::<Italian>(&fen_text);
            assert_eq!(a, b, "italian {fen_text}");
            let (c, d) = agree::<Scottish>(&fen_text);
            assert_eq!(c, d, "scottish {fen_text}");
            mates += a as u32 + c as u32;
        }
    }
    assert!(mates < 40);
}

#[test]
fn solves_easy_mates() {
    let rows = rows();
    assert_eq!(rows.len(), 60);
    for id in [1, 2, 3, 4] {
        let row = rows.iter().find(|r| r.id == id).unwrap();
        for (name, o) in [
            (
                "italian",
                solve::<Italian>(&row.fen, Duration::from_secs(20)),
            ),
            (
                "scottish",
                solve::<Scottish>(&row.fen, Duration::from_secs(20)),
            ),
        ] {
            assert!(o.solved, "{name} #{id} {}", row.fen);
        }
    }
}

#[test]
#[ignore]
fn mate_benchmark() {
    let secs: f64 = std::env::var("VSADNIK_MATE_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10.0);
    let limit = Duration::from_secs_f64(secs);
    let only: Option<Vec<u32>> = std::env::var("VSADNIK_MATE_IDS")
        .ok()
        .map(|v| v.split(',').map(|x| x.parse().unwrap()).collect());
    let rows = rows();
    println!("| id | n | italian | time s | nodes | scottish | time s | nodes |");
    println!("|---:|---:|:---:|---:|---:|:---:|---:|---:|");
    let mut tot = [(0u32, 0f64, 0u64, 0f64); 2];
    for row in &rows {
        if only.as_ref().is_some_and(|o| !o.contains(&row.id)) {
            continue;
        }
        let i = solve::<Italian>(&row.fen, limit);
        let s = solve::<Scottish>(&row.fen, limit);
        for (k, o) in [&i, &s].into_iter().enumerate() {
            tot[k].0 += o.solved as u32;
            tot[k].1 += o.seconds;
            tot[k].2 += o.nodes;
            tot[k].3 = tot[k].3.max(o.seconds);
        }
        println!(
            "| {} | {} | {} | {:.2} | {} | {} | {:.2} | {} |",
            row.id,
            row.length,
            if i.solved { "yes" } else { "no" },
            i.seconds,
            i.nodes,
            if s.solved { "yes" } else { "no" },
            s.seconds,
            s.nodes
        );
        eprintln!("#{} italian {} | scottish {}", row.id, i.line, s.line);
    }
    for (k, name) in ["italian", "scottish"].iter().enumerate() {
        let n = rows.len() as f64;
        println!(
            "{name}: solved {}/{}, total {:.1} s, mean {:.2} s, max {:.2} s, nodes {}",
            tot[k].0,
            rows.len(),
            tot[k].1,
            tot[k].1 / n,
            tot[k].3,
            tot[k].2
        );
    }
}

#[test]
fn sleep_sets_keep_mates_that_need_a_check_to_wait() {
    // Problem 45 two moves in, Scottish: Re1 Rxe6 Rxc6 Rc8 Bf5# mates only
    // with Bf5 last; played earlier, Rxc6 would be a discovered check that
    // ends the series. A sleep set must not carry Bf5 past the node where
    // it checks (it did once, and the solver proved "no mate").
    let fen_text = "1r4nr/pp1k1ppp/2n1p3/8/3P4/B2B4/P1PN1PPP/b2K3R w - - 1 7 2";
    let s = fen::parse::<Scottish>(fen_text).unwrap();
    let mut solver = MateSolver::<Scottish>::new(18);
    match solver.solve(&s, &mut |_| false) {
        MateResult::Mate(pv) => assert!(verify::<Scottish>(&s, &pv), "{pv:?}"),
        other => panic!("{other:?}"),
    }
}
