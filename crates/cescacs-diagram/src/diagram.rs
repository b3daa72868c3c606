//! What to draw and how: the position, its letters, the side at the bottom, the last move, the
//! piece style, a title, a legend, arrows and a width. The renderers (`crate::text`,
//! `crate::svg`) each add their own way to draw a [`Diagram`].

use cescacs_board::{Hex, Letters, Position};

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
    pub(crate) position: &'a Position,
    pub(crate) letters: Letters,
    pub(crate) flip: bool,
    pub(crate) last_move: Option<(Hex, Hex)>,
    pub(crate) pieces: PieceStyle,
    pub(crate) title: Option<String>,
    pub(crate) legend: bool,
    pub(crate) arrows: Vec<(Hex, Hex)>,
    pub(crate) width: Option<u32>,
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
            arrows: Vec::new(),
            width: None,
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

    /// Adds an arrow from the centre of `from` to that of `to`, drawn over the pieces (a plan,
    /// a threat: python-chess's `arrows`).
    ///
    /// ```
    /// let p = cescacs_board::Position::initial();
    /// let svg = cescacs_diagram::Diagram::new(&p).arrow("G7".parse()?, "G13".parse()?).to_svg();
    /// assert_eq!(svg.matches("class=\"arrow\"").count(), 1);
    /// # Ok::<(), cescacs_board::HexParseError>(())
    /// ```
    pub fn arrow(mut self, from: Hex, to: Hex) -> Diagram<'a> {
        self.arrows.push((from, to));
        self
    }

    /// The picture's width in pixels (its height follows); the board's own size when not set.
    pub fn width(mut self, width: u32) -> Diagram<'a> {
        self.width = Some(width);
        self
    }

    /// A title, written as the SVG's `<title>` (shown by viewers as a tooltip or name).
    pub fn title(mut self, title: impl Into<String>) -> Diagram<'a> {
        self.title = Some(title.into());
        self
    }
}
