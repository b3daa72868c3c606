//! The text diagram is the one `cescacs pdtl` prints, so the two cannot drift apart.

use cescacs_board::{Letters, Position};
use cescacs_diagram::Diagram;

#[test]
fn same_as_the_pdtl_crates_diagram() {
    let mut p = Position::initial();
    let f6 = "F6".parse().unwrap();
    let bishop = p.set_piece(f6, None);
    p.set_piece("C15".parse().unwrap(), bishop);
    for letters in [Letters::standard(), Letters::fan(), Letters::from_redefine("B@J").unwrap()] {
        for position in [&Position::initial(), &p] {
            let ours = Diagram::new(position).letters(letters.clone()).to_text();
            assert_eq!(ours, pdtl::diagram(position, &letters));
        }
    }
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
