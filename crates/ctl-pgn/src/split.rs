//! Splitting a stream of CTL-PGN bytes into games, one at a time, with bounded memory.
//!
//! A game starts at a `[Variant` tag (docs/DECISIONS.md 8), and the splitter cuts only where a
//! line starts with one (after spaces or tabs): a line holding several games is one chunk, which
//! the parser splits. It follows the rule of [`ctl_an::boundary`], which the parser follows too,
//! and that rule makes such a line a game's start whatever comes before it: a tag value ends
//! with its line, and a comment whose `}` is missing ends before the next line that starts with
//! a `[Variant` tag. So the splitter needs no state of comments and tag values: it looks for the
//! word `Variant` (a vector search), and cuts where the word is a `[Variant` tag that starts its
//! line. Every chunk starts where [`ctl_an::games`] starts a game, and one unclosed `{` never
//! swallows the games after it; a test compares the cuts with a byte-by-byte reading of the rule
//! that follows comments and tag values.
//!
//! Speed: the splitter reads into one buffer of its own and hands games out by offset; the bytes
//! of the unfinished game at the end of the buffer move to its front only when the buffer is full
//! (less than a game once per buffer).

use std::io::{self, Read};

use ctl_an::boundary::variant_tag_at;
use memchr::memmem::Finder;

/// The bytes of one game and where they start in the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame {
    /// Byte offset of the first byte of `bytes` in the whole stream.
    pub offset: u64,
    /// The game's bytes: from its `[Variant` tag (or the start of the stream) up to the next game.
    pub bytes: Vec<u8>,
}

/// What a scan of the current game's bytes found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scan {
    /// A new game starts at index `at` (never 0); the bytes before `scanned`, which include
    /// the name of its `[Variant` tag, need no second look.
    GameAt { at: usize, scanned: usize },
    /// Scanning is complete up to this index; the bytes from there on must be looked at again
    /// with more bytes after them (or at the end of the stream).
    UpTo(usize),
}

/// How many bytes the buffer starts with, and how many a read asks for at least: big enough that
/// moving the unfinished game to the front of the buffer costs little, small enough for the
/// caches.
const BUFFER: usize = 64 * 1024;

/// Reads games one at a time from any [`Read`] (it buffers the input itself: a [`BufReader`]
/// around the input is not needed, but does no harm).
///
/// Memory is bounded by the largest game: the buffer holds the game being collected, and grows
/// beyond its initial 64 KiB only for a game that does not fit in half of it.
///
/// [`BufReader`]: std::io::BufReader
///
/// ```
/// use ctl_pgn::split::GameSplitter;
/// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"]\n{ [Variant ] } 1. F8-F12: *\n";
/// let games: Vec<_> = GameSplitter::new(file.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].offset, 34);
/// assert!(games[1].bytes.ends_with(b"F8-F12: *\n"));
/// ```
#[derive(Debug)]
pub struct GameSplitter<R> {
    reader: R,
    /// The search for the name of the `[Variant` tag.
    variant: Finder<'static>,
    /// The buffer: `buffer[start..filled]` are the bytes of the game being collected.
    buffer: Vec<u8>,
    /// Index in `buffer` of the first byte of the game being collected.
    start: usize,
    /// Index in `buffer` up to which the game's bytes are scanned (see [`Scan::UpTo`]).
    scanned: usize,
    /// End of the bytes read into `buffer`.
    filled: usize,
    /// The size the buffer starts with (smaller in tests, to exercise compaction and growth).
    initial: usize,
    /// Stream offset of `buffer[start]`.
    offset: u64,
    /// The most bytes one game may hold ([`ctl_an::GAME_BYTES`] by default).
    max_game: usize,
    /// The reader has reported the end of the stream.
    eof: bool,
    done: bool,
}

impl<R: Read> GameSplitter<R> {
    /// A splitter over `reader`.
    pub fn new(reader: R) -> GameSplitter<R> {
        GameSplitter::with_buffer(reader, BUFFER)
    }

