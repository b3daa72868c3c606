//! The CLI gives what `cescacs_toolkit` gives, which the npm package and the Python module call
//! too: `check --format json` its check, `fmt --stdout` its format (and the same refusals),
//! `replay` its replay (positions and errors), on every file of `corpus/` and on the broken
//! texts of `crates/cescacs-toolkit/tests/texts/` (prose between games, a byte-order mark,
//! invalid UTF-8, bytes that are no text, stray text, games without tags, an empty file).
//! The node tests (`crates/cescacs-wasm/tests/js/shells.test.mjs`) and the pytest suite
//! (`python/tests/test_shells.py`) hold the package and the module to the CLI on the same
//! files.

mod common;

use std::path::{Path, PathBuf};

use cescacs_toolkit::check::{CheckOptions, check};
use cescacs_toolkit::format::{FormatOptions, format};
use cescacs_toolkit::read::JsonOptions;
use cescacs_toolkit::replay::games;
use cescacs_toolkit::{Level, PositionEncoding};
use common::cescacs;

/// Every file the shells are compared on.
fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dirs = ["corpus/valid", "corpus/invalid", "corpus/generated"]
        .map(|d| root.join(d))
        .into_iter()
        .chain([root.join("crates/cescacs-toolkit/tests/texts")]);
    let mut files: Vec<PathBuf> = dirs
        .flat_map(|dir| std::fs::read_dir(dir).expect("a folder of texts"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
        .collect();
    files.sort();
    assert!(files.len() > 60, "{} files", files.len());
    files
}

/// The codes of `text`'s lines that start with `prefix` and hold `[CODE]`.
fn codes_in(text: &str, prefix: impl Fn(&str) -> bool) -> Vec<String> {
    let mut codes: Vec<String> = text
        .lines()
        .filter(|l| prefix(l))
        .filter_map(|l| Some(l[l.find('[')? + 1..].split(']').next()?.to_string()))
        .collect();
    codes.sort();
    codes
}

#[test]
fn check_gives_the_toolkits_diagnostics_at_every_level() {
    let files = files();
    for (name, level) in
        [("syntax", Level::Syntax), ("coherence", Level::Coherence), ("rules", Level::Rules)]
    {
        let mut args = vec!["check", "--format", "json", "--max-errors", "0", "--level", name];
        args.extend(files.iter().map(|f| f.to_str().expect("a UTF-8 path")));
        let out = cescacs(&args).output();
        let document: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let reported = document["files"].as_array().expect("files");
        assert_eq!(reported.len(), files.len());
        for (file, reported) in files.iter().zip(reported) {
            let uri = reported["uri"].as_str().expect("a URI").to_string();
            let options = CheckOptions {
                level,
                json: JsonOptions { uri, encoding: PositionEncoding::Utf16 },
                max_errors: 0,
            };
            let ours = check(std::fs::read(file).unwrap().as_slice(), &options).unwrap();
            let ours = serde_json::to_value(&ours.diagnostics).unwrap();
            assert_eq!(ours, reported["diagnostics"], "{} at {name}", file.display());
        }
    }
}

#[test]
fn fmt_writes_and_refuses_what_the_toolkit_does() {
    let (mut written, mut refused) = (0, 0);
    for file in files() {
        let path = file.to_str().expect("a UTF-8 path");
        let out = cescacs(&["fmt", "--stdout", "--max-errors", "0", path]).output();
        let options = FormatOptions { max_errors: 0, ..FormatOptions::default() };
        match format(std::fs::read(&file).unwrap().as_slice(), &options).unwrap() {
            Ok(text) => {
                assert!(out.status.success(), "{}", file.display());
                assert_eq!(String::from_utf8(out.stdout).unwrap(), text, "{}", file.display());
                written += 1;
            }
            Err(not) => {
                assert_eq!(out.status.code(), Some(1), "{}", file.display());
                assert!(out.stdout.is_empty(), "{}", file.display());
                let stderr = String::from_utf8_lossy(&out.stderr);
                let theirs =
                    codes_in(&stderr, |l| l.contains(": error[") || l.contains(": warning["));
                let mut ours: Vec<String> =
                    not.diagnostics.iter().map(|d| d.code.clone()).collect();
                ours.sort();
                assert_eq!(ours, theirs, "{}", file.display());
                refused += 1;
            }
        }
    }
    assert!(written > 40 && refused > 10, "{written} written, {refused} refused");
}

#[test]
fn replay_gives_the_toolkits_positions_and_errors() {
    let mut compared = 0;
    for file in files() {
        let path = file.to_str().expect("a UTF-8 path");
        let out = cescacs(&["replay", "--format", "jsonl", "--max-errors", "0", path]).output();
        let theirs: Vec<(u64, String)> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .map(|v| (v["game"].as_u64().unwrap(), v["pdtl"].as_str().unwrap().to_string()))
            .collect();
        let replayed: Vec<_> = games(
            std::fs::read(&file).unwrap().as_slice(),
            Level::Rules,
            JsonOptions::default(),
            usize::MAX,
        )
        .collect::<Result<_, _>>()
        .unwrap();
        let mut ours = Vec::new();
        for game in &replayed {
            let (Some(n), Some(main)) = (game.game, &game.main) else { continue };
            let pdtls = std::iter::once(&main.start).chain(main.plies.iter().map(|p| &p.pdtl));
            ours.extend(pdtls.map(|p| (n as u64, p.clone())));
        }
        assert_eq!(ours, theirs, "{}", file.display());
        let stderr = String::from_utf8_lossy(&out.stderr);
        let theirs = codes_in(&stderr, |l| l.starts_with('['));
        let mut codes: Vec<String> =
            replayed.iter().flat_map(|g| &g.diagnostics).map(|d| d.code.clone()).collect();
        codes.sort();
        assert_eq!(codes, theirs, "{}", file.display());
        compared += theirs.len();
    }
    assert!(compared > 30, "{compared} codes compared");
}
