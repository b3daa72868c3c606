//! `cargo xtask gen`: random legal C'escacs games written as CTL-PGN, reproducible from a seed.
//!
//! Each game varies the surface syntax the readers must accept: both hyphens, `×` and `*`, `…`
//! and `...`, one move pair per line or the whole movetext on one line, comments, one-move
//! variations, ratings, draw offers that are not accepted, and starts from a PDTL position (some
//! with Black to move, some with an unknown move number, numbered `1?`). Moves are legal and carry
//! exactly the check mark the rules give; the result follows from the final position.

use std::fmt::Write as _;
use std::path::PathBuf;

use cescacs_board::{Colour, Move, MoveNumber, Position};
use ctl_an::syntax::{GameIndicator, Rating};

/// SplitMix64: tiny, fast and the same on every platform, which is all reproducibility needs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The options of `cargo xtask gen`.
pub struct Options {
    seed: u64,
    games: usize,
    out: PathBuf,
    max_plies: usize,
}

/// Reads `--seed S --games N --out DIR [--max-plies M]`.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut seed = None;
    let mut games = None;
    let mut out = None;
    let mut max_plies = 160;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("`{flag}` needs a value"));
        let number =
            |v: &String| v.parse::<u64>().map_err(|_| format!("`{flag}`: `{v}` is not a number"));
        match flag.as_str() {
            "--seed" => seed = Some(number(value()?)?),
            "--games" => games = Some(number(value()?)? as usize),
            "--max-plies" => max_plies = number(value()?)? as usize,
            "--out" => out = Some(PathBuf::from(value()?)),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(Options {
        seed: seed.ok_or("missing `--seed S`")?,
        games: games.ok_or("missing `--games N`")?,
        out: out.ok_or("missing `--out DIR`")?,
        max_plies: max_plies.max(1),
    })
}

/// Writes the games, one file each: `DIR/gen-SEED-NNNNN.ctl-pgn`.
pub fn run(options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.out)
        .map_err(|e| format!("cannot create {}: {e}", options.out.display()))?;
    for i in 0..options.games {
        let text = generate_game(options.seed, i, options.max_plies).text;
        let path = options.out.join(file_name(options.seed, i));
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    eprintln!("wrote {} games to {}", options.games, options.out.display());
    Ok(())
}

/// The file name `cargo xtask gen` gives game `index` of `seed`: `gen-SEED-NNNNN.ctl-pgn`.
///
/// ```
/// assert_eq!(xtask::generate::file_name(7, 12), "gen-7-00012.ctl-pgn");
/// ```
pub fn file_name(seed: u64, index: usize) -> String {
    format!("gen-{seed}-{index:05}.ctl-pgn")
}

/// One generated game: its CTL-PGN text and the half-moves of its main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedGame {
    /// The record, tags to result line, ending with a line break.
    pub text: String,
    /// Half-moves written in the main line.
    pub plies: usize,
}

/// Game `index` of `seed`, at most `max_plies` half-moves long: the same on every machine.
///
/// Each game has its own random stream, so game `index` does not depend on how many games
/// come before it.
///
/// ```
/// use xtask::generate::generate_game;
/// let game = generate_game(1, 3, 40);
/// assert_eq!(game, generate_game(1, 3, 40));
/// assert!(game.text.starts_with("[Variant \"C'escacs\"]\n") && game.plies <= 40);
/// ```
pub fn generate_game(seed: u64, index: usize, max_plies: usize) -> GeneratedGame {
    let mut rng = Rng(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    rng.next();
    game(&mut rng, seed, index, max_plies.max(1))
}

/// What [`generate_corpus`] made.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GeneratedCorpus {
    /// The games one after another, one blank line between two games.
    pub text: String,
    /// How many games.
    pub games: usize,
    /// Half-moves written in their main lines.
    pub plies: usize,
}

/// Games `0, 1, 2…` of `seed` in one text, until it holds at least `min_bytes` bytes: the input
/// of the benches and of `cargo xtask bench-report`.
///
/// ```
/// let corpus = xtask::generate::generate_corpus(5, 10_000, 60);
/// assert!(corpus.text.len() >= 10_000);
/// assert_eq!(corpus.text.matches("[Variant ").count(), corpus.games);
/// ```
pub fn generate_corpus(seed: u64, min_bytes: usize, max_plies: usize) -> GeneratedCorpus {
    let mut corpus = GeneratedCorpus::default();
    while corpus.text.len() < min_bytes {
        let game = generate_game(seed, corpus.games, max_plies);
        if corpus.games > 0 {
            corpus.text.push('\n');
        }
        corpus.text.push_str(&game.text);
        corpus.games += 1;
        corpus.plies += game.plies;
    }
    corpus
}

