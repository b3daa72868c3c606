//! Checking a document: the diagnostics of `cescacs check` at its default level, each with the
//! game and ply it is about, what is published of them, the outline and the canonical text.
//!
//! A document is read as the toolkit reads any text ([`decode_whole`]: a byte-order mark, prose
//! between games, bytes that are no text, as `cescacs check` reads them in a file), then checked
//! game by game ([`Check::games`], every game read the full way: the trees are needed), and
//! each game's tree is dropped once its diagnostics, outline entry and canonical text are
//! taken. Memory is bounded by the largest game, not by the document (a
//! 22 MB document used to keep every tree). Between games the analysis stops when it is
//! cancelled (a newer version of the document came) or when its time budget has run out.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cescacs_diagnostics::Diagnostic;
use cescacs_toolkit::read::decode_whole;
use ctl_pgn::Check;
use ctl_pgn::Level;
use ctl_pgn::ParsedGame;
use ctl_pgn::render::{Context, JsonDiagnostic, LineIndex, Locator, PositionEncoding};
use ctl_pgn::split::GameSplitter;
use ctl_pgn::write::{WriteOptions, write_game};
use lsp_types::{DiagnosticSeverity, DocumentSymbol};

use cescacs_diagnostics::terminal::terminal_safe;

use crate::positions::Ranges;
use crate::symbols;

/// The level `cescacs check` uses by default: the deepest one.
pub(crate) const LEVEL: Level = Level::Rules;

/// Diagnostics published per document at most: an editor is not sent a flood (100 KB of `[`
/// gives 100,000 errors); past it, one information diagnostic says how many more there are.
pub(crate) const MAX_PUBLISHED: usize = 1_000;

/// Diagnostics with a fix kept per document at most, for the code actions.
pub(crate) const MAX_FIXABLE: usize = 10_000;

/// How far an analysis may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The columns of the published ranges.
    pub encoding: PositionEncoding,
    /// The time after which no further game is checked.
    pub time: Duration,
    /// The largest document checked, in bytes.
    pub bytes: usize,
}

/// What checking a document found.
#[derive(Debug)]
pub(crate) struct Analysis {
    /// The diagnostics that carry a fix (the first [`MAX_FIXABLE`]), sorted by position then
    /// code, with their game and ply; spans are offsets into the document. The others are
    /// dropped once published: memory does not grow with the number of problems.
    pub fixable: Vec<(Diagnostic, Context)>,
    /// What the editor is sent: at most [`MAX_PUBLISHED`] diagnostics (errors first), then the
    /// notes (how many more there are, where the check stopped and why).
    pub published: Vec<lsp_types::Diagnostic>,
    /// Where each chunk read starts, in order (the document's games: see [`games_at`]).
    pub chunks: Vec<usize>,
    /// The outline: one symbol per game, with its variations.
    pub symbols: Vec<DocumentSymbol>,
    /// The canonical text (`cescacs fmt`), when the whole document was read without a syntax
    /// error.
    pub canonical: Option<String>,
    /// Whether every chunk of the document was read (false: too large, out of time, a game
    /// larger than `ctl_an::GAME_BYTES`).
    pub complete: bool,
    /// Why the check failed, when it panicked (logged by the server).
    pub failure: Option<String>,
}

