//! Games read only as far as they are used: a stream's games for a caller that walks their
//! positions or looks at their tags, and needs each game's syntax tree only now and then (the
//! Python module's `read_games`).
//!
//! [`LazyReader`] cuts a stream as [`Reader`](crate::Reader) does and gives the same games,
//! in the same order, but a game that the scanner ([`ctl_an::scan`]) reads whole is handed out
//! as its text alone: no tree is built until [`LazyGame::read`] asks for one. Its main line is
//! replayed straight from the scanner's events ([`LazyGame::main_line`]), by the same replay
//! that [`ParsedGame::main_line`](crate::ParsedGame::main_line) runs on the tree, so the positions are the
//! same by construction. A game the scanner does not read whole (a syntax error, an encoding
//! problem, a form it leaves to the full reader, text around games) is read the full way at
//! once, as the `Reader` reads it, into a [`ParsedGame`] (what the checker and the replay take;
//! [`Reader`](crate::Reader) gives the game model instead).
//!
//! ```
//! use ctl_pgn::{Level, LazyReader, Reader};
//! let file = "[Variant \"C'escacs\"]\n[White \"Puig\"]\n1. E7-E13, E21-E15: *\n\
//!             [Variant \"C'escacs\"]\n1. E7-E13,, E21-E15: *\n";
//! let lazy: Vec<_> = LazyReader::new(file.as_bytes()).collect::<Result<_, _>>()?;
//! let full: Vec<_> = Reader::new(file.as_bytes()).collect::<Result<_, _>>()?;
//! assert_eq!(lazy.len(), full.len());
//! // The first game is clean: the scanner read it, and its positions need no tree.
//! assert!(lazy[0].scanned());
//! let line = lazy[0].main_line(Level::Rules);
//! assert_eq!(line.positions.last(), full[0].game.root().end().position().as_ref());
//! assert_eq!(line.positions, lazy[0].read().game.main_line(Level::Rules).positions);
//! assert_eq!(lazy[0].tags()[1].value, "Puig");
//! // The second has a typo: it was read the full way, with the reader's diagnostics.
//! assert!(!lazy[1].scanned());
//! assert_eq!(lazy[1].read().diagnostics, full[1].diagnostics);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::OnceLock;

use cescacs_diagnostics::Span;
use ctl_an::Limits;
use ctl_an::scan::{self, Flow, TagEvent, Visitor};
use ctl_an::syntax::{GameResult, Spanned, Tag};

use crate::decode::as_plain_text;
use crate::parsed::ParsedGame;
use crate::reader::{Chunks, ReadGame, StreamChunk, TextStart, read_chunk_with};
use crate::replay::{MainLine, Observer, Replay, ReplayOptions, Trail};
use crate::validate::{Level, fast};

/// The games of a stream, one at a time, each read only as far as it is used: see the module
/// documentation. The same games as [`Reader`](crate::Reader)'s, with memory bounded the same
/// way.
#[derive(Debug)]
pub struct LazyReader<R> {
    chunks: Chunks<R>,
    limits: Limits,
    /// The games of the last chunk, not yet handed out.
    pending: VecDeque<LazyGame>,
}

impl<R: Read> LazyReader<R> {
    /// A reader over `input`, with the default [`Limits`].
    pub fn new(input: R) -> LazyReader<R> {
        LazyReader::with_limits(input, &Limits::DEFAULT)
    }

    /// A reader over `input` that reads each game within `limits`.
    pub fn with_limits(input: R, limits: &Limits) -> LazyReader<R> {
        LazyReader { chunks: Chunks::new(input), limits: *limits, pending: VecDeque::new() }
    }
}

impl<R: Read> Iterator for LazyReader<R> {
    type Item = io::Result<LazyGame>;

    fn next(&mut self) -> Option<io::Result<LazyGame>> {
        loop {
            if let Some(game) = self.pending.pop_front() {
                return Some(Ok(game));
            }
            let chunk = match self.chunks.next()? {
                Ok(chunk) => chunk,
                Err(e) => return Some(Err(e)),
            };
            self.pending.extend(read_chunk(chunk, &self.limits));
        }
    }
}

