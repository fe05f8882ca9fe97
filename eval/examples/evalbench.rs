//! Times the chess evaluation by hand:
//! `cargo run --release -p eval --example evalbench`.
//! Prints the best and median ns/eval over batches of positions reached by
//! random moves (the best batch is the least disturbed by other load).

use eval::chess::evaluate;
use movegen::movegen::legal_moves;
use movegen::Board;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    // A fixed xorshift sequence picks the moves.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut positions = Vec::new();
    for fen in fens {
        for _ in 0..400 {
            let mut b = Board::from_fen(fen).unwrap();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for _ in 0..x % 40 {
                let moves = legal_moves(&b);
                if moves.is_empty() {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                b.make_move(moves[(x % moves.len() as u64) as usize]);
            }
            positions.push(b);
        }
    }
    // EVALBENCH_BATCHES=1 with valgrind counts instructions per evaluation.
    let batches: usize = std::env::var("EVALBENCH_BATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    let mut times = Vec::new();
    let mut sum = 0i64;
    for _ in 0..batches {
        let t = Instant::now();
        for _ in 0..20 {
            for b in &positions {
                sum += evaluate(black_box(b)) as i64;
            }
        }
        times.push(t.elapsed().as_nanos() as f64 / (20 * positions.len()) as f64);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "{} positions: best {:.1} ns/eval, median {:.1} ns/eval (checksum {sum})",
        positions.len(),
        times[0],
        times[times.len() / 2]
    );
}
