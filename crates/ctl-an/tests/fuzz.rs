//! Random token soups and random text never make the reader panic, and every span it reports
//! lies inside the text on character boundaries.

use proptest::prelude::*;

const PIECES: &[&str] = &[
    "[",
    "]",
    "[Variant \"C'escacs\"]",
    "\"",
    "\"v\\\"x\"",
    "{",
    "}",
    "{ @W: ~JF6 #14[#12.2]@B }",
    "(",
    ")",
    "$[1]",
    "$24",
    "1.",
    "12.",
    "1?",
    "0.",
    "…",
    "...",
    ".",
    "..",
    ",",
    ":",
    "(=)",
    "(=):",
    "E7",
    "E13",
    "EE5",
    "JF6",
    "♘E3",
    "♘",
    "e7",
    "xF16",
    "xNF16",
    "x",
    "D",
    "&",
    "=",
    "-",
    "‐",
    "–",
    "×",
    "*",
    "@",
    "@@",
    "+",
    "+^",
    "+∞",
    "++",
    "#",
    "?",
    "??",
    "?!",
    "!",
    "!!",
    "!?",
    "◇",
    "KRK-HIO",
    "KRK-",
    "KRX-AB",
    "3-0",
    "1-1",
    "2-2",
    "0-3",
    "%",
    "€",
    "Variant",
    "Nf3",
    "Ef6",
    "O-O",
    "O-O-O",
    "0-0",
    ",,",
    "1...",
    "\u{1}",
    "\0",
    "\r",
    "{ open\n[Variant \"C'escacs\"]",
    "[Variant \"C'escacs\"\n",
    "[Event \"x\n",
    "E99",
    "J5",
    "F04",
    "\n",
    "\r\n",
    "\u{feff}",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec((0..PIECES.len(), prop::sample::select(vec!["", " ", "\n"])), 0..60)
        .prop_map(|v| v.into_iter().map(|(i, sep)| format!("{}{sep}", PIECES[i])).collect())
}

fn check(src: &str) {
    let out = ctl_an::parse_file(src);
    for d in &out.diagnostics {
        let spans = std::iter::once(d.span)
            .chain(d.labels.iter().map(|l| l.span))
            .chain(d.fixes.iter().map(|f| f.span));
        for s in spans {
            assert!(s.start <= s.end && s.end <= src.len());
            assert!(src.is_char_boundary(s.start) && src.is_char_boundary(s.end));
        }
    }
    let _ = src.parse::<ctl_an::syntax::Move>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn token_soups_never_panic(src in soup()) {
        check(&src);
    }

    #[test]
    fn any_text_never_panics(src in "\\PC{0,80}") {
        check(&src);
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn deep_nesting_is_bounded(depth in 0usize..3000, close in any::<bool>()) {
        let src = format!(
            "[Variant \"C'escacs\"] 1. E7-E13 {}{} 1. …, E21-E15: *",
            "(1. F8-F12 ".repeat(depth),
            if close { ")".repeat(depth) } else { String::new() }
        );
        check(&src);
    }
}
