//! The text diagram: one row per cross-line, hexes staggered two characters apart, and on
//! request a legend of the pieces and the hex colours.

use cescacs_board::{Colour, Column, HexColour, Line, Piece, PieceKind};
use unicode_width::UnicodeWidthChar;

use crate::diagram::{Diagram, PieceStyle};

fn render(d: &Diagram<'_>) -> String {
    let columns: Vec<Column> =
        if d.flip { Column::ALL.iter().rev().copied().collect() } else { Column::ALL.to_vec() };
    let header = {
        let mut s = String::from("   ");
        for c in &columns {
            s.push(c.char());
            s.push(' ');
        }
        s.trim_end().to_string()
    };
    let lines: Vec<Line> = if d.flip {
        Line::all_descending().rev().collect()
    } else {
        Line::all_descending().collect()
    };
    let mut out = String::with_capacity(31 * 36);
    out.push_str(&header);
    out.push('\n');
    for line in lines {
        let mut cells: Vec<(usize, char)> = line
            .hexes()
            .map(|hex| {
                let index = usize::from(hex.column().index());
                let x = 2 * if d.flip { 14 - index } else { index };
                let c = match d.position.piece_at(hex) {
                    Some(p) => symbol(d, p),
                    None => match hex.colour() {
                        HexColour::White => '.',
                        HexColour::Black => ':',
                        HexColour::Coloured => '*',
                    },
                };
                (x, c)
            })
            .collect();
        cells.sort_unstable_by_key(|&(x, _)| x);
        out.push_str(&format!("{:>2} {}", line.number(), row(&cells)));
        out.push('\n');
    }
    out.push_str(&header);
    out.push('\n');
    if d.legend {
        out.push_str(&legend(d));
    }
    out
}

/// How a piece is written: the letter of the diagram's table, or its Unicode symbol.
fn symbol(d: &Diagram<'_>, p: Piece) -> char {
    match d.pieces {
        PieceStyle::Discs => d.letters.letter(p),
        PieceStyle::Symbols => p.fan(),
    }
}

/// The cells of a row, each at its display column (`x`, in terminal cells): a symbol that a
/// terminal shows two cells wide takes the space after it, so the row stays aligned with the
/// column letters.
fn row(cells: &[(usize, char)]) -> String {
    let mut s = String::with_capacity(64);
    let mut width = 0;
    for &(x, c) in cells {
        while width < x {
            s.push(' ');
            width += 1;
        }
        s.push(c);
        width += c.width().unwrap_or(1);
    }
    s
}

/// Two lines under the diagram: each piece's White and Black signs with its name, then the
/// signs of empty hexes.
fn legend(d: &Diagram<'_>) -> String {
    // The King first, the Pawn last.
    let pieces: Vec<String> = PieceKind::ALL
        .iter()
        .rev()
        .map(|&kind| {
            let white = symbol(d, Piece::new(Colour::White, kind));
            let black = symbol(d, Piece::new(Colour::Black, kind));
            format!("{white}/{black} {}", kind.name())
        })
        .collect();
    format!(
        "Pieces (White/Black): {}\nEmpty hexes: . white, : black, * coloured\n",
        pieces.join(", ")
    )
}

impl Diagram<'_> {
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
        render(self)
    }
}

#[cfg(test)]
mod tests {
    use cescacs_board::{Letters, Position};
    use unicode_width::UnicodeWidthStr;

    use super::row;
    use crate::diagram::{Diagram, PieceStyle};

    #[test]
    fn flipped_puts_line_zero_on_top_and_z_on_the_left() {
        let text = Diagram::new(&Position::initial()).flipped(true).to_text();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[0], "   Z X L K I H G F E D C B A T P");
        assert_eq!(rows[1].trim_end(), " 0               V");
        assert_eq!(rows[2].trim_end(), " 1             K   D");
        assert_eq!(rows[29].trim_end(), "28               v");
        assert_eq!(rows.len(), 31);
    }

    #[test]
    fn a_wide_symbol_takes_the_space_after_it() {
        // `馬` is two cells wide: the cell after it starts where it would after a narrow one.
        assert_eq!(row(&[(0, 'a'), (4, 'b')]), "a   b");
        assert_eq!(row(&[(0, '馬'), (4, 'b')]), "馬  b");
        assert_eq!(row(&[(0, '馬'), (4, 'b')]).width(), row(&[(0, 'a'), (4, 'b')]).width());
    }

    #[test]
    fn fan_and_symbol_diagrams_keep_every_hex_under_its_column() {
        let initial = Position::initial();
        let letters = Diagram::new(&initial).to_text();
        for fan in [
            Diagram::new(&initial).letters(Letters::fan()).to_text(),
            Diagram::new(&initial).pieces(PieceStyle::Symbols).to_text(),
        ] {
            assert_eq!(fan.lines().count(), letters.lines().count());
            for (a, b) in letters.lines().zip(fan.lines()) {
                // The same display width row by row, and non-blank cells at the same columns.
                assert_eq!(a.width(), b.width(), "{a}\n{b}");
                let filled = |s: &str| -> Vec<usize> {
                    let mut at = 0;
                    let mut out = Vec::new();
                    for c in s.chars() {
                        if c != ' ' {
                            out.push(at);
                        }
                        at += unicode_width::UnicodeWidthChar::width(c).unwrap_or(1);
                    }
                    out
                };
                assert_eq!(filled(a), filled(b), "{a}\n{b}");
            }
        }
    }

    #[test]
    fn the_legend_names_every_sign() {
        let initial = Position::initial();
        let text = Diagram::new(&initial).legend(true).to_text();
        let legend: Vec<&str> = text.lines().skip(31).collect();
        assert_eq!(
            legend,
            [
                "Pieces (White/Black): K/k King, D/d Queen, V/v Wyvern, R/r Rook, G/g Pegasus, \
                 N/n Knight, J/j Bishop, E/e Elephant, P/p Pawn",
                "Empty hexes: . white, : black, * coloured",
            ]
        );
        let fan = Diagram::new(&initial).letters(Letters::fan()).legend(true).to_text();
        assert!(fan.contains("♔/♚ King"), "{fan}");
        // Without it, the diagram ends with the column letters.
        assert_eq!(Diagram::new(&initial).to_text().lines().count(), 31);
    }
}
