//! The piece letter table: standard letters, a `[Redefine "..."]` set of alternatives, or FAN symbols.
//!
//! Every text format of the toolkit names pieces through a [`Letters`] value, so that a game with
//! `[Redefine "B@J, Q@D, W@V"]` reads and writes its moves and its PDTL with the same table.

use core::fmt;

use crate::piece::{Colour, Piece, PieceKind};

/// How pieces are named in a text: one upper-case letter per kind, or the Unicode (FAN) symbols.
///
/// In a position (PDTL) the colour is part of the name: upper case or the white symbol for White,
/// lower case or the black symbol for Black. In moves only the kind matters: the upper-case letter or
/// the white symbol, which the spec calls the neutral one.
///
/// ```
/// use cescacs_board::{Colour, Letters, Piece, PieceKind};
/// let english = Letters::from_redefine("B@J, Q@D, W@V")?;
/// assert_eq!(english.letter(Piece::new(Colour::Black, PieceKind::Queen)), 'q');
/// assert_eq!(english.kind_of_move_letter('B'), Some(PieceKind::Bishop));
/// assert_eq!(english.kind_of_move_letter('J'), None); // the standard letter is no longer valid
/// assert_eq!(english.redefine_value().as_deref(), Some("B@J, W@V, Q@D"));
///
/// let fan = Letters::fan();
/// assert_eq!(fan.letter(Piece::new(Colour::White, PieceKind::King)), '♔');
/// assert_eq!(fan.piece_of('♚'), Some(Piece::new(Colour::Black, PieceKind::King)));
/// # Ok::<(), cescacs_board::RedefineError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Letters {
    table: Table,
    /// The piece each ASCII character names, built with the table: a position or a move
    /// letter is read with one load instead of a search of the table.
    ascii: AsciiPieces,
}

/// `0[c]`: the piece the ASCII character `c` names under a letter table (all `None` for FAN).
#[derive(Clone, PartialEq, Eq, Hash)]
struct AsciiPieces([Option<Piece>; 128]);

impl AsciiPieces {
    /// The index of a letter table: each upper-case letter names a White piece, its lower case
    /// the Black one.
    const fn of(table: &[char; 9]) -> AsciiPieces {
        let mut out = [None; 128];
        let mut k = 0;
        while k < table.len() {
            let upper = table[k];
            let kind = PieceKind::ALL[k];
            // Every letter of a table is an ASCII upper-case letter (standard or an alternative
            // of the spec); anything else would name no piece, as the search did.
            if upper.is_ascii_uppercase() {
                out[upper as usize] = Some(Piece::new(Colour::White, kind));
                out[upper.to_ascii_lowercase() as usize] = Some(Piece::new(Colour::Black, kind));
            }
            k += 1;
        }
        AsciiPieces(out)
    }

    const NONE: AsciiPieces = AsciiPieces([None; 128]);
}

impl fmt::Debug for AsciiPieces {
    /// Derived from the table, so not worth printing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("..")
    }
}

/// The standard table and its index, built at compile time.
const STANDARD: Letters = {
    let mut table = ['P'; 9];
    let mut k = 0;
    while k < table.len() {
        table[k] = PieceKind::ALL[k].letter();
        k += 1;
    }
    Letters { table: Table::Letters(table), ascii: AsciiPieces::of(&table) }
};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Table {
    /// The upper-case letter of each kind, in [`PieceKind::ALL`] order.
    Letters([char; 9]),
    Fan,
}

impl Default for Letters {
    fn default() -> Letters {
        Letters::standard()
    }
}

impl Letters {
    /// The standard letters P E J N G R V D K.
    pub fn standard() -> Letters {
        STANDARD
    }

    /// The Unicode piece symbols (`[Redefine "FAN"]`).
    pub fn fan() -> Letters {
        Letters { table: Table::Fan, ascii: AsciiPieces::NONE }
    }

