//! `cescacs pdtl`: canonical output, one line per input line, exit codes.

use std::process::Output;

mod common;
use common::run;

fn stdout(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).expect("UTF-8 output")
}

/// The positions of the shared rules reference (sections 2, 9.2 and 9.3), with the castling field
/// in its short spelling, and in full
/// (docs/DECISIONS.md 9: both parts always written).
const RULES: &[(&str, &str)] = &[
    (
        "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
        "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
    ),
    (
        "/27:1k/25:r2r/23:p5/17:5p2/11:5P2/5:P5/3:R2R/1:1K/ w RKRrkr - 0 1",
        "/27:1k/25:r2r/23:p5/17:5p2/11:5P2/5:P5/3:R2R/1:1K/ w RKRrkr - 0 1",
    ),
    (
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ w - - 0 1",
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ w -- - 0 1",
    ),
    (
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ b - - 0 1",
        "/27:1k/25:1n2/23:p5/22:2p4/15:2Ppp3/14:4p2/13:3P4/12:3p3/10:3PP2/7:4P3/5:P5/3:1N2/1:1K/ b -- - 0 1",
    ),
    (
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ w - - 0 1",
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ w -- - 0 1",
    ),
    (
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ b - - 0 1",
        "/28:n/27:1k/25:1P2/24:1P3/22:6r/20:6P/18:P6/8:4p2/6:5p1/5:1p3p/3:R3/1:1K/ b -- - 0 1",
    ),
    (
        "/27:1k/25:1P2/21:7p/18:6n/13:1r6/6:3J3/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 1",
        "/27:1k/25:1P2/21:7p/18:6n/13:1r6/6:3J3/3:RNNR/2:GJG/1:DK/0:V/ w -- - 0 1",
    ),
    (
        "/27:P1/25:2k1/24:4P/21:7p/18:6n/13:1r6/9:1N6/6:3J3/4:2J2/3:R1NR/2:GJG/1:DK/0:V/ b - - 0 1",
        "/27:P1/25:2k1/24:4P/21:7p/18:6n/13:1r6/9:1N6/6:3J3/4:2J2/3:R1NR/2:GJG/1:DK/0:V/ b -- - 0 1",
    ),
    ("/23:p5/14:3k3/10:3E3/5:P5/1:1K/ b - - 0 1", "/23:p5/14:3k3/10:3E3/5:P5/1:1K/ b -- - 0 1"),
    ("/27:1k/21:4n2p/18:3K3/5:P5/3:2R1/ w - - 0 1", "/27:1k/21:4n2p/18:3K3/5:P5/3:2R1/ w -- - 0 1"),
    ("/14:3k3/5:1J4/4:2R2/1:1K/ b - - 0 1", "/14:3k3/5:1J4/4:2R2/1:1K/ b -- - 0 1"),
    (
        "/27:1k/12:4r2/11:4p3/10:3P3/8:2K4/5:P5/ w - G11@13 0 2",
        "/27:1k/12:4r2/11:4p3/10:3P3/8:2K4/5:P5/ w -- G11@13 0 2",
    ),
    ("/27:1k/6:r6/3:R3/1:1K/ w RK - 0 1", "/27:1k/6:r6/3:R3/1:1K/ w RK- - 0 1"),
    ("/12:D6/7:k7/5:K5/ b - - 1 40", "/12:D6/7:k7/5:K5/ b -- - 1 40"),
];

