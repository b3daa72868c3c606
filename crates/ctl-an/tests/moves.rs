//! Every move form of the spec, read and written back in canonical form.

use cescacs_board::Column;
use cescacs_diagnostics::Span;
use ctl_an::WriteOptions;
use ctl_an::syntax::{
    CASTLINGS, CastlingRooks, CheckMark, GameResult, Move, MoveKind, Movetext, Pair, PieceLetter,
    Ply, Promotion, PromotionTarget, Rating, Separator, Variation,
};

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Every field of a move's tree, written out: for an ordinary move
/// `PIECE FROM SEPARATOR CAPTURED TO PROMOTION` (`·` for none, the separator as its variant),
/// `castling ROOKS SEPARATOR COLUMNS` or `forced HEX =LETTER`; then `| CHECK RATING NAGS` and
/// `(=)` / `:` when written.
fn fields(m: &Move) -> String {
    let letter = |p: Option<PieceLetter>| p.map_or("·".to_string(), |p| p.letter.to_string());
    let promotion = |p: Option<Promotion>| match p.map(|p| p.target) {
        None => "·".to_string(),
        Some(PromotionTarget::Awaiting) => "=&".to_string(),
        Some(PromotionTarget::Piece(l)) => format!("={}", l.letter),
    };
    let mut s = match &m.kind {
        MoveKind::Ordinary(o) => format!(
            "{} {} {:?} {} {} {}",
            letter(o.piece),
            o.from.value,
            o.separator.value,
            letter(o.captured),
            o.to.value,
            promotion(o.promotion)
        ),
        MoveKind::Castling(c) => {
            format!("castling {:?} {:?} {}", c.rooks, c.separator, c.columns())
        }
        MoveKind::ForcedPromotion(f) => {
            format!("forced {} {}", f.hex.value, promotion(Some(f.promotion)))
        }
    };
    s += &format!(
        " | {} {} {:?}",
        m.check.map_or("·".to_string(), |c| format!("{:?}", c.value)),
        m.rating.map_or("·".to_string(), |r| format!("{:?}", r.value)),
        m.nags.iter().map(|n| n.value).collect::<Vec<_>>()
    );
    if m.draw_offer.is_some() {
        s += " (=)";
    }
    if m.end.is_some() {
        s += " :";
    }
    s
}