impl Analysis {
    /// Checks `text`, stopping between games when `cancel` is set (then `None`) and when the time
    /// budget has run out. `uri` is the document's, for the related information of diagnostics.
    pub fn new(text: &str, uri: &str, bounds: Bounds, cancel: &AtomicBool) -> Option<Analysis> {
        let started = Instant::now();
        let ranges = Ranges::new(text, bounds.encoding);
        let mut analysis = Analysis {
            fixable: Vec::new(),
            published: Vec::new(),
            chunks: Vec::new(),
            symbols: Vec::new(),
            canonical: Some(String::new()),
            complete: true,
            failure: None,
        };
        let mut notes = Vec::new();
        if text.len() > bounds.bytes {
            analysis.complete = false;
            analysis.canonical = None;
            notes.push(note(
                DiagnosticSeverity::ERROR,
                ranges.range(cescacs_diagnostics::Span::new(0, 0)),
                format!(
                    "this document is not checked: it holds {} bytes, more than {} MiB, the most \
                     the server checks (`cescacs check` reads any size, game by game)",
                    text.len(),
                    bounds.bytes >> 20
                ),
            ));
            analysis.published = notes;
            return Some(analysis);
        }
        let decoded = decode_whole(text);
        let source = decoded.text.as_str();
        let mut games = 0;
        let mut shown = Shown::default();
        // What keeps the text from being rewritten (prose between games, bytes that are no
        // text) keeps it from being formatted, as `cescacs fmt` leaves such a file untouched.
        if decoded.diagnostics.iter().any(ctl_pgn::write::blocks_writing) {
            analysis.canonical = None;
        }
        for d in decoded.diagnostics {
            shown.push(d, Context::default());
        }
        let mut records = Check { fast: false, ..Check::new(LEVEL) }.games(source);
        loop {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let Some(record) = records.next() else { break };
            let end = record.span.end;
            let mut locator = Locator::default();
            if let Some(game) = &record.game {
                locator.push(game.syntax());
            }
            for d in record.diagnostics {
                let context = locator.context(d.span);
                let context = Context { game: context.game.map(|g| g + games), ..context };
                if !d.fixes.is_empty() && analysis.fixable.len() < MAX_FIXABLE {
                    analysis.fixable.push((d.clone(), context));
                }
                shown.push(d, context);
            }
            if record.syntax_errors {
                analysis.canonical = None;
            }
            if let Some(game) = &record.game {
                analysis.symbols.extend(symbols::symbols(
                    std::slice::from_ref(game),
                    games,
                    source,
                    &ranges,
                ));
                if let Some(out) = &mut analysis.canonical {
                    if !out.is_empty() {
                        out.push('\n');
                    }
                    out.push_str(&write_game(game.syntax(), WriteOptions::default()));
                }
                games += 1;
            }
            if started.elapsed() > bounds.time {
                notes.push(note(
                    DiagnosticSeverity::INFORMATION,
                    ranges.range(cescacs_diagnostics::Span::new(end, end)),
                    format!(
                        "the check stopped here, after {} s (its time budget) and {games} games: \
                         the rest of the document is not checked (`cescacs check` checks it all)",
                        bounds.time.as_secs_f32()
                    ),
                ));
                analysis.complete = false;
                break;
            }
        }
        // Where the games are, for the hovers (a scan for game boundaries, no parsing).
        analysis.chunks = chunk_spans(text).map(|(start, _)| start).collect();
        if !analysis.complete {
            analysis.canonical = None;
        }
        analysis.published = shown.published(uri, ranges.index(), bounds.encoding);
        analysis.published.extend(notes);
        Some(analysis)
    }

    /// What is known of a document whose check failed: nothing, and never to be formatted.
    pub fn failed(why: String) -> Analysis {
        Analysis {
            fixable: Vec::new(),
            published: Vec::new(),
            chunks: Vec::new(),
            symbols: Vec::new(),
            canonical: None,
            complete: false,
            failure: Some(why),
        }
    }
}

/// The text of one chunk as the parsers read it ([`decode_whole`]: offsets stay the editor's),
/// borrowed when it is read as it is.
fn chunk_text(text: &str, start: usize, end: usize) -> Option<Cow<'_, str>> {
    let chunk = text.get(start..end)?;
    let decoded = decode_whole(chunk);
    Some(match decoded.shown {
        Some(_) => Cow::Owned(decoded.text),
        None => Cow::Borrowed(chunk),
    })
}

/// The largest chunk read on demand for a hover or a definition: reading a larger one (a
/// hostile game, up to `ctl_an::GAME_BYTES`) would hold up every other answer, so such a game
/// gets none. Real games are a few kilobytes.
pub(crate) const ON_DEMAND_BYTES: usize = 1 << 20;

