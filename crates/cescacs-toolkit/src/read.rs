//! A text read game by game, as every operation of the toolkit reads one: chunks cut at
//! `[Variant` lines ([`ctl_pgn::reader::Chunks`]), each decoded and parsed on its own within
//! one set of [`Limits`], so that memory is bounded by the largest game (at most
//! [`ctl_an::GAME_BYTES`]), never by the text, and every operation reads the same games with
//! the same diagnostics as `check`. [`chunks`] gives the chunks, [`Records`] their records one
//! at a time, each with what locates its diagnostics ([`Locate`]).

use std::io::{self, Read};

use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::Record as Game;
use ctl_an::{GameOutput, Limits};
use ctl_pgn::ParsedGame;
use ctl_pgn::decode::{Decoded, decode};
use ctl_pgn::reader::{Chunks, StreamChunk, TextStart};
use ctl_pgn::render::{Context, JsonDiagnostic, LineIndex, Locator, PositionEncoding};

/// The URI the diagnostics of a text without a name give in `relatedInformation`.
pub const URI: &str = "untitled:text";

/// How diagnostics are given as JSON (entries of `cescacs check --format json`): the URI of
/// their text and the unit of their columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonOptions {
    /// The text's URI, for `relatedInformation`.
    pub uri: String,
    /// The unit of the columns.
    pub encoding: PositionEncoding,
}

impl Default for JsonOptions {
    /// [`URI`], columns in UTF-16 (the LSP's default, and JavaScript's).
    fn default() -> JsonOptions {
        JsonOptions { uri: URI.to_string(), encoding: PositionEncoding::Utf16 }
    }
}

/// The diagnostics of a small text read whole (a PDTL, a move, an app move list), spans into
/// `text`, as JSON.
///
/// ```
/// use cescacs_toolkit::read::{JsonOptions, json_of};
/// let read = pdtl::read("/1:K/ x", &cescacs_board::Letters::standard());
/// let json = json_of(&read.diagnostics, "/1:K/ x", &JsonOptions::default());
/// assert!(json[0].code.starts_with("E01"));
/// ```
pub fn json_of(
    diagnostics: &[Diagnostic],
    text: &str,
    options: &JsonOptions,
) -> Vec<JsonDiagnostic> {
    let index = LineIndex::at(text, TextStart::default());
    diagnostics
        .iter()
        .map(|d| JsonDiagnostic::new(d, Context::default(), &options.uri, &index, options.encoding))
        .collect()
}

/// A whole text already in memory (an editor's document) decoded as every operation decodes a
/// text, chunk by chunk ([`Chunks`], [`decode`]): a byte-order mark, prose between games
/// (`W0001`), bytes that are no text (`E0002`) and an empty text (`W0002`) are read as
/// `cescacs check` reads them in a file. The text the parsers read has the same length as
/// `text`, so that every span is an offset into it; the diagnostics are offsets into it.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13: *\nThese lines are not a game at all.\n";
/// let decoded = cescacs_toolkit::read::decode_whole(text);
/// assert_eq!(decoded.text.len(), text.len());
/// assert_eq!(decoded.diagnostics[0].code, "W0001");
/// assert!(decoded.text.ends_with("*\n                                  \n"));
/// ```
pub fn decode_whole(text: &str) -> Decoded {
    let mut whole =
        Decoded { text: String::with_capacity(text.len()), shown: None, diagnostics: Vec::new() };
    // Reading from memory cannot fail.
    for StreamChunk { start, bytes } in Chunks::new(text.as_bytes()).filter_map(Result::ok) {
        let decoded = decode(bytes);
        whole.text.push_str(&decoded.text);
        whole.diagnostics.extend(decoded.diagnostics.into_iter().map(|d| d.shifted(start.offset)));
    }
    if whole.text != text {
        whole.shown = Some(text.to_string());
    }
    whole
}

