//! Pictures of C'escacs positions: a plain-text diagram for terminals and hovers, and a
//! self-contained SVG of the 169-hex board in its three hex colours.
//!
//! This crate knows the board model ([`cescacs_board`]) and nothing of any notation parser: give
//! it a [`Position`] and, for a game, the last move's origin and destination.
//!
//! ```
//! use cescacs_board::Position;
//! use cescacs_diagram::Diagram;
//! let initial = Position::initial();
//! let text = Diagram::new(&initial).to_text();
//! assert!(text.starts_with("   P T A B C D E F G H I K L X Z\n28               v\n"));
//! let svg = Diagram::new(&initial).flipped(true).to_svg();
//! assert_eq!(svg.matches("<polygon class=\"hex").count(), 169);
//! ```
//!
//! Geometry: hexes are flat-topped, so every column (`P` to `Z`, left to right as White sees
//! the board) is a vertical file of hexes sharing their flat edges, and every cross-line is a
//! horizontal row. A column steps two lines from one hex to the next and neighbouring columns are
//! one line apart, which is exactly docs/RULES.md 1.1: orthogonal steps cross an edge, diagonal steps
//! pass through a corner (the diagonal along a line is horizontal).
#![forbid(unsafe_code)]

mod geometry;
mod svg;
mod text;

use cescacs_board::{Hex, Letters, Piece, Position};

pub use geometry::{Layout, Point};
pub use svg::{PALETTE, Palette, escape};

/// How pieces are drawn: in the SVG, and as letters or symbols in the text diagram.
///
/// The spec's Unicode piece symbols need a font that carries them: the chess symbols of the
/// Pegasus (🩐 🩓) and the Wyvern (🩏 🩒) are in Unicode's Chess Symbols block, which common
/// fonts lack, so a picture drawn with them shows empty boxes on many systems. The default draws
/// every piece as its letter in a disc (white disc for White, black disc for Black), which any
/// font can show; [`PieceStyle::Symbols`] draws the spec's symbols (shogi ☖ ☗ for the Elephant)
/// for viewers that have such a font.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PieceStyle {
    /// The letter of the diagram's [`Letters`] table in a disc of the piece's colour (in the
    /// text diagram: the letter).
    #[default]
    Discs,
    /// The spec's Unicode symbol of the piece on a light disc (in the text diagram: the
    /// symbol, whatever the letter table).
    Symbols,
}

/// A position to draw, with how to draw it.
///
/// ```
/// use cescacs_board::{Letters, Position};
/// use cescacs_diagram::{Diagram, PieceStyle};
/// let p = Position::initial();
/// let svg = Diagram::new(&p)
///     .letters(Letters::from_redefine("B@J, Q@D, W@V").unwrap())
///     .pieces(PieceStyle::Discs)
///     .last_move("F6".parse().unwrap(), "C15".parse().unwrap())
///     .title("After 1. JF6-C15")
///     .to_svg();
/// assert!(svg.contains("<title>After 1. JF6-C15</title>"));
/// assert_eq!(svg.matches("class=\"last-move").count(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Diagram<'a> {
    position: &'a Position,
    letters: Letters,
    flip: bool,
    last_move: Option<(Hex, Hex)>,
    pieces: PieceStyle,
    title: Option<String>,
    legend: bool,
}

impl<'a> Diagram<'a> {
    /// A diagram of `position` with White at the bottom, standard letters, pieces in discs.
    pub fn new(position: &'a Position) -> Diagram<'a> {
        Diagram {
            position,
            letters: Letters::standard(),
            flip: false,
            last_move: None,
            pieces: PieceStyle::Discs,
            title: None,
            legend: false,
        }
    }

    /// Names the pieces with this letter table (standard, a Redefine set, or FAN).
    pub fn letters(mut self, letters: Letters) -> Diagram<'a> {
        self.letters = letters;
        self
    }

    /// With `true`, the board is turned half a turn to show it as Black sees it: Black's side
    /// (line 28) at the bottom and column `Z` on the left.
    pub fn flipped(mut self, flip: bool) -> Diagram<'a> {
        self.flip = flip;
        self
    }

    /// Highlights the origin and destination of the move that led to the position (SVG only:
    /// the text diagram has no room for it).
    pub fn last_move(mut self, from: Hex, to: Hex) -> Diagram<'a> {
        self.last_move = Some((from, to));
        self
    }

    /// How pieces are drawn: in the SVG, and letters or symbols in the text diagram.
    pub fn pieces(mut self, style: PieceStyle) -> Diagram<'a> {
        self.pieces = style;
        self
    }

    /// With `true`, the text diagram ends with a legend: each piece's White and Black signs
    /// with its name, and the signs of empty hexes.
    ///
    /// ```
    /// use cescacs_board::Position;
    /// use cescacs_diagram::Diagram;
    /// let text = Diagram::new(&Position::initial()).legend(true).to_text();
    /// assert!(text.contains("K/k King") && text.ends_with("* coloured\n"));
    /// ```
    pub fn legend(mut self, legend: bool) -> Diagram<'a> {
        self.legend = legend;
        self
    }

    /// A title, written as the SVG's `<title>` (shown by viewers as a tooltip or name).
    pub fn title(mut self, title: impl Into<String>) -> Diagram<'a> {
        self.title = Some(title.into());
        self
    }

    /// The text diagram.
    ///
    /// One row per cross-line, 28 at the top (0 when flipped), every column two characters wide,
    /// so that hexes of consecutive lines are staggered and the board shows its hexagonal shape.
    /// Pieces are written with the letter table (or their Unicode symbols with
    /// [`PieceStyle::Symbols`]); empty hexes by their colour: `.` white, `:` black, `*` coloured.
    /// Rows carry their line number on the left; the column letters run along the top and the
    /// bottom; a symbol a terminal shows two cells wide takes the space after it, so every hex
    /// stays under its column. A legend follows with [`Diagram::legend`].
    pub fn to_text(&self) -> String {
        text::render(self)
    }

    /// The SVG document: self-contained (no external resource), 169 hex polygons coloured by
    /// their line (docs/RULES.md 1.2), the pieces, column letters and line numbers around the board,
    /// and the last move highlighted when given.
    pub fn to_svg(&self) -> String {
        svg::render(self)
    }

    /// One piece as [`Diagram::to_svg`] draws it (with this diagram's letters and piece style),
    /// centred on the origin and without `data-hex`: an SVG `<g class="piece">` that a viewer
    /// copies onto a hex of the picture by translating it to the hex's centre, so that a page can
    /// show any position on one board.
    ///
    /// ```
    /// use cescacs_board::{Colour, Piece, PieceKind, Position};
    /// use cescacs_diagram::Diagram;
    /// let p = Position::initial();
    /// let king = Piece { colour: Colour::White, kind: PieceKind::King };
    /// let g = Diagram::new(&p).piece_svg(king);
    /// assert!(g.starts_with("<g class=\"piece\" data-piece=\"K\"><title>White King</title>"));
    /// assert!(g.contains("cx=\"0.00\" cy=\"0.00\""));
    /// ```
    pub fn piece_svg(&self, piece: Piece) -> String {
        svg::piece_alone(self, piece)
    }
}

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
