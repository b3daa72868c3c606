//! `cargo xtask gen`: random legal C'escacs games written as CTL-PGN, reproducible from a seed.
//!
//! Each game varies the surface syntax the readers must accept: both hyphens, `×` and `*`, `…`
//! and `...`, one move pair per line or the whole movetext on one line, comments, one-move
//! variations, ratings, draw offers that are not accepted, and starts from a PDTL position (some
//! with Black to move, some with an unknown move number, numbered `1?`). Moves are legal and carry
//! exactly the check mark the rules give; the result follows from the final position.
//!
//! [`Features`] (`--rich` and its parts) write the same games richer: comments with every
//! reference form of the spec (players, hexes, pieces on their hex, Bishops by shade, moves,
//! a player's move, labelled variations and paths through them, NAGs; each naming a real hex,
//! piece, ply or label of the game), nested and labelled variations of several moves with
//! nesting dots, the U+2010 hyphen everywhere, FAN and `[Redefine]` games, more ratings (`◇`
//! too) and NAGs, an escaped tag value. The decorations draw from a random stream of their
//! own, so a game written rich has exactly the main line (and the one-move variations) of the
//! same game written plain; its own variations add moves of their own (about 11 % more with
//! `--rich`).

use std::fmt::Write as _;
use std::path::PathBuf;

use cescacs_board::{
    BoardMove, Colour, HexColour, Letters, MoveNumber, Piece, PieceKind, Position, notation,
};
use ctl_an::syntax::{Rating, Separator};

/// SplitMix64: tiny, fast and the same on every platform, which is all reproducibility needs.
/// The one random source of the generators (the benches' chess anchor uses it too).
///
/// ```
/// use xtask::generate::Rng;
/// let (mut a, mut b) = (Rng(7), Rng(7));
/// assert_eq!(a.next(), b.next());
/// assert!(a.below(10) < 10);
/// ```
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// What a game is written with beyond the plain forms; each part is an option of
/// `cargo xtask gen`, [`Features::RICH`] (`--rich`) all of them. The main line never depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Features {
    /// Comments with every reference form of the spec (`--comments`): player comments
    /// `{ @W: … }`, automatic ones `{: $24 … }`, `~F14`, `~K`, `~nF14`, `~J[d]`, `#14`,
    /// `#14@B`, `#12.2`, `#14[#12.2]@W`, `#16[#14.1#12.2]`, `$24`, a comment before the first
    /// move and one after the result; every reference names a real hex, piece, ply or label.
    pub comments: bool,
    /// Variations of up to four moves, legal from their branch point, some labelled `$[n]`,
    /// some holding a nested one, some with nesting dots (`--variations`).
    pub variations: bool,
    /// The U+2010 hyphen in every move, castling and in results (`--hyphen`).
    pub hyphen: bool,
    /// Some games written with FAN symbols or with `[Redefine]` letters (`--letters`).
    pub letters: bool,
    /// More ratings (`◇` too) and NAGs after the moves (`--marks`).
    pub marks: bool,
    /// A tag value with escapes (`\"`, `\\`) in a quarter of the games (`--escapes`).
    pub escapes: bool,
}

impl Features {
    /// The plain games of `cargo xtask gen` (the committed sample, the benches' input).
    pub const PLAIN: Features = Features {
        comments: false,
        variations: false,
        hyphen: false,
        letters: false,
        marks: false,
        escapes: false,
    };
    /// Every feature (`--rich`).
    pub const RICH: Features = Features {
        comments: true,
        variations: true,
        hyphen: true,
        letters: true,
        marks: true,
        escapes: true,
    };

    /// Whether any feature is on.
    pub fn any(&self) -> bool {
        *self != Features::PLAIN
    }
}

/// The options of `cargo xtask gen`.
pub struct Options {
    seed: u64,
    games: usize,
    out: PathBuf,
    max_plies: usize,
    features: Features,
}

