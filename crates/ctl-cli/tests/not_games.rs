//! Input that is not a game file: a program is one error (`E0002`), prose around games one
//! warning per stretch (`W0001`), an empty file or a folder without game files a warning.

use std::path::PathBuf;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cescacs-not-games-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn check(args: &[&str]) -> Output {
    Command::new(BIN).arg("check").args(args).env("NO_COLOR", "1").output().unwrap()
}

/// The codes of a `--format jsonl` run.
fn codes(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| v["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_program_is_one_error_not_an_error_per_word() {
    let dir = scratch("program");
    let path = dir.join("program.ctl-pgn");
    // The checker itself: megabytes of machine code, NUL bytes, text here and there (and the
    // `[Variant` of its messages, where a game file's games start). Its first 4 MB will do.
    let program = std::fs::read(BIN).unwrap();
    std::fs::write(&path, &program[..program.len().min(4 << 20)]).unwrap();
    let out = check(&["--format", "jsonl", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(codes(&out), ["E0002"]);
    let text = check(&[path.to_str().unwrap()]);
    assert_eq!(text.status.code(), Some(1));
    let report = String::from_utf8_lossy(&text.stdout);
    assert!(report.contains("not a game file: it holds NUL bytes"), "{report}");
    assert!(report.lines().count() < 12, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn prose_around_games_is_one_warning_per_stretch() {
    let dir = scratch("prose");
    let path = dir.join("notes.ctl-pgn");
    let text = "Notes on the games we played at the club last week.\n\
                Both were short, and one of them was very short.\n\n\
                [Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n\n\
                The second game follows below, with its moves.\n\n\
                [Variant \"C'escacs\"]\n1. E7-E13: *\n";
    std::fs::write(&path, text).unwrap();
    let out = check(&["--format", "jsonl", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(codes(&out), ["W0001", "W0001"]);
    // fmt would drop the prose: the file is left as it is.
    let fmt = Command::new(BIN).args(["fmt", path.to_str().unwrap()]).output().unwrap();
    assert_eq!(fmt.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_file_and_a_folder_without_games_are_warnings() {
    let dir = scratch("empty");
    let empty = dir.join("empty.ctl-pgn");
    std::fs::write(&empty, "").unwrap();
    let blank = dir.join("blank.ctl-pgn");
    std::fs::write(&blank, "\n  \n").unwrap();
    let out = check(&["--format", "jsonl", empty.to_str().unwrap(), blank.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(codes(&out), ["W0002", "W0002"]);
    let nothing = dir.join("nothing");
    std::fs::create_dir_all(&nothing).unwrap();
    std::fs::write(nothing.join("readme.txt"), "no games here").unwrap();
    let out = check(&[nothing.to_str().unwrap(), empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warning: no `*.ctl-pgn` file in"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn binary_bytes_after_a_game_are_one_error_however_many_variant_tags_they_hold() {
    let dir = scratch("tail");
    let path = dir.join("tail.ctl-pgn");
    let mut bytes = b"[Variant \"C'escacs\"]\n1. E7-E13: *\n".to_vec();
    // Five `[Variant` in binary bytes: five chunks for the splitter, one error for the file.
    for i in 0..5u8 {
        bytes.extend_from_slice(b"[Variant ");
        bytes.extend(
            (0..600u32).map(|j| if j % 7 == 0 { 0 } else { (j as u8).wrapping_mul(31) ^ i }),
        );
    }
    std::fs::write(&path, &bytes).unwrap();
    let out = check(&["--format", "jsonl", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(codes(&out), ["E0002"]);
    let _ = std::fs::remove_dir_all(&dir);
}
