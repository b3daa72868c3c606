//! The one way to check CTL-PGN: [`Check`], on a whole text, one chunk of a stream, a stream,
//! or a game already read, with every diagnostic sorted the same way ([`Diagnostic::sort`]).
//! `cescacs check`, the language server, the corpus goldens and the fuzz targets all call it.
//!
//! Each game is first read by the fast path (the scanner feeding the replay, no tree), which
//! answers only "clean"; a game it cannot call clean is read the full
//! way (lexer, parser, tree, the same replay), which is the authority and gives
//! every message. Both feed the same replay, so the two can only differ in what the scanner
//! reads, never in a rule. [`Stats`] tells how many games each path read. [`Check::games`]
//! gives the same, game by game ([`CheckedGame`]); [`Check::text`] adds them up.
//!
//! ```
//! use ctl_pgn::{Check, Level};
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n\
//!             [Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
//! let checked = Check::new(Level::Rules).text(text);
//! assert_eq!((checked.games, checked.plies), (2, 5));
//! assert_eq!(checked.diagnostics[0].code, "E0501");
//! // The first game is clean and read fast; the second goes the full way to be explained.
//! assert_eq!((checked.stats.fast_path_games, checked.stats.full_path_games), (1, 1));
//! ```

use std::io::{self, Read};
use std::time::Duration;

use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::{GameOutput, Limits};

use crate::decode::{Decoded, as_plain_text, decode};
use crate::parsed::ParsedGame;
use crate::reader::{Chunks, StreamChunk};
use crate::replay::{ReplayOptions, replay_game};
use crate::split::{GameSplitter, RawGame};
use crate::validate::{Level, fast, unchecked};

/// How to check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Check {
    /// How deep.
    pub level: Level,
    /// The bounds on one item of the text.
    pub limits: Limits,
    /// Whether the fast path is tried. Without it every game is read the full way and its
    /// [`ParsedGame`] kept (the language server needs the trees).
    pub fast: bool,
}

/// How many games each path read, and the time each took (measured with the `clock` feature,
/// on by default; without it, as on `wasm32-unknown-unknown`, which has no clock, the times
/// stay zero).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games the fast path called clean.
    pub fast_path_games: usize,
    /// Games read the full way (the fast path could not call them clean, or was not tried).
    pub full_path_games: usize,
    /// Time in the fast path, games it gave up on included.
    pub fast_time: Duration,
    /// Time in the full path.
    pub full_time: Duration,
}

/// Measures the time of a stage for [`Stats`]: the one place the check reads a clock, so that
/// a build without the `clock` feature calls none (`Instant::now` aborts on
/// `wasm32-unknown-unknown`).
#[derive(Debug, Clone, Copy)]
struct Stopwatch {
    #[cfg(feature = "clock")]
    started: std::time::Instant,
}

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch {
            #[cfg(feature = "clock")]
            started: std::time::Instant::now(),
        }
    }

    /// The time since [`Stopwatch::start`]; zero without the `clock` feature.
    fn elapsed(&self) -> Duration {
        #[cfg(feature = "clock")]
        return self.started.elapsed();
        #[cfg(not(feature = "clock"))]
        Duration::ZERO
    }
}

impl Stats {
    /// Adds another count.
    pub fn absorb(&mut self, other: Stats) {
        self.fast_path_games += other.fast_path_games;
        self.full_path_games += other.full_path_games;
        self.fast_time += other.fast_time;
        self.full_time += other.full_time;
    }
}

/// What checking a text found.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// Every diagnostic, sorted by [`Diagnostic::sort`]; spans are offsets into the text checked.
    pub diagnostics: Vec<Diagnostic>,
    /// Games read (records with neither tags nor moves are not games).
    pub games: usize,
    /// Half-moves of the main lines.
    pub plies: usize,
    /// With [`Check`]`.fast` off, every game read, in text order (spans into the text checked);
    /// otherwise those of a [`Check::chunk`] read the full way.
    pub read: Vec<ParsedGame>,
    /// Which path read what.
    pub stats: Stats,
    /// Whether the reader reported an error (of the encoding or the syntax): such a text is
    /// never formatted.
    pub syntax_errors: bool,
}

