//! The chess anchor: what the field's best validator does per ply on chess, measured here so that
//! the rules level of `cescacs check` can be compared with it on the same machine in the same run.
//!
//! `pgn-reader` reads the PGN and `shakmaty` plays every move at full legality (each SAN is
//! resolved against the legal moves of the position, as pgn-reader's own `validate` example
//! does), the moves of the variations too, each from the position before the move it replaces
//! (the visitor keeps the position before the last move of each open line, as the rules level
//! replays every variation of a C'escacs game).
//!
//! The input is a chess PGN generated here from a fixed seed, written in the shape of the
//! annotated C'escacs games of `cargo xtask gen --rich` that it is compared with: random legal
//! games of 20 to 160 plies, a third of them from a position reached by random moves (a `FEN`
//! tag, as a third of the C'escacs games start from a `PDTL` tag), the seven-tag roster and an
//! `Annotator` in a quarter of the games, move numbers, SAN with check marks, 80-column lines,
//! and per ply about as many decorations as the C'escacs games have: a comment every 8 plies
//! (about 33 bytes, naming squares and moves of the game), a rating (`!`, `?`, `!?`...) every
//! 6, a NAG every 10, and a variation every 10 (one or two moves, decorated alike, some holding
//! a nested one), whose moves add about a sixth to those of the main lines, as in the C'escacs
//! games (17 %).
//!
//! Three uses:
//! - `cargo bench -p cescacs-benches --bench chess_anchor`: generates about 8 MB in memory and
//!   prints MB/s and plies/s with one and two threads (median of five runs).
//! - `chess_anchor --write FILE [--mb N] [--seed S]`: writes the generated PGN and prints its
//!   `bytes games plies` (plies of the main lines: what `cargo xtask bench-report` measures).
//! - `chess_anchor --check FILE [--threads N]`: validates a PGN file, prints
//!   `bytes games plies moves seconds` (moves: every line's), exits with 1 when a move is
//!   illegal; `bench-report` times it as a whole process, as it times the CLI.

use std::fmt::Write as _;
use std::io::Write as _;
use std::ops::ControlFlow;
use std::time::Instant;

use cescacs_gen::Rng;
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Outcome, Position};

/// A generated PGN and what it holds.
pub(crate) struct Generated {
    pub(crate) text: String,
    pub(crate) games: usize,
    /// Plies of the main lines.
    pub(crate) plies: usize,
    /// Moves of every line, variations included.
    pub(crate) moves: usize,
}

/// Random legal chess games, at least `min_bytes` of PGN, from `seed`.
pub(crate) fn generate(seed: u64, min_bytes: usize) -> Generated {
    let mut rng = Rng(seed);
    let mut out =
        Generated { text: String::with_capacity(min_bytes + 4096), games: 0, plies: 0, moves: 0 };
    while out.text.len() < min_bytes {
        game(&mut rng, &mut out);
    }
    out
}

/// Up to `limit` random legal moves from `pos`, played on it, as SAN with check marks, with the
/// position before each.
fn random_moves(rng: &mut Rng, pos: &mut Chess, limit: usize) -> Vec<(Chess, SanPlus)> {
    let mut out = Vec::with_capacity(limit);
    while out.len() < limit {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.is_insufficient_material() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let before = pos.clone();
        out.push((before, SanPlus::from_move_and_play_unchecked(pos, m)));
    }
    out
}

/// Words of the comments, around a square or a move of the game.
const PHRASES: [&str; 6] =
    ["now stands on", "eyes", "leaves", "defends", "was better than", "prepares"];
const RATINGS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The movetext being written: tokens joined by spaces in lines of at most 80 columns.
struct Lines {
    text: String,
    line: String,
}

