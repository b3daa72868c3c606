//! The export writer on movetexts alone: idempotent, meaning-preserving, and stable on text
//! already in export layout.

use ctl_an::parse_movetext;
use ctl_an::syntax::Movetext;
use ctl_pgn::write::{WriteOptions, write_movetext, write_movetext_with};

/// The tree's debug form with every span removed: the meaning of the text.
fn meaning(mt: &Movetext) -> String {
    let dbg = format!("{mt:?}");
    let mut out = String::with_capacity(dbg.len());
    let mut rest = dbg.as_str();
    while let Some(i) = rest.find("Span {") {
        out.push_str(&rest[..i]);
        let close = rest[i..].find('}').map_or(rest.len(), |j| i + j + 1);
        rest = &rest[close..];
    }
    out.push_str(rest);
    // The written forms of one separator mean the same.
    out.replace("HyphenMinus", "Hyphen").replace("EnDash", "Hyphen").replace("Asterisk", "Times")
}

fn movetexts() -> Vec<Movetext> {
    let src = include_str!("../../ctl-an/tests/fixtures/spec-examples.ctl-pgn");
    let mut all: Vec<Movetext> =
        ctl_an::parse_file(src).file.games.into_iter().map(|g| g.movetext).collect();
    let (mt, d) = parse_movetext(
        "{ opening } 1. E7-E13 ?!, E21-E15 {@W: a} {@B: b} {: auto $24} ($[1] 1. F8-F12 {x} \
         (1. G7-G13) 2. F12-F14) ($[2] 1. …, F20-F16 2. KRK-HIO+∞ !(=)) 2. E25-E27=&, E27=D+^ \
         3. EF12*NF14 $14, F12@@G9 (=): 1-1 { closing }",
    );
    assert!(d.is_empty(), "{d:?}");
    all.push(mt);
    all
}

#[test]
fn writing_is_idempotent_and_keeps_the_meaning() {
    for mt in movetexts() {
        let once = write_movetext(&mt);
        let (again, diags) = parse_movetext(&once);
        assert!(diags.iter().all(|d| !d.is_error()), "{once}\n{diags:?}");
        assert_eq!(meaning(&again), meaning(&mt), "{once}");
        assert_eq!(write_movetext(&again), once, "not idempotent");
    }
}

#[test]
fn ascii_writing_reads_back_to_the_same_text() {
    for mt in movetexts() {
        let ascii = write_movetext_with(&mt, WriteOptions { ascii: true });
        assert!(!ascii.contains(['×', '…']), "{ascii}");
        let (back, _) = parse_movetext(&ascii);
        assert_eq!(write_movetext(&back), write_movetext(&mt));
    }
}

#[test]
fn export_layout_of_the_fools_mate_with_variations() {
    let src =
        include_str!("../../ctl-an/tests/fixtures/spec-fools-mate-variations-X01-V-en.ctl-pgn");
    let out = ctl_an::parse_file(src);
    let text = write_movetext(&out.file.games[0].movetext);
    let expected = "\
1. H6-H12 ?!, I23-I19 ?!
{ @W: curious pawn to open }
{ @B: plays along with it }
2. JF6-C15 ?!, GH26-Z11 ?!
{ @W: ~J to cover line 15 but neglects defence of ~K }
{ @B: ~g's premature move to ~Z11 is very unorthodox }
3. L5-L7, NG25-L17 ?!
{ @B: Initial movement of ~n also to the flank }
4. EH4-H8 ??, GZ11-L5
{ @W: Removing ~EH4 leaves ~K unattended }
(4. GD2-F6
.{ @W would avoid ~gL5-H6+^ }
)
5. I5-I9 ??, NL17-G9
{ @W: Has ignored threats }
{ @B: Positions ~n }
(5. GD2-F6
.{ @W is still in time to avoid ~gL5-H6+^ }
)
(5. K4-K10 ??, GL5-H6+^
.{ @W: Displacing P threatens ~gL5 with ~RI3 }
.{ @B: Check without reinforcement will not succeed, but will capture ~RI3 }
.6. KG1-H4, GH6×RI3
.(6. …, GH6-K12)
.7. KH4×GI3)
6. K4-K10 ??, GL5-H6#
{ @W: Last chance for a reaction wasted }
(6. GD2-F6
.{ @W there was still time to avoid ~gL5-H6+^ }
)
(6. RI3-I7
.{ @W another alternative to avoid ~gL5-H6+^ }
)
0-3
{ @B Must neglect ~JF6 and ~EH4 }
{ @W Attack ~K to knight's leap with ~g i ~n }
";
    assert_eq!(text, expected);
}

#[test]
fn comment_line_ends_become_lf() {
    let (mt, d) = parse_movetext("1. E7-E13:\r\n{ one\r\ntwo }\r\n1-1");
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(write_movetext(&mt), "1. E7-E13 :\n{ one\ntwo }\n1-1\n");
    // A lone CR is a line end too; a CR before a CRLF is two (found by the round-trip fuzzer:
    // writing only CRLF as LF left `\r` + LF, which the next writing changed again).
    let (mt, d) = parse_movetext("1. E7-E13:\n{ one\rtwo\r\r\nthree }\n1-1");
    assert!(d.is_empty(), "{d:?}");
    let written = write_movetext(&mt);
    assert_eq!(written, "1. E7-E13 :\n{ one\ntwo\n\nthree }\n1-1\n");
    let (again, _) = parse_movetext(&written);
    assert_eq!(write_movetext(&again), written, "writing is idempotent");
}
