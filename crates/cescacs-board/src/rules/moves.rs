//! A move of C'escacs as the rules engine plays it, typed, with its canonical CTL-AN text
//! ([`BoardMove`]; the public [`Move`](super::legal_move::Move) adds the check it gives).

use core::fmt;

use crate::hex::Hex;
use crate::notation::{AWAITING, CAPTURE, EN_PASSANT, EN_PASSANT_FAR, MOVE, PROMOTION};
use crate::piece::PieceKind;

use super::castling::BoardCastling;

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
/// The engine's currency: [`Board::legal_moves`](super::Board::legal_moves) and the matching of written moves give
/// it, without the check it gives (which costs a look at the position after it);
/// [`Move`](super::legal_move::Move) adds it.
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
