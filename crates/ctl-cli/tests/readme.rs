//! The README's examples work when pasted: every `cescacs` line of its code blocks runs with the
//! built binary from the top of the checkout and exits with the status it documents (1 when its
//! comment says `exit status 1`, 0 otherwise). And every command's `--help` shows examples and the
//! exit status, with no PDTL cut short by a `...` placeholder.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The `cescacs` lines of the README's fenced code blocks, without their `#` comments, each with
/// the exit status it documents.
fn readme_lines(readme: &str) -> Vec<(String, i32)> {
    let mut lines = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if !in_block || !line.trim_start().starts_with("cescacs ") {
            continue;
        }
        let (command, comment) = match line.find(" # ") {
            Some(at) => (&line[..at], &line[at + 3..]),
            None => (line, ""),
        };
        let status = if comment.contains("exit status 1") { 1 } else { 0 };
        lines.push((command.trim().to_string(), status));
    }
    lines
}

/// A scratch folder that sees the checkout's top-level entries (symbolic links), so that the
/// README's relative paths resolve and the files its commands write (`-o start.svg`) land here.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cescacs-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(repo()).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name != "target" && name != ".git" {
            std::os::unix::fs::symlink(entry.path(), dir.join(name)).unwrap();
        }
    }
    dir
}

#[test]
fn every_cescacs_line_of_the_readme_runs_with_its_documented_status() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let lines = readme_lines(&readme);
    assert!(lines.len() >= 8, "the README's examples were not found: {lines:?}");
    let dir = scratch();
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut failures = Vec::new();
    for (line, expected) in &lines {
        assert!(!line.contains("..."), "a placeholder in the README: {line}");
        let out = Command::new("bash")
            .arg("-c")
            // A pipeline's status is its last command's: make a failure anywhere in it count.
            .arg(format!("set -o pipefail; {line}"))
            .current_dir(&dir)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let status = out.status.code();
        if status != Some(*expected) {
            failures.push(format!(
                "`{line}`: exit {status:?}, documented {expected}\n{}",
                String::from_utf8_lossy(&out.stderr).lines().take(8).collect::<Vec<_>>().join("\n")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "README lines that fail:\n{}", failures.join("\n\n"));
}

#[test]
fn the_readme_names_its_example_files_and_an_invalid_one() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let lines = readme_lines(&readme);
    assert!(lines.iter().any(|(l, s)| l.contains("corpus/valid/") && *s == 0));
    assert!(lines.iter().any(|(l, s)| l.contains("corpus/invalid") && *s == 1));
}

const COMMANDS: [&str; 13] = [
    "check",
    "fmt",
    "filter",
    "convert",
    "pdtl",
    "legal",
    "perft",
    "replay",
    "board",
    "html",
    "lsp",
    "standings",
    "tree",
];

#[test]
fn every_help_has_examples_and_the_exit_status_and_no_placeholder_pdtl() {
    for command in std::iter::once(None).chain(COMMANDS.map(Some)) {
        let mut cmd = Command::new(BIN);
        cmd.args(command).arg("--help");
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{command:?} --help failed");
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("Examples:"), "{command:?} --help has no examples:\n{help}");
        assert!(help.contains("Exit status"), "{command:?} --help has no exit status:\n{help}");
        assert!(!help.contains("/..."), "{command:?} --help cuts a PDTL short:\n{help}");
        let examples = &help[help.find("Examples:").unwrap()..];
        assert!(!examples.contains("<PDTL>"), "{command:?} --help: a placeholder PDTL:\n{help}");
    }
}

#[test]
fn start_is_a_pdtl_wherever_one_is_read() {
    let initial = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";
    let run = |args: &[&str]| {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&["pdtl", "--canonical", "start"]).trim_end(), initial);
    assert_eq!(run(&["legal", "start"]), run(&["legal", initial]));
    assert_eq!(run(&["legal", "start"]).lines().count(), 68);
    assert_eq!(run(&["perft", "--pdtl", "start", "2"]).trim_end(), "4612");
    assert_eq!(run(&["board", "start"]), run(&["board", initial]));
    let mut piped = Command::new(BIN)
        .args(["pdtl", "--canonical", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    piped.stdin.take().unwrap().write_all(b"start\n").unwrap();
    let out = piped.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim_end(), initial);
}