/// The surface choices of one game.
struct Style {
    hyphen: &'static str,
    cross: &'static str,
    ellipsis: &'static str,
    one_line: bool,
}

/// One move as written: its text plus rating and draw offer.
struct Written {
    text: String,
    suffix: String,
}

/// A move pair, with what follows it (comments, a variation).
struct Pair {
    number: String,
    white: Option<Written>,
    black: Option<Written>,
    after: Vec<String>,
}

const RATINGS: [Rating; 6] = [
    Rating::Good,
    Rating::Mistake,
    Rating::Brilliant,
    Rating::Blunder,
    Rating::Interesting,
    Rating::Dubious,
];
const COMMENTS: [&str; 6] = [
    "an interesting idea",
    "the centre opens",
    "threatens ~K",
    "the only move",
    "a quiet move",
    "this loses time",
];

fn game(rng: &mut Rng, seed: u64, index: usize, max_plies: usize) -> GeneratedGame {
    let style = Style {
        hyphen: if rng.chance(50) { "-" } else { "\u{2010}" },
        cross: if rng.chance(70) { "×" } else { "*" },
        ellipsis: if rng.chance(60) { "…" } else { "..." },
        one_line: rng.chance(30),
    };
    // A third of the games start from a position reached by random moves.
    let mut start = Position::initial();
    let from_pdtl = rng.chance(33);
    if from_pdtl {
        for _ in 0..rng.below(24) + 1 {
            let moves = start.legal_moves();
            if moves.is_empty() || start.outcome().is_some() {
                break;
            }
            start = start.play_unchecked(&moves[rng.below(moves.len())]);
        }
        if rng.chance(40) {
            start.set_move_number(MoveNumber::Unknown);
        }
    }
    let mut p = start.clone();
    let mut pairs: Vec<Pair> = Vec::new();
    let mut number = start.move_number().get().unwrap_or(1);
    let mut first = true;
    let plies = rng.below(max_plies) + 1;
    let mut outcome = None;
    for _ in 0..plies {
        if let Some(o) = p.outcome() {
            outcome = Some(o);
            break;
        }
        let moves = p.legal_moves();
        let m = pick(rng, &p, &moves);
        let mut suffix = String::new();
        if rng.chance(8) {
            suffix.push(' ');
            suffix.push_str(RATINGS[rng.below(RATINGS.len())].as_str());
        }
        let after = p.play_unchecked(&m);
        if rng.chance(3) && after.outcome().is_none() {
            if suffix.is_empty() {
                suffix.push(' ');
            }
            suffix.push_str(GameIndicator::DrawOffer.as_str());
        }
        let written = Written { text: write_move(&p, &m, &style), suffix };
        if p.turn() == Colour::White || pairs.is_empty() {
            let label = if first && start.move_number() == MoveNumber::Unknown {
                "1?".to_string()
            } else {
                format!("{number}.")
            };
            pairs.push(Pair { number: label, white: None, black: None, after: Vec::new() });
        }
        let branch = p.clone();
        let is_white = p.turn() == Colour::White;
        if let Some(pair) = pairs.last_mut() {
            if is_white {
                pair.white = Some(written);
            } else {
                pair.black = Some(written);
            }
            if !style.one_line && rng.chance(6) {
                let who = if is_white { "@W" } else { "@B" };
                pair.after.push(format!("{{ {who}: {} }}", COMMENTS[rng.below(COMMENTS.len())]));
            }
            if rng.chance(6) && moves.len() > 1 {
                let alt = moves[rng.below(moves.len())];
                if alt != m {
                    let n = pair.number.trim_end_matches(['.', '?']).to_string();
                    let alt_text = write_move(&branch, &alt, &style);
                    let v = if is_white {
                        format!("({n}. {alt_text})")
                    } else {
                        format!("({n}. {}, {alt_text})", style.ellipsis)
                    };
                    pair.after.push(v);
                }
            }
        }
        if !is_white {
            number += 1;
        }
        first = false;
        p = after;
    }
    if outcome.is_none() {
        outcome = p.outcome();
    }
    let result = outcome.map_or("*", |o| o.result());
    let plies =
        pairs.iter().map(|p| usize::from(p.white.is_some()) + usize::from(p.black.is_some())).sum();
    GeneratedGame {
        text: render(rng, &style, seed, index, &start, from_pdtl, &pairs, result),
        plies,
    }
}

