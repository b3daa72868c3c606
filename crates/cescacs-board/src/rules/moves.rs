//! A move of C'escacs, typed, with its canonical CTL-AN text: the rules engine's [`BoardMove`],
//! and the public [`Move`], a legal move with the check it gives.

use core::fmt;

use crate::hex::Hex;
use crate::notation::{AWAITING, CAPTURE, EN_PASSANT, EN_PASSANT_FAR, MATE, MOVE, PROMOTION};
use crate::piece::PieceKind;

use super::board::Board;
use super::castling::BoardCastling;
use super::status::CheckKind;

/// What a pawn arriving on its promotion hex becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardPromotion {
    /// It is exchanged for this regainable piece (`=D`).
    To(PieceKind),
    /// No piece of the pool fits the hex: it stays a pawn awaiting promotion (`=&`).
    Awaiting,
}

impl fmt::Display for BoardPromotion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardPromotion::To(kind) => write!(f, "{PROMOTION}{}", kind.letter()),
            BoardPromotion::Awaiting => write!(f, "{PROMOTION}{AWAITING}"),
        }
    }
}

/// The kind of a move, beyond "a piece goes from one hex to another".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardMoveKind {
    /// A step, slide, jump or ride, capturing or not; also a pawn's single step, oblique step that
    /// scorns nobody, and diagonal capture.
    Normal,
    /// A pawn's double step (leaves an en-passant hex).
    DoubleStep,
    /// A pawn's triple step from one of the eight triple-step hexes (leaves two en-passant hexes).
    TripleStep,
    /// A pawn's oblique step away from an enemy pawn that faced it (docs/RULES.md 3.9.5).
    Scornful,
    /// An en-passant capture: the mover goes to `to`, the piece on `victim` is removed.
    EnPassant {
        /// The hex of the double- or triple-stepped pawn (or of the piece it promoted to).
        victim: Hex,
    },
    /// The faced pawn takes the scornful pawn orthogonally, on the scornful pawn's hex.
    ScornfulCapture,
    /// The unmoved King's knight jump.
    Leap,
    /// One of the 24 castlings.
    Castling(BoardCastling),
    /// A forced promotion in place of a pawn awaiting promotion (`E27=D`): nothing moves.
    PromotionInPlace,
}

impl BoardMoveKind {
    /// Whether the move changes only its origin and destination hexes (no victim elsewhere, no
    /// second piece, not a promotion in place): then only the moved piece and the line it opens
    /// can change who is attacked.
    pub(crate) fn touches_only_from_and_to(self) -> bool {
        matches!(
            self,
            BoardMoveKind::Normal
                | BoardMoveKind::DoubleStep
                | BoardMoveKind::TripleStep
                | BoardMoveKind::Scornful
                | BoardMoveKind::ScornfulCapture
                | BoardMoveKind::Leap
        )
    }
}

/// A move of a position, as produced by [`Position::legal_moves`](crate::Position::legal_moves) or
/// [`MatchWritten::match_move`](crate::internals::MatchWritten::match_move).
///
/// The engine's currency: [`Board::legal_moves`] and the matching of written moves give it,
/// without the check it gives (which costs a look at the position after it); [`Move`] adds it.
/// Its [`Display`](fmt::Display) is the canonical CTL-AN text without check mark (a move's text
/// does not depend on the side that makes it).
///
/// ```
/// use cescacs_board::Position;
/// let p = Position::initial();
/// let moves: Vec<String> = p.legal_board_moves().iter().map(|m| m.to_string()).collect();
/// assert!(moves.contains(&"JF6-C15".to_string()));
/// assert!(moves.contains(&"NE3-C13".to_string())); // a Knight's ride
/// assert!(moves.contains(&"G7-G13".to_string())); // a triple step
/// assert_eq!(moves.len(), 68);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardMove {
    pub(crate) piece: PieceKind,
    pub(crate) from: Hex,
    pub(crate) to: Hex,
    pub(crate) captured: Option<PieceKind>,
    pub(crate) kind: BoardMoveKind,
    pub(crate) promotion: Option<BoardPromotion>,
}

