//! Where each hex is drawn: flat-topped hexes, columns as vertical files, lines as rows.

use cescacs_board::{Column, Hex, Line};

/// A point of the picture, in SVG user units (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Horizontal, from the left edge.
    pub x: f64,
    /// Vertical, from the top edge.
    pub y: f64,
}

/// The measures of the picture: hex size, margins, and the board's orientation.
///
/// A flat-topped hex of circumradius `r` is `2r` wide and `√3·r` tall. Hexes of one column touch
/// along their flat edges, so a column advances one hex height every two lines: one line is
/// half a hex height (`√3/2·r`). Neighbouring columns are `1.5·r` apart.
///
/// ```
/// use cescacs_diagram::Layout;
/// let layout = Layout::new(false);
/// let f14 = layout.centre("F14".parse().unwrap());
/// let f16 = layout.centre("F16".parse().unwrap());
/// let g15 = layout.centre("G15".parse().unwrap());
/// assert!((f14.x - f16.x).abs() < 1e-9 && f16.y < f14.y); // up the column: straight up
/// assert!((g15.x - f14.x - 1.5 * layout.radius).abs() < 1e-9); // next column: 1.5 r across
/// let flipped = Layout::new(true);
/// assert!(flipped.centre("F16".parse().unwrap()).y > flipped.centre("F14".parse().unwrap()).y);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Circumradius of a hex: centre to corner.
    pub radius: f64,
    /// Room left around the board for the coordinates.
    pub margin: f64,
    /// Whether Black's side is at the bottom.
    pub flip: bool,
}

impl Layout {
    /// The layout used by [`Diagram::to_svg`](crate::Diagram::to_svg).
    pub const fn new(flip: bool) -> Layout {
        Layout { radius: 24.0, margin: 34.0, flip }
    }

    /// Half a hex height: the vertical distance between two consecutive lines.
    pub fn line_step(&self) -> f64 {
        self.radius * 3f64.sqrt() / 2.0
    }

    /// The horizontal distance between two neighbouring columns.
    pub fn column_step(&self) -> f64 {
        self.radius * 1.5
    }

    /// Width of the whole picture.
    pub fn width(&self) -> f64 {
        2.0 * self.margin + 14.0 * self.column_step() + 2.0 * self.radius
    }

    /// Height of the whole picture.
    pub fn height(&self) -> f64 {
        2.0 * self.margin + 30.0 * self.line_step()
    }

    /// The column index and line number as drawn: turned half a turn when flipped.
    fn visual(&self, column: i32, line: i32) -> (f64, f64) {
        if self.flip {
            (f64::from(14 - column), f64::from(line))
        } else {
            (f64::from(column), f64::from(28 - line))
        }
    }

    /// Where a (column index, line) point is drawn; it need not be a hex, so labels can sit one
    /// step beyond the board.
    pub fn point(&self, column: i32, line: i32) -> Point {
        let (col, row) = self.visual(column, line);
        Point {
            x: self.margin + self.radius + col * self.column_step(),
            y: self.margin + self.line_step() * (row + 1.0),
        }
    }

    /// The centre of a hex.
    pub fn centre(&self, hex: Hex) -> Point {
        let (c, l) = hex.coords();
        self.point(c, l)
    }

    /// The six corners of a hex, clockwise from the right-hand one.
    pub fn corners(&self, hex: Hex) -> [Point; 6] {
        let c = self.centre(hex);
        let (r, h) = (self.radius, self.line_step());
        [
            Point { x: c.x + r, y: c.y },
            Point { x: c.x + r / 2.0, y: c.y + h },
            Point { x: c.x - r / 2.0, y: c.y + h },
            Point { x: c.x - r, y: c.y },
            Point { x: c.x - r / 2.0, y: c.y - h },
            Point { x: c.x + r / 2.0, y: c.y - h },
        ]
    }

    /// The hexes of a column in drawing order, top first.
    pub fn column_top_to_bottom(&self, column: Column) -> Vec<Hex> {
        let mut hexes: Vec<Hex> = Hex::all().filter(|h| h.column() == column).collect();
        if !self.flip {
            hexes.reverse();
        }
        hexes
    }

    /// The hexes of a line in drawing order, left first.
    pub fn line_left_to_right(&self, line: Line) -> Vec<Hex> {
        let mut hexes: Vec<Hex> = line.hexes().collect();
        if self.flip {
            hexes.reverse();
        }
        hexes
    }
}