/// A random move, preferring captures and checks a little so that games end now and then.
fn pick(rng: &mut Rng, p: &Position, moves: &[Move]) -> Move {
    if rng.chance(30) {
        let sharp: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
        if !sharp.is_empty() {
            return *sharp[rng.below(sharp.len())];
        }
    }
    if rng.chance(10) {
        let checks: Vec<&Move> = moves.iter().filter(|m| !p.check_suffix(m).is_empty()).collect();
        if !checks.is_empty() {
            return *checks[rng.below(checks.len())];
        }
    }
    moves[rng.below(moves.len())]
}

/// The move's canonical text with the game's separators and its check mark.
fn write_move(p: &Position, m: &Move, style: &Style) -> String {
    let text = p.move_text_with_check(m);
    let text = if style.hyphen == "-" { text } else { text.replacen('-', style.hyphen, 1) };
    if style.cross == "×" { text } else { text.replacen('×', style.cross, 1) }
}

#[allow(clippy::too_many_arguments)]
fn render(
    rng: &mut Rng,
    style: &Style,
    seed: u64,
    index: usize,
    start: &Position,
    from_pdtl: bool,
    pairs: &[Pair],
    result: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "[Variant \"C'escacs\"]");
    let _ = writeln!(s, "[Event \"Random game {seed}/{index}\"]");
    let _ = writeln!(s, "[Site \"cargo xtask gen\"]");
    let _ = writeln!(
        s,
        "[Date \"20{:02}-{:02}-{:02}\"]",
        20 + rng.below(6),
        1 + rng.below(12),
        1 + rng.below(28)
    );
    let _ = writeln!(s, "[Round \"{}\"]", 1 + rng.below(9));
    let _ = writeln!(s, "[White \"Random, White\"]");
    let _ = writeln!(s, "[Black \"Random, Black\"]");
    let _ = writeln!(s, "[Result \"{result}\"]");
    if from_pdtl {
        let _ = writeln!(s, "[PDTL \"{}\"]", pdtl::to_string(start));
    }
    s.push('\n');
    let sep = if style.one_line { " " } else { "\n" };
    let last = pairs.len().saturating_sub(1);
    let mut parts: Vec<String> = Vec::new();
    for (i, pair) in pairs.iter().enumerate() {
        let end = |w: &Written, is_last: bool| {
            let mut t = format!("{}{}", w.text, w.suffix);
            if is_last && !w.text.ends_with('#') {
                // The final `:` replaces a draw offer that would leave the game open.
                t = format!(
                    "{}{}:",
                    w.text,
                    w.suffix.trim_end_matches(GameIndicator::DrawOffer.as_str()).trim_end()
                );
            }
            t
        };
        let is_last = i == last;
        let line = match (&pair.white, &pair.black) {
            (Some(w), Some(b)) => format!("{} {}, {}", pair.number, end(w, false), end(b, is_last)),
            (Some(w), None) => format!("{} {}", pair.number, end(w, is_last)),
            (None, Some(b)) => format!("{} {}, {}", pair.number, style.ellipsis, end(b, is_last)),
            (None, None) => continue,
        };
        parts.push(line);
        if !is_last {
            parts.extend(pair.after.iter().cloned());
        }
    }
    s.push_str(&parts.join(sep));
    if pairs.is_empty() {
        s.push_str(result);
    } else {
        s.push_str(sep);
        s.push_str(result);
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_games() {
        let a: Vec<GeneratedGame> = (0..5).map(|i| generate_game(7, i, 60)).collect();
        let b: Vec<GeneratedGame> = (0..5).map(|i| generate_game(7, i, 60)).collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|g| g.text.starts_with("[Variant \"C'escacs\"]\n")));
        assert_ne!(a[0], a[1]);
    }

    #[test]
    fn options() {
        let args: Vec<String> =
            ["--seed", "3", "--games", "2", "--out", "x"].iter().map(|s| s.to_string()).collect();
        let o = parse_args(&args).unwrap();
        assert_eq!((o.seed, o.games, o.max_plies), (3, 2, 160));
        assert!(parse_args(&args[..2]).is_err());
    }
}