impl BoardMove {
    /// The moving piece (the King for a castling, the Pawn for a promotion in place).
    pub fn piece(&self) -> PieceKind {
        self.piece
    }

    /// Where the piece starts (the King's home for a castling; the promotion hex for a promotion
    /// in place).
    pub fn from(&self) -> Hex {
        self.from
    }

    /// Where the piece ends (the King's target for a castling).
    pub fn to(&self) -> Hex {
        self.to
    }

    /// The kind of the captured piece, if any (for en passant, the piece removed from the victim hex).
    pub fn captured(&self) -> Option<PieceKind> {
        self.captured
    }

    /// What kind of move this is.
    pub fn kind(&self) -> BoardMoveKind {
        self.kind
    }

    /// The promotion suffix, if the move ends on the mover's promotion hex.
    pub fn promotion(&self) -> Option<BoardPromotion> {
        self.promotion
    }

    /// The castling, if this is one.
    pub fn castling(&self) -> Option<BoardCastling> {
        match self.kind {
            BoardMoveKind::Castling(c) => Some(c),
            _ => None,
        }
    }

    /// Whether the move captures something.
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// Whether a pawn moves (or promotes in place): such moves reset the halfmove clock.
    pub fn is_pawn_move(&self) -> bool {
        self.piece == PieceKind::Pawn
    }

    /// The sign its canonical text writes between origin and destination: `-`, `×`, `@`, or
    /// `@@` for en passant on the first hex a triple step crossed (four lines from the
    /// victim); `-` for a castling and `=` for a promotion in place, which have no origin.
    ///
    /// ```
    /// use cescacs_board::{Position, notation};
    /// let m = Position::initial().legal_board_moves()[0];
    /// assert_eq!(m.separator(), notation::MOVE);
    /// ```
    pub fn separator(&self) -> &'static str {
        match self.kind {
            BoardMoveKind::EnPassant { victim } => {
                let far = victim.line().number().abs_diff(self.to.line().number()) == 4;
                if far { EN_PASSANT_FAR } else { EN_PASSANT }
            }
            BoardMoveKind::ScornfulCapture => EN_PASSANT,
            BoardMoveKind::PromotionInPlace => PROMOTION,
            _ if self.captured.is_some() => CAPTURE,
            _ => MOVE,
        }
    }
}

/// The captured-piece letter of a capture: omitted for a Pawn.
fn victim_letter(kind: Option<PieceKind>) -> Option<char> {
    match kind {
        Some(PieceKind::Pawn) | None => None,
        Some(k) => Some(k.letter()),
    }
}

impl fmt::Display for BoardMove {
    /// Canonical CTL-AN: `JF6-C15`, `GH6×RI3`, `F12@@G9`, `A23@RT20`, `E25-E27=D`, `E27=D`,
    /// `KRK-HIO`; no check mark.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BoardMoveKind::Castling(c) => return f.write_str(c.as_str()),
            BoardMoveKind::PromotionInPlace => {
                write!(f, "{}", self.to)?;
                if let Some(p) = self.promotion {
                    write!(f, "{p}")?;
                }
                return Ok(());
            }
            _ => {}
        }
        if self.piece != PieceKind::Pawn {
            write!(f, "{}", self.piece.letter())?;
        }
        write!(f, "{}{}", self.from, self.separator())?;
        if let Some(c) = victim_letter(self.captured) {
            write!(f, "{c}")?;
        }
        write!(f, "{}", self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// A legal move with the check it gives: what [`Position::legal_moves`](crate::Position::legal_moves)
/// yields, and what the toolkit's readers give for a written move that is legal (shakmaty's
/// `Move`: the typed move, where the notation's text is a separate type).
///
/// It holds the [`BoardMove`] (the rules engine's currency: origin, destination, piece, captured
/// piece, kind, promotion) and the check of the position it leads to: its kind
/// ([`CheckKind`]) and whether it mates. Its [`Display`](fmt::Display) is the canonical CTL-AN
/// text with its check mark (`GH6×RI3+^`, `DC19-E25#`, `KRK-HIO`), in the standard letters;
/// two moves are equal when their board moves and checks are.
///
/// ```
/// use cescacs_board::{CheckKind, PieceKind, Position};
/// let p = pdtl::parse("/14:3k3/8:3E3/1:1K/ w - - 0 1")?;
/// let m = p.legal_moves().into_iter().find(|m| m.to().to_string() == "F10").unwrap();
/// assert_eq!(m.to_string(), "EF8-F10+∞"); // the Elephant's forward-2 attack
/// assert_eq!((m.piece(), m.from().to_string()), (PieceKind::Elephant, "F8".to_string()));
/// assert_eq!((m.check(), m.is_mate(), m.check_mark()), (Some(CheckKind::Afar), false, "+∞"));
/// let next = p.play(&m)?;
/// assert!(next.is_check());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    board: BoardMove,
    check: Option<CheckKind>,
    mate: bool,
}

