//! A written move against a position: what it says under a game's letters
//! ([`move_spec`]), the legal move it names with the check that move gives ([`play`],
//! [`match_move`], [`read_move`]), and, when there is none, the same diagnostic `ctl-pgn`'s
//! replay gives for that mistake (its code, message, help and fix).
//!
//! This is the one home of those rules: the replay that checks games, the game model of
//! `ctl-pgn` and the bindings' `play(text)` all call it.
//!
//! ```
//! use cescacs_board::{Letters, Position};
//! use ctl_an::written::read_move;
//! let p = Position::initial();
//! let m = read_move(&p, "E7-E13", &Letters::standard())?;
//! assert_eq!((m.to_string(), m.is_check()), ("E7-E13".to_string(), false));
//! // An Elephant cannot go three hexes: the replay's E0501, in its words.
//! let e = read_move(&p, "EE5-E11", &Letters::standard()).unwrap_err();
//! assert_eq!((e.code(), e.to_string()), ("E0501", "an Elephant on E5 cannot move to E11".to_string()));
//! // A check mark the move does not earn names the right one.
//! let e = read_move(&p, "E7-E13+", &Letters::standard()).unwrap_err();
//! assert_eq!(e.code(), "E0507");
//! # Ok::<(), ctl_an::written::PlayError>(())
//! ```

mod codes;
mod judge;
mod spec;
mod suggest;

use core::fmt;

use cescacs_board::internals::PlayWritten;
use cescacs_board::{Board, Letters, Position};
use cescacs_diagnostics::Diagnostic;

use crate::syntax;

pub use spec::move_spec;

/// Why a written move cannot be played here: the diagnostics of its text, or the one
/// diagnostic the replay gives for that move in that position (spans into the move's text).
/// Never empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// What was found; the first is the error.
    pub diagnostics: Vec<Diagnostic>,
}

impl PlayError {
    fn one(d: Diagnostic) -> PlayError {
        PlayError { diagnostics: vec![d] }
    }

    /// The diagnostic that refuses the move: the first error (or the first diagnostic, for a
    /// check mark the replay only warns about).
    pub fn diagnostic(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.is_error()).or(self.diagnostics.first())
    }

    /// The code of [`PlayError::diagnostic`] (`E0501`...), `""` if there is none.
    pub fn code(&self) -> &'static str {
        self.diagnostic().map_or("", |d| d.code)
    }
}

impl fmt::Display for PlayError {
    /// The message of [`PlayError::diagnostic`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostic() {
            Some(d) => f.write_str(&d.message),
            None => f.write_str("not a move"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Plays the written move `m` on `board` when it is legal there, and gives it with the check
/// it gives; otherwise leaves `board` as it was and says why, as the replay says it. The check
/// mark written is not looked at ([`match_move`] does): what a reader of a whole game does,
/// whose marks are kept as written and checked by `ctl-pgn`'s `Check`.
///
/// ```
/// use cescacs_board::{Board, Letters, Position};
/// let mut board = Board::new(&Position::initial());
/// let written: ctl_an::syntax::Move = "E7-E13+^".parse()?;
/// let m = ctl_an::written::play(&mut board, &written, &Letters::standard())?;
/// assert_eq!(m.to_string(), "E7-E13"); // the move's own check: none
/// assert_eq!(board.turn(), cescacs_board::Colour::Black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play(
    board: &mut Board,
    m: &syntax::Move,
    letters: &Letters,
) -> Result<cescacs_board::Move, PlayError> {
    let spec = move_spec(m, letters).map_err(|d| PlayError::one(*d))?;
    match board.play_spec(&spec) {
        Ok(played) => Ok(cescacs_board::Move::new(played, board)),
        Err(e) => Err(PlayError::one(match internals::coherent(board, m, &spec, letters) {
            Err(d) => *d,
            Ok(_) => internals::refused(board, m, &spec, letters, &e),
        })),
    }
}

/// The legal move the written move `m` names in `position`, with the check it gives, when its
/// check mark is right: no mark, or the mark the move earns (`+` for any check, `#` for a
/// mate). A mark the move does not earn is refused with the replay's diagnostic, which names
/// the right one (`E0507` a check mark on a move that gives none, a warning code for the wrong kind of
/// check, ...); a move that is not legal, with the replay's diagnostic for it.
///
/// ```
/// use cescacs_board::{Letters, Position};
/// use ctl_an::written::match_move;
/// let p = pdtl::parse("/14:3k3/8:3E3/1:1K/ w - - 0 1")?;
/// let far: ctl_an::syntax::Move = "EF8-F10+^".parse()?;
/// let e = match_move(&p, &far, &Letters::standard()).unwrap_err();
/// assert_eq!(e.to_string(), "expected the check mark `+∞`, found `+^`");
/// let plain: ctl_an::syntax::Move = "EF8-F10".parse()?;
/// assert_eq!(match_move(&p, &plain, &Letters::standard())?.to_string(), "EF8-F10+∞");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn match_move(
    position: &Position,
    m: &syntax::Move,
    letters: &Letters,
) -> Result<cescacs_board::Move, PlayError> {
    let mut board = Board::new(position);
    let played = play(&mut board, m, letters)?;
    match judge::check_mark(m, &board, false) {
        judge::MarkJudged::Wrong(d) if m.check.is_some() => Err(PlayError::one(*d)),
        _ => Ok(played),
    }
}

