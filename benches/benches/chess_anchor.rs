//! The chess anchor: what the field's best validator does per byte on chess, measured here so that
//! the rules level of `cescacs check` can be compared with it on the same machine in the same run.
//!
//! `pgn-reader` reads the PGN and `shakmaty` plays every move at full legality (each SAN is
//! resolved against the legal moves of the position, as pgn-reader's own `validate` example
//! does). The input is a chess PGN generated here: random legal games from a fixed seed, written
//! with the seven-tag roster, move numbers, SAN with check marks, 80-column lines and a comment
//! now and then.
//!
//! Three uses:
//! - `cargo bench -p cescacs-benches --bench chess_anchor`: generates about 8 MB in memory and
//!   prints MB/s and plies/s with one and two threads (median of five runs).
//! - `chess_anchor --write FILE [--mb N] [--seed S]`: writes the generated PGN and prints its
//!   `bytes games plies` (what `cargo xtask bench-report` measures).
//! - `chess_anchor --check FILE [--threads N]`: validates a PGN file, prints
//!   `bytes games plies seconds`, exits with 1 when a move is illegal; `bench-report` times it
//!   as a whole process, as it times the CLI.

use std::io::Write as _;
use std::ops::ControlFlow;
use std::time::Instant;

use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Color, KnownOutcome, Outcome, Position};
use xtask::generate::Rng;

/// A generated PGN and what it holds.
pub(crate) struct Generated {
    pub(crate) text: String,
    pub(crate) games: usize,
    pub(crate) plies: usize,
}

/// Random legal chess games, at least `min_bytes` of PGN, from `seed`.
pub(crate) fn generate(seed: u64, min_bytes: usize) -> Generated {
    let mut rng = Rng(seed);
    let mut out = Generated { text: String::with_capacity(min_bytes + 4096), games: 0, plies: 0 };
    while out.text.len() < min_bytes {
        game(&mut rng, &mut out);
    }
    out
}

/// Appends one random game to `out`.
fn game(rng: &mut Rng, out: &mut Generated) {
    const COMMENTS: [&str; 4] = ["a sharp line", "only move", "time trouble", "the plan"];
    let mut pos = Chess::default();
    let limit = 20 + rng.below(140);
    let mut sans: Vec<SanPlus> = Vec::with_capacity(limit);
    while sans.len() < limit {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.is_insufficient_material() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        sans.push(SanPlus::from_move_and_play_unchecked(&mut pos, m));
    }
    let result = match pos.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner: Color::White }) => "1-0",
        Outcome::Known(KnownOutcome::Decisive { winner: Color::Black }) => "0-1",
        Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
        Outcome::Unknown => "*",
    };
    out.games += 1;
    out.plies += sans.len();
    let n = out.games;
    let text = &mut out.text;
    text.push_str(&format!(
        "[Event \"Generated game {n}\"]\n[Site \"Anchor\"]\n[Date \"2026.11.24\"]\n[Round \"{n}\"]\n\
         [White \"Player {}\"]\n[Black \"Player {}\"]\n[Result \"{result}\"]\n\n",
        rng.below(1000),
        rng.below(1000),
    ));
    let mut line = String::new();
    let mut push = |token: &str, text: &mut String| {
        if !line.is_empty() && line.len() + 1 + token.len() > 80 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    };
    for (i, san) in sans.iter().enumerate() {
        if i % 2 == 0 {
            push(&format!("{}.", i / 2 + 1), text);
        }
        push(&san.to_string(), text);
        if rng.below(40) == 0 {
            push(&format!("{{ {} }}", COMMENTS[rng.below(COMMENTS.len())]), text);
        }
    }
    push(result, text);
    text.push_str(&line);
    text.push_str("\n\n");
}

/// Validates games: every SAN must name a legal move of the position reached.
#[derive(Default)]
pub(crate) struct Validator {
    pub(crate) games: usize,
    pub(crate) plies: usize,
    pub(crate) illegal: usize,
}