/// The most text read on demand for one answer that reads the whole document (its semantic
/// tokens, its folding ranges) or a range of it: reading more would hold up every other
/// answer for seconds (1 MiB takes some 75 ms of CPU for its tokens), so a larger document
/// gets none; its diagnostics, hovers and completions are unaffected.
pub(crate) const WHOLE_BYTES: usize = 4 << 20;

/// The games of the chunk of `text` that holds byte `offset`, read now (not validated): what a
/// hover or a definition needs, in time bounded by the size of that game, at most
/// [`ON_DEMAND_BYTES`]. `chunks` are the starts of the chunks when known (a finished analysis
/// of this very text).
pub(crate) fn games_at<'a>(
    text: &'a str,
    chunks: Option<&[usize]>,
    offset: usize,
) -> Option<Chunk<'a>> {
    let (start, end) = match chunks {
        Some(starts) => {
            let i = starts.partition_point(|&s| s <= offset).checked_sub(1)?;
            (starts[i], starts.get(i + 1).copied().unwrap_or(text.len()))
        }
        None => chunk_spans(text).find(|&(_, end)| offset < end || end == text.len())?,
    };
    if end - start > ON_DEMAND_BYTES {
        return None;
    }
    read_chunk(text, start, end)
}

/// Where the chunks of `text` start and end (a scan for game boundaries, no parsing), in order.
pub(crate) fn chunk_spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    GameSplitter::new(text.as_bytes()).map_while(Result::ok).map(|raw| {
        let start = usize::try_from(raw.offset).unwrap_or(usize::MAX);
        (start, start.saturating_add(raw.bytes.len()))
    })
}

/// The games of the chunk `start..end` of `text`, read now (not validated).
pub(crate) fn read_chunk(text: &str, start: usize, end: usize) -> Option<Chunk<'_>> {
    let source = chunk_text(text, start, end)?;
    let mut games = Vec::new();
    for out in ctl_an::games(&source) {
        if !out.game.is_empty() {
            let mut game = ParsedGame::new(out.game, &source);
            game.set_syntax_errors(&out.diagnostics);
            games.push(game);
        }
    }
    Some(Chunk { start, source, games })
}

/// The games of one chunk of a document, spans relative to the chunk.
pub(crate) struct Chunk<'a> {
    /// Where the chunk starts in the document.
    pub start: usize,
    /// Its text as the parsers read it.
    pub source: Cow<'a, str>,
    /// Its games in order.
    pub games: Vec<ParsedGame>,
}

impl Chunk<'_> {
    /// The game whose text holds chunk offset `offset`.
    pub fn game_at(&self, offset: usize) -> Option<&ParsedGame> {
        let i = self.games.partition_point(|g| g.span().start <= offset).checked_sub(1)?;
        let game = &self.games[i];
        (offset <= game.span().end).then_some(game)
    }
}

/// The LSP form of a diagnostic: the JSON of `cescacs check --format json` (`ctl_pgn::render`)
/// read as `lsp_types`, its messages made terminal-safe (editors such as Neovim draw them on a
/// terminal).
pub(crate) fn to_lsp(
    d: &Diagnostic,
    context: Context,
    uri: &str,
    index: &LineIndex<'_>,
    encoding: PositionEncoding,
) -> Option<lsp_types::Diagnostic> {
    let json = JsonDiagnostic::new(d, context, uri, index, encoding);
    let mut lsp: lsp_types::Diagnostic =
        serde_json::to_value(&json).ok().and_then(|v| serde_json::from_value(v).ok())?;
    lsp.message = terminal_safe(&lsp.message).into_owned();
    for related in lsp.related_information.iter_mut().flatten() {
        related.message = terminal_safe(&related.message).into_owned();
    }
    Some(lsp)
}

/// The diagnostics sent to the editor, gathered as they come: the first [`MAX_PUBLISHED`]
/// errors and the first [`MAX_PUBLISHED`] warnings, in document order, and how many there are.
#[derive(Debug, Default)]
struct Shown {
    kept: Vec<(Diagnostic, Context)>,
    errors: usize,
    warnings: usize,
}

