//! Golden tests: one malformed input per error class, each with the exact codes and spans of its
//! diagnostics; the full diagnostics (message, labels, help, fixes) are compared with
//! `tests/golden/malformed.txt` (regenerate with `UPDATE_GOLDEN=1 cargo test -p ctl-an --test malformed`).
//! The recovery cases also assert the tree that survives the errors.

use ctl_an::syntax::{Pair, Ply, Record, Variation};
use ctl_an::{Diagnostic, parse_file};

const V: &str = "[Variant \"C'escacs\"] ";
/// The `Variant` tag on a line of its own.
const VL: &str = "[Variant \"C'escacs\"]\n";

/// (name, input, expected (code, start, end) in order).
type Case = (&'static str, String, &'static [(&'static str, usize, usize)]);

fn v(s: &str) -> String {
    format!("{V}{s}")
}

fn cases() -> Vec<Case> {
    vec![
        ("unexpected-character", v("1. E7-E13%, E21-E15: *"), &[("E0201", 30, 31)]),
        ("unexpected-character-run", v("1. E7-E13, E21-E15 §§ 2. F8-F12: *"), &[("E0201", 40, 44)]),
        ("control-character", v("1. E7-E13\u{1}, E21-E15: *"), &[("E0201", 30, 31)]),
        ("stray-close-brace", v("1. E7-E13: * }"), &[("E0201", 34, 35)]),
        ("unterminated-comment", v("1. E7-E13: * { unclosed"), &[("E0202", 34, 35)]),
        ("unterminated-tag-value", "[Variant \"C'escacs]\n1. E7-E13: *".to_string(), &[("E0203", 9, 18)]),
        ("unterminated-tag-value-no-bracket", v("[Event \"Open 2024\n1. E7-E13: *"), &[("E0203", 28, 38)]),
        ("hex-not-on-board", v("1. E8-E13: *"), &[("E0204", 24, 26)]),
        ("hex-line-out-of-range", v("1. E7-E31: *"), &[("E0204", 27, 30)]),
        ("hex-column-j", v("1. J5-J7: *"), &[("E0204", 24, 26), ("E0204", 27, 29)]),
        ("hex-leading-zero", v("1. E7-E013: *"), &[("E0204", 27, 31)]),
        ("lower-case-columns", v("1. e7-e13: *"), &[("E0205", 24, 25), ("E0205", 27, 28)]),
        ("letter-x-capture", v("1. E7-E13, E21-E15 2. E13xF16: *"), &[("E0206", 46, 47)]),
        ("letter-x-capture-piece", v("1. E7-E13, E21-E15 2. E13xNF16: *"), &[("E0206", 46, 47)]),
        ("letter-x-alone", v("1. E7-E13, E21-E15 2. E13 x F16: *"), &[("E0209", 47, 48)]),
        ("lower-case-column-after-piece", v("1. Ef6-E13: *"), &[("E0205", 25, 26)]),
        ("castling-not-valid", v("1. KRK-HI: *"), &[("E0207", 24, 30)]),
        ("castling-unknown-prefix", v("1. KRX-HI: *"), &[("E0207", 24, 30)]),
        ("castling-no-columns", v("1. KRD-: *"), &[("E0207", 24, 28)]),
        ("result-not-valid", v("1. E7-E13: 2-2"), &[("E0208", 32, 35)]),
        ("move-missing-destination", v("1. E7-: *"), &[("E0209", 27, 28)]),
        ("move-missing-black", v("1. E7-E13, : *"), &[("E0209", 32, 33)]),
        ("move-one-hex-only", v("1. Nf3, E21-E15: *"), &[("E0209", 24, 27)]),
        ("move-chess-word", v("1. Nxe5, E21-E15: *"), &[("E0209", 24, 28)]),
        ("promotion-without-piece", v("1. E25-E27=: *"), &[("E0209", 32, 33)]),
        ("missing-comma", v("1. E7-E13 E21-E15: *"), &[("E0210", 31, 39)]),
        ("repeated-comma", v("1. E7-E13,, E21-E15: *"), &[("E0210", 31, 32)]),
        ("repeated-comma-spaced", v("1. E7-E13, , E21-E15: *"), &[("E0210", 32, 33)]),
        ("number-without-dot", v("1. E7-E13, E21-E15 2 F8-F12: *"), &[("E0210", 40, 49)]),
        ("two-ratings", v("1. E7-E13 ?? !!: *"), &[("E0210", 34, 37)]),
        ("result-with-spaces", v("1. E7-E13:\n3 - 0"), &[("E0210", 32, 37)]),
        ("pgn-black-move-dots", v("1... E21-E15: *"), &[("E0210", 21, 25)]),
        ("castling-written-with-o", v("1. O-O: *"), &[("E0207", 24, 27)]),
        ("castling-written-with-zeros", v("1. 0-0-0: *"), &[("E0207", 24, 29)]),
        ("unclosed-variation", v("1. E7-E13 (1. F8-F12: *"), &[("E0211", 31, 32)]),
        ("stray-close", v("1. E7-E13: * )"), &[("E0212", 34, 35)]),
        ("capture-without-sign", v("1. E13-NF16: *"), &[("E0213", 27, 28)]),
        ("forced-promotion-with-piece", v("1. …, E21-E15 2. PE27=D: *"), &[("E0214", 40, 41)]),
        ("forced-promotion-awaiting", v("1. …, E21-E15 2. E27=&: *"), &[("E0214", 43, 45)]),
        ("tag-without-value", "[Variant C'escacs] 1. E7-E13: *".to_string(), &[("E0215", 9, 17)]),
        ("tag-without-name", "[ \"C'escacs\"] 1. E7-E13: *".to_string(), &[("E0215", 2, 12), ("E0217", 14, 15)]),
        ("tag-misplaced-quotes", v("[Redefine \"A@J, T@R\", C@N\"]\n1. E7-E13: *"), &[("E0215", 41, 42)]),
        ("tag-unclosed", v("[Event \"CG\"\n1. E7-E13: *"), &[("E0215", 21, 22)]),
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
        ("spaces-inside-moves", v("1. E7 - E13, E21-E15 +^ 2. F8-F12 =D, F20-F16 #\n0-3"), &[("W0207", 24, 32), ("W0207", 34, 44), ("W0207", 48, 57), ("W0207", 59, 68)]),
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
            &[("E0204", 27, 30), ("E0211", 108, 109)],
        ),
        (
            "recovery-variation-junk",
            v("1. E7-E13 (1. F8-F12 Nf3 2. G7-G13) (1. H6 %) 1. …, E21-E15: *"),
            &[("E0209", 42, 45), ("E0209", 61, 63), ("E0201", 64, 65)],
        ),
        (
            "recovery-stray-and-unclosed",
            v("1. E7-E13) 1. …, E21-E15 2. F8-F12 (2. G7-G13 ( 2. H6-H12: *"),
            &[("E0212", 30, 31), ("E0211", 58, 59), ("E0211", 69, 70)],
        ),
        (
            "recovery-unclosed-comment",
            format!("{VL}1. E7-E13 {{ a comment\nwithout its end\n1. …, E21-E15: *\n\n{VL}{{ intro }}\n1. E7-E13, E21-E15:\n*\n"),
            &[("E0202", 31, 32)],
        ),
        (
            "recovery-unclosed-variation",
            format!("{VL}1. E7-E13 (1. F8-F12\n2. G7-G13, E21-E15:\n*\n{VL}1. E7-E13, E21-E15:\n*\n"),
            &[("E0211", 31, 32)],
        ),
        (
            "recovery-unclosed-tag",
            format!("{VL}1. E7-E13: *\n[Variant \"C'escacs\"\n[Event \"x\"]\n1. E7-E13, E21-E15:\n*\n{VL}1. F8-F12: *\n"),
            &[("E0215", 34, 35)],
        ),
        (
            "recovery-unclosed-tag-value",
            format!("{VL}1. E7-E13: *\n{VL}[Event \"Open\n[Site \"x]\n1. E7-E13, E21-E15:\n*\n{VL}1. F8-F12: *\n"),
            &[("E0203", 62, 67), ("E0203", 74, 76)],
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

/// A game as text: each pair `N. WHITE, BLACK` with its variations in parentheses, `!text` for a
/// ply that could not be read, the result last, all joined by ` | `.
fn tree(game: &Record) -> String {
    let mut parts: Vec<String> = game.movetext.pairs.iter().map(pair).collect();
    parts.extend(game.movetext.result.map(|r| r.value.as_str().to_string()));
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
    for v in &p.variations {
        s += &format!(" {}", variation(v));
    }
    s
}

fn variation(v: &Variation) -> String {
    let label = v.label.map_or(String::new(), |l| format!("$[{}] ", l.value));
    let body: Vec<String> = v.pairs.iter().map(pair).collect();
    format!("({label}{}{})", body.join(" "), if v.closed { "" } else { " <unclosed>" })
}

#[test]
fn recovery_keeps_the_rest_of_the_tree() {
    // (case name, one tree per game)
    let table: &[(&str, &[&str])] = &[
        (
            "recovery-moves",
            &[
                "1. !E7-E31, E21-E15 | 2. !F8-, F20-F16 | 3. !KRK-HI, G21-G15 | 4. E13×F16, E15×F12 : | *",
            ],
        ),
        ("recovery-tags-and-moves", &["1. E7-E13, E21-E15 | 2. F8-F12, F20-F16 : | *"]),
        (
            "recovery-games",
            &["1. !E7-E99: | *", "1. E7-E13, E21-E15 : | *", "1. E7-E13 (1. F8-F12 <unclosed>)"],
        ),
        (
            "recovery-variation-junk",
            &["1. E7-E13 (1. F8-F12 2. G7-G13) (1. !H6) | 1. …, E21-E15 : | *"],
        ),
        (
            "recovery-stray-and-unclosed",
            &[
                "1. E7-E13 | 1. …, E21-E15 | 2. F8-F12 (2. G7-G13 (2. H6-H12 : <unclosed>) <unclosed>) | *",
            ],
        ),
        ("recovery-unclosed-comment", &["1. E7-E13", "1. E7-E13, E21-E15 : | *"]),
        (
            "recovery-unclosed-variation",
            &[
                "1. E7-E13 (1. F8-F12 2. G7-G13, E21-E15 : <unclosed>) | *",
                "1. E7-E13, E21-E15 : | *",
            ],
        ),
        (
            "recovery-unclosed-tag",
            &["1. E7-E13 : | *", "1. E7-E13, E21-E15 : | *", "1. F8-F12 : | *"],
        ),
        (
            "recovery-unclosed-tag-value",
            &["1. E7-E13 : | *", "1. E7-E13, E21-E15 : | *", "1. F8-F12 : | *"],
        ),
        ("missing-comma", &["1. E7-E13, E21-E15 : | *"]),
        ("repeated-comma", &["1. E7-E13, E21-E15 : | *"]),
        ("repeated-comma-spaced", &["1. E7-E13, E21-E15 : | *"]),
        ("pgn-black-move-dots", &["1. …, E21-E15 : | *"]),
        ("lower-case-column-after-piece", &["1. EF6-E13 : | *"]),
        ("spaces-inside-moves", &["1. E7-E13, E21-E15+^ | 2. F8-F12=D, F20-F16# | 0-3"]),
    ];
    let cases = cases();
    for &(name, want) in table {
        let (_, input, _) =
            cases.iter().find(|c| c.0 == name).unwrap_or_else(|| panic!("no case {name}"));
        let out = parse_file(input);
        let got: Vec<String> = out.file.games().iter().map(tree).collect();
        assert_eq!(got, want, "{name}");
    }
    // The tags around the broken ones are kept, with the values as meant.
    let out = parse_file(&cases.iter().find(|c| c.0 == "recovery-unclosed-tag-value").unwrap().1);
    let tags: Vec<(&str, &str)> =
        out.file.games()[1].tags.iter().map(|t| (t.name.as_str(), t.value.as_str())).collect();
    assert_eq!(tags, [("Variant", "C'escacs"), ("Event", "Open"), ("Site", "x")]);
    let out = parse_file(&cases.iter().find(|c| c.0 == "recovery-unclosed-tag").unwrap().1);
    let tags: Vec<(&str, &str)> =
        out.file.games()[1].tags.iter().map(|t| (t.name.as_str(), t.value.as_str())).collect();
    assert_eq!(tags, [("Variant", "C'escacs"), ("Event", "x")]);
}
