//! One position: read from a PDTL in either dialect (or `start`), written in either, its legal
//! moves as `cescacs legal` lists them, a written move played, its picture.

use cescacs_board::{Letters, Position};
use cescacs_diagnostics::Diagnostic;
use pdtl::Dialect;

/// The word read wherever a PDTL is, for the initial position (in any case).
pub const START: &str = "start";

/// A PDTL read (see [`read`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdtlRead {
    /// The position, `None` when the text is not a valid one.
    pub position: Option<Position>,
    /// What the reader found (warnings with a valid position, errors without), spans into the
    /// text.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads a PDTL in `dialect` with the standard letters, as `cescacs pdtl` reads one; [`START`]
/// is the initial position.
///
/// ```
/// use cescacs_toolkit::position::read;
/// use pdtl::Dialect;
/// assert_eq!(read("start", Dialect::Spec).position, Some(cescacs_board::Position::initial()));
/// let app = read("/27:1k/25:r3/3:R3/1:1K/ w KR - 0 -", Dialect::App);
/// assert_eq!(app.diagnostics[0].code, "W0113");
/// assert!(read("/1:K/ x", Dialect::Spec).position.is_none());
/// ```
pub fn read(text: &str, dialect: Dialect) -> PdtlRead {
    read_in(text, &Letters::standard(), dialect)
}

/// Reads a PDTL in `dialect` with the letter table `letters` (see [`read`]).
pub fn read_in(text: &str, letters: &Letters, dialect: Dialect) -> PdtlRead {
    if text.trim().eq_ignore_ascii_case(START) {
        return PdtlRead { position: Some(Position::initial()), diagnostics: Vec::new() };
    }
    let read = match dialect {
        Dialect::Spec => pdtl::read(text, letters),
        Dialect::App => pdtl::read_in(text, letters, dialect),
    };
    PdtlRead { position: read.position, diagnostics: read.diagnostics }
}

/// The canonical PDTL of a position in `dialect`, standard letters.
pub fn write(position: &Position, dialect: Dialect) -> String {
    pdtl::write_in(position, &Letters::standard(), dialect)
}

/// Every legal move of a position in canonical CTL-AN with its check mark, sorted by byte
/// order, as `cescacs legal` lists them.
///
/// ```
/// let moves = cescacs_toolkit::position::legal_moves(&cescacs_board::Position::initial());
/// assert_eq!((moves.len(), moves[0].as_str()), (68, "A5-A7"));
/// ```
pub fn legal_moves(position: &Position) -> Vec<String> {
    let mut texts: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

/// The position after a move written in CTL-AN with the standard letters (`G7-G13`,
/// `KRK-HIO`...), or why it cannot be played: the reader's diagnostics, or the replay's, spans
/// into `written`. A check mark is verified as the checker verifies it.
///
/// ```
/// use cescacs_board::Position;
/// use cescacs_toolkit::position::play;
/// assert!(play(&Position::initial(), "G7-G13").is_ok());
/// assert_eq!(play(&Position::initial(), "G7-G13+").unwrap_err()[0].code, "E0507");
/// ```
pub fn play(position: &Position, written: &str) -> Result<Position, Vec<Diagnostic>> {
    let m = ctl_an::written::read_move(position, written, &Letters::standard())
        .map_err(|e| e.diagnostics)?;
    position.play(&m).map_err(|e| {
        vec![Diagnostic::error(
            cescacs_diagnostics::codes::rules::ILLEGAL_MOVE,
            cescacs_diagnostics::Span::new(0, written.len()),
            format!("expected a legal move, found `{written}`: {e}"),
        )]
    })
}

pub use crate::picture::SvgOptions;

/// The board of a position as a self-contained SVG picture (`cescacs board --svg`'s).
pub fn svg(position: &Position, options: &SvgOptions) -> String {
    let picture = crate::picture::Picture { options: options.clone(), ..Default::default() };
    crate::picture::svg(position, &picture)
}