/// Every PDTL that docs/RULES.md 9 writes, in order, with each "same with `b`" row spelled out;
/// `None` when the spec is not beside the checkout (`../shared`, see `.ci/run`).
fn rules_section_9() -> Option<Vec<String>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/spec/rules.md");
    let text = std::fs::read_to_string(path).ok()?;
    let start = text.find("## 9. ")?;
    let end = start + text[start..].find("\n## 10. ")?;
    let mut found: Vec<String> = Vec::new();
    for row in text[start..end].lines().filter(|l| l.starts_with('|')) {
        if row.contains("same with `b`") {
            let previous = found.last()?.clone();
            found.push(previous.replacen(" w ", " b ", 1));
            continue;
        }
        // Code spans holding a placement and a turn: `/…/ w …` or `/…/ b …`.
        let spans = row.split('`').skip(1).step_by(2);
        found.extend(
            spans
                .filter(|c| c.starts_with('/') && (c.contains("/ w ") || c.contains("/ b ")))
                .map(str::to_string),
        );
    }
    Some(found)
}

#[test]
fn canonical_stdin_returns_every_rules_position() {
    // The list below is all of docs/RULES.md 9: 9.1 starts from the initial position (its
    // PDTL is in docs/RULES.md 2), 9.2 has 7 rows (two of them "same with `b`"), 9.3 six PDTL rows.
    match rules_section_9() {
        Some(section_9) => {
            let as_written: Vec<&str> = RULES.iter().map(|&(s, _)| s).collect();
            assert_eq!(section_9.len(), 13, "{section_9:#?}");
            assert_eq!(
                as_written[1..],
                section_9[..],
                "RULES[1..] is section 9 of ../shared/spec/rules.md, in order"
            );
        }
        None => {
            eprintln!("../shared/spec/rules.md is not beside the checkout: list not cross-checked")
        }
    }
    assert_eq!(RULES[0].0, INITIAL[0].1, "9.1 starts from the initial position");

    let full: Vec<&str> = RULES.iter().map(|&(_, full)| full).collect();
    // The full-field form is canonical: it comes back byte-identical.
    let input = full.join("\n") + "\n";
    let o = run(&["pdtl", "--canonical", "-"], &input);
    assert_eq!(stdout(&o), input);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));

    // The rules reference's short spelling reads with a warning (W0107) and is written in full.
    let as_written: Vec<&str> = RULES.iter().map(|&(s, _)| s).collect();
    let o = run(&["pdtl", "--canonical", "-"], &(as_written.join("\n") + "\n"));
    assert_eq!(stdout(&o), input);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("W0107"));
}

const INITIAL: &[(&str, &str)] = &[
    (
        "standard",
        "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
    ),
    (
        "A@J, T@R, C@N",
        "/28:v/27:dk/26:gag/25:tcct/24:peaep/23:ppeepp/22:2pap2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PAP2/5:PPEEPP/4:PEAEP/3:TCCT/2:GAG/1:DK/0:V/ w TKTtkt - 0 1",
    ),
    (
        "B@J, W@V, Q@D",
        "/28:w/27:qk/26:gbg/25:rnnr/24:pebep/23:ppeepp/22:2pbp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PBP2/5:PPEEPP/4:PEBEP/3:RNNR/2:GBG/1:QK/0:W/ w RKRrkr - 0 1",
    ),
    (
        "fan",
        "/28:🩒/27:♛♚/26:🩓♝🩓/25:♜♞♞♜/24:♟☗♝☗♟/23:♟♟☗☗♟♟/22:2♟♝♟2/21:3♟♟3/20:3♟3/8:3♙3/7:3♙♙3/6:2♙♗♙2/5:♙♙☖☖♙♙/4:♙☖♗☖♙/3:♖♘♘♖/2:🩐♗🩐/1:♕♔/0:🩏/ w ♖♔♖♜♚♜ - 0 1",
    ),
];

