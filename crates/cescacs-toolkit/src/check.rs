//! Checking a text as `cescacs check` does: chunk by chunk ([`chunk`]: the fast path, the full
//! way, the codes kept), each chunk's diagnostics shown up to the cap of a file
//! ([`Found::shown`]) and given as JSON ([`Found::json`]), numbered across the chunks of the
//! text and capped by a [`Tally`]. [`check`] does all of it for one text; the CLI checks the
//! chunks of many files in parallel and tallies them in input order with the same parts.

use std::io::{self, Read};

use cescacs_diagnostics::{Diagnostic, Severity};
use ctl_pgn::reader::TextStart;
use ctl_pgn::render::{DEFAULT_MAX_DIAGNOSTICS, ErrorCap, JsonDiagnostic, Summary, chunk_json};
use ctl_pgn::{Check, CheckedChunk, Level};

use crate::read::JsonOptions;

/// One chunk of a text checked: what [`Check::chunk`] found, the diagnostics of the codes
/// kept, and their counts.
#[derive(Debug, Clone)]
pub struct Found {
    /// What was found; `chunk.checked.diagnostics` holds the codes kept, sorted, chunk offsets.
    pub chunk: CheckedChunk,
    /// Games, plies, errors and warnings (`files` is 0).
    pub counts: Summary,
}

/// Checks one chunk of a text (as [`ctl_pgn::reader::Chunks`] cuts it) with `check`, keeping
/// the diagnostics whose code `keep` keeps (`cescacs check --select`, `--ignore`).
///
/// ```
/// use ctl_pgn::{Check, Level};
/// let text = b"[Variant \"C'escacs\"]\n1. E7xE13, E21-E15: *\n";
/// let found = cescacs_toolkit::check::chunk(&Check::new(Level::Rules), text, |_| true);
/// assert_eq!((found.counts.games, found.counts.errors), (1, 1));
/// let none = cescacs_toolkit::check::chunk(&Check::new(Level::Rules), text, |c| c != "E0206");
/// assert_eq!(none.counts.errors, 0);
/// ```
pub fn chunk(check: &Check, bytes: &[u8], keep: impl Fn(&str) -> bool) -> Found {
    let mut chunk = check.chunk(bytes);
    let found = &mut chunk.checked;
    found.diagnostics.retain(|d| keep(d.code));
    let errors = found.diagnostics.iter().filter(|d| d.is_error()).count();
    let counts = Summary {
        files: 0,
        games: found.games,
        plies: found.plies,
        errors,
        warnings: found.diagnostics.len() - errors,
    };
    Found { chunk, counts }
}

impl Found {
    /// The diagnostics shown of the chunk when at most `max` of a file are (0: all), and the
    /// errors and warnings left out (the cap is per file, so a chunk shows at most that many;
    /// [`Tally`] takes the others out).
    pub fn shown(&self, max: usize) -> (&[Diagnostic], (usize, usize)) {
        shown(&self.chunk.checked.diagnostics, max)
    }

    /// `shown`, diagnostics of the chunk, as JSON (what `cescacs check --format json` writes):
    /// the chunk starts at `start` of its text; games are numbered from 1 within the chunk
    /// ([`Tally::number`] numbers them in the text). Empty when the chunk is clean.
    pub fn json(
        &self,
        shown: &[Diagnostic],
        start: TextStart,
        json: &JsonOptions,
    ) -> Vec<JsonDiagnostic> {
        let Some(decoded) = &self.chunk.decoded else { return Vec::new() };
        let read = &self.chunk.checked.read;
        chunk_json(shown, read, decoded.shown(), start, &json.uri, json.encoding)
    }
}

/// The first `max` of `diagnostics` (0: all), what a chunk shows when at most `max` diagnostics
/// of a file are, and the errors and warnings left out.
pub fn shown(diagnostics: &[Diagnostic], max: usize) -> (&[Diagnostic], (usize, usize)) {
    let keep = match max {
        0 => diagnostics.len(),
        max => max.min(diagnostics.len()),
    };
    let left = &diagnostics[keep..];
    let errors = left.iter().filter(|d| d.is_error()).count();
    (&diagnostics[..keep], (errors, left.len() - errors))
}

