//! The canonical writer on generated games, in bytes of input and in games: writing a file
//! already read (`write`), and reading then writing it (`read_write`, what `cescacs fmt` does).

#[path = "../lib.rs"]
mod cescacs_benches;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ctl_pgn::write::{WriteOptions, write_file};

fn bench(c: &mut Criterion) {
    let corpus = cescacs_benches::generated(8 << 20);
    let text = corpus.text.as_str();
    let parsed = ctl_an::parse_file(text);
    assert!(!parsed.has_errors(), "generated games read without errors");
    for (group_name, throughput) in [
        ("fmt/bytes", Throughput::Bytes(text.len() as u64)),
        ("fmt/games", Throughput::Elements(corpus.games as u64)),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        group.throughput(throughput);
        group.bench_function("write", |b| {
            b.iter(|| write_file(black_box(&parsed.file), WriteOptions::default()))
        });
        group.bench_function("read_write", |b| {
            b.iter(|| {
                write_file(&ctl_an::parse_file(black_box(text)).file, WriteOptions::default())
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
