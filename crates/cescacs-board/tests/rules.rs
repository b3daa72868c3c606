//! The single-position facts of docs/RULES.md 9.3 and 9.4, mobility counts (3.0), the situations of
//! 5.1, promotions, state updates, precise move errors.

use cescacs_board::internals::MatchWritten;
use cescacs_board::internals::{CastlingCondition, MoveError, MoveSpec, SpecCapture};
use cescacs_board::{
    BoardMove, BoardMoveKind, CheckKind, Colour, EnPassant, Outcome, Piece, PieceKind, Position,
};

fn pos(text: &str) -> Position {
    pdtl::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn texts(p: &Position) -> Vec<String> {
    p.legal_board_moves().iter().map(|m| m.to_string()).collect()
}

fn find(p: &Position, text: &str) -> BoardMove {
    *p.legal_board_moves()
        .iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal; legal: {:?}", texts(p)))
}

/// Plays a legal move given by its text.
fn play(p: &Position, text: &str) -> Position {
    p.play(&find(p, text)).unwrap()
}

/// A position from `(hex, letter)` pairs (upper case White), White to move, no castling rights.
fn board(pieces: &[(&str, char)]) -> Position {
    let mut p = Position::empty();
    for &(hex, letter) in pieces {
        p.set_piece(hex.parse().unwrap(), Piece::from_letter(letter));
    }
    p
}

#[test]
fn elephant_forward_two_gives_check_from_afar() {
    let p = pos("/23:p5/14:3k3/10:3E3/5:P5/1:1K/ b - - 0 1");
    assert_eq!(p.check_kind(), Some(CheckKind::Afar));
    let moves = p.legal_board_moves();
    assert_eq!(moves.len(), 9);
    assert!(moves.iter().all(|m| m.piece() == PieceKind::King));
}

#[test]
fn pinned_knight_still_attacks() {
    let p = pos("/27:1k/21:4n2p/18:3K3/5:P5/3:2R1/ w - - 0 1");
    let t = texts(&p);
    assert_eq!(t.len(), 41);
    assert!(!t.contains(&"KF18-F16".into()));
    assert!(!t.contains(&"KF18-E17".into()));
}

#[test]
fn double_check_only_king_moves_and_not_along_the_line() {
    let p = pos("/14:3k3/5:1J4/4:2R2/1:1K/ b - - 0 1");
    assert_eq!(p.check_kind(), Some(CheckKind::Double));
    assert_eq!(p.checkers(Colour::Black).len(), 2);
    let moves = p.legal_board_moves();
    assert_eq!(moves.len(), 8);
    assert!(moves.iter().all(|m| m.piece() == PieceKind::King));
    let t = texts(&p);
    assert!(!t.contains(&"KF14-G17".into()));
    assert!(!t.contains(&"KF14-F16".into()));
}

#[test]
fn en_passant_that_opens_a_line_is_illegal() {
    let p = pos("/27:1k/12:4r2/11:4p3/10:3P3/8:2K4/5:P5/ w - G11@13 0 2");
    let t = texts(&p);
    assert_eq!(t.len(), 18);
    assert!(!t.contains(&"F10@G13".into()));
    let spec = MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "F10".parse().unwrap(),
        to: "G13".parse().unwrap(),
        capture: SpecCapture::Passant { double: false, captured: None },
        promotion: None,
    };
    assert!(matches!(p.match_move(&spec), Err(MoveError::LeavesKingInCheck { .. })));
    // The coherence level accepts it.
    assert_eq!(p.match_move_coherent(&spec).unwrap().to_string(), "F10@G13");
}

#[test]
fn castling_into_a_discovered_check_is_illegal() {
    let p = pos("/27:1k/6:r6/3:R3/1:1K/ w RK - 0 1");
    let t = texts(&p);
    assert_eq!(t.len(), 45);
    for c in ["KRD-DD", "KRD-DE"] {
        assert!(!t.contains(&c.into()), "{c}");
        let e = p.match_move(&MoveSpec::Castling(c.parse().unwrap())).unwrap_err();
        assert!(
            matches!(e, MoveError::Castling { condition: CastlingCondition::G, .. }),
            "{c}: {e}"
        );
    }
}

