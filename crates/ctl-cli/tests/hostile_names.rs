//! Issue 30: a file name is input too. Names holding escape sequences (an OSC that sets the
//! terminal's title, a CSI that clears it), a carriage return, a line feed that would start a
//! line of its own, a tab and invalid UTF-8 go through every command and every message that
//! names a file (reports, `PATH -> OUT: N games`, "no game of PATH is selected", "PATH has K
//! game(s), no game N", "cannot read", "no `*.ctl-pgn` file in DIR", ...): none of their
//! characters reaches standard output or standard error raw.
#![cfg(unix)]

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use cescacs_diagnostics::terminal::is_unsafe;

mod common;

/// The word after the line feed of a name: a line of output starting with it means a raw line
/// feed came out of a name.
const FORGED: &str = "FORGED";

/// The hostile names, as bytes (one is not UTF-8).
fn names() -> Vec<Vec<u8>> {
    vec![
        b"osc\x1b]0;pwned\x07.ctl-pgn".to_vec(),
        b"csi\x1b[2J\x9b2J\rback.ctl-pgn".to_vec(),
        format!("line\n{FORGED}: error.ctl-pgn").into_bytes(),
        b"tab\there\x7f.ctl-pgn".to_vec(),
        b"bad\xff\xfe\xc2\x9b[2J.ctl-pgn".to_vec(),
        "bidi\u{202e}nqp-ltc.ctl-pgn".as_bytes().to_vec(),
    ]
}

/// Two games: one sound with a comment (which the app's format cannot carry), one broken.
const GAMES: &str = "[Variant \"C'escacs\"]\n1. E7-E13: {a comment} *\n\n\
                     [Variant \"C'escacs\"]\n1. E7xE13: *\n";

/// A directory of the test's own (the tests run in parallel).
fn dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-names").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the directory");
    dir
}

fn assert_safe(args: &[OsString], what: &str, output: &[u8]) {
    let text = String::from_utf8_lossy(output);
    if let Some(c) = text.chars().find(|&c| is_unsafe(c)) {
        let at = text.find(c).unwrap_or(0);
        let context: String = text[at.saturating_sub(60)..].chars().take(120).collect();
        panic!("{args:?} {what}: a raw {c:?} comes out: {context:?}");
    }
    if let Some(line) = text.lines().find(|l| l.starts_with(FORGED)) {
        panic!("{args:?} {what}: a line feed of a name comes out raw: {line:?}");
    }
}

#[test]
fn no_character_of_a_file_name_reaches_an_output_raw() {
    let dir = dir("outputs");
    let os = |s: &str| OsString::from(s);
    let pages = dir.join("pages");
    std::fs::create_dir_all(&pages).expect("create");
    let mut runs: Vec<Vec<OsString>> = Vec::new();
    for name in names() {
        let file = dir.join(OsStr::from_bytes(&name));
        std::fs::write(&file, GAMES).expect("write");
        let f = file.clone().into_os_string();
        let missing = dir.join("missing").join(OsStr::from_bytes(&name)).into_os_string();
        let empty = dir.join(OsStr::from_bytes(&[&name[..], b".dir"].concat()));
        std::fs::create_dir_all(&empty).expect("create");
        let with = |args: &[&str], path: &OsString| {
            let mut v: Vec<OsString> = args.iter().map(|a| os(a)).collect();
            v.push(path.clone());
            v
        };
        for args in [
            &["check"][..],
            &["check", "--format", "json"],
            &["check", "--format", "jsonl"],
            &["check", "--where", "White=nobody"],
            &["check", "--game", "9"],
            &["fmt", "--check"],
            &["fmt"],
            &["fmt", "--stdout"],
            &["filter"],
            &["filter", "--game", "9"],
            &["convert", "--letters", "fan"],
            &["convert", "--to", "app"],
            &["convert", "--to", "app", "--game", "9"],
            &["replay"],
            &["replay", "--game", "9"],
            &["board", "--game", "1"],
            &["board", "--game", "9"],
        ] {
            runs.push(with(args, &f));
        }
        let mut html = with(&["html", "-o"], &pages.clone().into_os_string());
        html.push(f.clone());
        html.push(f.clone()); // the same page twice: "would overwrite"
        runs.push(html);
        runs.push(with(&["html", "--where", "White=nobody"], &f));
        runs.push(with(&["html", "--game", "9"], &f));
        runs.push(with(&["html"], &f));
        for command in ["check", "fmt", "filter", "replay", "html", "board"] {
            runs.push(with(&[command], &missing));
        }
        runs.push(with(&["convert", "--to", "app"], &missing));
        runs.push(with(&["check"], &empty.into_os_string()));
    }
    for args in &runs {
        let out = common::cescacs(args).output();
        assert!(out.status.code().is_some_and(|c| c <= 2), "{args:?}: {:?}", out.status);
        if args.iter().any(|a| a == "json" || a == "jsonl") {
            // JSON keeps the name exact, its control characters escaped by JSON itself (DEL,
            // C1 and bidi characters are no JSON controls: an editor reads them as text).
            let raw = out.stdout.iter().find(|&&b| b < b' ' && b != b'\n');
            assert!(raw.is_none(), "{args:?} stdout: a raw {raw:?}");
        } else {
            assert_safe(args, "stdout", &out.stdout);
        }
        assert_safe(args, "stderr", &out.stderr);
    }
}

