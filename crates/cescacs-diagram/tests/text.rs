//! The text diagram (the one `cescacs pdtl` and the language server's hovers print).

use cescacs_board::{Letters, Position};
use cescacs_diagram::Diagram;

#[test]
fn the_initial_position_row_by_row() {
    let text = Diagram::new(&Position::initial()).to_text();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 31, "29 lines and two rows of column letters");
    assert_eq!(rows[0].trim(), "P T A B C D E F G H I K L X Z");
    assert_eq!(rows[1].trim_end(), "28               v");
    assert_eq!(rows[2].trim_end(), "27             d   k");
    assert_eq!(rows[15].trim_end(), "14   *   *   *   *   *   *   *");
    assert_eq!(rows[29].trim_end(), " 0               V");
    assert_eq!(rows[30].trim(), "P T A B C D E F G H I K L X Z");
}

#[test]
fn pieces_follow_the_letter_table() {
    let p = Position::initial();
    let standard = Diagram::new(&p).to_text();
    let fan = Diagram::new(&p).letters(Letters::fan()).to_text();
    let english =
        Diagram::new(&p).letters(Letters::from_redefine("B@J, Q@D, W@V").unwrap()).to_text();
    assert!(standard.lines().nth(29).unwrap().ends_with('V'));
    assert!(fan.lines().nth(29).unwrap().trim_end().ends_with('\u{1FA4F}'), "the white Wyvern");
    assert!(english.lines().nth(29).unwrap().ends_with('W'));
    assert!(english.lines().nth(28).unwrap().contains("Q   K"), "line 1: Queen E1, King G1");
}

#[test]
fn the_middle_row_reads_the_same_flipped() {
    let p = Position::initial();
    let text = Diagram::new(&p).to_text();
    let flipped = Diagram::new(&p).flipped(true).to_text();
    let rows: Vec<&str> = text.lines().collect();
    let frows: Vec<&str> = flipped.lines().collect();
    // Line 14 is the middle row of both; its pieces (none) and hexes read the same mirrored.
    assert_eq!(rows[15].trim_end(), frows[15].trim_end());
    assert_eq!(rows.len(), frows.len());
}
