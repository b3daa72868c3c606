//! Reading games from any [`BufRead`], one at a time, with memory bounded by the largest game.
//!
//! The stream is split at `[Variant` tags ([`GameSplitter`]); each piece is decoded (invalid UTF-8
//! becomes spaces and `E0001`, [`decode`](crate::decode)), parsed and set up on its own, so a broken
//! game never affects the next one.

use std::io::{self, BufRead};

use cescacs_board::Diagnostic;

use crate::decode::decode;
use crate::game::Game;
use crate::split::GameSplitter;
use crate::validate::{Level, validate};

/// One game of a stream.
///
/// The game's syntax tree has spans into [`text`](ReadGame::text); add
/// [`offset`](ReadGame::offset) to get stream offsets. The diagnostics already are stream offsets.
#[derive(Debug, Clone)]
pub struct ReadGame {
    /// Stream offset of the first byte of `text`.
    pub offset: usize,
    /// The game's text (invalid UTF-8 replaced by spaces, same length as the bytes).
    pub text: String,
    /// The game.
    pub game: Game,
    /// Encoding and syntax diagnostics, in stream offsets, sorted.
    pub diagnostics: Vec<Diagnostic>,
}

impl ReadGame {
    /// The validation diagnostics of the game at `level`, in stream offsets, with the syntax ones.
    pub fn check(&self, level: Level) -> Vec<Diagnostic> {
        let mut all = self.diagnostics.clone();
        all.extend(validate(&self.game, level).into_iter().map(|d| d.shifted(self.offset)));
        all.sort_by_key(|d| (d.span.start, d.span.end));
        all
    }
}

/// The games of a stream, one at a time.
///
/// ```
/// use ctl_pgn::reader::Reader;
/// use ctl_pgn::validate::Level;
/// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7-E12: *\n";
/// let games: Vec<_> = Reader::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert!(games[0].check(Level::Rules).is_empty());
/// // E12 does not exist; the span is an offset into the whole stream.
/// assert_eq!(games[1].diagnostics[0].span.start, file.rfind("E12").unwrap());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    splitter: GameSplitter<R>,
    pending: std::collections::VecDeque<ReadGame>,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader { splitter: GameSplitter::new(input), pending: Default::default() }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<ReadGame>;

    fn next(&mut self) -> Option<io::Result<ReadGame>> {
        loop {
            if let Some(g) = self.pending.pop_front() {
                return Some(Ok(g));
            }
            let raw = match self.splitter.next()? {
                Ok(raw) => raw,
                Err(e) => return Some(Err(e)),
            };
            let Ok(offset) = usize::try_from(raw.offset) else {
                return Some(Err(io::Error::other("stream offset beyond the address space")));
            };
            self.pending.extend(read_piece(raw.bytes, offset));
        }
    }
}

/// Reads every game of a whole text (for files already in memory), as [`Reader`] does.
///
/// ```
/// let games = ctl_pgn::reader::read_str("[Variant \"C'escacs\"] 1. E7-E13: *\n");
/// assert_eq!(games.len(), 1);
/// assert_eq!(games[0].game.movetext().ply_count(), 1);
/// ```
pub fn read_str(text: &str) -> Vec<ReadGame> {
    // Reading from memory cannot fail.
    Reader::new(text.as_bytes()).filter_map(Result::ok).collect()
}

/// The games of one piece of the stream (a piece may hold a record without tags after a game).
fn read_piece(bytes: Vec<u8>, offset: usize) -> Vec<ReadGame> {
    let decoded = decode(bytes);
    let mut encoding = decoded.diagnostics.into_iter().map(|d| d.shifted(offset)).peekable();
    let text = decoded.text;
    let parsed: Vec<_> = ctl_an::games(&text).collect();
    let n = parsed.len();
    let mut out = Vec::with_capacity(n);
    for (i, g) in parsed.into_iter().enumerate() {
        let mut game = Game::new(g.game, &text);
        game.set_syntax_errors(&g.diagnostics);
        let mut diagnostics: Vec<Diagnostic> =
            g.diagnostics.into_iter().map(|d| d.shifted(offset)).collect();
        let end = game.span().end + offset;
        while let Some(d) = encoding.next_if(|d| i + 1 == n || d.span.start <= end) {
            diagnostics.push(d);
        }
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        out.push(ReadGame { offset, text: text.clone(), game, diagnostics });
    }
    if out.is_empty() {
        let diagnostics: Vec<Diagnostic> = encoding.collect();
        if !diagnostics.is_empty() {
            let game = Game::new(ctl_an::syntax::Game::default(), &text);
            out.push(ReadGame { offset, text, game, diagnostics });
        }
    }
    out
}
