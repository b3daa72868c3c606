//! One test per diagnostic class: the code, and the exact text under the span.

use cescacs_board::Letters;
use cescacs_diagnostics::Severity;

/// `(code, text under the span)` of every diagnostic, in the order reported.
fn diags_with(s: &str, letters: &Letters) -> Vec<(&'static str, String)> {
    let r = pdtl::read(s, letters);
    let has_errors = r.diagnostics.iter().any(|d| d.severity == Severity::Error);
    assert_eq!(r.position.is_none(), has_errors, "position is Some exactly when there is no error");
    for d in &r.diagnostics {
        assert!(d.message.starts_with("expected"), "{}", d.message);
        assert!(s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end));
        assert!(d.span.end <= s.len());
        for f in &d.fixes {
            assert!(s.is_char_boundary(f.span.start) && s.is_char_boundary(f.span.end));
        }
    }
    r.diagnostics.iter().map(|d| (d.code, s[d.span.range()].to_string())).collect()
}

fn diags(s: &str) -> Vec<(&'static str, String)> {
    diags_with(s, &Letters::standard())
}

fn one(code: &'static str, text: &str) -> Vec<(&'static str, String)> {
    vec![(code, text.to_string())]
}

/// Applies every fix of the diagnostics (they never overlap in these tests).
fn fixed(s: &str) -> String {
    let r = pdtl::read(s, &Letters::standard());
    let mut fixes: Vec<_> = r.diagnostics.iter().flat_map(|d| d.fixes.clone()).collect();
    fixes.sort_by_key(|f| std::cmp::Reverse(f.span.start));
    let mut out = s.to_string();
    for f in fixes {
        out.replace_range(f.span.range(), &f.replacement);
    }
    out
}

const OK: &str = "/27:1k/14:3K3/ w -- - 0 1";

#[test]
fn the_base_position_is_clean() {
    assert_eq!(diags(OK), []);
}

#[test]
fn e0101_missing_fields() {
    assert_eq!(diags("/27:1k/14:3K3/ w --"), one("E0101", "--"));
    assert_eq!(diags(""), one("E0101", ""));
}

#[test]
fn e0102_extra_fields() {
    assert_eq!(diags("/27:1k/14:3K3/ w -- - 0 1 x y"), one("E0102", "x y"));
}

#[test]
fn e0103_placement_syntax() {
    assert_eq!(diags("27:1k/14:3K3/ w -- - 0 1"), one("E0103", "2"));
    assert_eq!(diags("/27:1k/14:3K3 w -- - 0 1"), one("E0103", "3"));
    assert_eq!(diags("/27:1k//14:3K3/ w -- - 0 1"), one("E0103", "/"));
    // Read as `27:k`, which leaves line 27 short.
    assert_eq!(diags("/27k/14:3K3/ w -- - 0 1"), [("E0103", "k".into()), ("W0104", "k".into())]);
    assert_eq!(fixed("/27:1k/14:3K3 w -- - 0 1"), OK);
}

#[test]
fn e0104_bad_line_number() {
    assert_eq!(diags("/29:k/27:1k/14:3K3/ w -- - 0 1"), one("E0104", "29"));
    assert_eq!(diags("/x:k/27:1k/14:3K3/ w -- - 0 1"), one("E0104", "x"));
}

#[test]
fn e0105_repeated_line() {
    assert_eq!(diags("/27:1k/27:1k/14:3K3/ w -- - 0 1"), one("E0105", "27"));
}

#[test]
fn e0106_lines_not_descending() {
    assert_eq!(diags("/14:3K3/27:1k/ w -- - 0 1"), one("E0106", "27"));
}

#[test]
fn e0107_line_too_long() {
    let s = "/28:kk/14:3K3/ w -- - 0 1";
    assert_eq!(diags(s), one("E0107", "k"));
    let r = pdtl::read(s, &Letters::standard());
    assert_eq!(
        r.diagnostics[0].message,
        "expected at most 1 hex on line 28 (columns F), found 2 entries"
    );
    assert_eq!(diags("/27:1k/14:3K4/ w -- - 0 1"), one("E0107", "4"));
}

