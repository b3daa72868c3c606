//! The SVG picture: hexes coloured by their line, pieces, coordinates, the last move.

use core::fmt::Write as _;

use cescacs_board::{Colour, Column, Hex, HexColour, Line, Piece};

use crate::diagram::{Diagram, PieceStyle};
use crate::geometry::{Layout, Point};

/// The colours of the picture, as SVG colour strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// Fill of the white hexes (lines 1, 4, 7, ...).
    pub white_hex: &'static str,
    /// Fill of the black hexes (lines 0, 3, 6, ...).
    pub black_hex: &'static str,
    /// Fill of the coloured hexes (lines 2, 5, 8, ...).
    pub coloured_hex: &'static str,
    /// The hex outlines.
    pub outline: &'static str,
    /// The disc of a White piece, and the letter of a Black one.
    pub white_piece: &'static str,
    /// The disc of a Black piece, and the letter of a White one.
    pub black_piece: &'static str,
    /// The overlay on the last move's origin and destination.
    pub last_move: &'static str,
    /// The arrows drawn over the pieces.
    pub arrow: &'static str,
    /// The column letters and line numbers.
    pub coordinates: &'static str,
}

/// The palette of [`Diagram::to_svg`]: light, dark and a warm ochre for the three hex colours,
/// chosen so that both kinds of piece disc stand out on all three.
pub const PALETTE: Palette = Palette {
    white_hex: "#f3ead7",
    black_hex: "#8c7b6b",
    coloured_hex: "#d49a5b",
    outline: "#4a3f35",
    white_piece: "#fcfcfc",
    black_piece: "#1e1e1e",
    last_move: "#3fa7f5",
    arrow: "#2e8b3a",
    coordinates: "#333333",
};

impl Palette {
    /// The fill of a hex colour.
    ///
    /// ```
    /// use cescacs_board::HexColour;
    /// use cescacs_diagram::PALETTE;
    /// assert_eq!(PALETTE.hex(HexColour::Coloured), PALETTE.coloured_hex);
    /// ```
    pub const fn hex(&self, colour: HexColour) -> &'static str {
        match colour {
            HexColour::White => self.white_hex,
            HexColour::Black => self.black_hex,
            HexColour::Coloured => self.coloured_hex,
        }
    }
}

const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
/// Fonts known to carry the Chess Symbols block (🩐 🩏) as well as ♔ and ☖.
const SYMBOL_FONT: &str =
    "Noto Sans Symbols 2, Symbola, Segoe UI Symbol, DejaVu Sans, FreeSerif, sans-serif";

fn render(d: &Diagram<'_>) -> String {
    let layout = Layout::new(d.flip);
    let palette = &PALETTE;
    let mut out = String::with_capacity(64 * 1024);
    let (w, h) = (layout.width(), layout.height());
    let (shown_w, shown_h) = match d.width {
        Some(width) => (f64::from(width), f64::from(width) * h / w),
        None => (w, h),
    };
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{shown_w:.0}" height="{shown_h:.0}" viewBox="0 0 {w:.2} {h:.2}" font-family="{FONT}">"#
    );
    if let Some(title) = &d.title {
        let _ = writeln!(out, "<title>{}</title>", escape(title));
    }
    let _ = writeln!(out, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    out.push_str("<g class=\"board\">\n");
    for hex in Hex::all() {
        hexagon(&mut out, &layout, hex, palette);
    }
    out.push_str("</g>\n");
    if let Some((from, to)) = d.last_move {
        for (hex, role, opacity) in [(from, "from", 0.45), (to, "to", 0.7)] {
            let _ = writeln!(
                out,
                r#"<polygon class="last-move {role}" data-hex="{hex}" points="{}" fill="{}" fill-opacity="{opacity}" stroke="{}" stroke-width="2.5"/>"#,
                points(&layout.corners(hex)),
                palette.last_move,
                palette.last_move,
            );
        }
    }
    coordinates(&mut out, &layout, palette);
    out.push_str("<g class=\"pieces\">\n");
    for (hex, piece) in d.position.pieces() {
        draw_piece(&mut out, d, &layout, Some(hex), layout.centre(hex), piece, palette);
    }
    out.push_str("</g>\n");
    arrows(&mut out, d, &layout, palette);
    out.push_str("</svg>\n");
    out
}

/// The arrows, over the pieces: a shaft from the origin's centre stopping short of the
/// destination's, and a head whose tip is on the destination's centre.
fn arrows(out: &mut String, d: &Diagram<'_>, layout: &Layout, palette: &Palette) {
    if d.arrows.is_empty() {
        return;
    }
    let width = layout.column_step() * 0.28;
    out.push_str("<g class=\"arrows\">\n");
    for &(from, to) in &d.arrows {
        let (a, b) = (layout.centre(from), layout.centre(to));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let length = dx.hypot(dy);
        if length < f64::EPSILON {
            continue; // an arrow from a hex to itself has no direction to draw
        }
        let (ux, uy) = (dx / length, dy / length);
        let head = (width * 2.2).min(length);
        let (base_x, base_y) = (b.x - ux * head, b.y - uy * head);
        let (px, py) = (-uy * width * 1.2, ux * width * 1.2);
        let _ = writeln!(
            out,
            r#"<g class="arrow" data-from="{from}" data-to="{to}" fill="{c}" stroke="{c}" opacity="0.75"><line x1="{:.2}" y1="{:.2}" x2="{base_x:.2}" y2="{base_y:.2}" stroke-width="{width:.2}" stroke-linecap="round"/><polygon points="{:.2},{:.2} {:.2},{:.2} {:.2},{:.2}" stroke="none"/></g>"#,
            a.x,
            a.y,
            b.x,
            b.y,
            base_x + px,
            base_y + py,
            base_x - px,
            base_y - py,
            c = palette.arrow,
        );
    }
    out.push_str("</g>\n");
}