/// One chunk of a stream checked: the text it decoded to when it was read the full way (to
/// render the diagnostics against), and what was found.
#[derive(Debug, Clone)]
pub struct CheckedChunk {
    /// The chunk as the full reader decoded it; `None` when the fast path read it (it is then
    /// clean and plain UTF-8).
    pub decoded: Option<Decoded>,
    /// What was found, spans into the chunk, the encoding's diagnostics included.
    pub checked: Checked,
}

/// Which way a game was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReadPath {
    /// The fast path: the scanner feeding the replay, no tree. Such a game is clean.
    Fast,
    /// The full way: lexer, parser, tree and the replay, which explains every problem.
    Full,
}

/// One record of a text, checked: a game, or text around games that has something to report
/// (a record with neither tags nor moves, as prose before the first game). What
/// [`Check::games`] gives, one at a time.
#[derive(Debug, Clone)]
pub struct CheckedGame {
    /// Where it lies in the text checked: for a game, from its first tag to the end of its
    /// movetext (whichever path read it).
    pub span: Span,
    /// Which path read it.
    pub path: ReadPath,
    /// Its diagnostics, sorted by [`Diagnostic::sort`], spans into the text checked (the reader's notes
    /// about it may lie just outside [`span`](CheckedGame::span)). Empty when the fast path
    /// read it.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether it is a game; `false` for text around games, which is given only when it has
    /// diagnostics.
    pub is_game: bool,
    /// Half-moves of its main line.
    pub plies: usize,
    /// Whether the reader reported an error in it (of the syntax).
    pub syntax_errors: bool,
    /// The game read, when [`Check`]`.fast` is off (spans into the text checked); `None`
    /// otherwise, and for text that is not a game.
    pub game: Option<ParsedGame>,
}

impl Checked {
    /// Adds one record to the sums (its diagnostics unsorted among the others).
    fn add(&mut self, record: CheckedGame) {
        self.diagnostics.extend(record.diagnostics);
        self.games += usize::from(record.is_game);
        self.plies += record.plies;
        self.syntax_errors |= record.syntax_errors;
        self.read.extend(record.game);
    }
}

impl Check {
    /// Checks at `level` with the default limits, the fast path on.
    pub fn new(level: Level) -> Check {
        Check { level, limits: Limits::DEFAULT, fast: true }
    }

    /// Checks a whole text (a file already in memory), game by game.
    ///
    /// ```
    /// use ctl_pgn::{Check, Level};
    /// let strict = Check { limits: ctl_an::Limits { comment_bytes: 8, ..Default::default() }, ..Check::new(Level::Rules) };
    /// let found = strict.text("[Variant \"C'escacs\"]\n{a long comment} 1. E7-E13: *\n");
    /// assert_eq!(found.diagnostics[0].code, "E0222");
    /// ```
    pub fn text(&self, text: &str) -> Checked {
        let mut games = self.games(text);
        let mut all = Checked::default();
        for record in games.by_ref() {
            all.add(record);
        }
        all.stats = games.stats();
        Diagnostic::sort(&mut all.diagnostics);
        all
    }