    /// Reads the value of a `[Redefine "..."]` tag: `FAN`, or comma-separated items `X@Y` giving the
    /// alternative letter `X` to the piece whose standard letter is `Y`.
    ///
    /// Only the alternatives of the spec are allowed ([`PieceKind::alternative_letters`]); a piece may
    /// be redefined once; spaces around items are ignored.
    ///
    /// ```
    /// use cescacs_board::{Letters, PieceKind, RedefineErrorKind};
    /// let l = Letters::from_redefine("A@J, T@R, C@N")?;
    /// assert_eq!(l.move_letter(PieceKind::Rook), 'T');
    /// assert!(Letters::from_redefine("FAN")?.is_fan());
    ///
    /// let e = Letters::from_redefine("B@J, X@R").unwrap_err();
    /// assert_eq!(e.offset, 5);
    /// assert!(matches!(e.kind, RedefineErrorKind::NotAnAlternative { .. }));
    /// # Ok::<(), cescacs_board::RedefineError>(())
    /// ```
    pub fn from_redefine(value: &str) -> Result<Letters, RedefineError> {
        if value.trim() == "FAN" {
            return Ok(Letters::fan());
        }
        let mut table = PieceKind::ALL.map(PieceKind::letter);
        let mut redefined = [None::<usize>; 9];
        let mut offset = 0;
        for raw in value.split(',') {
            let start = offset + (raw.len() - raw.trim_start().len());
            let item = raw.trim();
            offset += raw.len() + 1;
            let err = |kind| Err(RedefineError { offset: start, len: item.len(), kind });
            if item.is_empty() {
                return err(RedefineErrorKind::EmptyItem);
            }
            if item == "FAN" {
                return err(RedefineErrorKind::FanMixed);
            }
            let mut chars = item.chars();
            let (Some(new), Some('@'), Some(old), None) =
                (chars.next(), chars.next(), chars.next(), chars.next())
            else {
                return err(RedefineErrorKind::Malformed(item.to_string()));
            };
            let Some(kind) = PieceKind::from_letter(old) else {
                return err(RedefineErrorKind::UnknownPiece(old));
            };
            if !kind.alternative_letters().contains(&new) {
                return err(RedefineErrorKind::NotAnAlternative { kind, letter: new });
            }
            if let Some(first) = redefined[kind.index()] {
                return err(RedefineErrorKind::Repeated { kind, first });
            }
            redefined[kind.index()] = Some(start);
            table[kind.index()] = new;
        }
        Ok(Letters { table: Table::Letters(table), ascii: AsciiPieces::of(&table) })
    }

    /// Whether this is the FAN table.
    pub fn is_fan(&self) -> bool {
        matches!(self.table, Table::Fan)
    }

    /// Whether this is the standard table.
    pub fn is_standard(&self) -> bool {
        *self == Letters::standard()
    }

    /// How a piece is written in a position: upper case for White, lower case for Black, or the
    /// FAN symbol of its colour.
    pub fn letter(&self, piece: Piece) -> char {
        match &self.table {
            Table::Letters(t) => {
                let c = t[piece.kind.index()];
                match piece.colour {
                    Colour::White => c,
                    Colour::Black => c.to_ascii_lowercase(),
                }
            }
            Table::Fan => piece.fan(),
        }
    }

    /// The piece a position character names under this table.
    ///
    /// ```
    /// use cescacs_board::{Colour, Letters, Piece, PieceKind};
    /// let l = Letters::standard();
    /// assert_eq!(l.piece_of('g'), Some(Piece::new(Colour::Black, PieceKind::Pegasus)));
    /// assert_eq!(l.piece_of('♘'), None);
    /// ```
    #[inline]
    pub fn piece_of(&self, c: char) -> Option<Piece> {
        match self.ascii.0.get(c as usize) {
            Some(&piece) => piece,
            // Letter tables are ASCII; only FAN has symbols beyond.
            None if self.is_fan() => {
                PieceKind::from_fan(c).map(|(kind, colour)| Piece::new(colour, kind))
            }
            None => None,
        }
    }

