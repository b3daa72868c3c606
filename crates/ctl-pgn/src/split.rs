//! Splitting a stream of CTL-PGN bytes into games, one at a time, with bounded memory.
//!
//! A game starts at a `[Variant` tag (decisions.md 8). The splitter only needs to know where
//! comments (`{...}`) and tag values (`"..."`) are, so that a `[Variant` written inside them does not
//! start a game; everything else is left to the parser.

use std::io::{self, BufRead};

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

const MARK: &[u8] = b"[Variant";

impl<R: BufRead> GameSplitter<R> {
    /// A splitter over `reader`.
    pub fn new(reader: R) -> GameSplitter<R> {
        GameSplitter { reader, state: State::Text, current: Vec::new(), offset: 0, done: false }
    }

    /// Whether `current[at..]` starts a game: `[Variant` followed by white space or a quote.
    /// `None` means more bytes are needed to decide.
    fn starts_game(&self, at: usize) -> Option<bool> {
        let rest = &self.current[at..];
        if rest.len() <= MARK.len() {
            return if MARK.starts_with(rest) { None } else { Some(false) };
        }
        Some(
            rest.starts_with(MARK)
                && matches!(rest[MARK.len()], b' ' | b'\t' | b'"' | b'\r' | b'\n'),
        )
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
                    // Comments cannot nest: the first `}` closes it.
                    match memchr::memchr(b'}', &self.current[i..]) {
                        Some(k) => {
                            i += k;
                            self.state = State::Text;
                        }
                        None => return Ok(self.current.len()),
                    }
                }
                State::TagValue => match b {
                    b'\\' => self.state = State::TagValueEscape,
                    b'"' => self.state = State::Text,
                    // A tag value never spans lines: an unclosed quote must not swallow the file.
                    b'\n' => self.state = State::Text,
                    _ => {}
                },
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
    fn an_unclosed_comment_keeps_the_rest_in_one_game() {
        let text = b"[Variant \"C'escacs\"] { open\n[Variant \"C'escacs\"]";
        assert_eq!(split(text, 4).len(), 1);
    }

    #[test]
    fn an_unclosed_quote_ends_at_the_line_end() {
        let text = b"[Variant \"C'escacs] 1. E7-E13: *\n[Variant \"C'escacs\"]";
        assert_eq!(split(text, 3).len(), 2);
    }

    #[test]
    fn empty_input_has_no_game() {
        assert!(split(b"", 8).is_empty());
    }
}