#[test]
fn stalemate_is_a_small_win() {
    let p = pos("/12:D6/7:k7/5:K5/ b - - 1 40");
    assert!(p.legal_board_moves().is_empty());
    assert!(!p.is_check());
    assert_eq!(p.outcome(), Some(Outcome::Stalemate { winner: Colour::White }));
    assert_eq!(p.outcome().unwrap().result(), "2-1");
    // Reached by DT14-T12.
    let before = pos("/14:D6/7:k7/5:K5/ w - - 0 40");
    let after = play(&before, "DT14-T12");
    assert_eq!(after.outcome(), Some(Outcome::Stalemate { winner: Colour::White }));
    assert_eq!(pdtl::to_string(&after), "/12:D6/7:k7/5:K5/ b -- - 1 40");
}

#[test]
fn unmoved_king_has_seven_steps_and_five_leaps() {
    let mut p = board(&[("G1", 'K'), ("F28", 'k')]);
    p.set_castling(Colour::White, cescacs_board::CastlingRights::ALL);
    let kings: Vec<BoardMove> =
        p.legal_board_moves().into_iter().filter(|m| m.piece() == PieceKind::King).collect();
    assert_eq!(kings.len(), 12);
    let mut leaps: Vec<String> = kings
        .iter()
        .filter(|m| m.kind() == BoardMoveKind::Leap)
        .map(|m| m.to().to_string())
        .collect();
    leaps.sort();
    assert_eq!(leaps, ["D2", "E5", "F6", "H6", "I5"]);
    p.set_castling(Colour::White, cescacs_board::CastlingRights::NONE);
    assert_eq!(p.legal_board_moves().len(), 7);
}

#[test]
fn king_off_home_has_no_leaps() {
    let mut p = board(&[("F14", 'K'), ("G27", 'k')]);
    assert_eq!(p.legal_board_moves().len(), 12);
    // Even with a stale "unmoved" status, a King off its home hex does not leap (docs/RULES.md 8.3 item 23).
    p.set_castling(Colour::White, cescacs_board::CastlingRights::ALL);
    assert_eq!(p.legal_board_moves().len(), 12);
}

#[test]
fn triple_step_field_and_both_en_passant_captures() {
    let p = board(&[("G7", 'P'), ("F12", 'p'), ("H14", 'p'), ("G1", 'K'), ("G27", 'k')]);
    let after = play(&p, "G7-G13");
    assert_eq!(after.en_passant().to_string(), "G13@9-11");
    let t = texts(&after);
    assert!(t.contains(&"F12@@G9".into()), "{t:?}");
    assert!(t.contains(&"H14@G11".into()), "{t:?}");
    let written = |capture| MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "F12".parse().unwrap(),
        to: "G9".parse().unwrap(),
        capture,
        promotion: None,
    };
    for wrong in [
        SpecCapture::None,
        SpecCapture::Capture(None),
        SpecCapture::Passant { double: false, captured: None },
    ] {
        assert!(
            matches!(
                after.match_move(&written(wrong)),
                Err(MoveError::WrongPassantSign { expected: "@@", .. })
            ),
            "{wrong:?}"
        );
    }
    let taken = play(&after, "F12@@G9");
    assert_eq!(taken.piece_at("G13".parse().unwrap()), None);
    assert_eq!(taken.piece_at("G9".parse().unwrap()), Piece::from_letter('p'));
    // The chance is for the next move only.
    let later = play(&play(&after, "KG27-G25"), "KG1-G3");
    assert!(!texts(&later).iter().any(|m| m.contains('@')));
}

#[test]
fn scornful_move_and_capture() {
    let mut p = board(&[("G13", 'P'), ("G15", 'p'), ("G1", 'K'), ("G27", 'k')]);
    p.set_turn(Colour::Black);
    let after = play(&p, "G15-F14");
    assert_eq!(after.en_passant(), EnPassant::Scornful("F14".parse().unwrap()));
    assert!(texts(&after).contains(&"G13@F14".into()));
    let taken = play(&after, "G13@F14");
    assert_eq!(taken.piece_at("F14".parse().unwrap()), Piece::from_letter('P'));
    assert_eq!(taken.pieces().count(), 3);
    // Only on the next move.
    let later = play(&play(&after, "KG1-G3"), "KG27-G25");
    assert!(!texts(&later).contains(&"G13@F14".into()));
    // Facing one's own pawn is no scorn.
    let mut own = board(&[("G13", 'p'), ("G15", 'p'), ("G1", 'K'), ("G27", 'k')]);
    own.set_turn(Colour::Black);
    assert_eq!(play(&own, "G15-F14").en_passant(), EnPassant::None);
}

