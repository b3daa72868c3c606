//! Reading CTL-PGN at the syntax level, on generated games: the lexer, the whole file into one
//! tree (`parse_file`), and game by game (`games`, what `check` does), in bytes and in games.
//!
//! The input is about 8 MB of random legal games from `cargo xtask gen`'s generator (fixed seed):
//! both hyphens, `×` and `*`, comments, one-move variations, ratings, draw offers, PDTL starts.

#[path = "../lib.rs"]
mod cescacs_benches;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let corpus = cescacs_benches::generated(8 << 20);
    let text = corpus.text.as_str();
    for (group_name, throughput) in [
        ("syntax/bytes", Throughput::Bytes(text.len() as u64)),
        ("syntax/games", Throughput::Elements(corpus.games as u64)),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        group.throughput(throughput);
        group.bench_function("lex", |b| {
            b.iter(|| ctl_an::lexer::Lexer::new(black_box(text)).count())
        });
        group.bench_function("parse_file", |b| {
            b.iter(|| black_box(ctl_an::parse_file(black_box(text))))
        });
        group.bench_function("games", |b| {
            b.iter(|| {
                ctl_an::games(black_box(text))
                    .map(|g| black_box(g).game.movetext.pairs.len())
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
