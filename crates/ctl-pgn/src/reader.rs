//! Reading games from any [`Read`], one at a time, with memory bounded by the largest game.
//!
//! The stream is split at `[Variant` tags ([`GameSplitter`]); each chunk is decoded (invalid UTF-8
//! becomes spaces and `E0001`, [`decode`](crate::decode)), parsed and set up on its own, so a broken
//! game never affects the next one.
//!
//! Memory: the reader holds the bytes of the chunk being split (one game, from its `[Variant` tag
//! to the next one) in a read buffer of 64 KiB, which grows only for a game that does not fit
//! in half of it; the games of a chunk (a chunk holds more than one
//! record only when a record without tags follows a game) are handed out before the next chunk is
//! read. A file of any size is read with memory bounded by its largest game, as long as the caller
//! does not keep the [`ReadGame`]s.

use std::io::{self, Read};

use cescacs_diagnostics::Diagnostic;
use ctl_an::Limits;

use crate::decode::decode;
use crate::model::Game;
use crate::parsed::ParsedGame;
use crate::split::GameSplitter;

/// Where a chunk of a stream starts: its byte offset, its line, and the columns before it on that
/// line, so that positions inside the chunk can be given as positions in the whole stream
/// without the text before it.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (as in LSP); columns count the stream as people see
/// it: a UTF-8 byte order mark at offset 0 is not a column, an invalid UTF-8 byte is one column
/// (it is shown as `?`).
///
/// ```
/// use ctl_pgn::reader::TextStart;
/// let first = "[Variant \"C'escacs\"]\n1. E7-E13: * {Moià} ";
/// let next = TextStart::default().after(first.as_bytes());
/// assert_eq!((next.offset, next.line), (first.len(), 1));
/// // `Moià` has one 2-byte character: 21 bytes, 20 characters after the line break.
/// assert_eq!((next.utf8, next.utf16, next.chars), (21, 20, 20));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TextStart {
    /// Byte offset in the stream.
    pub offset: usize,
    /// 0-based line.
    pub line: usize,
    /// Columns before it on its line, in UTF-8 bytes.
    pub utf8: usize,
    /// The same in UTF-16 code units.
    pub utf16: usize,
    /// The same in Unicode characters.
    pub chars: usize,
}

impl TextStart {
    /// Where the text after `bytes` starts, `bytes` being the stream's bytes from `self` on.
    ///
    /// A chunk must not end between the `\r` and the `\n` of a line break (chunks made by
    /// [`GameSplitter`] start with `[`).
    pub fn after(self, bytes: &[u8]) -> TextStart {
        let mut next = TextStart { offset: self.offset + bytes.len(), ..self };
        let counted = if self.offset == 0 { bytes.strip_prefix(b"\xEF\xBB\xBF") } else { None };
        let counted = counted.unwrap_or(bytes);
        // Counting the `\n`s is one vector pass; `\r`s, rare, are then looked at one by one.
        next.line += memchr::memchr_iter(b'\n', counted).count();
        if memchr::memchr(b'\r', counted).is_some() {
            // A lone `\r` is a line break; in `\r\n` the `\n` already counted it.
            next.line += memchr::memchr_iter(b'\r', counted)
                .filter(|&at| counted.get(at + 1) != Some(&b'\n'))
                .count();
        }
        let tail = match memchr::memrchr2(b'\n', b'\r', counted) {
            Some(at) => {
                (next.utf8, next.utf16, next.chars) = (0, 0, 0);
                &counted[at + 1..]
            }
            None => counted,
        };
        if tail.is_ascii() {
            next.utf8 += tail.len();
            next.utf16 += tail.len();
            next.chars += tail.len();
            return next;
        }
        for chunk in tail.utf8_chunks() {
            let valid = chunk.valid();
            next.utf8 += valid.len();
            next.utf16 += valid.chars().map(char::len_utf16).sum::<usize>();
            next.chars += valid.chars().count();
            // Each invalid byte is shown as one `?`.
            let invalid = chunk.invalid().len();
            next.utf8 += invalid;
            next.utf16 += invalid;
            next.chars += invalid;
        }
        next
    }
}