#[test]
fn check_kinds_of_rules_9_4() {
    type Case<'a> = (&'a [(&'a str, char)], &'a str, &'a str);
    let cases: [Case; 4] = [
        (&[("F12", 'N'), ("F4", 'R'), ("F14", 'k'), ("G1", 'K')], "NF12-I13", "NF12-I13++"),
        (&[("F12", 'N'), ("F4", 'R'), ("F20", 'k'), ("G1", 'K')], "NF12-G17", "NF12-G17+∞"),
        (&[("E11", 'P'), ("F16", 'k'), ("G1", 'K')], "E11-E13", "E11-E13+^"),
        (&[("E25", 'P'), ("G27", 'k'), ("G1", 'K')], "E25-E27=D", "E25-E27=D+^"),
    ];
    for (pieces, text, with_check) in cases {
        let p = board(pieces);
        let m = find(&p, text);
        assert_eq!(p.move_text_with_check(&m), with_check);
    }
    for c in ["KRK-HG", "KRK-FG", "KRD-HG", "KRD-FG", "KRR-HGG", "KRR-FGG"] {
        let mut p = board(&[("G1", 'K'), ("C3", 'R'), ("I3", 'R'), ("G27", 'k')]);
        p.set_castling(Colour::White, cescacs_board::CastlingRights::ALL);
        let m = find(&p, c);
        assert_eq!(p.move_text_with_check(&m), format!("{c}+∞"));
    }
}

#[test]
fn mobility_on_an_empty_board() {
    let cases: [(&str, char, usize); 11] = [
        ("F14", 'K', 12),
        ("F14", 'D', 60),
        ("F14", 'V', 54),
        ("F14", 'R', 42),
        ("F14", 'N', 24),
        ("E7", 'P', 5),
        ("F14", 'P', 4),
        ("P7", 'R', 28),
        ("P7", 'D', 42),
        ("F0", 'N', 8),
        ("P7", 'K', 5),
    ];
    for (hex, letter, n) in cases {
        let p = board(&[(hex, letter)]);
        assert_eq!(p.legal_board_moves().len(), n, "{letter} on {hex}");
    }
    // The maxima of docs/RULES.md 3.0 over the whole board.
    for (letter, max) in [
        ('K', 12),
        ('D', 60),
        ('V', 54),
        ('R', 42),
        ('G', 32),
        ('N', 24),
        ('J', 20),
        ('E', 6),
        ('P', 5),
    ] {
        let best = cescacs_board::Hex::all()
            .map(|h| {
                // Distinct destinations: a pawn's promotions count once.
                let mut to: Vec<_> = board(&[(h.to_string().as_str(), letter)])
                    .legal_board_moves()
                    .iter()
                    .map(|m| m.to())
                    .collect();
                to.dedup();
                to.len()
            })
            .max();
        assert_eq!(best, Some(max), "{letter}");
    }
    // Black pawn from its triple-step hex: the mirror image.
    let mut p = board(&[("E21", 'p')]);
    p.set_turn(Colour::Black);
    assert_eq!(p.legal_board_moves().len(), 5);
}

#[test]
fn move_errors_are_precise() {
    let p = Position::initial();
    let spec = |piece, from: &str, to: &str, capture| MoveSpec::Move {
        piece,
        from: from.parse().unwrap(),
        to: to.parse().unwrap(),
        capture,
        promotion: None,
    };
    let e = |s: MoveSpec| p.match_move(&s).unwrap_err();
    assert!(matches!(
        e(spec(PieceKind::Pawn, "F10", "F12", SpecCapture::None)),
        MoveError::NoPieceAtOrigin { .. }
    ));
    assert!(matches!(
        e(spec(PieceKind::Pawn, "F20", "F18", SpecCapture::None)),
        MoveError::WrongSide { .. }
    ));
    assert!(matches!(
        e(spec(PieceKind::Knight, "F6", "C15", SpecCapture::None)),
        MoveError::WrongPieceLetter { .. }
    ));
    // The article agrees with the piece: "found an Elephant", "expected a Bishop".
    assert_eq!(
        e(spec(PieceKind::Bishop, "E5", "E9", SpecCapture::None)).to_string(),
        "expected a Bishop on E5 (letter J), found an Elephant (letter E)"
    );
    assert!(matches!(
        e(spec(PieceKind::Elephant, "E5", "E11", SpecCapture::None)),
        MoveError::CannotMoveThere { .. }
    ));
    assert!(matches!(
        e(spec(PieceKind::Pawn, "G7", "E13", SpecCapture::None)),
        MoveError::CannotMoveThere { .. }
    ));
    assert!(matches!(
        e(spec(PieceKind::Bishop, "F6", "F4", SpecCapture::None)),
        MoveError::CannotMoveThere { .. } | MoveError::DestinationOwnPiece { .. }
    ));
    assert!(matches!(
        e(spec(PieceKind::Knight, "E3", "G5", SpecCapture::None)),
        MoveError::DestinationOwnPiece { .. }
    ));
    assert!(matches!(
        e(spec(PieceKind::Bishop, "F6", "C15", SpecCapture::Capture(None))),
        MoveError::NothingToCapture { .. }
    ));
    // Captures: wrong letter, missing ×.
    let q = board(&[("F6", 'J'), ("C15", 'n'), ("G1", 'K'), ("G27", 'k')]);
    let s = spec(PieceKind::Bishop, "F6", "C15", SpecCapture::Capture(Some(PieceKind::Rook)));
    assert!(matches!(q.match_move(&s), Err(MoveError::CapturedMismatch { .. })));
    let s = spec(PieceKind::Bishop, "F6", "C15", SpecCapture::None);
    assert!(matches!(q.match_move(&s), Err(MoveError::CaptureNotMarked { .. })));
    let s = spec(PieceKind::Bishop, "F6", "C15", SpecCapture::Capture(Some(PieceKind::Knight)));
    assert_eq!(q.match_move(&s).unwrap().to_string(), "JF6×NC15");
}

#[test]
fn promotion_rules() {
    // White lost its Queen and its black-hex Bishop; E27 is black, F28 white.
    let p = board(
        &[("E25", 'P'), ("G1", 'K'), ("F2", 'J'), ("F4", 'J'), ("A27", 'k')]
            .map(|(h, c)| if h == "A27" { ("P21", c) } else { (h, c) }),
    );
    let t = texts(&p);
    // Pool: D, V, 2R, 2G, 2N and the black-hex Bishop (F2 coloured and F4 white are on board).
    for s in ["E25-E27=D", "E25-E27=J", "E25-E27=V", "E25-E27=R", "E25-E27=G", "E25-E27=N"] {
        assert!(t.contains(&s.into()), "{s} in {t:?}");
    }
    let spec = |promotion| MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "E25".parse().unwrap(),
        to: "E27".parse().unwrap(),
        capture: SpecCapture::None,
        promotion,
    };
    assert!(matches!(p.match_move(&spec(None)), Err(MoveError::PromotionMissing { .. })));
    assert!(matches!(
        p.match_move(&spec(Some(cescacs_board::BoardPromotion::Awaiting))),
        Err(MoveError::PromotionAvailable { .. })
    ));
    // Only the black-hex Bishop is lost: it cannot come back on the white hex F28.
    let q = board(&[("F26", 'P'), ("G1", 'K'), ("F2", 'J'), ("F4", 'J'), ("P21", 'k')]);
    let q = {
        let mut q = q;
        for (h, l) in [("E1", 'D'), ("F0", 'V'), ("C3", 'R'), ("I3", 'R'), ("D2", 'G'), ("H2", 'G')]
        {
            q.set_piece(h.parse().unwrap(), Piece::from_letter(l));
        }
        for (h, l) in [("E3", 'N'), ("G3", 'N')] {
            q.set_piece(h.parse().unwrap(), Piece::from_letter(l));
        }
        q
    };
    let s = MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "F26".parse().unwrap(),
        to: "F28".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: Some(cescacs_board::BoardPromotion::To(PieceKind::Bishop)),
    };
    assert!(
        matches!(q.match_move(&s), Err(MoveError::BishopWrongColour { .. })),
        "{:?}",
        q.match_move(&s)
    );
    assert!(texts(&q).contains(&"F26-F28=&".into()));
    let s = MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "F26".parse().unwrap(),
        to: "F28".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: Some(cescacs_board::BoardPromotion::To(PieceKind::Queen)),
    };
    assert!(matches!(q.match_move(&s), Err(MoveError::NotRegainable { .. })));
}

