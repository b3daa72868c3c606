//! Columns, cross-lines and the 169 hexes of the board (CTL coordinates).

use core::fmt;
use core::str::FromStr;

/// One of the 15 columns, named left to right as White sees the board.
///
/// There is no `J` column; `P`, `T`, `X` and `Z` are the four columns C'escacs adds to Gliński's.
///
/// ```
/// use cescacs_board::Column;
/// assert_eq!(Column::F.index(), 7);
/// assert_eq!(Column::from_char('Z'), Some(Column::Z));
/// assert_eq!(Column::from_char('J'), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the variants are the column letters themselves
pub enum Column {
    P,
    T,
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    K,
    L,
    X,
    Z,
}

impl Column {
    /// All columns, left to right.
    pub const ALL: [Column; 15] = [
        Column::P,
        Column::T,
        Column::A,
        Column::B,
        Column::C,
        Column::D,
        Column::E,
        Column::F,
        Column::G,
        Column::H,
        Column::I,
        Column::K,
        Column::L,
        Column::X,
        Column::Z,
    ];

    const LETTERS: [char; 15] =
        ['P', 'T', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K', 'L', 'X', 'Z'];

    /// The column's index, 0 (`P`) to 14 (`Z`).
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The column of an index 0..=14.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Column> {
        if index < 15 { Some(Column::ALL[index as usize]) } else { None }
    }

    /// The column named by an upper-case letter.
    pub const fn from_char(c: char) -> Option<Column> {
        let mut i = 0;
        while i < 15 {
            if Column::LETTERS[i] == c {
                return Some(Column::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The column's letter.
    #[inline]
    pub const fn char(self) -> char {
        Column::LETTERS[self as usize]
    }

    /// The first and last line of this column (docs/RULES.md 1.1).
    ///
    /// ```
    /// use cescacs_board::Column;
    /// assert_eq!(Column::P.line_range(), (7, 21));
    /// assert_eq!(Column::F.line_range(), (0, 28));
    /// ```
    pub const fn line_range(self) -> (u8, u8) {
        let d = (self as u8).abs_diff(7);
        (d, 28 - d)
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A cross-line (transversal line), numbered 0 to 28 from White's side.
///
/// ```
/// use cescacs_board::{HexColour, Line};
/// let line = Line::new(14).unwrap();
/// assert_eq!(line.colour(), HexColour::Coloured);
/// assert_eq!(line.hexes().count(), 7);
/// assert!(Line::new(29).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Line(u8);

impl Line {
    /// The highest line number.
    pub const MAX: u8 = 28;

    /// The line with this number, if it is 0..=28.
    #[inline]
    pub const fn new(number: u8) -> Option<Line> {
        if number <= Line::MAX { Some(Line(number)) } else { None }
    }

    /// The line number.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// All 29 lines in PDTL order: 28 down to 0.
    ///
    /// ```
    /// use cescacs_board::Line;
    /// let lengths: Vec<usize> = Line::all_descending().take(4).map(Line::len).collect();
    /// assert_eq!(lengths, [1, 2, 3, 4]); // F28; E27 G27; D26 F26 H26; ...
    /// ```
    pub fn all_descending() -> impl DoubleEndedIterator<Item = Line> + ExactSizeIterator {
        (0..=Line::MAX).rev().map(Line)
    }

    /// The colour shared by every hex of this line (docs/RULES.md 1.2).
    #[inline]
    pub const fn colour(self) -> HexColour {
        match self.0 % 3 {
            0 => HexColour::Black,
            1 => HexColour::White,
            _ => HexColour::Coloured,
        }
    }

    /// The hexes of this line from left to right (the order PDTL writes them).
    ///
    /// ```
    /// use cescacs_board::Line;
    /// let line_3: Vec<String> = Line::new(3).unwrap().hexes().map(|h| h.to_string()).collect();
    /// assert_eq!(line_3, ["C3", "E3", "G3", "I3"]);
    /// ```
    pub fn hexes(self) -> impl DoubleEndedIterator<Item = Hex> + ExactSizeIterator {
        let start = LINE_START[self.0 as usize];
        let end = LINE_START[self.0 as usize + 1];
        (start..end).map(Hex)
    }

    /// How many hexes this line holds (1 to 8).
    #[inline]
    pub const fn len(self) -> usize {
        (LINE_START[self.0 as usize + 1] - LINE_START[self.0 as usize]) as usize
    }

    /// Always false: every line holds at least one hex.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The three hex colours. Every cross-line has one colour; the centre F14 is coloured.
///
/// ```
/// use cescacs_board::{Hex, HexColour, Line};
/// let colour = |name: &str| name.parse::<Hex>().map(Hex::colour);
/// assert_eq!(colour("G1"), Ok(HexColour::White));
/// assert_eq!(colour("G27"), Ok(HexColour::Black));
/// assert_eq!(colour("F14"), Ok(HexColour::Coloured));
/// // A Bishop keeps its hex colour: every diagonal step stays on the same colour.
/// let f14: Hex = "F14".parse().unwrap();
/// assert!(f14.neighbours().filter(|h| h.colour() == HexColour::Coloured).count() == 6);
/// // Each colour covers a third of the lines; the hex counts are 57, 57 and 55.
/// let count = |c| Hex::all().filter(|h| h.colour() == c).count();
/// assert_eq!(HexColour::ALL.map(count), [57, 57, 55]);
/// assert_eq!(Line::new(0).map(Line::colour), Some(HexColour::Black));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HexColour {
    /// White hexes (lines 1, 4, 7, ...): G1 and E1 are white.
    White,
    /// Black hexes (lines 0, 3, 6, ...): G27 and E27 are black.
    Black,
    /// Coloured hexes (lines 2, 5, 8, ...): the midline 14 is coloured.
    Coloured,
}

impl HexColour {
    /// The three colours.
    pub const ALL: [HexColour; 3] = [HexColour::White, HexColour::Black, HexColour::Coloured];

    /// The letter used in comment references such as `~J[d]`: `l` (light), `d` (dark), `c` (colour).
    ///
    /// ```
    /// use cescacs_board::HexColour;
    /// assert_eq!(HexColour::ALL.map(HexColour::reference_letter), ['l', 'd', 'c']);
    /// ```
    pub const fn reference_letter(self) -> char {
        match self {
            HexColour::White => 'l',
            HexColour::Black => 'd',
            HexColour::Coloured => 'c',
        }
    }

    /// Its name in lower case: `white`, `black` or `coloured`.
    ///
    /// ```
    /// use cescacs_board::HexColour;
    /// assert_eq!(HexColour::ALL.map(HexColour::name), ["white", "black", "coloured"]);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HexColour::White => "white",
            HexColour::Black => "black",
            HexColour::Coloured => "coloured",
        }
    }
}

/// A hex of the board: exactly the 169 pairs (column, line) of docs/RULES.md 1.1.
///
/// A `Hex` is one byte; its index orders hexes by line, then by column (`F0` is 0, `F28` is 168).
///
/// ```
/// use cescacs_board::{Column, Hex};
/// let centre: Hex = "F14".parse().unwrap();
/// assert_eq!(centre.column(), Column::F);
/// assert_eq!(centre.line().number(), 14);
/// assert_eq!(centre.to_string(), "F14");
/// assert!("F13".parse::<Hex>().is_err()); // F holds only even lines
/// assert_eq!(Hex::all().count(), 169);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex(pub(crate) u8);

/// Number of hexes on the board.
pub const HEX_COUNT: usize = 169;

const NONE: u8 = u8::MAX;

/// Whether (column index, line) names a hex (docs/RULES.md 1.1).
const fn exists(c: i32, l: i32) -> bool {
    if c < 0 || c > 14 || l < 0 || l > 28 || (c + l) % 2 == 0 {
        return false;
    }
    let d = if c > 7 { c - 7 } else { 7 - c };
    d <= l && l <= 28 - d
}

/// `(column index, line)` of every hex, in index order.
const COORDS: [(u8, u8); HEX_COUNT] = {
    let mut out = [(0u8, 0u8); HEX_COUNT];
    let mut n = 0;
    let mut l = 0;
    while l <= 28 {
        let mut c = 0;
        while c < 15 {
            if exists(c, l) {
                out[n] = (c as u8, l as u8);
                n += 1;
            }
            c += 1;
        }
        l += 1;
    }
    assert!(n == HEX_COUNT);
    out
};

/// Hex index of `(column, line)`, or `NONE`.
const INDEX: [[u8; 29]; 15] = {
    let mut out = [[NONE; 29]; 15];
    let mut i = 0;
    while i < HEX_COUNT {
        let (c, l) = COORDS[i];
        out[c as usize][l as usize] = i as u8;
        i += 1;
    }
    out
};

/// `LINE_START[l]` is the index of the first hex of line `l`; `LINE_START[29]` is 169.
const LINE_START: [u8; 30] = {
    let mut out = [0u8; 30];
    let mut i = 0;
    while i < HEX_COUNT {
        let l = COORDS[i].1 as usize;
        out[l + 1] = (i + 1) as u8;
        i += 1;
    }
    out
};

impl Hex {
    /// The hex at `(column, line)`, if it exists.
    ///
    /// ```
    /// use cescacs_board::{Column, Hex, Line};
    /// assert!(Hex::new(Column::F, Line::new(14).unwrap()).is_some());
    /// assert!(Hex::new(Column::F, Line::new(13).unwrap()).is_none());
    /// ```
    #[inline]
    pub const fn new(column: Column, line: Line) -> Option<Hex> {
        Hex::from_coords(column as i32, line.0 as i32)
    }

    /// The hex at `(column index, line number)` given as signed numbers, if it exists.
    ///
    /// Column indices run from 0 (`P`) to 14 (`Z`); anything off the board is `None`, so
    /// coordinates computed by adding vectors need no bounds check of their own.
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// assert_eq!(Hex::from_coords(7, 14).map(|h| h.to_string()), Some("F14".into()));
    /// assert_eq!(Hex::from_coords(7, 13), None); // F holds even lines only
    /// assert_eq!(Hex::from_coords(-1, 14), None);
    /// ```
    #[inline]
    pub const fn from_coords(column: i32, line: i32) -> Option<Hex> {
        if column < 0 || column > 14 || line < 0 || line > 28 {
            return None;
        }
        let i = INDEX[column as usize][line as usize];
        if i == NONE { None } else { Some(Hex(i)) }
    }

    /// The hex with this compact index (0..169).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Hex> {
        if index < HEX_COUNT { Some(Hex(index as u8)) } else { None }
    }

    /// The compact index, 0..169, ordered by line then column.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The hex's column.
    #[inline]
    pub const fn column(self) -> Column {
        Column::ALL[COORDS[self.0 as usize].0 as usize]
    }

    /// The hex's cross-line.
    #[inline]
    pub const fn line(self) -> Line {
        Line(COORDS[self.0 as usize].1)
    }

    /// `(column index, line number)`.
    #[inline]
    pub const fn coords(self) -> (i32, i32) {
        let (c, l) = COORDS[self.0 as usize];
        (c as i32, l as i32)
    }

    /// The hex reached by adding `(dc, dl)`, if it is on the board.
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// let g1: Hex = "G1".parse().unwrap();
    /// assert_eq!(g1.offset(-3, 1).map(|h| h.to_string()), Some("D2".into())); // a knight jump
    /// assert_eq!(g1.offset(0, -2), None); // off the board
    /// ```
    #[inline]
    pub const fn offset(self, dc: i32, dl: i32) -> Option<Hex> {
        let (c, l) = self.coords();
        Hex::from_coords(c + dc, l + dl)
    }

    /// The hex's colour.
    #[inline]
    pub const fn colour(self) -> HexColour {
        self.line().colour()
    }

    /// The hex of a CTL coordinate in its usual spelling (a capital column letter, the line in
    /// one or two digits without a leading zero), or `None`. The fast reader of the parsers and
    /// the first step of `FromStr`, which then explains what is wrong.
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// assert_eq!(Hex::from_ascii(b"F14"), "F14".parse().ok());
    /// assert_eq!(Hex::from_ascii(b"F13"), None); // no such hex
    /// assert_eq!(Hex::from_ascii(b"F014"), None); // a leading zero
    /// ```
    #[inline]
    pub fn from_ascii(text: &[u8]) -> Option<Hex> {
        let (column, line) = match *text {
            [c, d] if d.is_ascii_digit() => (c, d - b'0'),
            [c, d1 @ b'1'..=b'9', d2] if d2.is_ascii_digit() => (c, (d1 - b'0') * 10 + (d2 - b'0')),
            _ => return None,
        };
        Hex::from_ascii_parts(column, line)
    }

    /// The hex of a column letter (an ASCII capital) and a line number, if it is on the board:
    /// one table lookup, for readers that have split a coordinate themselves.
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// assert_eq!(Hex::from_ascii_parts(b'F', 14).map(|h| h.to_string()), Some("F14".into()));
    /// assert_eq!(Hex::from_ascii_parts(b'J', 14), None);
    /// assert_eq!(Hex::from_ascii_parts(b'f', 14), None);
    /// ```
    #[inline(always)]
    pub fn from_ascii_parts(column: u8, line: u8) -> Option<Hex> {
        // A promoted constant: one table for the whole program, never a copy on the stack.
        let table: &'static [[Option<Hex>; 29]; 26] = &BY_LETTER;
        *table.get(usize::from(column.wrapping_sub(b'A')))?.get(usize::from(line))?
    }

    /// All 169 hexes in index order (line 0 first).
    pub fn all() -> impl DoubleEndedIterator<Item = Hex> + ExactSizeIterator + Clone {
        (0..HEX_COUNT as u8).map(Hex)
    }

    /// All hexes in PDTL order: line 28 first, each line left to right.
    ///
    /// ```
    /// use cescacs_board::Hex;
    /// let first: Vec<String> = Hex::all_pdtl_order().take(3).map(|h| h.to_string()).collect();
    /// assert_eq!(first, ["F28", "E27", "G27"]);
    /// assert_eq!(Hex::all_pdtl_order().last().map(|h| h.to_string()), Some("F0".into()));
    /// ```
    pub fn all_pdtl_order() -> impl Iterator<Item = Hex> {
        Line::all_descending().flat_map(Line::hexes)
    }
}

/// The hexes by column letter (`A` first) and line, computed at compile time. A `const`, not a
/// `static`: the readers of other crates inline `Hex::from_ascii_parts`, and a constant is laid
/// out in the crate that uses it, so the lookup needs no load of its address from another crate.
const BY_LETTER: [[Option<Hex>; 29]; 26] = {
    let mut table = [[None; 29]; 26];
    let mut letter = 0;
    while letter < 26 {
        if let Some(column) = Column::from_char((b'A' + letter as u8) as char) {
            let mut line = 0;
            while line < 29 {
                table[letter][line] = Hex::from_coords(column as i32, line as i32);
                line += 1;
            }
        }
        letter += 1;
    }
    table
};

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, l) = COORDS[self.0 as usize];
        write!(f, "{}{}", Column::ALL[c as usize].char(), l)
    }
}

/// Why a string is not a CTL coordinate. Its `Display` says what is wrong and what would be right.
///
/// ```
/// use cescacs_board::{Column, Hex, HexParseError};
/// let err = |s: &str| s.parse::<Hex>().unwrap_err();
/// assert_eq!(err("F13"), HexParseError::NotOnBoard { column: Column::F, line: 13 });
/// assert_eq!(
///     err("F13").to_string(),
///     "F13 is not a hex: column F holds the even lines 0 to 28"
/// );
/// assert_eq!(err("f14").to_string(), "column letters are upper case: write `F`, not `f`");
/// assert_eq!(err("F30").to_string(), "line 30 does not exist (lines are 0 to 28)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HexParseError {
    /// The string is empty.
    Empty,
    /// A lower-case column letter: columns are written in capitals.
    LowerCaseColumn(char),
    /// `J` is not a column (C'escacs, like Gliński's chess, skips it).
    ColumnJ,
    /// The first character names no column.
    UnknownColumn(char),
    /// No line number after the column letter.
    MissingLine,
    /// The line number has a character that is not a decimal digit.
    BadLine,
    /// The line number is written with a leading zero (`F04`).
    LeadingZero,
    /// The line number is above 28; it holds the digits as written, however many there are.
    LineOutOfRange(String),
    /// Column and line exist, but the column does not hold that line.
    NotOnBoard {
        /// The column.
        column: Column,
        /// The line number.
        line: u8,
    },
}

