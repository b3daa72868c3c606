//! `cescacs check`: exit codes, text and JSON output, standard input, directories, BOM, invalid
//! UTF-8 and unreadable paths.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

mod common;
const SCHEMA: &str = include_str!("../../../docs/diagnostics.schema.json");

const CLEAN: &str = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12: *\n";
const WARNING: &str = "[Variant \"C'escacs\"]\n1. E7–E13, E21-E15\n2. F8-F12: *\n";
const ERROR: &str = "[Variant \"C'escacs\"]\n1. E7xE13, E21-E15 {Moià ∞}\n2. F8-F12: *\n";

fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    common::cescacs(args).current_dir(dir).coloured().stdin(stdin).output()
}

/// A fresh directory for one test, holding `files` (path, bytes).
fn scratch(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check").join(name);
    let _ = fs::remove_dir_all(&dir);
    for (path, bytes) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().expect("a parent")).expect("create the directory");
        fs::write(path, bytes).expect("write the file");
    }
    fs::create_dir_all(&dir).expect("create the directory");
    dir
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("an exit code")
}

fn stdout(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).expect("UTF-8 output")
}

fn stderr(o: &Output) -> &str {
    std::str::from_utf8(&o.stderr).expect("UTF-8 errors")
}

fn json(o: &Output) -> Value {
    let value: Value = serde_json::from_str(stdout(o)).expect("one JSON document");
    let schema: Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
    let validator =
        jsonschema::options().should_validate_formats(true).build(&schema).expect("a valid schema");
    let errors: Vec<String> = validator.iter_errors(&value).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    value
}

fn codes(value: &Value, file: usize) -> Vec<String> {
    value["files"][file]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().expect("a code").to_string())
        .collect()
}

#[test]
fn clean_file_exits_0_and_prints_only_the_summary() {
    let dir = scratch("clean", &[("g.ctl-pgn", CLEAN.as_bytes())]);
    let o = run_in(&dir, &["check", "g.ctl-pgn"], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let summary = stderr(&o);
    assert!(summary.starts_with("1 file, 1 game, 3 plies: 0 errors, 0 warnings ("), "{summary}");
    assert!(summary.ends_with(" s)\n"), "{summary}");
}

#[test]
fn warnings_alone_exit_0() {
    let dir = scratch("warning", &[("w.ctl-pgn", WARNING.as_bytes())]);
    let o = run_in(&dir, &["check", "w.ctl-pgn"], b"");
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).starts_with("[W0201] Warning:"), "{}", stdout(&o));
    assert!(stdout(&o).contains("w.ctl-pgn:2:6"));
    assert!(stderr(&o).contains(": 0 errors, 1 warning ("), "{}", stderr(&o));
}

#[test]
fn errors_exit_1_with_a_plain_ariadne_report() {
    let dir = scratch("error", &[("e.ctl-pgn", ERROR.as_bytes())]);
    let o = run_in(&dir, &["check", "e.ctl-pgn"], b"");
    assert_eq!(code(&o), 1);
    let text = stdout(&o);
    assert!(text.starts_with("[E0206] Error: "), "{text}");
    assert!(text.contains(",-[ e.ctl-pgn:2:6 ]"), "{text}");
    assert!(text.contains(" 2 | 1. E7xE13, E21-E15 {Moià ∞}\n"), "{text}");
    assert!(text.contains("Help: "), "{text}");
    assert!(!text.contains('\u{1b}'), "piped output is plain");
    assert!(text.lines().all(|l| !l.ends_with(' ')));
    assert!(stderr(&o).contains(": 1 error, 0 warnings ("));
}

#[test]
fn color_always_and_never() {
    let dir = scratch("color", &[("e.ctl-pgn", ERROR.as_bytes())]);
    let o = run_in(&dir, &["check", "--color", "always", "e.ctl-pgn"], b"");
    assert!(stdout(&o).contains('\u{1b}'));
    let o = run_in(&dir, &["check", "--color=never", "e.ctl-pgn"], b"");
    assert!(!stdout(&o).contains('\u{1b}'));
}

