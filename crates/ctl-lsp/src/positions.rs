//! LSP positions (line and column in the negotiated encoding) and byte offsets, both ways: for
//! one text ([`offset`]) and for the spans of an analysis ([`Ranges`]). Every request that takes
//! or gives a place in a document goes through it.

use cescacs_diagnostics::Span;
use ctl_pgn::render::{LineIndex, PositionEncoding};
use lsp_types::{Position, Range};

const BOM: &str = "\u{feff}";

/// The byte offset of an LSP position that lies in the text: `None` for a line past the last
/// one or a column past the end of its line (where [`offset`] would clamp).
pub(crate) fn exact_offset(
    text: &str,
    position: Position,
    encoding: PositionEncoding,
) -> Option<usize> {
    let at = offset(text, position, encoding);
    let back = Ranges::new(text, encoding).position(at);
    (back == position).then_some(at)
}

/// The byte offset of an LSP position. A line past the end gives the end of the text; a column
/// past the end of its line gives the end of the line; a column inside a character (half of a
/// UTF-16 surrogate pair, a byte inside a UTF-8 sequence) gives the start of that character.
/// Lines end at `\n`, `\r\n` or `\r`, and a byte order mark takes no column, as in
/// [`LineIndex`].
pub(crate) fn offset(text: &str, position: Position, encoding: PositionEncoding) -> usize {
    let bytes = text.as_bytes();
    let mut start = if text.starts_with(BOM) { BOM.len() } else { 0 };
    for _ in 0..position.line {
        let Some(found) = memchr::memchr2(b'\n', b'\r', &bytes[start..]) else {
            return text.len();
        };
        let at = start + found;
        start =
            if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') { at + 2 } else { at + 1 };
    }
    let wanted = position.character as usize;
    let mut counted = 0;
    for (i, ch) in text[start..].char_indices() {
        let width = units(ch, encoding);
        if ch == '\n' || ch == '\r' || counted + width > wanted {
            return start + i;
        }
        counted += width;
    }
    text.len()
}

/// How many code units of `encoding` a character takes.
pub(crate) fn units(ch: char, encoding: PositionEncoding) -> usize {
    match encoding {
        PositionEncoding::Utf8 => ch.len_utf8(),
        PositionEncoding::Utf16 => ch.len_utf16(),
        PositionEncoding::Utf32 => 1,
    }
}

/// Byte spans to LSP ranges, for one text and one encoding. The spans may be offsets into a
/// chunk of the text (see [`Ranges::shifted`]).
pub(crate) struct Ranges<'a> {
    index: std::borrow::Cow<'a, LineIndex<'a>>,
    encoding: PositionEncoding,
    /// Where the offsets given start in the text.
    base: usize,
}

impl<'a> Ranges<'a> {
    pub fn new(text: &'a str, encoding: PositionEncoding) -> Ranges<'a> {
        Ranges { index: std::borrow::Cow::Owned(LineIndex::new(text)), encoding, base: 0 }
    }

    /// The same conversion for offsets into the chunk of the text that starts at `base`.
    pub fn shifted(&self, base: usize) -> Ranges<'_> {
        Ranges { index: std::borrow::Cow::Borrowed(&*self.index), encoding: self.encoding, base }
    }

    /// The line index of the whole text.
    pub fn index(&self) -> &LineIndex<'a> {
        &self.index
    }

    pub fn position(&self, offset: usize) -> Position {
        let p = self.index.position(self.base + offset, self.encoding);
        Position { line: p.line, character: p.character }
    }

    pub fn range(&self, span: Span) -> Range {
        Range { start: self.position(span.start), end: self.position(span.end.max(span.start)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn offsets_in_each_encoding() {
        let text = "1. D∞×E4\r\n{🩐 x}\rend";
        let x = text.find('x').unwrap();
        assert_eq!(offset(text, pos(1, 4), PositionEncoding::Utf16), x);
        assert_eq!(offset(text, pos(1, 3), PositionEncoding::Utf32), x);
        assert_eq!(offset(text, pos(1, 6), PositionEncoding::Utf8), x);
        // Inside the surrogate pair of 🩐: the start of the character.
        assert_eq!(offset(text, pos(1, 2), PositionEncoding::Utf16), text.find('🩐').unwrap());
        // Past the end of a line, of the text.
        assert_eq!(offset(text, pos(0, 99), PositionEncoding::Utf16), text.find('\r').unwrap());
        assert_eq!(offset(text, pos(2, 1), PositionEncoding::Utf16), text.len() - 2);
        assert_eq!(offset(text, pos(9, 0), PositionEncoding::Utf16), text.len());
    }

    #[test]
    fn offsets_and_positions_agree() {
        let text = "\u{feff}[Site \"Moià\"]\n1. E7‐E13, E21×E15\n{ ∞ 🩒 }\n";
        for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32] {
            let ranges = Ranges::new(text, encoding);
            for (i, _) in text.char_indices().skip(1) {
                assert_eq!(offset(text, ranges.position(i), encoding), i, "{encoding} {i}");
            }
        }
    }
}