impl fmt::Display for HexParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexParseError::Empty => write!(f, "expected a CTL coordinate, found nothing"),
            HexParseError::LowerCaseColumn(c) => write!(
                f,
                "column letters are upper case: write `{}`, not `{c}`",
                c.to_ascii_uppercase()
            ),
            HexParseError::ColumnJ => {
                write!(f, "there is no column J (the columns are P T A B C D E F G H I K L X Z)")
            }
            HexParseError::UnknownColumn(c) => {
                write!(f, "`{c}` is not a column (the columns are P T A B C D E F G H I K L X Z)")
            }
            HexParseError::MissingLine => {
                write!(f, "expected a line number after the column letter")
            }
            HexParseError::BadLine => write!(f, "the line number must be decimal digits"),
            HexParseError::LeadingZero => {
                write!(f, "line numbers are written without leading zeros")
            }
            HexParseError::LineOutOfRange(digits) => {
                write!(f, "line {digits} does not exist (lines are 0 to 28)")
            }
            HexParseError::NotOnBoard { column, line } => {
                let (first, last) = column.line_range();
                let parity = if first % 2 == 0 { "even" } else { "odd" };
                write!(
                    f,
                    "{column}{line} is not a hex: column {column} holds the {parity} lines {first} to {last}"
                )
            }
        }
    }
}