#[test]
fn e0108_unknown_letter() {
    assert_eq!(diags("/27:1k/14:3K2x/ w -- - 0 1"), one("E0108", "x"));
    // A FAN symbol with the standard letters: the span covers the whole multi-byte character.
    assert_eq!(diags("/27:1♚/14:3K3/ w -- - 0 1"), one("E0108", "♚"));
    // A standard letter replaced by a Redefine is no longer valid.
    let english = Letters::from_redefine("B@J, W@V, Q@D").unwrap();
    assert_eq!(diags_with("/27:1k/14:3K2j/ w -- - 0 1", &english), one("E0108", "j"));
    let r = pdtl::read("/27:1k/14:3K2j/ w -- - 0 1", &english);
    assert_eq!(r.diagnostics[0].fixes[0].replacement, "b");
}

#[test]
fn e0109_no_king() {
    assert_eq!(diags("/14:3K3/ w -- - 0 1"), one("E0109", "/14:3K3/"));
}

#[test]
fn e0110_two_kings() {
    assert_eq!(diags("/27:kk/14:3K3/ w -- - 0 1"), one("E0110", "k"));
    let r = pdtl::read("/27:kk/14:3K3/ w -- - 0 1", &Letters::standard());
    assert_eq!(r.diagnostics[0].span.start, 5);
}

#[test]
fn e0111_too_many_pieces() {
    assert_eq!(diags("/27:1k/14:RRRK3/ w -- - 0 1"), one("E0111", "R"));
    let r = pdtl::read("/27:1k/14:RRRK3/ w -- - 0 1", &Letters::standard());
    assert_eq!(r.diagnostics[0].span.start, 12);
    assert_eq!(diags("/27:1k/14:DDDK3/ w -- - 0 1").len(), 2);
}

#[test]
fn e0112_two_bishops_on_one_colour() {
    assert_eq!(diags("/27:1k/14:JJ1K3/ w -- - 0 1"), one("E0112", "J"));
    // One per colour is fine.
    assert_eq!(diags("/27:1k/16:J6/15:J7/14:J2K3/ w -- - 0 1"), []);
}

#[test]
fn e0113_bad_turn() {
    assert_eq!(diags("/27:1k/14:3K3/ W -- - 0 1"), one("E0113", "W"));
    assert_eq!(fixed("/27:1k/14:3K3/ W -- - 0 1"), OK);
    assert_eq!(diags("/27:1k/14:3K3/ x -- - 0 1"), one("E0113", "x"));
}

#[test]
fn e0114_castling_syntax() {
    assert_eq!(diags("/27:1k/14:3K3/ w RR-- - 0 1"), one("E0114", "RR--"));
    assert_eq!(
        diags("/27:1k/14:3K3/ w rkrRKR - 0 1"),
        [("W0107", "rkrRKR".into()), ("E0114", "rkrRKR".into())]
    );
    assert_eq!(diags("/27:1k/14:3K3/ w -x - 0 1"), one("E0114", "-x"));
}