/// One chunk of a text, read the full way: its text and its records.
#[derive(Debug)]
pub struct ReadChunk {
    /// Where the chunk starts in its text.
    pub start: TextStart,
    /// The text the parsers read, with the encoding's diagnostics (chunk offsets). Its
    /// [`shown`](Decoded::shown) text is the chunk's bytes when they are UTF-8 (a byte-order
    /// mark kept).
    pub decoded: Decoded,
    /// The records read, with their syntax diagnostics (chunk offsets); records with neither
    /// tags nor moves (stray bytes) are kept for their diagnostics.
    pub records: Vec<GameOutput>,
    /// The number in its text (from 1) of the first game of the chunk.
    pub first_game: usize,
}

impl ReadChunk {
    /// The games of the chunk (records with tags or moves), each with its number in the text.
    pub fn games(&self) -> impl Iterator<Item = (usize, &GameOutput)> {
        self.numbered().map(|(_, n, g)| (n, g))
    }

    /// The games of the chunk, each with its place in [`ReadChunk::records`] and its number in
    /// the text.
    pub fn numbered(&self) -> impl Iterator<Item = (usize, usize, &GameOutput)> {
        self.records
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.game.is_empty())
            .zip(self.first_game..)
            .map(|((at, g), n)| (at, n, g))
    }

    /// How many games the chunk holds.
    pub fn game_count(&self) -> usize {
        self.games().count()
    }

    /// The problems that keep a chunk from being rewritten: the errors of its encoding and
    /// syntax, and prose around its games (`W0001`: it is in no tree, writing the tree would
    /// drop it). Chunk offsets, sorted.
    pub fn unwritable(&self) -> Vec<Diagnostic> {
        ctl_pgn::write::unwritable(&self.decoded, &self.records)
    }

    /// `diagnostics` of the chunk (chunk offsets) as JSON, without game or ply.
    pub fn json(&self, diagnostics: &[Diagnostic], json: &JsonOptions) -> Vec<JsonDiagnostic> {
        let index = LineIndex::at(self.decoded.shown(), self.start);
        diagnostics
            .iter()
            .map(|d| {
                let d = d.clone().shifted(self.start.offset);
                JsonDiagnostic::new(&d, Context::default(), &json.uri, &index, json.encoding)
            })
            .collect()
    }
}

/// The chunks of a text, one at a time (see [`chunks`]).
pub struct ReadChunks<R> {
    chunks: Chunks<R>,
    limits: Limits,
    next_game: usize,
}

/// The chunks of `input`, read within `limits`, one at a time.
///
/// ```
/// use cescacs_toolkit::read::chunks;
/// let text = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7xE13: *\n";
/// let read: Vec<_> = chunks(text.as_bytes(), ctl_an::Limits::DEFAULT).collect::<Result<_, _>>()?;
/// assert_eq!((read.len(), read[1].first_game), (2, 2));
/// assert_eq!(read[1].unwritable()[0].code, "E0206");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn chunks<R: Read>(input: R, limits: Limits) -> ReadChunks<R> {
    ReadChunks { chunks: Chunks::new(input), limits, next_game: 1 }
}

impl<R: Read> Iterator for ReadChunks<R> {
    type Item = io::Result<ReadChunk>;

    fn next(&mut self) -> Option<io::Result<ReadChunk>> {
        Some(self.chunks.next()?.map(|chunk| {
            let read = ReadChunk::read(chunk, &self.limits, self.next_game);
            self.next_game += read.game_count();
            read
        }))
    }
}

impl ReadChunk {
    /// A chunk of a stream decoded and parsed within `limits`; its first game is game
    /// `first_game` of its text (for a caller that reads chunks in parallel and numbers their
    /// games after).
    pub fn read(chunk: StreamChunk, limits: &Limits, first_game: usize) -> ReadChunk {
        let StreamChunk { start, bytes } = chunk;
        let decoded = decode(bytes);
        let records: Vec<GameOutput> = ctl_an::games_with(&decoded.text, limits).collect();
        ReadChunk { start, decoded, records, first_game }
    }
}