#[test]
fn forced_promotion_in_place() {
    // docs/RULES.md 9.2 "forced": after RA13×NA9 White must promote in place.
    let p = pos(
        "/27:P1/25:2k1/24:4P/21:7p/18:6n/13:1r6/9:1N6/6:3J3/4:2J2/3:R1NR/2:GJG/1:DK/0:V/ b - - 0 1",
    );
    let after = play(&p, "RA13×NA9");
    assert!(after.forced_promotion_pending());
    let mut t = texts(&after);
    t.sort();
    assert_eq!(t, ["E27=N", "K24=N"]);
    let spec = MoveSpec::Move {
        piece: PieceKind::Knight,
        from: "E3".parse().unwrap(),
        to: "C7".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: None,
    };
    assert!(matches!(after.match_move(&spec), Err(MoveError::ForcedPromotionPending { .. })));
    // The coherence level knows the promotion in place but does not force it.
    let in_place =
        MoveSpec::PromotionInPlace { hex: "K24".parse().unwrap(), piece: PieceKind::Knight };
    assert_eq!(after.match_move_coherent(&in_place).unwrap().to_string(), "K24=N");
    let knight = MoveSpec::Move {
        piece: PieceKind::Knight,
        from: "G3".parse().unwrap(),
        to: "I7".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: None,
    };
    assert_eq!(after.match_move_coherent(&knight).unwrap().to_string(), "NG3-I7");
    assert!(matches!(after.match_move(&knight), Err(MoveError::ForcedPromotionPending { .. })));
    let wrong = MoveSpec::PromotionInPlace { hex: "K24".parse().unwrap(), piece: PieceKind::Queen };
    assert!(matches!(after.match_move(&wrong), Err(MoveError::NotRegainable { .. })));
    let promoted = play(&after, "E27=N");
    assert_eq!(promoted.piece_at("E27".parse().unwrap()), Piece::from_letter('N'));
    assert_eq!(promoted.halfmove_clock(), 0);
}