/// One game of a stream, with what its reader found: the game model ([`Game`], what [`Reader`]
/// and [`read_str`] give), or the parsed record ([`ParsedGame`], what
/// [`LazyGame::read`](crate::LazyGame::read) gives, for checking).
///
/// The game's spans point into [`text`](ReadGame::text); add [`offset`](ReadGame::offset) to
/// get stream offsets. The diagnostics already are stream offsets.
#[derive(Debug, Clone)]
pub struct ReadGame<G = Game> {
    /// Stream offset of the first byte of `text`.
    pub offset: usize,
    /// Where `text` starts in the stream (its offset, line and column), for positions.
    pub start: TextStart,
    /// The game's text (invalid UTF-8 replaced by spaces, same length as the bytes).
    pub text: String,
    /// The game.
    pub game: G,
    /// Encoding and syntax diagnostics, in stream offsets, sorted.
    pub diagnostics: Vec<Diagnostic>,
}

impl<G> ReadGame<G> {
    /// Whether the reader found something that keeps the game from being written again
    /// (`cescacs fmt` leaves a text with any such untouched): an error of the encoding or of
    /// the syntax, or prose around games ([`crate::write::unwritable`]).
    pub fn unwritable(&self) -> bool {
        self.diagnostics.iter().any(crate::write::blocks_writing)
    }

    /// The same read with the game made into another form.
    fn map<H>(self, f: impl FnOnce(G) -> H) -> ReadGame<H> {
        let ReadGame { offset, start, text, game, diagnostics } = self;
        ReadGame { offset, start, text, game: f(game), diagnostics }
    }
}

/// A chunk of a stream as [`GameSplitter`] cuts it: the bytes of one game (from its `[Variant`
/// tag to the next one) and where they start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamChunk {
    /// Where the bytes start in the stream.
    pub start: TextStart,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// The chunks of a stream, one game each, with their [`TextStart`]s.
///
/// ```
/// use ctl_pgn::reader::Chunks;
/// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7-E12: *\n";
/// let chunks: Vec<_> = Chunks::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(chunks.len(), 2);
/// assert_eq!((chunks[1].start.offset, chunks[1].start.line), (34, 1));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Chunks<R> {
    splitter: GameSplitter<R>,
    next: TextStart,
    /// Whether a chunk with more than white space was handed out, or the empty chunk that stands
    /// for a stream without any (see [`Chunks::next`]).
    content: bool,
}

impl<R: Read> Chunks<R> {
    /// The chunks of `input` (buffered by the splitter: no [`BufReader`](std::io::BufReader) is
    /// needed).
    pub fn new(input: R) -> Chunks<R> {
        Chunks { splitter: GameSplitter::new(input), next: TextStart::default(), content: false }
    }
}

impl<R: Read> Chunks<R> {
    /// Appends the bytes of the next chunk to `out`, which may already hold other chunks (no
    /// vector of its own): where the chunk starts, or `None` at the end. The same chunks as the
    /// iterator's, whose vectors are filled this way. After an error `out` may hold bytes that
    /// belong to no chunk.
    ///
    /// ```
    /// use ctl_pgn::reader::Chunks;
    /// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7-E12: *\n";
    /// let mut chunks = Chunks::new(file.as_bytes());
    /// let mut bytes = Vec::new();
    /// assert_eq!(chunks.next_into(&mut bytes).unwrap()?.offset, 0);
    /// let second = chunks.next_into(&mut bytes).unwrap()?;
    /// assert_eq!((second.offset, second.line), (34, 1));
    /// assert!(chunks.next_into(&mut bytes).is_none());
    /// assert_eq!(bytes, file.as_bytes());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_into(&mut self, out: &mut Vec<u8>) -> Option<io::Result<TextStart>> {
        let before = out.len();
        let offset = match self.splitter.next_into(out) {
            Some(Ok(offset)) => offset,
            Some(Err(e)) => return Some(Err(e)),
            None if self.content => return None,
            None => {
                self.content = true;
                return Some(Ok(self.next));
            }
        };
        let bytes = &out[before..];
        self.content |= !bytes.trim_ascii().is_empty();
        if usize::try_from(offset).ok() != Some(self.next.offset) {
            return Some(Err(io::Error::other("stream offset beyond the address space")));
        }
        let start = self.next;
        // Bytes that are not text (from the stream's start, or after games) are one chunk,
        // which decode reports once as `E0002`: the rest is read (to its end, to be counted)
        // but not handed out, so that the `[Variant` a program may hold does not make games of
        // its bytes, each with its own `E0002`. After the first chunk only a chunk with a NUL
        // byte is looked at closely (a text game has none; `memchr` costs little).
        let suspect = offset == 0 || memchr::memchr(0, bytes).is_some();
        if suspect && crate::decode::not_text(bytes).is_some() {
            let mut end = start.after(bytes);
            let mut rest = Vec::new();
            loop {
                rest.clear();
                match self.splitter.next_into(&mut rest) {
                    Some(Ok(_)) => end = end.after(&rest),
                    Some(Err(e)) => return Some(Err(e)),
                    None => break,
                }
            }
            self.next = end;
            return Some(Ok(start));
        }
        self.next = start.after(bytes);
        Some(Ok(start))
    }
}

