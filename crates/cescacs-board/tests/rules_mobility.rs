//! Where each kind of piece may go, from the centre, a corner and an edge of an otherwise empty
//! board, for both colours: the destination sets are written out hex by hex from the vectors of
//! docs/RULES.md 1.3 and 3.1-3.9 (not taken from the library's tables).

use std::collections::BTreeSet;

use cescacs_board::{Hex, Piece, Position};

/// Hexes of one piece's reach, by move family.
struct Reach {
    hex: &'static str,
    king: &'static str,
    /// The six orthogonal slides.
    rook: &'static str,
    /// The six diagonal slides.
    bishop: &'static str,
    /// The knight jumps.
    jumps: &'static str,
    /// The knight rides (twice a jump, over an empty middle hex).
    rides: &'static str,
    /// A White Elephant's moves.
    elephant: &'static str,
    /// A White Pawn's non-capturing moves (`None` on White's promotion hex).
    pawn: Option<&'static str>,
}

const REACH: [Reach; 5] = [
    Reach {
        hex: "F14",
        king: "F12 F16 E13 E15 G13 G15 D14 H14 E11 E17 G11 G17",
        rook: "F16 F18 F20 F22 F24 F26 F28 F12 F10 F8 F6 F4 F2 F0 \
               G15 H16 I17 K18 L19 X20 Z21 G13 H12 I11 K10 L9 X8 Z7 \
               E15 D16 C17 B18 A19 T20 P21 E13 D12 C11 B10 A9 T8 P7",
        bishop: "H14 K14 X14 D14 B14 T14 G17 H20 I23 G11 H8 I5 E17 D20 C23 E11 D8 C5",
        jumps: "I15 I13 C15 C13 H18 G19 H10 G9 D18 E19 D10 E9",
        rides: "X16 X12 T16 T12 K22 H24 K6 H4 B22 D24 B6 D4",
        elephant: "F16 F18 G17 E17 G11 E11",
        pawn: Some("F16 F18 E15 G15"),
    },
    Reach {
        hex: "P7",
        king: "P9 T8 T6 A7 T10",
        rook: "P9 P11 P13 P15 P17 P19 P21 T8 A9 B10 C11 D12 E13 F14 G15 H16 I17 K18 L19 X20 Z21 \
               T6 A5 B4 C3 D2 E1 F0",
        bishop: "A7 C7 E7 G7 I7 L7 Z7 T10 A13 B16 C19 D22 E25 F28",
        jumps: "B8 B6 A11 T12",
        rides: "E9 E5 C15 A17",
        elephant: "P9 P11 T10",
        pawn: Some("P9 P11 T8"),
    },
    Reach {
        hex: "F0",
        king: "F2 G1 E1 G3 E3",
        rook: "F2 F4 F6 F8 F10 F12 F14 F16 F18 F20 F22 F24 F26 F28 \
               G1 H2 I3 K4 L5 X6 Z7 E1 D2 C3 B4 A5 T6 P7",
        bishop: "G3 H6 I9 K12 L15 X18 Z21 E3 D6 C9 B12 A15 T18 P21",
        jumps: "H4 G5 D4 E5",
        rides: "K8 H10 B8 D10",
        elephant: "F2 F4 G3 E3",
        pawn: Some("F2 F4 G1 E1"),
    },
    Reach {
        hex: "Z21",
        king: "Z19 X22 X20 L21 X18",
        rook: "Z19 Z17 Z15 Z13 Z11 Z9 Z7 X22 L23 K24 I25 H26 G27 F28 \
               X20 L19 K18 I17 H16 G15 F14 E13 D12 C11 B10 A9 T8 P7",
        bishop: "L21 I21 G21 E21 C21 A21 P21 X18 L15 K12 I9 H6 G3 F0",
        jumps: "K22 K20 L17 X16",
        rides: "G23 G19 I13 L11",
        elephant: "X18",
        // Z21 is White's promotion hex.
        pawn: None,
    },
    Reach {
        hex: "T6",
        king: "T8 A7 A5 P7 B6 A9 P9",
        rook: "T8 T10 T12 T14 T16 T18 T20 T22 A7 B8 C9 D10 E11 F12 G13 H14 I15 K16 L17 X18 Z19 \
               A5 B4 C3 D2 E1 F0 P7",
        bishop: "B6 D6 F6 H6 K6 X6 A9 B12 C15 D18 E21 F24 G27 P9",
        jumps: "C7 C5 B10 A11 P11",
        rides: "F8 F4 D14 B16",
        elephant: "T8 T10 A9 P9",
        pawn: Some("T8 T10 A7 P7"),
    },
];

fn set(groups: &[&str]) -> BTreeSet<String> {
    groups.iter().flat_map(|g| g.split_whitespace()).map(String::from).collect()
}

