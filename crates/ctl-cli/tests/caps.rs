//! Issue 17 (and 14): output bounded by the input. Every command that reports diagnostics shows
//! at most `--max-errors N` of each file (100 by default, 0 for all), then a last line saying how
//! many more there were; the flood points (malformed tags, stray `)` and `*`) obey it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("caps");
    std::fs::create_dir_all(&dir).expect("create the directory");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write the file");
    path
}

fn run(args: &[&str], path: &Path) -> Output {
    Command::new(BIN).args(args).arg(path).output().expect("the binary runs")
}

fn floods() -> Vec<PathBuf> {
    vec![
        scratch("brackets.ctl-pgn", &[b'['; 100_000]),
        scratch("parens.ctl-pgn", &[b')'; 100_000]),
        scratch("stars.ctl-pgn", "*\n".repeat(5_000).as_bytes()),
    ]
}

#[test]
fn check_shows_the_first_diagnostics_of_each_file_then_how_many_more() {
    for path in floods() {
        let out = run(&["check"], &path);
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8_lossy(&out.stdout);
        let reports = text.matches("] Error:").count();
        assert_eq!(reports, 100, "{}", path.display());
        let last = text.lines().last().unwrap_or_default();
        assert!(
            last.contains("more diagnostics not shown") && last.contains("--max-errors 0"),
            "{last}"
        );
        // Output per input byte: a hundred reports whatever the size.
        assert!(text.len() < 100_000, "{}: {} bytes", path.display(), text.len());
        let summary = String::from_utf8_lossy(&out.stderr);
        assert!(summary.contains("not shown (--max-errors)"), "{summary}");

        let json = run(&["check", "--format", "json", "--max-errors", "7"], &path);
        let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("valid JSON");
        let file = &value["files"][0];
        assert_eq!(file["diagnostics"].as_array().map(Vec::len), Some(7));
        let total = value["summary"]["errors"].as_u64().unwrap_or(0);
        assert_eq!(file["omitted"].as_u64(), Some(total - 7), "the summary counts them all");
        let jsonl = run(&["check", "--format", "jsonl", "--max-errors", "3"], &path);
        assert_eq!(String::from_utf8_lossy(&jsonl.stdout).lines().count(), 3);
    }
}

#[test]
fn max_errors_zero_shows_everything() {
    let path = scratch("stars-all.ctl-pgn", "*\n".repeat(300).as_bytes());
    let out = run(&["check", "--max-errors", "0"], &path);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("] Error:").count(), 300);
    assert!(!text.contains("not shown"));
}

#[test]
fn fmt_filter_convert_and_replay_obey_the_cap() {
    let floods = floods();
    for (args, path) in [
        (&["fmt", "--check"][..], &floods[0]),
        (&["filter"], &floods[0]),
        (&["convert", "--letters", "fan"], &floods[1]),
        (&["replay"], &floods[2]),
        (&["fmt", "--max-errors", "5"], &floods[0]),
    ] {
        let out = run(args, path);
        let err = String::from_utf8_lossy(&out.stderr);
        let max = if args.contains(&"5") { 5 } else { 100 };
        let reports = err.matches("error[").count() + err.matches("] Error:").count();
        assert_eq!(reports, max, "{args:?}: {err}");
        assert!(err.contains("more diagnostics not shown"), "{args:?}");
        assert!(err.len() < 100_000, "{args:?}: {} bytes", err.len());
    }
}