#[test]
fn json_is_one_document_that_matches_the_schema() {
    let dir = scratch("json", &[("e.ctl-pgn", ERROR.as_bytes()), ("c.ctl-pgn", CLEAN.as_bytes())]);
    let o = run_in(&dir, &["check", "--format", "json", "e.ctl-pgn", "c.ctl-pgn"], b"");
    assert_eq!(code(&o), 1);
    let value = json(&o);
    assert_eq!(value["positionEncoding"], "utf-16");
    assert_eq!(value["files"][0]["path"], "e.ctl-pgn");
    let uri = value["files"][0]["uri"].as_str().expect("uri");
    assert!(uri.starts_with("file:///") && uri.ends_with("/check/json/e.ctl-pgn"), "{uri}");
    let d = &value["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "E0206");
    assert_eq!(d["source"], "ctl-an");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["range"]["start"], serde_json::json!({"line": 1, "character": 5}));
    let x = ERROR.find('x').expect("x");
    assert_eq!(d["data"]["span"], serde_json::json!({"start": x, "end": x + 1}));
    assert_eq!(d["data"]["game"], 1);
    assert_eq!(d["data"]["ply"], 1);
    assert_eq!(codes(&value, 1), Vec::<String>::new());
    assert_eq!(
        value["summary"],
        serde_json::json!({"files": 2, "games": 2, "plies": 6, "errors": 1, "warnings": 0})
    );
}

#[test]
fn position_encoding_changes_the_columns() {
    // `×` is 2 bytes and 1 UTF-16 unit; the U+1FA50 FAN symbol 4 bytes and 2 units.
    let text = "[Variant \"C'escacs\"]\n{× \u{1fa50}} 1. E7xE13: *\n";
    let dir = scratch("encoding", &[("u.ctl-pgn", text.as_bytes())]);
    let column = |encoding: &str| {
        let o = run_in(
            &dir,
            &["check", "--format=json", "--position-encoding", encoding, "u.ctl-pgn"],
            b"",
        );
        let value = json(&o);
        assert_eq!(value["positionEncoding"], encoding);
        value["files"][0]["diagnostics"][0]["range"]["start"]["character"].clone()
    };
    assert_eq!(column("utf-8"), 15);
    assert_eq!(column("utf-16"), 12);
    assert_eq!(column("utf-32"), 11);
}

#[test]
fn jsonl_writes_one_diagnostic_per_line() {
    let dir =
        scratch("jsonl", &[("e.ctl-pgn", ERROR.as_bytes()), ("w.ctl-pgn", WARNING.as_bytes())]);
    let o = run_in(&dir, &["check", "--format", "jsonl", "."], b"");
    assert_eq!(code(&o), 1);
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["code"], "E0206");
    assert!(lines[0]["path"].as_str().expect("path").ends_with("e.ctl-pgn"));
    assert_eq!(lines[1]["code"], "W0201");
    assert!(lines[1]["uri"].as_str().expect("uri").ends_with("/w.ctl-pgn"));
}

#[test]
fn stdin_is_read_with_a_dash() {
    let dir = scratch("stdin", &[]);
    let o = run_in(&dir, &["check", "-"], ERROR.as_bytes());
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains(",-[ <stdin>:2:6 ]"), "{}", stdout(&o));
    let o = run_in(&dir, &["check", "--format", "json", "-"], CLEAN.as_bytes());
    assert_eq!(code(&o), 0);
    let value = json(&o);
    assert_eq!(value["files"][0]["path"], "<stdin>");
    assert_eq!(value["files"][0]["uri"], "untitled:stdin");
}

