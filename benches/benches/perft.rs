//! Move-generator throughput: perft from the initial position, in leaf nodes, and legal-move
//! listing of a few docs/RULES.md 9.2 positions.

use std::hint::black_box;

use cescacs_board::Position;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CASTLE: &str = "/27:1k/25:r2r/23:p5/17:5p2/11:5P2/5:P5/3:R2R/1:1K/ w RKRrkr - 0 1";

fn bench(c: &mut Criterion) {
    let initial = Position::initial();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(340_385));
    group.bench_function("initial depth 3", |b| b.iter(|| black_box(&initial).perft(3)));
    group.finish();

    let castle = pdtl::parse(CASTLE).expect("benchmark input is valid");
    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(1));
    group.bench_function("initial", |b| b.iter(|| black_box(&initial).legal_board_moves()));
    group.bench_function("castle", |b| b.iter(|| black_box(&castle).legal_board_moves()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