#[test]
fn the_spec_s_four_initial_setups_come_back_byte_identical() {
    for &(letters, s) in INITIAL {
        let o = run(&["pdtl", "--letters", letters, "--canonical", "-"], format!("{s}\n"));
        assert_eq!(stdout(&o), format!("{s}\n"), "{letters}");
        assert_eq!(o.status.code(), Some(0));
        // And as an argument.
        let o = run(&["pdtl", "--letters", letters, "--canonical", s], "");
        assert_eq!(stdout(&o), format!("{s}\n"), "{letters}");
    }
    // Converting between tables: read FAN, write with the standard letters? Each run uses one table,
    // so the standard reader rejects the FAN string.
    let o = run(&["pdtl", "--canonical", INITIAL[3].1], "");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn bad_lines_give_one_error_line_each_and_exit_1_and_blank_lines_are_skipped() {
    let good = INITIAL[0].1;
    let input = format!("{good}\n/29:k/1:1K/ w -- - 0 1\n\n{good}\r\n/27:kk/14:3K3/ w -- - 0 1\n");
    let o = run(&["pdtl", "--canonical", "-"], &input);
    let lines: Vec<&str> = stdout(&o).lines().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], good);
    assert_eq!(lines[1], "error: E0104 expected a line number from 0 to 28, found 29");
    assert_eq!(lines[2], good);
    assert_eq!(lines[3], "error: E0110 expected one Black King, found 2");
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("E0104") && stderr.contains("E0110"), "{stderr}");
}

#[test]
fn error_lines_say_why_when_only_the_label_did() {
    let input = "/27:1k/14:3K3/ w -- F13 0 1\n/27:1k/14:3K3/ w -- G15@x 0 1\n/27:1k/14:3K3/ w --\n";
    let o = run(&["pdtl", "--canonical", "-"], input);
    let lines: Vec<&str> = stdout(&o).lines().collect();
    assert_eq!(
        lines,
        [
            "error: E0116 expected `-`, a scornful pawn's hex (`F14`) or a pawn's hex and the \
             crossed line(s) (`G15@13`, `G13@9-11`), found `F13` (F13 is not a hex: column F holds \
             the even lines 0 to 28)",
            "error: E0116 expected `-`, a scornful pawn's hex (`F14`) or a pawn's hex and the \
             crossed line(s) (`G15@13`, `G13@9-11`), found `G15@x` (lines are numbers from 0 to \
             28 without leading zeros)",
            // "the PDTL ends after this field" points at the text: no use on a line of its own.
            "error: E0101 expected 6 fields separated by spaces, found 3; missing: en passant, \
             halfmove clock, move number",
        ]
    );
    // A single argument: the report alone, on standard error.
    let o = run(&["pdtl", "--canonical", "/27:1k/14:3K3/ w -- F13 0 1"], "");
    assert_eq!(stdout(&o), "");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("F13 is not a hex: column F holds the even lines 0 to 28"), "{stderr}");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn without_canonical_a_diagram_comes_first() {
    let o = run(&["pdtl", INITIAL[0].1], "");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows[0].trim(), "P T A B C D E F G H I K L X Z");
    // The legend under the diagram, before the PDTL.
    assert!(out.contains("\nPieces (White/Black): K/k King, "), "{out}");
    assert_eq!(rows[1].trim_end(), "28               v");
    assert_eq!(rows.last().copied(), Some(INITIAL[0].1));
}

#[test]
fn a_bad_argument_is_reported_with_a_pointer_into_the_pdtl() {
    let o = run(&["pdtl", "/27:1k/14:3K3/ w RK- - 0 1"], "");
    assert_eq!(o.status.code(), Some(1));
    // Each problem once: in the report on standard error, not again on standard output.
    assert_eq!(stdout(&o), "");
    let stderr = String::from_utf8_lossy(&o.stderr);
    let rook = "[E0115] Error: expected the White Queen's Rook on C3 (this `R` says it has never moved), found an empty hex";
    assert_eq!(stderr.matches(rook).count(), 1, "{stderr}");
    assert!(stderr.contains("/27:1k/14:3K3/ w RK- - 0 1"), "the report quotes the PDTL: {stderr}");
}

#[test]
fn usage_errors_exit_2() {
    let o = run(&["pdtl", "--letters", "X@J", "-"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["pdtl", "--bogus"], "");
    assert_eq!(o.status.code(), Some(2));
}
