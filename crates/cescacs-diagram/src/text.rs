//! The text diagram: one row per cross-line, hexes staggered two characters apart.

use cescacs_board::{Column, HexColour, Line};

use crate::Diagram;

pub(crate) fn render(d: &Diagram<'_>) -> String {
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
        let mut row: Vec<char> = vec![' '; 29];
        for hex in line.hexes() {
            let index = usize::from(hex.column().index());
            let x = 2 * if d.flip { 14 - index } else { index };
            row[x] = match d.position.piece_at(hex) {
                Some(p) => d.letters.letter(p),
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

#[cfg(test)]
mod tests {
    use cescacs_board::Position;

    use crate::Diagram;

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
}
