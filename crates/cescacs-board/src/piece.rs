//! Colours, piece kinds and pieces, with their letters and Unicode (FAN) symbols.

use core::fmt;

/// A side: White moves first and up the board (towards line 28), Black moves down.
///
/// ```
/// use cescacs_board::Colour;
/// assert_eq!(!Colour::White, Colour::Black);
/// assert_eq!(Colour::Black.char(), 'b');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// White, the first to move.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// Both colours, White first.
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];

    /// The PDTL turn letter: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }

    /// The colour of a PDTL turn letter.
    pub const fn from_char(c: char) -> Option<Colour> {
        match c {
            'w' => Some(Colour::White),
            'b' => Some(Colour::Black),
            _ => None,
        }
    }

    /// Its name in lower case, as JSON gives a side: `white` or `black`.
    ///
    /// ```
    /// use cescacs_board::Colour;
    /// assert_eq!(Colour::ALL.map(Colour::name), ["white", "black"]);
    /// assert_eq!(Colour::from_name("black"), Some(Colour::Black));
    /// assert_eq!(Colour::from_name("Black"), None);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The colour of a [name](Colour::name).
    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }

    /// +1 for White (moves up), -1 for Black.
    ///
    /// ```
    /// use cescacs_board::{Colour, Hex};
    /// let f14: Hex = "F14".parse().unwrap();
    /// // A pawn's step is two lines forward in its column.
    /// let step = |c: Colour| f14.offset(0, 2 * c.forward()).map(|h| h.to_string());
    /// assert_eq!(step(Colour::White), Some("F16".into()));
    /// assert_eq!(step(Colour::Black), Some("F12".into()));
    /// ```
    pub const fn forward(self) -> i32 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }

    /// 0 for White, 1 for Black (for per-side arrays).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub const fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

impl core::ops::Not for Colour {
    type Output = Colour;
    fn not(self) -> Colour {
        self.opponent()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "White",
            Colour::Black => "Black",
        })
    }
}

/// The nine kinds of piece of C'escacs.
///
/// ```
/// use cescacs_board::PieceKind;
/// assert_eq!(PieceKind::from_letter('V'), Some(PieceKind::Wyvern));
/// assert_eq!(PieceKind::Queen.letter(), 'D');
/// assert_eq!(PieceKind::Bishop.alternative_letters(), &['A', 'B', 'F', 'L']);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn, `P` (omitted in moves).
    Pawn,
    /// Elephant (Halberdier), `E`.
    Elephant,
    /// Bishop, `J`; colour-bound.
    Bishop,
    /// Knight, `N`; jumps and rides.
    Knight,
    /// Pegasus, `G`; diagonal slides and knight jumps.
    Pegasus,
    /// Rook, `R`; orthogonal slides.
    Rook,
    /// Wyvern (Dragon), `V`; orthogonal slides and knight jumps.
    Wyvern,
    /// Queen (Dama), `D`.
    Queen,
    /// King, `K`.
    King,
}

impl PieceKind {
    /// All kinds in the order of the spec's table: P E J N G R V D K.
    pub const ALL: [PieceKind; 9] = [
        PieceKind::Pawn,
        PieceKind::Elephant,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pegasus,
        PieceKind::Rook,
        PieceKind::Wyvern,
        PieceKind::Queen,
        PieceKind::King,
    ];

    const LETTERS: [char; 9] = ['P', 'E', 'J', 'N', 'G', 'R', 'V', 'D', 'K'];
    const WHITE_FAN: [char; 9] = ['♙', '☖', '♗', '♘', '\u{1FA50}', '♖', '\u{1FA4F}', '♕', '♔'];
    const BLACK_FAN: [char; 9] = ['♟', '☗', '♝', '♞', '\u{1FA53}', '♜', '\u{1FA52}', '♛', '♚'];

    /// The kind's index in [`PieceKind::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The standard upper-case letter (P E J N G R V D K).
    #[inline]
    pub const fn letter(self) -> char {
        PieceKind::LETTERS[self as usize]
    }

