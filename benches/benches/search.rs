//! Evaluation and fixed-depth search speed.

use benches::POSITIONS;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use engine::search_fixed_depth;
use eval::nnue::{evaluate_by, Accumulator, Kernel, NETWORK};
use movegen::{Chess, Position};

/// The hand-written evaluation, the network computed from scratch, and the
/// network as the search uses it: updated from the board before, here one
/// move away and back (`docs/nnue.md`), by each kernel this CPU runs.
fn evaluation(c: &mut Criterion) {
    let mut g = c.benchmark_group("evaluate");
    let net = &*NETWORK;
    for (name, fen) in POSITIONS {
        let pos = Chess::from_fen(fen).unwrap();
        let board = *pos.board();
        let mut list = Default::default();
        pos.generate_moves(&mut list);
        let mut child = pos.clone();
        child.make_move(list[0]);
        let child = *child.board();
        g.bench_function(format!("hand-written/{name}"), |bench| {
            bench.iter(|| eval::chess::evaluate(black_box(&board)))
        });
        g.bench_function(format!("network-refresh/{name}"), |bench| {
            let mut acc = Accumulator::new(net);
            bench.iter(|| {
                acc.refresh(net, black_box(&board));
                net.output(&acc, board.side_to_move())
            })
        });
        for kernel in Kernel::available() {
            g.bench_function(format!("network-move-{}/{name}", kernel.name()), |bench| {
                bench.iter(|| {
                    evaluate_by(black_box(&child), kernel) + evaluate_by(black_box(&board), kernel)
                })
            });
        }
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