    /// A splitter over `reader` whose games may hold at most `max_game` bytes: a stream with
    /// no game boundary for longer ends in an error of kind `InvalidData` (the splitter gives
    /// nothing after it), so that an endless stream is cut instead of filling memory.
    ///
    /// ```
    /// use ctl_pgn::split::GameSplitter;
    /// let mut games = GameSplitter::with_max_game(std::io::repeat(0), 1 << 20);
    /// let e = games.next().unwrap().unwrap_err();
    /// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    /// assert!(e.to_string().starts_with("no game boundary in 1 MiB"), "{e}");
    /// assert!(games.next().is_none());
    /// ```
    pub fn with_max_game(reader: R, max_game: usize) -> GameSplitter<R> {
        GameSplitter { max_game, ..GameSplitter::with_buffer(reader, BUFFER) }
    }

    /// A splitter whose buffer starts with `initial` bytes (at least one).
    fn with_buffer(reader: R, initial: usize) -> GameSplitter<R> {
        GameSplitter {
            reader,
            variant: Finder::new(VARIANT),
            buffer: Vec::new(),
            start: 0,
            scanned: 0,
            filled: 0,
            initial: initial.max(1),
            offset: 0,
            max_game: ctl_an::GAME_BYTES,
            eof: false,
            done: false,
        }
    }

