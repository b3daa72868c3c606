//! `cescacs explain`: a code's meaning from the registry and its page, every code listed, an
//! unknown code refused.

mod common;
use common::run;

#[test]
fn a_code_is_explained_with_its_example_and_page() {
    let o = run(&["explain", "e0405"], "");
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("E0405: destination that does not fit the move"), "{text}");
    assert!(text.contains("G7-E13") && text.contains("Page: docs/diagnostics/pgn.md"), "{text}");
    assert!(text.contains("`V` stands for"), "{text}");
}

#[test]
fn every_code_is_listed_and_an_unknown_one_is_refused() {
    let o = run(&["explain"], "");
    let list = String::from_utf8(o.stdout).unwrap();
    assert_eq!(list.lines().count(), cescacs_diagnostics::codes::ALL.len());
    assert!(list.lines().any(|l| l.starts_with("W0203  warning")), "{list}");
    let o = run(&["explain", "E9\x1b[2J"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(!o.stderr.contains(&0x1b), "the argument is echoed terminal-safe");
}
