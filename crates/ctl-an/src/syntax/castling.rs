//! Castling: `KRK-…` (the King's Rook), `KRD-…` (the Queen's Rook), `KRR-…` (both), the 24
//! strings of docs/RULES.md 4.3.

use cescacs_board::{BoardCastling, Column};

use super::separator::Separator;
use super::spelling::{UnknownSpelling, read_whole};
use crate::bytes::byte_at;

/// Which rook(s) castle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingRooks {
    /// `KRK`: the King's Rook (I3 / I25).
    King,
    /// `KRD`: the Queen's Rook (C3 / C25).
    Queen,
    /// `KRR`: both (double castling).
    Both,
}

/// A castling, one of the 24 valid strings of docs/RULES.md 4.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Castling {
    /// Which rook(s).
    pub rooks: CastlingRooks,
    /// The separator as written (`‐`, `-` or, warned, `–`).
    pub separator: Separator,
    /// The King's target column.
    pub king: Column,
    /// The King's Rook's target column (`KRK`, `KRR`).
    pub king_rook: Option<Column>,
    /// The Queen's Rook's target column (`KRD`, `KRR`).
    pub queen_rook: Option<Column>,
    /// `O` (1) or `OO` (2) in `KRK-HIO` / `KRK-HIOO`; 0 otherwise.
    pub rook_steps: u8,
}

/// The 24 valid castling strings (docs/RULES.md 4.3), without the separator: `KRK`, `HIO`…
pub const CASTLINGS: [(&str, &str); 24] = [
    ("KRK", "II"),
    ("KRK", "IK"),
    ("KRK", "IH"),
    ("KRK", "HIO"),
    ("KRK", "HIOO"),
    ("KRK", "HH"),
    ("KRK", "HG"),
    ("KRK", "FG"),
    ("KRK", "FE"),
    ("KRK", "EF"),
    ("KRK", "EE"),
    ("KRD", "DD"),
    ("KRD", "DE"),
    ("KRD", "HH"),
    ("KRD", "HG"),
    ("KRD", "FG"),
    ("KRD", "FE"),
    ("KRD", "EF"),
    ("KRD", "ED"),
    ("KRR", "HIH"),
    ("KRR", "HGG"),
    ("KRR", "FGG"),
    ("KRR", "FEE"),
    ("KRR", "EEF"),
];

impl Castling {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("castling");

    /// The castling spelled at the start of `text` as the full reader takes it without a
    /// diagnostic (with `-` or `‐`; the en dash is warned), and its length in bytes: as the
    /// lexer, `KR`, a letter, the separator and every capital after it.
    ///
    /// ```
    /// use ctl_an::syntax::{Castling, CastlingRooks};
    /// let (castling, len) = Castling::read_prefix(b"KRK-HIO+")?;
    /// assert_eq!((castling.rooks, castling.rook_steps, len), (CastlingRooks::King, 1, 7));
    /// assert_eq!(castling.to_string(), "KRK-HIO");
    /// assert!(Castling::read_prefix(b"KRK-HI").is_err());
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    pub fn read_prefix(text: &[u8]) -> Result<(Castling, usize), UnknownSpelling> {
        Castling::read(text, 0).ok_or(Castling::UNKNOWN)
    }

    /// The castling at `start`, and where it ends.
    pub(crate) fn read(text: &[u8], start: usize) -> Option<(Castling, usize)> {
        let prefix = text.get(start..start + 3)?;
        if !prefix.starts_with(b"KR") {
            return None;
        }
        let mut at = start + 3;
        let separator = match Separator::read_prefix(text.get(at..)?) {
            Ok((s @ (Separator::HyphenMinus | Separator::Hyphen), len)) => {
                at += len;
                s
            }
            // The en dash is warned; anything else is no castling.
            _ => return None,
        };
        let columns = at;
        while byte_at(text, at).is_ascii_uppercase() {
            at += 1;
        }
        Some((Castling::from_bytes(prefix, &text[columns..at], separator)?, at))
    }

