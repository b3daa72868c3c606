//! The board's share of rules-level validation, per ply: what `ctl_pgn`'s replay asks of
//! `cescacs-board` for each move of a main line once the text is parsed (`Board::play_spec`, the
//! check kind of the position reached and, after a check, whether a legal move is left, the
//! repetition key and counter, the automatic draws, and a copy of the state where a pair has
//! variations). Criterion's elements are plies: its time per element is the cost per ply.
//!
//! The moves are the main lines of about 1 MB of `cargo xtask gen`'s random legal games (fixed
//! seed, the same games as the other benches), converted to [`MoveSpec`]s before timing.

#[path = "../lib.rs"]
mod cescacs_benches;

use std::hint::black_box;
use std::time::Duration;

use cescacs_board::internals::PlayWritten;
use cescacs_board::internals::{MoveSpec, REPETITION_DRAW, Repetitions};
use cescacs_board::{Board, DrawReason, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ctl_an::syntax::Ply;
use ctl_pgn::ParsedGame;
use ctl_pgn::validate::move_spec;

/// One main line: its start, and per ply the move and whether the pair it belongs to has
/// variations (the replay keeps a copy of the state before such a ply).
struct Line {
    start: Position,
    plies: Vec<(MoveSpec, bool)>,
}

fn lines(text: &str) -> Vec<Line> {
    let parsed = ctl_an::parse_file(text);
    parsed
        .file
        .games
        .into_iter()
        .map(|syntax| {
            let game = ParsedGame::new(syntax, text);
            let start = game.start().expect("generated games start from a position").clone();
            let mut plies = Vec::new();
            for pair in &game.movetext().pairs {
                let branches = !pair.variations.is_empty();
                for ply in std::iter::once(&pair.white).chain(&pair.black) {
                    if let Ply::Move(m) = ply {
                        let spec = move_spec(m, game.letters()).expect("generated moves convert");
                        plies.push((spec, branches));
                    }
                }
            }
            Line { start, plies }
        })
        .collect()
}

/// Replays every line as the rules level does; returns a digest so nothing is optimised away.
fn replay(lines: &[Line]) -> u64 {
    let mut digest = 0u64;
    for line in lines {
        let mut board = Board::new(&line.start);
        let mut seen = Repetitions::new();
        seen.record(board.repetition_key(), false);
        for (spec, branches) in &line.plies {
            if *branches {
                black_box((board.clone(), seen.clone()));
            }
            let Ok(_) = board.play_spec(spec) else { break };
            let kind = board.check_kind();
            let mate = kind.is_some() && !board.has_legal_move();
            let count = seen.record(board.repetition_key(), board.halfmove_clock() == 0);
            let draw = board
                .automatic_draw()
                .or_else(|| (count >= REPETITION_DRAW).then_some(DrawReason::Repetition));
            digest = digest
                .wrapping_mul(31)
                .wrapping_add(u64::from(mate) + 2 * kind.map_or(0, |k| k as u64 + 1))
                .wrapping_add(u64::from(draw.is_some()) << 8);
            if draw.is_some() {
                break;
            }
        }
    }
    digest
}

fn bench(c: &mut Criterion) {
    let corpus = cescacs_benches::generated(1 << 20);
    let lines = lines(&corpus.text);
    let plies: usize = lines.iter().map(|l| l.plies.len()).sum();
    // Every written move must be legal, or the benchmark would measure the error path.
    for line in &lines {
        let mut board = Board::new(&line.start);
        for (spec, _) in &line.plies {
            board.play_spec(spec).expect("the generated games are legal");
        }
    }
    let mut group = c.benchmark_group("rules_replay");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("plies", |b| b.iter(|| replay(black_box(&lines))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