    /// How a kind is written in a move: the upper-case letter, or the white (neutral) FAN symbol.
    ///
    /// ```
    /// use cescacs_board::{Letters, PieceKind};
    /// assert_eq!(Letters::standard().move_letter(PieceKind::Bishop), 'J');
    /// assert_eq!(Letters::fan().move_letter(PieceKind::Bishop), '♗');
    /// ```
    pub fn move_letter(&self, kind: PieceKind) -> char {
        self.letter(Piece::new(Colour::White, kind))
    }

    /// The kind a move letter names under this table.
    ///
    /// Only the upper-case letter, or with FAN the white symbol, is accepted: the spec makes the
    /// white symbol the neutral one in moves. A black symbol returns `None`; a reader that wants to
    /// say "use the neutral symbol" can recognise it with [`PieceKind::from_fan`].
    ///
    /// ```
    /// use cescacs_board::{Letters, PieceKind};
    /// assert_eq!(Letters::standard().kind_of_move_letter('N'), Some(PieceKind::Knight));
    /// assert_eq!(Letters::standard().kind_of_move_letter('n'), None);
    /// assert_eq!(Letters::fan().kind_of_move_letter('♘'), Some(PieceKind::Knight));
    /// assert_eq!(Letters::fan().kind_of_move_letter('♞'), None);
    /// ```
    #[inline]
    pub fn kind_of_move_letter(&self, c: char) -> Option<PieceKind> {
        self.piece_of(c).filter(|p| p.colour == Colour::White).map(|p| p.kind)
    }

    /// The piece a character would name under *some* table (standard letters, any alternative
    /// letter, FAN): for help messages when [`Letters::piece_of`] fails.
    ///
    /// ```
    /// use cescacs_board::{Colour, Letters, Piece, PieceKind};
    /// let english = Letters::from_redefine("B@J, Q@D, W@V").unwrap();
    /// assert_eq!(english.piece_of('j'), None);
    /// assert_eq!(english.guess_piece('j'), Some(Piece::new(Colour::Black, PieceKind::Bishop)));
    /// ```
    pub fn guess_piece(&self, c: char) -> Option<Piece> {
        if let Some((kind, colour)) = PieceKind::from_fan(c) {
            return Some(Piece::new(colour, kind));
        }
        if let Some(p) = Piece::from_letter(c) {
            return Some(p);
        }
        let colour = if c.is_ascii_uppercase() { Colour::White } else { Colour::Black };
        let upper = c.to_ascii_uppercase();
        PieceKind::ALL
            .into_iter()
            .find(|k| k.alternative_letters().contains(&upper))
            .map(|kind| Piece::new(colour, kind))
    }

    /// The canonical value of the `[Redefine "..."]` tag that selects this table, `None` for the
    /// standard letters. Items follow the spec's piece order (P E J N G R V D K): `B@J, W@V, Q@D`.
    pub fn redefine_value(&self) -> Option<String> {
        match &self.table {
            Table::Fan => Some("FAN".to_string()),
            Table::Letters(t) => {
                let items: Vec<String> = PieceKind::ALL
                    .into_iter()
                    .filter(|k| t[k.index()] != k.letter())
                    .map(|k| format!("{}@{}", t[k.index()], k.letter()))
                    .collect();
                if items.is_empty() { None } else { Some(items.join(", ")) }
            }
        }
    }
}

impl fmt::Display for Letters {
    /// `standard`, `FAN`, or the canonical Redefine value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.redefine_value() {
            Some(v) => f.write_str(&v),
            None => f.write_str("standard"),
        }
    }
}

/// Why a `[Redefine "..."]` value was rejected, and where (byte offset of the bad item).
///
/// ```
/// use cescacs_board::{Letters, PieceKind, RedefineErrorKind};
/// let value = "B@J, Q@D, Q@D";
/// let e = Letters::from_redefine(value).unwrap_err();
/// assert_eq!(&value[e.offset..e.offset + e.len], "Q@D");
/// assert_eq!(e.kind, RedefineErrorKind::Repeated { kind: PieceKind::Queen, first: 5 });
/// assert_eq!(
///     e.to_string(),
///     "expected each piece to be redefined once, found the Queen again (first at byte 5)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedefineError {
    /// Byte offset of the offending item inside the value.
    pub offset: usize,
    /// Byte length of the offending item (0 for an empty item).
    pub len: usize,
    /// What is wrong.
    pub kind: RedefineErrorKind,
}