    /// Reads more bytes after `filled`, making room first: the game being collected moves to
    /// the front of the buffer, which doubles when that game fills more than half of it.
    fn refill(&mut self) -> io::Result<()> {
        if self.filled == self.buffer.len() {
            if self.start > 0 {
                self.buffer.copy_within(self.start..self.filled, 0);
                self.filled -= self.start;
                self.scanned -= self.start;
                self.start = 0;
            }
            if self.filled >= self.buffer.len() / 2 {
                let size = (self.buffer.len() * 2).max(self.initial);
                self.buffer.resize(size, 0);
            }
        }
        loop {
            match self.reader.read(&mut self.buffer[self.filled..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) if n <= self.buffer.len() - self.filled => {
                    self.filled += n;
                    return Ok(());
                }
                Ok(_) => return Err(io::Error::other("the reader returned more bytes than asked")),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Appends the bytes of the next game to `out`, which may already hold other games (no
    /// vector of its own, no allocation once `out` is big enough): the game's offset in the
    /// stream, or `None` at its end. The same games as the iterator's, whose vectors are
    /// filled this way.
    ///
    /// ```
    /// use ctl_pgn::split::GameSplitter;
    /// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. F8-F12: *\n";
    /// let mut games = GameSplitter::new(file.as_bytes());
    /// let mut bytes = Vec::new();
    /// assert_eq!(games.next_into(&mut bytes).unwrap()?, 0);
    /// assert_eq!(games.next_into(&mut bytes).unwrap()?, 34);
    /// assert!(games.next_into(&mut bytes).is_none());
    /// assert_eq!(bytes, file.as_bytes());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_into(&mut self, out: &mut Vec<u8>) -> Option<io::Result<u64>> {
        match self.next_game() {
            Ok(Some(len)) => {
                let offset = self.offset;
                out.extend_from_slice(&self.buffer[self.start..self.start + len]);
                self.start += len;
                self.scanned = self.scanned.max(self.start);
                self.offset += len as u64;
                Some(Ok(offset))
            }
            Ok(None) => None,
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }

    /// The length of the next game, which starts at `buffer[start]`; `None` at the end.
    fn next_game(&mut self) -> io::Result<Option<usize>> {
        if self.done {
            return Ok(None);
        }
        loop {
            let game = &self.buffer[self.start..self.filled];
            match scan(&self.variant, game, self.scanned - self.start, self.eof) {
                Scan::GameAt { at, scanned } => {
                    self.scanned = self.start + scanned;
                    return Ok(Some(at));
                }
                Scan::UpTo(upto) => self.scanned = self.start + upto,
            }
            if self.eof {
                self.done = true;
                let len = self.filled - self.start;
                return Ok((len > 0).then_some(len));
            }
            if self.filled - self.start > self.max_game {
                self.done = true;
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "no game boundary in {} MiB from byte {}: the input is cut there (a game \
                         may hold {} MiB at most; is it a game file, or an endless stream?)",
                        self.max_game >> 20,
                        self.offset,
                        self.max_game >> 20
                    ),
                ));
            }
            self.refill()?;
        }
    }
}

/// The name of the tag that starts a game.
const VARIANT: &[u8] = b"Variant";

/// Scans `game[from..]`, the bytes of the game being collected, for the line that starts the
/// next game. At the end of the stream (`eof`) nothing is left undecided.
fn scan(variant: &Finder<'_>, game: &[u8], from: usize, eof: bool) -> Scan {
    let mut i = from;
    while let Some(k) = variant.find(&game[i..]) {
        let name = i + k;
        i = name + 1;
        // `[`, then spaces or tabs, then the name.
        let blanks = game[..name].iter().rev().take_while(|b| matches!(b, b' ' | b'\t')).count();
        let Some(tag) = (name - blanks).checked_sub(1).filter(|&t| game[t] == b'[') else {
            continue;
        };
        match variant_tag_at(&game[tag..]) {
            Some(true) => {
                if let Some(at) = line_start_before(game, tag) {
                    return Scan::GameAt { at, scanned: i };
                }
            }
            Some(false) => {}
            None if eof => {}
            None => return Scan::UpTo(tag),
        }
    }
    // A name cut by the end of the bytes is looked at again with the bytes after it.
    let whole = if eof { game.len() } else { game.len().saturating_sub(VARIANT.len() - 1) };
    Scan::UpTo(whole.max(i.min(game.len())))
}

/// Where a game whose `[Variant` tag is at `game[at]` may start a chunk: at the start of its
/// line, when only blanks (spaces, tabs) come before the tag on that line, and that line is
/// not the first of the chunk. Chunks then always end with a line break (or the stream), so
/// that no line of the file is split between chunks and every reader measures the same lines
/// ([`ctl_an::Limits::line_bytes`] is a bound on a line of the file, whatever the chunks): a
/// line holding several games is one chunk. One exception: a byte-order mark that starts a
/// chunk (the file's) is a chunk of its own, as it always was, so that the game after it is
/// plain text for the fast path of `check` (the mark is a blank: its line is measured 3 bytes
/// short).
fn line_start_before(game: &[u8], at: usize) -> Option<usize> {
    let blanks = game[..at].iter().rev().take_while(|b| matches!(b, b' ' | b'\t')).count();
    let start = at - blanks;
    let after_bom = start == BOM.len() && game.starts_with(BOM);
    (after_bom || start > 0 && matches!(game[start - 1], b'\n' | b'\r')).then_some(start)
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

impl<R: Read> Iterator for GameSplitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        let mut bytes = Vec::new();
        let offset = self.next_into(&mut bytes)?;
        Some(offset.map(|offset| RawGame { offset, bytes }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ctl_an::boundary::line_starts_game;
    use std::io::BufReader;

    /// A reader that hands out 1 to `most` bytes a read, in turn, and is interrupted now and
    /// then: games, tags, comments and line ends are cut at every place.
    struct Trickle<'a> {
        rest: &'a [u8],
        most: usize,
        reads: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.reads += 1;
            if self.reads % 5 == 0 {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = (1 + self.reads % self.most).min(buf.len()).min(self.rest.len());
            buf[..n].copy_from_slice(&self.rest[..n]);
            self.rest = &self.rest[n..];
            Ok(n)
        }
    }

    /// The games of `text` read in reads of at most `capacity` bytes into a buffer that starts
    /// with `capacity` bytes (so it is compacted and grown all the time).
    fn split(text: &[u8], capacity: usize) -> Vec<(u64, Vec<u8>)> {
        let reader = Trickle { rest: text, most: capacity, reads: 0 };
        GameSplitter::with_buffer(reader, capacity)
            .map(|g| g.map(|g| (g.offset, g.bytes)))
            .collect::<io::Result<_>>()
            .unwrap()
    }

    #[test]
    fn splits_at_variant_tags_whatever_the_buffer_size() {
        let text =
            b"{ intro [Variant x] }\n[Variant \"C'escacs\"] [Title \"a [Variant\"] 1. E7-E13: *\n\
[Variant \"C'escacs\"]\n1. F8-F12: *\n[Variant\t\"C'escacs\"][VariantX \"y\"]";
        let expected = split(text, 1 << 16);
        assert_eq!(expected.len(), 4);
        assert_eq!(expected[0].1, b"{ intro [Variant x] }\n");
        for capacity in 1..24 {
            assert_eq!(split(text, capacity), expected, "reads of at most {capacity} bytes");
        }
        let joined: Vec<u8> = expected.iter().flat_map(|(_, b)| b.clone()).collect();
        assert_eq!(joined, text, "no byte is lost or duplicated");
        for (offset, bytes) in &expected {
            assert_eq!(&text[*offset as usize..*offset as usize + bytes.len()], &bytes[..]);
        }
    }

    #[test]
    fn an_unclosed_comment_ends_before_the_next_game() {
        let text = b"[Variant \"C'escacs\"] { open\n1. E7-E13: *\n  [Variant \"C'escacs\"] { b }\n";
        for capacity in 1..12 {
            let games = split(text, capacity);
            assert_eq!(games.len(), 2, "buffer of {capacity} bytes");
            // The chunk starts with the line, blanks included.
            assert_eq!(games[1].0, 41);
        }
        // Only a line that starts with the tag ends it: not a `[Variant` inside the comment's line.
        let text = b"[Variant \"C'escacs\"] { open [Variant \"x\"]\n\r[Variant \"y\"]";
        let games = split(text, 5);
        assert_eq!(games.iter().map(|g| g.0).collect::<Vec<_>>(), [0, 43]);
    }

    #[test]
    fn a_line_is_never_split_between_chunks() {
        let game = "[Variant \"C'escacs\"] 1. E7-E13: * ";
        let line = game.repeat(50);
        let text = format!("{line}\n{line}\r\n \t{line}\r{game}");
        for capacity in [1, 3, 64, 1 << 16] {
            let games = split(text.as_bytes(), capacity);
            let starts: Vec<u64> = games.iter().map(|g| g.0).collect();
            let second = line.len() as u64 + 1;
            let third = 2 * second + 1;
            assert_eq!(starts, [0, second, third, third + 2 + line.len() as u64 + 1]);
            assert!(games.iter().rev().skip(1).all(|g| matches!(g.1.last(), Some(b'\n' | b'\r'))));
        }
    }

    #[test]
    fn an_unclosed_quote_ends_at_the_line_end() {
        let text = b"[Variant \"C'escacs] 1. E7-E13: *\n[Variant \"C'escacs\"]";
        assert_eq!(split(text, 3).len(), 2);
    }

    #[test]
    fn an_escape_at_the_line_end_does_not_hide_the_next_line() {
        let text = b"[Event \"a\\\n[Variant \"C'escacs\"]\n[Event \"x\r[Variant \"y\"]";
        assert_eq!(split(text, 3).iter().map(|g| g.0).collect::<Vec<_>>(), [0, 11, 42]);
    }

    type ReadBack = (Vec<ctl_an::Span>, Vec<(&'static str, ctl_an::Span)>);

    /// The spans of the games read from the chunks and all their diagnostics, in whole-text
    /// offsets (diagnostics sorted: stray bytes before a game may be filed with either).
    fn read_chunks(text: &str, capacity: usize) -> ReadBack {
        let (mut games, mut diags) = (Vec::new(), Vec::new());
        for (offset, bytes) in split(text.as_bytes(), capacity) {
            let chunk = std::str::from_utf8(&bytes).expect("chunks split at ASCII bytes");
            let at = offset as usize;
            let shift = |s: ctl_an::Span| ctl_an::Span::new(s.start + at, s.end + at);
            for g in ctl_an::games(chunk) {
                if g.game != ctl_an::syntax::Record::default() {
                    games.push(shift(g.game.span));
                }
                diags.extend(g.diagnostics.iter().map(|d| (d.code, shift(d.span))));
            }
        }
        diags.sort_by_key(|d| (d.1.start, d.1.end, d.0));
        (games, diags)
    }

    fn read_whole(text: &str) -> ReadBack {
        let (mut games, mut diags) = (Vec::new(), Vec::new());
        for g in ctl_an::games(text) {
            if g.game != ctl_an::syntax::Record::default() {
                games.push(g.game.span);
            }
            diags.extend(g.diagnostics.iter().map(|d| (d.code, d.span)));
        }
        diags.sort_by_key(|d| (d.1.start, d.1.end, d.0));
        (games, diags)
    }

    #[test]
    fn chunks_read_as_the_whole_text_does() {
        let texts = [
            "[Variant \"C'escacs\"] { open\n1. E7-E13: *\n\n[Variant \"C'escacs\"]\n{ b }\n1. F8-F12: *\n",
            "[Variant \"C'escacs\"]\n1. E7-E13 (1. F8-F12\n[Variant \"C'escacs\"] 1. F8-F12: *",
            "[Variant \"C'escacs\"\n[Event \"x\n1. E7-E13: *\n[ Variant \"C'escacs\"] 1. F8-F12: * [Variant \"C'escacs\"]",
            "{ intro [Variant \"x\"] }\n[Event \"e\"] [Variant \"C'escacs\"] 1. E7-E13: * \"q\n[Variant \"C'escacs\"] 1. F8-F12: *",
            "[Variant \"C'escacs\"] 1. E7-E13: *\r{ a\r[Variant \"C'escacs\"]\r1. F8-F12: *\r",
            "[Variant \"C'escacs\"] 1. E7-E13:\n{ a } } {\n[VariantX \"v\"]\n[Variant1 \"v\"]\n\t[Variant \"C'escacs\"]",
        ];
        for text in texts {
            let whole = read_whole(text);
            for capacity in [1, 2, 3, 7, 64, 1 << 16] {
                assert_eq!(
                    read_chunks(text, capacity),
                    whole,
                    "{text:?} with a buffer of {capacity}"
                );
            }
        }
    }

    /// Where the byte-by-byte reading of the rule is: outside or inside a comment or tag value.
    #[derive(Clone, Copy)]
    enum State {
        Text,
        Comment,
        TagValue,
        TagValueEscape,
    }

    /// Where games start in `text`, by the plainest reading of the rule: one byte at a time,
    /// following comments and tag values, the whole text in memory (what the splitter did
    /// before it searched for the tag's name).
    fn starts_byte_by_byte(text: &[u8]) -> Vec<u64> {
        let (mut starts, mut state, mut i) = (vec![0], State::Text, 0);
        while i < text.len() {
            let b = text[i];
            state = match (state, b) {
                (State::Text, b'{') => State::Comment,
                (State::Text, b'"') => State::TagValue,
                (State::Text, b'[') => {
                    if variant_tag_at(&text[i..]) == Some(true) {
                        // The tag's line starts a chunk when only blanks come before the tag
                        // (or the file's byte-order mark, a chunk of its own).
                        let line = text[..i].iter().rposition(|b| !matches!(b, b' ' | b'\t'));
                        if line == Some(2) && text.starts_with(BOM) && starts.last() == Some(&0) {
                            starts.push(3);
                        }
                        match line {
                            Some(end) if matches!(text[end], b'\n' | b'\r') => {
                                let at = end as u64 + 1;
                                if starts.last() != Some(&at) {
                                    starts.push(at);
                                }
                            }
                            _ => {}
                        }
                    }
                    State::Text
                }
                (State::Comment, b'}') => State::Text,
                (State::Comment, b'\n' | b'\r')
                    if line_starts_game(&text[i + 1..]) == Some(true) =>
                {
                    State::Text
                }
                (State::TagValue, b'\\') => State::TagValueEscape,
                (State::TagValue, b'"' | b'\n' | b'\r') => State::Text,
                (State::TagValueEscape, b'\n' | b'\r') => State::Text,
                (State::TagValueEscape, _) => State::TagValue,
                (other, _) => other,
            };
            i += 1;
        }
        if text.is_empty() {
            starts.clear();
        }
        starts
    }

    proptest::proptest! {
        /// The splitter cuts where the plainest reading of the rule cuts, whatever the reads.
        #[test]
        fn starts_are_those_of_the_byte_by_byte_rule(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "[Variant \"C'escacs\"]", "[Variant", "[\tVariant]", "[Event \"e\"]", "[", "\"",
                "\\", "{", "}", "\n", "\r", " ", "1. E7\u{2010}E13", "\u{d7}", "\u{221e}", "x",
                "Variant", "Vari", "ant", "\t", "_", "'", "\u{feff}", "\r\n[ Variant \"y\"]",
            ]), 0..60),
            capacity in 1usize..9,
        ) {
            let text: String = parts.concat();
            let starts: Vec<u64> = split(text.as_bytes(), capacity).iter().map(|g| g.0).collect();
            proptest::prop_assert_eq!(starts, starts_byte_by_byte(text.as_bytes()));
        }

        /// Random soups of the characters that matter to the splitter still read the same.
        #[test]
        fn chunks_read_as_the_whole_text_on_random_text(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "[Variant \"C'escacs\"]", "[Variant", "[ Variant \"x\"]", "[Event \"e\"]", "[", "]", "\"",
                "\\", "{", "}", "\n", "\r", " ", "\t", "1. E7-E13", ", E21-E15", ":", "*", "(", ")", "x",
            ]), 0..40),
            capacity in 1usize..9,
        ) {
            let text: String = parts.concat();
            proptest::prop_assert_eq!(read_chunks(&text, capacity), read_whole(&text));
            // Tiny reads and buffers cut nothing differently from one read of everything.
            proptest::prop_assert_eq!(split(text.as_bytes(), capacity), split(text.as_bytes(), 1 << 16));
        }
    }

    #[test]
    fn empty_input_has_no_game() {
        assert!(split(b"", 8).is_empty());
        assert_eq!(GameSplitter::new(&b""[..]).count(), 0);
    }

    #[test]
    fn a_game_larger_than_the_buffer_is_whole() {
        let long = format!("[Variant \"C'escacs\"] {{ {} }} 1. E7-E13: *\n", "x".repeat(300));
        let text = format!("{long}{long}\r\n[Variant \"C'escacs\"]");
        let games = split(text.as_bytes(), 7);
        let n = long.len() as u64;
        assert_eq!(games.iter().map(|g| g.0).collect::<Vec<_>>(), [0, n, 2 * n + 2]);
        assert_eq!(games[0].1, long.as_bytes());
        // The same through the default buffer, a plain slice and a `BufReader`.
        let whole: Vec<_> = GameSplitter::new(BufReader::with_capacity(3, text.as_bytes()))
            .map(|g| g.map(|g| (g.offset, g.bytes)))
            .collect::<io::Result<_>>()
            .unwrap();
        assert_eq!(whole, games);
    }

    #[test]
    fn games_past_many_buffers_keep_their_offsets() {
        let game = "[Variant \"C'escacs\"]\r\n[Event \"a \\\" [Variant\"]\r\n1. E7-E13 { [Variant }: *\r\n";
        let text = game.repeat(3000);
        let games = split(text.as_bytes(), 3);
        assert_eq!(games.len(), 3000);
        for (n, (offset, bytes)) in games.iter().enumerate() {
            assert_eq!((*offset as usize, &bytes[..]), (n * game.len(), game.as_bytes()));
        }
        assert_eq!(GameSplitter::new(text.as_bytes()).count(), 3000);
    }

    #[test]
    fn invalid_utf8_and_a_bom_pass_through_unchanged() {
        let text = b"\xEF\xBB\xBF[Variant \"\xC3\"] {\xE2\x88\n[Variant \"x\xFF\"] \xE2\x88\x9E";
        let expected = split(text, 1 << 16);
        // The BOM is a chunk of its own (a game starts at the tag after it), as the parser sees it.
        assert_eq!(expected.iter().map(|g| g.0).collect::<Vec<_>>(), [0, 3, 21]);
        for capacity in 1..8 {
            assert_eq!(split(text, capacity), expected, "reads of at most {capacity} bytes");
        }
    }

    /// A reader that fails after some bytes.
    struct Failing<'a>(&'a [u8]);

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_read_error_is_reported_once_and_ends_the_stream() {
        let mut games = GameSplitter::new(Failing(b"[Variant \"a\"]\n[Variant \"b\"]"));
        assert_eq!(games.next().unwrap().unwrap().bytes, b"[Variant \"a\"]\n");
        assert_eq!(games.next().unwrap().unwrap_err().to_string(), "disk on fire");
        assert!(games.next().is_none());
    }
}