impl Lines {
    fn push(&mut self, token: &str) {
        if !self.line.is_empty() && self.line.len() + 1 + token.len() > 80 {
            self.text.push_str(&self.line);
            self.text.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(token);
    }
}

/// The number token of a move: `12.` before White's, `12...` before Black's when something
/// came between it and White's (or it opens a line).
fn number(pos: &Chess, after_break: bool) -> Option<String> {
    let n = pos.fullmoves();
    match pos.turn() {
        Color::White => Some(format!("{n}.")),
        Color::Black if after_break => Some(format!("{n}...")),
        Color::Black => None,
    }
}

/// A comment of about 33 bytes naming a square and a move of the game.
fn comment(rng: &mut Rng, san: &SanPlus, pos: &Chess) -> String {
    let phrase = PHRASES[rng.below(PHRASES.len())];
    let squares = pos.board().occupied();
    let square = squares
        .into_iter()
        .nth(rng.below(squares.count().max(1)))
        .map_or_else(|| "e4".to_string(), |s| s.to_string());
    format!("{{ {san} {phrase} {square} }}")
}

/// Writes `moves` (from the position before each) with their decorations; `depth`: how deep in
/// variations the line is. Returns the moves written, variations included.
fn write_line(rng: &mut Rng, lines: &mut Lines, moves: &[(Chess, SanPlus)], depth: usize) -> usize {
    let mut written = 0;
    let mut after_break = true;
    for (i, (before, san)) in moves.iter().enumerate() {
        if let Some(n) = number(before, after_break) {
            lines.push(&n);
        }
        after_break = false;
        let mut token = san.to_string();
        if rng.below(6) == 0 {
            token.push_str(RATINGS[rng.below(RATINGS.len())]);
        }
        lines.push(&token);
        written += 1;
        if rng.below(10) == 0 {
            lines.push(&format!("${}", 1 + rng.below(139)));
        }
        if rng.below(8) == 0 {
            let after = moves.get(i + 1).map_or(before, |(p, _)| p);
            lines.push(&comment(rng, san, after));
            after_break = true;
        }
        // A variation replaces this move: one or two random moves from the position before it;
        // a move of a variation has one of its own one time in eight.
        let chance = if depth == 0 { 10 } else { 8 };
        if depth < 2 && rng.below(chance) == 0 {
            let mut pos = before.clone();
            let length = 1 + rng.below(2);
            let alternative = random_moves(rng, &mut pos, length);
            if !alternative.is_empty() {
                lines.push("(");
                written += write_line(rng, lines, &alternative, depth + 1);
                lines.push(")");
                after_break = true;
            }
        }
    }
    written
}

/// Appends one random game to `out`.
fn game(rng: &mut Rng, out: &mut Generated) {
    let mut pos = Chess::default();
    // A third of the games start from a position reached by random moves.
    let mut fen = rng.below(3) == 0;
    if fen {
        let opening = 10 + rng.below(30);
        random_moves(rng, &mut pos, opening);
        if pos.legal_moves().is_empty() || pos.is_insufficient_material() {
            pos = Chess::default();
            fen = false;
        }
    }
    let start = pos.clone();
    let limit = 20 + rng.below(140);
    let moves = random_moves(rng, &mut pos, limit);
    let result = match pos.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner: Color::White }) => "1-0",
        Outcome::Known(KnownOutcome::Decisive { winner: Color::Black }) => "0-1",
        Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
        Outcome::Unknown => "*",
    };
    out.games += 1;
    out.plies += moves.len();
    let n = out.games;
    let text = &mut out.text;
    let _ = write!(
        text,
        "[Event \"Generated game {n}\"]\n[Site \"Anchor\"]\n[Date \"2026.11.24\"]\n[Round \"{n}\"]\n\
         [White \"Player {}\"]\n[Black \"Player {}\"]\n[Result \"{result}\"]\n",
        rng.below(1000),
        rng.below(1000),
    );
    if rng.below(4) == 0 {
        let _ = writeln!(text, "[Annotator \"Annotator {}\"]", rng.below(100));
    }
    if fen {
        let _ = writeln!(
            text,
            "[SetUp \"1\"]\n[FEN \"{}\"]",
            Fen::from_position(&start, EnPassantMode::Legal)
        );
    }
    text.push('\n');
    let mut lines = Lines { text: std::mem::take(text), line: String::new() };
    out.moves += write_line(rng, &mut lines, &moves, 0);
    lines.push(result);
    out.text = lines.text;
    out.text.push_str(&lines.line);
    out.text.push_str("\n\n");
}

/// A line being validated: its position, and the one before its last move (where a variation
/// of that move starts).
#[derive(Clone)]
pub(crate) struct Line {
    pos: Chess,
    before: Chess,
}

/// Validates games: every SAN, in every line, must name a legal move of the position reached.
#[derive(Default)]
pub(crate) struct Validator {
    pub(crate) games: usize,
    /// Plies of the main lines.
    pub(crate) plies: usize,
    /// Moves of every line.
    pub(crate) moves: usize,
    pub(crate) illegal: usize,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Vec<Line>;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<bool> {
        // A game from a set-up position, as pgn-reader's `validate` example reads it.
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Standard).ok());
            match pos {
                Some(pos) => *tags = Some(pos),
                None => {
                    self.illegal += 1;
                    return ControlFlow::Break(false);
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Vec<Line>> {
        let pos = tags.unwrap_or_default();
        ControlFlow::Continue(vec![Line { before: pos.clone(), pos }])
    }

    fn san(&mut self, lines: &mut Vec<Line>, san_plus: SanPlus) -> ControlFlow<bool> {
        let main = lines.len() == 1;
        let Some(line) = lines.last_mut() else { return ControlFlow::Break(false) };
        match san_plus.san.to_move(&line.pos) {
            Ok(m) => {
                line.before = line.pos.clone();
                line.pos.play_unchecked(m);
                self.plies += usize::from(main);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.illegal += 1;
                ControlFlow::Break(false)
            }
        }
    }

    fn begin_variation(&mut self, lines: &mut Vec<Line>) -> ControlFlow<bool, Skip> {
        // The variation replaces the last move of its line: it starts before it.
        let Some(before) = lines.last().map(|l| l.before.clone()) else {
            return ControlFlow::Break(false);
        };
        lines.push(Line { pos: before.clone(), before });
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, lines: &mut Vec<Line>) -> ControlFlow<bool> {
        lines.pop();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _lines: Vec<Line>) -> bool {
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
            total.moves += v.moves;
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
        writeln!(stdout, "{} {} {} {} {seconds:.6}", bytes.len(), v.games, v.plies, v.moves)
            .expect("stdout");
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
                let expected = (generated.games, generated.plies, generated.moves, 0);
                assert_eq!((v.games, v.plies, v.moves, v.illegal), expected);
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