#[test]
fn e0114_message_and_help_use_the_letter_table_in_use() {
    let message_and_help = |s: &str, letters: &Letters| {
        let r = pdtl::read(s, letters);
        let d = r.diagnostics.iter().find(|d| d.code == "E0114").expect("an E0114");
        (d.message.clone(), d.help.clone())
    };
    let (m, h) = message_and_help("/27:1k/14:3K3/ w RR-- - 0 1", &Letters::standard());
    assert_eq!(
        m,
        "expected White's castling status (`RKR` all unmoved, `KR`, `RK`, `K` or `-`) then \
         Black's (`rkr`, `kr`, `rk`, `k` or `-`), found `RR--`"
    );
    assert_eq!(
        h,
        ["e.g. `RKRrkr` at the start, `RK-` when Black's King has moved, `--` when both have"]
    );

    let t = Letters::from_redefine("T@R").unwrap();
    let (m, h) = message_and_help("/27:1k/14:3K3/ w TT-- - 0 1", &t);
    assert!(m.contains("(`TKT` all unmoved") && m.contains("Black's (`tkt`, `kt`"), "{m}");
    assert!(h[0].starts_with("e.g. `TKTtkt` at the start, `TK-`"), "{}", h[0]);

    let (m, h) = message_and_help("/27:1♚/14:3♔3/ w ♖♖-- - 0 1", &Letters::fan());
    assert!(m.contains("(`♖♔♖` all unmoved") && m.contains("Black's (`♜♚♜`, `♚♜`"), "{m}");
    assert!(!m.contains("lower case"), "{m}");
    assert!(h[0].starts_with("e.g. `♖♔♖♜♚♜` at the start, `♖♔-`"), "{}", h[0]);
}

#[test]
fn e0115_castling_contradicts_the_board() {
    // K present, but the King is on F14, not G1.
    assert_eq!(diags("/27:1k/14:3K3/ w K- - 0 1"), one("E0115", "K"));
    // `RK`: the Queen's Rook must be on C3; here only I3 holds a Rook.
    assert_eq!(diags("/27:1k/3:3R/1:1K/ w RK- - 0 1"), one("E0115", "R"));
    // A Black Rook on C3 is not White's Queen's Rook.
    assert_eq!(diags("/27:1k/3:r2R/1:1K/ w RKR- - 0 1"), one("E0115", "R"));
    // The DPTL fragment of the spec: `KR` after the King's Rook left I3 (docs/DECISIONS.md 3) is
    // how the official app writes `RK`: E0125 names the conversion.
    assert_eq!(diags("/27:1k/25:r2r/3:R3/2:2R/1:1K/ w KRrkr - 0 1"), one("E0125", "KRrkr"));
    assert_eq!(diags("/27:1k/25:r2r/2:2R/1:1K/ w KRrkr - 0 1"), one("E0115", "R"));
}

#[test]
fn e0116_en_passant_syntax() {
    assert_eq!(diags("/27:1k/14:3K3/ w -- G15@x 0 1"), one("E0116", "x"));
    assert_eq!(diags("/27:1k/14:3K3/ w -- Q15 0 1"), one("E0116", "Q15"));
    assert_eq!(diags("/27:1k/14:3K3/ w -- G16@14 0 1"), one("E0116", "G16"));
    assert_eq!(diags("/27:1k/14:3K3/ w -- G15@09 0 1"), one("E0116", "09"));
}

// White pawn on G15 and Black to move: a double step G11-G15 crossing G13.
const G15: &str = "/27:1k/15:4P3/14:3K3/ b --";

#[test]
fn double_step_field_is_clean() {
    assert_eq!(diags(&format!("{G15} G15@13 0 1")), []);
}

#[test]
fn e0117_en_passant_no_pawn() {
    assert_eq!(diags("/27:1k/14:3K3/ w -- G15@13 0 1"), one("E0117", "G15"));
    // The pawn belongs to the side to move: the field contradicts the turn.
    assert_eq!(diags("/27:1k/15:4P3/14:3K3/ w -- G15@13 0 1"), one("E0117", "G15"));
}

#[test]
fn e0118_en_passant_lines() {
    assert_eq!(diags(&format!("{G15} G15@11 0 1")), one("E0118", "11"));
    assert_eq!(diags(&format!("{G15} G15@11-13 0 1")), one("E0118", "G15@11-13"));
    // G15 <- G9 is a triple step, but G9 is not a triple-step hex.
    assert_eq!(diags(&format!("{G15} G15@11-13 0 1")), one("E0118", "G15@11-13"));
    let s = "/27:1k/15:4P3/14:3K3/ b -- G15@9-11 0 1";
    assert_eq!(diags(s), one("E0118", "9-11"));
}

