//! Written moves, as the notation readers hand them over ([`MoveSpec`]), matched against the
//! board's moves and played: what `ctl-pgn`'s replay, the language server and the bindings do
//! with a move they read. Reached through [`crate::internals`], not a stable API: to play moves
//! of one's own, [`Position::legal_moves`] and [`Position::play`] are the board's way.

use crate::position::Position;

use super::board::Board;
use super::matching::{MoveError, MoveSpec};
use super::moves::BoardMove;

/// A written move matched against a position's moves, at each level a reader checks.
pub trait MatchWritten {
    /// The legal move `spec` describes, or why there is none (docs/RULES.md 3-7).
    ///
    /// On a [`Board`], only the moves of the piece on the written origin to the written
    /// destination are looked at, and only the one the text describes is tested for the King's
    /// safety; the full move list is generated only to explain a move that fails.
    ///
    /// ```
    /// use cescacs_board::{PieceKind, Position};
    /// use cescacs_board::internals::{MatchWritten, MoveError, MoveSpec, SpecCapture};
    /// let spec = MoveSpec::Move {
    ///     piece: PieceKind::Elephant,
    ///     from: "E5".parse().unwrap(),
    ///     to: "E11".parse().unwrap(),
    ///     capture: SpecCapture::None,
    ///     promotion: None,
    /// };
    /// let e = Position::initial().match_move(&spec).unwrap_err();
    /// assert_eq!(e.to_string(), "an Elephant on E5 cannot move to E11");
    /// ```
    fn match_move(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError>;

    /// Like [`MatchWritten::match_move`] but against the pseudo-legal moves
    /// ([`Position::pseudo_legal_moves`]): for the coherence-level reader, which replays moves
    /// that are algebraically coherent even if they leave a King in check.
    fn match_move_coherent(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError>;

    /// The move `spec` describes if it is algebraically coherent here (the spec's minimal reader),
    /// or why it is not. Movement rules, checks and forced promotions are not tested; the move's
    /// kind (double or triple step, scornful move, en passant...) is inferred from the board so
    /// that [`Position::play_unchecked`] keeps every PDTL field right.
    ///
    /// ```
    /// use cescacs_board::{PieceKind, Position};
    /// use cescacs_board::internals::{MatchWritten, MoveError, MoveSpec, SpecCapture};
    /// let p = Position::initial();
    /// let spec = |piece, from: &str, to: &str| MoveSpec::Move {
    ///     piece,
    ///     from: from.parse().unwrap(),
    ///     to: to.parse().unwrap(),
    ///     capture: SpecCapture::None,
    ///     promotion: None,
    /// };
    /// // Three hexes for an Elephant breaks its rules, but the move is coherent.
    /// assert!(p.match_move_algebraic(&spec(PieceKind::Elephant, "E5", "E11")).is_ok());
    /// // A destination holding one's own piece is not.
    /// let e = p.match_move_algebraic(&spec(PieceKind::Pawn, "G7", "E7")).unwrap_err();
    /// assert_eq!(e, MoveError::DestinationOwnPiece { to: "E7".parse().unwrap(), piece: PieceKind::Pawn });
    /// ```
    fn match_move_algebraic(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError>;
}

impl MatchWritten for Board {
    #[inline]
    fn match_move(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        self.legal_match(spec)
    }

    #[inline]
    fn match_move_coherent(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        self.pseudo_match(spec)
    }

    #[inline]
    fn match_move_algebraic(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        self.algebraic_match(spec)
    }
}

impl MatchWritten for Position {
    fn match_move(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        Board::from_position(self).legal_match(spec)
    }

    fn match_move_coherent(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        Board::from_position(self).pseudo_match(spec)
    }

    fn match_move_algebraic(&self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        Board::from_position(self).algebraic_match(spec)
    }
}

/// A written move played in place on a [`Board`].
pub trait PlayWritten {
    /// Plays the legal move `spec` describes and returns it, or leaves the board as it was and
    /// says why there is none ([`MatchWritten::match_move`]). The check status of the new position is
    /// worked out once and kept, so [`Board::check_kind`] and the next move's test are cheap:
    /// the way to replay a written game.
    ///
    /// ```
    /// use cescacs_board::{Board, CheckKind, PieceKind};
    /// use cescacs_board::internals::{MoveSpec, PlayWritten, SpecCapture};
    /// // docs/RULES.md 8.3 item 21: the Elephant's step to F10 checks the King on F14 over F12.
    /// let mut board = Board::new(&pdtl::parse("/14:3k3/8:3E3/1:1K/ w - - 0 1")?);
    /// let spec = MoveSpec::Move {
    ///     piece: PieceKind::Elephant,
    ///     from: "F8".parse()?,
    ///     to: "F10".parse()?,
    ///     capture: SpecCapture::None,
    ///     promotion: None,
    /// };
    /// let m = board.play_spec(&spec)?;
    /// assert_eq!(m.to_string(), "EF8-F10");
    /// assert_eq!(board.check_kind(), Some(CheckKind::Afar));
    /// // Played again, the move is Black's turn now: refused, and the board is unchanged.
    /// assert!(board.play_spec(&spec).is_err());
    /// assert_eq!(board.check_kind(), Some(CheckKind::Afar));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play_spec(&mut self, spec: &MoveSpec) -> Result<BoardMove, MoveError>;
}

impl PlayWritten for Board {
    #[inline]
    fn play_spec(&mut self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        self.play_written(spec)
    }
}
