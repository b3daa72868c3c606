//! The board of docs/RULES.md 1.1-1.3, checked against its tables.

use cescacs_board::{Column, Direction, HEX_COUNT, Hex, HexColour, HexParseError, Line};

fn h(s: &str) -> Hex {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn names(hexes: impl IntoIterator<Item = Hex>) -> Vec<String> {
    hexes.into_iter().map(|h| h.to_string()).collect()
}

#[test]
fn there_are_169_hexes_each_with_its_own_index() {
    assert_eq!(HEX_COUNT, 169);
    assert_eq!(Hex::all().count(), 169);
    assert_eq!(Hex::all_pdtl_order().count(), 169);
    for (i, hex) in Hex::all().enumerate() {
        assert_eq!(hex.index(), i);
        assert_eq!(Hex::from_index(i), Some(hex));
        assert_eq!(hex.to_string().parse::<Hex>(), Ok(hex));
        let (c, l) = hex.coords();
        assert_eq!(Hex::from_coords(c, l), Some(hex));
        assert_eq!((c + l) % 2, 1, "{hex}: column index plus line is odd");
    }
    assert_eq!(Hex::from_index(169), None);
    // Every (column, line) pair outside the table names no hex.
    let existing = (0..15)
        .flat_map(|c| (0..29).map(move |l| (c, l)))
        .filter(|&(c, l)| Hex::from_coords(c, l).is_some())
        .count();
    assert_eq!(existing, 169);
}

#[test]
fn columns_match_the_table_of_rules_1_1() {
    // (column, first line, last line, hexes)
    let table = [
        ('P', 7, 21, 8),
        ('T', 6, 22, 9),
        ('A', 5, 23, 10),
        ('B', 4, 24, 11),
        ('C', 3, 25, 12),
        ('D', 2, 26, 13),
        ('E', 1, 27, 14),
        ('F', 0, 28, 15),
        ('G', 1, 27, 14),
        ('H', 2, 26, 13),
        ('I', 3, 25, 12),
        ('K', 4, 24, 11),
        ('L', 5, 23, 10),
        ('X', 6, 22, 9),
        ('Z', 7, 21, 8),
    ];
    for (i, (letter, first, last, count)) in table.into_iter().enumerate() {
        let column = Column::from_char(letter).unwrap();
        assert_eq!(Column::ALL[i], column);
        assert_eq!(column.index() as usize, i);
        assert_eq!(column.line_range(), (first, last), "{letter}");
        let lines: Vec<u8> =
            Hex::all().filter(|h| h.column() == column).map(|h| h.line().number()).collect();
        assert_eq!(lines.len(), count, "{letter}");
        assert_eq!(lines.first(), Some(&first));
        assert_eq!(lines.last(), Some(&last));
        assert!(lines.windows(2).all(|w| w[1] == w[0] + 2), "{letter}: lines go in steps of 2");
    }
    assert_eq!(Column::from_char('J'), None);
}

#[test]
fn lines_match_the_table_of_rules_1_1() {
    const ODD: &str = "PACEGILZ";
    const EVEN: &str = "TBDFHKX";
    let expected = |l: u8| -> (&'static str, &'static str) {
        let colour = ["black", "white", "colour"][usize::from(l % 3)];
        let columns = match l {
            28 | 0 => "F",
            27 | 1 => "EG",
            26 | 2 => "DFH",
            25 | 3 => "CEGI",
            24 | 4 => "BDFHK",
            23 | 5 => "ACEGIL",
            l if l % 2 == 0 => EVEN,
            _ => ODD,
        };
        (colour, columns)
    };
    let mut total = 0;
    for line in Line::all_descending() {
        let (colour, columns) = expected(line.number());
        let got: String = line.hexes().map(|h| h.column().char()).collect();
        assert_eq!(got, columns, "line {line}");
        assert_eq!(line.len(), columns.len());
        let name = match line.colour() {
            HexColour::Black => "black",
            HexColour::White => "white",
            HexColour::Coloured => "colour",
        };
        assert_eq!(name, colour, "line {line}");
        assert!(line.hexes().all(|h| h.line() == line && h.colour() == line.colour()));
        total += line.len();
    }
    assert_eq!(total, 169);
    assert_eq!(Line::all_descending().next(), Line::new(28));
    assert_eq!(Line::new(29), None);
    // PDTL order: line 28 first, each line left to right.
    let order = names(Hex::all_pdtl_order().take(6));
    assert_eq!(order, ["F28", "E27", "G27", "D26", "F26", "H26"]);
}

#[test]
fn colours_count_57_57_55() {
    let count = |c| Hex::all().filter(|h| h.colour() == c).count();
    assert_eq!(count(HexColour::White), 57);
    assert_eq!(count(HexColour::Black), 57);
    assert_eq!(count(HexColour::Coloured), 55);
    assert_eq!(h("F14").colour(), HexColour::Coloured);
    assert_eq!(h("G1").colour(), HexColour::White);
    assert_eq!(h("E1").colour(), HexColour::White);
    assert_eq!(h("G27").colour(), HexColour::Black);
    assert_eq!(h("E27").colour(), HexColour::Black);
}

#[test]
fn f14_neighbourhoods_are_the_spec_s() {
    let f14 = h("F14");
    let mut orthogonal = names(Direction::ORTHOGONAL.iter().filter_map(|&d| f14.step(d)));
    orthogonal.sort();
    assert_eq!(orthogonal, ["E13", "E15", "F12", "F16", "G13", "G15"]);
    let mut diagonal = names(Direction::DIAGONAL.iter().filter_map(|&d| f14.step(d)));
    diagonal.sort();
    assert_eq!(diagonal, ["D14", "E11", "E17", "G11", "G17", "H14"]);
    // Diagonal steps keep the colour; orthogonal steps change it.
    for d in Direction::ALL {
        let to = f14.step(d).unwrap();
        assert_eq!(to.colour() == f14.colour(), d.is_diagonal(), "{d:?}");
        assert_eq!(to.step(d.opposite()), Some(f14));
    }
    assert_eq!(f14.neighbours().count(), 12);
}

#[test]
fn f14_has_the_12_knight_targets_of_the_spec() {
    let mut jumps = names(h("F14").knight_jumps());
    jumps.sort();
    let mut expected =
        ["I15", "I13", "C15", "C13", "H18", "G19", "H10", "G9", "D18", "E19", "D10", "E9"];
    expected.sort();
    assert_eq!(jumps, expected);
    assert!(h("F14").knight_jumps().all(|t| t.colour() != HexColour::Coloured));
    assert_eq!(h("F14").knight_rides().count(), 12);
}

#[test]
fn g1_leaps_are_the_kings_five() {
    let mut leaps = names(h("G1").knight_jumps());
    leaps.sort();
    assert_eq!(leaps, ["D2", "E5", "F6", "H6", "I5"]);
    let mut black = names(h("G27").knight_jumps());
    black.sort();
    assert_eq!(black, ["D26", "E23", "F22", "H22", "I23"]);
}

#[test]
fn coordinates_parse_and_errors_say_why() {
    assert_eq!(h("F14").column(), Column::F);
    assert_eq!(h("F14").line().number(), 14);
    assert_eq!(h("F0").to_string(), "F0");
    assert_eq!(h("Z21").to_string(), "Z21");
    let err = |s: &str| s.parse::<Hex>().unwrap_err();
    assert_eq!(err("F13"), HexParseError::NotOnBoard { column: Column::F, line: 13 });
    assert_eq!(err("P5"), HexParseError::NotOnBoard { column: Column::P, line: 5 });
    assert_eq!(err("J3"), HexParseError::ColumnJ);
    assert_eq!(err("F29"), HexParseError::LineOutOfRange("29".into()));
    assert_eq!(err("F29").to_string(), "line 29 does not exist (lines are 0 to 28)");
    // A number beyond any integer type is still reported as written.
    assert_eq!(
        err("F99999999999").to_string(),
        "line 99999999999 does not exist (lines are 0 to 28)"
    );
    assert_eq!(err("F256"), HexParseError::LineOutOfRange("256".into()));
    assert_eq!(err("f14"), HexParseError::LowerCaseColumn('f'));
    assert_eq!(err("F04"), HexParseError::LeadingZero);
    assert_eq!(err(""), HexParseError::Empty);
    assert_eq!(err("F"), HexParseError::MissingLine);
    assert_eq!(err("F1x"), HexParseError::BadLine);
    assert_eq!(err("Q4"), HexParseError::UnknownColumn('Q'));
    assert!(err("F13").to_string().contains("even lines 0 to 28"));
}

#[test]
fn rays_stop_at_the_edge() {
    assert_eq!(
        names(h("F14").ray(Direction::Up)),
        ["F16", "F18", "F20", "F22", "F24", "F26", "F28"]
    );
    assert_eq!(h("F0").ray(Direction::Down).count(), 0);
    assert_eq!(names(h("C3").ray(Direction::DownRight)), ["D2", "E1", "F0"]);
    assert_eq!(names(h("F14").ray(Direction::Right)), ["H14", "K14", "X14"]);
    assert_eq!(h("P7").ray(Direction::SteepDownLeft).count(), 0);
    // A ray never wraps around: every hex of it is one more step from the start.
    for hex in Hex::all() {
        for d in Direction::ALL {
            let (dc, dl) = d.vector();
            let (c, l) = hex.coords();
            for (k, to) in hex.ray(d).enumerate() {
                let k = k as i32 + 1;
                assert_eq!(to.coords(), (c + k * dc, l + k * dl));
            }
        }
    }
}

#[test]
fn opposite_directions_negate_the_vector() {
    for d in Direction::ALL {
        let (dc, dl) = d.vector();
        assert_eq!(d.opposite().vector(), (-dc, -dl), "{d:?}");
        assert_eq!(d.opposite().opposite(), d);
        assert_eq!(d.opposite().is_diagonal(), d.is_diagonal());
    }
}