impl Visitor for Validator {
    type Tags = ();
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool> {
        self.games += 1;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.illegal += 1;
                ControlFlow::Break(false)
            }
        }
    }

    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

/// Validates one slice of whole games.
pub(crate) fn validate(bytes: &[u8]) -> Validator {
    let mut validator = Validator::default();
    let mut reader = Reader::new(bytes);
    while let Ok(Some(_)) = reader.read_game(&mut validator) {}
    validator
}

/// Splits `bytes` into `n` slices at game starts (a `[` after an empty line).
fn split(bytes: &[u8], n: usize) -> Vec<&[u8]> {
    let mut parts = Vec::with_capacity(n);
    let mut start = 0;
    for k in 1..n {
        let mut at = (bytes.len() * k / n).max(start);
        while at < bytes.len() && !(bytes[at] == b'[' && bytes[..at].ends_with(b"\n\n")) {
            at += 1;
        }
        parts.push(&bytes[start..at]);
        start = at;
    }
    parts.push(&bytes[start..]);
    parts
}

/// Validates `bytes` on `threads` threads; the totals of all of them.
pub(crate) fn validate_parallel(bytes: &[u8], threads: usize) -> Validator {
    let parts = split(bytes, threads.max(1));
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts.iter().map(|part| scope.spawn(|| validate(part))).collect();
        handles.into_iter().fold(Validator::default(), |mut total, h| {
            let v = h.join().expect("a validating thread panicked");
            total.games += v.games;
            total.plies += v.plies;
            total.illegal += v.illegal;
            total
        })
    })
}

/// The value after `flag` in `args`, parsed, or `default`.
fn option<T: std::str::FromStr>(args: &[String], flag: &str, default: T) -> T {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut stdout = std::io::stdout().lock();
    if let Some(path) = args.iter().position(|a| a == "--write").and_then(|i| args.get(i + 1)) {
        let mb: usize = option(&args, "--mb", 100);
        let generated = generate(option(&args, "--seed", 6), mb * 1_000_000);
        std::fs::write(path, &generated.text).expect("cannot write the PGN");
        writeln!(stdout, "{} {} {}", generated.text.len(), generated.games, generated.plies)
            .expect("stdout");
        return;
    }
    if let Some(path) = args.iter().position(|a| a == "--check").and_then(|i| args.get(i + 1)) {
        let started = Instant::now();
        let bytes = std::fs::read(path).expect("cannot read the PGN");
        let v = validate_parallel(&bytes, option(&args, "--threads", 1));
        let seconds = started.elapsed().as_secs_f64();
        writeln!(stdout, "{} {} {} {seconds:.6}", bytes.len(), v.games, v.plies).expect("stdout");
        if v.illegal > 0 {
            std::process::exit(1);
        }
        return;
    }
    // `cargo bench`: a smaller corpus in memory, figures printed.
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let generated = generate(1, 8_000_000);
    let bytes = generated.text.as_bytes();
    for threads in [1, 2] {
        let mut seconds: Vec<f64> = (0..5)
            .map(|_| {
                let started = Instant::now();
                let v = validate_parallel(std::hint::black_box(bytes), threads);
                assert_eq!((v.games, v.plies, v.illegal), (generated.games, generated.plies, 0));
                started.elapsed().as_secs_f64()
            })
            .collect();
        seconds.sort_by(f64::total_cmp);
        let s = seconds[seconds.len() / 2];
        writeln!(
            stdout,
            "chess_anchor/{threads} thread(s): {:.1} MB/s, {:.2} M plies/s ({} games, {} plies, {:.1} MB, median of 5)",
            bytes.len() as f64 / 1e6 / s,
            generated.plies as f64 / 1e6 / s,
            generated.games,
            generated.plies,
            bytes.len() as f64 / 1e6,
        )
        .expect("stdout");
    }
}