/// The records of a text one at a time, each with its chunk's text and what locates its
/// diagnostics: what the operations that take a game at a time read (replay, the app's
/// format). Memory is bounded by the largest chunk, and what a caller makes of a record by the
/// record.
pub struct Records<R> {
    chunks: ReadChunks<R>,
    current: Option<Current>,
    /// Games given so far.
    games: usize,
    json: JsonOptions,
}

/// The chunk whose records are being given.
struct Current {
    start: TextStart,
    decoded: Decoded,
    records: std::vec::IntoIter<GameOutput>,
    locate: Locate,
}

/// One record of a text (see [`Records`]): a game, or text around games.
pub struct Record<'a> {
    /// The game's number in the text (from 1); `None` for text around games.
    pub number: Option<usize>,
    /// The record, with its syntax diagnostics (spans into the chunk's text).
    pub output: GameOutput,
    /// Where its chunk starts in the text.
    pub start: TextStart,
    /// Its chunk's text.
    pub decoded: &'a Decoded,
    /// Whether it is its chunk's last record.
    pub last_of_chunk: bool,
    /// Lines and columns of its diagnostics.
    pub locate: &'a mut Locate,
}

impl<R: Read> Records<R> {
    /// The records of `input`, read within the default limits; their diagnostics given as JSON
    /// by `json`.
    pub fn new(input: R, json: JsonOptions) -> Records<R> {
        Records { chunks: chunks(input, Limits::DEFAULT), current: None, games: 0, json }
    }

