//! The 24 castlings of docs/RULES.md 4.3: their strings and the hexes of King and Rooks.

use core::fmt;
use core::str::FromStr;

use crate::hex::Hex;
use crate::piece::Colour;

/// One of the 24 castlings (11 with the King's Rook, 8 with the Queen's Rook, 5 with both).
///
/// The variant names spell the string without the hyphen; [`Display`](fmt::Display) writes the
/// canonical text with a hyphen-minus and [`FromStr`] also accepts the hyphen U+2010.
///
/// ```
/// use cescacs_board::{BoardCastling, Colour};
/// let c: BoardCastling = "KRK-HIO".parse()?;
/// assert_eq!(c, BoardCastling::KrkHio);
/// assert_eq!(c.to_string(), "KRK-HIO");
/// assert_eq!(c.king_target(Colour::White).to_string(), "H6");
/// assert_eq!(c.king_target(Colour::Black).to_string(), "H22");
/// let rooks: Vec<String> =
///     c.rook_moves(Colour::White).map(|(from, to)| format!("{from}-{to}")).collect();
/// assert_eq!(rooks, ["I3-I5"]);
/// assert_eq!(BoardCastling::ALL.len(), 24);
/// assert!("KRK-HI".parse::<BoardCastling>().is_err());
/// # Ok::<(), cescacs_board::ParseCastlingError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // each variant is its string, see `as_str`
pub enum BoardCastling {
    KrkIi,
    KrkIk,
    KrkIh,
    KrkHio,
    KrkHioo,
    KrkHh,
    KrkHg,
    KrkFg,
    KrkFe,
    KrkEf,
    KrkEe,
    KrdDd,
    KrdDe,
    KrdHh,
    KrdHg,
    KrdFg,
    KrdFe,
    KrdEf,
    KrdEd,
    KrrHih,
    KrrHgg,
    KrrFgg,
    KrrFee,
    KrrEef,
}