impl Move {
    /// The move `m` with the check it gives, read from `after`, the board once `m` has been
    /// played on it. Whether it mates is looked for only when it gives check.
    ///
    /// ```
    /// use cescacs_board::{Board, Move, Position};
    /// let p = Position::initial();
    /// let m = p.legal_board_moves()[0];
    /// let mut board = Board::new(&p);
    /// board.play_unchecked(&m);
    /// assert_eq!(Move::new(m, &board).to_string(), m.to_string()); // no check
    /// ```
    pub fn new(m: BoardMove, after: &Board) -> Move {
        let check = after.check_kind();
        let mate = check.is_some() && !after.has_legal_move();
        Move { board: m, check, mate }
    }

    /// The move as the rules engine plays it.
    pub fn board_move(&self) -> BoardMove {
        self.board
    }

    /// The moving piece (the King for a castling, the Pawn for a promotion in place).
    pub fn piece(&self) -> PieceKind {
        self.board.piece
    }

    /// Where the piece starts (see [`BoardMove::from`]).
    pub fn from(&self) -> Hex {
        self.board.from
    }

    /// Where the piece ends (see [`BoardMove::to`]).
    pub fn to(&self) -> Hex {
        self.board.to
    }

    /// The kind of the captured piece, if any.
    pub fn captured(&self) -> Option<PieceKind> {
        self.board.captured
    }

    /// The promotion, if the move ends on the mover's promotion hex.
    pub fn promotion(&self) -> Option<BoardPromotion> {
        self.board.promotion
    }

    /// The castling, if this is one.
    pub fn castling(&self) -> Option<BoardCastling> {
        self.board.castling()
    }

    /// What kind of move this is.
    pub fn kind(&self) -> BoardMoveKind {
        self.board.kind
    }

    /// The kind of check the move gives, if any (a mate has one too).
    pub fn check(&self) -> Option<CheckKind> {
        self.check
    }

    /// Whether the move gives check.
    pub fn is_check(&self) -> bool {
        self.check.is_some()
    }

    /// Whether the move mates.
    pub fn is_mate(&self) -> bool {
        self.mate
    }

    /// The check mark the move earns: `#` for a mate, else `+^`, `+∞` or `++`, or `""`.
    pub fn check_mark(&self) -> &'static str {
        match self.check {
            None => "",
            Some(_) if self.mate => MATE,
            Some(kind) => kind.indicator(),
        }
    }
}

impl From<Move> for BoardMove {
    fn from(m: Move) -> BoardMove {
        m.board
    }
}

impl AsRef<BoardMove> for Move {
    fn as_ref(&self) -> &BoardMove {
        &self.board
    }
}

impl AsRef<BoardMove> for BoardMove {
    fn as_ref(&self) -> &BoardMove {
        self
    }
}

impl fmt::Display for Move {
    /// Canonical CTL-AN with the check mark: `GH6×RI3+^`, `DC19-E25#`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.board, self.check_mark())
    }
}
