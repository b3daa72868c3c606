//! The official web app's formats on the command line: `cescacs pdtl --from app` / `--to app`,
//! `cescacs convert --from app` / `--to app` (docs/APP.md).

use std::process::Output;

mod common;
use common::run;

fn out(o: &Output) -> (&str, &str) {
    (std::str::from_utf8(&o.stdout).expect("UTF-8"), std::str::from_utf8(&o.stderr).expect("UTF-8"))
}

/// Saved by the app's authors (the first position of its repository's `savedGames.txt`): Black's
/// `kr` is its way of writing the spec's `rk` (only the Queen's Rook C25 is home).
const SAVED: &str = "/27:dk/26:gjg/25:rn2/24:pe1rp/23:p1evp1/22:2p2p1/21:5n2/20:3pe2/18:5G1/17:2p5/16:1j1P1J1/15:3p4/13:4P3/8:3P3/7:3P4/6:2P4/5:PPEEPP/4:PE3/3:RNNR/2:GJ1/1:DK/0:V/ w RKRkr - 3 19";

#[test]
fn pdtl_reads_and_writes_the_app_dialect_one_line_each() {
    let input = format!("{SAVED}\n/27:1k/11:4P3/1:1K/ b - P@G9[G11] 0 -\n");
    let o = run(&["pdtl", "--from", "app", "-"], &input);
    let (stdout, stderr) = out(&o);
    assert!(o.status.success(), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], SAVED.replace("RKRkr", "RKRrk"));
    assert_eq!(lines[1], "/27:1k/11:4P3/1:1K/ b -- G11@9 0 ?");
    assert!(stderr.contains("[W0113]"), "{stderr}");
    let back = run(&["pdtl", "--to", "app", "-"], stdout);
    // Written back the way the app's "Load new" reads it: `rk` (the app would show `kr`).
    assert_eq!(
        out(&back).0.lines().collect::<Vec<_>>(),
        [SAVED.replace("RKRkr", "RKRrk").as_str(), "/27:1k/11:4P3/1:1K/ b - P@G9[G11] 0 -"]
    );
}

#[test]
fn an_app_pdtl_read_as_spec_says_how_to_convert_it() {
    let o = run(&["pdtl", "--canonical", SAVED], "");
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout, "");
    assert!(stderr.contains("[E0125]"), "{stderr}");
    assert!(stderr.contains("Help: `cescacs pdtl --from app` converts it"), "{stderr}");
    // In a game's `[PDTL]` tag too.
    let game = format!("[Variant \"C'escacs\"]\n[PDTL \"{SAVED}\"]\n\n1. E13-E15 :\n*\n");
    let o = run(&["check", "-"], &game);
    assert!(out(&o).0.contains("E0125") || out(&o).1.contains("E0125"), "{:?}", out(&o));
}

/// "Show mvs" of the engine after the game 2026-101 of `cargo xtask app-interop`, from the
/// position "Get" gave (Black to move at move 12; the engine's own check marks).
const SHOW: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pej2/23:p3p1/22:1p2pp1/21:2ppep2/20:2ep3/19:4e3/18:3p3/16:5V1/10:4N2/9:3PP3/8:4E2/7:1jGPP3/6:P1PJ3/5:1PE1PP/4:PEJEP/3:RN1R/2:GJ1/1:DK/ b RKRrkr - 2 12
12. …, KG27-E23
13. GC7×EG19+^, H22×GG19
14. VK16×K22, B22-A21
15. NH10-K6, JA7×E7
16. VK22×EG21+∞, GH26×VG21
";

#[test]
fn convert_from_app_then_to_app() {
    let o = run(&["convert", "--from", "app", "-"], SHOW);
    let (pgn, stderr) = out(&o);
    assert!(o.status.success(), "{stderr}");
    assert!(pgn.starts_with("[Variant \"C'escacs\"]\n[PDTL \"/28:v/"), "{pgn}");
    assert!(
        pgn.contains(" b RKRrkr - 2 12\"]\n\n12. …, KG27-E23\n13. GC7×EG19+^, H22×GG19\n"),
        "{pgn}"
    );
    assert!(pgn.ends_with("16. VK22×EG21+∞, GH26×VG21 :\n*\n"), "{pgn}");
    let back = run(&["convert", "--to", "app", "-"], pgn);
    let (app, _) = out(&back);
    assert!(back.status.success());
    // "Load mvs" numbers a list from a position at move 12 relatively, from `1?`.
    assert!(app.contains("\n1? …, KG27-E23\n2. GC7×EG19, H22×GG19\n"), "{app}");
}

#[test]
fn convert_from_app_reports_errors_in_the_app_text() {
    let o = run(&["convert", "--from", "app", "-"], "1. G7-G13, F20-F16\n2. G7-G9\n");
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout, "");
    assert!(stderr.contains("[E0404]") && stderr.contains("<stdin>:2:4"), "{stderr}");
}

#[test]
fn convert_from_app_caps_its_reports() {
    // 300 invalid bytes after a move list, each an `E0001`: 5 shown, then one line counts the
    // others.
    let mut text = b"1. G7-G13, F20-F16\n".to_vec();
    for n in 2..302 {
        text.extend(format!("{n}. G7-G13, F20-F16 ").bytes());
        text.extend(b"\xff\n");
    }
    let o = common::cescacs(&["convert", "--from", "app", "--max-errors", "5", "-"])
        .stdin(text)
        .output();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr.matches("] Error: ").count(), 5, "{stderr}");
    assert!(
        stderr.contains("<stdin>: ") && stderr.contains("more diagnostics not shown"),
        "{stderr}"
    );
}

#[test]
fn convert_to_app_says_what_it_leaves_out() {
    let game = "[Variant \"C'escacs\"]\n[Event \"x\"]\n\n1. E7-E13, E21-E15 {good} (1. …, F20-F16)\n2. F8-F12 ! :\n0-3\n\n[Variant \"C'escacs\"]\n\n1. G7-G13 :\n*\n";
    let o = run(&["convert", "--to", "app", "-"], game);
    let (stdout, stderr) = out(&o);
    assert!(o.status.success(), "{stderr}");
    assert_eq!(stdout, "1. E7-E13, E21-E15\n2. F8-F12\n\n1. G7-G13\n");
    assert!(
        stderr.contains(
            "game 1: the app's format cannot carry its variations, comments, annotations, result, tags"
        ),
        "{stderr}"
    );
    let second = run(&["convert", "--to", "app", "--game", "2", "-"], game);
    assert_eq!(out(&second).0, "1. G7-G13\n");
}

#[test]
fn a_mate_read_from_the_app_ends_as_fmt_writes_it() {
    let fools = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/valid/spec-fools-mate-X01-en.ctl-pgn"
    ))
    .expect("a corpus file");
    let app = run(&["convert", "--to", "app", "-"], &fools);
    let back = run(&["convert", "--from", "app", "-"], &app.stdout);
    let (pgn, stderr) = out(&back);
    assert!(back.status.success(), "{stderr}");
    assert!(pgn.ends_with("6. K4-K10, GL5-H6#\n0-3\n"), "no `:` after the mate: {pgn}");
    let again = run(&["fmt", "--check", "-"], pgn);
    assert_eq!(again.status.code(), Some(0), "canonical: {}", out(&again).0);
}
