//! Text tables for a terminal (`standings`, `tree`): columns padded by display width, so that
//! names in any script line up; every cell made terminal-safe.

use unicode_width::UnicodeWidthStr;

use crate::output;

/// How a column's cells are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text: padded on the right.
    Left,
    /// Numbers: padded on the left.
    Right,
}

/// The rows laid out, one line each (ending with a line break), columns two spaces apart and
/// no space at the end of a line; a row shorter than the others leaves the last cells empty.
pub fn render(rows: &[Vec<String>], align: &[Align]) -> String {
    let rows: Vec<Vec<String>> =
        rows.iter().map(|r| r.iter().map(|c| output::safe(c).into_owned()).collect()).collect();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.width()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in &rows {
        let mut line = String::new();
        for (c, width) in widths.iter().enumerate() {
            let cell = row.get(c).map_or("", String::as_str);
            let pad = " ".repeat(width - cell.width());
            if c > 0 {
                line.push_str("  ");
            }
            match align.get(c).copied().unwrap_or(Align::Left) {
                Align::Left => {
                    line.push_str(cell);
                    line.push_str(&pad);
                }
                Align::Right => {
                    line.push_str(&pad);
                    line.push_str(cell);
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_by_display_width() {
        let rows = vec![
            vec!["Moià".to_string(), "3".to_string()],
            vec!["馬馬".to_string(), "12".to_string()],
            vec!["a\u{1b}[31m".to_string()],
        ];
        let text = render(&rows, &[Align::Left, Align::Right]);
        let spaces = |n| " ".repeat(n);
        let escaped = "a\\u{1b}[31m";
        assert_eq!(
            text,
            format!("Moià{}3\n馬馬{}12\n{escaped}\n", spaces(10), spaces(9)),
            "the escape is 11 characters wide"
        );
    }
}