/// The kinds of [`RedefineError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RedefineErrorKind {
    /// Nothing between two commas (or an empty value).
    EmptyItem,
    /// The item is not of the form `X@Y`.
    Malformed(String),
    /// `Y` is not the standard letter of any piece.
    UnknownPiece(char),
    /// `X` is not one of the spec's alternatives for that piece.
    NotAnAlternative {
        /// The piece being redefined.
        kind: PieceKind,
        /// The letter that was asked for.
        letter: char,
    },
    /// The piece was already redefined by an earlier item.
    Repeated {
        /// The piece.
        kind: PieceKind,
        /// Byte offset of the earlier item.
        first: usize,
    },
    /// `FAN` combined with letter items.
    FanMixed,
}

impl fmt::Display for RedefineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            RedefineErrorKind::EmptyItem => {
                write!(f, "expected an item `X@Y` or `FAN`, found nothing at byte {}", self.offset)
            }
            RedefineErrorKind::Malformed(item) => write!(
                f,
                "expected an item `X@Y` (alternative letter, `@`, standard letter), found `{item}`"
            ),
            RedefineErrorKind::UnknownPiece(c) => write!(
                f,
                "expected the standard letter of a piece with alternatives (J, N, R, V, D), found `{c}`"
            ),
            RedefineErrorKind::NotAnAlternative { kind, letter } => {
                let alts: Vec<String> =
                    kind.alternative_letters().iter().map(char::to_string).collect();
                let alts = if alts.is_empty() { "none".to_string() } else { alts.join(", ") };
                write!(f, "expected an alternative letter of the {kind} ({alts}), found `{letter}`")
            }
            RedefineErrorKind::Repeated { kind, first } => write!(
                f,
                "expected each piece to be redefined once, found the {kind} again (first at byte {first})"
            ),
            RedefineErrorKind::FanMixed => {
                write!(f, "expected either `FAN` alone or letter items, found both")
            }
        }
    }
}

