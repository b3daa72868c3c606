//! A position: placement, side to move, castling status, en-passant/scornful field and counters.

use core::num::NonZeroU32;

use crate::hex::{HEX_COUNT, Hex, Line};
use crate::piece::{Colour, Piece, PieceKind, code, code_of, piece_of};

/// Castling and King's-leap status of one side (the spec's `RKR`, `KR`, `RK`, `K`, `-`).
///
/// The King's leap needs only `king_unmoved`; castling also needs the Rook(s) that take part.
///
/// ```
/// use cescacs_board::{CastlingRights, Colour, Position};
/// let rk: CastlingRights = "RK".parse().unwrap(); // the King's Rook has moved
/// assert!(rk.king_unmoved && rk.queens_rook && !rk.kings_rook);
/// assert_eq!(rk.to_string(), "RK");
/// assert_eq!(Position::initial().castling(Colour::Black), CastlingRights::ALL);
/// assert_eq!(CastlingRights::NONE.to_string(), "-");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    /// The King has never moved (it is on its home hex).
    pub king_unmoved: bool,
    /// The Queen's Rook (C3 / C25) has never moved.
    pub queens_rook: bool,
    /// The King's Rook (I3 / I25) has never moved.
    pub kings_rook: bool,
}

impl CastlingRights {
    /// Everything unmoved (`RKR`).
    pub const ALL: CastlingRights =
        CastlingRights { king_unmoved: true, queens_rook: true, kings_rook: true };
    /// King moved (`-`).
    pub const NONE: CastlingRights =
        CastlingRights { king_unmoved: false, queens_rook: false, kings_rook: false };
}

/// The move number of the position: known, or unknown (`?` in PDTL).
///
/// A known number is never 0 (the first move is number 1), so every value writes a PDTL that
/// reads back.
///
/// ```
/// use cescacs_board::MoveNumber;
/// let forty = MoveNumber::known(40).unwrap();
/// assert_eq!(forty.get(), Some(40));
/// assert_eq!(forty.to_string(), "40");
/// assert_eq!(MoveNumber::known(0), None); // no move 0
/// assert_eq!(MoveNumber::FIRST.get(), Some(1));
/// assert_eq!(MoveNumber::Unknown.get(), None);
/// assert_eq!("?".parse(), Ok(MoveNumber::Unknown));
/// assert!("0".parse::<MoveNumber>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveNumber {
    /// A known move number, 1 or more.
    Known(NonZeroU32),
    /// The move number is not known; it stays unknown.
    Unknown,
}

impl MoveNumber {
    /// Move 1, the number of the initial position.
    pub const FIRST: MoveNumber = MoveNumber::Known(NonZeroU32::MIN);

    /// The known move number `number`, or `None` for 0, which is no move number.
    #[inline]
    pub const fn known(number: u32) -> Option<MoveNumber> {
        match NonZeroU32::new(number) {
            Some(n) => Some(MoveNumber::Known(n)),
            None => None,
        }
    }

    /// The number, `None` when unknown.
    #[inline]
    pub const fn get(self) -> Option<u32> {
        match self {
            MoveNumber::Known(n) => Some(n.get()),
            MoveNumber::Unknown => None,
        }
    }
}

/// The en-passant or scornful-pawn opportunity left by the last move (PDTL field 4).
///
/// Its text is the PDTL field: `-`, `G15@13`, `G13@9-11` or `F14`.
///
/// ```
/// use cescacs_board::{EnPassant, Hex, Line};
/// let g13: Hex = "G13".parse().unwrap();
/// let lines = [Line::new(9).unwrap(), Line::new(11).unwrap()];
/// let triple = EnPassant::Triple { pawn: g13, lines };
/// assert_eq!(triple.to_string(), "G13@9-11");
/// // Lines read in either order; they are kept ascending.
/// assert_eq!("G13@11-9".parse(), Ok(triple));
/// assert_eq!("G15@13".parse::<EnPassant>().map(|e| e.to_string()), Ok("G15@13".into()));
/// assert_eq!("F14".parse(), Ok(EnPassant::Scornful("F14".parse().unwrap())));
/// assert_eq!("-".parse(), Ok(EnPassant::None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EnPassant {
    /// Nothing can be taken in passing (`-`).
    None,
    /// A double step: `pawn` may be taken on the crossed hex of `line` (`G15@13`).
    Double {
        /// The hex of the pawn that moved.
        pawn: Hex,
        /// The line of the crossed hex (same column).
        line: Line,
    },
    /// A triple step: `pawn` may be taken on either crossed hex (`G13@9-11`, lines ascending).
    Triple {
        /// The hex of the pawn that moved.
        pawn: Hex,
        /// The lines of the two crossed hexes, ascending.
        lines: [Line; 2],
    },
    /// A scornful move: the pawn on this hex may be taken by the pawn it faced (`F14`).
    Scornful(Hex),
}