impl std::error::Error for HexParseError {}

impl FromStr for Hex {
    type Err = HexParseError;

    fn from_str(s: &str) -> Result<Hex, HexParseError> {
        match Hex::from_ascii(s.as_bytes()) {
            Some(hex) => Ok(hex),
            None => read_slowly(s),
        }
    }
}

/// The coordinate `s` read character by character, to say what is wrong with it.
fn read_slowly(s: &str) -> Result<Hex, HexParseError> {
    let mut chars = s.chars();
    let first = chars.next().ok_or(HexParseError::Empty)?;
    let column = match Column::from_char(first) {
        Some(c) => c,
        None if first == 'J' || first == 'j' => return Err(HexParseError::ColumnJ),
        None if first.is_lowercase() && Column::from_char(first.to_ascii_uppercase()).is_some() => {
            return Err(HexParseError::LowerCaseColumn(first));
        }
        None => return Err(HexParseError::UnknownColumn(first)),
    };
    let digits = chars.as_str();
    if digits.is_empty() {
        return Err(HexParseError::MissingLine);
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(HexParseError::BadLine);
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(HexParseError::LeadingZero);
    }
    // At most two digits fit 0..=28; longer numbers are too large whatever their value.
    let line = match digits.parse::<u8>() {
        Ok(n) if n <= Line::MAX => n,
        _ => return Err(HexParseError::LineOutOfRange(digits.to_string())),
    };
    Hex::from_coords(column as i32, i32::from(line))
        .ok_or(HexParseError::NotOnBoard { column, line })
}

#[cfg(feature = "serde")]
impl serde::Serialize for Hex {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Hex {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::{Hex, read_slowly};

    /// The fast reader gives what the careful one gives, for every usual spelling and more.
    #[test]
    fn the_fast_reader_agrees_with_the_careful_one() {
        for letter in (b'A'..=b'Z').chain(b'a'..=b'z') {
            for line in 0..100 {
                let text = format!("{}{line}", letter as char);
                let slow = read_slowly(&text).ok();
                assert_eq!(Hex::from_ascii(text.as_bytes()), slow, "{text}");
                assert_eq!(text.parse::<Hex>().ok(), slow, "{text}");
            }
        }
        for text in ["E07", "E", "e7", "E123", "7E", "E1x", ""] {
            assert_eq!(Hex::from_ascii(text.as_bytes()), None, "{text}");
        }
    }

    /// Every hex prints itself and reads back, by either reader.
    #[test]
    fn every_hex_round_trips_through_its_text() {
        for hex in Hex::all() {
            let text = hex.to_string();
            assert_eq!(Hex::from_ascii(text.as_bytes()), Some(hex), "{text}");
            assert_eq!(read_slowly(&text), Ok(hex), "{text}");
        }
    }
}