impl std::error::Error for RedefineError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples_are_accepted_and_canonical_in_piece_order() {
        for (value, canonical) in [
            ("A@J, C@N, T@R", "A@J, C@N, T@R"),
            ("B@J, Q@D, W@V", "B@J, W@V, Q@D"),
            ("L@J, S@N, T@R, W@V", "L@J, S@N, T@R, W@V"),
            ("F@J, C@N, T@R, W@V", "F@J, C@N, T@R, W@V"),
            ("FAN", "FAN"),
        ] {
            let l = Letters::from_redefine(value).unwrap();
            assert_eq!(l.redefine_value().as_deref(), Some(canonical));
            assert_eq!(Letters::from_redefine(canonical).unwrap(), l);
        }
        assert_eq!(Letters::standard().redefine_value(), None);
    }

    #[test]
    fn redefined_standard_letter_is_invalid() {
        let l = Letters::from_redefine("A@J, T@R, C@N").unwrap();
        assert_eq!(l.piece_of('j'), None);
        assert_eq!(l.piece_of('R'), None);
        assert_eq!(l.piece_of('t'), Some(Piece::new(Colour::Black, PieceKind::Rook)));
        assert_eq!(l.piece_of('K'), Some(Piece::new(Colour::White, PieceKind::King)));
    }

    #[test]
    fn errors_carry_offsets() {
        let e = Letters::from_redefine("B@J, B@J").unwrap_err();
        assert_eq!((e.offset, e.len), (5, 3));
        assert_eq!(e.kind, RedefineErrorKind::Repeated { kind: PieceKind::Bishop, first: 0 });
        let e = Letters::from_redefine("B@J,,Q@D").unwrap_err();
        assert_eq!((e.offset, e.kind), (4, RedefineErrorKind::EmptyItem));
        let e = Letters::from_redefine("Q@P").unwrap_err();
        assert!(matches!(e.kind, RedefineErrorKind::NotAnAlternative { .. }));
        let e = Letters::from_redefine("Q@X").unwrap_err();
        assert_eq!(e.kind, RedefineErrorKind::UnknownPiece('X'));
        let e = Letters::from_redefine("b@j").unwrap_err();
        assert_eq!(e.kind, RedefineErrorKind::UnknownPiece('j'));
        let e = Letters::from_redefine("B=J").unwrap_err();
        assert!(matches!(e.kind, RedefineErrorKind::Malformed(_)));
        let e = Letters::from_redefine("B@J, FAN").unwrap_err();
        assert_eq!((e.offset, &e.kind), (5, &RedefineErrorKind::FanMixed));
        assert!(e.to_string().starts_with("expected"));
    }

    /// What `piece_of` answered before the ASCII index: a search of the table.
    fn piece_by_search(letters: &Letters, c: char) -> Option<Piece> {
        match &letters.table {
            Table::Letters(t) => {
                let colour = if c.is_ascii_uppercase() {
                    Colour::White
                } else if c.is_ascii_lowercase() {
                    Colour::Black
                } else {
                    return None;
                };
                let i = t.iter().position(|&l| l == c.to_ascii_uppercase())?;
                Some(Piece::new(colour, PieceKind::ALL[i]))
            }
            Table::Fan => PieceKind::from_fan(c).map(|(kind, colour)| Piece::new(colour, kind)),
        }
    }

    /// Every table a game can select: standard, FAN, and each combination of alternatives.
    fn every_table() -> Vec<Letters> {
        let mut values = vec![String::new()];
        for kind in PieceKind::ALL {
            let mut next = Vec::new();
            for v in &values {
                next.push(v.clone());
                for alt in kind.alternative_letters() {
                    let sep = if v.is_empty() { "" } else { ", " };
                    next.push(format!("{v}{sep}{alt}@{}", kind.letter()));
                }
            }
            values = next;
        }
        let mut tables = vec![Letters::standard(), Letters::fan()];
        tables.extend(
            values
                .iter()
                .filter(|v| !v.is_empty())
                .map(|v| Letters::from_redefine(v).unwrap_or_else(|e| panic!("{v}: {e}"))),
        );
        tables
    }

    #[test]
    fn the_ascii_index_answers_as_the_search_for_every_char_of_every_table() {
        let tables = every_table();
        assert_eq!(tables.len(), 2 + 5 * 3 * 2 * 2 * 2 - 1);
        // Up to the last FAN symbol (U+1FA53), and a little beyond.
        let chars: Vec<char> = (0..0x2_0000).filter_map(char::from_u32).collect();
        for letters in &tables {
            for &c in &chars {
                let searched = piece_by_search(letters, c);
                assert_eq!(letters.piece_of(c), searched, "{letters} {c:?}");
                let kind = searched.filter(|p| p.colour == Colour::White).map(|p| p.kind);
                assert_eq!(letters.kind_of_move_letter(c), kind, "{letters} {c:?}");
            }
        }
        // The standard table is built at compile time: the same as built at run time.
        let standard = PieceKind::ALL.map(PieceKind::letter);
        assert_eq!(Letters::standard().table, Table::Letters(standard));
        assert_eq!(Letters::standard().ascii, AsciiPieces::of(&standard));
    }

    #[test]
    fn every_piece_round_trips_in_every_table() {
        for l in [
            Letters::standard(),
            Letters::fan(),
            Letters::from_redefine("L@J, S@N, T@R, W@V").unwrap(),
        ] {
            for colour in Colour::ALL {
                for kind in PieceKind::ALL {
                    let p = Piece::new(colour, kind);
                    assert_eq!(l.piece_of(l.letter(p)), Some(p));
                }
            }
            for kind in PieceKind::ALL {
                assert_eq!(l.kind_of_move_letter(l.move_letter(kind)), Some(kind));
            }
        }
    }
}
