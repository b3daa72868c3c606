//! `cescacs legal` and `cescacs perft`: output shape, figures of docs/RULES.md 9, exit codes.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).env("NO_COLOR", "1").output().expect("the binary runs")
}

fn stdout(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).expect("UTF-8 output")
}

fn stderr(o: &Output) -> &str {
    std::str::from_utf8(&o.stderr).expect("UTF-8 output")
}

const INITIAL: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";
const CASTLE: &str = "/27:1k/25:r2r/23:p5/17:5p2/11:5P2/5:P5/3:R2R/1:1K/ w RKRrkr - 0 1";

#[test]
fn legal_lists_the_68_initial_moves_in_byte_order() {
    let o = run(&["legal", INITIAL]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<&str> = stdout(&o).lines().collect();
    assert_eq!(lines.len(), 68);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    for m in ["JF6-C15", "NE3-C13", "G7-G13", "ED4-C7", "GH2-K6", "B4-B8"] {
        assert!(lines.contains(&m), "{m}");
    }
}

#[test]
fn legal_writes_check_marks() {
    let o = run(&["legal", "/14:3k3/12:3N3/4:2R2/1:1K/ w - - 0 1"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "NF12-I13++"), "{out}");
    assert!(out.lines().any(|l| l == "NF12-G17+∞"), "{out}");
}

#[test]
fn legal_says_stalemate() {
    let o = run(&["legal", "/12:D6/7:k7/5:K5/ b - - 1 40"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("stalemate: White wins 2-1"), "{}", stderr(&o));
}

#[test]
fn legal_rejects_bad_pdtl() {
    let o = run(&["legal", "/29:k/ w - - 0 1"]);
    assert_eq!(o.status.code(), Some(1));
    // The full report, as `pdtl` gives it.
    assert!(stderr(&o).starts_with("[E0104] Error: "), "{}", stderr(&o));
    assert!(stderr(&o).contains("<argument>:1:2"), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
}

#[test]
fn legal_lists_several_positions_each_ended_by_an_empty_line() {
    let stalemate = "/12:D6/7:k7/5:K5/ b - - 1 40";
    let o = run(&[
        "legal",
        "start",
        stalemate,
        "/29:k/ w - - 0 1",
        "/14:3k3/12:3N3/4:2R2/1:1K/ w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(1), "the third is not valid");
    let mut lists = vec![Vec::new()];
    for line in stdout(&o).lines() {
        match line {
            "" => lists.push(Vec::new()),
            m => lists.last_mut().unwrap().push(m),
        }
    }
    assert_eq!(lists.pop(), Some(Vec::new()), "the last list ends with an empty line");
    let sizes: Vec<usize> = lists.iter().map(Vec::len).collect();
    assert_eq!(sizes[..3], [68, 0, 0], "{}", stdout(&o));
    assert!(lists[3].contains(&"NF12-I13++"), "{:?}", lists[3]);
    assert!(stderr(&o).contains("stalemate") && stderr(&o).contains("[E0104]"), "{}", stderr(&o));
    // One position: its list alone, as before.
    assert_eq!(stdout(&run(&["legal", stalemate])), "");
}

#[test]
fn perft_prints_the_count_last() {
    let o = run(&["perft", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "4612\n");
    assert!(stderr(&o).contains("nodes in"));
}

#[test]
fn perft_divide_lines_add_up() {
    let o = run(&["perft", "--divide", "--pdtl", CASTLE, "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<&str> = stdout(&o).lines().collect();
    assert_eq!(lines.len(), 88);
    assert_eq!(lines.last(), Some(&"6509"));
    let sum: u64 = lines[..87]
        .iter()
        .map(|l| {
            let (m, n) = l.split_once(": ").expect("MOVE: COUNT");
            assert!(!m.is_empty());
            n.parse::<u64>().expect("a count")
        })
        .sum();
    assert_eq!(sum, 6509);
    assert!(lines.contains(&"KRR-EEF: 72") || lines.iter().any(|l| l.starts_with("KRR-EEF: ")));
}

#[test]
fn perft_depth_3_from_a_pdtl() {
    let o = run(&["perft", "--pdtl", CASTLE, "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("416815"));
}

#[test]
fn perft_rejects_bad_pdtl() {
    let o = run(&["perft", "--pdtl", "nonsense", "1"]);
    assert_eq!(o.status.code(), Some(1));
    // Every error, not the first and a count.
    let errors = ["[E0103]", "[E0104]"].iter().filter(|c| stderr(&o).contains(*c)).count();
    assert_eq!(errors, 2, "{}", stderr(&o));
    assert_eq!(stderr(&o).matches("[E0103]").count(), 2, "{}", stderr(&o));
}