    /// Checks a whole text game by game: each game (and each stretch of text around games that
    /// has something to report) with its diagnostics and the path that read it, in text order.
    /// [`Check::text`] is the sum of these.
    ///
    /// ```
    /// use ctl_pgn::{Check, Level, ReadPath};
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n\
    ///             [Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
    /// let games: Vec<_> = Check::new(Level::Rules).games(text).collect();
    /// assert_eq!(games.len(), 2);
    /// assert_eq!((games[0].path, games[0].plies), (ReadPath::Fast, 2));
    /// assert!(games[0].diagnostics.is_empty());
    /// // The second game goes the full way, to be explained; spans are offsets into `text`.
    /// assert_eq!(games[1].path, ReadPath::Full);
    /// assert_eq!(games[1].diagnostics[0].code, "E0501");
    /// assert_eq!(&text[games[1].span.range()], "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *");
    /// // With the fast path off, every game is read the full way and kept.
    /// let full = Check { fast: false, ..Check::new(Level::Rules) };
    /// let game = full.games(text).next().unwrap().game.unwrap();
    /// assert_eq!(game.movetext().ply_count(), 2);
    /// ```
    pub fn games<'t>(&self, text: &'t str) -> CheckedGames<'t> {
        let (chunks, reading) = if self.fast {
            (Some(GameSplitter::new(text.as_bytes())), None)
        } else {
            // Read whole, so that the games kept have offsets into the whole text.
            (
                None,
                Some(Reading { records: ctl_an::games_with(text, &self.limits), text, offset: 0 }),
            )
        };
        CheckedGames { check: *self, text, chunks, reading, stats: Stats::default() }
    }

    /// Checks one chunk of a stream as [`Chunks`] cuts it: bytes, decoded here (`E0001` for
    /// invalid UTF-8).
    ///
    /// ```
    /// use ctl_pgn::{Check, Level};
    /// let chunk = Check::new(Level::Rules).chunk(b"[Variant \"C'escacs\"]\n1. E7-E13: *\xFF");
    /// assert_eq!(chunk.checked.diagnostics[0].code, "E0001");
    /// assert!(chunk.decoded.is_some());
    /// ```
    pub fn chunk(&self, bytes: &[u8]) -> CheckedChunk {
        let (clean, fast_time) = match as_plain_text(bytes) {
            Some(text) => self.fast(text),
            None => (None, Duration::ZERO),
        };
        if let Some(checked) = clean {
            return CheckedChunk { decoded: None, checked };
        }
        // Only a chunk with something to report is copied, to be decoded.
        let decoded = decode(bytes.to_vec());
        let mut checked = self.full(&decoded.text);
        checked.stats.fast_time = fast_time;
        checked.syntax_errors |= decoded.diagnostics.iter().any(Diagnostic::is_error);
        checked.diagnostics.extend(decoded.diagnostics.iter().cloned());
        Diagnostic::sort(&mut checked.diagnostics);
        CheckedChunk { decoded: Some(decoded), checked }
    }

    /// Checks every chunk of a stream, one at a time (memory bounded by the largest game).
    ///
    /// ```
    /// use ctl_pgn::{Check, Level};
    /// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7-E12: *\n";
    /// let chunks: Vec<_> = Check::new(Level::Rules).stream(file.as_bytes()).collect::<Result<_, _>>()?;
    /// assert_eq!(chunks.len(), 2);
    /// assert!(chunks[0].1.checked.diagnostics.is_empty());
    /// // Spans are chunk offsets; the chunk's start gives them in the stream.
    /// let d = &chunks[1].1.checked.diagnostics[0];
    /// assert_eq!(chunks[1].0.offset + d.span.start, file.rfind("E12").unwrap());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn stream<R: Read>(
        &self,
        input: R,
    ) -> impl Iterator<Item = io::Result<(crate::reader::TextStart, CheckedChunk)>> + use<'_, R>
    {
        Chunks::new(input).map(move |chunk| {
            let StreamChunk { start, bytes } = chunk?;
            Ok((start, self.chunk(&bytes)))
        })
    }

    /// Checks a game already read (by [`crate::Reader`], or [`ParsedGame::new`] from a parsed
    /// record): its problems beyond the syntax diagnostics the reader gave with it, sorted,
    /// spans into the text it was read from. The limits and the fast path play no part.
    ///
    /// ```
    /// use ctl_pgn::{Check, Level};
    /// let text = "[Variant \"C'escacs\"] [Result \"3-0\"]\n1. E7-E13: 0-3\n";
    /// let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
    /// assert!(Check::new(Level::Syntax).game(&game).is_empty());
    /// assert_eq!(Check::new(Level::Coherence).game(&game)[0].code, "E0410");
    /// ```
    pub fn game(&self, game: &ParsedGame) -> Vec<Diagnostic> {
        validate(game, self.level)
    }

    /// The fast path: `Some` only for a clean game; the time it took either way.
    fn fast(&self, text: &str) -> (Option<Checked>, Duration) {
        if !self.fast {
            return (None, Duration::ZERO);
        }
        let started = Stopwatch::start();
        let clean = fast::check_fast(text, self.level, &self.limits);
        let fast_time = started.elapsed();
        let checked = clean.map(|clean| Checked {
            games: 1,
            plies: clean.plies,
            stats: Stats { fast_path_games: 1, fast_time, ..Stats::default() },
            ..Checked::default()
        });
        (checked, fast_time)
    }

    /// The full way: every game parsed and validated, the parser's diagnostics with them.
    fn full(&self, text: &str) -> Checked {
        Check { fast: false, ..*self }.text(text)
    }

    /// One record read the full way from `source`, which starts at `offset` of the text
    /// checked; `None` for text around games with nothing to report.
    fn record(&self, out: GameOutput, source: &str, offset: usize) -> Option<CheckedGame> {
        let GameOutput { game, mut diagnostics } = out;
        let syntax_errors = diagnostics.iter().any(Diagnostic::is_error);
        let span = Span::new(game.span.start + offset, game.span.end + offset);
        let is_game = !game.is_empty();
        let (plies, game) = if is_game {
            let mut game = ParsedGame::new(game, source);
            game.set_syntax_errors(&diagnostics);
            let found = validate_parsed(&game, self.level, &mut diagnostics);
            diagnostics.extend(found);
            (game.movetext().ply_count(), Some(game).filter(|_| !self.fast))
        } else if diagnostics.is_empty() {
            return None;
        } else {
            (0, None)
        };
        if offset != 0 {
            diagnostics = diagnostics.into_iter().map(|d| d.shifted(offset)).collect();
        }
        crate::fixes::combine(&mut diagnostics);
        Diagnostic::sort(&mut diagnostics);
        Some(CheckedGame {
            span,
            path: ReadPath::Full,
            diagnostics,
            is_game,
            plies,
            syntax_errors,
            game,
        })
    }
}