    /// The next record, or why the text cannot be read further.
    #[allow(clippy::should_implement_trait)] // a lending iterator: a record borrows its chunk
    pub fn next(&mut self) -> Option<io::Result<Record<'_>>> {
        loop {
            if self.current.as_ref().is_some_and(|c| c.records.len() > 0) {
                let current = self.current.as_mut()?;
                let output = current.records.next()?;
                let number = (!output.game.is_empty()).then(|| {
                    self.games += 1;
                    self.games
                });
                return Some(Ok(Record {
                    number,
                    output,
                    start: current.start,
                    decoded: &current.decoded,
                    last_of_chunk: current.records.len() == 0,
                    locate: &mut current.locate,
                }));
            }
            match self.chunks.next()? {
                Ok(chunk) => {
                    let locate = Locate::new(chunk.start, self.json.clone());
                    self.current = Some(Current {
                        start: chunk.start,
                        decoded: chunk.decoded,
                        records: chunk.records.into_iter(),
                        locate,
                    });
                }
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

impl<'a> Record<'a> {
    /// The errors of a record that is text around games (no game replays it; it is no less
    /// wrong): empty for a game.
    pub fn stray_errors(&self) -> Vec<Diagnostic> {
        if self.number.is_some() {
            return Vec::new();
        }
        self.output.diagnostics.iter().filter(|d| d.is_error()).cloned().collect()
    }

    /// `diagnostics` (chunk offsets) as JSON, each with its game and ply in the text.
    pub fn json(&mut self, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic> {
        let context = in_game(&self.output.game, self.number);
        self.locate.json(self.decoded.shown(), diagnostics, context)
    }

    /// The game of the record, read with its setup (its syntax errors noted, where they stop
    /// its lines); the record itself when it is text around games.
    pub fn parse(self) -> Parsed<'a> {
        let Some(number) = self.number else { return Parsed::Around(self) };
        let Record { output, start, decoded, locate, last_of_chunk, .. } = self;
        let mut game = ParsedGame::new(output.game, &decoded.text);
        game.set_syntax_errors(&output.diagnostics);
        Parsed::Game(ParsedRecord {
            number,
            game,
            syntax: output.diagnostics,
            start,
            decoded,
            last_of_chunk,
            locate,
        })
    }
}

/// A record parsed (see [`Record::parse`]).
// Made one at a time and taken apart at once: boxing the game would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub enum Parsed<'a> {
    /// A game, read with its setup.
    Game(ParsedRecord<'a>),
    /// Text around games, with its diagnostics.
    Around(Record<'a>),
}

/// A game of a text read with its setup (see [`Record::parse`]).
pub struct ParsedRecord<'a> {
    /// Its number in the text (from 1).
    pub number: usize,
    /// The game, spans into its chunk's text.
    pub game: ParsedGame,
    /// Its syntax diagnostics.
    pub syntax: Vec<Diagnostic>,
    /// Where its chunk starts in the text.
    pub start: TextStart,
    /// Its chunk's text.
    pub decoded: &'a Decoded,
    /// Whether it is its chunk's last record.
    pub last_of_chunk: bool,
    /// Lines and columns of its diagnostics.
    pub locate: &'a mut Locate,
}

impl ParsedRecord<'_> {
    /// The errors of the encoding and of the syntax of the game (those of the encoding that
    /// start inside it): a game with any is not written again (for the app, or canonically),
    /// since its tree may not hold all its text says.
    pub fn syntax_errors(&self) -> Vec<Diagnostic> {
        let game = self.game.syntax();
        let mut problems = ctl_pgn::app::syntax_errors(self.decoded.notes_within(game.span), game);
        problems.extend(self.syntax.iter().filter(|d| d.is_error()).cloned());
        problems
    }

    /// `diagnostics` (chunk offsets) as JSON, each with its game and ply in the text.
    pub fn json(&mut self, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic> {
        let context = in_game(self.game.syntax(), Some(self.number));
        self.locate.json(self.decoded.shown(), diagnostics, context)
    }
}

/// Lines and columns of the diagnostics of a chunk, record after record: each record's stretch
/// of the text is indexed on its own, counted on from where the previous record's was, so that a
/// chunk of many records (a flood of games without tags) is counted once instead of once per
/// record.
pub struct Locate {
    /// Where the chunk starts in the text.
    chunk: TextStart,
    /// The chunk offset counted up to, and where it is in the text.
    at: usize,
    at_start: TextStart,
    json: JsonOptions,
}

/// The spans of `diagnostics` and of their labels.
fn spans(diagnostics: &[Diagnostic]) -> impl Iterator<Item = Span> + '_ {
    diagnostics.iter().flat_map(|d| std::iter::once(d.span).chain(d.labels.iter().map(|l| l.span)))
}

impl Locate {
    /// Lines and columns in the chunk that starts at `chunk`, given as `json` says.
    pub fn new(chunk: TextStart, json: JsonOptions) -> Locate {
        Locate { chunk, at: 0, at_start: chunk, json }
    }

    /// The stretch `span` of the chunk (chunk offsets, widened to take every span of
    /// `diagnostics` too), indexed: what locates the diagnostics of one record.
    pub fn stretch<'s>(
        &mut self,
        shown: &'s str,
        span: Span,
        diagnostics: &[Diagnostic],
    ) -> Stretch<'s, '_> {
        let window = self.window(shown, span, diagnostics);
        Stretch {
            index: LineIndex::at(&shown[window.text], window.start),
            chunk: self.chunk.offset,
            json: &self.json,
        }
    }

    /// The stretch `span` of the chunk (chunk offsets, widened to take every span of
    /// `diagnostics` too) and where it starts in the text: what a renderer of the diagnostics of
    /// one record reads instead of the whole chunk.
    pub fn window(&mut self, shown: &str, span: Span, diagnostics: &[Diagnostic]) -> Window {
        let from = spans(diagnostics).map(|s| s.start).fold(span.start, usize::min);
        let to = spans(diagnostics).map(|s| s.end.max(s.start)).fold(span.end, usize::max);
        let bytes = shown.as_bytes();
        // Neither end between the `\r` and the `\n` of a line break (a `\r` alone is one), nor
        // inside a character.
        let inside_crlf =
            |at: usize| at > 0 && bytes[at - 1] == b'\r' && bytes.get(at) == Some(&b'\n');
        let mut from = from.min(shown.len());
        if inside_crlf(from) {
            from -= 1;
        }
        while !shown.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = to.clamp(from, shown.len());
        if inside_crlf(to) {
            to += 1;
        }
        while !shown.is_char_boundary(to) {
            to += 1;
        }
        if from < self.at {
            (self.at, self.at_start) = (0, self.chunk);
        }
        self.at_start = self.at_start.after(&bytes[self.at..from]);
        self.at = from;
        Window { text: from..to, start: self.at_start }
    }

    /// `diagnostics` (chunk offsets) as [`Stretch::json`] gives them, located in the stretch
    /// they cover.
    pub fn json(
        &mut self,
        shown: &str,
        diagnostics: &[Diagnostic],
        context: impl Fn(&Diagnostic) -> Context,
    ) -> Vec<JsonDiagnostic> {
        let Some(first) = diagnostics.first() else {
            return Vec::new();
        };
        let stretch = self.stretch(shown, first.span, diagnostics);
        diagnostics.iter().map(|d| stretch.json(d, context(d))).collect()
    }
}

/// A stretch of a chunk (see [`Locate::window`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window {
    /// Its bytes in the chunk's text.
    pub text: std::ops::Range<usize>,
    /// Where it starts in the whole text.
    pub start: TextStart,
}