#[test]
fn state_updates() {
    let p = Position::initial();
    // A Rook leaving home loses its right; a King move loses everything.
    let q = board(&[("G1", 'K'), ("C3", 'R'), ("I3", 'R'), ("G27", 'k')]);
    let mut q = q;
    q.set_castling(Colour::White, cescacs_board::CastlingRights::ALL);
    let after = play(&q, "RI3-I9");
    assert_eq!(after.castling(Colour::White).to_string(), "RK");
    assert_eq!(after.halfmove_clock(), 1);
    assert_eq!(after.move_number().get(), Some(1));
    let after = play(&after, "KG27-G25");
    assert_eq!(after.move_number().get(), Some(2));
    // Move number unknown stays unknown.
    let mut u = p.clone();
    u.set_turn(Colour::Black);
    u.set_move_number(cescacs_board::MoveNumber::Unknown);
    assert_eq!(play(&u, "F20-F18").move_number(), cescacs_board::MoveNumber::Unknown);
    // A Rook captured on its home loses its right.
    let mut r = board(&[("G1", 'K'), ("C3", 'R'), ("I3", 'R'), ("G27", 'k'), ("I13", 'r')]);
    r.set_castling(Colour::White, cescacs_board::CastlingRights::ALL);
    r.set_turn(Colour::Black);
    let after = play(&r, "RI13×RI3");
    assert_eq!(after.castling(Colour::White).to_string(), "RK");
    assert_eq!(after.halfmove_clock(), 0);
    // Double step field.
    let after = play(&p, "F8-F12");
    assert_eq!(after.en_passant().to_string(), "F12@10");
    assert_eq!(pdtl::to_string(&after).split(' ').nth(3), Some("F12@10"));
}

