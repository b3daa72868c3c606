//! A real LSP client (pytest-lsp, from PyPI) drives `cescacs lsp` over standard input and output:
//! `tests/lsp_client/test_cescacs_lsp.py`.
//!
//! It needs python3 and pytest-lsp, which a Rust toolchain does not bring. Without them the test
//! is reported to the harness as ignored (not as passed), except when `CI` is set: then it fails,
//! so CI (whose `.ci/run` installs pytest-lsp and sets `CI`) cannot pass without running it.

use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

/// What is missing to run the client, if anything.
fn missing() -> Option<String> {
    match Command::new("python3").args(["-c", "import pytest_lsp"]).output() {
        Err(e) => Some(format!("python3 cannot be run ({e})")),
        Ok(out) if !out.status.success() => Some(
            "the Python package pytest-lsp is missing (python3 -m pip install pytest-lsp==1.0.1)"
                .to_string(),
        ),
        Ok(_) => None,
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trial = Trial::test("a_real_lsp_client_drives_the_server", drive);
    if let Some(why) = missing() {
        if std::env::var_os("CI").is_some() {
            trial = Trial::test("a_real_lsp_client_drives_the_server", move || {
                Err(format!("CI is set but the LSP client test cannot run: {why}").into())
            });
        } else {
            eprintln!("lsp_client: ignored: {why}");
            trial = trial.with_ignored_flag(true);
        }
    }
    libtest_mimic::run(&args, vec![trial]).exit();
}

fn drive() -> Result<(), Failed> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lsp_client");
    let out = Command::new("python3")
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", dir])
        .env("CESCACS_BIN", env!("CARGO_BIN_EXE_cescacs"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .map_err(|e| format!("pytest cannot be run: {e}"))?;
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        return Err(format!("the LSP client session failed:\n{text}").into());
    }
    if !text.contains("6 passed") {
        return Err(format!("expected the client's 6 tests to pass:\n{text}").into());
    }
    Ok(())
}
