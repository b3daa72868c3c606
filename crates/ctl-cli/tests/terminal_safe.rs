//! Issue 17, terminal-safe output: every control, bidi and invisible format character
//! (`cescacs_diagnostics::terminal::is_unsafe`) fed through every command, in file names, arguments
//! and each kind of input that a diagnostic quotes, never comes out raw on a human-readable
//! output. (The canonical text that `fmt --stdout`, `filter` and `convert` print is the file's
//! own data and keeps its characters; their standard error is checked.)

use std::path::{Path, PathBuf};

use cescacs_diagnostics::terminal::is_unsafe;

mod common;

const START: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";

/// Every character a terminal could act on, but NUL and `/` (which no file name holds) where
/// it goes in a name.
fn unsafe_chars() -> Vec<char> {
    (0u32..0x11_0000).filter_map(char::from_u32).filter(|&c| is_unsafe(c)).collect()
}

/// Inputs in which a diagnostic quotes the text at `X`: each kind gets one game per character.
const TEMPLATES: &[(&str, &str)] = &[
    ("variant", "[Variant \"C'Xescacs\"]\n1. E7-E13: *\n"),
    ("reference", "[Variant \"C'escacs\"]\n1. E7-E13 {~X} E21-E15: *\n"),
    ("comment", "[Variant \"C'escacs\"]\n1. E7-E13 {X} E21-E15: *\n"),
    ("move", "[Variant \"C'escacs\"]\n1. E7-EX13: *\n"),
    ("word", "[Variant \"C'escacs\"]\n1. E7-E13 X E21-E15: *\n"),
    ("tag-name", "[Variant \"C'escacs\"]\n[EvXnt \"x\"]\n1. E7-E13: *\n"),
    ("malformed-tag", "[Ev{nt \"X\"]\n}\n*\n"),
    ("escape", "[Variant \"C'escacs\"]\n[Event \"a\\X\"]\n1. E7-E13: *\n"),
    (
        "date",
        "[Variant \"C'escacs\"]\n[Date \"20X\"]\n[Round \"X\"]\n[Result \"X\"]\n1. E7-E13: *\n",
    ),
    ("pdtl", "[Variant \"C'escacs\"]\n[PDTL \"/28:vX/27:dk/0:V/ w X - X 1\"]\n1. E7-E13: *\n"),
    ("stray", "X\n)X\n*X\n"),
];

fn dir(test: &str) -> PathBuf {
    // One directory per test: the tests run in parallel, and emptying a shared one removed the
    // other test's file while it was being read.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("terminal-safe").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the directory");
    dir
}

/// Runs the binary, colours left on; returns (stdout, stderr).
fn run(args: &[&std::ffi::OsStr], stdin: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let out = common::cescacs(args).coloured().stdin(stdin).output();
    assert!(out.status.code().is_some(), "{args:?} ended by a signal");
    (out.stdout, out.stderr)
}

/// The first raw unsafe character of an output, if any.
fn raw(output: &[u8]) -> Option<char> {
    String::from_utf8_lossy(output).chars().find(|&c| is_unsafe(c))
}

fn assert_safe(what: &str, output: &[u8]) {
    if let Some(c) = raw(output) {
        let text = String::from_utf8_lossy(output);
        let at = text.find(c).unwrap_or(0);
        let context: String = text[at.saturating_sub(80)..].chars().take(160).collect();
        panic!("{what}: a raw {c:?} comes out: {context:?}");
    }
}