#[test]
fn directories_are_searched_recursively_in_name_order() {
    let dir = scratch(
        "tree",
        &[
            ("games/b.ctl-pgn", ERROR.as_bytes()),
            ("games/a.ctl-pgn", CLEAN.as_bytes()),
            ("games/deeper/c.ctl-pgn", WARNING.as_bytes()),
            ("games/notes.txt", b"not a game"),
            ("games/deeper/d.pgn", b"not ours"),
            ("games/.hidden/e.ctl-pgn", ERROR.as_bytes()),
        ],
    );
    let o = run_in(&dir, &["check", "--format", "json", "games"], b"");
    assert_eq!(code(&o), 1);
    let value = json(&o);
    let paths: Vec<&str> = value["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f["path"].as_str().expect("path"))
        .collect();
    let expected: Vec<String> = ["games/a.ctl-pgn", "games/b.ctl-pgn", "games/deeper/c.ctl-pgn"]
        .iter()
        .map(|p| Path::new(p).display().to_string())
        .collect();
    assert_eq!(paths, expected);
    assert!(
        stderr(&o).starts_with("3 files, 3 games, 9 plies: 1 error, 1 warning"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn many_files_come_out_in_order_whatever_the_threads() {
    let names: Vec<String> = (0..40).map(|i| format!("g{i:02}.ctl-pgn")).collect();
    let files: Vec<(&str, &[u8])> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), if i % 3 == 0 { ERROR.as_bytes() } else { CLEAN.as_bytes() }))
        .collect();
    let dir = scratch("many", &files);
    let o = run_in(&dir, &["check", "--format", "json", "."], b"");
    let value = json(&o);
    let paths: Vec<String> = value["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f["path"].as_str().expect("path").trim_start_matches("./").to_string())
        .collect();
    assert_eq!(paths, names);
    for (i, _) in names.iter().enumerate() {
        let expected: &[&str] = if i % 3 == 0 { &["E0206"] } else { &[] };
        assert_eq!(codes(&value, i), expected);
    }
    assert_eq!(value["summary"]["errors"], 14);
    assert_eq!(value["summary"]["files"], 40);
    let text = run_in(&dir, &["check", "."], b"");
    let order: Vec<&str> =
        stdout(&text).lines().filter_map(|l| l.split_once(",-[ ").map(|(_, rest)| rest)).collect();
    assert_eq!(order.len(), 14);
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}

#[test]
fn a_bom_is_skipped_and_spans_stay_file_offsets() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(ERROR.as_bytes());
    let dir = scratch("bom", &[("b.ctl-pgn", &bytes)]);
    let o = run_in(&dir, &["check", "--format", "json", "b.ctl-pgn"], b"");
    assert_eq!(code(&o), 1);
    let value = json(&o);
    assert_eq!(codes(&value, 0), ["E0206"]);
    let x = ERROR.find('x').expect("x") + 3;
    let d = &value["files"][0]["diagnostics"][0];
    assert_eq!(d["data"]["span"]["start"], x);
    assert_eq!(d["range"]["start"]["line"], 1);
    // A BOM on the first line is no column either.
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(b"[Variant \"C'escacs\"] 1. E7xE13: *\n");
    let dir = scratch("bom1", &[("b.ctl-pgn", &bytes)]);
    let o = run_in(&dir, &["check", "b.ctl-pgn"], b"");
    assert!(stdout(&o).contains(",-[ b.ctl-pgn:1:27 ]"), "{}", stdout(&o));
    let o = run_in(&dir, &["check", "--format", "json", "b.ctl-pgn"], b"");
    let value = json(&o);
    assert_eq!(value["files"][0]["diagnostics"][0]["range"]["start"]["character"], 26);
    assert_eq!(value["files"][0]["diagnostics"][0]["data"]["span"]["start"], 29);
}

#[test]
fn invalid_utf8_is_an_error_at_its_offset_and_the_rest_is_read() {
    let mut bytes = b"[Variant \"C'escacs\"]\n{caf\xE9} 1. E7-E13, E21-E15\n".to_vec();
    let bad = bytes.iter().position(|&b| b == 0xE9).expect("the bad byte");
    bytes.extend_from_slice(b"2. F8xF12: *\n");
    let dir = scratch("utf8", &[("i.ctl-pgn", &bytes)]);
    let o = run_in(&dir, &["check", "--format", "json", "i.ctl-pgn"], b"");
    assert_eq!(code(&o), 1);
    let value = json(&o);
    assert_eq!(codes(&value, 0), ["E0001", "E0206"]);
    let d = &value["files"][0]["diagnostics"][0];
    assert_eq!(d["data"]["span"], serde_json::json!({"start": bad, "end": bad + 1}));
    assert_eq!(d["source"], "ctl-pgn");
    assert_eq!(d["message"], "expected UTF-8 text, found the bytes `\\xE9`");
    assert_eq!(value["summary"]["plies"], 3);
    let o = run_in(&dir, &["check", "i.ctl-pgn"], b"");
    assert!(stdout(&o).contains(",-[ i.ctl-pgn:2:5 ]"), "{}", stdout(&o));
    assert!(stdout(&o).contains("{caf?}"), "{}", stdout(&o));
}

#[test]
fn a_missing_file_exits_2_after_checking_the_others() {
    let dir = scratch("missing", &[("c.ctl-pgn", ERROR.as_bytes())]);
    let o = run_in(&dir, &["check", "nothere.ctl-pgn", "c.ctl-pgn"], b"");
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("error: cannot read `nothere.ctl-pgn`"), "{}", stderr(&o));
    assert!(stdout(&o).contains("[E0206]"), "the readable file is still checked");
}

