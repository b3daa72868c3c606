//! The 24 castlings of docs/RULES.md 4.3, with their hexes written out as in the table of the
//! shared rules reference (not taken from the library), and each condition of 4.2 failing.

use cescacs_board::internals::MatchWritten;
use cescacs_board::internals::{CastlingCondition, MoveError, MoveSpec};
use cescacs_board::{
    BoardCastling, BoardMove, CastlingRights, Colour, Hex, Piece, PieceKind, Position,
};

/// One row of docs/RULES.md 4.3: string, White King target, White Rook moves, Black King target,
/// Black Rook moves, hexes that must be empty for White, for Black.
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const TABLE: [Row; 24] = [
    ("KRK-II", "I5", "I3-I7", "I23", "I25-I21", "I5 I7", "I21 I23"),
    ("KRK-IK", "I5", "I3-K4", "I23", "I25-K24", "I5 K4", "I23 K24"),
    ("KRK-IH", "I5", "I3-H4", "I23", "I25-H24", "H4 I5", "H24 I23"),
    ("KRK-HIO", "H6", "I3-I5", "H22", "I25-I23", "H6 I5", "H22 I23"),
    ("KRK-HIOO", "H6", "I3-I7", "H22", "I25-I21", "H6 I5 I7", "H22 I21 I23"),
    ("KRK-HH", "H6", "I3-H4", "H22", "I25-H24", "H4 H6", "H22 H24"),
    ("KRK-HG", "H6", "I3-G5", "H22", "I25-G23", "G5 H4 H6", "G23 H22 H24"),
    ("KRK-FG", "F6", "I3-G5", "F22", "I25-G23", "F6 G5 H4", "F22 G23 H24"),
    ("KRK-FE", "F6", "I3-E7", "F22", "I25-E21", "E7 F6 G5 H4", "E21 F22 G23 H24"),
    ("KRK-EF", "E5", "I3-F6", "E23", "I25-F22", "E5 F6 G5 H4", "E23 F22 G23 H24"),
    ("KRK-EE", "E5", "I3-E7", "E23", "I25-E21", "E5 E7 F6 G5 H4", "E21 E23 F22 G23 H24"),
    ("KRD-DD", "D2", "C3-D4", "D26", "C25-D24", "D2 D4", "D24 D26"),
    ("KRD-DE", "D2", "C3-E1", "D26", "C25-E27", "D2 E1", "D26 E27"),
    ("KRD-HH", "H6", "C3-H8", "H22", "C25-H20", "D4 E5 F6 G7 H6 H8", "D24 E23 F22 G21 H20 H22"),
    ("KRD-HG", "H6", "C3-G7", "H22", "C25-G21", "D4 E5 F6 G7 H6", "D24 E23 F22 G21 H22"),
    ("KRD-FG", "F6", "C3-G7", "F22", "C25-G21", "D4 E5 F6 G7", "D24 E23 F22 G21"),
    ("KRD-FE", "F6", "C3-E5", "F22", "C25-E23", "D4 E5 F6", "D24 E23 F22"),
    ("KRD-EF", "E5", "C3-F6", "E23", "C25-F22", "D4 E5 F6", "D24 E23 F22"),
    ("KRD-ED", "E5", "C3-D4", "E23", "C25-D24", "D4 E5", "D24 E23"),
    (
        "KRR-HIH",
        "H6",
        "I3-I7 C3-H8",
        "H22",
        "I25-I21 C25-H20",
        "D4 E5 F6 G7 H6 H8 I5 I7",
        "D24 E23 F22 G21 H20 H22 I21 I23",
    ),
    (
        "KRR-HGG",
        "H6",
        "I3-G5 C3-G7",
        "H22",
        "I25-G23 C25-G21",
        "D4 E5 F6 G5 G7 H4 H6",
        "D24 E23 F22 G21 G23 H22 H24",
    ),
    (
        "KRR-FGG",
        "F6",
        "I3-G5 C3-G7",
        "F22",
        "I25-G23 C25-G21",
        "D4 E5 F6 G5 G7 H4",
        "D24 E23 F22 G21 G23 H24",
    ),
    (
        "KRR-FEE",
        "F6",
        "I3-E7 C3-E5",
        "F22",
        "I25-E21 C25-E23",
        "D4 E5 E7 F6 G5 H4",
        "D24 E21 E23 F22 G23 H24",
    ),
    (
        "KRR-EEF",
        "E5",
        "I3-E7 C3-F6",
        "E23",
        "I25-E21 C25-F22",
        "D4 E5 E7 F6 G5 H4",
        "D24 E21 E23 F22 G23 H24",
    ),
];