/// The games of one chunk of a stream ([`crate::reader::Chunks`]), read as [`LazyReader`]
/// reads them, within `limits`: for a caller that reads the chunks of a stream on many threads
/// (as [`crate::Check::chunk`] checks them). A chunk read the full way may give a record
/// without tags or moves (text around games, kept for its diagnostics).
pub fn read_chunk(chunk: StreamChunk, limits: &Limits) -> Vec<LazyGame> {
    if as_plain_text(&chunk.bytes).is_some_and(|text| whole_game(text, limits)) {
        return vec![LazyGame {
            start: chunk.start,
            scanned: Some(chunk.bytes),
            read: OnceLock::new(),
            limits: *limits,
        }];
    }
    read_chunk_with(chunk, limits)
        .into_iter()
        .map(|read| LazyGame::from_read(read, *limits))
        .collect()
}

/// Whether the scanner reads `text` whole: then the full reader gives exactly one game and no
/// diagnostic for it, and the scanner's events are that game's tree ([`ctl_an::scan`]).
fn whole_game(text: &str, limits: &Limits) -> bool {
    struct Nothing;
    impl Visitor for Nothing {}
    scan::game(text, limits, &mut Nothing).is_ok()
}

/// One game of a stream, read only as far as it is used (see the module documentation).
#[derive(Debug)]
pub struct LazyGame {
    start: TextStart,
    /// The game's bytes, when the scanner read them whole (plain UTF-8: see
    /// [`LazyGame::scanned_text`]).
    scanned: Option<Vec<u8>>,
    /// The game read the full way: at once when the scanner could not read it, on demand
    /// otherwise.
    read: OnceLock<ReadGame<ParsedGame>>,
    limits: Limits,
}

impl LazyGame {
    /// A game read the full way.
    fn from_read(read: ReadGame<ParsedGame>, limits: Limits) -> LazyGame {
        LazyGame { start: read.start, scanned: None, read: OnceLock::from(read), limits }
    }

    /// Where the game's text starts in the stream (its offset, line and column).
    pub fn start(&self) -> TextStart {
        self.start
    }

    /// The game's text: the chunk of the stream it was read from (a chunk may hold text
    /// around a game read the full way, or several records; see [`ReadGame::text`]).
    pub fn text(&self) -> &str {
        match self.scanned_text() {
            Some(text) => text,
            None => &self.read().text,
        }
    }

    /// The text of a game the scanner read whole. Its bytes are kept as they came and checked
    /// as UTF-8 again when used, by the SIMD check of [`as_plain_text`]: the only safe way to
    /// make them a `String`, [`String::from_utf8`], checks them again with a slower one.
    fn scanned_text(&self) -> Option<&str> {
        self.scanned.as_deref().and_then(as_plain_text)
    }

    /// Whether the scanner read the game whole: then the reader has nothing to report in it,
    /// and its main line and tags come without a syntax tree.
    pub fn scanned(&self) -> bool {
        self.scanned.is_some()
    }

    /// The game as [`Reader`](crate::Reader) gives it, with its syntax tree and the reader's
    /// diagnostics: built on the first call for a game the scanner read.
    pub fn read(&self) -> &ReadGame<ParsedGame> {
        self.read.get_or_init(|| self.read_now())
    }

    /// The game as [`Reader`](crate::Reader) gives it (see [`LazyGame::read`]).
    pub fn into_read(mut self) -> ReadGame<ParsedGame> {
        match self.read.take() {
            Some(read) => read,
            None => self.read_now(),
        }
    }

    /// The scanned game read the full way.
    fn read_now(&self) -> ReadGame<ParsedGame> {
        let bytes = self.scanned.clone().unwrap_or_default();
        let chunk = StreamChunk { start: self.start, bytes };
        // The scanner read it whole: the full reader gives exactly one game.
        read_chunk_with(chunk, &self.limits).into_iter().next().unwrap_or_else(|| ReadGame {
            offset: self.start.offset,
            start: self.start,
            game: crate::ParsedGame::new(ctl_an::syntax::Record::default(), ""),
            text: String::new(),
            diagnostics: Vec::new(),
        })
    }

