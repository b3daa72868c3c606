//! Golden tests: one malformed input per error class, each with the exact codes and spans of its
//! diagnostics; the full diagnostics (message, labels, help, fixes) are compared with
//! `tests/golden/malformed.txt` (regenerate with `UPDATE_GOLDEN=1 cargo test -p ctl-an --test malformed`).

use ctl_an::{Diagnostic, parse_file};

const V: &str = "[Variant \"C'escacs\"] ";

/// (name, input, expected (code, start, end) in order).
type Case = (&'static str, String, &'static [(&'static str, usize, usize)]);

fn v(s: &str) -> String {
    format!("{V}{s}")
}

fn cases() -> Vec<Case> {
    vec![
        ("unexpected-character", v("1. E7-E13%, E21-E15: *"), &[("E0201", 30, 31)]),
        ("unexpected-character-run", v("1. E7-E13, E21-E15 §§ 2. F8-F12: *"), &[("E0201", 40, 44)]),
        ("unterminated-comment", v("1. E7-E13: * { unclosed"), &[("E0202", 34, 35)]),
        ("unterminated-tag-value", "[Variant \"C'escacs]\n1. E7-E13: *".to_string(), &[("E0203", 9, 19), ("E0215", 19, 19)]),
        ("hex-not-on-board", v("1. E8-E13: *"), &[("E0204", 24, 26)]),
        ("hex-line-out-of-range", v("1. E7-E31: *"), &[("E0204", 27, 30)]),
        ("hex-column-j", v("1. J5-J7: *"), &[("E0204", 24, 26), ("E0204", 27, 29)]),
        ("hex-leading-zero", v("1. E7-E013: *"), &[("E0204", 27, 31)]),
        ("lower-case-columns", v("1. e7-e13: *"), &[("E0205", 24, 25), ("E0205", 27, 28)]),
        ("letter-x-capture", v("1. E7-E13, E21-E15 2. E13xF16: *"), &[("E0206", 46, 47)]),
        ("letter-x-capture-piece", v("1. E7-E13, E21-E15 2. E13xNF16: *"), &[("E0206", 46, 47)]),
        ("letter-x-alone", v("1. E7-E13, E21-E15 2. E13 x F16: *"), &[("E0209", 47, 48)]),
        ("castling-not-valid", v("1. KRK-HI: *"), &[("E0207", 24, 30)]),
        ("castling-unknown-prefix", v("1. KRX-HI: *"), &[("E0207", 24, 30)]),
        ("castling-no-columns", v("1. KRD-: *"), &[("E0207", 24, 28)]),
        ("result-not-valid", v("1. E7-E13: 2-2"), &[("E0208", 32, 35)]),
        ("move-missing-destination", v("1. E7-: *"), &[("E0209", 27, 28)]),
        ("move-missing-black", v("1. E7-E13, : *"), &[("E0209", 32, 33)]),
        ("move-word", v("1. Nf3, E21-E15: *"), &[("E0209", 24, 26)]),
        ("promotion-without-piece", v("1. E25-E27=: *"), &[("E0209", 32, 33)]),
        ("missing-comma", v("1. E7-E13 E21-E15: *"), &[("E0210", 31, 39)]),
        ("number-without-dot", v("1. E7-E13, E21-E15 2 F8-F12: *"), &[("E0210", 40, 49)]),
        ("two-ratings", v("1. E7-E13 ?? !!: *"), &[("E0210", 34, 37)]),
        ("result-with-spaces", v("1. E7-E13:\n3 - 0"), &[("E0210", 32, 37)]),
        ("pgn-black-move-dots", v("1... E21-E15: *"), &[("E0209", 23, 25), ("E0210", 26, 34)]),
        ("castling-written-with-o", v("1. O-O: *"), &[("E0209", 24, 25)]),
        ("unclosed-variation", v("1. E7-E13 (1. F8-F12: *"), &[("E0211", 42, 42)]),
        ("stray-close", v("1. E7-E13: * )"), &[("E0212", 34, 35)]),
        ("capture-without-sign", v("1. E13-NF16: *"), &[("E0213", 27, 28)]),
        ("forced-promotion-with-piece", v("1. …, E21-E15 2. PE27=D: *"), &[("E0214", 40, 41)]),
        ("forced-promotion-awaiting", v("1. …, E21-E15 2. E27=&: *"), &[("E0214", 43, 45)]),
        ("tag-without-value", "[Variant C'escacs] 1. E7-E13: *".to_string(), &[("E0215", 9, 17)]),
        ("tag-without-name", "[ \"C'escacs\"] 1. E7-E13: *".to_string(), &[("E0215", 2, 12), ("E0217", 14, 15)]),
        ("tag-misplaced-quotes", v("[Redefine \"A@J, T@R\", C@N\"]\n1. E7-E13: *"), &[("E0215", 41, 42), ("E0203", 46, 48)]),
        ("tag-bad-escape", v("[Event \"a\\qb\"] 1. E7-E13: *"), &[("E0216", 30, 32)]),
        ("no-variant-tag", "1. E7-E13: *".to_string(), &[("E0217", 0, 1)]),
        ("no-variant-tag-first", "[Event \"CG\"] 1. E7-E13: *".to_string(), &[("E0217", 0, 12)]),
        ("second-result", v("1. E7-E13: * 0-3"), &[("E0218", 34, 37)]),
        ("variation-first", v("(1. F8-F12) 1. E7-E13: *"), &[("E0218", 21, 32)]),
        ("result-in-variation", v("1. E7-E13 (1. F8-F12: *) 1. …, E21-E15: *"), &[("E0218", 43, 44)]),
        ("move-number-zero", v("0. E7-E13: *"), &[("E0219", 21, 23)]),
        ("label-zero", v("1. E7-E13 ($[0] 1. F8-F12) 1. …, E21-E15: *"), &[("E0220", 32, 36)]),
        ("nesting-too-deep", v(&format!("1. E7-E13 {}1. F8-F12{} 1. …, E21-E15: *", "(1. F8-F12 ".repeat(65), ")".repeat(65))), &[("E0221", 735, 736)]),
        ("en-dash", v("1. E7–E13: *"), &[("W0201", 26, 29)]),
        ("dptl", v("[DPTL \"/14:3K3/ w - - 0 1\"]\n1. KF14-F16: *"), &[("W0202", 22, 26)]),
        ("no-final-mark", v("1. E7-E13, E21-E15 *"), &[("W0203", 32, 39)]),
        ("no-result", v("1. E7-E13, E21-E15:"), &[("W0204", 32, 40)]),
        ("player-comment-without-colon", v("1. E7-E13: * { @W well played }"), &[("W0205", 36, 38)]),
        ("comment-between-moves", v("1. E7-E13 { see ~% and ~Z30 }, E21-E15: *"), &[("W0206", 37, 38), ("W0206", 44, 48), ("E0210", 50, 60)]),
        ("bad-reference-in-comment", v("1. E7-E13:\n{ see ~% and ~Z30 and #3[x] }\n*"), &[("W0206", 38, 39), ("W0206", 45, 49), ("W0206", 56, 59)]),
        // Recovery: several errors, the rest of the tree intact.
        (
            "recovery-moves",
            v("1. E7-E31, E21-E15 2. F8-, F20-F16 3. KRK-HI, G21-G15 4. E13xF16, E15×F12:\n*"),
            &[("E0204", 27, 30), ("E0209", 46, 47), ("E0207", 59, 65), ("E0206", 81, 82)],
        ),
        (
            "recovery-tags-and-moves",
            "[Variant \"C'escacs\"] [Event CG] [Site \"a\\qb\"]\n1. e7-E13, E21–E15 2. F8-F12 F20-F16: *".to_string(),
            &[("E0215", 28, 30), ("E0216", 40, 42), ("E0205", 49, 50), ("W0201", 60, 63), ("E0210", 77, 85)],
        ),
        (
            "recovery-games",
            format!("{V}1. E7-E99: *\n{V}1. E7-E13, E21-E15:\n*\n{V}1. E7-E13 (1. F8-F12\n"),
            &[("E0204", 27, 30), ("E0211", 118, 118)],
        ),
        (
            "recovery-variation-junk",
            v("1. E7-E13 (1. F8-F12 Nf3 2. G7-G13) (1. H6 %) 1. …, E21-E15: *"),
            &[("E0210", 42, 45), ("E0201", 64, 65), ("E0209", 65, 66)],
        ),
        (
            "recovery-stray-and-unclosed",
            v("1. E7-E13) 1. …, E21-E15 2. F8-F12 (2. G7-G13 ( 2. H6-H12: *"),
            &[("E0212", 30, 31), ("E0211", 81, 81), ("E0211", 81, 81)],
        ),
    ]
}

fn render(d: &Diagnostic) -> String {
    let mut s = format!("{d}\n");
    if let Some(l) = &d.primary_label {
        s += &format!("  primary: {l}\n");
    }
    for l in &d.labels {
        s += &format!("  label {}: {}\n", l.span, l.message);
    }
    for h in &d.help {
        s += &format!("  help: {h}\n");
    }
    for f in &d.fixes {
        s += &format!("  fix {}: {:?}\n", f.span, f.replacement);
    }
    s
}

#[test]
fn malformed_inputs_give_their_diagnostics() {
    let mut golden = String::new();
    let mut failures = Vec::new();
    let cases = cases();
    assert!(cases.len() >= 40);
    for (name, input, expected) in &cases {
        let out = parse_file(input);
        let got: Vec<(&str, usize, usize)> =
            out.diagnostics.iter().map(|d| (d.code, d.span.start, d.span.end)).collect();
        if got != *expected {
            failures
                .push(format!("{name}: expected {expected:?}, got {got:?}\n  input: {input:?}"));
        }
        golden += &format!("=== {name}\n{input}\n---\n");
        for d in &out.diagnostics {
            assert!(input.is_char_boundary(d.span.start) && input.is_char_boundary(d.span.end));
            assert!(d.message.starts_with("expected"), "{name}: {}", d.message);
            golden += &render(d);
        }
        golden.push('\n');
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/malformed.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &golden).unwrap();
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    if golden != want {
        let first = golden.lines().zip(want.lines()).position(|(a, b)| a != b);
        let line = first.unwrap_or_else(|| golden.lines().count().min(want.lines().count()));
        panic!(
            "golden file differs at line {}:\n  now:    {:?}\n  golden: {:?}\nrerun with UPDATE_GOLDEN=1 and review the diff",
            line + 1,
            golden.lines().nth(line),
            want.lines().nth(line)
        );
    }
}

#[test]
fn recovery_keeps_the_rest_of_the_tree() {
    let out = parse_file(&v(
        "1. E7-E31, E21-E15 2. F8-, F20-F16 3. KRK-HI, G21-G15 4. E13xF16, E15×F12:\n*",
    ));
    let mt = &out.file.games()[0].movetext;
    assert_eq!(mt.pairs.len(), 4);
    assert_eq!(mt.ply_count(), 8);
    let moves: Vec<String> = mt
        .pairs
        .iter()
        .flat_map(|p| [Some(&p.white), p.black.as_ref()])
        .flatten()
        .filter_map(|p| p.as_move().map(ToString::to_string))
        .collect();
    assert_eq!(moves, ["E21-E15", "F20-F16", "G21-G15", "E13×F16", "E15×F12 :"]);
    assert!(mt.result.is_some());

    let out = parse_file(&format!("{V}1. E7-E99: *\n{V}1. E7-E13, E21-E15:\n*\n"));
    assert_eq!(out.file.games().len(), 2);
    assert_eq!(out.file.games()[1].movetext.ply_count(), 2);
}
