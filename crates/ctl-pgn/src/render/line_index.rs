//! Byte offsets to line and column, for people (1-based, Unicode characters) and for editors
//! (0-based, in the code units of a negotiated encoding).

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::reader::TextStart;

/// The UTF-8 byte order mark. Offsets count it (they are file bytes) but columns do not: editors
/// hide it, so the first visible character of a file is column 0 / column 1.
const BOM: &str = "\u{feff}";

/// The unit in which an editor counts columns (LSP `PositionEncodingKind`).
///
/// ```
/// use ctl_pgn::render::PositionEncoding;
/// assert_eq!("utf-16".parse::<PositionEncoding>(), Ok(PositionEncoding::Utf16));
/// assert_eq!(PositionEncoding::Utf32.to_string(), "utf-32");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PositionEncoding {
    /// Bytes.
    #[serde(rename = "utf-8")]
    Utf8,
    /// UTF-16 code units: the LSP default.
    #[default]
    #[serde(rename = "utf-16")]
    Utf16,
    /// Unicode scalar values.
    #[serde(rename = "utf-32")]
    Utf32,
}

impl PositionEncoding {
    /// The LSP name: `utf-8`, `utf-16` or `utf-32`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PositionEncoding::Utf8 => "utf-8",
            PositionEncoding::Utf16 => "utf-16",
            PositionEncoding::Utf32 => "utf-32",
        }
    }

    fn width(self, text: &str) -> usize {
        match self {
            PositionEncoding::Utf8 => text.len(),
            PositionEncoding::Utf16 => text.chars().map(char::len_utf16).sum(),
            PositionEncoding::Utf32 => text.chars().count(),
        }
    }
}

impl fmt::Display for PositionEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing a [`PositionEncoding`]: the text was not `utf-8`, `utf-16` or `utf-32`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEncoding(pub String);

impl fmt::Display for UnknownEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected `utf-8`, `utf-16` or `utf-32`, found `{}`", self.0)
    }
}

impl std::error::Error for UnknownEncoding {}

impl FromStr for PositionEncoding {
    type Err = UnknownEncoding;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Ok(PositionEncoding::Utf8),
            "utf-16" | "utf16" => Ok(PositionEncoding::Utf16),
            "utf-32" | "utf32" => Ok(PositionEncoding::Utf32),
            _ => Err(UnknownEncoding(s.to_string())),
        }
    }
}

/// An LSP position: 0-based line and 0-based column in some [`PositionEncoding`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LspPosition {
    /// 0-based line.
    pub line: u32,
    /// 0-based column, in code units of the encoding.
    pub character: u32,
}

/// A position for people: 1-based line and 1-based column counted in Unicode characters, as
/// rustc prints `path:line:col`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column in Unicode characters.
    pub col: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Maps byte offsets of one text to lines and columns.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as in LSP. Building the index is one pass over the
