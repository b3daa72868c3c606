//! The public move: a legal move with the check it gives, written as canonical CTL-AN.

use core::fmt;

use crate::hex::Hex;
use crate::notation::MATE;
use crate::piece::PieceKind;

use super::board::Board;
use super::castling::BoardCastling;
use super::moves::{BoardMove, BoardMoveKind, BoardPromotion};
use super::status::CheckKind;

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
        self.board.piece()
    }

    /// Where the piece starts (see [`BoardMove::from`]).
    pub fn from(&self) -> Hex {
        self.board.from()
    }

    /// Where the piece ends (see [`BoardMove::to`]).
    pub fn to(&self) -> Hex {
        self.board.to()
    }

    /// The kind of the captured piece, if any.
    pub fn captured(&self) -> Option<PieceKind> {
        self.board.captured()
    }

    /// The promotion, if the move ends on the mover's promotion hex.
    pub fn promotion(&self) -> Option<BoardPromotion> {
        self.board.promotion()
    }

    /// The castling, if this is one.
    pub fn castling(&self) -> Option<BoardCastling> {
        self.board.castling()
    }

    /// What kind of move this is.
    pub fn kind(&self) -> BoardMoveKind {
        self.board.kind()
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
