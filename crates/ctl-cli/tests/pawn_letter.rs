//! A pawn move written with the Pawn's letter is a warning that `fmt` fixes; a promotion to the
//! King or to a Pawn is an error found at `--level syntax`.

mod common;
use common::run;

#[test]
fn the_pawn_letter_is_warned_and_fmt_drops_it() {
    let game = "[Variant \"C'escacs\"]\n1. PE7-E11, E21-E15: *\n";
    let out = run(&["check", "--level", "syntax", "-"], game);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("[W0208]"));
    let fmt = run(&["fmt", "-"], game);
    let written = String::from_utf8(fmt.stdout).unwrap();
    assert!(written.contains("1. E7-E11, E21-E15"), "{written}");
}

#[test]
fn a_promotion_to_the_king_or_a_pawn_is_a_syntax_error() {
    for target in ["K", "P", "♔"] {
        let game = format!("[Variant \"C'escacs\"]\n1. E25-E27={target}: *\n");
        let out = run(&["check", "--level", "syntax", "-"], &game);
        assert_eq!(out.status.code(), Some(1), "={target}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("[E0226]"), "={target}");
    }
    let fine =
        run(&["check", "--level", "syntax", "-"], "[Variant \"C'escacs\"]\n1. E25-E27=D: *\n");
    assert_eq!(fine.status.code(), Some(0));
}