#[test]
fn usage_errors_exit_2() {
    let dir = scratch("usage", &[("c.ctl-pgn", CLEAN.as_bytes())]);
    assert_eq!(code(&run_in(&dir, &["check"], b"")), 2);
    assert_eq!(code(&run_in(&dir, &["check", "--format", "xml", "c.ctl-pgn"], b"")), 2);
    assert_eq!(
        code(&run_in(&dir, &["check", "--position-encoding", "utf-7", "c.ctl-pgn"], b"")),
        2
    );
}

#[test]
fn each_level_finds_its_own_problems_and_rules_is_the_default() {
    // The spec's first example: `2. EE5-E11` is illegal, `3. G7-E13` lands on White's own pawn.
    let intro = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11, G21-G15\n3. G7-E13: *\n";
    let dir = scratch("levels", &[("i.ctl-pgn", intro.as_bytes())]);
    let found = |args: &[&str]| {
        let mut all = vec!["check", "--format", "json"];
        all.extend_from_slice(args);
        all.push("i.ctl-pgn");
        let o = run_in(&dir, &all, b"");
        (code(&o), codes(&json(&o), 0))
    };
    assert_eq!(found(&["--level", "syntax"]), (0, vec![]));
    assert_eq!(found(&["--level", "coherence"]), (1, vec!["E0405".to_string()]));
    let rules = (1, vec!["E0501".to_string(), "E0405".to_string()]);
    assert_eq!(found(&["--level", "rules"]), rules);
    assert_eq!(found(&[]), rules);
}

#[test]
fn help_shows_examples() {
    let o = run_in(Path::new("."), &["check", "--help"], b"");
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("Examples:"));
    assert!(stdout(&o).contains("--position-encoding"));
    let o = run_in(Path::new("."), &["--help"], b"");
    assert!(stdout(&o).contains("cescacs check corpus/"));
}

#[cfg(unix)]
#[test]
fn uris_keep_the_bytes_of_non_utf8_file_names() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("names", &[]);
    let name = std::ffi::OsStr::from_bytes(b"caf\xE9 1.ctl-pgn");
    fs::write(dir.join(name), ERROR).expect("write the file");
    let o = run_in(&dir, &["check", "--format", "json", "."], b"");
    let value = json(&o);
    let uri = value["files"][0]["uri"].as_str().expect("uri");
    assert!(uri.ends_with("/names/caf%E9%201.ctl-pgn"), "{uri}");
    assert_eq!(codes(&value, 0), ["E0206"]);
}

/// A game with an error (`x` for a capture) after a comment with multibyte characters, so that
/// columns in bytes, UTF-16 units and characters differ; some games have CRLF line ends.
fn big_file(games: usize) -> String {
    (1..=games)
        .map(|n| {
            let eol = if n % 7 == 0 { "\r\n" } else { "\n" };
            let capture = if n % 250 == 0 { "x" } else { "×" };
            format!(
                "[Variant \"C'escacs\"]{eol}[Event \"Moià {n}\"]{eol}{{ game {n}: ∞ … \u{1fa50} }} \
                 1. E7-E13, E21-E15{eol}2. F8-F12, F20-F16 3. E13{capture}F16: *{eol}{eol}"
            )
        })
        .collect()
}

