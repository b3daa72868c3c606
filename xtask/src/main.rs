//! `cargo xtask`: project automation that is not part of the shipped tools.
//!
//! Wired by `.cargo/config.toml` (`[alias] xtask = "run --package xtask --"`), in the style of
//! rust-analyzer. Tasks arrive with the issues that need them; `cargo xtask help` lists what exists.
#![forbid(unsafe_code)]

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <TASK>

Tasks:
  help    print this help

Planned (each lands with its issue): corpus (round trip of corpus/), gen (random legal games),
bench-report (throughput on a large generated corpus).
";

fn main() -> ExitCode {
    let task = std::env::args().nth(1);
    match task.as_deref() {
        None | Some("help" | "--help" | "-h") => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("error: unknown task `{other}`\n\n{HELP}");
            ExitCode::from(2)
        }
    }
}
