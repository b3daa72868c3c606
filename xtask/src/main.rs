//! `cargo xtask`: project automation that is not part of the shipped tools.
//!
//! Wired by `.cargo/config.toml` (`[alias] xtask = "run --package xtask --"`), in the style of
//! rust-analyzer. Tasks arrive with the issues that need them; `cargo xtask help` lists what exists.
#![forbid(unsafe_code)]

use std::process::ExitCode;

#[path = "gen.rs"]
mod generate; // `gen` is a reserved word in edition 2024

const HELP: &str = "\
cargo xtask <TASK>

Tasks:
  help    print this help
  gen --seed S --games N --out DIR [--max-plies M]
          write N random legal games as CTL-PGN (one file each), reproducible from S

Planned (each lands with its issue): corpus (round trip of corpus/),
bench-report (throughput on a large generated corpus).
";

fn main() -> ExitCode {
    let task = std::env::args().nth(1);
    match task.as_deref() {
        None | Some("help" | "--help" | "-h") => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        Some("gen") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            match generate::parse_args(&args).and_then(|o| generate::run(&o)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(other) => {
            eprintln!("error: unknown task `{other}`\n\n{HELP}");
            ExitCode::from(2)
        }
    }
}
