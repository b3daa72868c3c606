//! Every move form of the spec, read and written back in canonical form.

use cescacs_board::{Column, Span};
use ctl_an::WriteOptions;
use ctl_an::syntax::{
    CASTLINGS, CastlingRooks, CheckMark, Move, MoveKind, PromotionTarget, Rating, Separator,
};

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn every_move_form_reads_and_writes_canonically() {
    // (as written, canonical)
    let table = [
        ("E7-E13", "E7-E13"),
        ("E7‐E13", "E7-E13"),
        ("EE5-E11", "EE5-E11"),
        ("JF6-C15 ?!", "JF6-C15 ?!"),
        ("E13×F16", "E13×F16"),
        ("E13*F16", "E13×F16"),
        ("EF12×NF14", "EF12×NF14"),
        ("EF12*NF14", "EF12×NF14"),
        ("F12@@G9", "F12@@G9"),
        ("C11@D14", "C11@D14"),
        ("E15@D18", "E15@D18"),
        ("L7@X6", "L7@X6"),
        ("A7@T6=D", "A7@T6=D"),
        ("L23@RX22", "L23@RX22"),
        ("E25-E27=D", "E25-E27=D"),
        ("E25-E27=D+^", "E25-E27=D+^"),
        ("E25-E27=&", "E25-E27=&"),
        ("E27-F28=J", "E27-F28=J"),
        ("E27=D", "E27=D"),
        ("K24=N+", "K24=N+"),
        ("KRD-DE", "KRD-DE"),
        ("KRK‐HIOO", "KRK-HIOO"),
        ("KRK-HG+∞", "KRK-HG+∞"),
        ("KRR-HGG+∞", "KRR-HGG+∞"),
        ("E7-E9+", "E7-E9+"),
        ("GL5×GE5+^", "GL5×GE5+^"),
        ("DB10-D10+∞", "DB10-D10+∞"),
        ("NF12-I13++", "NF12-I13++"),
        ("DF12×JF2#", "DF12×JF2#"),
        ("H6-H12 ?", "H6-H12 ?"),
        ("EH4-H8 ??", "EH4-H8 ??"),
        ("H6-H12 ?!", "H6-H12 ?!"),
        ("H6-H12 !", "H6-H12 !"),
        ("H6-H12 !!", "H6-H12 !!"),
        ("H6-H12 !?", "H6-H12 !?"),
        ("H6-H12 ◇", "H6-H12 ◇"),
        ("H6-H12 (=)", "H6-H12 (=)"),
        ("G7-E13:", "G7-E13 :"),
        ("RI3-H2 :", "RI3-H2 :"),
        ("H6-H12 (=):", "H6-H12 (=):"),
        ("H6-H12 ?!(=):", "H6-H12 ?!(=):"),
        ("H6-H12 ◇(=):", "H6-H12 ◇(=):"),
        ("H6-H12 ?! $14", "H6-H12 ?! $14"),
        ("♘E3-C7", "♘E3-C7"),
        ("♗F6×♞C15", "♗F6×♞C15"),
        ("BF6-C15", "BF6-C15"),
        ("QE1×WF0", "QE1×WF0"),
        ("AF6-C15", "AF6-C15"),
        ("TI3-I7", "TI3-I7"),
        ("E7–E13", "E7-E13"),
    ];
    for (input, canonical) in table {
        let m = mv(input);
        assert_eq!(m.to_string(), canonical, "{input}");
        assert_eq!(mv(canonical).to_string(), canonical, "{canonical} is not stable");
        assert_eq!(m.span, Span::new(0, input.len()), "{input}");
    }
}

#[test]
fn the_24_castlings_and_nothing_else() {
    for (prefix, columns) in CASTLINGS {
        for sep in ["-", "‐"] {
            let text = format!("{prefix}{sep}{columns}");
            let m = mv(&text);
            assert_eq!(m.to_string(), format!("{prefix}-{columns}"));
        }
    }
    for bad in ["KRK-HI", "KRD-II", "KRR-HI", "KRK-HIOOO", "KRK-EEO", "KRX-DE", "KRD-", "KRK-hi"] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
    let MoveKind::Castling(c) = mv("KRR-EEF").kind else { panic!() };
    assert_eq!(
        (c.rooks, c.king, c.king_rook, c.queen_rook),
        (CastlingRooks::Both, Column::E, Some(Column::E), Some(Column::F))
    );
}

#[test]
fn parts_carry_their_spans_and_kinds() {
    let m = mv("EF12×NF14+^ ?!(=):");
    let MoveKind::Ordinary(o) = &m.kind else { panic!() };
    assert_eq!(o.piece.map(|p| (p.letter, p.span)), Some(('E', Span::new(0, 1))));
    assert_eq!(o.from.span, Span::new(1, 4));
    assert_eq!(o.separator.value, Separator::Times);
    assert_eq!(o.separator.span, Span::new(4, 6));
    assert_eq!(o.captured.map(|p| (p.letter, p.span)), Some(('N', Span::new(6, 7))));
    assert_eq!(o.to.span, Span::new(7, 10));
    assert_eq!(m.check.map(|c| (c.value, c.span)), Some((CheckMark::Adjoining, Span::new(10, 12))));
    assert_eq!(m.rating.map(|r| r.value), Some(Rating::Dubious));
    assert!(m.draw_offer.is_some() && m.end.is_some() && m.ends_game());

    assert!("E27=&".parse::<Move>().is_err());
    assert!(matches!(mv("E27=D").kind, MoveKind::ForcedPromotion(_)));
    let m = mv("E25-E27=&");
    let MoveKind::Ordinary(o) = &m.kind else { panic!() };
    assert_eq!(o.promotion.map(|p| p.target), Some(PromotionTarget::Awaiting));
    let m = mv("F12@@G9");
    let MoveKind::Ordinary(o) = &m.kind else { panic!() };
    assert!(o.separator.value.is_en_passant() && o.separator.value.is_capture());
}

#[test]
fn ascii_writing() {
    let mut s = String::new();
    mv("EF12×NF14").write_to(&mut s, WriteOptions { ascii: true }).unwrap();
    assert_eq!(s, "EF12*NF14");
}

#[test]
fn not_moves() {
    for bad in [
        "",
        "E7",
        "E7-",
        "E7-E13-E15",
        "e7-e13",
        "E13xF16",
        "E8-E10",
        "Nf3",
        "O-O",
        "E7 E13",
        "E25-E27=",
        "1. E7-E13",
    ] {
        let e = bad.parse::<Move>().unwrap_err();
        assert!(!e.diagnostics.is_empty(), "{bad}");
        assert!(e.to_string().starts_with("expected"), "{bad}: {e}");
    }
}