#[test]
fn positions_deep_in_a_big_file_are_those_of_the_whole_file() {
    use ctl_pgn::render::{LineIndex, PositionEncoding};
    let text = big_file(1200);
    let dir = scratch("big", &[("big.ctl-pgn", text.as_bytes())]);
    let o = run_in(&dir, &["check", "--level", "syntax", "--format", "jsonl", "big.ctl-pgn"], b"");
    let lines: Vec<Value> =
        stdout(&o).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 4, "{}", stderr(&o));
    let index = LineIndex::new(&text);
    let xs: Vec<usize> = text.match_indices("E13xF16").map(|(at, _)| at + 3).collect();
    for (d, at) in lines.iter().zip(&xs) {
        assert_eq!(d["code"], "E0206");
        assert_eq!(d["data"]["span"]["start"], *at);
        let p = index.position(*at, PositionEncoding::Utf16);
        assert_eq!(d["range"]["start"]["line"], p.line);
        assert_eq!(d["range"]["start"]["character"], p.character);
    }
    assert_eq!(lines[3]["data"]["game"], 1000);
    assert_eq!(lines[3]["data"]["ply"], 5);
    // Text: the header and the margin give the line of the whole file.
    let o = run_in(&dir, &["check", "--level", "syntax", "big.ctl-pgn"], b"");
    let at = index.line_col(xs[3]);
    assert!(stdout(&o).contains(&format!(",-[ big.ctl-pgn:{at} ]")), "{at}\n{}", stdout(&o));
    assert!(stdout(&o).contains(&format!("\n {} | 2. F8-F12", at.line)), "{}", stdout(&o));
}

#[test]
fn one_thread_and_many_give_the_same_output() {
    // More than one batch of games, several files, errors and warnings.
    let big = big_file(9000);
    let dir = scratch(
        "jobs",
        &[
            ("a.ctl-pgn", big.as_bytes()),
            ("b.ctl-pgn", ERROR.as_bytes()),
            ("c.ctl-pgn", WARNING.as_bytes()),
        ],
    );
    assert!(big.len() > 1 << 20);
    for format in ["text", "json", "jsonl"] {
        let run = |jobs: &str| {
            run_in(&dir, &["check", "--level", "syntax", "--format", format, "-j", jobs, "."], b"")
        };
        let one = run("1");
        let three = run("3");
        assert_eq!(code(&one), 1);
        assert!(!one.stdout.is_empty());
        assert_eq!(one.stdout, three.stdout, "{format}");
        assert_eq!(code(&three), 1);
    }
}

#[test]
fn invalid_utf8_in_a_later_game_is_placed_in_the_file() {
    let mut bytes = b"\xEF\xBB\xBF[Variant \"C'escacs\"]\n1. E7-E13: *\n".to_vec();
    bytes.extend_from_slice(b"[Variant \"C'escacs\"]\n1. E7-E13: *\n[Variant \"C'escacs\"]\n");
    let bad = bytes.len() + 4;
    bytes.extend_from_slice(b"{ Mo\xC3 } 1. E7-E13: *\n");
    let dir = scratch("utf8-later", &[("l.ctl-pgn", &bytes)]);
    let o = run_in(&dir, &["check", "--format", "json", "l.ctl-pgn"], b"");
    let value = json(&o);
    assert_eq!(codes(&value, 0), ["E0001"]);
    let d = &value["files"][0]["diagnostics"][0];
    assert_eq!(d["data"]["span"], serde_json::json!({"start": bad, "end": bad + 1}));
    assert_eq!(d["data"]["game"], 3);
    assert_eq!(d["range"]["start"], serde_json::json!({"line": 5, "character": 4}));
    let o = run_in(&dir, &["check", "l.ctl-pgn"], b"");
    assert!(stdout(&o).contains(",-[ l.ctl-pgn:6:5 ]"), "{}", stdout(&o));
    assert!(stdout(&o).contains(" 6 | { Mo? } 1. E7-E13: *"), "{}", stdout(&o));
}

