//! A real LSP client (pytest-lsp, from PyPI) drives `cescacs lsp` over standard input and output:
//! `tests/lsp_client/test_cescacs_lsp.py`.
//!
//! It needs python3 and pytest-lsp, which a Rust toolchain does not bring, so it is ignored by
//! `cargo test` (the harness reports it as ignored, not as passed) and run on purpose:
//! `cargo test -p ctl-cli --test lsp_client -- --ignored`, which `.ci/run` does after installing
//! the client. Run that way, a missing python3 or pytest-lsp is a failure, not a skip.

use std::process::Command;

#[test]
#[ignore = "needs python3 and pytest-lsp (python3 -m pip install pytest-lsp==1.0.1); .ci/run runs it"]
fn a_real_lsp_client_drives_the_server() {
    let probe = Command::new("python3").args(["-c", "import pytest_lsp"]).output();
    match probe {
        Err(e) => panic!("python3 cannot be run ({e}); the LSP client test needs it"),
        Ok(out) if !out.status.success() => panic!(
            "the Python package pytest-lsp is missing: install it with \
             `python3 -m pip install pytest-lsp==1.0.1` to run the LSP client test"
        ),
        Ok(_) => {}
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lsp_client");
    let out = Command::new("python3")
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", dir])
        .env("CESCACS_BIN", env!("CARGO_BIN_EXE_cescacs"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("pytest runs");
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the LSP client session failed:\n{text}");
    assert!(text.contains("4 passed"), "{text}");
}