/// The messages the issue found raw now name the file escaped.
#[test]
fn the_messages_that_name_a_file_show_it_escaped() {
    let dir = dir("messages");
    let file = dir.join("osc\x1b]0;pwned\x07.ctl-pgn");
    std::fs::write(&file, GAMES).expect("write");
    let shown = "osc\\u{1b}]0;pwned\\u{7}.ctl-pgn";
    let stderr = |args: &[&OsStr]| {
        let out = common::cescacs(args).output();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let f = file.as_os_str();
    let pages = dir.join("pages");
    let err = stderr(&[OsStr::new("html"), OsStr::new("-o"), pages.as_os_str(), f, f]);
    assert!(err.contains(&format!("{shown} -> ")) && err.contains("2 games"), "{err}");
    let err = stderr(&[OsStr::new("check"), OsStr::new("--where"), OsStr::new("White=x"), f]);
    assert!(
        err.contains(&format!("no game of `{}{shown}` (2 in all) is selected", prefix(&dir))),
        "{err}"
    );
    let err = stderr(&[OsStr::new("check"), OsStr::new("--game"), OsStr::new("9"), f]);
    assert!(err.contains(&format!("{shown}` has 2 game(s), no game 9")), "{err}");
}

/// The directory part of a path as messages show it.
fn prefix(dir: &Path) -> String {
    format!("{}/", dir.display())
}

/// Issue 38: a line of `check --output-format concise` starts with its file's name, which a name
/// holding `:` could forge (`c:1:2: E0002 x.ctl-pgn` read as file `c`, line 1, column 2, code
/// `E0002`). Such a name, and one holding `"`, `\` or a control character, is written as a
/// quoted string with `\` escapes; every line then reads back as exactly one of the names given,
/// then `LINE:COL: CODE`.
#[test]
fn a_concise_line_tells_the_name_from_the_place() {
    let dir = dir("concise");
    let names = [
        "plain.ctl-pgn",
        "c:1:2: E0002 x.ctl-pgn",
        "quote\"back\\slash.ctl-pgn",
        &format!("line\n{FORGED}:1:1: E0001 x.ctl-pgn"),
    ];
    for name in names {
        // Two errors: the second is left out, which a line naming the file says.
        std::fs::write(dir.join(name), GAMES.repeat(2)).expect("write");
    }
    let out = common::cescacs(&["check", "--output-format", "concise", "--max-errors", "1", "."])
        .current_dir(&dir)
        .output();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(text.matches(" more diagnostic").count(), names.len(), "{text}");
    let mut seen = Vec::new();
    for line in text.lines() {
        let (name, rest) = read_concise_name(line).unwrap_or_else(|| panic!("{line:?}"));
        let name = name.strip_prefix("./").unwrap_or_else(|| panic!("{line:?}"));
        assert!(names.contains(&name), "a line of no file given: {line:?}");
        let place: Vec<&str> = rest.splitn(4, [':', ' ']).collect();
        let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let more = rest.starts_with(": ") && rest.contains(" more diagnostic");
        assert!(
            more || (place.len() == 4
                && place[0].is_empty()
                && number(place[1])
                && number(place[2])),
            "{line:?}"
        );
        seen.push(name.to_string());
    }
    for name in names {
        assert!(seen.iter().any(|s| s == name), "no line of {name:?}:\n{text}");
    }
}

/// A concise line's name and the rest of the line: a quoted name is a Rust string literal
/// (`\\`, `\"`, `\u{..}`), any other runs to the first `:`.
fn read_concise_name(line: &str) -> Option<(String, &str)> {
    let Some(quoted) = line.strip_prefix('"') else {
        let at = line.find(':')?;
        return Some((line[..at].to_string(), &line[at..]));
    };
    let mut name = String::new();
    let mut chars = quoted.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Some((name, &quoted[at + 1..])),
            '\\' => match chars.next()?.1 {
                'u' => {
                    let hex: String =
                        chars.by_ref().map(|(_, c)| c).skip(1).take_while(|&c| c != '}').collect();
                    name.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                escaped => name.push(escaped),
            },
            c => name.push(c),
        }
    }
    None
}
