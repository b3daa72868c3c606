//! Issue 17: an endless input (`/dev/zero`) is cut at a limit with one clear error and exit 2,
//! never gathered until the allocator aborts: every command that reads games streams them and
//! stops at 64 MiB without a game boundary (`ctl_an::GAME_BYTES`).

use std::process::Command;

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

#[test]
fn dev_zero_is_one_error_and_status_2_in_every_command() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    for (args, says) in [
        (&["check"][..], "no game boundary in 64 MiB"),
        (&["check", "--format", "json"], "no game boundary in 64 MiB"),
        (&["fmt", "--stdout"], "no game boundary in 64 MiB"),
        (&["filter"], "no game boundary in 64 MiB"),
        (&["convert", "--letters", "fan"], "no game boundary in 64 MiB"),
        (&["replay"], "no game boundary in 64 MiB"),
    ] {
        let out = Command::new(BIN).args(args).arg("/dev/zero").output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(errors.len(), 1, "{args:?}: {err}");
        assert!(
            errors[0].starts_with("error: cannot read `/dev/zero`: ") && errors[0].contains(says),
            "{args:?}: {err}"
        );
    }
}

/// `pdtl -` reads a line of at most 1 MiB (`Limits::line_bytes`): an endless line is one
/// error and status 2, whatever the dialect, after the lines before it were answered.
#[test]
fn an_endless_pdtl_line_is_one_error_and_status_2() {
    let Ok(zero) = std::fs::File::open("/dev/zero") else { return };
    for args in [&["pdtl", "-"][..], &["pdtl", "--from", "app", "-"]] {
        let out = Command::new(BIN)
            .args(args)
            .stdin(zero.try_clone().expect("clone"))
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err,
            "error: cannot read `<stdin>`: line 1 is longer than 1 MiB, the most a line may \
             hold (`Limits::line_bytes`)\n",
            "{args:?}"
        );
    }
    // The lines before the long one are answered; a line of exactly 1 MiB is read (`start`
    // and blanks: cheap to read).
    let mut input = b"start\n".to_vec();
    input.extend(b"start");
    input.extend(std::iter::repeat_n(b' ', (1 << 20) - 5));
    input.extend(b"\r\nstart\n");
    input.extend(std::iter::repeat_n(b' ', (1 << 20) + 1));
    input.extend(b"\nstart\n");
    let out = common::run(&["pdtl", "--canonical", "-"], &input);
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("/28:")), "{lines:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error: cannot read `<stdin>`: line 4 is longer than 1 MiB"), "{err}");
}

/// Each `/` of a long placement is a diagnostic: what `pdtl` shows of them is capped by
/// `--max-errors` (100 by default), then one line counts the others; a PDTL past
/// `pdtl::MAX_BYTES` is one error, not read.
#[test]
fn pdtl_errors_are_capped_per_input() {
    let mut line = "/".repeat(16_000);
    line.push('\n');
    let out = common::run(&["pdtl", "-"], &line);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 1, "one answer a line");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 64 << 10, "{} bytes of reports for 16 KB", err.len());
    let last = err.lines().last().expect("a line");
    assert!(
        last.starts_with("<stdin>: ") && last.ends_with("`--max-errors 0` shows them all"),
        "{last}"
    );
    let shown = |args: &[&str]| {
        let out = common::run(args, "/////\n");
        String::from_utf8_lossy(&out.stderr).matches("] Error: ").count()
    };
    assert!(shown(&["pdtl", "--max-errors", "0", "-"]) > 2);
    assert_eq!(shown(&["pdtl", "--max-errors", "2", "-"]), 2);
    // The argument form too.
    let out = common::run(&["pdtl", "--max-errors", "2", &line[..2000]], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("] Error: ").count(), 2, "{err}");
    assert!(err.contains("<argument>: ") && err.contains("more diagnostics not shown"), "{err}");
    // Past the bound: one error, whatever the length.
    let long = "/".repeat(1 << 20);
    let out = common::run(&["pdtl", "-"], format!("{long}\n{long}\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("] Error: ").count(), 2, "{err}");
    assert_eq!(err.matches("[E0126]").count(), 2, "{err}");
}
