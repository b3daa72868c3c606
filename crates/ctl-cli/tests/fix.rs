//! `cescacs check --fix [--diff]`, `--select`/`--ignore` and `--output-format concise`: on
//! every corpus file with fixable diagnostics, on folders and multi-game files, and on
//! standard input.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use cescacs_diagnostics::Diagnostic;
use ctl_pgn::Check;
use ctl_pgn::decode::decode;
use ctl_pgn::validate::Level;

mod common;
use common::{cescacs, run};

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn err(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 output")
}

/// A fresh directory for one test, under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fix-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

/// Every corpus file, in name order.
fn corpus_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["valid", "invalid", "generated"] {
        for entry in fs::read_dir(corpus().join(dir)).expect("corpus folder") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "ctl-pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn diagnostics(text: &str) -> Vec<Diagnostic> {
    Check::new(Level::Rules).text(&decode(text.as_bytes().to_vec()).text).diagnostics
}

/// A White Rook on F4 facing a Black Rook on F8: `RF4-F8` is a capture written without `×`.
const CAPTURE: &str = "[Variant \"C'escacs\"]\n\
    [PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n1. RF4-F8: *\n";
const CAPTURE_FIXED: &str = "[Variant \"C'escacs\"]\n\
    [PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n1. RF4×RF8: *\n";

/// On every corpus file with a fixable diagnostic, `--fix` writes exactly the text that the
/// fixes make, pass after pass (so nothing else changes: no layout, no line ends), and the
/// result has no fixable diagnostic left.
#[test]
fn fix_on_every_corpus_file_changes_only_what_the_fixes_say() {
    let dir = scratch("corpus");
    let mut fixed_files = 0;
    for (i, path) in corpus_files().into_iter().enumerate() {
        let bytes = fs::read(&path).expect("corpus file");
        let Ok(original) = String::from_utf8(bytes) else { continue };
        if !diagnostics(&original).iter().any(|d| !d.fixes.is_empty()) {
            continue;
        }
        // The expected text: the fixes applied by the library, pass by pass.
        let mut expected = original.clone();
        loop {
            let found = diagnostics(&expected);
            let next = ctl_pgn::fixes::apply(&expected, &ctl_pgn::fixes::compatible(found.iter()));
            if next == expected {
                break;
            }
            expected = next;
        }
        let copy = dir.join(format!("{i}.ctl-pgn"));
        fs::write(&copy, &original).expect("copy");
        let o = cescacs(&["check", "--fix"]).stdin("").output();
        assert_eq!(o.status.code(), Some(2), "no path is a usage error");
        let o = cescacs(&["check".as_ref(), "--fix".as_ref(), copy.as_os_str()]).output();
        assert!(matches!(o.status.code(), Some(0 | 1)), "{}: {}", path.display(), err(&o));
        let result = fs::read_to_string(&copy).expect("fixed file");
        assert_eq!(result, expected, "{}", path.display());
        assert_ne!(result, original, "{}: nothing fixed", path.display());
        let left: Vec<_> =
            diagnostics(&result).into_iter().filter(|d| !d.fixes.is_empty()).collect();
        assert!(left.is_empty(), "{}: fixable diagnostics left: {left:?}", path.display());
        assert!(err(&o).contains("fixed "), "{}", err(&o));
        fixed_files += 1;
    }
    assert!(fixed_files >= 5, "only {fixed_files} corpus files have fixes");
}

#[test]
fn diff_shows_the_fixes_and_changes_nothing() {
    let dir = scratch("diff");
    let file = dir.join("capture.ctl-pgn");
    fs::write(&file, CAPTURE).expect("write");
    let o = cescacs(&["check", "--fix", "--diff"]).current_dir(&dir).output();
    assert_eq!(o.status.code(), Some(2), "a path is required");
    let o = run(&["check", "--fix", "--diff", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "fixes to apply: exit 1");
    let diff = out(&o);
    assert!(diff.contains("-1. RF4-F8: *\n+1. RF4×RF8: *\n"), "{diff}");
    assert!(diff.starts_with("--- "), "{diff}");
    assert!(err(&o).contains("would fix 1 problem in 1 file"), "{}", err(&o));
    assert_eq!(fs::read_to_string(&file).unwrap(), CAPTURE);
    // Nothing to fix: exit 0, no diff.
    fs::write(&file, CAPTURE_FIXED).expect("write");
    let o = run(&["check", "--fix", "--diff", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).is_empty());
    // `--diff` alone is a usage error.
    assert_eq!(run(&["check", "--diff", file.to_str().unwrap()], "").status.code(), Some(2));
}

#[test]
fn fix_of_a_folder_and_of_standard_input() {
    let dir = scratch("folder");
    fs::create_dir_all(dir.join("sub")).unwrap();
    fs::write(dir.join("a.ctl-pgn"), CAPTURE).unwrap();
    fs::write(dir.join("sub/b.ctl-pgn"), format!("{CAPTURE}{CAPTURE}")).unwrap();
    fs::write(dir.join("clean.ctl-pgn"), CAPTURE_FIXED).unwrap();
    let o = run(&["check", "--fix", dir.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("fixed 3 problems in 2 files"), "{}", err(&o));
    assert!(err(&o).contains("3 files, 4 games"), "what is left is reported: {}", err(&o));
    assert_eq!(fs::read_to_string(dir.join("a.ctl-pgn")).unwrap(), CAPTURE_FIXED);
    let both = format!("{CAPTURE_FIXED}{CAPTURE_FIXED}");
    assert_eq!(fs::read_to_string(dir.join("sub/b.ctl-pgn")).unwrap(), both);
    // No temporary file is left behind.
    let mut names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, ["a.ctl-pgn", "clean.ctl-pgn", "sub"]);
    // Standard input: the text fixed goes to standard output.
    let o = run(&["check", "--fix", "-"], CAPTURE);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), CAPTURE_FIXED);
    // Errors without a fix are left, and said by the exit code.
    let illegal = CAPTURE.replace("RF4-F8", "RF4-A0");
    let o = run(&["check", "--fix", "-"], &illegal);
    assert_eq!((o.status.code(), out(&o)), (Some(1), illegal));
}

