//! Splitting a stream of CTL-PGN bytes into games, one at a time, with bounded memory.
//!
//! A game starts at a `[Variant` tag (decisions.md 8). The splitter only needs to know where
//! comments (`{...}`) and tag values (`"..."`) are, so that a `[Variant` written inside them does not
//! start a game; everything else is left to the parser. It follows the rule of
//! [`ctl_an::boundary`], which the parser follows too: a tag value ends with its line, and a comment
//! whose `}` is missing ends before the next line that starts with a `[Variant` tag. So every
//! piece starts where [`ctl_an::games`] starts a game, and one unclosed `{` never swallows the games
//! after it.

use std::io::{self, BufRead};

use ctl_an::boundary::{line_starts_game, variant_tag_at};

/// The bytes of one game and where they start in the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame {
    /// Byte offset of the first byte of `bytes` in the whole stream.
    pub offset: u64,
    /// The game's bytes: from its `[Variant` tag (or the start of the stream) up to the next game.
    pub bytes: Vec<u8>,
}

/// Lexical state carried across buffer refills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Text,
    Comment,
    TagValue,
    TagValueEscape,
}

/// Reads games one at a time from any [`BufRead`].
///
/// Memory is bounded by the largest game: only the current game's bytes are held.
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
    state: State,
    /// Bytes of the game being collected.
    current: Vec<u8>,
    /// Stream offset of `current[0]`.
    offset: u64,
    done: bool,
}

impl<R: BufRead> GameSplitter<R> {
    /// A splitter over `reader`.
    pub fn new(reader: R) -> GameSplitter<R> {
        GameSplitter { reader, state: State::Text, current: Vec::new(), offset: 0, done: false }
    }

    /// Whether `current[at..]` (a `[`) starts a game; `None` means more bytes are needed.
    fn starts_game(&self, at: usize) -> Option<bool> {
        variant_tag_at(&self.current[at..])
    }

    /// Scans `current[from..]`; returns the index where a new game starts (never 0), or the
    /// index up to which scanning is complete.
    fn scan(&mut self, from: usize, eof: bool) -> Result<usize, usize> {
        let mut i = from;
        while i < self.current.len() {
            let b = self.current[i];
            match self.state {
                State::Text => match b {
                    b'{' => self.state = State::Comment,
                    b'"' => self.state = State::TagValue,
                    b'[' => match self.starts_game(i) {
                        Some(true) if i > 0 => return Err(i),
                        Some(_) => {}
                        None if eof => {}
                        None => return Ok(i),
                    },
                    _ => {}
                },
                State::Comment => {
                    // Comments cannot nest: the first `}` closes; a game line ends an unclosed one.
                    match memchr::memchr3(b'}', b'\n', b'\r', &self.current[i..]) {
                        Some(k) => {
                            i += k;
                            if self.current[i] == b'}' {
                                self.state = State::Text;
                            } else {
                                match line_starts_game(&self.current[i + 1..]) {
                                    Some(true) => self.state = State::Text,
                                    Some(false) => {}
                                    None if eof => {}
                                    None => return Ok(i),
                                }
                            }
                        }
                        None => return Ok(self.current.len()),
                    }
                }
                State::TagValue => match b {
                    b'\\' => self.state = State::TagValueEscape,
                    b'"' => self.state = State::Text,
                    // A tag value never spans lines: an unclosed quote must not swallow the file.
                    b'\n' | b'\r' => self.state = State::Text,
                    _ => {}
                },
                State::TagValueEscape if matches!(b, b'\n' | b'\r') => self.state = State::Text,
                State::TagValueEscape => self.state = State::TagValue,
            }
            i += 1;
        }
        Ok(i)
    }

    fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        if self.done {
            return Ok(None);
        }
        let mut scanned = 0;
        loop {
            match self.scan(scanned, false) {
                Err(split) => {
                    let rest = self.current.split_off(split);
                    let bytes = std::mem::replace(&mut self.current, rest);
                    let game = RawGame { offset: self.offset, bytes };
                    self.offset += split as u64;
                    self.state = State::Text;
                    return Ok(Some(game));
                }
                Ok(upto) => scanned = upto,
            }
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                // End of stream: decide any pending `[` and hand out the last game.
                if let Err(split) = self.scan(scanned, true) {
                    let rest = self.current.split_off(split);
                    let bytes = std::mem::replace(&mut self.current, rest);
                    let game = RawGame { offset: self.offset, bytes };
                    self.offset += split as u64;
                    return Ok(Some(game));
                }
                self.done = true;
                if self.current.is_empty() {
                    return Ok(None);
                }
                let bytes = std::mem::take(&mut self.current);
                return Ok(Some(RawGame { offset: self.offset, bytes }));
            }
            let n = buf.len();
            self.current.extend_from_slice(buf);
            self.reader.consume(n);
        }
    }
}

impl<R: BufRead> Iterator for GameSplitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        match self.next_game() {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    fn split(text: &[u8], capacity: usize) -> Vec<(u64, Vec<u8>)> {
        GameSplitter::new(BufReader::with_capacity(capacity, text))
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
            assert_eq!(split(text, capacity), expected, "buffer of {capacity} bytes");
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
            assert_eq!(games[1].0, 43);
        }
        // Only a line that starts with the tag ends it: not a `[Variant` inside the comment's line.
        let text = b"[Variant \"C'escacs\"] { open [Variant \"x\"]\n\r[Variant \"y\"]";
        let games = split(text, 5);
        assert_eq!(games.iter().map(|g| g.0).collect::<Vec<_>>(), [0, 43]);
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

    type Read = (Vec<ctl_an::Span>, Vec<(&'static str, ctl_an::Span)>);

    /// The spans of the games read from the pieces and all their diagnostics, in whole-text
    /// offsets (diagnostics sorted: stray bytes before a game may be filed with either).
    fn read_pieces(text: &str, capacity: usize) -> Read {
        let (mut games, mut diags) = (Vec::new(), Vec::new());
        for (offset, bytes) in split(text.as_bytes(), capacity) {
            let piece = std::str::from_utf8(&bytes).expect("pieces split at ASCII bytes");
            let at = offset as usize;
            let shift = |s: ctl_an::Span| ctl_an::Span::new(s.start + at, s.end + at);
            for g in ctl_an::games(piece) {
                if g.game != ctl_an::syntax::Game::default() {
                    games.push(shift(g.game.span));
                }
                diags.extend(g.diagnostics.iter().map(|d| (d.code, shift(d.span))));
            }
        }
        diags.sort_by_key(|d| (d.1.start, d.1.end, d.0));
        (games, diags)
    }

    fn read_whole(text: &str) -> Read {
        let (mut games, mut diags) = (Vec::new(), Vec::new());
        for g in ctl_an::games(text) {
            if g.game != ctl_an::syntax::Game::default() {
                games.push(g.game.span);
            }
            diags.extend(g.diagnostics.iter().map(|d| (d.code, d.span)));
        }
        diags.sort_by_key(|d| (d.1.start, d.1.end, d.0));
        (games, diags)
    }

    #[test]
    fn pieces_read_as_the_whole_text_does() {
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
                    read_pieces(text, capacity),
                    whole,
                    "{text:?} with a buffer of {capacity}"
                );
            }
        }
    }

    proptest::proptest! {
        /// Random soups of the characters that matter to the splitter still read the same.
        #[test]
        fn pieces_read_as_the_whole_text_on_random_text(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "[Variant \"C'escacs\"]", "[Variant", "[ Variant \"x\"]", "[Event \"e\"]", "[", "]", "\"",
                "\\", "{", "}", "\n", "\r", " ", "\t", "1. E7-E13", ", E21-E15", ":", "*", "(", ")", "x",
            ]), 0..40),
            capacity in 1usize..9,
        ) {
            let text: String = parts.concat();
            proptest::prop_assert_eq!(read_pieces(&text, capacity), read_whole(&text));
        }
    }

    #[test]
    fn empty_input_has_no_game() {
        assert!(split(b"", 8).is_empty());
    }
}
