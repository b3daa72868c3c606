//! Issue 38, reproducer 6: the globs of `--where` and `filter --player` against a 1 MB tag with
//! 60,000-character patterns. A backtracking matcher takes the tag's length times the
//! pattern's (55 s in release for one such pair, and `*???…b` past a minute); the segments'
//! matcher (`src/games/glob.rs`) reads the tag once. Each run here must end within a generous
//! deadline, which only a gross regression misses: the figures are measured in release and
//! recorded in docs/RELIABILITY.md (`cargo xtask hostile` runs the same shapes at full size).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// A hang, not a speed measure: the debug build on a loaded 2-core machine gets plenty, and a
/// matcher in tag length × pattern length takes minutes.
const DEADLINE: Duration = Duration::from_secs(30);

/// The tag's length: a million characters.
const TAG: usize = 1_000_000;

/// The patterns' length.
const PATTERN: usize = 60_000;

/// A file of one game whose `White` is `a` a million times.
fn game_file() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-globs");
    std::fs::create_dir_all(&dir).expect("create the directory");
    let path = dir.join("long-tag.ctl-pgn");
    let text = format!("[Variant \"C'escacs\"]\n[White \"{}\"]\n1. E7-E13: *\n", "a".repeat(TAG));
    std::fs::write(&path, text).expect("write the file");
    path
}

/// Runs `cescacs filter --count ARGS FILE` within the deadline: the count it prints.
fn count(name: &str, args: &[String], file: &Path) -> usize {
    let start = Instant::now();
    let mut child = Command::new(BIN)
        .args(["filter", "--count"])
        .args(args)
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name}: `filter --count` still runs after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("the output");
    assert_eq!(out.status.code(), Some(0), "{name}");
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim().parse().unwrap_or_else(|_| panic!("{name}: a count, not {text:?}"))
}

/// `?` n − 1 times: with one character more, a segment of n.
fn marks(n: usize) -> String {
    "?".repeat(n - 1)
}

#[test]
fn a_long_tag_against_long_patterns_is_matched_in_one_reading() {
    let file = game_file();
    let a = |n: usize| "a".repeat(n);
    // (name, pattern, games matched): every shape of segment the matcher has, at full size.
    let cases: Vec<(&str, String, usize)> = vec![
        ("`*???…b`", format!("*{}b", marks(PATTERN)), 0),
        ("`*???…a`", format!("*{}a", marks(PATTERN)), 1),
        ("`*???…b*`", format!("*{}b*", marks(PATTERN)), 0),
        ("`*aaa…ab*`", format!("*{}b*", a(PATTERN - 1)), 0),
        ("`*aaa…a*`", format!("*{}*", a(PATTERN)), 1),
        ("`a*a*…*b`", format!("{}b", "a*".repeat(PATTERN / 2)), 0),
        ("`*a*a*…*b*`", format!("*{}b*", "a*".repeat(PATTERN / 2)), 0),
        ("`a?a?…*b`", format!("{}*b", "a?".repeat(PATTERN / 2)), 0),
        ("`*A*…` (case)", format!("*{}*", "A".repeat(PATTERN)), 1),
        // A segment with `?` between characters: the shift-and, 64 characters a word. Its
        // time is the tag's length times the segment's / 64: 3,000 characters here, which the
        // debug build reads in a few seconds (60,000 in release: docs/RELIABILITY.md).
        ("`*a???…b*`", format!("*a{}b*", marks(3_000)), 0),
        ("`*(a + 63 ?)…b*`", format!("*{}b*", format!("a{}", marks(64)).repeat(47)), 0),
    ];
    for (name, pattern, expected) in cases {
        let by_where = count(name, &[format!("--where=White={pattern}")], &file);
        assert_eq!(by_where, expected, "{name} with `--where`");
    }
    // `filter --player` takes the same globs.
    let name = "`--player *???…b`";
    assert_eq!(count(name, &[format!("--player=*{}b", marks(PATTERN))], &file), 0);
}