#[test]
fn fix_does_not_combine_with_a_selection_of_games() {
    let o = run(&["check", "--fix", "--game", "1", "-"], CAPTURE);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--fix rewrites whole files"), "{}", err(&o));
}

/// Two games: an unmarked capture (E0405) and a missing final mark (W0203).
const TWO: &str = "[Variant \"C'escacs\"]\n\
    [PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n1. RF4-F8: *\n\n\
    [Variant \"C'escacs\"]\n1. E7-E13, F20-F16\n";

fn codes_of(o: &Output) -> Vec<String> {
    out(o)
        .lines()
        .map(|l| l.split(": ").nth(1).and_then(|rest| rest.split(' ').next()).unwrap().to_string())
        .collect()
}

#[test]
fn select_and_ignore_by_code_and_prefix() {
    let concise = ["check", "--output-format", "concise"];
    let all = run(&[&concise[..], &["-"]].concat(), TWO);
    assert_eq!(codes_of(&all), ["E0405", "W0203", "W0204"]);
    assert_eq!(all.status.code(), Some(1));
    let warnings = run(&[&concise[..], &["--select", "w02", "-"]].concat(), TWO);
    assert_eq!(codes_of(&warnings), ["W0203", "W0204"]);
    assert_eq!(warnings.status.code(), Some(0), "the errors left out do not count");
    assert!(err(&warnings).contains("0 errors, 2 warnings"), "{}", err(&warnings));
    let ignored = run(&[&concise[..], &["--ignore", "W02,E04", "-"]].concat(), TWO);
    assert!(codes_of(&ignored).is_empty());
    // The same for a selection of games, and for JSON.
    let second = run(&[&concise[..], &["--game", "2", "--ignore", "W", "-"]].concat(), TWO);
    assert!(codes_of(&second).is_empty(), "{}", out(&second));
    let json = run(&["check", "--format", "json", "--select", "E0405", "-"], TWO);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let found = doc["files"][0]["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["code"], "E0405");
    // A pattern that names no code is a usage error.
    let bad = run(&["check", "--select", "E99", "-"], TWO);
    assert_eq!(bad.status.code(), Some(2));
    assert!(err(&bad).contains("no diagnostic code starts with `E99`"), "{}", err(&bad));
    // `--fix` takes only the fixes of the codes selected.
    let o = run(&["check", "--fix", "--select", "W0203", "-"], TWO);
    assert_eq!(out(&o), TWO.replace("F20-F16\n", "F20-F16:\n"));
}

#[test]
fn concise_output_is_one_line_per_diagnostic_with_its_place() {
    let dir = scratch("concise");
    fs::write(dir.join("two.ctl-pgn"), TWO).unwrap();
    let o =
        cescacs(&["check", "--output-format", "concise", "two.ctl-pgn"]).current_dir(&dir).output();
    assert_eq!(
        out(&o),
        "two.ctl-pgn:3:8: E0405 the move captures the Rook on F8: write `×` instead of `-`\n\
         two.ctl-pgn:6:12: W0203 expected the last move to end with `:` (or `#` for checkmate), found no final mark\n\
         two.ctl-pgn:6:12: W0204 expected a result line (3-0, 2-1, 0-3, 1-2, 1-1 or *) after the last move, found none\n"
    );
    // The format is also `--format concise`, and a hostile message stays terminal-safe.
    let o =
        run(&["check", "--format", "concise", "-"], "[Variant \"C'escacs\"]\n1. E7-E13 \x1b[2J\n");
    assert!(!o.stdout.contains(&0x1b), "{}", out(&o));
}
