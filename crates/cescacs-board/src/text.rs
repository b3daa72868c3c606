//! Text forms of the small board types: `Display` and `FromStr` that mirror each other, and the
//! serde support (behind the `serde` feature) that writes every such type as its text.

use core::fmt;
use core::str::FromStr;

use crate::hex::{Column, Hex, Line};
use crate::piece::{Colour, Piece, PieceKind};
use crate::position::{CastlingRights, EnPassant, MoveNumber};

/// A string that is not the text of the type asked for.
///
/// ```
/// use cescacs_board::{EnPassant, MoveNumber};
/// assert_eq!("?".parse::<MoveNumber>(), Ok(MoveNumber::Unknown));
/// let e = "G15@x".parse::<EnPassant>().unwrap_err();
/// assert_eq!(e.to_string(), "expected an en-passant field (`-`, `F14`, `G15@13`, `G13@9-11`), found `G15@x`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTextError {
    expected: &'static str,
    found: String,
}

impl ParseTextError {
    fn new(expected: &'static str, found: &str) -> ParseTextError {
        ParseTextError { expected, found: found.to_string() }
    }
}

impl fmt::Display for ParseTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found `{}`", self.expected, self.found)
    }
}

impl std::error::Error for ParseTextError {}

impl FromStr for Column {
    type Err = ParseTextError;
    /// One upper-case column letter.
    fn from_str(s: &str) -> Result<Column, ParseTextError> {
        let mut chars = s.chars();
        match (chars.next().and_then(Column::from_char), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(ParseTextError::new("a column letter (P T A B C D E F G H I K L X Z)", s)),
        }
    }
}

impl FromStr for Line {
    type Err = ParseTextError;
    /// A line number 0 to 28, without leading zeros.
    fn from_str(s: &str) -> Result<Line, ParseTextError> {
        let err = || ParseTextError::new("a line number from 0 to 28", s);
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return Err(err());
        }
        s.parse::<u8>().ok().and_then(Line::new).ok_or_else(err)
    }
}

impl FromStr for Colour {
    type Err = ParseTextError;
    /// `White` or `Black` (the `Display` form), or the PDTL turn letters `w` and `b`.
    fn from_str(s: &str) -> Result<Colour, ParseTextError> {
        match s {
            "White" | "w" => Ok(Colour::White),
            "Black" | "b" => Ok(Colour::Black),
            _ => Err(ParseTextError::new("`White` or `Black`", s)),
        }
    }
}

impl FromStr for PieceKind {
    type Err = ParseTextError;
    /// The English name (the `Display` form, e.g. `Knight`) or the standard letter (`N`).
    fn from_str(s: &str) -> Result<PieceKind, ParseTextError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(k) = PieceKind::from_letter(c) {
                return Ok(k);
            }
        }
        PieceKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| ParseTextError::new("a piece name or letter (P E J N G R V D K)", s))
    }
}

impl FromStr for Piece {
    type Err = ParseTextError;
    /// The standard letter: upper case White, lower case Black.
    fn from_str(s: &str) -> Result<Piece, ParseTextError> {
        let mut chars = s.chars();
        match (chars.next().and_then(Piece::from_letter), chars.next()) {
            (Some(p), None) => Ok(p),
            _ => Err(ParseTextError::new("a piece letter (PEJNGRVDK or pejngrvdk)", s)),
        }
    }
}

impl fmt::Display for CastlingRights {
    /// One side's part of the PDTL castling field, in White's letters: `RKR`, `KR`, `RK`, `K`, `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.king_unmoved {
            return f.write_str("-");
        }
        let q = if self.queens_rook { "R" } else { "" };
        let k = if self.kings_rook { "R" } else { "" };
        write!(f, "{q}K{k}")
    }
}

impl FromStr for CastlingRights {
    type Err = ParseTextError;
    /// `RKR`, `KR`, `RK`, `K` or `-`, in either case.
    ///
    /// ```
    /// use cescacs_board::CastlingRights;
    /// let rk: CastlingRights = "rk".parse().unwrap();
    /// assert!(rk.queens_rook && !rk.kings_rook);
    /// assert_eq!(rk.to_string(), "RK");
    /// ```
    fn from_str(s: &str) -> Result<CastlingRights, ParseTextError> {
        let (queens_rook, kings_rook) = match s.to_ascii_uppercase().as_str() {
            "-" => return Ok(CastlingRights::NONE),
            "RKR" => (true, true),
            "KR" => (false, true),
            "RK" => (true, false),
            "K" => (false, false),
            _ => return Err(ParseTextError::new("`RKR`, `KR`, `RK`, `K` or `-`", s)),
        };
        Ok(CastlingRights { king_unmoved: true, queens_rook, kings_rook })
    }
}

impl fmt::Display for EnPassant {
    /// The PDTL field: `-`, `G15@13`, `G13@9-11` (lines ascending) or `F14`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EnPassant::None => f.write_str("-"),
            EnPassant::Double { pawn, line } => write!(f, "{pawn}@{line}"),
            EnPassant::Triple { pawn, lines: [a, b] } => {
                write!(f, "{pawn}@{}-{}", a.min(b), a.max(b))
            }
            EnPassant::Scornful(hex) => write!(f, "{hex}"),
        }
    }
}

impl FromStr for EnPassant {
    type Err = ParseTextError;
    /// The PDTL field, syntax only (whether it fits a board is the PDTL reader's business).
    fn from_str(s: &str) -> Result<EnPassant, ParseTextError> {
        let err =
            || ParseTextError::new("an en-passant field (`-`, `F14`, `G15@13`, `G13@9-11`)", s);
        if s == "-" {
            return Ok(EnPassant::None);
        }
        let Some((hex, lines)) = s.split_once('@') else {
            return s.parse::<Hex>().map(EnPassant::Scornful).map_err(|_| err());
        };
        let pawn: Hex = hex.parse().map_err(|_| err())?;
        match lines.split_once('-') {
            None => Ok(EnPassant::Double { pawn, line: lines.parse().map_err(|_| err())? }),
            Some((a, b)) => {
                let a: Line = a.parse().map_err(|_| err())?;
                let b: Line = b.parse().map_err(|_| err())?;
                Ok(EnPassant::Triple { pawn, lines: [a.min(b), a.max(b)] })
            }
        }
    }
}

impl fmt::Display for MoveNumber {
    /// The number, or `?` when unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveNumber::Known(n) => write!(f, "{n}"),
            MoveNumber::Unknown => f.write_str("?"),
        }
    }
}

impl FromStr for MoveNumber {
    type Err = ParseTextError;
    /// A number from 1, or `?`.
    fn from_str(s: &str) -> Result<MoveNumber, ParseTextError> {
        if s == "?" {
            return Ok(MoveNumber::Unknown);
        }
        match s.parse::<u32>() {
            Ok(n) if s.bytes().all(|b| b.is_ascii_digit()) && !s.starts_with('0') => {
                MoveNumber::known(n)
                    .ok_or_else(|| ParseTextError::new("a move number from 1, or `?`", s))
            }
            _ => Err(ParseTextError::new("a move number from 1, or `?`", s)),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_text {
    use super::*;

    macro_rules! as_text {
        ($($t:ty),*) => {$(
            impl serde::Serialize for $t {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.collect_str(self)
                }
            }
            impl<'de> serde::Deserialize<'de> for $t {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                    let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                    s.parse().map_err(serde::de::Error::custom)
                }
            }
        )*};
    }

    as_text!(Column, Line, Colour, PieceKind, Piece, CastlingRights, EnPassant, MoveNumber);
}