#[test]
fn e0118_triple_step_needs_a_triple_step_hex() {
    // G15 from G9 by a triple step: lines 11 and 13 are right, but G9 has no triple step.
    assert_eq!(diags(&format!("{G15} G15@11-13 0 1")), one("E0118", "G15@11-13"));
    let s = "/27:1k/15:4P3/14:3K3/ b -- G15@11-13 0 1";
    let r = pdtl::read(s, &Letters::standard());
    assert!(r.diagnostics[0].message.contains("triple-step"), "{}", r.diagnostics[0].message);
}

#[test]
fn e0119_crossed_hex_not_empty() {
    let s = "/27:1k/15:4P3/14:3K3/13:4n3/ b -- G15@13 0 1";
    assert_eq!(diags(s), one("E0119", "G15@13"));
}

#[test]
fn e0120_scornful_impossible() {
    // A Black pawn on F14 with no White pawn on E13 or G13 that it could have faced.
    assert_eq!(diags("/27:1k/14:3p3/1:1K/ w -- F14 0 1"), one("E0120", "F14"));
    // With a White pawn on G13 and G15 empty, it is fine.
    assert_eq!(diags("/27:1k/14:3p3/13:4P3/1:1K/ w -- F14 0 1"), []);
}

#[test]
fn e0121_bad_halfmove_clock() {
    assert_eq!(diags("/27:1k/14:3K3/ w -- - x 1"), one("E0121", "x"));
    assert_eq!(fixed("/27:1k/14:3K3/ w -- - ? 1"), OK);
}

#[test]
fn e0122_bad_move_number() {
    assert_eq!(diags("/27:1k/14:3K3/ w -- - 0 0"), one("E0122", "0"));
    assert_eq!(diags("/27:1k/14:3K3/ w -- - 0 -"), one("E0122", "-"));
    // With the app's castling field too, it is the official app's dialect: E0125 names it.
    assert_eq!(diags("/27:1k/14:3K3/ w - - 0 -"), one("E0125", "-"));
    assert_eq!(diags("/27:1k/14:3K3/ w -- - 0 ?"), []);
}

#[test]
fn e0121_e0122_say_when_a_number_is_too_large() {
    let message = |s: &str| pdtl::read(s, &Letters::standard()).diagnostics[0].message.clone();
    let s = "/27:1k/14:3K3/ w -- - 4294967296 1";
    assert_eq!(diags(s), one("E0121", "4294967296"));
    assert_eq!(
        message(s),
        "expected the halfmove clock, a number from 0 to 4294967295, found `4294967296`, which is too large"
    );
    let s = "/27:1k/14:3K3/ w -- - 0 4294967296";
    assert_eq!(diags(s), one("E0122", "4294967296"));
    assert_eq!(
        message(s),
        "expected the move number, a number from 1 to 4294967295 or `?`, found `4294967296`, which is too large"
    );
    // The largest numbers are read and written back.
    let s = "/27:1k/14:3K3/ w -- - 4294967295 4294967295";
    let r = pdtl::read(s, &Letters::standard());
    assert_eq!(r.diagnostics, []);
    assert_eq!(pdtl::write(&r.position.unwrap(), &Letters::standard()), s);
}

#[test]
fn e0123_clock_after_pawn_move() {
    assert_eq!(diags(&format!("{G15} G15@13 3 1")), one("E0123", "3"));
}

#[test]
fn e0124_side_not_to_move_in_check() {
    // The White Rook on G25 attacks the Black King on G27, and White is to move.
    let s = "/27:1k/25:2R1/1:1K/ w -- - 0 1";
    assert_eq!(diags(s), one("E0124", "k"));
    let r = pdtl::read(s, &Letters::standard());
    let d = &r.diagnostics[0];
    assert_eq!(
        d.message,
        "expected the side not to move to be out of check, found Black in check while White is to \
         move (Black King on G27 attacked by the White Rook (`R`) on G25)"
    );
    let labels: Vec<(&str, &str)> =
        d.labels.iter().map(|l| (&s[l.span.range()], l.message.as_str())).collect();
    assert_eq!(labels, [("R", "gives check from G25")]);
    assert_eq!(d.help, ["if it is Black's turn, the turn field is `b`"]);
    // With Black to move, the same board is a check to answer, which is fine.
    assert_eq!(diags("/27:1k/25:2R1/1:1K/ b -- - 0 1"), []);
}