/// A C'escacs position: everything PDTL records.
///
/// ```
/// use cescacs_board::{Colour, Hex, Piece, PieceKind, Position};
/// let p = Position::initial();
/// assert_eq!(p.turn(), Colour::White);
/// let g1: Hex = "G1".parse().unwrap();
/// assert_eq!(p.piece_at(g1), Some(Piece::new(Colour::White, PieceKind::King)));
/// assert_eq!(p.pieces().count(), 54);
/// ```
///
/// Equality and hashing compare what PDTL records; the [scornful origin](Position::scornful_origin),
/// a hint that only playing a move can provide, is left out.
#[derive(Clone)]
pub struct Position {
    /// The piece code of each hex (`piece::code`, 0 for none): compared and copied as bytes.
    board: [u8; HEX_COUNT],
    turn: Colour,
    castling: [CastlingRights; 2],
    en_passant: EnPassant,
    halfmove_clock: u32,
    move_number: MoveNumber,
    scornful_origin: Option<Hex>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.move_number == other.move_number
    }
}

impl Eq for Position {}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        struct Pieces<'a>(&'a Position);
        impl core::fmt::Debug for Pieces<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_map().entries(self.0.pieces()).finish()
            }
        }
        f.debug_struct("Position")
            .field("board", &Pieces(self))
            .field("turn", &self.turn)
            .field("castling", &self.castling)
            .field("en_passant", &self.en_passant)
            .field("halfmove_clock", &self.halfmove_clock)
            .field("move_number", &self.move_number)
            .field("scornful_origin", &self.scornful_origin)
            .finish()
    }
}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.turn.hash(state);
        self.castling.hash(state);
        self.en_passant.hash(state);
        self.halfmove_clock.hash(state);
        self.move_number.hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::empty()
    }
}

impl Position {
    /// An empty board, White to move, no castling rights, move 1: the start for building a
    /// position piece by piece (it has no Kings, so it is not a position PDTL accepts as is).
    ///
    /// ```
    /// use cescacs_board::{CastlingRights, Colour, EnPassant, MoveNumber, Position};
    /// let p = Position::empty();
    /// assert_eq!(p.pieces().count(), 0);
    /// assert_eq!(p.turn(), Colour::White);
    /// assert_eq!(p.castling(Colour::White), CastlingRights::NONE);
    /// assert_eq!(p.en_passant(), EnPassant::None);
    /// assert_eq!((p.halfmove_clock(), p.move_number()), (0, MoveNumber::FIRST));
    /// assert_eq!(Position::default(), p);
    /// ```
    pub const fn empty() -> Position {
        Position {
            board: [0; HEX_COUNT],
            turn: Colour::White,
            castling: [CastlingRights::NONE; 2],
            en_passant: EnPassant::None,
            halfmove_clock: 0,
            move_number: MoveNumber::FIRST,
            scornful_origin: None,
        }
    }

    /// The initial position of C'escacs (docs/RULES.md 2).
    pub fn initial() -> Position {
        // Most games start here: the hex names are read once, not once per game.
        static INITIAL: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        INITIAL.get_or_init(Position::build_initial).clone()
    }

    fn build_initial() -> Position {
        const WHITE: [(PieceKind, &[&str]); 9] = [
            (PieceKind::King, &["G1"]),
            (PieceKind::Queen, &["E1"]),
            (PieceKind::Wyvern, &["F0"]),
            (PieceKind::Rook, &["C3", "I3"]),
            (PieceKind::Knight, &["E3", "G3"]),
            (PieceKind::Pegasus, &["D2", "H2"]),
            (PieceKind::Bishop, &["F2", "F4", "F6"]),
            (PieceKind::Elephant, &["D4", "H4", "E5", "G5"]),
            (PieceKind::Pawn, &["B4", "K4", "A5", "C5", "I5", "L5", "D6", "H6", "E7", "G7", "F8"]),
        ];
        let mut p = Position::empty();
        for (kind, hexes) in WHITE {
            for name in hexes {
                let white: Hex = name.parse().expect("initial hexes are valid");
                let (c, l) = white.coords();
                let black = Hex::from_coords(c, 28 - l).expect("the board is symmetric");
                p.set_piece(white, Some(Piece::new(Colour::White, kind)));
                p.set_piece(black, Some(Piece::new(Colour::Black, kind)));
            }
        }
        p.castling = [CastlingRights::ALL; 2];
        p
    }

