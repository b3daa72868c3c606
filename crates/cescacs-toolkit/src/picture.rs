//! A position's picture with everything a notebook asks of one (python-chess's
//! `chess.svg.board`): the options of [`position::svg`](crate::position::svg), arrows and a
//! width. [`position::svg`](crate::position::svg) draws through [`svg`]; [`SvgOptions`] lives
//! here and is re-exported there.

use cescacs_board::{Hex, Position};
use cescacs_diagram::{Diagram, PieceStyle};

/// How [`position::svg`](crate::position::svg) draws a position (and [`svg`], with a
/// [`Picture`]'s arrows and width).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Black at the bottom.
    pub flip: bool,
    /// How pieces are drawn.
    pub pieces: PieceStyle,
    /// The last move's origin and destination, highlighted.
    pub last_move: Option<(Hex, Hex)>,
    /// The picture's `<title>`.
    pub title: Option<String>,
}

/// How [`svg`] draws a position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picture {
    /// The side at the bottom, the pieces' style, the last move, the title.
    pub options: SvgOptions,
    /// Arrows over the pieces, from the first hex's centre to the second's.
    pub arrows: Vec<(Hex, Hex)>,
    /// The width in pixels (the height follows); the board's own size when `None`.
    pub width: Option<u32>,
}

/// The board of a position as a self-contained SVG picture.
///
/// ```
/// use cescacs_toolkit::picture::{Picture, svg};
/// let p = cescacs_board::Position::initial();
/// let picture = Picture { arrows: vec![("G7".parse()?, "G13".parse()?)], width: Some(300), ..Default::default() };
/// let drawn = svg(&p, &picture);
/// assert!(drawn.contains("width=\"300\"") && drawn.contains("class=\"arrow\""));
/// # Ok::<(), cescacs_board::HexParseError>(())
/// ```
pub fn svg(position: &Position, picture: &Picture) -> String {
    let options = &picture.options;
    let mut diagram = Diagram::new(position).flipped(options.flip).pieces(options.pieces);
    if let Some((from, to)) = options.last_move {
        diagram = diagram.last_move(from, to);
    }
    if let Some(title) = &options.title {
        diagram = diagram.title(title.clone());
    }
    for &(from, to) in &picture.arrows {
        diagram = diagram.arrow(from, to);
    }
    if let Some(width) = picture.width {
        diagram = diagram.width(width);
    }
    diagram.to_svg()
}