    /// The tags in file order, as the syntax tree holds them (spans into [`LazyGame::text`]).
    pub fn tags(&self) -> Vec<Tag> {
        match (self.scanned_text(), self.read.get()) {
            (Some(text), None) => {
                let mut tags = Tags(Vec::new());
                // The scan stops at the movetext, which answers `Fallback`: the tags are whole.
                let _ = scan::game(text, &self.limits, &mut tags);
                tags.0
            }
            _ => self.read().game.tags().to_vec(),
        }
    }

    /// The result: the result line, or the `Result` tag when the line has none
    /// ([`ParsedGame::result`](crate::ParsedGame::result)), read by the scanner when its tree
    /// has not been built.
    ///
    /// ```
    /// use ctl_pgn::LazyReader;
    /// let file = "[Variant \"C'escacs\"] [Result \"*\"]\n1. E7-E13, E21-E15: 1-1\n";
    /// let game = LazyReader::new(file.as_bytes()).next().unwrap()?;
    /// assert_eq!(game.result().map(|r| r.as_str()), Some("1-1")); // the line's
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn result(&self) -> Option<GameResult> {
        if let (Some(text), None) = (self.scanned_text(), self.read.get()) {
            let mut found = Found::default();
            if scan::game(text, &self.limits, &mut found).is_ok() {
                let tag = found.tag.as_deref().and_then(GameResult::from_text);
                return found.line.or(tag);
            }
        }
        self.read().game.result()
    }

    /// Replays the game with `observer`: [`ParsedGame::replay`](crate::ParsedGame::replay) of
    /// the game, fed by the scanner's events when its tree has not been built (the same replay,
    /// so the observer is told the same). An observer that has seen enough
    /// ([`Observer::enough`]) stops it there, on either path.
    pub fn replay<O: Observer + Clone>(&self, options: ReplayOptions, observer: O) -> O {
        if let (Some(text), None) = (self.scanned_text(), self.read.get()) {
            let mut replay = Replay::new(text, options, observer.clone());
            let done = fast::replay_scanned(text, &self.limits, &mut replay).is_some();
            let seen = replay.into_observer();
            if done || seen.enough() {
                return seen;
            }
        }
        self.read().game.replay(options, observer)
    }

    /// The main line replayed at `level`: [`ParsedGame::main_line`](crate::ParsedGame::main_line) of the
    /// game, replayed from the scanner's events when its tree has not been built.
    ///
    /// ```
    /// use ctl_pgn::{Level, LazyReader};
    /// let file = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
    /// let game = LazyReader::new(file.as_bytes()).next().unwrap()?;
    /// let line = game.main_line(Level::Rules);
    /// // The Elephant cannot go three hexes: the line stops there.
    /// assert_eq!((line.positions.len(), line.error.unwrap().code), (3, "E0501"));
    /// assert_eq!(game.main_line(Level::Coherence).positions.len(), 4);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn main_line(&self, level: Level) -> MainLine {
        if let (Some(text), None) = (self.scanned_text(), self.read.get()) {
            let mut replay = Replay::new(text, ReplayOptions::main_line(level), Trail::default());
            if fast::replay_scanned(text, &self.limits, &mut replay).is_some() {
                return replay.into_observer().into_main_line();
            }
        }
        self.read().game.main_line(level)
    }
}

/// What [`LazyGame::result`] looks for: the `Result` tag's value and the result line.
#[derive(Default)]
struct Found {
    tag: Option<String>,
    line: Option<GameResult>,
}

impl Visitor for Found {
    fn tag(&mut self, t: TagEvent<'_>) -> Flow {
        if self.tag.is_none() && t.name == "Result" {
            self.tag = Some(t.value.to_string());
        }
        Flow::Continue
    }

    fn result(&mut self, result: Spanned<GameResult>) -> Flow {
        self.line = Some(result.value);
        Flow::Continue
    }
}

/// The tags of a game, from the scanner's events.
struct Tags(Vec<Tag>);

impl Visitor for Tags {
    fn tag(&mut self, t: TagEvent<'_>) -> Flow {
        self.0.push(Tag {
            span: t.span,
            name: t.name.to_string(),
            name_span: t.name_span,
            value: t.value.to_string(),
            value_span: t.value_span,
        });
        Flow::Continue
    }

    fn movetext(&mut self, _span: Span) -> Flow {
        Flow::Fallback
    }
}