#[test]
fn en_passant_of_a_promoted_pawn_names_the_piece() {
    // White lost a Rook; T18-T22 double-steps onto White's promotion hex and promotes.
    let mut p = board(&[("T18", 'P'), ("A23", 'p'), ("G1", 'K'), ("G27", 'k')]);
    for (h, l) in [("E1", 'D'), ("F0", 'V'), ("C3", 'R'), ("D2", 'G'), ("H2", 'G'), ("E3", 'N')] {
        p.set_piece(h.parse().unwrap(), Piece::from_letter(l));
    }
    for (h, l) in [("G3", 'N'), ("F2", 'J'), ("F4", 'J'), ("F6", 'J')] {
        p.set_piece(h.parse().unwrap(), Piece::from_letter(l));
    }
    let after = play(&p, "T18-T22=R");
    assert_eq!(after.en_passant().to_string(), "T22@20");
    let taken = play(&after, "A23@RT20");
    assert_eq!(taken.piece_at("T22".parse().unwrap()), None);
    let spec = MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "A23".parse().unwrap(),
        to: "T20".parse().unwrap(),
        capture: SpecCapture::Passant { double: false, captured: None },
        promotion: None,
    };
    assert!(matches!(after.match_move(&spec), Err(MoveError::CapturedMismatch { .. })));
}

#[test]
fn scornful_capture_that_promotes() {
    // White A5 faces Black A7 and plays A5-T6; Black A7@T6 lands on its promotion hex.
    let p = board(&[("A5", 'P'), ("A7", 'p'), ("G1", 'K'), ("G27", 'k')]);
    let after = play(&p, "A5-T6");
    assert_eq!(after.en_passant().to_string(), "T6");
    let t = texts(&after);
    assert!(t.contains(&"A7@T6=D".into()), "{t:?}");
    let taken = play(&after, "A7@T6=D");
    assert_eq!(taken.piece_at("T6".parse().unwrap()), Piece::from_letter('d'));
}

#[test]
fn draws() {
    use cescacs_board::DrawReason;
    // Lone King against King and Knight: insufficient material.
    let p = board(&[("G1", 'K'), ("G27", 'k'), ("E3", 'N')]);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
    // King and Pegasus: mate is possible in rare set-ups; not automatic.
    let p = board(&[("G1", 'K'), ("G27", 'k'), ("D2", 'G')]);
    assert_eq!(p.outcome(), None);
    // Move exhaustion: claim from 100, automatic at 150.
    let mut p = board(&[("G1", 'K'), ("G27", 'k'), ("C3", 'R')]);
    p.set_halfmove_clock(99);
    assert!(!p.draw_claimable());
    p.set_halfmove_clock(100);
    assert!(p.draw_claimable());
    assert_eq!(p.outcome(), None);
    p.set_halfmove_clock(150);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::MoveExhaustion)));
    assert_eq!(p.outcome().unwrap().result(), "1-1");
}

#[test]
fn awaiting_pawn_moves_along_the_edge() {
    // Nothing lost: E25-E27 awaits (`=&`); on E27 its only move is E27-F28.
    let p = Position::initial();
    let mut q = board(&[("E25", 'P'), ("G1", 'K'), ("P21", 'k')]);
    for (hex, piece) in p.pieces().filter(|(_, x)| x.colour == Colour::White) {
        if !matches!(piece.kind, PieceKind::Pawn | PieceKind::Elephant | PieceKind::King) {
            q.set_piece(hex, Some(piece));
        }
    }
    let after = play(&q, "E25-E27=&");
    let mut waiting = after.clone();
    waiting.set_turn(Colour::White);
    let pawn_moves: Vec<String> = waiting
        .legal_board_moves()
        .iter()
        .filter(|m| m.piece() == PieceKind::Pawn)
        .map(|m| m.to_string())
        .collect();
    assert_eq!(pawn_moves, ["E27-F28=&"]);
}