/// text; each lookup is a binary search over the line starts plus a count within one line.
/// Offsets past the end are clamped to the end, and offsets inside a multibyte character to the
/// start of that character, so a lookup never panics.
///
/// ```
/// use ctl_pgn::render::{LineIndex, PositionEncoding, LspPosition};
/// let text = "1. E7×E13\n2. D∞";
/// let index = LineIndex::new(text);
/// let offset = text.find('∞').unwrap(); // byte 14
/// assert_eq!(index.line_col(offset).to_string(), "2:5");
/// assert_eq!(index.position(offset, PositionEncoding::Utf16), LspPosition { line: 1, character: 4 });
/// assert_eq!(index.position(text.len(), PositionEncoding::Utf8), LspPosition { line: 1, character: 7 });
/// ```
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Where `text` starts in its file: offsets given to the lookups are file offsets.
    start: TextStart,
    /// Byte offset in `text` where each line starts; the first is 0 (or 3 after a BOM). Four
    /// bytes a line, not eight: a text of millions of short lines (a flood of `*` lines) costs
    /// half as much, and every text indexed is far below 4 GiB (`ctl_an::FILE_BYTES`).
    starts: Vec<u32>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`, a whole file.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        LineIndex::at(text, TextStart::default())
    }

    /// Indexes `text`, a part of a file that starts at `start` (e.g. one game read from a
    /// stream, [`crate::reader::StreamChunk`]): lookups take file offsets and give file positions.
    ///
    /// ```
    /// use ctl_pgn::reader::TextStart;
    /// use ctl_pgn::render::{LineIndex, LspPosition, PositionEncoding};
    /// let file = "[Variant \"C'escacs\"] 1. D∞: * [Variant \"C'escacs\"] 1. E7xE13: *\n";
    /// let cut = file.rfind("[Variant").unwrap();
    /// let start = TextStart::default().after(&file.as_bytes()[..cut]);
    /// let part = LineIndex::at(&file[cut..], start);
    /// let x = file.find('x').unwrap();
    /// assert_eq!(part.position(x, PositionEncoding::Utf16), LineIndex::new(file).position(x, PositionEncoding::Utf16));
    /// assert_eq!(part.line_col(x).to_string(), "1:57");
    /// ```
    pub fn at(text: &'a str, start: TextStart) -> LineIndex<'a> {
        let bom = start.offset == 0 && text.starts_with(BOM);
        let first = if bom { BOM.len() } else { 0 };
        let bytes = text.as_bytes();
        // Counted first, so that the index is allocated once at its size (CRLF counts twice).
        let breaks = memchr::memchr2_iter(b'\n', b'\r', &bytes[first..]).count();
        let mut starts = Vec::with_capacity(breaks + 1);
        starts.push(offset32(first));
        let mut i = first;
        while let Some(found) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
            let at = i + found;
            let next = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
            starts.push(offset32(next));
            i = next;
        }
        LineIndex { text, start, starts }
    }

    /// Where the indexed text starts in its file.
    pub fn start(&self) -> TextStart {
        self.start
    }

    /// The indexed text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Number of lines (a text ending in a line break has an empty last line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// `offset` (an offset into the text, not the file) clamped into the text and moved back to
    /// a character boundary.
    pub fn clamp(&self, offset: usize) -> usize {
        floor_char_boundary(self.text, offset)
    }

    /// The line (0-based, in the text) of text offset `offset`.
    pub(crate) fn line_number(&self, offset: usize) -> usize {
        self.line_of(offset).0
    }

    /// Text offsets of the start of line `line` and of its end, line break excluded.
    pub(crate) fn line_bounds(&self, line: usize) -> (usize, usize) {
        let start = (self.starts[line] as usize).min(self.text.len());
        let end = self.starts.get(line + 1).map_or(self.text.len(), |&next| {
            let next = next as usize;
            let body = &self.text.as_bytes()[start..next];
            let body = body.strip_suffix(b"\n").unwrap_or(body);
            start + body.strip_suffix(b"\r").unwrap_or(body).len()
        });
        (start, end)
    }

    /// 0-based line and the byte offset where it starts.
    fn line_of(&self, offset: usize) -> (usize, usize) {
        let line = match self.starts.binary_search(&offset32(offset)) {
            Ok(line) => line,
            Err(next) => next.saturating_sub(1),
        };
        (line, self.starts[line] as usize)
    }

    /// The text between the start of the line and `offset` (clamped).
    fn before(&self, offset: usize) -> (usize, &'a str) {
        let offset = self.clamp(offset);
        let (line, start) = self.line_of(offset);
        // A BOM-only prefix sits before the first line start.
        let start = start.min(offset);
        (line, &self.text[start..offset])
    }

    /// The LSP position of byte `offset` of the file, with columns in `encoding`.
    pub fn position(&self, offset: usize, encoding: PositionEncoding) -> LspPosition {
        let (line, before) = self.before(offset.saturating_sub(self.start.offset));
        let mut character = if before.is_ascii() { before.len() } else { encoding.width(before) };
        if line == 0 {
            character += match encoding {
                PositionEncoding::Utf8 => self.start.utf8,
                PositionEncoding::Utf16 => self.start.utf16,
                PositionEncoding::Utf32 => self.start.chars,
            };
        }
        LspPosition { line: saturate(self.start.line + line), character: saturate(character) }
    }

    /// The 1-based line and column (in Unicode characters) of byte `offset`.
    ///
    /// The very end of a text that ends with a line break is shown where that break starts (the
    /// end of the last line people see), as the text reports do; [`LineIndex::position`] keeps
    /// the exact LSP position, the start of the empty line after it.
    ///
    /// ```
    /// use ctl_pgn::render::LineIndex;
    /// let index = LineIndex::new("1. E7-E13\r\n");
    /// assert_eq!(index.line_col(11).to_string(), "1:10");
    /// ```
    pub fn line_col(&self, offset: usize) -> LineCol {
        let local = offset.saturating_sub(self.start.offset);
        let (line, before) = self.before(end_of_last_line(self.text, local));
        let mut chars = if before.is_ascii() { before.len() } else { before.chars().count() };
        if line == 0 {
            chars += self.start.chars;
        }
        LineCol { line: self.start.line + line + 1, col: chars + 1 }
    }
}

/// A text offset as the index holds it (texts are far below 4 GiB; a larger offset is held as
/// the largest, past every line start).
fn offset32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

/// `offset`, or where the final line break starts when `offset` is the end of a text ending
/// with one.
pub(crate) fn end_of_last_line(text: &str, offset: usize) -> usize {
    if offset < text.len() {
        return offset;
    }
    let trimmed = text.strip_suffix('\n').unwrap_or(text);
    let trimmed = trimmed.strip_suffix('\r').unwrap_or(trimmed);
    trimmed.len()
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The greatest character boundary not above `offset` (and not above the text's length).
pub(crate) fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The least character boundary not below `offset` (and not above the text's length).
pub(crate) fn ceil_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset += 1;
    }
    offset
}
