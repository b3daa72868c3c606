//! A board as the bindings' board objects see it (python-chess's `Board`, chess.js's `Chess`):
//! one position's side to move, the piece on a hex, how the game stands there, and a move
//! written in CTL-AN read against it as the checker reads one, check mark included, as plain
//! values for any shell ([`PieceOn`], [`OutcomeData`]); and a board to play on ([`Board`]): a
//! start position, the moves played from it (its move stack) and the position after each, so
//! that pushing, popping, reading a written move and the end of a line are written once.
//!
//! A move is pushed only when it is legal where it is pushed; a written move is read as the
//! checker reads it (its check mark verified, the checker's diagnostic when it is wrong); a
//! board's outcome is its line's, a repetition included ([`Outcome::of_line`]).

use std::sync::OnceLock;

use cescacs_board::internals::{MoveSpec, PlayWritten};
/// The board's values a binding gives: the typed move, the outcome, pieces.
pub use cescacs_board::{
    BoardPromotion, CastlingRights, DrawReason, EnPassant, Move, MoveNumber, Outcome, Piece,
    PieceKind, Termination,
};
use cescacs_board::{Colour, Hex, Letters, Position};
use cescacs_diagnostics::{Diagnostic, Span};
use serde::Serialize;

use crate::error::PlayError;
use crate::read::{JsonOptions, json_of};

/// A piece standing on a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PieceOn {
    /// `white` or `black`.
    pub colour: &'static str,
    /// Its standard letter, upper case whatever its colour (`P`, `E`, `J`, `N`, `G`, `R`, `V`,
    /// `D`, `K`).
    pub piece: char,
}

/// The piece on `hex` (a hex's name, `E7`), `None` on an empty hex; an error naming the text
/// when it is no hex of the board.
///
/// ```
/// use cescacs_toolkit::board::piece_at;
/// let p = cescacs_board::Position::initial();
/// assert_eq!(piece_at(&p, "G1").unwrap().map(|on| (on.colour, on.piece)), Some(("white", 'K')));
/// assert_eq!(piece_at(&p, "G13"), Ok(None));
/// assert!(piece_at(&p, "Z99").is_err());
/// ```
pub fn piece_at(position: &Position, hex: &str) -> Result<Option<PieceOn>, PlayError> {
    let at: Hex = hex.parse().map_err(|_| {
        PlayError::new("invalid-input", format!("{hex:?} is no hex of the board (such as `E7`)"))
    })?;
    Ok(position.piece_at(at).map(|p| PieceOn { colour: p.colour.name(), piece: p.kind.letter() }))
}

/// How a game has ended, as plain values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeData {
    /// `checkmate`, `stalemate`, `move exhaustion`, `insufficient material` or `repetition`.
    pub termination: &'static str,
    /// `white` or `black` (mate and stalemate are wins); `None` for a draw.
    pub winner: Option<&'static str>,
    /// The result it writes: `3-0`, `2-1`, `1-1`, `1-2`, `0-3`.
    pub result: String,
}

impl From<Outcome> for OutcomeData {
    fn from(o: Outcome) -> OutcomeData {
        OutcomeData {
            termination: o.termination().as_str(),
            winner: o.winner().map(Colour::name),
            result: o.result().to_string(),
        }
    }
}

/// How the game stands in `position` when it has ended there (mate, stalemate, an automatic
/// draw it shows itself; a repetition needs the line: a game node's outcome).
///
/// ```
/// assert_eq!(cescacs_toolkit::board::outcome(&cescacs_board::Position::initial()), None);
/// ```
pub fn outcome(position: &Position) -> Option<OutcomeData> {
    position.outcome().map(Into::into)
}

/// The legal move that `text` (CTL-AN in the standard letters, with or without its check mark)
/// names at `position`. Refused with the checker's own diagnostic and code: an illegal move
/// (`E0501`...), a check mark the move does not earn (`E0507`, whose message names the right
/// mark), text that is no move.
///
/// ```
/// use cescacs_board::Position;
/// use cescacs_toolkit::board::read_move;
/// let m = read_move(&Position::initial(), "G7-G13")?;
/// assert_eq!(m.to_string(), "G7-G13");
/// let wrong = read_move(&Position::initial(), "G7-G13+").unwrap_err();
/// assert_eq!(wrong.code, "E0507");
/// # Ok::<(), cescacs_toolkit::play::PlayError>(())
/// ```
pub fn read_move(position: &Position, text: &str) -> Result<Move, PlayError> {
    ctl_an::written::read_move(position, text, &Letters::standard()).map_err(|e| {
        let (code, message) = match e.diagnostic() {
            Some(d) => (d.code, format!("{text}: {}", d.message)),
            None => ("invalid-input", format!("{text} is no legal move there")),
        };
        PlayError {
            code: code.into(),
            message,
            diagnostics: json_of(&e.diagnostics, text, &JsonOptions::default()),
        }
    })
}