/// The chunks of one text tallied in order: the games before each (what numbers its
/// diagnostics in the text), the counts, and the diagnostics shown within the cap of a file.
#[derive(Debug, Clone, Copy)]
pub struct Tally {
    games_before: usize,
    /// The counts of the chunks taken (every diagnostic, shown or not).
    pub counts: Summary,
    /// The diagnostics shown and left out.
    pub cap: ErrorCap,
}

impl Tally {
    /// A text starts: nothing counted, at most `max` diagnostics shown (0: all).
    pub fn new(max: usize) -> Tally {
        Tally {
            games_before: 0,
            counts: Summary { files: 1, ..Summary::default() },
            cap: ErrorCap::new(max),
        }
    }

    /// The next chunk, of `games` games and `counts`: its JSON diagnostics numbered in the text
    /// (their games counted from 1 within the chunk).
    pub fn number(&mut self, games: usize, counts: Summary, json: &mut [JsonDiagnostic]) {
        for d in json {
            d.data.game = d.data.game.map(|g| g + self.games_before);
        }
        self.games_before += games;
        self.counts.absorb(counts);
    }

    /// Whether the next diagnostic shown of the text, of `severity`, fits within the cap.
    pub fn admit(&mut self, severity: Severity) -> bool {
        self.cap.admit(severity)
    }

    /// Errors and warnings of a chunk left out before they were shown ([`Found::shown`]).
    pub fn omit(&mut self, (errors, warnings): (usize, usize)) {
        self.cap.omit(errors, warnings);
    }
}

/// The severity of a diagnostic in its JSON form (LSP: 1 error, 2 warning).
pub fn severity_of(d: &JsonDiagnostic) -> Severity {
    if d.severity == 1 { Severity::Error } else { Severity::Warning }
}

/// How [`check`] checks and gives what it finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOptions {
    /// How deep.
    pub level: Level,
    /// The URI and the unit of columns of the diagnostics.
    pub json: JsonOptions,
    /// Diagnostics given (0: all); the others are counted in [`Checked::omitted`].
    pub max_errors: usize,
}

impl Default for CheckOptions {
    /// The rules level, [`JsonOptions::default`], `cescacs check`'s default cap (100).
    fn default() -> CheckOptions {
        CheckOptions {
            level: Level::Rules,
            json: JsonOptions::default(),
            max_errors: DEFAULT_MAX_DIAGNOSTICS,
        }
    }
}

/// What [`check`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Each one an entry of `cescacs check --format json` for the same text.
    pub diagnostics: Vec<JsonDiagnostic>,
    /// Games, plies, errors and warnings (all of them, given or omitted).
    pub counts: Summary,
    /// Diagnostics left out by the cap.
    pub omitted: usize,
}

/// Checks a text (any reader: it is read game by game, memory bounded by the largest game) as
/// `cescacs check --format json` checks a file: the same chunks, the same paths, each
/// diagnostic rendered by the same code, numbered across the chunks and capped the same way.
///
/// ```
/// use cescacs_toolkit::check::{CheckOptions, check};
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
/// let checked = check(text.as_bytes(), &CheckOptions::default())?;
/// assert_eq!((checked.counts.games, checked.counts.errors), (1, 1));
/// assert_eq!(checked.diagnostics[0].code, "E0501");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check(input: impl Read, options: &CheckOptions) -> io::Result<Checked> {
    let check = Check::new(options.level);
    let mut tally = Tally::new(options.max_errors);
    let mut diagnostics = Vec::new();
    for chunk in ctl_pgn::reader::Chunks::new(input) {
        let chunk = chunk?;
        let found = self::chunk(&check, &chunk.bytes, |_| true);
        let (shown, omitted) = found.shown(options.max_errors);
        let mut json = found.json(shown, chunk.start, &options.json);
        tally.number(found.chunk.checked.games, found.counts, &mut json);
        diagnostics.extend(json.into_iter().filter(|d| tally.admit(severity_of(d))));
        tally.omit(omitted);
    }
    Ok(Checked { diagnostics, counts: tally.counts, omitted: tally.cap.omitted() })
}
