//! The rules of C'escacs (docs/RULES.md 3-7): legal moves, playing them, check, mate, stalemate, draws,
//! matching a written move against the position, and perft.
//!
//! Everything is reached through methods of [`Position`]:
//!
//! ```
//! use cescacs_board::{CheckKind, Position};
//! let p = Position::initial();
//! let moves = p.legal_moves();
//! assert_eq!(moves.len(), 68);
//! let m = moves.iter().find(|m| m.to_string() == "G7-G13").unwrap();
//! let next = p.play(m)?;
//! assert_eq!(next.en_passant().to_string(), "G13@9-11");
//! assert_eq!(next.check_kind(), None::<CheckKind>);
//! # Ok::<(), cescacs_board::IllegalMove>(())
//! ```
//!
//! The same queries exist on [`Board`], the compact form the engine works on (a byte mailbox plus
//! a 169-bit occupancy set per side, with static step, jump and ride tables); a `Position` is
//! converted to a `Board` for each query, so code that plays many moves keeps a `Board`. See
//! `docs/RULES.md`.

mod algebraic;
mod apply;
mod attack;
mod board;
mod castling;
mod hexset;
mod legal_move;
pub(crate) mod matching;
mod movegen;
mod moves;
mod perft;
pub(crate) mod repetition;
mod replayed;
mod status;
mod tables;
#[cfg(test)]
mod test_rng;
mod usual;
mod verify;
pub(crate) mod written;
mod zobrist;

use core::fmt;

use crate::position::Position;

pub use board::Board;
pub use castling::{BoardCastling, ParseCastlingError};
pub use legal_move::Move;
pub(crate) use matching::{MoveError, MoveSpec};
pub use moves::{BoardMove, BoardMoveKind, BoardPromotion};
pub use status::{CheckKind, DrawReason, Outcome, Termination};

use movegen::Filter;

/// A move that is not legal in the position it was played on.
///
/// ```
/// use cescacs_board::Position;
/// let p = Position::initial();
/// let m = p.legal_moves()[0];
/// let after = p.play(&m).unwrap();
/// let e = after.play(&m).unwrap_err(); // White's move again, now with Black to move
/// assert!(e.to_string().starts_with("illegal move"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    text: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move `{}` in this position", self.text)
    }
}

impl std::error::Error for IllegalMove {}

impl Board {
    /// Every legal move of the side to move (see [`Position::legal_moves`]).
    pub fn legal_moves(&self) -> Vec<BoardMove> {
        let mut out = Vec::with_capacity(96);
        self.legal_moves_into(&mut out);
        out
    }

    /// Like [`Board::legal_moves`], appending to a buffer the caller may reuse.
    pub fn legal_moves_into(&self, out: &mut Vec<BoardMove>) {
        self.generate(Filter::Legal, out);
    }

    /// Plays a move in place without checking that it is legal here, with every PDTL field
    /// updated (see [`Position::play_unchecked`]). It never panics, whatever the move.
    pub fn play_unchecked(&mut self, m: &BoardMove) {
        self.apply(m);
    }

    /// Plays the legal move `spec` describes (see
    /// [`PlayWritten::play_spec`](written::PlayWritten::play_spec)).
    pub(crate) fn play_written(&mut self, spec: &MoveSpec) -> Result<BoardMove, MoveError> {
        if let Some(m) = self.play_usual(spec) {
            return Ok(m);
        }
        let m = self.legal_match(spec)?;
        self.make_legal(&m);
        Ok(m)
    }

    /// Makes `m`, a legal move, and finds the check it gives: when the opponent was not in
    /// check before the move, only the moved piece and the line it opened can check it now;
    /// moves that change more hexes are scanned in full.
    #[inline]
    pub(crate) fn make_legal(&mut self, m: &BoardMove) {
        let simple = self.waiting_side_safe && m.kind.touches_only_from_and_to();
        self.apply(m);
        if simple {
            self.checkers = self.checkers_of_move(m.from.0, m.to.0);
            self.checkers_known = true;
        } else {
            self.refresh_checkers();
        }
        // The move was legal: the side that made it is not in check.
        self.waiting_side_safe = true;
    }
}