/// The position after `m`, a legal move of `position` (as [`read_move`] or
/// [`Position::legal_moves`] give), or `invalid-input` when it is none of its legal moves.
pub fn play(position: &Position, m: &Move) -> Result<Position, PlayError> {
    position.play(m).map_err(|e| PlayError::new("invalid-input", format!("{m}: {e}")))
}

/// Why a move was not pushed: the diagnostics that say it, spans into the move's text (the
/// checker's own, for a written move; `E0501`'s code with the move's text for a typed one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotPlayed {
    /// What was found; the first error says why.
    pub diagnostics: Vec<Diagnostic>,
}

impl NotPlayed {
    /// The diagnostic that says why: the first error.
    pub fn diagnostic(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.is_error()).or(self.diagnostics.first())
    }
}

impl std::fmt::Display for NotPlayed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.diagnostic() {
            Some(d) => write!(f, "[{}] {}", d.code, d.message),
            None => f.write_str("the move cannot be played"),
        }
    }
}

impl std::error::Error for NotPlayed {}

/// A start position and the legal moves played from it.
///
/// Each position is kept as the rules engine's board, which plays a known move by verifying
/// that move alone (the way `cescacs check` replays a game), not by generating every legal
/// move, and is written as a [`Position`] only when asked for: pushing is cheap.
///
/// ```
/// use cescacs_toolkit::board::Board;
/// let mut board = Board::default();
/// let m = board.push_text("G7-G13")?;
/// assert_eq!((m.to_string(), board.moves().len()), ("G7-G13".to_string(), 1));
/// // A check mark that the move does not earn is refused with the checker's diagnostic.
/// let wrong = board.push_text("G21-G17+").unwrap_err();
/// assert_eq!(wrong.diagnostic().unwrap().code, "E0507");
/// assert_eq!(board.pop(), Some(m));
/// assert_eq!(board.position(), board.start());
/// # Ok::<(), cescacs_toolkit::board::NotPlayed>(())
/// ```
#[derive(Clone)]
pub struct Board {
    /// The moves played, each legal in the position before it.
    moves: Vec<Move>,
    /// The start, then the position after each move, as the engine's boards with what they
    /// know of checks (the last is the position now; popping a move is dropping one).
    engines: Vec<cescacs_board::Board>,
    /// The same positions as [`Position`]s, each written the first time it is asked for.
    positions: Vec<OnceLock<Position>>,
}

impl PartialEq for Board {
    /// Equal when they start alike and play the same moves.
    fn eq(&self, other: &Board) -> bool {
        self.start() == other.start() && self.moves == other.moves
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("start", self.start())
            .field("moves", &self.moves.iter().map(ToString::to_string).collect::<Vec<_>>())
            .finish()
    }
}

impl Default for Board {
    /// The initial position, no move played.
    fn default() -> Board {
        Board::new(Position::initial())
    }
}

impl Board {
    /// A board at `start`, no move played.
    pub fn new(start: Position) -> Board {
        let engine = cescacs_board::Board::new(&start);
        Board { moves: Vec::new(), engines: vec![engine], positions: vec![OnceLock::from(start)] }
    }

    /// The position now (after the last move pushed).
    pub fn position(&self) -> &Position {
        self.written(self.moves.len())
    }