/// Reads `--seed S --games N --out DIR [--max-plies M] [--rich] [--comments] [--variations]
/// [--hyphen] [--letters] [--marks] [--escapes]`.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut seed = None;
    let mut games = None;
    let mut out = None;
    let mut max_plies = 160;
    let mut features = Features::PLAIN;
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
            "--rich" => features = Features::RICH,
            "--comments" => features.comments = true,
            "--variations" => features.variations = true,
            "--hyphen" => features.hyphen = true,
            "--letters" => features.letters = true,
            "--marks" => features.marks = true,
            "--escapes" => features.escapes = true,
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(Options {
        seed: seed.ok_or("missing `--seed S`")?,
        games: games.ok_or("missing `--games N`")?,
        out: out.ok_or("missing `--out DIR`")?,
        max_plies: max_plies.max(1),
        features,
    })
}

/// Writes the games, one file each: `DIR/gen-SEED-NNNNN.ctl-pgn`.
pub fn run(options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.out)
        .map_err(|e| format!("cannot create {}: {e}", options.out.display()))?;
    for i in 0..options.games {
        let text = generate_game_with(options.seed, i, options.max_plies, &options.features).text;
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

/// One edit of a text, for the tests that mutate generated games: at byte `at` (moved back to
/// a char boundary), `kind` 0 replaces the `len` bytes there (moved on to a char boundary) with
/// `with`, 1 inserts `with`, and anything else deletes them.
///
/// ```
/// let mut text = String::from("E7-E13×");
/// xtask::generate::edit(&mut text, 2, 0, "*", 1);
/// xtask::generate::edit(&mut text, 7, 2, "", 1); // inside `×`: from its first byte
/// assert_eq!(text, "E7*E13");
/// ```
pub fn edit(text: &mut String, at: usize, kind: u8, with: &str, len: usize) {
    let mut start = at.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + len).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    match kind {
        0 => text.replace_range(start..end, with),
        1 => text.insert_str(start, with),
        _ => text.replace_range(start..end, ""),
    }
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
    generate_game_with(seed, index, max_plies, &Features::PLAIN)
}