    /// The castling named by a prefix (`KRK`, `KRD`, `KRR`) and the columns after the separator,
    /// if it is one of the 24 valid strings.
    ///
    /// ```
    /// use cescacs_board::{BoardCastling, Column};
    /// use ctl_an::syntax::{Castling, CastlingRooks, Separator};
    /// let c = Castling::from_parts("KRK", "HIO", Separator::HyphenMinus).unwrap();
    /// assert_eq!((c.rooks, c.king, c.king_rook, c.rook_steps), (CastlingRooks::King, Column::H, Some(Column::I), 1));
    /// assert!(Castling::from_parts("KRK", "HI", Separator::HyphenMinus).is_none());
    /// ```
    pub fn from_parts(prefix: &str, columns: &str, separator: Separator) -> Option<Castling> {
        Castling::from_bytes(prefix.as_bytes(), columns.as_bytes(), separator)
    }

    /// The castling of the board's [`BoardCastling`], written with `-`.
    ///
    /// ```
    /// use cescacs_board::BoardCastling;
    /// use ctl_an::syntax::Castling;
    /// assert_eq!(Castling::of_board(BoardCastling::KrkHio).to_string(), "KRK-HIO");
    /// ```
    pub fn of_board(c: BoardCastling) -> Castling {
        let (prefix, columns) = c.as_str().split_once('-').unwrap_or_default();
        // The board's 24 castlings are the 24 strings of `CASTLINGS` (tests/vocabulary.rs).
        Castling::from_parts(prefix, columns, Separator::HyphenMinus).unwrap_or(Castling {
            rooks: CastlingRooks::King,
            separator: Separator::HyphenMinus,
            king: Column::I,
            king_rook: Some(Column::I),
            queen_rook: None,
            rook_steps: 0,
        })
    }

    /// [`Castling::from_parts`] of bytes: the one lookup in [`CASTLINGS`].
    fn from_bytes(prefix: &[u8], columns: &[u8], separator: Separator) -> Option<Castling> {
        if !CASTLINGS.iter().any(|&(p, c)| p.as_bytes() == prefix && c.as_bytes() == columns) {
            return None;
        }
        let col = |i: usize| Column::from_char(columns[i] as char);
        let king = col(0)?;
        let (rooks, king_rook, queen_rook) = match prefix {
            b"KRK" => (CastlingRooks::King, col(1), None),
            b"KRD" => (CastlingRooks::Queen, None, col(1)),
            _ => (CastlingRooks::Both, col(1), col(2)),
        };
        let rook_steps = columns.iter().filter(|&&c| c == b'O').count() as u8;
        Some(Castling { rooks, separator, king, king_rook, queen_rook, rook_steps })
    }

    /// The prefix: `KRK`, `KRD` or `KRR`.
    pub const fn prefix(&self) -> &'static str {
        match self.rooks {
            CastlingRooks::King => "KRK",
            CastlingRooks::Queen => "KRD",
            CastlingRooks::Both => "KRR",
        }
    }

    /// The columns after the separator, with `O`/`OO`: `HIO`, `DE`, `HGG`.
    pub fn columns(&self) -> String {
        self.column_chars().collect()
    }

    /// The characters of [`Castling::columns`], in order.
    fn column_chars(&self) -> impl Iterator<Item = char> {
        let rooks = self.king_rook.into_iter().chain(self.queen_rook).map(Column::char);
        core::iter::once(self.king.char())
            .chain(rooks)
            .chain(core::iter::repeat_n('O', usize::from(self.rook_steps)))
    }

    /// The board's castling this one writes: the same 24 strings (docs/RULES.md 4.3), found
    /// without writing this one out (the replay asks it of every castling it plays).
    ///
    /// ```
    /// use cescacs_board::BoardCastling;
    /// let c: ctl_an::syntax::Castling = "KRK\u{2010}HIO".parse()?;
    /// assert_eq!(c.board(), Some(BoardCastling::KrkHio));
    /// # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
    /// ```
    pub fn board(&self) -> Option<BoardCastling> {
        BoardCastling::ALL.into_iter().find(|b| {
            b.as_str().split_once('-').is_some_and(|(prefix, columns)| {
                prefix == self.prefix() && columns.chars().eq(self.column_chars())
            })
        })
    }
}

impl core::fmt::Display for Castling {
    /// The canonical form, with `-`: `KRK-HIO`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}{}{}", self.prefix(), Separator::HyphenMinus, self.columns())
    }
}

read_whole!(Castling);