fn hex(name: &str) -> Hex {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The same hex seen from the other side: the line `l` becomes `28 - l`.
fn mirror(name: &str) -> String {
    let (c, l) = hex(name).coords();
    Hex::from_coords(c, 28 - l).expect("the board is symmetric").to_string()
}

fn mirror_all(hexes: &BTreeSet<String>) -> BTreeSet<String> {
    hexes.iter().map(|h| mirror(h)).collect()
}

/// Where the piece on `from` may go, with `others` on the board and its side to move.
fn destinations(letter: char, from: &str, others: &[(&str, char)]) -> BTreeSet<String> {
    let mut p = Position::empty();
    let piece = Piece::from_letter(letter).expect("a piece letter");
    p.set_piece(hex(from), Some(piece));
    for &(h, l) in others {
        p.set_piece(hex(h), Piece::from_letter(l));
    }
    p.set_turn(piece.colour);
    p.legal_board_moves()
        .iter()
        .filter(|m| m.from() == hex(from))
        .map(|m| m.to().to_string())
        .collect()
}

#[test]
fn every_piece_from_the_centre_a_corner_and_an_edge() {
    for r in &REACH {
        let expected = [
            ('K', set(&[r.king])),
            ('D', set(&[r.rook, r.bishop])),
            ('V', set(&[r.rook, r.jumps])),
            ('R', set(&[r.rook])),
            ('G', set(&[r.bishop, r.jumps])),
            ('N', set(&[r.jumps, r.rides])),
            ('J', set(&[r.bishop])),
        ];
        for (letter, want) in expected {
            // These pieces move alike for both sides.
            for l in [letter, letter.to_ascii_lowercase()] {
                assert_eq!(destinations(l, r.hex, &[]), want, "{l} on {}", r.hex);
            }
        }
        let elephant = set(&[r.elephant]);
        assert_eq!(destinations('E', r.hex, &[]), elephant, "E on {}", r.hex);
        let black = mirror(r.hex);
        assert_eq!(destinations('e', &black, &[]), mirror_all(&elephant), "e on {black}");
        if let Some(pawn) = r.pawn {
            let pawn = set(&[pawn]);
            assert_eq!(destinations('P', r.hex, &[]), pawn, "P on {}", r.hex);
            assert_eq!(destinations('p', &black, &[]), mirror_all(&pawn), "p on {black}");
        }
    }
}

#[test]
fn black_elephant_and_pawn_on_the_centre() {
    assert_eq!(destinations('e', "F14", &[]), set(&["F12 F10 G11 E11 G17 E17"]));
    assert_eq!(destinations('p', "F14", &[]), set(&["F12 F10 E13 G13"]));
}

#[test]
fn pawns_capture_on_their_forward_steep_diagonals_only() {
    // docs/RULES.md 3.9.3: from F14 a White pawn goes to F16, F18, E15, G15 and takes on E17 and G17.
    let enemies = [("E17", 'n'), ("G17", 'r'), ("F16", 'j'), ("G13", 'n'), ("D14", 'n')];
    let with_captures = destinations('P', "F14", &enemies);
    // F16 is blocked (no straight capture), so F18 too; G13 behind and D14 beside are not taken.
    assert_eq!(with_captures, set(&["E15 G15 E17 G17"]));
    let black_enemies = [("E11", 'N'), ("G11", 'R'), ("F12", 'J'), ("G15", 'N')];
    assert_eq!(destinations('p', "F14", &black_enemies), set(&["E13 G13 E11 G11"]));
    // Own pieces are never taken.
    assert_eq!(destinations('P', "F14", &[("E17", 'N'), ("G17", 'R')]), set(&["F16 F18 E15 G15"]));
}

#[test]
fn sliders_stop_at_the_first_piece_and_take_only_enemies() {
    // A Rook on F14 with a White piece on F18 and a Black one on F10: F16 upwards, F12 and F10
    // downwards.
    let blocked = destinations('R', "F14", &[("F18", 'P'), ("F10", 'p')]);
    let all = set(&[REACH[0].rook]);
    let cut: BTreeSet<String> = set(&["F18 F20 F22 F24 F26 F28 F8 F6 F4 F2 F0"]);
    assert_eq!(blocked, all.difference(&cut).cloned().collect());
    // A Knight's ride needs its middle hex empty; its jumps leap over anything.
    let rides = destinations('N', "F14", &[("I15", 'P'), ("G15", 'P'), ("G13", 'P')]);
    assert!(!rides.contains("X16") && !rides.contains("I15"), "{rides:?}");
    assert!(rides.contains("I13") && rides.contains("X12"), "{rides:?}");
    // An Elephant's forward-2 step needs the forward-1 hex empty, and takes on either.
    assert_eq!(destinations('E', "F14", &[("F16", 'p')]), set(&["F16 G17 E17 G11 E11"]));
    assert_eq!(destinations('E', "F14", &[("F18", 'p')]), set(&["F16 F18 G17 E17 G11 E11"]));
}

#[test]
fn the_written_sets_have_the_counts_of_rules_md() {
    // The hand-written sets agree with the counts of docs/RULES.md 3.0 (and 9.x for the corners).
    assert_eq!(set(&[REACH[0].rook]).len(), 42);
    assert_eq!(set(&[REACH[0].rook, REACH[0].bishop]).len(), 60);
    assert_eq!(set(&[REACH[0].jumps, REACH[0].rides]).len(), 24);
    assert_eq!(set(&[REACH[1].rook]).len(), 28);
    assert_eq!(set(&[REACH[2].jumps, REACH[2].rides]).len(), 8);
    assert_eq!(mirror("F14"), "F14");
    assert_eq!(mirror("P7"), "P21");
}
