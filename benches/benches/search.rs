//! Evaluation and fixed-depth search speed.

use benches::POSITIONS;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use engine::search_fixed_depth;
use eval::Evaluate;
use movegen::{Chess, Position};

fn evaluation(c: &mut Criterion) {
    let mut g = c.benchmark_group("evaluate");
    for (name, fen) in POSITIONS {
        let pos = Chess::from_fen(fen).unwrap();
        g.bench_function(*name, |bench| bench.iter(|| black_box(&pos).evaluate()));
    }
    g.finish();
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    let pos = Chess::from_fen(POSITIONS[1].1).unwrap();
    let nodes = search_fixed_depth(&pos, 8, 16).nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("kiwipete_d8", |bench| {
        bench.iter(|| search_fixed_depth(black_box(&pos), 8, 16).nodes)
    });
    g.finish();
}

criterion_group!(benches, evaluation, search);
criterion_main!(benches);
