//! What the command-line tests share: running the built `cescacs`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test.
const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// Runs `cescacs ARGS` with `stdin` as its input and colours off.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that stops at a usage error closes its input early: a broken pipe is no failure.
    let _ = child.stdin.take().expect("piped").write_all(stdin.as_ref());
    child.wait_with_output().expect("the binary finishes")
}