#[test]
fn every_move_form_reads_into_its_tree_and_writes_canonically() {
    // (as written, canonical, the tree's fields)
    let table = [
        ("E7-E13", "E7-E13", "· E7 HyphenMinus · E13 · | · · []"),
        ("E7‐E13", "E7-E13", "· E7 Hyphen · E13 · | · · []"),
        ("E7–E13", "E7-E13", "· E7 EnDash · E13 · | · · []"),
        ("EE5-E11", "EE5-E11", "E E5 HyphenMinus · E11 · | · · []"),
        ("JF6-C15 ?!", "JF6-C15 ?!", "J F6 HyphenMinus · C15 · | · Dubious []"),
        ("E13×F16", "E13×F16", "· E13 Times · F16 · | · · []"),
        ("E13*F16", "E13×F16", "· E13 Asterisk · F16 · | · · []"),
        ("EF12×NF14", "EF12×NF14", "E F12 Times N F14 · | · · []"),
        ("EF12*NF14", "EF12×NF14", "E F12 Asterisk N F14 · | · · []"),
        ("F12@@G9", "F12@@G9", "· F12 DoubleAt · G9 · | · · []"),
        ("C11@D14", "C11@D14", "· C11 At · D14 · | · · []"),
        ("E15@D18", "E15@D18", "· E15 At · D18 · | · · []"),
        ("L7@X6", "L7@X6", "· L7 At · X6 · | · · []"),
        ("A7@T6=D", "A7@T6=D", "· A7 At · T6 =D | · · []"),
        ("L23@RX22", "L23@RX22", "· L23 At R X22 · | · · []"),
        ("E25-E27=D", "E25-E27=D", "· E25 HyphenMinus · E27 =D | · · []"),
        ("E25-E27=D+^", "E25-E27=D+^", "· E25 HyphenMinus · E27 =D | Adjoining · []"),
        ("E25-E27=&", "E25-E27=&", "· E25 HyphenMinus · E27 =& | · · []"),
        ("E27-F28=J", "E27-F28=J", "· E27 HyphenMinus · F28 =J | · · []"),
        ("E27=D", "E27=D", "forced E27 =D | · · []"),
        ("K24=N+", "K24=N+", "forced K24 =N | Check · []"),
        ("KRD-DE", "KRD-DE", "castling Queen HyphenMinus DE | · · []"),
        ("KRK‐HIOO", "KRK-HIOO", "castling King Hyphen HIOO | · · []"),
        ("KRK–HIO", "KRK-HIO", "castling King EnDash HIO | · · []"),
        ("KRK-HG+∞", "KRK-HG+∞", "castling King HyphenMinus HG | Far · []"),
        ("KRR-HGG+∞", "KRR-HGG+∞", "castling Both HyphenMinus HGG | Far · []"),
        ("E7-E9+", "E7-E9+", "· E7 HyphenMinus · E9 · | Check · []"),
        ("GL5×GE5+^", "GL5×GE5+^", "G L5 Times G E5 · | Adjoining · []"),
        ("DB10-D10+∞", "DB10-D10+∞", "D B10 HyphenMinus · D10 · | Far · []"),
        ("NF12-I13++", "NF12-I13++", "N F12 HyphenMinus · I13 · | Double · []"),
        ("DF12×JF2#", "DF12×JF2#", "D F12 Times J F2 · | Mate · []"),
        ("H6-H12 ?", "H6-H12 ?", "· H6 HyphenMinus · H12 · | · Mistake []"),
        ("EH4-H8 ??", "EH4-H8 ??", "E H4 HyphenMinus · H8 · | · Blunder []"),
        ("H6-H12 ?!", "H6-H12 ?!", "· H6 HyphenMinus · H12 · | · Dubious []"),
        ("H6-H12 !", "H6-H12 !", "· H6 HyphenMinus · H12 · | · Good []"),
        ("H6-H12 !!", "H6-H12 !!", "· H6 HyphenMinus · H12 · | · Brilliant []"),
        ("H6-H12 !?", "H6-H12 !?", "· H6 HyphenMinus · H12 · | · Interesting []"),
        ("H6-H12 ◇", "H6-H12 ◇", "· H6 HyphenMinus · H12 · | · Forced []"),
        ("H6-H12 (=)", "H6-H12 (=)", "· H6 HyphenMinus · H12 · | · · [] (=)"),
        ("G7-E13:", "G7-E13 :", "· G7 HyphenMinus · E13 · | · · [] :"),
        ("RI3-H2 :", "RI3-H2 :", "R I3 HyphenMinus · H2 · | · · [] :"),
        ("H6-H12 (=):", "H6-H12 (=):", "· H6 HyphenMinus · H12 · | · · [] (=) :"),
        ("H6-H12 ?!(=):", "H6-H12 ?!(=):", "· H6 HyphenMinus · H12 · | · Dubious [] (=) :"),
        ("H6-H12 ◇(=):", "H6-H12 ◇(=):", "· H6 HyphenMinus · H12 · | · Forced [] (=) :"),
        ("H6-H12 ?! $14", "H6-H12 ?! $14", "· H6 HyphenMinus · H12 · | · Dubious [14]"),
        ("♘E3-C7", "♘E3-C7", "♘ E3 HyphenMinus · C7 · | · · []"),
        ("♗F6×♞C15", "♗F6×♞C15", "♗ F6 Times ♞ C15 · | · · []"),
        ("BF6-C15", "BF6-C15", "B F6 HyphenMinus · C15 · | · · []"),
        ("QE1×WF0", "QE1×WF0", "Q E1 Times W F0 · | · · []"),
        ("AF6-C15", "AF6-C15", "A F6 HyphenMinus · C15 · | · · []"),
        ("TI3-I7", "TI3-I7", "T I3 HyphenMinus · I7 · | · · []"),
    ];
    for (input, canonical, want) in table {
        let m = mv(input);
        assert_eq!(fields(&m), want, "{input}");
        assert_eq!(m.to_string(), canonical, "{input}");
        assert_eq!(mv(canonical).to_string(), canonical, "{canonical} is not stable");
        assert_eq!(m.span, Span::new(0, input.len()), "{input}");
        // Read in a movetext, only the en dash is warned about (W0201, at the dash).
        let text = format!("1. {input}{}\n*", if m.ends_game() { "" } else { ":" });
        let (_, diags) = ctl_an::parse_movetext(&text);
        let codes: Vec<(&str, &str)> =
            diags.iter().map(|d| (d.code, &text[d.span.range()])).collect();
        let want: &[(&str, &str)] = if input.contains('–') { &[("W0201", "–")] } else { &[] };
        assert_eq!(codes, want, "{input}");
    }
}