#[test]
fn e0124_names_every_checker_and_follows_the_letter_table() {
    // Black to move, White's King on G1 in double check from a Knight jump (E5) and a Rook (G5).
    let s = "/27:1k/5:2nr2/1:1K/ b -- - 0 1";
    let r = pdtl::read(s, &Letters::standard());
    assert_eq!(diags(s), one("E0124", "K"));
    let labelled: Vec<&str> = r.diagnostics[0].labels.iter().map(|l| &s[l.span.range()]).collect();
    assert_eq!(labelled, ["r", "n"]);
    let t = Letters::from_redefine("T@R, C@N").unwrap();
    let s = "/27:1k/5:2ct2/1:1K/ b -- - 0 1";
    assert_eq!(diags_with(s, &t), one("E0124", "K"));
    let r = pdtl::read(s, &t);
    assert!(r.diagnostics[0].message.contains("(`t`)"), "{}", r.diagnostics[0].message);
}

#[test]
fn e0124_when_both_kings_are_attacked_no_turn_helps() {
    // G25 Rook checks Black's King, G5 rook checks White's: whoever is to move, the other is in check.
    let s = "/27:1k/25:2R1/5:3r2/1:1K/ w -- - 0 1";
    assert_eq!(diags(s), one("E0124", "k"));
    let d = &pdtl::read(s, &Letters::standard()).diagnostics[0];
    assert!(d.help.is_empty());
    assert_eq!(d.notes, ["White is in check too: no turn makes this position legal"]);
}

#[test]
fn e0124_is_not_reported_on_a_broken_board() {
    // Two Black Kings (E0110) or a broken placement: the check is not judged on top.
    assert_eq!(diags("/27:kk/25:2R1/1:1K/ w -- - 0 1"), one("E0110", "k"));
    let codes: Vec<&str> =
        diags("/27:1k/25:2Rx/1:1K/ w -- - 0 1").into_iter().map(|(c, _)| c).collect();
    assert_eq!(codes, ["E0108"]);
}

#[test]
fn w0101_five_fields() {
    let r = pdtl::read("/27:1k/14:3K3/ w -- - 0", &Letters::standard());
    assert_eq!(r.position.unwrap().move_number(), cescacs_board::MoveNumber::Unknown);
    assert_eq!(diags("/27:1k/14:3K3/ w -- - 0"), one("W0101", "0"));
    assert_eq!(fixed("/27:1k/14:3K3/ w -- - 0"), "/27:1k/14:3K3/ w -- - 0 ?");
}

#[test]
fn w0102_spacing() {
    assert_eq!(diags("/27:1k/14:3K3/  w -- - 0 1"), one("W0102", "  "));
    assert_eq!(
        diags(" /27:1k/14:3K3/ w -- - 0 1\r"),
        [("W0102", " ".into()), ("W0102", "\r".into())]
    );
    assert_eq!(fixed("/27:1k/14:3K3/\tw -- - 0 1 "), OK);
}

#[test]
fn w0103_empty_run() {
    assert_eq!(diags("/27:1k/14:21K3/ w -- - 0 1"), one("W0103", "21"));
    assert_eq!(fixed("/27:1k/14:21K3/ w -- - 0 1"), OK);
    assert_eq!(fixed("/27:10k/14:3K3/ w -- - 0 1"), OK);
}