/// White's hexes as `(column index, line)`: King target, King's Rook target, Queen's Rook target.
type Row = (&'static str, (i32, i32), Option<(i32, i32)>, Option<(i32, i32)>);

// Column indices: C 4, D 5, E 6, F 7, G 8, H 9, I 10, K 11.
const TABLE: [Row; 24] = [
    ("KRK-II", (10, 5), Some((10, 7)), None),
    ("KRK-IK", (10, 5), Some((11, 4)), None),
    ("KRK-IH", (10, 5), Some((9, 4)), None),
    ("KRK-HIO", (9, 6), Some((10, 5)), None),
    ("KRK-HIOO", (9, 6), Some((10, 7)), None),
    ("KRK-HH", (9, 6), Some((9, 4)), None),
    ("KRK-HG", (9, 6), Some((8, 5)), None),
    ("KRK-FG", (7, 6), Some((8, 5)), None),
    ("KRK-FE", (7, 6), Some((6, 7)), None),
    ("KRK-EF", (6, 5), Some((7, 6)), None),
    ("KRK-EE", (6, 5), Some((6, 7)), None),
    ("KRD-DD", (5, 2), None, Some((5, 4))),
    ("KRD-DE", (5, 2), None, Some((6, 1))),
    ("KRD-HH", (9, 6), None, Some((9, 8))),
    ("KRD-HG", (9, 6), None, Some((8, 7))),
    ("KRD-FG", (7, 6), None, Some((8, 7))),
    ("KRD-FE", (7, 6), None, Some((6, 5))),
    ("KRD-EF", (6, 5), None, Some((7, 6))),
    ("KRD-ED", (6, 5), None, Some((5, 4))),
    ("KRR-HIH", (9, 6), Some((10, 7)), Some((9, 8))),
    ("KRR-HGG", (9, 6), Some((8, 5)), Some((8, 7))),
    ("KRR-FGG", (7, 6), Some((8, 5)), Some((8, 7))),
    ("KRR-FEE", (7, 6), Some((6, 7)), Some((6, 5))),
    ("KRR-EEF", (6, 5), Some((6, 7)), Some((7, 6))),
];

/// The home hexes of White's King, Queen's Rook (C3) and King's Rook (I3).
const KING_HOME: (i32, i32) = (8, 1);
const QUEENS_ROOK_HOME: (i32, i32) = (4, 3);
const KINGS_ROOK_HOME: (i32, i32) = (10, 3);

fn hex_for(colour: Colour, (c, l): (i32, i32)) -> Hex {
    let l = match colour {
        Colour::White => l,
        Colour::Black => 28 - l,
    };
    // Every coordinate of the table is a hex, for both sides (the board is symmetric).
    Hex::from_coords(c, l).unwrap_or(Hex(0))
}

impl BoardCastling {
    /// The 24 castlings in the order of docs/RULES.md 4.3.
    pub const ALL: [BoardCastling; 24] = [
        BoardCastling::KrkIi,
        BoardCastling::KrkIk,
        BoardCastling::KrkIh,
        BoardCastling::KrkHio,
        BoardCastling::KrkHioo,
        BoardCastling::KrkHh,
        BoardCastling::KrkHg,
        BoardCastling::KrkFg,
        BoardCastling::KrkFe,
        BoardCastling::KrkEf,
        BoardCastling::KrkEe,
        BoardCastling::KrdDd,
        BoardCastling::KrdDe,
        BoardCastling::KrdHh,
        BoardCastling::KrdHg,
        BoardCastling::KrdFg,
        BoardCastling::KrdFe,
        BoardCastling::KrdEf,
        BoardCastling::KrdEd,
        BoardCastling::KrrHih,
        BoardCastling::KrrHgg,
        BoardCastling::KrrFgg,
        BoardCastling::KrrFee,
        BoardCastling::KrrEef,
    ];

    /// The canonical string, e.g. `KRK-HIO` (hyphen-minus).
    pub const fn as_str(self) -> &'static str {
        TABLE[self as usize].0
    }

    /// Whether the King's Rook (I3 / I25) takes part.
    pub const fn uses_kings_rook(self) -> bool {
        TABLE[self as usize].2.is_some()
    }

    /// Whether the Queen's Rook (C3 / C25) takes part.
    pub const fn uses_queens_rook(self) -> bool {
        TABLE[self as usize].3.is_some()
    }

    /// The King's home hex (G1 / G27).
    pub fn king_home(colour: Colour) -> Hex {
        hex_for(colour, KING_HOME)
    }

    /// The home hex of the King's Rook (I3 / I25).
    pub fn kings_rook_home(colour: Colour) -> Hex {
        hex_for(colour, KINGS_ROOK_HOME)
    }

    /// The home hex of the Queen's Rook (C3 / C25).
    pub fn queens_rook_home(colour: Colour) -> Hex {
        hex_for(colour, QUEENS_ROOK_HOME)
    }

    /// Where the King lands.
    pub fn king_target(self, colour: Colour) -> Hex {
        hex_for(colour, TABLE[self as usize].1)
    }

    /// Where the King's Rook lands, if it takes part.
    pub fn kings_rook_target(self, colour: Colour) -> Option<Hex> {
        TABLE[self as usize].2.map(|t| hex_for(colour, t))
    }

    /// Where the Queen's Rook lands, if it takes part.
    pub fn queens_rook_target(self, colour: Colour) -> Option<Hex> {
        TABLE[self as usize].3.map(|t| hex_for(colour, t))
    }

    /// The Rook moves `(from, to)`: the King's Rook first, then the Queen's Rook.
    pub fn rook_moves(self, colour: Colour) -> impl Iterator<Item = (Hex, Hex)> {
        let k = self.kings_rook_target(colour).map(|t| (BoardCastling::kings_rook_home(colour), t));
        let q =
            self.queens_rook_target(colour).map(|t| (BoardCastling::queens_rook_home(colour), t));
        k.into_iter().chain(q)
    }

    /// Every hex that must be empty before castling (docs/RULES.md 4.2 (d), (e)): the King's target and
    /// each Rook's path from its home (exclusive) to its target (inclusive). Sorted, no repeats.
    ///
    /// ```
    /// use cescacs_board::{BoardCastling, Colour};
    /// let hexes: Vec<String> = BoardCastling::KrrEef
    ///     .must_be_empty(Colour::White)
    ///     .iter()
    ///     .map(|h| h.to_string())
    ///     .collect();
    /// assert_eq!(hexes, ["D4", "H4", "E5", "G5", "F6", "E7"]);
    /// ```
    pub fn must_be_empty(self, colour: Colour) -> Vec<Hex> {
        let mut out = vec![self.king_target(colour)];
        for (from, to) in self.rook_moves(colour) {
            out.extend(rook_path(from, to));
        }
        out.sort();
        out.dedup();
        out
    }
}

/// The hexes a Rook crosses from `from` (exclusive) to `to` (inclusive) along a straight file.
pub(crate) fn rook_path(from: Hex, to: Hex) -> Vec<Hex> {
    for d in crate::direction::Direction::ORTHOGONAL {
        let ray: Vec<Hex> = from.ray(d).collect();
        if let Some(n) = ray.iter().position(|&h| h == to) {
            return ray[..=n].to_vec();
        }
    }
    Vec::new()
}

impl fmt::Display for BoardCastling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that is none of the 24 castlings.
///
/// ```
/// use cescacs_board::BoardCastling;
/// let e = "KRK-XY".parse::<BoardCastling>().unwrap_err();
/// assert_eq!(e.to_string(), "expected one of the 24 castlings (such as `KRK-HIO`), found `KRK-XY`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCastlingError {
    found: String,
}

impl fmt::Display for ParseCastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected one of the 24 castlings (such as `KRK-HIO`), found `{}`", self.found)
    }
}

impl std::error::Error for ParseCastlingError {}

impl FromStr for BoardCastling {
    type Err = ParseCastlingError;

    /// The canonical string, with `-` or the hyphen U+2010 as separator.
    fn from_str(s: &str) -> Result<BoardCastling, ParseCastlingError> {
        let normal = s.replacen('\u{2010}', "-", 1);
        BoardCastling::ALL
            .into_iter()
            .find(|c| c.as_str() == normal)
            .ok_or_else(|| ParseCastlingError { found: s.to_string() })
    }
}