#[test]
fn leap_errors() {
    let leap = MoveSpec::Move {
        piece: PieceKind::King,
        from: "G1".parse().unwrap(),
        to: "H6".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: None,
    };
    let mut p = board(&[("G1", 'K'), ("G27", 'k')]);
    assert!(matches!(p.match_move(&leap), Err(MoveError::LeapNotAllowed { in_check: false, .. })));
    p.set_castling(Colour::White, cescacs_board::CastlingRights::ALL);
    assert_eq!(p.match_move(&leap).unwrap().kind(), BoardMoveKind::Leap);
    p.set_piece("G11".parse().unwrap(), Piece::from_letter('r'));
    assert!(matches!(p.match_move(&leap), Err(MoveError::LeapNotAllowed { in_check: true, .. })));
}

#[test]
fn en_passant_takes_the_pawn_that_gives_check() {
    // docs/RULES.md 5.1 item 4: White's E7-E11 checks the King on F14 (E11 attacks D14 and F14) and
    // passes E9; Black's D12 pawn takes it in passing, and that answers the check.
    let p = pos("/14:3k3/12:2p4/11:3P4/1:1K/ b - E11@9 0 1");
    assert_eq!(p.check_kind(), Some(CheckKind::Adjoining));
    assert_eq!(p.checkers(Colour::Black), ["E11".parse().unwrap()]);
    let t = texts(&p);
    assert!(t.contains(&"D12@E9".into()), "{t:?}");
    let after = play(&p, "D12@E9");
    assert_eq!(after.piece_at("E11".parse().unwrap()), None);
    assert!(!after.checkers(Colour::Black).iter().any(|_| true));
    // Every other legal move is the King's.
    assert!(
        p.legal_board_moves()
            .iter()
            .all(|m| m.piece() == PieceKind::King || m.to_string() == "D12@E9")
    );
}

#[test]
fn elephant_check_is_blocked_on_the_forward_one_hex() {
    // docs/RULES.md 5.1 item 6: the Elephant on F10 attacks F14 over an empty F12; Black's Bishop may
    // step in between on F12, and nowhere else.
    let p = pos("/23:p5/14:3k3/12:1j5/10:3E3/5:P5/1:1K/ b - - 0 1");
    assert_eq!(p.check_kind(), Some(CheckKind::Afar));
    let t = texts(&p);
    let others: Vec<&String> = t.iter().filter(|m| !m.starts_with('K')).collect();
    assert_eq!(others, ["JB12-F12"]);
    assert_eq!(t.len(), 10, "{t:?}");
    let after = play(&p, "JB12-F12");
    assert_eq!(after.check_kind(), None);
    let mut back = after.clone();
    back.set_turn(Colour::Black);
    assert!(!back.is_check());
}

#[test]
fn a_jump_check_cannot_be_blocked_and_double_check_allows_only_king_moves() {
    // docs/RULES.md 5.1 item 7. The Knight on I15 checks F14 by a jump: only King moves or taking
    // the Knight (the Rook on I21 can) answer it; the Bishop may not "interpose" on G15 or H14.
    let p = board(&[("I15", 'N'), ("G1", 'K'), ("F14", 'k'), ("I21", 'r'), ("D16", 'j')]);
    let mut p = p;
    p.set_turn(Colour::Black);
    assert_eq!(p.check_kind(), Some(CheckKind::Adjoining));
    let t = texts(&p);
    let others: Vec<&String> = t.iter().filter(|m| !m.starts_with('K')).collect();
    assert_eq!(others, ["RI21×NI15"], "{t:?}");
    // Double check (docs/RULES.md 9.4 `NF12-I13++`): the Rook on I21 could take the Knight, but the
    // Rook on F4 still gives check, so only the King moves.
    let mut q = board(&[("I13", 'N'), ("F4", 'R'), ("G1", 'K'), ("F14", 'k'), ("I21", 'r')]);
    q.set_turn(Colour::Black);
    assert_eq!(q.check_kind(), Some(CheckKind::Double));
    let moves = q.legal_board_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.piece() == PieceKind::King), "{:?}", texts(&q));
    let take = MoveSpec::Move {
        piece: PieceKind::Rook,
        from: "I21".parse().unwrap(),
        to: "I13".parse().unwrap(),
        capture: SpecCapture::Capture(Some(PieceKind::Knight)),
        promotion: None,
    };
    assert!(matches!(q.match_move(&take), Err(MoveError::LeavesKingInCheck { .. })));
}