#[test]
fn w0104_line_too_short() {
    assert_eq!(diags("/27:1k/14:3K/ w -- - 0 1"), one("W0104", "3K"));
    assert_eq!(fixed("/27:1k/14:3K/ w -- - 0 1"), OK);
}

#[test]
fn w0105_empty_line() {
    assert_eq!(diags("/27:1k/20:7/14:3K3/ w -- - 0 1"), one("W0105", "20:7"));
    assert_eq!(fixed("/27:1k/20:7/14:3K3/ w -- - 0 1"), OK);
}

#[test]
fn w0106_line_leading_zero() {
    assert_eq!(diags("/27:1k/014:3K3/ w -- - 0 1"), one("W0106", "014"));
}

#[test]
fn w0107_short_castling_field() {
    assert_eq!(diags("/27:1k/14:3K3/ w - - 0 1"), one("W0107", "-"));
    assert_eq!(fixed("/27:1k/14:3K3/ w - - 0 1"), OK);
    let s = "/27:1k/3:R2R/1:1K/ w RKR - 0 1";
    assert_eq!(diags(s), one("W0107", "RKR"));
    assert_eq!(fixed(s), "/27:1k/3:R2R/1:1K/ w RKR- - 0 1");
    let s = "/25:r2r/27:1k/1:1K/ w rkr - 0 1";
    assert!(diags(s).contains(&("W0107", "rkr".to_string())));
}

#[test]
fn w0108_triple_lines_descending() {
    let s = "/27:1k/14:3K3/13:4P3/ b -- G13@11-9 0 1";
    assert_eq!(diags(s), one("W0108", "11-9"));
    assert_eq!(fixed(s), "/27:1k/14:3K3/13:4P3/ b -- G13@9-11 0 1");
}

#[test]
fn w0109_unicode_hyphen() {
    let s = "/27:1k/14:3K3/ w \u{2010}\u{2010} \u{2010} 0 1";
    assert_eq!(
        diags(s),
        [("W0109", "\u{2010}".into()), ("W0109", "\u{2010}".into()), ("W0109", "\u{2010}".into())]
    );
    assert_eq!(fixed(s), OK);
}

#[test]
fn w0110_ambiguous_scornful() {
    let s = "/27:1k/14:3p3/13:3PP3/1:1K/ w -- F14 0 1";
    assert_eq!(diags(s), one("W0110", "F14"));
}

#[test]
fn w0111_counter_leading_zero() {
    assert_eq!(
        diags("/27:1k/14:3K3/ w -- - 00 01"),
        [("W0111", "00".into()), ("W0111", "01".into())]
    );
    assert_eq!(fixed("/27:1k/14:3K3/ w -- - 00 01"), OK);
}

#[test]
fn every_problem_is_reported_at_once() {
    let s = "/29:k/27:1k/14:3K3x/ W RR - x 0";
    let codes: Vec<&str> = diags(s).into_iter().map(|(c, _)| c).collect();
    assert_eq!(codes, ["E0104", "E0108", "E0107", "E0113", "E0114", "E0121", "E0122"]);
}

#[test]
fn pdtl_error_displays_the_first_error() {
    let e = pdtl::parse("/27:kk/14:3K3/ W -- - 0 1").unwrap_err();
    assert_eq!(e.to_string(), "E0110 expected one Black King, found 2 (and 1 more error)");
    assert_eq!(e.errors().count(), 2);
}

#[test]
fn a_bare_line_number_is_one_error() {
    assert_eq!(diags("/27/27:1k/14:3K3/ w -- - 0 1"), one("E0103", "27"));
}

#[test]
fn empty_runs_and_unknown_letters_are_reported_in_text_order() {
    assert_eq!(
        diags("/27:1k/14:11X1K2/ w -- - 0 1"),
        [("W0103", "11".into()), ("E0108", "X".into())]
    );
    assert_eq!(
        diags("/27:1k/14:1X11K02/ w -- - 0 1"),
        [("E0108", "X".into()), ("W0103", "11".into()), ("W0103", "02".into())]
    );
}
