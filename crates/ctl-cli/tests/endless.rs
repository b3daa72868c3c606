//! Issue 17: an endless input (`/dev/zero`) is cut at a limit with one clear error and exit 2,
//! never gathered until the allocator aborts: every command that reads games streams them and
//! stops at 64 MiB without a game boundary (`ctl_an::GAME_BYTES`).

use std::process::Command;

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
