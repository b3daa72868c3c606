//! Game validation throughput (`ctl_pgn::Check::text`) at the three levels: parsing
//! alone (`syntax`), parsing plus replaying every move for algebraic coherence (`coherence`), and
//! full legality with check marks, draws and results (`rules`), in bytes and in games. The
//! replay's own cost is the difference with `syntax`.
//!
//! `fast_*` is the fast path of `cescacs check` (`ctl_pgn::internals::check_fast`) on the
//! same games, split into one-game chunks beforehand as `check` reads them: what a clean game
//! costs there.
//!
//! The input is about 4 MB of random legal games from `cargo xtask gen`'s generator (fixed seed,
//! the same games as the other benches).

#[path = "../lib.rs"]
mod cescacs_benches;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ctl_an::Limits;
use ctl_pgn::internals::check_fast;
use ctl_pgn::reader::Chunks;
use ctl_pgn::{Check, Level};

fn bench(c: &mut Criterion) {
    let corpus = cescacs_benches::generated(4 << 20);
    let text = corpus.text.as_str();
    // The games must be clean, or the benchmark would measure diagnostics.
    assert!(
        Check::new(Level::Rules).text(text).diagnostics.is_empty(),
        "the generated games are not clean"
    );
    let chunks: Vec<String> = Chunks::new(text.as_bytes())
        .map(|p| String::from_utf8(p.expect("reading from memory").bytes).expect("UTF-8"))
        .collect();
    let fast =
        |level| chunks.iter().filter(|p| check_fast(p, level, &Limits::DEFAULT).is_some()).count();
    assert_eq!(fast(Level::Rules), corpus.games, "every generated game takes the fast path");
    for (group_name, throughput) in [
        ("validate/bytes", Throughput::Bytes(text.len() as u64)),
        ("validate/games", Throughput::Elements(corpus.games as u64)),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(5));
        group.throughput(throughput);
        for (name, level) in
            [("syntax", Level::Syntax), ("coherence", Level::Coherence), ("rules", Level::Rules)]
        {
            group.bench_function(name, |b| {
                b.iter(|| Check::new(level).text(black_box(text)).diagnostics)
            });
            group.bench_function(format!("fast_{name}"), |b| b.iter(|| fast(black_box(level))));
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
