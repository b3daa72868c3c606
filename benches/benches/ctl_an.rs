//! CTL-AN lexer and parser throughput, in bytes of CTL-PGN text.
//!
//! The input is generated: the spec's example games repeated until the text passes 10 MB, every
//! other copy written with the keyboard characters (`*`, `...`) instead of `×`, `…`; and one long
//! main line of move pairs (dense movetext, about 22 bytes per pair).
//!
//! Measured on the 2-core development machine (2026-11-22, CPU time, the machine shared): the
//! lexer reads about 420 MB/s; reading into the spanned tree about 42 MB/s game by game
//! (`games`), 28 MB/s for `parse_file` (which keeps every game), 36 MB/s for one long movetext.
//! The chumsky pass itself (zero-size errors) is about a fifth of the parse; building the tree,
//! which holds a byte span for every node (about 30 bytes of tree per byte of dense movetext),
//! and lexing take the rest.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const SPEC_GAMES: &str = include_str!("../../crates/ctl-an/tests/fixtures/spec-examples.ctl-pgn");

fn corpus(min_bytes: usize) -> String {
    let ascii = SPEC_GAMES.replace('×', "*").replace('…', "...");
    let mut text = String::with_capacity(min_bytes + SPEC_GAMES.len());
    let mut n = 0;
    while text.len() < min_bytes {
        text.push_str(if n % 2 == 0 { SPEC_GAMES } else { &ascii });
        text.push('\n');
        n += 1;
    }
    text
}

/// One long main line: `N. W, B` pairs from the spec's games, renumbered, as a single movetext.
fn long_movetext(min_bytes: usize) -> String {
    let out = ctl_an::parse_file(SPEC_GAMES);
    let moves: Vec<String> = out
        .file
        .games()
        .iter()
        .flat_map(|g| g.movetext.pairs.iter())
        .flat_map(|p| [Some(&p.white), p.black.as_ref()])
        .flatten()
        .filter_map(|p| p.as_move())
        .filter(|m| m.end.is_none() && !m.ends_game())
        .map(ToString::to_string)
        .collect();
    let mut text = String::with_capacity(min_bytes + 64);
    let mut i = 0;
    let mut number = 1;
    while text.len() < min_bytes {
        text.push_str(&format!(
            "{number}. {}, {}\n",
            moves[i % moves.len()],
            moves[(i + 1) % moves.len()]
        ));
        i += 2;
        number += 1;
    }
    text.push_str(&format!("{number}. E7-E13:\n*\n"));
    text
}

fn bench(c: &mut Criterion) {
    let games = corpus(10 << 20);
    let line = long_movetext(10 << 20);
    let mut group = c.benchmark_group("ctl_an");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(3));
    group.warm_up_time(std::time::Duration::from_secs(1));

    group.throughput(Throughput::Bytes(games.len() as u64));
    group.bench_function("lex/games", |b| {
        b.iter(|| ctl_an::lexer::Lexer::new(black_box(&games)).count())
    });
    group.bench_function("parse_file/games", |b| {
        b.iter(|| black_box(ctl_an::parse_file(black_box(&games))))
    });
    group.bench_function("games_stream/games", |b| {
        b.iter(|| {
            ctl_an::games(black_box(&games))
                .map(|g| black_box(g).game.movetext.pairs.len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Bytes(line.len() as u64));
    group.bench_function("lex/movetext", |b| {
        b.iter(|| ctl_an::lexer::Lexer::new(black_box(&line)).count())
    });
    group.bench_function("parse_movetext/movetext", |b| {
        b.iter(|| black_box(ctl_an::parse_movetext(black_box(&line))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
