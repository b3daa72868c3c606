//! A plain-text picture of a position, for people.

use cescacs_board::{Column, HexColour, Letters, Line, Position};

/// Draws a position as text: one row per cross-line, 28 at the top, every column two characters
/// wide, so hexes of consecutive lines are staggered and the board shows its hexagonal shape.
///
/// Pieces are written with the letter table; empty hexes by their colour: `.` white, `:` black,
/// `*` coloured. Rows carry their line number on the left, the column letters run along the top
/// and bottom.
///
/// ```
/// use cescacs_board::{Letters, Position};
/// let d = pdtl::diagram(&Position::initial(), &Letters::standard());
/// let rows: Vec<&str> = d.lines().collect();
/// assert_eq!(rows[0].trim(), "P T A B C D E F G H I K L X Z");
/// assert_eq!(rows[1].trim_end(), "28               v");
/// assert_eq!(rows[15].trim_end(), "14   *   *   *   *   *   *   *");
/// assert_eq!(rows[29].trim_end(), " 0               V");
/// ```
pub fn diagram(position: &Position, letters: &Letters) -> String {
    let header = {
        let mut s = String::from("   ");
        for c in Column::ALL {
            s.push(c.char());
            s.push(' ');
        }
        s.trim_end().to_string()
    };
    let mut out = String::with_capacity(31 * 36);
    out.push_str(&header);
    out.push('\n');
    for line in Line::all_descending() {
        let mut row: Vec<char> = vec![' '; 29];
        for hex in line.hexes() {
            let x = 2 * usize::from(hex.column().index());
            row[x] = match position.piece_at(hex) {
                Some(p) => letters.letter(p),
                None => match hex.colour() {
                    HexColour::White => '.',
                    HexColour::Black => ':',
                    HexColour::Coloured => '*',
                },
            };
        }
        let row: String = row.into_iter().collect();
        out.push_str(&format!("{:>2} {}", line.number(), row.trim_end()));
        out.push('\n');
    }
    out.push_str(&header);
    out.push('\n');
    out
}