    /// The piece on a hex.
    #[inline]
    pub fn piece_at(&self, hex: Hex) -> Option<Piece> {
        piece_of(self.board[hex.index()])
    }

    /// Puts a piece on a hex (or empties it), returning what was there.
    ///
    /// Nothing else changes: castling status, en-passant field and counters are the caller's to
    /// keep consistent (the PDTL reader checks them).
    ///
    /// ```
    /// use cescacs_board::{Colour, Hex, Piece, PieceKind, Position};
    /// let mut p = Position::empty();
    /// let f14: Hex = "F14".parse().unwrap();
    /// let king = Piece::new(Colour::White, PieceKind::King);
    /// assert_eq!(p.set_piece(f14, Some(king)), None);
    /// assert_eq!(p.piece_at(f14), Some(king));
    /// assert_eq!(p.set_piece(f14, None), Some(king));
    /// assert_eq!(p.pieces().count(), 0);
    /// ```
    #[inline]
    pub fn set_piece(&mut self, hex: Hex, piece: Option<Piece>) -> Option<Piece> {
        piece_of(core::mem::replace(&mut self.board[hex.index()], code_of(piece)))
    }

    /// Every piece with its hex, in hex index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Hex, Piece)> + '_ {
        Hex::all().filter_map(|h| piece_of(self.board[h.index()]).map(|p| (h, p)))
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Colour {
        self.turn
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, turn: Colour) {
        self.turn = turn;
    }

    /// The castling and King's-leap status of a side.
    #[inline]
    pub fn castling(&self, colour: Colour) -> CastlingRights {
        self.castling[colour.index()]
    }

    /// Sets the castling and King's-leap status of a side.
    pub fn set_castling(&mut self, colour: Colour, rights: CastlingRights) {
        self.castling[colour.index()] = rights;
    }

    /// The en-passant / scornful field.
    #[inline]
    pub fn en_passant(&self) -> EnPassant {
        self.en_passant
    }

    /// Sets the en-passant / scornful field (and forgets the scornful origin).
    pub fn set_en_passant(&mut self, field: EnPassant) {
        self.en_passant = field;
        self.scornful_origin = None;
    }

    /// After a scornful move made on this board, the hex the scornful pawn left; `None` when the
    /// position was read from PDTL. The PDTL field `F14` alone cannot say which of two facing
    /// pawns was scorned (docs/RULES.md 6.2); with the origin known only that pawn may capture.
    ///
    /// ```
    /// use cescacs_board::Position;
    /// assert_eq!(Position::initial().scornful_origin(), None);
    /// ```
    #[inline]
    pub fn scornful_origin(&self) -> Option<Hex> {
        self.scornful_origin
    }

    /// Records the hex a scornful pawn left (see [`Position::scornful_origin`]); call it after
    /// [`Position::set_en_passant`], which clears it.
    pub fn set_scornful_origin(&mut self, origin: Option<Hex>) {
        self.scornful_origin = origin;
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Sets the halfmove clock.
    pub fn set_halfmove_clock(&mut self, clock: u32) {
        self.halfmove_clock = clock;
    }

    /// The move number.
    #[inline]
    pub fn move_number(&self) -> MoveNumber {
        self.move_number
    }

    /// Sets the move number.
    pub fn set_move_number(&mut self, number: MoveNumber) {
        self.move_number = number;
    }

    /// The piece code of every hex, by hex index (`piece::code`, 0 for an empty hex).
    #[inline]
    pub(crate) fn codes(&self) -> &[u8; HEX_COUNT] {
        &self.board
    }

    /// Sets the piece code of every hex at once (each `piece::code`, or 0 for an empty hex).
    #[inline]
    pub(crate) fn set_codes(&mut self, codes: &[u8; HEX_COUNT]) {
        self.board = *codes;
    }

    /// The hex of a side's King (the first one in hex order if the position has several).
    ///
    /// ```
    /// use cescacs_board::{Colour, Position};
    /// assert_eq!(Position::initial().king(Colour::Black).map(|h| h.to_string()), Some("G27".into()));
    /// assert_eq!(Position::empty().king(Colour::White), None);
    /// ```
    pub fn king(&self, colour: Colour) -> Option<Hex> {
        let king = code(colour, PieceKind::King);
        Hex::all().find(|h| self.board[h.index()] == king)
    }
}
