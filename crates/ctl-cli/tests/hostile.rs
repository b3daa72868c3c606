//! Issue 7, hostile input through the `cescacs check` command: each file gives its diagnostic
//! and exit 1, never a crash, a hang or a raw control byte on the terminal; the games after a
//! broken one are still checked. (Speed on these files is measured in release and recorded in
//! docs/RELIABILITY.md; here a generous deadline only catches hangs.)

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// A hang, not a speed measure: the debug build on a loaded 2-core machine gets plenty.
const DEADLINE: Duration = Duration::from_secs(120);

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    std::fs::create_dir_all(&dir).expect("create the directory");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write the file");
    path
}

struct Run {
    code: i32,
    json: Value,
    text: Vec<u8>,
}

/// Runs `check --format json` and `check` (text) on the file, within the deadline.
fn check(path: &Path) -> Run {
    let run = |args: &[&str]| {
        let start = Instant::now();
        let mut child = Command::new(BIN)
            .args(args)
            .arg(path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut out = Vec::new();
        let reader = std::thread::spawn({
            let mut stdout = child.stdout.take().expect("piped");
            move || {
                let mut out = Vec::new();
                std::io::Read::read_to_end(&mut stdout, &mut out).expect("read the output");
                out
            }
        });
        loop {
            if let Some(status) = child.try_wait().expect("wait") {
                out.extend(reader.join().expect("the reader"));
                return (status.code().expect("an exit code, not a signal"), out);
            }
            if start.elapsed() > DEADLINE {
                let _ = child.kill();
                panic!("`cescacs {args:?} {}` hangs", path.display());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let (code, json) = run(&["check", "--format", "json"]);
    let (text_code, text) = run(&["check", "--color", "never"]);
    assert_eq!(code, text_code, "text and JSON runs disagree on the exit code");
    let json = serde_json::from_slice(&json).expect("one JSON document");
    Run { code, json, text }
}

fn codes(run: &Run) -> Vec<String> {
    run.json["files"][0]["diagnostics"]
        .as_array()
        .expect("a diagnostics array")
        .iter()
        .map(|d| d["code"].as_str().expect("a code").to_string())
        .collect()
}

fn assert_no_raw_control_bytes(run: &Run) {
    let bad = run.text.iter().position(|&b| b < 0x20 && b != b'\n' && b != b'\t');
    assert!(bad.is_none(), "the report writes a raw control byte at {bad:?}");
}

const VARIANT: &str = "[Variant \"C'escacs\"]\n";
const NEXT_GAME: &str = "[Variant \"C'escacs\"]\n1. E7xE13: *\n";

#[test]
fn a_hundred_thousand_nested_variations() {
    let text =
        format!("{VARIANT}1. E7-E13, E21-E15 {}\n2. F8-F12: *\n{NEXT_GAME}", "(".repeat(100_000));
    let run = check(&scratch("nested.ctl-pgn", text.as_bytes()));
    assert_eq!(run.code, 1);
    let codes = codes(&run);
    assert!(codes.iter().any(|c| c == "E0221"), "no nesting-limit error: {codes:?}");
    assert!(codes.len() <= 10, "one problem, {} diagnostics: {codes:?}", codes.len());
    assert!(codes.iter().any(|c| c == "E0206"), "the next game was not checked: {codes:?}");
}

#[test]
fn a_game_of_two_hundred_thousand_plies() {
    let pairs: String = (1..=100_000).map(|n| format!("{n}. E7-E9, E21-E19\n")).collect();
    let text = format!("{VARIANT}{pairs}*\n{NEXT_GAME}");
    let run = check(&scratch("plies.ctl-pgn", text.as_bytes()));
    assert_eq!(run.code, 1);
    let codes = codes(&run);
    assert_eq!(codes.iter().filter(|c| *c == "E0225").count(), 1, "{codes:?}");
    let cut = text.find("5001. ").unwrap() + "5001. ".len();
    let limit = run.json["files"][0]["diagnostics"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["code"] == "E0225"))
        .expect("the E0225 diagnostic");
    assert_eq!(limit["data"]["span"]["start"], cut);
    assert!(codes.len() <= 10, "one problem, {} diagnostics: {codes:?}", codes.len());
    assert!(codes.iter().any(|c| c == "E0206"), "the next game was not checked: {codes:?}");
}

#[test]
fn a_fifty_megabyte_comment_on_one_line() {
    let text = format!("{VARIANT}{{ {} }}\n1. E7-E13: *\n{NEXT_GAME}", "x".repeat(50_000_000));
    let run = check(&scratch("comment.ctl-pgn", text.as_bytes()));
    assert_eq!(run.code, 1);
    let first = &run.json["files"][0]["diagnostics"][0];
    assert_eq!(
        first["data"]["span"]["start"],
        VARIANT.len(),
        "no diagnostic at the comment: {first}"
    );
    assert_eq!(first["severity"], 1, "a 50 MB comment is over the limit: an error");
    assert!(codes(&run).iter().any(|c| c == "E0206"), "the next game was not checked");
}

#[test]
fn invalid_utf8_in_a_tag() {
    let mut bytes = format!("{VARIANT}[Event \"Barcel").into_bytes();
    bytes.extend_from_slice(b"\xff\xfeona\"]\n1. E7-E13: *\n");
    bytes.extend_from_slice(NEXT_GAME.as_bytes());
    let run = check(&scratch("utf8.ctl-pgn", &bytes));
    assert_eq!(run.code, 1);
    let d = &run.json["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "E0001");
    assert_eq!(d["data"]["span"]["start"], VARIANT.len() + "[Event \"Barcel".len());
    assert!(codes(&run).iter().any(|c| c == "E0206"), "the next game was not checked");
    assert_no_raw_control_bytes(&run);
}

#[test]
fn a_nul_byte_in_a_move() {
    let text = format!("{VARIANT}1. E7-E\u{0}13, E21-E15: *\n{NEXT_GAME}");
    let run = check(&scratch("nul.ctl-pgn", text.as_bytes()));
    assert_eq!(run.code, 1);
    assert!(!codes(&run).is_empty());
    assert!(codes(&run).iter().any(|c| c == "E0206"), "the next game was not checked");
    assert_no_raw_control_bytes(&run);
}

#[test]
fn line_ends_tabs_and_trailing_garbage() {
    // CRLF, a lone CR, tabs between moves: read as any other whitespace, no diagnostic.
    let clean = "[Variant \"C'escacs\"]\r\n1.\tE7-E13,\tE21-E15\r2. F8-F12: *\r\n";
    let run = check(&scratch("line-ends.ctl-pgn", clean.as_bytes()));
    assert_eq!((run.code, codes(&run)), (0, vec![]));
    // Garbage after the last game is an error at its place, not a crash or silence.
    let garbage = format!("{}@@@ <<>> \u{7}\n", "[Variant \"C'escacs\"]\n1. E7-E13: *\n");
    let run = check(&scratch("garbage.ctl-pgn", garbage.as_bytes()));
    assert_eq!(run.code, 1, "{:?}", codes(&run));
    assert_no_raw_control_bytes(&run);
}