impl<R: Read> Iterator for Chunks<R> {
    type Item = io::Result<StreamChunk>;

    /// The next chunk. A stream that is empty or only white space ends with one empty chunk at
    /// its end, which [`decode`] reports as `W0002` (no game).
    fn next(&mut self) -> Option<io::Result<StreamChunk>> {
        // Each chunk in a vector of its exact size: a caller that keeps many chunks keeps no
        // more than their bytes.
        let mut bytes = Vec::new();
        let start = self.next_into(&mut bytes)?;
        Some(start.map(|start| StreamChunk { start, bytes }))
    }
}

/// The games of a stream, one at a time, each read into the game model ([`Game`]) with its
/// reader's diagnostics (of the encoding and the syntax; [`Check`](crate::Check) checks): the
/// library's reader of whole games.
///
/// Any [`Read`] will do (a file, standard input, a byte slice); the reader buffers it. Memory is
/// bounded by the largest game (see the module documentation).
///
/// ```
/// use ctl_pgn::Reader;
/// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7-E12: *\n";
/// let games: Vec<_> = Reader::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert!(games[0].diagnostics.is_empty());
/// assert_eq!(games[0].game.main_line().count(), 1);
/// // E12 does not exist; the span is an offset into the whole stream.
/// assert_eq!(games[1].diagnostics[0].span.start, file.rfind("E12").unwrap());
/// assert_eq!(games[1].start.line, 1);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    chunks: Chunks<R>,
    limits: Limits,
    pending: std::collections::VecDeque<ReadGame<ParsedGame>>,
}

impl<R: Read> Reader<R> {
    /// A reader over `input`, with the default [`Limits`].
    pub fn new(input: R) -> Reader<R> {
        Reader::with_limits(input, &Limits::DEFAULT)
    }

    /// A reader over `input` that reads each game within `limits`.
    ///
    /// ```
    /// use ctl_an::Limits;
    /// use ctl_pgn::Reader;
    /// let file = "[Variant \"C'escacs\"] 1. E7-E13 ((F8-F12)): *\n";
    /// let limits = Limits { nesting: 1, ..Limits::default() };
    /// let game = Reader::with_limits(file.as_bytes(), &limits).next().unwrap()?;
    /// assert_eq!(game.diagnostics[0].code, "E0221");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn with_limits(input: R, limits: &Limits) -> Reader<R> {
        Reader { chunks: Chunks::new(input), limits: *limits, pending: Default::default() }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = io::Result<ReadGame>;

