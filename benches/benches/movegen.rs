//! Move generation and perft speed (leaves per second: see the throughput).

use benches::POSITIONS;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use movegen::movegen::{count_legal_moves, legal_moves};
use movegen::perft::perft;
use movegen::Board;

fn generation(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_moves");
    for (name, fen) in POSITIONS {
        let b = Board::from_fen(fen).unwrap();
        g.bench_function(*name, |bench| {
            bench.iter(|| legal_moves(black_box(&b)).len())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("count_moves");
    for (name, fen) in POSITIONS {
        let b = Board::from_fen(fen).unwrap();
        g.bench_function(*name, |bench| {
            bench.iter(|| count_legal_moves(black_box(&b)))
        });
    }
    g.finish();
}

fn perft_speed(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, fen, depth) in [
        ("start_d5", POSITIONS[0].1, 5),
        ("kiwipete_d4", POSITIONS[1].1, 4),
    ] {
        let b = Board::from_fen(fen).unwrap();
        g.throughput(Throughput::Elements(perft(&b, depth)));
        g.bench_function(name, |bench| bench.iter(|| perft(black_box(&b), depth)));
    }
    g.finish();
}

criterion_group!(benches, generation, perft_speed);
criterion_main!(benches);