fn hexagon(out: &mut String, layout: &Layout, hex: Hex, palette: &Palette) {
    let colour = hex.colour();
    let name = colour.name();
    let _ = writeln!(
        out,
        r#"<polygon class="hex {name}" data-hex="{hex}" points="{}" fill="{}" stroke="{}" stroke-width="1"/>"#,
        points(&layout.corners(hex)),
        palette.hex(colour),
        palette.outline,
    );
}

fn points(corners: &[Point; 6]) -> String {
    let mut s = String::with_capacity(6 * 16);
    for (i, p) in corners.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{:.2},{:.2}", p.x, p.y);
    }
    s
}

/// Column letters above and below each column's end hexes, following the board's hexagonal
/// outline; line numbers in a ruler down each side of the picture, level with their line (a
/// number beside each line's end hex would collide with the column letters on the slanted
/// edges).
fn coordinates(out: &mut String, layout: &Layout, palette: &Palette) {
    let size = 12.0;
    let gap = layout.line_step() + 9.0;
    out.push_str(&format!(
        "<g class=\"coordinates\" font-size=\"{size}\" fill=\"{}\" text-anchor=\"middle\">\n",
        palette.coordinates
    ));
    for column in Column::ALL {
        let hexes = layout.column_top_to_bottom(column);
        let (Some(&top), Some(&bottom)) = (hexes.first(), hexes.last()) else { continue };
        for (hex, dy) in [(top, -gap), (bottom, gap)] {
            let c = layout.centre(hex);
            label(out, "column", Point { x: c.x, y: c.y + dy }, size, &column.to_string());
        }
    }
    let (left, right) = (layout.margin / 2.0, layout.width() - layout.margin / 2.0);
    for line in Line::all_descending() {
        // Any column gives the line's height; the centre column F stands for a whole line.
        let y = layout.point(7, i32::from(line.number())).y;
        for x in [left, right] {
            label(out, "line", Point { x, y }, size, &line.to_string());
        }
    }
    out.push_str("</g>\n");
}

/// A label centred on `at` (the baseline is moved down by about a third of the size, which
/// centres digits and capitals without relying on `dominant-baseline`, unevenly supported).
fn label(out: &mut String, class: &str, at: Point, size: f64, text: &str) {
    let _ = writeln!(
        out,
        r#"<text class="coord {class}" x="{:.2}" y="{:.2}">{}</text>"#,
        at.x,
        at.y + size * 0.36,
        escape(text)
    );
}

/// The SVG group of one piece alone, centred on the origin (no `data-hex`): a viewer places a
/// copy on a hex of [`render`]'s picture by translating it to the hex's centre.
fn piece_alone(d: &Diagram<'_>, piece: Piece) -> String {
    let layout = Layout::new(d.flip);
    let mut out = String::with_capacity(512);
    draw_piece(&mut out, d, &layout, None, Point { x: 0.0, y: 0.0 }, piece, &PALETTE);
    out.trim_end().to_string()
}

/// Draws a piece centred on `c`; `hex`, when given, is named in `data-hex` and the title.
fn draw_piece(
    out: &mut String,
    d: &Diagram<'_>,
    layout: &Layout,
    hex: Option<Hex>,
    c: Point,
    piece: Piece,
    palette: &Palette,
) {
    let r = layout.radius * 0.66;
    let (name, at) = match hex {
        Some(hex) => {
            (format!("{} {} on {hex}", piece.colour, piece.kind), format!(" data-hex=\"{hex}\""))
        }
        None => (format!("{} {}", piece.colour, piece.kind), String::new()),
    };
    let (disc, ink, rim, glyph, font, size) = match d.pieces {
        PieceStyle::Discs => {
            let (disc, ink) = match piece.colour {
                Colour::White => (palette.white_piece, palette.black_piece),
                Colour::Black => (palette.black_piece, palette.white_piece),
            };
            (disc, ink, palette.black_piece, d.letters.letter(piece), FONT, layout.radius * 0.78)
        }
        PieceStyle::Symbols => (
            palette.white_piece,
            palette.black_piece,
            palette.outline,
            piece.fan(),
            SYMBOL_FONT,
            layout.radius * 1.05,
        ),
    };
    let _ = writeln!(
        out,
        r#"<g class="piece"{at} data-piece="{}"><title>{name}</title><circle cx="{:.2}" cy="{:.2}" r="{r:.2}" fill="{disc}" stroke="{rim}" stroke-width="1.5"/><text x="{:.2}" y="{:.2}" font-family="{font}" font-size="{size:.1}" font-weight="bold" fill="{ink}" text-anchor="middle">{}</text></g>"#,
        piece.letter(),
        c.x,
        c.y,
        c.x,
        c.y + size * 0.36,
        escape(&glyph.to_string()),
    );
}

/// Escapes text for XML or HTML content and double-quoted attribute values (SVG here, and the
/// pages of `cescacs html`, which embed these pictures).
///
/// ```
/// assert_eq!(cescacs_diagram::escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            _ => s.push(ch),
        }
    }
    s
}

impl Diagram<'_> {
    /// The SVG document: self-contained (no external resource), 169 hex polygons coloured by
    /// their line (docs/RULES.md 1.2), the pieces, column letters and line numbers around the board,
    /// and the last move highlighted when given.
    pub fn to_svg(&self) -> String {
        render(self)
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
        piece_alone(self, piece)
    }
}
