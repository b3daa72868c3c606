//! The input side of `cescacs check`: a stream cut into one-game chunks with their offsets, lines
//! and columns (`ctl_pgn::reader::Chunks`), then each chunk decoded (`ctl_pgn::decode::decode`:
//! UTF-8, BOM, control characters), in bytes and in games.
//!
//! The input is about 8 MB of random legal games from `cargo xtask gen`'s generator (fixed seed),
//! read from a byte slice, so the figures are those of the code and not of a disk.
//!
//! `std_from_utf8` is the standard library's UTF-8 check of the whole text, for comparison:
//! `decode` checks with `simdutf8` instead, which is several times faster on these games.

#[path = "../lib.rs"]
mod cescacs_benches;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ctl_pgn::decode::decode;
use ctl_pgn::reader::Chunks;

fn bench(c: &mut Criterion) {
    let corpus = cescacs_benches::generated(8 << 20);
    let bytes = corpus.text.as_bytes();
    for (group_name, throughput) in [
        ("reader/bytes", Throughput::Bytes(bytes.len() as u64)),
        ("reader/games", Throughput::Elements(corpus.games as u64)),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        group.throughput(throughput);
        group.bench_function("chunks", |b| {
            b.iter(|| {
                Chunks::new(black_box(bytes))
                    .map(|chunk| chunk.expect("reading memory").bytes.len())
                    .sum::<usize>()
            })
        });
        group.bench_function("chunks_decode", |b| {
            b.iter(|| {
                Chunks::new(black_box(bytes))
                    .map(|chunk| decode(chunk.expect("reading memory").bytes).text.len())
                    .sum::<usize>()
            })
        });
        group.bench_function("std_from_utf8", |b| {
            b.iter(|| std::str::from_utf8(black_box(bytes)).is_ok())
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