    /// The kind of a standard upper-case letter.
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        let mut i = 0;
        while i < 9 {
            if PieceKind::LETTERS[i] == c {
                return Some(PieceKind::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The alternative letters a `[Redefine]` tag may give this kind (spec, "Piece identification
    /// letters"): Bishop `A B F L`, Knight `C S`, Rook `T`, Wyvern `W`, Queen `Q`.
    pub const fn alternative_letters(self) -> &'static [char] {
        match self {
            PieceKind::Bishop => &['A', 'B', 'F', 'L'],
            PieceKind::Knight => &['C', 'S'],
            PieceKind::Rook => &['T'],
            PieceKind::Wyvern => &['W'],
            PieceKind::Queen => &['Q'],
            _ => &[],
        }
    }

    /// The Unicode symbol of this kind for a colour (the white one is the neutral symbol in moves).
    ///
    /// ```
    /// use cescacs_board::{Colour, PieceKind};
    /// assert_eq!(PieceKind::Elephant.fan(Colour::White), '☖');
    /// assert_eq!(PieceKind::Wyvern.fan(Colour::Black), '\u{1FA52}');
    /// ```
    pub const fn fan(self, colour: Colour) -> char {
        match colour {
            Colour::White => PieceKind::WHITE_FAN[self as usize],
            Colour::Black => PieceKind::BLACK_FAN[self as usize],
        }
    }

    /// The kind and colour of a Unicode piece symbol.
    ///
    /// ```
    /// use cescacs_board::{Colour, PieceKind};
    /// assert_eq!(PieceKind::from_fan('♞'), Some((PieceKind::Knight, Colour::Black)));
    /// assert_eq!(PieceKind::from_fan('N'), None);
    /// ```
    pub const fn from_fan(c: char) -> Option<(PieceKind, Colour)> {
        // The 18 symbols differ in their low 7 bits (U+2616-7, U+2654-F, U+1FA4F-53): one
        // load and one comparison instead of a search of both lists. Built from them.
        const BY_LOW_BITS: [Option<(char, PieceKind, Colour)>; 128] = {
            let mut table = [None; 128];
            let mut i = 0;
            while i < 9 {
                let (white, black) = (PieceKind::WHITE_FAN[i], PieceKind::BLACK_FAN[i]);
                assert!(
                    table[white as usize & 0x7f].is_none()
                        && table[black as usize & 0x7f].is_none()
                );
                table[white as usize & 0x7f] = Some((white, PieceKind::ALL[i], Colour::White));
                table[black as usize & 0x7f] = Some((black, PieceKind::ALL[i], Colour::Black));
                i += 1;
            }
            table
        };
        match BY_LOW_BITS[c as usize & 0x7f] {
            Some((symbol, kind, colour)) if symbol == c => Some((kind, colour)),
            _ => None,
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "Pawn",
            PieceKind::Elephant => "Elephant",
            PieceKind::Bishop => "Bishop",
            PieceKind::Knight => "Knight",
            PieceKind::Pegasus => "Pegasus",
            PieceKind::Rook => "Rook",
            PieceKind::Wyvern => "Wyvern",
            PieceKind::Queen => "Queen",
            PieceKind::King => "King",
        }
    }

    /// How many of this kind each side has at the start (and at most, docs/RULES.md 3.9.6 / 6.4).
    ///
    /// ```
    /// use cescacs_board::PieceKind;
    /// let total: u8 = PieceKind::ALL.iter().map(|k| k.initial_count()).sum();
    /// assert_eq!(total, 27); // 54 pieces on the initial board
    /// assert_eq!(PieceKind::Bishop.initial_count(), 3); // one per hex colour
    /// ```
    pub const fn initial_count(self) -> u8 {
        match self {
            PieceKind::Pawn => 11,
            PieceKind::Elephant => 4,
            PieceKind::Bishop => 3,
            PieceKind::Knight | PieceKind::Pegasus | PieceKind::Rook => 2,
            PieceKind::Wyvern | PieceKind::Queen | PieceKind::King => 1,
        }
    }

    /// Whether a captured piece of this kind can come back by promotion (court pieces but the King).
    ///
    /// ```
    /// use cescacs_board::PieceKind;
    /// assert!(PieceKind::Queen.is_regainable());
    /// assert!(!PieceKind::Elephant.is_regainable());
    /// assert!(!PieceKind::King.is_regainable());
    /// ```
    pub const fn is_regainable(self) -> bool {
        !matches!(self, PieceKind::Pawn | PieceKind::Elephant | PieceKind::King)
    }
}

impl PieceKind {
    /// The indefinite article before the piece's English name: `an` before the Elephant, `a`
    /// before the others.
    ///
    /// ```
    /// use cescacs_board::PieceKind;
    /// assert_eq!(format!("{} {}", PieceKind::Elephant.article(), PieceKind::Elephant), "an Elephant");
    /// assert_eq!(PieceKind::Knight.article(), "a");
    /// ```
    pub const fn article(self) -> &'static str {
        match self {
            PieceKind::Elephant => "an",
            _ => "a",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind and a colour.
///
/// ```
/// use cescacs_board::{Colour, Piece, PieceKind};
/// let p = Piece::new(Colour::Black, PieceKind::Knight);
/// assert_eq!(p.letter(), 'n');
/// assert_eq!(Piece::from_letter('R'), Some(Piece::new(Colour::White, PieceKind::Rook)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub colour: Colour,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of a colour and kind.
    pub const fn new(colour: Colour, kind: PieceKind) -> Piece {
        Piece { colour, kind }
    }

    /// The standard letter: upper case for White, lower case for Black.
    pub const fn letter(self) -> char {
        let c = self.kind.letter();
        match self.colour {
            Colour::White => c,
            Colour::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a standard letter (upper case White, lower case Black).
    pub const fn from_letter(c: char) -> Option<Piece> {
        match PieceKind::from_letter(c.to_ascii_uppercase()) {
            Some(kind) => {
                let colour = if c.is_ascii_uppercase() { Colour::White } else { Colour::Black };
                Some(Piece { colour, kind })
            }
            None => None,
        }
    }

    /// The Unicode symbol of this piece.
    ///
    /// ```
    /// use cescacs_board::{Colour, Piece, PieceKind};
    /// assert_eq!(Piece::new(Colour::White, PieceKind::Rook).fan(), '♖');
    /// assert_eq!(Piece::new(Colour::Black, PieceKind::Rook).fan(), '♜');
    /// ```
    pub const fn fan(self) -> char {
        self.kind.fan(self.colour)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The byte code of a piece, as `Position` stores it and the rules' mailbox reads it: 0 for no
/// piece, else `kind + 1` with bit 4 set for Black.
#[inline]
pub(crate) const fn code(colour: Colour, kind: PieceKind) -> u8 {
    (kind as u8 + 1) | ((colour as u8) << 4)
}

/// The kind of a non-zero piece code.
#[inline]
pub(crate) const fn kind_of(code: u8) -> PieceKind {
    PieceKind::ALL[((code & 15) - 1) as usize]
}

/// The colour of a non-zero piece code.
#[inline]
pub(crate) const fn colour_of(code: u8) -> Colour {
    if code & 16 == 0 { Colour::White } else { Colour::Black }
}

/// The piece of a code, `None` for 0.
#[inline]
pub(crate) const fn piece_of(code: u8) -> Option<Piece> {
    if code == 0 { None } else { Some(Piece { colour: colour_of(code), kind: kind_of(code) }) }
}

/// The code of a piece or of no piece (0).
#[inline]
pub(crate) const fn code_of(piece: Option<Piece>) -> u8 {
    match piece {
        Some(p) => code(p.colour, p.kind),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `from_fan`'s table against a search of the two lists, over the planes the symbols live
    /// in and the other chars with the same low bits.
    #[test]
    fn from_fan_agrees_with_a_search_of_the_symbols() {
        let search = |c: char| {
            PieceKind::ALL.into_iter().find_map(|kind| {
                [Colour::White, Colour::Black]
                    .into_iter()
                    .find(|&colour| kind.fan(colour) == c)
                    .map(|colour| (kind, colour))
            })
        };
        let planes = (0..0x3000).chain(0x1f000..0x20000).chain([0x10ffff, 0xe0054, 0x2_2654]);
        let mut found = 0;
        for c in planes.filter_map(char::from_u32) {
            assert_eq!(PieceKind::from_fan(c), search(c), "{c:?}");
            found += usize::from(search(c).is_some());
        }
        assert_eq!(found, 18);
    }
}
