//! One position as the bindings' board objects see it (python-chess's `Board`, chess.js's
//! `Chess`): its side to move, the piece on a hex, whether it is in check, how the game stands,
//! and a move written in CTL-AN read against it as the checker reads one, check mark included.
//! Values are plain (names as strings), for any shell: [`PieceOn`], [`OutcomeData`].

use cescacs_board::{Colour, Hex, Letters, Move, Outcome, Position};
use serde::Serialize;

use crate::error::PlayError;
use crate::read::{JsonOptions, json_of};

/// A colour's name: `white` or `black`.
pub const fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

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
    Ok(position
        .piece_at(at)
        .map(|p| PieceOn { colour: colour_name(p.colour), piece: p.kind.letter() }))
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
            winner: o.winner().map(colour_name),
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