/// The streamed check (game by game, file positions kept per game) prints exactly what the
/// whole-file rendering of the corpus goldens holds.
#[test]
fn the_streamed_check_prints_the_corpus_goldens() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut names: Vec<String> = fs::read_dir(root.join("corpus/invalid"))
        .expect("the corpus")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ctl-pgn"))
        .collect();
    names.sort();
    assert!(names.len() >= 4);
    for name in names {
        let path = format!("corpus/invalid/{name}");
        let golden =
            fs::read_to_string(root.join(&path).with_extension("diagnostics")).expect("the golden");
        for jobs in ["1", "2"] {
            let o = run_in(&root, &["check", "--color", "never", "-j", jobs, &path], b"");
            assert_eq!(stdout(&o), golden, "{path} with {jobs} threads");
        }
    }
}

/// A selection checks only the games selected, and reports them as the whole file's check
/// does: the same spans, lines, columns and game numbers.
#[test]
fn a_selection_reports_its_games_as_the_whole_file_does() {
    let game =
        |white: &str, body: &str| body.replacen('\n', &format!("\n[White \"{white}\"]\n"), 1);
    let mut bytes = game("Puig, Anna", CLEAN).into_bytes();
    bytes.extend(game("Ros, Xus", ERROR).bytes());
    bytes.extend(game("Puig, Pere", WARNING).bytes());
    bytes.extend(b"[Variant \"C'escacs\"]\n[White \"Puig, Pau\"]\n{ Mo\xC3 } 1. E7xE13: *\n");
    let dir = scratch("selection", &[("s.ctl-pgn", &bytes)]);
    let check = |args: &[&str]| {
        let mut all = vec!["check", "--format", "json"];
        all.extend(args);
        all.push("s.ctl-pgn");
        let o = run_in(&dir, &all, b"");
        (json(&o)["files"][0]["diagnostics"].as_array().cloned().unwrap_or_default(), o)
    };
    let (whole, _) = check(&[]);
    let of = |games: &[u64]| -> Vec<Value> {
        whole
            .iter()
            .filter(|d| games.contains(&d["data"]["game"].as_u64().unwrap()))
            .cloned()
            .collect()
    };
    assert!(!of(&[2]).is_empty() && !of(&[3]).is_empty() && !of(&[4]).is_empty());
    for (args, games) in [
        (&["--game", "2"][..], &[2][..]),
        (&["--game", "4"], &[4]),
        (&["--where", "White=Puig*"], &[1, 3, 4]),
        (&["--where", "White=Puig, P*", "--game", "3"], &[3]),
    ] {
        let (found, o) = check(args);
        assert_eq!(found, of(games), "{args:?}");
        let counted = format!("1 file, {}", if games.len() == 1 { "1 game" } else { "3 games" });
        assert!(stderr(&o).starts_with(&counted), "{args:?}: {}", stderr(&o));
    }
    // The text reports are the whole file's, lines and all.
    let whole = run_in(&dir, &["check", "--color", "never", "s.ctl-pgn"], b"");
    let fourth = run_in(&dir, &["check", "--color", "never", "--game", "4", "s.ctl-pgn"], b"");
    assert_eq!(code(&fourth), 1);
    assert!(stdout(&fourth).contains(",-[ s.ctl-pgn:15:5 ]"), "{}", stdout(&fourth));
    assert!(stdout(&whole).ends_with(stdout(&fourth)), "{}", stdout(&fourth));
    // A selection of nothing says so.
    let o = run_in(&dir, &["check", "--where", "Black=*", "s.ctl-pgn"], b"");
    assert_eq!(code(&o), 0);
    assert!(stderr(&o).contains("warning: no game of `s.ctl-pgn` (4 in all) is selected"));
    assert!(stderr(&o).contains("1 file, 0 games"), "{}", stderr(&o));
    let o = run_in(&dir, &["check", "--game", "9", "s.ctl-pgn"], b"");
    assert!(stderr(&o).contains("`s.ctl-pgn` has 4 game(s), no game 9"), "{}", stderr(&o));
}