/// [`match_move`] of `text`, read as one CTL-AN move (its rating, NAGs and game indicators
/// are allowed and ignored); a text that is not one move is refused with the reader's
/// diagnostics.
///
/// ```
/// use cescacs_board::{Letters, Position};
/// let e = ctl_an::written::read_move(&Position::initial(), "E7-E12", &Letters::standard());
/// assert_eq!(e.unwrap_err().code(), "E0204"); // E12 is no hex
/// ```
pub fn read_move(
    position: &Position,
    text: &str,
    letters: &Letters,
) -> Result<cescacs_board::Move, PlayError> {
    let m: syntax::Move = text
        .parse()
        .map_err(|e: crate::MoveParseError| PlayError { diagnostics: e.diagnostics })?;
    match_move(position, &m, letters)
}

/// What only the replay of `ctl-pgn` needs of this module: not a stable API.
pub mod internals {
    use cescacs_board::internals::{MatchWritten, MoveError, MoveSpec};
    use cescacs_board::{Board, BoardMove, Letters};
    use cescacs_diagnostics::Diagnostic;

    use super::{judge, suggest};
    use crate::syntax;

    pub use super::judge::{MarkJudged, check_mark, coherence_error, core_span, rules_error};

    /// The coherent move `spec` (read from `m` under `letters`) names on `board`, or the
    /// coherence diagnostic of `m`, with a "did you mean" when one is sure.
    #[inline]
    pub fn coherent(
        board: &Board,
        m: &syntax::Move,
        spec: &MoveSpec,
        letters: &Letters,
    ) -> Result<BoardMove, Box<Diagnostic>> {
        board.match_move_algebraic(spec).map_err(|e| incoherent(board, m, spec, letters, &e))
    }

    #[cold]
    #[inline(never)]
    fn incoherent(
        board: &Board,
        m: &syntax::Move,
        spec: &MoveSpec,
        letters: &Letters,
        e: &MoveError,
    ) -> Box<Diagnostic> {
        Box::new(suggest::did_you_mean(judge::coherence_error(e, m), e, board, spec, m, letters))
    }

    /// The rules diagnostic of the coherent move `m` that `board` refused with `e`, with a "did
    /// you mean" when one is sure.
    #[cold]
    pub fn refused(
        board: &Board,
        m: &syntax::Move,
        spec: &MoveSpec,
        letters: &Letters,
        e: &MoveError,
    ) -> Diagnostic {
        suggest::did_you_mean(judge::rules_error(e, m), e, board, spec, m, letters)
    }
}