#[test]
fn no_raw_control_character_reaches_a_human_readable_output() {
    let chars = unsafe_chars();
    assert!(chars.len() > 200, "{} characters", chars.len());
    let dir = dir("outputs");
    let mut files = Vec::new();
    for (name, template) in TEMPLATES {
        let text: String = chars.iter().map(|c| template.replace('X', &c.to_string())).collect();
        let path = dir.join(format!("{name}.ctl-pgn"));
        std::fs::write(&path, text).expect("write");
        files.push(path);
    }
    // File names with the characters that act the most.
    for c in ['\x1b', '\x07', '\r', '\u{9b}', '\u{202e}', '\u{2066}', '\u{feff}', '\x7f'] {
        let path = dir.join(format!("name{c}[2J.ctl-pgn"));
        std::fs::write(&path, "[Variant \"C'escacs\"]\n1. E7xE13: *\n").expect("write");
        files.push(path);
    }
    let os = |s: &str| std::ffi::OsString::from(s);
    let dir_arg = dir.clone().into_os_string();
    let runs: Vec<(Vec<std::ffi::OsString>, bool)> = vec![
        (vec![os("check"), dir_arg.clone()], true),
        (
            vec![
                os("check"),
                os("--color"),
                os("never"),
                os("--level"),
                os("syntax"),
                dir_arg.clone(),
            ],
            true,
        ),
        (vec![os("fmt"), os("--check"), dir_arg.clone()], true),
        (vec![os("fmt"), os("--stdout"), dir_arg.clone()], false),
    ];
    for (args, stdout_too) in &runs {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        let (out, err) = run(&args, b"");
        if *stdout_too {
            assert_safe(&format!("{args:?} stdout"), &out);
        }
        assert_safe(&format!("{args:?} stderr"), &err);
    }
    for file in &files {
        let f = file.as_os_str();
        for (args, stdout_too) in [
            (vec![os("replay").as_os_str().to_owned(), f.to_owned()], true),
            (vec![os("board"), f.to_owned()], true),
            (vec![os("board"), os("--ply"), os("99"), f.to_owned()], true),
            (vec![os("filter"), f.to_owned()], false),
            (vec![os("convert"), os("--letters"), os("fan"), f.to_owned()], false),
        ] {
            let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
            let (out, err) = run(&args, b"");
            if stdout_too {
                assert_safe(&format!("{args:?} stdout"), &out);
            }
            assert_safe(&format!("{args:?} stderr"), &err);
        }
    }
    // Arguments and lines of standard input.
    let mut lines = String::new();
    for &c in &chars {
        let bad = START.replacen("v", &format!("v{c}"), 1);
        let turn = START.replace(" w ", &format!(" {c} "));
        lines.push_str(&format!("{bad}\n{turn}\n{c}\n"));
        // Arguments: the C0 controls, DEL, CSI and the bidi controls (a process each).
        let sample = c < ' '
            || matches!(c, '\x7f' | '\u{9b}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c == '\0' || !sample {
            continue; // NUL is no argument
        }
        for command in ["pdtl", "legal", "perft", "board"] {
            for arg in [&bad, &turn] {
                let mut args = vec![os(command)];
                if command == "perft" {
                    args.extend([os("--depth"), os("1")]);
                }
                args.push(os(arg));
                let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
                let (out, err) = run(&args, b"");
                assert_safe(&format!("{command} {c:?} stdout"), &out);
                assert_safe(&format!("{command} {c:?} stderr"), &err);
            }
        }
    }
    let (out, err) =
        run(&[std::ffi::OsStr::new("pdtl"), std::ffi::OsStr::new("-")], lines.as_bytes());
    assert_safe("pdtl - stdout", &out);
    assert_safe("pdtl - stderr", &err);
}

#[test]
fn json_keeps_the_input_exact() {
    let dir = dir("json");
    let path = dir.join("a.ctl-pgn");
    std::fs::write(&path, "[Variant \"C'\x1b[2Jescacs\"]\n1. E7-E13: *\n").expect("write");
    let (out, _) = run(
        &[
            std::ffi::OsStr::new("check"),
            std::ffi::OsStr::new("--format"),
            std::ffi::OsStr::new("json"),
            path.as_os_str(),
        ],
        b"",
    );
    assert!(!out.contains(&0x1b), "JSON escapes control characters itself");
    let json: serde_json::Value = serde_json::from_slice(&out).expect("valid JSON");
    let text = json.to_string();
    assert!(text.contains("\\u001b") || text.contains("\\\\u{1b}"), "{text}");
}