impl Shown {
    fn push(&mut self, d: Diagnostic, context: Context) {
        let seen = if d.is_error() { &mut self.errors } else { &mut self.warnings };
        *seen += 1;
        if *seen <= MAX_PUBLISHED {
            self.kept.push((d, context));
        }
    }

    /// All of them when there are at most [`MAX_PUBLISHED`]; else the first [`MAX_PUBLISHED`]
    /// errors first (in document order within a severity, so that no error hides behind
    /// warnings), then one information that counts the others. Only those sent are converted.
    fn published(
        mut self,
        uri: &str,
        index: &LineIndex<'_>,
        encoding: PositionEncoding,
    ) -> Vec<lsp_types::Diagnostic> {
        let total = self.errors + self.warnings;
        if total > MAX_PUBLISHED {
            self.kept.sort_by_key(|(d, _)| !d.is_error());
            self.kept.truncate(MAX_PUBLISHED);
        }
        let mut out: Vec<lsp_types::Diagnostic> = self
            .kept
            .iter()
            .filter_map(|(d, context)| to_lsp(d, *context, uri, index, encoding))
            .collect();
        if total > MAX_PUBLISHED {
            let more = total - MAX_PUBLISHED;
            let range = out.last().map(|d| d.range).unwrap_or_default();
            out.push(note(
                DiagnosticSeverity::INFORMATION,
                range,
                format!(
                    "{more} more problems not shown (at most {MAX_PUBLISHED} per document); \
                     `cescacs check` lists them all"
                ),
            ));
        }
        out
    }
}