#[test]
fn the_24_castlings_and_nothing_else() {
    for (prefix, columns) in CASTLINGS {
        for sep in ["-", "‐"] {
            let text = format!("{prefix}{sep}{columns}");
            let m = mv(&text);
            assert_eq!(m.to_string(), format!("{prefix}-{columns}"));
            // The board's castling of the same text.
            let MoveKind::Castling(c) = m.kind else { panic!("{text}") };
            let board = c.board().map(|b| b.as_str());
            assert_eq!(board, Some(format!("{prefix}-{columns}").as_str()), "{text}");
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

/// A movetext as text: opening comments `{n}`, each pair `N. WHITE, BLACK` (`N?` for unknown
/// numbering, `…` for the omitted move) with its comments `{n}` and variations `($[l] ...)`, the
/// result and closing comments, joined by ` | `.
fn movetext(mt: &Movetext) -> String {
    let mut parts = Vec::new();
    if !mt.comments.is_empty() {
        parts.push(format!("{{{}}}", mt.comments.len()));
    }
    parts.extend(mt.pairs.iter().map(pair));
    parts.extend(mt.result.map(|r| r.value.as_str().to_string()));
    if !mt.closing_comments.is_empty() {
        parts.push(format!("{{{}}}", mt.closing_comments.len()));
    }
    parts.join(" | ")
}

fn pair(p: &Pair) -> String {
    let ply = |p: &Ply| match p {
        Ply::Move(m) => m.to_string(),
        Ply::Omitted(_) => "…".to_string(),
        Ply::Invalid { text, .. } => format!("!{text}"),
    };
    let mut s =
        format!("{}{} {}", p.number.value, if p.number.unknown { "?" } else { "." }, ply(&p.white));
    if let Some(b) = &p.black {
        s += &format!(", {}", ply(b));
    }
    if !p.comments.is_empty() {
        s += &format!(" {{{}}}", p.comments.len());
    }
    for v in &p.variations {
        s += &format!(" {}", variation(v));
    }
    s
}

fn variation(v: &Variation) -> String {
    let label = v.label.map_or(String::new(), |l| format!("$[{}] ", l.value));
    let body: Vec<String> = v.pairs.iter().map(pair).collect();
    format!("({label}{})", body.join(" "))
}

#[test]
fn every_movetext_form_reads_into_its_tree() {
    // (as written, the tree, the diagnostics' codes)
    let table: &[(&str, &str, &[&str])] = &[
        // One pair per line, or all on one line: the same tree.
        (
            "1. E7-E13, E21-E15\n2. F8-F12, F20-F16:\n*",
            "1. E7-E13, E21-E15 | 2. F8-F12, F20-F16 : | *",
            &[],
        ),
        (
            "1. E7-E13, E21-E15 2. F8-F12, F20-F16: *",
            "1. E7-E13, E21-E15 | 2. F8-F12, F20-F16 : | *",
            &[],
        ),
        (
            "1.E7-E13,E21-E15\t2.F8-F12,\nF20-F16:\r\n*",
            "1. E7-E13, E21-E15 | 2. F8-F12, F20-F16 : | *",
            &[],
        ),
        // Unknown numbering, and lines that start with Black's move (`…` or `...`).
        (
            "1? …, RC25-D26 2. VF10-H14, RD26-H22:\n*",
            "1? …, RC25-D26 | 2. VF10-H14, RD26-H22 : | *",
            &[],
        ),
        ("1. …, E21-E15 2. F8-F12:\n*", "1. …, E21-E15 | 2. F8-F12 : | *", &[]),
        ("1. ..., E21-E15 2. F8-F12:\n*", "1. …, E21-E15 | 2. F8-F12 : | *", &[]),
        ("17. …, E21-E15:\n0-3", "17. …, E21-E15 : | 0-3", &[]),
        // The last move ends with `:` or with `#`; White's last move alone.
        ("1. E7-E13, E21-E15 2. DF12×JF2#\n3-0", "1. E7-E13, E21-E15 | 2. DF12×JF2# | 3-0", &[]),
        ("1. E7-E13 ?!(=):\n1-1", "1. E7-E13 ?!(=): | 1-1", &[]),
        ("1. E7-E13, E21-E15:\n2-1", "1. E7-E13, E21-E15 : | 2-1", &[]),
        ("1. E7-E13, E21-E15:\n1–2", "1. E7-E13, E21-E15 : | 1-2", &["W0201"]),
        // Missing final mark, missing result line: warnings.
        ("1. E7-E13, E21-E15\n*", "1. E7-E13, E21-E15 | *", &["W0203"]),
        ("1. E7-E13, E21-E15:", "1. E7-E13, E21-E15 :", &["W0204"]),
        // Comments: opening, after a pair, closing.
        (
            "{ intro }\n1. E7-E13, E21-E15\n{ @W: a }\n{ @B: b }\n2. F8-F12:\n*\n{ end }",
            "{1} | 1. E7-E13, E21-E15 {2} | 2. F8-F12 : | * | {1}",
            &[],
        ),
        // Variations: labels, nesting dots, the first pair repeating the number it replaces.
        (
            "1. E7-E13, E21-E15\n($[2] 1. F8-F12, F20-F16\n.($[1] 1. G7-G13)\n.2. H6-H12)\n(1. …, G21-G15)\n2. F8-F12:\n*",
            "1. E7-E13, E21-E15 ($[2] 1. F8-F12, F20-F16 ($[1] 1. G7-G13) 2. H6-H12) (1. …, G21-G15) | 2. F8-F12 : | *",
            &[],
        ),
        (
            "1. E7-E13\n..(1. F8-F12)\n...{ x }\n1. …, E21-E15:\n*",
            "1. E7-E13 {1} (1. F8-F12) | 1. …, E21-E15 : | *",
            &[],
        ),
    ];
    for &(input, want, codes) in table {
        let (mt, diags) = ctl_an::parse_movetext(input);
        assert_eq!(movetext(&mt), want, "{input:?}");
        assert_eq!(diags.iter().map(|d| d.code).collect::<Vec<_>>(), codes, "{input:?}");
    }
    // The label's value and the nesting are in the tree itself.
    let (mt, _) = ctl_an::parse_movetext(table[14].0);
    let outer = &mt.pairs[0].variations[0];
    assert_eq!(outer.label.map(|l| l.value), Some(2));
    assert_eq!(outer.pairs[0].variations[0].label.map(|l| l.value), Some(1));
    assert!(outer.closed && outer.pairs.len() == 2);
    assert_eq!(mt.pairs[0].variations[1].label, None);
    let (mt, _) = ctl_an::parse_movetext(table[7].0);
    assert_eq!(mt.result.map(|r| r.value), Some(GameResult::WhiteWins));
    assert!(mt.last_move().is_some_and(|m| m.ends_game() && m.end.is_none()));
    assert_eq!(mt.last_move().and_then(|m| m.check).map(|c| c.value), Some(CheckMark::Mate));
    let (mt, _) = ctl_an::parse_movetext(table[3].0);
    assert!(mt.pairs[0].number.unknown && !mt.pairs[1].number.unknown);
    assert!(matches!(mt.pairs[0].white, Ply::Omitted(_)));
}
