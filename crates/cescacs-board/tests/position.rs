//! The initial position (docs/RULES.md 2), the regainable pool (docs/RULES.md 3.9.6) and the letter tables.

use cescacs_board::{Colour, HexColour, Letters, Piece, PieceKind, Position};

#[test]
fn initial_position_has_27_pieces_a_side() {
    let p = Position::initial();
    for colour in Colour::ALL {
        let mut count = [0u8; 9];
        for (_, piece) in p.pieces().filter(|(_, q)| q.colour == colour) {
            count[piece.kind.index()] += 1;
        }
        // P E J N G R V D K
        assert_eq!(count, [11, 4, 3, 2, 2, 2, 1, 1, 1], "{colour}");
        let bishops: Vec<HexColour> = p
            .pieces()
            .filter(|&(_, q)| q == Piece::new(colour, PieceKind::Bishop))
            .map(|(h, _)| h.colour())
            .collect();
        assert!(HexColour::ALL.iter().all(|c| bishops.contains(c)), "one Bishop per hex colour");
        assert!(p.regainable(colour).is_empty());
        assert!(p.castling(colour).king_unmoved);
    }
    assert_eq!(p.pieces().count(), 54);
    assert_eq!(p.king(Colour::White).map(|h| h.to_string()).as_deref(), Some("G1"));
    assert_eq!(p.king(Colour::Black).map(|h| h.to_string()).as_deref(), Some("G27"));
    // Black is White mirrored by l -> 28 - l.
    for (hex, piece) in p.pieces() {
        let (c, l) = hex.coords();
        let mirror = cescacs_board::Hex::from_coords(c, 28 - l).unwrap();
        assert_eq!(p.piece_at(mirror), Some(Piece::new(!piece.colour, piece.kind)));
    }
}

#[test]
fn regainable_pool_is_what_a_side_lost() {
    let mut p = Position::initial();
    for name in ["E27", "C25", "F24", "G25"] {
        p.set_piece(name.parse().unwrap(), None);
    }
    let pool = p.regainable(Colour::Black);
    assert_eq!(pool.count(PieceKind::Queen), 1);
    assert_eq!(pool.count(PieceKind::Rook), 1);
    assert_eq!(pool.count(PieceKind::Knight), 1);
    assert_eq!(pool.count(PieceKind::Bishop), 1);
    assert!(pool.bishop(HexColour::Black));
    assert_eq!(pool.count(PieceKind::Pawn), 0);
    assert!(p.regainable(Colour::White).is_empty());
    // A pawn arriving on a white hex cannot take the black-hex Bishop.
    let e1 = "E1".parse().unwrap();
    let kinds: Vec<PieceKind> = pool.kinds_for(e1).collect();
    assert_eq!(kinds, [PieceKind::Knight, PieceKind::Rook, PieceKind::Queen]);
    let mut pool = pool;
    assert!(pool.take(PieceKind::Queen, e1));
    assert!(!pool.take(PieceKind::Queen, e1));
    assert!(!pool.take(PieceKind::Bishop, e1));
    assert!(pool.take(PieceKind::Bishop, "F0".parse().unwrap()));
}

#[test]
fn letter_tables_name_every_piece() {
    let tables = [
        Letters::standard(),
        Letters::fan(),
        Letters::from_redefine("A@J, C@N, T@R").unwrap(),
        Letters::from_redefine("F@J, C@N, T@R, W@V").unwrap(),
    ];
    for letters in &tables {
        let mut seen = std::collections::HashSet::new();
        for colour in Colour::ALL {
            for kind in PieceKind::ALL {
                let c = letters.letter(Piece::new(colour, kind));
                assert!(seen.insert(c), "{letters}: `{c}` names two pieces");
            }
        }
    }
    assert_eq!(Letters::standard().to_string(), "standard");
    assert_eq!(Letters::fan().move_letter(PieceKind::Elephant), '☖');
}
