//! PDTL read and write throughput, in bytes of PDTL text and in positions.

#[path = "../lib.rs"]
mod cescacs_benches;

use std::hint::black_box;

use cescacs_board::{Letters, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The initial position, the special positions of docs/RULES.md 9.2 and a few 9.3 facts: sparse and
/// full boards, every field shape.
const POSITIONS: &[&str] = &[
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
    "/27:1k/25:r2r/23:p5/17:5p2/11:5P2/5:P5/3:R2R/1:1K/ w RKRrkr - 0 1",
    "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ w -- - 0 1",
    "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ b -- - 0 1",
    "/27:P1/25:2k1/24:4P/21:7p/18:6n/13:1r6/9:1N6/6:3J3/4:2J2/3:R1NR/2:GJG/1:DK/0:V/ b -- - 0 1",
    "/27:1k/12:4r2/11:4p3/10:3P3/8:2K4/5:P5/ w -- G11@13 0 2",
    "/12:D6/7:k7/5:K5/ b -- - 1 40",
];

fn bench(c: &mut Criterion) {
    let letters = Letters::standard();
    let bytes: usize = POSITIONS.iter().map(|s| s.len()).sum();
    let positions: Vec<Position> =
        POSITIONS.iter().map(|s| pdtl::parse(s).expect("benchmark input is valid")).collect();

    let mut group = c.benchmark_group("pdtl");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("read", |b| {
        b.iter(|| {
            for s in POSITIONS {
                black_box(pdtl::read(black_box(s), &letters));
            }
        })
    });
    group.bench_function("write", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(pdtl::write(black_box(p), &letters));
            }
        })
    });
    let fan = Letters::fan();
    let fan_texts: Vec<String> = positions.iter().map(|p| pdtl::write(p, &fan)).collect();
    group.throughput(Throughput::Bytes(fan_texts.iter().map(String::len).sum::<usize>() as u64));
    group.bench_function("read_fan", |b| {
        b.iter(|| {
            for s in &fan_texts {
                black_box(pdtl::read(black_box(s), &fan));
            }
        })
    });
    group.finish();

    // The same work per position, and PDTL of positions reached by generated games.
    let generated = generated_positions(2000);
    let mut group = c.benchmark_group("pdtl/positions");
    group.throughput(Throughput::Elements(generated.len() as u64));
    group.bench_function("write", |b| {
        b.iter(|| {
            for p in &generated {
                black_box(pdtl::write(black_box(p), &letters));
            }
        })
    });
    let texts: Vec<String> = generated.iter().map(|p| pdtl::write(p, &letters)).collect();
    group.bench_function("read", |b| {
        b.iter(|| {
            for s in &texts {
                black_box(pdtl::read(black_box(s), &letters));
            }
        })
    });
    group.finish();
}

/// Every position of the main lines of generated games, until there are `n`.
fn generated_positions(n: usize) -> Vec<Position> {
    let corpus = cescacs_benches::generated(1 << 20);
    let mut out = Vec::with_capacity(n);
    for g in ctl_pgn::reader::read_str(&corpus.text) {
        out.extend(g.game.start().cloned());
        out.extend(g.game.main_line().map_while(|n| n.position()));
        if out.len() >= n {
            break;
        }
    }
    out.truncate(n);
    out
}

criterion_group!(benches, bench);
criterion_main!(benches);