impl Position {
    /// Every legal move of the side to move (docs/RULES.md 7), in generation order, each with the
    /// check it gives ([`Move`]; its text is the canonical CTL-AN with its check mark).
    ///
    /// When a forced promotion is pending (docs/RULES.md 3.9.6) the list holds only the promotions in
    /// place. An empty list means checkmate or stalemate ([`Position::outcome`]). Each move is
    /// played once to find its check: a caller that needs only the moves takes
    /// [`Position::legal_board_moves`].
    ///
    /// ```
    /// use cescacs_board::Position;
    /// let p = Position::initial();
    /// let moves = p.legal_moves();
    /// assert_eq!(moves.len(), 68);
    /// assert!(moves.iter().all(|m| !m.is_check()));
    /// let after = p.play(&moves[0])?;
    /// assert_eq!(after.legal_moves().len(), 68);
    /// # Ok::<(), cescacs_board::IllegalMove>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let board = Board::from_position(self);
        let mut moves = Vec::with_capacity(96);
        board.generate(Filter::Legal, &mut moves);
        let mut after = board.clone();
        moves
            .into_iter()
            .map(|m| {
                after.copy_from(&board);
                after.make_legal(&m);
                Move::new(m, &after)
            })
            .collect()
    }

    /// Every legal move of the side to move, without the check each gives: the rules engine's
    /// moves, as [`Board::legal_moves`] gives them (the cheap path of [`Position::legal_moves`]).
    pub fn legal_board_moves(&self) -> Vec<BoardMove> {
        let mut out = Vec::with_capacity(96);
        self.legal_board_moves_into(&mut out);
        out
    }

    /// Like [`Position::legal_board_moves`], appending to a buffer the caller may reuse.
    pub fn legal_board_moves_into(&self, out: &mut Vec<BoardMove>) {
        Board::from_position(self).generate(Filter::Legal, out);
    }

    /// The moves the pieces' own rules allow, without asking whether the mover's King is left in
    /// check, without castling conditions (c), (d) and (g) and without the forced-promotion rule:
    /// what the spec's minimal (coherence-level) reader accepts.
    pub fn pseudo_legal_moves(&self) -> Vec<BoardMove> {
        let mut out = Vec::with_capacity(96);
        Board::from_position(self).generate(Filter::Pseudo, &mut out);
        out
    }

    /// Whether `m` (a [`Move`] or a [`BoardMove`]) is one of the legal moves.
    pub fn is_legal<M: AsRef<BoardMove> + ?Sized>(&self, m: &M) -> bool {
        self.legal_board_moves().contains(m.as_ref())
    }

    /// Plays a legal move (a [`Move`] or a [`BoardMove`]): the next position, with castling
    /// status, en-passant / scornful field, halfmove clock and move number updated
    /// (docs/RULES.md 6).
    pub fn play<M: AsRef<BoardMove> + ?Sized>(&self, m: &M) -> Result<Position, IllegalMove> {
        let m = m.as_ref();
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMove { text: m.to_string() })
        }
    }

    /// Plays a move without checking that it is legal here, with the same state updates as
    /// [`Position::play`]. For replaying moves that are only algebraically coherent; it never
    /// panics, whatever the move.
    pub fn play_unchecked<M: AsRef<BoardMove> + ?Sized>(&self, m: &M) -> Position {
        let mut b = Board::from_position(self);
        b.apply(m.as_ref());
        b.to_position()
    }

    /// The canonical CTL-AN text of a move, without check mark (a [`BoardMove`]'s `Display`).
    pub fn move_text<M: AsRef<BoardMove> + ?Sized>(&self, m: &M) -> String {
        m.as_ref().to_string()
    }

    /// The check mark the move earns here: `#` (mate), `+^`, `+∞`, `++`, or `""` (a
    /// [`Move`]'s [`check_mark`](Move::check_mark), for a [`BoardMove`] of this position).
    ///
    /// ```
    /// use cescacs_board::Position;
    /// let p = Position::initial();
    /// let m = p.legal_board_moves()[0];
    /// assert_eq!(p.check_suffix(&m), "");
    /// ```
    pub fn check_suffix<M: AsRef<BoardMove> + ?Sized>(&self, m: &M) -> &'static str {
        let m = *m.as_ref();
        let mut b = Board::from_position(self);
        b.apply(&m);
        Move::new(m, &b).check_mark()
    }

    /// The canonical CTL-AN text with its check mark: `NF12-I13++`, `DC19-E25#` (a [`Move`]'s
    /// `Display`, for a [`BoardMove`] of this position).
    pub fn move_text_with_check<M: AsRef<BoardMove> + ?Sized>(&self, m: &M) -> String {
        let m = m.as_ref();
        let mut s = m.to_string();
        s.push_str(self.check_suffix(m));
        s
    }

    /// Whether the side to move must promote a pawn in place this turn (docs/RULES.md 3.9.6).
    pub fn forced_promotion_pending(&self) -> bool {
        Board::from_position(self).forced_promotion_pending()
    }
}
