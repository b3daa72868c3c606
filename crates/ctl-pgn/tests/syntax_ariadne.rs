//! The syntax layer's malformed inputs rendered as plain ariadne text, compared with a golden file.
//!
//! The inputs are the ones of `ctl-an`'s own golden test (`crates/ctl-an/tests/golden/malformed.txt`,
//! one per error class); `ctl-an` cannot render them itself because rendering lives above it.
//! Regenerate with `UPDATE_GOLDEN=1 cargo test -p ctl-pgn --test syntax_ariadne` and review the diff.

use ctl_pgn::render::render_text;

/// `(name, input)` of every case of the ctl-an golden file: `=== name\nINPUT\n---\n...`.
fn cases() -> Vec<(String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../ctl-an/tests/golden/malformed.txt");
    let text = std::fs::read_to_string(path).expect("ctl-an's golden file is readable");
    let mut out = Vec::new();
    for block in text.split("=== ").skip(1) {
        let (name, rest) = block.split_once('\n').expect("a case name line");
        let (input, _) = rest.split_once("\n---\n").expect("a case input ends with ---");
        out.push((name.to_owned(), input.to_owned()));
    }
    out
}

#[test]
fn every_syntax_error_class_renders_as_in_the_golden_file() {
    let cases = cases();
    assert!(cases.len() >= 40, "expected at least 40 malformed inputs, found {}", cases.len());
    let mut golden = String::new();
    for (name, input) in &cases {
        let out = ctl_an::parse_file(input);
        assert!(!out.diagnostics.is_empty(), "{name}: no diagnostic");
        golden += &format!("=== {name}\n");
        golden += &render_text(&out.diagnostics, "input.ctl-pgn", input, false);
        golden.push('\n');
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/syntax-ariadne.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &golden).expect("golden file is writable");
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    if golden != want {
        let line = golden.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "rendering differs from tests/golden/syntax-ariadne.txt at line {}:\n  now:    {:?}\n  golden: {:?}\n\
             rerun with UPDATE_GOLDEN=1 and review the diff",
            line + 1,
            golden.lines().nth(line),
            want.lines().nth(line)
        );
    }
}
