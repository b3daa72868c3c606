//! `cescacs check --stats`: the games each path read. A game with nothing to report must be
//! read by the fast path; the full reader is for explaining problems.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

fn corpus(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus").join(folder)
}

/// `check --stats --format json` of `paths`: the document.
fn stats_of(paths: &[&Path]) -> Value {
    let out = Command::new(BIN)
        .args(["check", "--stats", "--format", "json", "-j", "1"])
        .args(paths)
        .output()
        .expect("the binary runs");
    let value: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("stats: "), "no stats line on stderr: {stderr}");
    value
}

fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("an integer, found {v}"))
}

#[test]
fn every_clean_valid_file_is_read_by_the_fast_path_alone() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus("valid"))
        .expect("corpus/valid")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
        .collect();
    files.sort();
    assert!(files.len() > 10, "the valid corpus is there");
    let mut clean = 0;
    let mut slow = Vec::new();
    for file in &files {
        let doc = stats_of(&[file]);
        let stats = &doc["stats"];
        let games = count(&stats["games"]);
        assert_eq!(games, count(&doc["summary"]["games"]), "{}", file.display());
        assert_eq!(
            count(&stats["fast_path_games"]) + count(&stats["full_path_games"]),
            games,
            "{}",
            file.display()
        );
        let summary = &doc["summary"];
        if count(&summary["errors"]) + count(&summary["warnings"]) == 0 {
            clean += 1;
            if count(&stats["full_path_games"]) != 0 {
                slow.push(file.display().to_string());
            }
        }
    }
    assert!(clean > 10, "most valid files have nothing to report");
    assert!(slow.is_empty(), "clean files read the full way: {slow:#?}");
}

#[test]
fn a_game_with_a_problem_goes_the_full_way_and_the_run_adds_up() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stats");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("two.ctl-pgn");
    let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n\
                [Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
    std::fs::write(&file, text).expect("write");
    let stats = &stats_of(&[&file])["stats"];
    assert_eq!(count(&stats["games"]), 2);
    assert_eq!(count(&stats["fast_path_games"]), 1);
    assert_eq!(count(&stats["full_path_games"]), 1);
    assert!(stats["seconds"]["full_path"].as_f64().is_some());
}

/// The generator with every feature on (comments with every reference form, nested and labelled
/// variations, U+2010, FAN and Redefine letters, `[PDTL]` starts, ratings and NAGs, escaped
/// tags): 2,000 games with nothing to report, every one read by the fast path.
#[test]
fn rich_generated_games_are_read_by_the_fast_path_alone() {
    use cescacs_gen::{Features, generate_corpus_games};
    let rich = generate_corpus_games(2026, 2_000, 80, &Features::RICH);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stats-rich");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("rich.ctl-pgn");
    std::fs::write(&file, &rich.text).expect("write");
    let doc = stats_of(&[&file]);
    let summary = &doc["summary"];
    assert_eq!(count(&summary["errors"]) + count(&summary["warnings"]), 0, "{summary}");
    let stats = &doc["stats"];
    assert_eq!(count(&stats["games"]), 2_000);
    assert_eq!(count(&stats["fast_path_games"]), 2_000);
    assert_eq!(count(&stats["full_path_games"]), 0);
}