/// A row for one side: string, King target, Rook moves, hexes that must be empty.
struct Side {
    text: &'static str,
    king: Hex,
    rooks: Vec<(Hex, Hex)>,
    empty: Vec<Hex>,
}

fn hex(name: &str) -> Hex {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn hexes(list: &str) -> Vec<Hex> {
    list.split_whitespace().map(hex).collect()
}

fn side(row: &Row, colour: Colour) -> Side {
    let (text, wk, wr, bk, br, we, be) = *row;
    let (king, rooks, empty) = match colour {
        Colour::White => (wk, wr, we),
        Colour::Black => (bk, br, be),
    };
    let rooks = rooks
        .split_whitespace()
        .map(|m| m.split_once('-').map(|(a, b)| (hex(a), hex(b))).expect("from-to"))
        .collect();
    Side { text, king: hex(king), rooks, empty: hexes(empty) }
}

fn board(pieces: &[(&str, char)]) -> Position {
    let mut p = Position::empty();
    for &(h, letter) in pieces {
        p.set_piece(hex(h), Piece::from_letter(letter));
    }
    p
}

/// King and both Rooks of `turn` at home with all rights, the other King alone at home.
fn castle_board(turn: Colour) -> Position {
    let mut p = match turn {
        Colour::White => board(&[("G1", 'K'), ("C3", 'R'), ("I3", 'R'), ("G27", 'k')]),
        Colour::Black => board(&[("G1", 'K'), ("C25", 'r'), ("I25", 'r'), ("G27", 'k')]),
    };
    p.set_castling(Colour::White, CastlingRights::ALL);
    p.set_castling(Colour::Black, CastlingRights::ALL);
    p.set_turn(turn);
    p
}

fn castling_moves(p: &Position) -> Vec<BoardMove> {
    p.legal_board_moves().into_iter().filter(|m| m.castling().is_some()).collect()
}

fn find(p: &Position, text: &str) -> Option<BoardMove> {
    castling_moves(p).into_iter().find(|m| m.to_string() == text)
}

#[test]
fn all_24_castlings_for_both_sides() {
    for colour in Colour::ALL {
        let p = castle_board(colour);
        let mut strings: Vec<String> = castling_moves(&p).iter().map(|m| m.to_string()).collect();
        strings.sort();
        let mut table: Vec<String> = TABLE.iter().map(|r| r.0.to_string()).collect();
        table.sort();
        assert_eq!(strings, table, "{colour}");
        let king = Piece::new(colour, PieceKind::King);
        let rook = Piece::new(colour, PieceKind::Rook);
        for row in &TABLE {
            let s = side(row, colour);
            let m = find(&p, s.text).unwrap_or_else(|| panic!("{} for {colour}", s.text));
            assert_eq!(m.to(), s.king, "{}", s.text);
            let after = p.play(&m).unwrap();
            // Exactly the King and the Rook(s) moved, to the hexes of the table.
            let other_king =
                (hex(["G27", "G1"][colour.index()]), Piece::new(!colour, PieceKind::King));
            let mut expected = vec![(s.king, king), other_king];
            let homes = [hex(["C3", "C25"][colour.index()]), hex(["I3", "I25"][colour.index()])];
            for home in homes {
                if !s.rooks.iter().any(|&(from, _)| from == home) {
                    expected.push((home, rook));
                }
            }
            expected.extend(s.rooks.iter().map(|&(_, to)| (to, rook)));
            let mut expected: Vec<String> =
                expected.iter().map(|(h, p)| format!("{h}{}", p.letter())).collect();
            expected.sort();
            let mut found: Vec<String> =
                after.pieces().map(|(h, p)| format!("{h}{}", p.letter())).collect();
            found.sort();
            assert_eq!(found, expected, "{} for {colour}", s.text);
            assert_eq!(after.castling(colour), CastlingRights::NONE);
            assert_eq!(after.halfmove_clock(), 1);
        }
    }
}

#[test]
fn the_library_table_equals_rules_md() {
    for colour in Colour::ALL {
        for row in &TABLE {
            let s = side(row, colour);
            let c: BoardCastling = s.text.parse().unwrap();
            assert_eq!(c.to_string(), s.text);
            assert_eq!(c.king_target(colour), s.king, "{}", s.text);
            assert_eq!(c.rook_moves(colour).collect::<Vec<_>>(), s.rooks, "{} {colour}", s.text);
            let mut empty = s.empty.clone();
            empty.sort();
            assert_eq!(c.must_be_empty(colour), empty, "{} {colour}", s.text);
        }
    }
}

#[test]
fn exactly_the_listed_hexes_must_be_empty() {
    for colour in Colour::ALL {
        let pawn = Piece::new(colour, PieceKind::Pawn);
        let all: Vec<Hex> = {
            let mut v: Vec<Hex> = TABLE.iter().flat_map(|r| side(r, colour).empty).collect();
            v.sort();
            v.dedup();
            v
        };
        for row in &TABLE {
            let s = side(row, colour);
            for &h in &all {
                let mut p = castle_board(colour);
                p.set_piece(h, Some(pawn));
                let legal = find(&p, s.text).is_some();
                assert_eq!(
                    legal,
                    !s.empty.contains(&h),
                    "{} with a pawn on {h} ({colour})",
                    s.text
                );
            }
        }
    }
}

fn castling_error(p: &Position, c: &str) -> CastlingCondition {
    match p.match_move(&MoveSpec::Castling(c.parse().unwrap())) {
        Err(MoveError::Castling { condition, .. }) => condition,
        other => panic!("{c}: expected a castling error, found {other:?}"),
    }
}

fn texts(p: &Position) -> Vec<String> {
    p.legal_board_moves().iter().map(|m| m.to_string()).collect()
}

#[test]
fn each_castling_condition_failing() {
    // (a) the King has moved.
    let mut p = castle_board(Colour::White);
    p.set_castling(Colour::White, CastlingRights::NONE);
    assert_eq!(castling_error(&p, "KRK-HIO"), CastlingCondition::A);
    // (b) the Rook has moved.
    let mut p = castle_board(Colour::White);
    let mut rights = CastlingRights::ALL;
    rights.kings_rook = false;
    p.set_castling(Colour::White, rights);
    assert_eq!(castling_error(&p, "KRK-HIO"), CastlingCondition::B);
    assert!(texts(&p).contains(&"KRD-DE".into()));
    // (c) the King is in check (Rook on the G column).
    let mut p = castle_board(Colour::White);
    p.set_piece(hex("G11"), Piece::from_letter('r'));
    assert_eq!(castling_error(&p, "KRK-HIO"), CastlingCondition::C);
    // (d) the King's target is attacked.
    let mut p = castle_board(Colour::White);
    p.set_piece(hex("H20"), Piece::from_letter('r'));
    assert_eq!(castling_error(&p, "KRK-HIO"), CastlingCondition::D);
    assert!(texts(&p).contains(&"KRK-II".into()));
    // (e) a Rook's path is blocked.
    let mut p = castle_board(Colour::White);
    p.set_piece(hex("I7"), Piece::from_letter('P'));
    assert_eq!(castling_error(&p, "KRK-HIOO"), CastlingCondition::E);
    assert!(texts(&p).contains(&"KRK-HIO".into()));
    // (f) a target holds an enemy piece: castling never captures.
    let mut p = castle_board(Colour::White);
    p.set_piece(hex("H6"), Piece::from_letter('j'));
    assert_eq!(castling_error(&p, "KRK-HIO"), CastlingCondition::F);
    // (g) the King is in check after the move (docs/RULES.md 9.3 in tests/rules.rs, here for Black).
    let mut p = castle_board(Colour::Black);
    p.set_piece(hex("T22"), Piece::from_letter('R'));
    assert_eq!(castling_error(&p, "KRD-DE"), CastlingCondition::G);
}

#[test]
fn castling_specs_match_the_generated_castlings_with_an_enemy_piece_anywhere() {
    let mut tried = 0;
    for turn in Colour::ALL {
        for letter in ['r', 'j', 'n', 'e'] {
            for extra in Hex::all() {
                let mut p = castle_board(turn);
                if p.piece_at(extra).is_some() {
                    continue;
                }
                let piece = Piece::from_letter(letter).map(|q| Piece::new(!turn, q.kind));
                p.set_piece(extra, piece);
                let legal = castling_moves(&p);
                let board = cescacs_board::Board::new(&p);
                for c in BoardCastling::ALL {
                    let want = legal.iter().copied().find(|m| m.castling() == Some(c));
                    assert_eq!(
                        board.match_move(&MoveSpec::Castling(c)).ok(),
                        want,
                        "{c} with {letter} on {extra}, {turn:?} to move"
                    );
                    tried += usize::from(want.is_some());
                }
            }
        }
    }
    assert!(tried > 1_000, "{tried}");
}
