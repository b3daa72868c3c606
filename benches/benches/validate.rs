//! Game validation throughput (`ctl_pgn::validate::check_text`) at the three levels: parsing
//! alone (`syntax`), parsing plus replaying every move for algebraic coherence (`coherence`), and
//! full legality with check marks, draws and results (`rules`), in bytes and in games. The
//! replay's own cost is the difference with `syntax`.
//!
//! The input is about 4 MB of random legal games from `cargo xtask gen`'s generator (fixed seed,
//! the same games as the other benches).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ctl_pgn::validate::{Level, check_text};

fn bench(c: &mut Criterion) {
    let corpus = cescacs_benches::generated(4 << 20);
    let text = corpus.text.as_str();
    // The games must be clean, or the benchmark would measure diagnostics.
    assert!(check_text(text, Level::Rules).is_empty(), "the generated games are not clean");
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
            group.bench_function(name, |b| b.iter(|| check_text(black_box(text), level)));
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