/// One stretch of a chunk, indexed (see [`Locate::stretch`]).
pub struct Stretch<'s, 'j> {
    index: LineIndex<'s>,
    /// Where the chunk starts in the text.
    chunk: usize,
    json: &'j JsonOptions,
}

impl Stretch<'_, '_> {
    /// `d` (chunk offsets, inside the stretch) as an entry of `cescacs check --format json` for
    /// the text, in `context`.
    pub fn json(&self, d: &Diagnostic, context: Context) -> JsonDiagnostic {
        let located = d.clone().shifted(self.chunk);
        JsonDiagnostic::new(&located, context, &self.json.uri, &self.index, self.json.encoding)
    }
}

/// The game and ply of a diagnostic of `game`, game `number` of its text (`None`: text around
/// games, which has neither), as `cescacs check --format json` gives them.
pub fn in_game(game: &Game, number: Option<usize>) -> impl Fn(&Diagnostic) -> Context + use<> {
    let mut plies = Locator::default();
    if number.is_some() {
        plies.push(game);
    }
    move |d| {
        let mut context = plies.context(d.span);
        context.game = context.game.and(number);
        context
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Record after record, each located from where the last one was (and once from further
    /// back), the positions are those of one index of the whole chunk: CR, LF and CRLF line
    /// ends, wide characters, a chunk that starts inside its text's line.
    #[test]
    fn records_are_located_as_one_index_of_the_chunk_locates_them() {
        let shown = "1. E7-E13 {é𝄞}\r\n2. F8-F12\r3. …\n".repeat(500);
        let start = TextStart::default().after("[Variant \"C'escacs\"]\r\n{é} ".as_bytes());
        let whole = LineIndex::at(&shown, start);
        let boundaries: Vec<usize> = shown.char_indices().map(|(i, _)| i).collect();
        let mut locate = Locate::new(start, JsonOptions::default());
        for (k, w) in boundaries.windows(3).enumerate().step_by(5) {
            let (at, end) = if k == 4_000 { (w[0] / 2, w[2]) } else { (w[0], w[2]) };
            let d = Diagnostic::error("E0204", Span::new(at, end), "here")
                .with_label(Span::new(w[1], w[2]), "and there");
            let located = locate.json(&shown, std::slice::from_ref(&d), |_| Context::default());
            // Counted up to the diagnostic (a `\r\n` whole), so that the next goes on from there.
            assert!(locate.at <= at && at - locate.at <= 3, "counted up to {}", locate.at);
            let d = d.shifted(start.offset);
            let expected =
                JsonDiagnostic::new(&d, Context::default(), URI, &whole, PositionEncoding::Utf16);
            assert_eq!(located, [expected], "at {at}");
        }
    }
}