    fn next(&mut self) -> Option<io::Result<ReadGame>> {
        loop {
            if let Some(g) = self.pending.pop_front() {
                return Some(Ok(g.map(Game::from)));
            }
            match self.chunks.next()? {
                Ok(chunk) => self.pending.extend(read_chunk_with(chunk, &self.limits)),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// Reads every game of a whole text (for files already in memory) into the game model, as
/// [`Reader`] does.
///
/// ```
/// let games = ctl_pgn::read_str("[Variant \"C'escacs\"] 1. E7-E13: *\n");
/// assert_eq!(games.len(), 1);
/// assert_eq!(games[0].game.main_line().count(), 1);
/// ```
pub fn read_str(text: &str) -> Vec<ReadGame> {
    // Reading from memory cannot fail.
    Reader::new(text.as_bytes()).filter_map(Result::ok).collect()
}

/// The games of one chunk of a stream, parsed within `limits` (a chunk may hold a record
/// without tags after a game): what [`Reader`] and [`LazyReader`](crate::LazyReader) read a
/// chunk into.
pub(crate) fn read_chunk_with(chunk: StreamChunk, limits: &Limits) -> Vec<ReadGame<ParsedGame>> {
    let StreamChunk { start, bytes } = chunk;
    let offset = start.offset;
    let decoded = decode(bytes);
    let mut encoding = decoded.diagnostics.into_iter().map(|d| d.shifted(offset)).peekable();
    let text = decoded.text;
    let parsed: Vec<_> = ctl_an::games_with(&text, limits).collect();
    let n = parsed.len();
    let mut out = Vec::with_capacity(n);
    for (i, g) in parsed.into_iter().enumerate() {
        let mut game = ParsedGame::new(g.game, &text);
        game.set_syntax_errors(&g.diagnostics);
        let mut diagnostics: Vec<Diagnostic> =
            g.diagnostics.into_iter().map(|d| d.shifted(offset)).collect();
        let end = game.span().end + offset;
        while let Some(d) = encoding.next_if(|d| i + 1 == n || d.span.start <= end) {
            diagnostics.push(d);
        }
        Diagnostic::sort(&mut diagnostics);
        out.push(ReadGame { offset, start, text: text.clone(), game, diagnostics });
    }
    if out.is_empty() {
        let diagnostics: Vec<Diagnostic> = encoding.collect();
        if !diagnostics.is_empty() {
            let game = ParsedGame::new(ctl_an::syntax::Record::default(), &text);
            out.push(ReadGame { offset, start, text, game, diagnostics });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start of every suffix, computed by walking the whole text, agrees with
    /// [`TextStart::after`] over chunks.
    #[test]
    fn starts_add_up_over_chunks() {
        let text =
            b"\xEF\xBB\xBFab\r\ncd\xFF\xFE\xE2\x80\xA8e\rf\xE2\x88\x9E\n\ngh\xF0\x9F\xA9\x90i";
        let whole = TextStart::default().after(text);
        for cut in 0..=text.len() {
            // Chunks start with `[`: never between `\r` and `\n`, never inside a character.
            let inside = text.get(cut).is_some_and(|&b| (0x80..0xC0).contains(&b));
            if inside || cut > 0 && text[cut - 1] == b'\r' && text.get(cut) == Some(&b'\n') {
                continue;
            }
            let first = TextStart::default().after(&text[..cut]);
            assert_eq!(first.after(&text[cut..]), whole, "cut at {cut}");
        }
        assert_eq!(whole.line, 4);
        // `gh`, a 4-byte FAN symbol (2 UTF-16 units), `i`.
        assert_eq!((whole.utf8, whole.utf16, whole.chars), (7, 5, 4));
    }

    /// A reader that hands out 1 to 7 bytes a read, in turn.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 += 1;
            let n = (1 + self.1 % 7).min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn chunks_from_tiny_reads_are_the_chunks_of_the_whole_text() {
        let game = b"[Variant \"C'escacs\"]\r\n[Event \"Moi\xC3\xA0 \xFF\"]\r\n1. E7\xE2\x80\x90E13 {\xE2\x88\x9E\r\xE2}: *\r\n";
        let mut text = b"\xEF\xBB\xBF".to_vec();
        for n in 0..40 {
            text.extend_from_slice(game);
            // Some games longer than the splitter's buffer.
            if n % 10 == 0 {
                text.extend(std::iter::repeat_n(b'x', 70_000));
                text.push(b'\r');
            }
        }
        let whole: Vec<StreamChunk> = Chunks::new(&text[..]).collect::<io::Result<_>>().unwrap();
        let trickled: Vec<StreamChunk> =
            Chunks::new(Trickle(&text, 0)).collect::<io::Result<_>>().unwrap();
        assert_eq!(trickled, whole);
        assert_eq!(whole.len(), 41, "the BOM is a chunk of its own");
        let mut at = 0;
        for chunk in &whole {
            assert_eq!(chunk.start.offset, at);
            assert_eq!(chunk.start, TextStart::default().after(&text[..at]));
            at += chunk.bytes.len();
        }
        assert_eq!(at, text.len());
        // Four line breaks a game (one a lone `\r`), and one after each long run of `x`.
        assert_eq!(whole[40].start.line, 39 * 4 + 4);
    }

    #[test]
    fn a_bom_is_not_a_column() {
        let start = TextStart::default().after(b"\xEF\xBB\xBFab");
        assert_eq!((start.offset, start.utf8, start.chars), (5, 2, 2));
    }
}