    /// The position after `ply` moves (0: the start), `None` past the last move.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        (ply <= self.moves.len()).then(|| self.written(ply))
    }

    /// The position after `ply` moves, written now if it was not yet; `ply` is at most the
    /// number of moves (`positions` and `engines` hold one more entry than `moves`).
    fn written(&self, ply: usize) -> &Position {
        self.positions[ply].get_or_init(|| self.engines[ply].to_position())
    }

    /// The position now as the rules engine's board (its pieces, turn and clock without a copy).
    pub fn engine(&self) -> &cescacs_board::Board {
        &self.engines[self.moves.len()]
    }

    /// The position the board started from.
    pub fn start(&self) -> &Position {
        self.written(0)
    }

    /// The moves played, in order (python-chess's `move_stack`).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The start and the position after each move, in order.
    pub fn positions(&self) -> Vec<Position> {
        (0..=self.moves.len()).map(|ply| self.written(ply).clone()).collect()
    }

    /// The legal moves of the position now, in the rules engine's order.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position().legal_moves()
    }

    /// Plays `m` when it is legal in the position now; the move kept is the one of this
    /// position (its check is this position's, whatever position `m` came from).
    ///
    /// # Errors
    /// When `m` is no legal move here: `E0501`'s code, the move's text as the span's text.
    pub fn push(&mut self, m: &Move) -> Result<(), NotPlayed> {
        let wanted = m.board_move();
        let mut next = self.engine().clone();
        // The spec of a move names that move alone: what the engine plays is it, or nothing.
        match next.play_spec(&MoveSpec::from(&wanted)) {
            Ok(played) if played == wanted => {
                let played = Move::new(played, &next);
                self.moves.push(played);
                self.engines.push(next);
                self.positions.push(OnceLock::new());
                Ok(())
            }
            _ => {
                let text = m.to_string();
                Err(NotPlayed {
                    diagnostics: vec![Diagnostic::error(
                        cescacs_diagnostics::codes::rules::ILLEGAL_MOVE,
                        Span::new(0, text.len()),
                        format!(
                            "expected a legal move, found `{text}`: it is not legal in this position"
                        ),
                    )],
                })
            }
        }
    }

    /// The legal move that `text` (CTL-AN in the standard letters) names in the position now,
    /// read as the checker reads a move: a check mark is verified.
    ///
    /// # Errors
    /// The checker's diagnostics for the text (spans into it): a move that cannot be read, is
    /// not legal, or carries a check mark it does not earn (`E0507`, which names the right one).
    pub fn read(&self, text: &str) -> Result<Move, NotPlayed> {
        ctl_an::written::read_move(self.position(), text, &Letters::standard())
            .map_err(|e| NotPlayed { diagnostics: e.diagnostics })
    }

    /// Reads `text` as [`Board::read`] does and plays it.
    ///
    /// # Errors
    /// As [`Board::read`].
    pub fn push_text(&mut self, text: &str) -> Result<Move, NotPlayed> {
        let m = self.read(text)?;
        self.push(&m)?;
        Ok(self.moves[self.moves.len() - 1])
    }

    /// Takes back the last move; `None` when no move was played.
    pub fn pop(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.engines.pop();
        Some(m)
    }

    /// How the line ends here: mate, stalemate, an automatic draw, or a repetition of the
    /// line's positions; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        Outcome::of_line(&self.positions())
    }

    /// Whether the side to move is mated.
    pub fn is_checkmate(&self) -> bool {
        self.termination() == Some(Termination::Checkmate)
    }

    /// Whether the side to move has no legal move and is not in check (a win in C'escacs).
    pub fn is_stalemate(&self) -> bool {
        self.termination() == Some(Termination::Stalemate)
    }

    /// How the game ended, if it did.
    fn termination(&self) -> Option<Termination> {
        self.position().outcome().map(Outcome::termination)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_of_another_position_is_refused_and_the_board_kept() {
        let mut board = Board::default();
        let elsewhere = Board::default().legal_moves()[0];
        board.push(&elsewhere).unwrap();
        let err = board.push(&elsewhere).unwrap_err();
        assert_eq!(err.diagnostic().unwrap().code, "E0501");
        assert_eq!(board.moves().len(), 1);
    }

    #[test]
    fn pop_stops_at_the_start() {
        let mut board = Board::default();
        assert_eq!(board.pop(), None);
        assert_eq!(board.position(), &Position::initial());
    }

    #[test]
    fn a_mate_ends_the_line_with_its_winner() {
        // The fool's mate of corpus/valid/spec-fools-mate-X01-en.ctl-pgn: Black mates.
        let mut board = Board::default();
        let line =
            "H6-H12 I23-I19 JF6-C15 GH26-Z11 L5-L7 NG25-L17 EH4-H8 GZ11-L5 I5-I9 NL17-G9 K4-K10";
        for text in line.split(' ') {
            board.push_text(text).unwrap();
        }
        assert_eq!(board.outcome(), None);
        board.push_text("GL5-H6#").unwrap();
        assert!(board.is_checkmate());
        assert_eq!(board.outcome().and_then(Outcome::winner), Some(cescacs_board::Colour::Black));
    }
}
