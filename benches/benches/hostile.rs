//! Hostile input that used to cost quadratic time (issue 17): a file of `*` lines, each a second
//! result pointing back to the first, checked and rendered as the text report. The time per
//! line must stay flat from 10,000 to 40,000 lines (`Throughput::Elements` gives lines per
//! second for each size).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ctl_pgn::render::render_text;
use ctl_pgn::{Check, Level};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile/star_lines");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for lines in [10_000usize, 20_000, 40_000] {
        let text = "*\n".repeat(lines);
        group.throughput(Throughput::Elements(lines as u64));
        group.bench_with_input(BenchmarkId::new("check_and_render", lines), &text, |b, text| {
            b.iter(|| {
                let found = Check::new(Level::Rules).text(black_box(text)).diagnostics;
                render_text(&found, "stars.ctl-pgn", text, false).len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