/// Game `index` of `seed` written with `features`: the moves of [`generate_game`]'s game,
/// written richer.
///
/// ```
/// use xtask::generate::{Features, generate_game, generate_game_with};
/// let plain = generate_game(1, 3, 40);
/// let rich = generate_game_with(1, 3, 40, &Features::RICH);
/// assert_eq!(plain, generate_game_with(1, 3, 40, &Features::PLAIN));
/// assert_eq!(rich.plies, plain.plies);
/// ```
pub fn generate_game_with(
    seed: u64,
    index: usize,
    max_plies: usize,
    features: &Features,
) -> GeneratedGame {
    let stream = seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut rng = Rng(stream);
    rng.next();
    // The decorations' own stream: the moves (and the plain choices) never see it.
    let mut decor = Rng(stream ^ 0x5249_4348_5249_4348);
    decor.next();
    let letters = if features.letters { pick_letters(&mut decor) } else { Letters::standard() };
    let mut rich = Rich { features: *features, rng: decor, letters, labels: Vec::new(), label: 0 };
    game(&mut rng, &mut rich, seed, index, max_plies.max(1))
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

/// Games `0..games` of `seed` written with `features`, in one text as [`generate_corpus`]
/// joins them: with the number of games of a plain corpus, the same games written richer.
///
/// ```
/// use xtask::generate::{Features, generate_corpus, generate_corpus_games};
/// let plain = generate_corpus(5, 10_000, 60);
/// let rich = generate_corpus_games(5, plain.games, 60, &Features::RICH);
/// assert_eq!((rich.games, rich.plies), (plain.games, plain.plies));
/// assert_eq!(generate_corpus_games(5, plain.games, 60, &Features::PLAIN), plain);
/// ```
pub fn generate_corpus_games(
    seed: u64,
    games: usize,
    max_plies: usize,
    features: &Features,
) -> GeneratedCorpus {
    let mut corpus = GeneratedCorpus::default();
    for index in 0..games {
        let game = generate_game_with(seed, index, max_plies, features);
        if index > 0 {
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

/// The decorations of a game written with [`Features`], and what its references may name.
struct Rich {
    features: Features,
    /// The decorations' random stream (never the moves').
    rng: Rng,
    /// The game's letters (standard, FAN or a `[Redefine]` set).
    letters: Letters,
    /// The labelled variations written so far.
    labels: Vec<Labelled>,
    /// The last label given.
    label: u32,
}

/// A labelled variation: its chain of `(move number, label)` from the main line (outermost
/// first, labelled variations only, as references name them), and its pairs (number, whether
/// White's move is written, whether Black's is).
struct Labelled {
    path: Vec<(u32, u32)>,
    pairs: Vec<(u32, bool, bool)>,
}

const RATINGS: [&str; 6] = [
    Rating::Good.as_str(),
    Rating::Mistake.as_str(),
    Rating::Brilliant.as_str(),
    Rating::Blunder.as_str(),
    Rating::Interesting.as_str(),
    Rating::Dubious.as_str(),
];
/// The ratings of [`Features::marks`]: the plain ones and `◇`.
const RICH_RATINGS: [&str; 7] = [
    RATINGS[0],
    RATINGS[1],
    RATINGS[2],
    RATINGS[3],
    RATINGS[4],
    RATINGS[5],
    Rating::Forced.as_str(),
];
const COMMENTS: [&str; 6] = [
    "an interesting idea",
    "the centre opens",
    "threatens ~K",
    "the only move",
    "a quiet move",
    "this loses time",
];
/// Words of the comments of [`Features::comments`], around their references.
const PHRASES: [&str; 6] =
    ["now stands on", "eyes", "leaves", "defends", "was better than", "prepares"];
/// The `[Redefine]` values of [`Features::letters`] (alternatives the spec allows).
const REDEFINES: [&str; 4] = ["A@J, T@R, C@N", "B@J, Q@D, W@V", "F@J, S@N", "L@J"];

/// The letters of a game of [`Features::letters`]: FAN, a `[Redefine]` set or the standard
/// ones.
fn pick_letters(rng: &mut Rng) -> Letters {
    match rng.below(5) {
        0 => Letters::fan(),
        1 => Letters::from_redefine(REDEFINES[rng.below(REDEFINES.len())])
            .unwrap_or_else(|_| Letters::standard()),
        _ => Letters::standard(),
    }
}

fn game(
    rng: &mut Rng,
    rich: &mut Rich,
    seed: u64,
    index: usize,
    max_plies: usize,
) -> GeneratedGame {
    let mut style = Style {
        hyphen: if rng.chance(50) { notation::MOVE } else { Separator::Hyphen.as_str() },
        cross: if rng.chance(70) { notation::CAPTURE } else { Separator::Asterisk.as_str() },
        ellipsis: if rng.chance(60) { "…" } else { "..." },
        one_line: rng.chance(30),
    };
    if rich.features.hyphen {
        style.hyphen = "\u{2010}";
    }
    // A third of the games start from a position reached by random moves.
    let mut start = Position::initial();
    let from_pdtl = rng.chance(33);
    if from_pdtl {
        for _ in 0..rng.below(24) + 1 {
            let moves = start.legal_board_moves();
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
    let first_number = start.move_number().get().unwrap_or(1);
    let black_starts = start.turn() == Colour::Black;
    let mut number = first_number;
    let mut first = true;
    let plies = rng.below(max_plies) + 1;
    let mut outcome = None;
    for _ in 0..plies {
        if let Some(o) = p.outcome() {
            outcome = Some(o);
            break;
        }
        let moves = p.legal_board_moves();
        let m = pick(rng, &p, &moves);
        let mut suffix = String::new();
        if rng.chance(8) {
            suffix.push(' ');
            suffix.push_str(RATINGS[rng.below(RATINGS.len())]);
        }
        rich.marks(&mut suffix);
        let after = p.play_unchecked(&m);
        if rng.chance(3) && after.outcome().is_none() {
            suffix.push_str(if suffix.is_empty() || suffix.contains('$') { " (=)" } else { "(=)" });
        }
        let written = Written { text: write_move(&p, &m, &style, &rich.letters), suffix };
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
                    let alt_text = write_move(&branch, &alt, &style, &rich.letters);
                    let v = if is_white {
                        format!("({n}. {alt_text})")
                    } else {
                        format!("({n}. {}, {alt_text})", style.ellipsis)
                    };
                    pair.after.push(v);
                }
            }
            if rich.features.variations && moves.len() > 1 && rich.rng.chance(3) {
                let alt = moves[rich.rng.below(moves.len())];
                if alt != m {
                    let v = rich.variation(&style, &branch, number, alt, 1, &[]);
                    pair.after.push(v);
                }
            }
            if rich.features.comments && rich.rng.chance(6) {
                let here = Here { number, first_number, black_starts };
                let c = rich.comment(&after, &m, branch.turn(), here);
                pair.after.push(c);
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
    let last_number = number - u32::from(p.turn() == Colour::White);
    let head = Head { seed, index, start: &start, from_pdtl, result };
    GeneratedGame { text: render(rng, rich, &style, &head, &pairs, last_number), plies }
}

/// Where a comment of the main line is written: after the pair `number` (both its moves), in
/// a game whose first pair is `first_number`, with White's move left out if `black_starts`.
#[derive(Clone, Copy)]
struct Here {
    number: u32,
    first_number: u32,
    black_starts: bool,
}

impl Rich {
    /// A rating and NAGs after a move now and then ([`Features::marks`]).
    fn marks(&mut self, suffix: &mut String) {
        if !self.features.marks {
            return;
        }
        if suffix.is_empty() && self.rng.chance(10) {
            suffix.push(' ');
            suffix.push_str(RICH_RATINGS[self.rng.below(RICH_RATINGS.len())]);
        }
        if self.rng.chance(6) {
            for _ in 0..self.rng.below(2) + 1 {
                let _ = write!(suffix, " ${}", self.rng.below(139) + 1);
            }
        }
    }

    /// The letter of a piece in this game's letters, as references write it.
    fn piece_letter(&self, piece: Piece) -> char {
        self.letters.letter(piece)
    }

    /// A comment with references, written after the pair `here.number` of the main line: the
    /// last move `m` (played by `mover`, giving `after`) names its hex and its piece.
    fn comment(&mut self, after: &Position, m: &BoardMove, mover: Colour, here: Here) -> String {
        let phrase = PHRASES[self.rng.below(PHRASES.len())];
        let to = m.to();
        let piece = after.piece_at(to);
        let piece_ref = match piece {
            Some(pc) if pc.kind == PieceKind::Bishop && self.rng.chance(50) => {
                let shade = match to.colour() {
                    HexColour::Black => 'd',
                    HexColour::White => 'l',
                    HexColour::Coloured => 'c',
                };
                format!("~{}[{shade}]", self.piece_letter(pc))
            }
            Some(pc) => format!("~{}{to}", self.piece_letter(pc)),
            None => format!("~{to}"),
        };
        let king = self.piece_letter(Piece::new(mover.opponent(), PieceKind::King));
        // A move already played: a pair from the first to this one, and one of its plies.
        let k = here.first_number
            + self.rng.below((here.number - here.first_number + 1) as usize) as u32;
        let white_written = k > here.first_number || !here.black_starts;
        let player = match self.rng.below(3) {
            0 if white_written => "@W",
            1 => "@B",
            _ => "",
        };
        let who = if mover == Colour::White { "@W" } else { "@B" };
        let mut text = match self.rng.below(4) {
            0 => format!("{{ {who}: {piece_ref} {phrase} ~{to}; see #{k}{player} }}"),
            1 => format!("{{: ${} after #{k}{player}, {piece_ref} }}", self.rng.below(139) + 1),
            2 => format!("{{ ~{king} {phrase} {piece_ref}, @W and @B agree since #{k} }}"),
            _ => format!("{{ {piece_ref} {phrase} #{k}{player} }}"),
        };
        if let Some(label) = self.label_reference() {
            text.insert_str(text.len() - 1, &format!("; compare {label} "));
        }
        text
    }

    /// A reference to a labelled variation written so far, in one of the spec's forms
    /// (`#12.2`, `#14[#12.2]`, `#14[#12.2]@W`, `#16[#14.1#12.2]`), if there is one.
    fn label_reference(&mut self) -> Option<String> {
        if self.labels.is_empty() || self.rng.chance(40) {
            return None;
        }
        let l = &self.labels[self.rng.below(self.labels.len())];
        // Innermost first, as the spec writes a path.
        let path: String = l.path.iter().rev().map(|(n, label)| format!("#{n}.{label}")).collect();
        let (n, white, black) = l.pairs[self.rng.below(l.pairs.len())];
        Some(match self.rng.below(3) {
            0 if l.path.len() == 1 => path,
            1 if white => format!("#{n}[{path}]@W"),
            1 if black => format!("#{n}[{path}]@B"),
            _ => format!("#{n}[{path}]"),
        })
    }

    /// A variation from `from` (the position before the move it replaces, of pair `number`),
    /// starting with `alt` and going on a few moves; maybe labelled, maybe holding a nested
    /// one after its first pair, maybe with nesting dots and a comment. `path` is the chain of
    /// labelled variations it is written in.
    fn variation(
        &mut self,
        style: &Style,
        from: &Position,
        number: u32,
        alt: BoardMove,
        depth: usize,
        path: &[(u32, u32)],
    ) -> String {
        let mut plies: Vec<(Position, BoardMove)> = vec![(from.clone(), alt)];
        let mut p = from.play_unchecked(&alt);
        for _ in 0..self.rng.below(4) {
            let moves = p.legal_board_moves();
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = moves[self.rng.below(moves.len())];
            let next = p.play_unchecked(&m);
            plies.push((p, m));
            p = next;
        }
        let label = self.rng.chance(60).then(|| {
            self.label += 1;
            self.label
        });
        let mut chain = path.to_vec();
        if let Some(l) = label {
            chain.push((number, l));
        }
        let dots = ".".repeat(depth);
        let dotted = self.rng.chance(50);
        let mut items: Vec<String> = Vec::new();
        let mut pairs = Vec::new();
        let mut n = number;
        let mut i = 0;
        while i < plies.len() {
            let (pos, m) = &plies[i];
            let text = write_move(pos, m, style, &self.letters);
            let pair = if pos.turn() == Colour::White {
                match plies.get(i + 1) {
                    Some((pos2, m2)) => {
                        i += 1;
                        pairs.push((n, true, true));
                        format!("{n}. {text}, {}", write_move(pos2, m2, style, &self.letters))
                    }
                    None => {
                        pairs.push((n, true, false));
                        format!("{n}. {text}")
                    }
                }
            } else {
                pairs.push((n, false, true));
                format!("{n}. {}, {text}", style.ellipsis)
            };
            items.push(pair);
            let (last_pos, last_move) = &plies[i];
            i += 1;
            if items.len() == 1 && depth < 3 && self.rng.chance(40) {
                // A nested variation: another move instead of the first pair's last one.
                let others: Vec<BoardMove> =
                    last_pos.legal_board_moves().into_iter().filter(|a| a != last_move).collect();
                if !others.is_empty() {
                    let other = others[self.rng.below(others.len())];
                    let nested = self.variation(style, last_pos, n, other, depth + 1, &chain);
                    items.push(nested);
                }
            }
            if self.features.comments && self.rng.chance(20) {
                let to = last_move.to();
                items.push(format!("{{ ~{to} after #{n}, @W to think }}"));
            }
            n += 1;
        }
        if label.is_some() {
            self.labels.push(Labelled { path: chain, pairs });
        }
        let mut out = String::from("(");
        if let Some(l) = label {
            let _ = write!(out, "$[{l}] ");
        }
        for (k, item) in items.iter().enumerate() {
            if k > 0 {
                out.push(' ');
                if dotted {
                    out.push_str(&dots);
                }
            }
            out.push_str(item);
        }
        out.push(')');
        out
    }
}

/// A random move, preferring captures and checks a little so that games end now and then.
fn pick(rng: &mut Rng, p: &Position, moves: &[BoardMove]) -> BoardMove {
    if rng.chance(30) {
        let sharp: Vec<&BoardMove> = moves.iter().filter(|m| m.is_capture()).collect();
        if !sharp.is_empty() {
            return *sharp[rng.below(sharp.len())];
        }
    }
    if rng.chance(10) {
        let checks: Vec<&BoardMove> =
            moves.iter().filter(|m| !p.check_suffix(m).is_empty()).collect();
        if !checks.is_empty() {
            return *checks[rng.below(checks.len())];
        }
    }
    moves[rng.below(moves.len())]
}

/// The move's canonical text with the game's letters, separators and its check mark.
fn write_move(p: &Position, m: &BoardMove, style: &Style, letters: &Letters) -> String {
    let text = p.move_text_with_check(m);
    let text = if letters.is_standard() { text } else { relabel(&text, letters) };
    let text = if style.hyphen == notation::MOVE {
        text
    } else {
        text.replacen(notation::MOVE, style.hyphen, 1)
    };
    if style.cross == notation::CAPTURE {
        text
    } else {
        text.replacen(notation::CAPTURE, style.cross, 1)
    }
}

/// A move written with the standard letters, written again with `letters` (the reader's
/// `BoardMove` and its `Display`: the letters are the only change).
fn relabel(text: &str, letters: &Letters) -> String {
    let Ok(mut mv) = text.parse::<ctl_an::syntax::Move>() else { return text.to_string() };
    for l in mv.letters_mut() {
        if let Some(kind) = PieceKind::from_letter(l.letter) {
            l.letter = letters.move_letter(kind);
        }
    }
    mv.to_string()
}

/// The tags' facts of one game.
struct Head<'a> {
    seed: u64,
    index: usize,
    start: &'a Position,
    from_pdtl: bool,
    result: &'a str,
}

fn render(
    rng: &mut Rng,
    rich: &mut Rich,
    style: &Style,
    head: &Head<'_>,
    pairs: &[Pair],
    last_number: u32,
) -> String {
    let (seed, index, result) = (head.seed, head.index, head.result);
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
    if rich.features.escapes && rich.rng.chance(25) {
        let _ = writeln!(s, "[Annotator \"cargo xtask gen \\\"--rich\\\" \\\\ seed {seed}\"]");
    }
    if let Some(value) = rich.letters.redefine_value() {
        let _ = writeln!(s, "[Redefine \"{value}\"]");
    }
    if head.from_pdtl {
        let _ = writeln!(s, "[PDTL \"{}\"]", pdtl::write(head.start, &rich.letters));
    }
    s.push('\n');
    let sep = if style.one_line { " " } else { "\n" };
    let last = pairs.len().saturating_sub(1);
    let mut parts: Vec<String> = Vec::new();
    if rich.features.comments && !pairs.is_empty() && rich.rng.chance(30) {
        parts.push("{ A random game: @W against @B }".to_string());
    }
    for (i, pair) in pairs.iter().enumerate() {
        let end = |w: &Written, is_last: bool| {
            let mut t = format!("{}{}", w.text, w.suffix);
            if is_last && !w.text.ends_with('#') {
                // The final `:` replaces a draw offer that would leave the game open.
                t = format!("{}{}:", w.text, w.suffix.trim_end_matches("(=)").trim_end());
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
    let result = if rich.features.hyphen && rich.rng.chance(50) {
        result.replace('-', "\u{2010}")
    } else {
        result.to_string()
    };
    if !pairs.is_empty() {
        s.push_str(sep);
    }
    s.push_str(&result);
    if rich.features.comments && !pairs.is_empty() && rich.rng.chance(30) {
        let king = |colour| rich.piece_letter(Piece::new(colour, PieceKind::King));
        let (white, black) = (king(Colour::White), king(Colour::Black));
        let _ = write!(s, "\n{{ over after #{last_number}; ~{white} and ~{black} }}");
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use ctl_an::syntax::MoveKind;

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
        assert_eq!((o.seed, o.games, o.max_plies, o.features), (3, 2, 160, Features::PLAIN));
        assert!(parse_args(&args[..2]).is_err());
        let rich: Vec<String> = args.iter().cloned().chain(["--rich".to_string()]).collect();
        assert_eq!(parse_args(&rich).unwrap().features, Features::RICH);
        let some: Vec<String> =
            args.iter().cloned().chain(["--hyphen".into(), "--marks".into()]).collect();
        let f = parse_args(&some).unwrap().features;
        assert!(f.hyphen && f.marks && !f.comments && f.any());
    }

    /// The main line of a game as the reader reads it: the hexes and separators of its moves
    /// (letters and hyphens set aside), and the number of its plies.
    fn main_line(text: &str) -> Vec<String> {
        let file = ctl_an::parse_file(text).file;
        let game = &file.games[0];
        game.movetext
            .pairs
            .iter()
            .flat_map(|p| std::iter::once(&p.white).chain(p.black.as_ref()))
            .map(|ply| match ply {
                ctl_an::syntax::Ply::Move(m) => match &m.kind {
                    MoveKind::Ordinary(o) => format!(
                        "{}{}{}{:?}",
                        o.from.value,
                        u8::from(o.separator.value.is_capture()),
                        o.to.value,
                        m.check.map(|c| c.value)
                    ),
                    MoveKind::Castling(c) => format!("{}-{}", c.prefix(), c.columns()),
                    MoveKind::ForcedPromotion(f) => f.hex.value.to_string(),
                },
                _ => "…".to_string(),
            })
            .collect()
    }

    /// `--rich` writes the plain games' moves, and only decorations change: every game is
    /// clean at the rules level, and every feature shows up.
    #[test]
    fn rich_games_are_the_plain_games_written_richer_and_clean() {
        use ctl_pgn::{Check, Level};
        let mut seen = String::new();
        for index in 0..120 {
            let plain = generate_game(2026, index, 120);
            let rich = generate_game_with(2026, index, 120, &Features::RICH);
            assert_eq!(rich, generate_game_with(2026, index, 120, &Features::RICH));
            assert_eq!(main_line(&plain.text), main_line(&rich.text), "{}", rich.text);
            assert_eq!(plain.plies, rich.plies);
            let found = Check::new(Level::Rules).text(&rich.text).diagnostics;
            assert!(found.is_empty(), "rich game {index}: {found:#?}\n{}", rich.text);
            seen.push_str(&rich.text);
        }
        for form in [
            "[Redefine \"FAN\"]",
            "[Redefine \"",
            "[PDTL \"",
            "\\\"",
            "\u{2010}",
            "{ @W: ",
            "{ @B: ",
            "{: $",
            "@B ",
            "]@W",
            "($[",
            " .(",
            " ..",
            "{ ~",
            "[d]",
            "\u{25c7}",
            " $",
            "{ A random game",
            "{ over after #",
        ] {
            assert!(seen.contains(form), "no rich game writes `{form}`");
        }
        let path = regex_free_find(&seen, "[#", "#");
        assert!(path, "no reference through two labels");
    }

    /// Whether some `#n[#a.b#c.d]` (a path through two labelled variations) is written.
    fn regex_free_find(text: &str, open: &str, inner: &str) -> bool {
        text.match_indices(open).any(|(at, _)| {
            let rest = &text[at + 1..];
            rest.find(']').is_some_and(|end| rest[1..end].contains(inner))
        })
    }
}