#[test]
fn an_unmoved_kings_leap_hexes_are_forbidden_to_the_enemy_king() {
    // docs/RULES.md 5.1 item 8: White's King on G1, unmoved and not in check, could leap to H6; the
    // Black King on H8 may not step there. With White's status `-` it may.
    let unmoved = pos("/8:4k2/1:1K/ b K- - 0 1");
    assert!(!texts(&unmoved).contains(&"KH8-H6".into()), "{:?}", texts(&unmoved));
    let step = MoveSpec::Move {
        piece: PieceKind::King,
        from: "H8".parse().unwrap(),
        to: "H6".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: None,
    };
    assert!(matches!(unmoved.match_move(&step), Err(MoveError::LeavesKingInCheck { .. })));
    let moved = pos("/8:4k2/1:1K/ b -- - 0 1");
    assert!(texts(&moved).contains(&"KH8-H6".into()), "{:?}", texts(&moved));
    // It is never a check: the Black King on H6 with White to move is not in check.
    let mut on_leap_hex = pos("/6:4k2/1:1K/ w K- - 0 1");
    assert!(!on_leap_hex.is_check());
    on_leap_hex.set_turn(Colour::Black);
    assert!(!on_leap_hex.is_check());
    // A King in check after the move cannot leap, so its leap hexes are free then: Black's King
    // leaves G7 for H6 and uncovers the Rook on G11 against G1.
    let discovering = pos("/11:4r3/7:4k3/1:1K/ b K- - 0 1");
    let after = play(&discovering, "KG7-H6");
    assert!(after.is_check());
}

#[test]
fn forced_promotion_waits_while_in_check() {
    // docs/RULES.md 3.9.6: White's E27 pawn awaits and the pool is full, but the Rook on G11 checks
    // the King: only King moves, and the promotion in place is refused for now.
    let p = pos("/27:P1/21:k7/11:4r3/1:1K/ w -- - 0 1");
    assert!(p.is_check());
    assert!(!p.forced_promotion_pending());
    let moves = p.legal_board_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.piece() == PieceKind::King), "{:?}", texts(&p));
    let mut t = texts(&p);
    t.sort();
    // G1's seven neighbours but G3, on the Rook's file.
    assert_eq!(t, ["KG1-E1", "KG1-F0", "KG1-F2", "KG1-F4", "KG1-H2", "KG1-H4"]);
    let in_place =
        MoveSpec::PromotionInPlace { hex: "E27".parse().unwrap(), piece: PieceKind::Queen };
    assert_eq!(
        p.match_move(&in_place),
        Err(MoveError::PromotionInPlaceInCheck { hex: "E27".parse().unwrap() })
    );
    // Out of check, the obligation comes back.
    let after = play(&play(&p, "KG1-H2"), "KP21-P19");
    assert!(after.forced_promotion_pending());
    let mut t = texts(&after);
    t.sort();
    // Everything is lost, and E27 is a black hex: the black-hex Bishop too.
    assert_eq!(t, ["E27=D", "E27=G", "E27=J", "E27=N", "E27=R", "E27=V"]);
}

#[test]
fn a_promotion_away_from_the_promotion_hex_is_refused() {
    let p = Position::initial();
    let spec = |promotion| MoveSpec::Move {
        piece: PieceKind::Pawn,
        from: "E7".parse().unwrap(),
        to: "E13".parse().unwrap(),
        capture: SpecCapture::None,
        promotion: Some(promotion),
    };
    for promotion in [
        cescacs_board::BoardPromotion::To(PieceKind::Queen),
        cescacs_board::BoardPromotion::Awaiting,
    ] {
        assert_eq!(
            p.match_move(&spec(promotion)),
            Err(MoveError::PromotionNotAllowed { to: "E13".parse().unwrap() })
        );
    }
}
