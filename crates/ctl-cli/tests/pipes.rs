//! Issue 17: broken pipes and full disks, the same way in every command and format. A reader
//! that stops reading (`cescacs check ... | head -c 10`) ends the command quietly with status
//! 0; a full disk (`/dev/full`) is reported once, `cannot write `<stdout>`: ...`, status 2.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// Writes the fixture `name` with `text`, whole at once: the tests of this file run in
/// parallel and each writes the fixtures it reads, so a file written in place could be read
/// half-written by a command of another test. A rename replaces it in one step.
fn fixture(name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    static WRITES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pipes");
    std::fs::create_dir_all(&dir).expect("create the directory");
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let draft = dir.join(format!("{name}.{}.{n}.draft", std::process::id()));
    std::fs::write(&draft, text).expect("write");
    let path = dir.join(name);
    std::fs::rename(&draft, &path).expect("rename");
    path
}

/// A file of valid games, megabytes of canonical text.
fn games() -> PathBuf {
    let game = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/generated/gen-2026-00000.ctl-pgn"
    ))
    .expect("the corpus");
    fixture("games.ctl-pgn", format!("{game}\n").repeat(200))
}

/// A file with many errors: megabytes of reports with `--max-errors 0`.
fn errors() -> PathBuf {
    fixture("stars.ctl-pgn", "*\n".repeat(20_000))
}

fn pdtl_lines() -> Vec<u8> {
    let start = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1\n";
    start.repeat(20_000).into_bytes()
}

/// Every command that can write a lot, with what it reads.
fn commands() -> Vec<(Vec<String>, Vec<u8>)> {
    let (games, errors) = (games(), errors());
    let s = |items: &[&str]| items.iter().map(|a| (*a).to_string()).collect::<Vec<_>>();
    let path = |p: &Path| p.display().to_string();
    vec![
        ([s(&["check", "--max-errors", "0"]), vec![path(&errors)]].concat(), vec![]),
        (
            [s(&["check", "--max-errors", "0", "--format", "json"]), vec![path(&errors)]].concat(),
            vec![],
        ),
        (
            [s(&["check", "--max-errors", "0", "--format", "jsonl"]), vec![path(&errors)]].concat(),
            vec![],
        ),
        ([s(&["fmt", "--stdout"]), vec![path(&games)]].concat(), vec![]),
        ([s(&["filter"]), vec![path(&games)]].concat(), vec![]),
        ([s(&["convert", "--letters", "fan"]), vec![path(&games)]].concat(), vec![]),
        (s(&["pdtl", "-"]), pdtl_lines()),
    ]
}

fn spawn(args: &[String], stdin: Vec<u8>, stdout: Stdio) -> std::process::Child {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut input, &stdin);
    });
    child
}

#[test]
fn a_reader_that_stops_reading_ends_every_command_quietly_with_status_0() {
    for (args, stdin) in commands() {
        let mut child = spawn(&args, stdin, Stdio::piped());
        let mut head = [0u8; 10];
        child.stdout.take().expect("piped").read_exact(&mut head).expect("10 bytes");
        // The pipe's reading end is closed here, as `head -c 10` closes it.
        let out = child.wait_with_output().expect("the binary ends");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("error"), "{args:?} is not quiet: {err}");
    }
}

#[test]
fn a_full_disk_is_one_error_and_status_2() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not a Linux machine
    };
    for (args, stdin) in commands() {
        let child = spawn(&args, stdin, Stdio::from(full.try_clone().expect("clone")));
        let out = child.wait_with_output().expect("the binary ends");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(lines[0].starts_with("error: cannot write `<stdout>`: "), "{args:?}: {err}");
    }
}

/// Games with comments, which `convert --to app` leaves out, saying so on standard error for
/// each game.
fn commented_games() -> PathBuf {
    let game = "[Variant \"C'escacs\"]\n1. E7-E13: {a comment} *\n\n";
    fixture("commented.ctl-pgn", game.repeat(3_000))
}

/// Every command with what it reads, among them those that write much on standard error.
fn talkers() -> Vec<(Vec<String>, Vec<u8>)> {
    let (errors, commented) = (errors(), commented_games());
    let pages = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pipes").join("pages");
    let s = |items: &[&str]| items.iter().map(|a| (*a).to_string()).collect::<Vec<_>>();
    let path = |p: &Path| p.display().to_string();
    let mut all = commands();
    all.extend([
        ([s(&["fmt", "--stdout"]), vec![path(&errors)]].concat(), vec![]),
        ([s(&["replay", "--max-errors", "0"]), vec![path(&errors)]].concat(), vec![]),
        ([s(&["convert", "--to", "app"]), vec![path(&commented)]].concat(), vec![]),
        (
            [s(&["convert", "--to", "app", "--max-errors", "0"]), vec![path(&commented)]].concat(),
            vec![],
        ),
        (
            [s(&["html", "--force", "-o"]), vec![path(&pages), path(&errors), path(&commented)]]
                .concat(),
            vec![],
        ),
        (s(&["pdtl", "--max-errors", "0", "-"]), b"/ w\n".repeat(20_000)),
        (s(&["board", "start"]), vec![]),
        (s(&["legal", "start"]), vec![]),
        (s(&["perft", "--depth", "1", "start"]), vec![]),
    ]);
    all
}

/// `cescacs ... 2>&1 | head -0`, and a closed standard error alone: no command panics. With its
/// standard output gone a command stops quietly with status 0 (as when only standard output is
/// closed); with only standard error closed, its messages are lost and it ends as it would
/// have, with the same status.
#[test]
fn a_closed_standard_error_ends_every_command_quietly() {
    for (args, stdin) in talkers() {
        let open = spawn(&args, stdin.clone(), Stdio::null()).wait_with_output().expect("ends");
        assert_ne!(open.status.code(), Some(101), "{args:?}");
        let mut child = spawn(&args, stdin.clone(), Stdio::null());
        drop(child.stderr.take());
        let status = child.wait().expect("the binary ends");
        assert_eq!(status.code(), open.status.code(), "{args:?} with standard error closed");
        let mut child = spawn(&args, stdin, Stdio::piped());
        drop(child.stderr.take());
        drop(child.stdout.take());
        let status = child.wait().expect("the binary ends");
        assert!(
            status.code() == Some(0) || status.code() == open.status.code(),
            "{args:?} with both closed: {status:?}"
        );
    }
}