/// The games of a text being checked: see [`Check::games`].
#[derive(Debug)]
pub struct CheckedGames<'t> {
    check: Check,
    text: &'t str,
    /// The chunks not yet tried, with the fast path on.
    chunks: Option<GameSplitter<&'t [u8]>>,
    /// The text being read the full way (a chunk, or the whole text with the fast path off).
    reading: Option<Reading<'t>>,
    stats: Stats,
}

/// A text read the full way, record by record.
#[derive(Debug)]
struct Reading<'t> {
    records: ctl_an::Games<'t>,
    /// The text read, and where it starts in the text checked.
    text: &'t str,
    offset: usize,
}

impl CheckedGames<'_> {
    /// How many games each path has read so far, and the time each took.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

impl Iterator for CheckedGames<'_> {
    type Item = CheckedGame;

    fn next(&mut self) -> Option<CheckedGame> {
        loop {
            if let Some(reading) = &mut self.reading {
                let started = Stopwatch::start();
                let Some(out) = reading.records.next() else {
                    self.reading = None;
                    continue;
                };
                let record = self.check.record(out, reading.text, reading.offset);
                self.stats.full_time += started.elapsed();
                let Some(record) = record else { continue };
                self.stats.full_path_games += usize::from(record.is_game);
                return Some(record);
            }
            // Reading from memory cannot fail.
            let Ok(RawGame { offset, bytes }) = self.chunks.as_mut()?.next()? else { continue };
            let start = usize::try_from(offset).unwrap_or(usize::MAX);
            let Some(chunk) = self.text.get(start..start.saturating_add(bytes.len())) else {
                continue;
            };
            let (clean, fast_time) = self.check.fast(chunk);
            self.stats.fast_time += fast_time;
            if let Some(clean) = clean {
                self.stats.fast_path_games += 1;
                // A clean chunk is one game and the blanks around it (a chunk starts with its
                // line: blanks may come before the game's `[Variant`).
                let end = start + chunk.trim_ascii_end().len();
                let first = start + (chunk.len() - chunk.trim_ascii_start().len());
                return Some(CheckedGame {
                    span: Span::new(first, end),
                    path: ReadPath::Fast,
                    diagnostics: Vec::new(),
                    is_game: true,
                    plies: clean.plies,
                    syntax_errors: false,
                    game: None,
                });
            }
            let records = ctl_an::games_with(chunk, &self.check.limits);
            self.reading = Some(Reading { records, text: chunk, offset: start });
        }
    }
}

/// The problems of one game beyond its syntax diagnostics (which the parser gives), sorted by
/// span. Spans point into the text the game was parsed from. [`Check::game`] is its public face.
fn validate(game: &ParsedGame, level: Level) -> Vec<Diagnostic> {
    replay_game(game, ReplayOptions::check(level), ()).0.diagnostics
}

/// [`validate`] for a game read with the `parser`'s diagnostics: a line that a syntax error
/// stopped notes what it left unchecked on the parser's error inside the move.
fn validate_parsed(game: &ParsedGame, level: Level, parser: &mut [Diagnostic]) -> Vec<Diagnostic> {
    let (done, ()) = replay_game(game, ReplayOptions::check(level), ());
    unchecked::attach(parser, done.unchecked);
    done.diagnostics
}