/// A diagnostic of the server itself (no code).
fn note(
    severity: DiagnosticSeverity,
    range: lsp_types::Range,
    message: String,
) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range,
        severity: Some(severity),
        source: Some("cescacs".to_string()),
        message,
        ..lsp_types::Diagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: Bounds = Bounds {
        encoding: PositionEncoding::Utf16,
        time: Duration::from_secs(3600),
        bytes: ctl_an::FILE_BYTES as usize,
    };

    fn analyse(text: &str, bounds: Bounds) -> Analysis {
        Analysis::new(text, "file:///t.ctl-pgn", bounds, &AtomicBool::new(false)).expect("done")
    }

    #[test]
    fn codes_games_and_plies() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n[Variant \"C'escacs\"]\n1. E7xE13: *\n";
        let a = analyse(text, BOUNDS);
        assert_eq!(a.symbols.len(), 2);
        assert_eq!(a.chunks, [0, text.rfind("[Variant").unwrap()]);
        let code = |c: &str| Some(lsp_types::NumberOrString::String(c.to_string()));
        let codes: Vec<_> = a.published.iter().map(|d| d.code.clone()).collect();
        assert_eq!(codes, [code("E0501"), code("E0206")]);
        // The capture `x` has a fix: kept for the code actions, with its game and ply.
        let fixable: Vec<(&str, Context)> = a.fixable.iter().map(|(d, c)| (d.code, *c)).collect();
        assert_eq!(fixable, [("E0206", Context::game(2).with_ply(1))]);
        assert!(a.complete && a.canonical.is_none());
        let chunk = games_at(text, None, text.find("EE5").unwrap()).expect("a chunk");
        assert_eq!((chunk.start, chunk.games.len()), (0, 1));
        let at = text.rfind("E7").unwrap();
        let chunk = games_at(text, Some(&a.chunks), at).expect("a chunk");
        assert_eq!(chunk.start, a.chunks[1]);
        assert!(chunk.game_at(at - chunk.start).is_some());
    }

    #[test]
    fn a_game_too_large_is_not_read_on_demand() {
        let big = format!("[Variant \"C'escacs\"]\n{{{}}}\n", "x".repeat(ON_DEMAND_BYTES));
        let text = format!("{big}[Variant \"C'escacs\"]\n1. E7-E13: *\n");
        assert!(games_at(&text, None, 30).is_none());
        let chunk = games_at(&text, None, text.rfind("E7").unwrap()).expect("the small game");
        assert_eq!(chunk.games.len(), 1);
    }

    #[test]
    fn a_byte_order_mark_keeps_offsets() {
        let text = "\u{feff}[Variant \"C'escacs\"]\n1. E7-E99: *\n";
        let a = analyse(text, BOUNDS);
        assert_eq!(a.published[0].range.start.line, 1);
        assert_eq!(a.published[0].range.start.character, "1. E7-".len() as u32);
    }

    #[test]
    fn the_canonical_text_is_that_of_fmt() {
        let text = "[Variant \"C'escacs\"] [Lang \"en\"]\n1. E7‐E13, E21*E15: *\n{between}\n[Variant \"C'escacs\"]\n1. F8-F12 2. E7-E13: *";
        let a = analyse(text, BOUNDS);
        let fmt =
            ctl_pgn::write::write_file(&ctl_an::parse_file(text).file, WriteOptions::default());
        assert_eq!(a.canonical.as_deref(), Some(fmt.as_str()));
    }

    #[test]
    fn a_document_is_read_as_cescacs_check_reads_a_file() {
        // Prose between games is skipped with a warning (not read as movetext), and keeps the
        // document from being formatted, as `cescacs fmt` leaves such a file untouched.
        let game = "[Variant \"C'escacs\"]\n1. E7-E13: *\n";
        let text = format!("{game}These lines are notes about the games, not a game.\n{game}");
        let a = analyse(&text, BOUNDS);
        let code = |c: &str| Some(lsp_types::NumberOrString::String(c.to_string()));
        let codes: Vec<_> = a.published.iter().map(|d| d.code.clone()).collect();
        assert_eq!(codes, [code("W0001")]);
        assert_eq!((a.symbols.len(), a.canonical), (2, None));
        let checked = cescacs_toolkit::check::check(
            text.as_bytes(),
            &cescacs_toolkit::check::CheckOptions::default(),
        );
        assert_eq!(
            checked.unwrap().diagnostics[0].range,
            serde_json::from_value(serde_json::to_value(a.published[0].range).unwrap()).unwrap()
        );
    }

    #[test]
    fn a_flood_of_diagnostics_is_capped_with_a_count() {
        let text = format!("[Variant \"C'escacs\"]\n{}", "1. E7-E99: *\n".repeat(3));
        let flood = "[".repeat(MAX_PUBLISHED + 5);
        let text = format!("{text}{flood}");
        let a = analyse(&text, BOUNDS);
        assert_eq!(a.published.len(), MAX_PUBLISHED + 1);
        let last = &a.published[MAX_PUBLISHED];
        // The count is that of `cescacs check`.
        let more = Check::new(LEVEL).text(&text).diagnostics.len() - MAX_PUBLISHED;
        assert!(last.message.starts_with(&format!("{more} more problems not shown")), "{last:?}");
        // Errors first: the warnings of the first game are among those not shown.
        assert!(
            a.published[..MAX_PUBLISHED]
                .iter()
                .all(|d| d.severity == Some(DiagnosticSeverity::ERROR))
        );
    }

    #[test]
    fn a_document_past_the_size_bound_gets_one_diagnostic() {
        let text = "[Variant \"C'escacs\"]\n1. E7xE13: *\n";
        let a = analyse(text, Bounds { bytes: 16, ..BOUNDS });
        assert!(a.fixable.is_empty() && a.symbols.is_empty() && !a.complete);
        assert_eq!(a.published.len(), 1);
        assert!(a.published[0].message.starts_with("this document is not checked"));
    }

    #[test]
    fn an_analysis_stops_when_cancelled_or_out_of_time() {
        let game = "[Variant \"C'escacs\"]\n1. E7-E13: *\n";
        let text = game.repeat(3);
        let cancelled = Analysis::new(&text, "file:///t", BOUNDS, &AtomicBool::new(true));
        assert!(cancelled.is_none());
        let a = analyse(&text, Bounds { time: Duration::ZERO, ..BOUNDS });
        // One game read, then the budget is found spent.
        assert!(!a.complete && a.symbols.len() == 1 && a.canonical.is_none());
        assert!(a.published[0].message.starts_with("the check stopped here"), "{:?}", a.published);
    }
}
