//! `cescacs`: check, format, convert and inspect C'escacs game files (CTL-PGN), moves (CTL-AN) and
//! positions (PDTL).
//!
//! Exit codes: 0 clean (warnings allowed), 1 errors found, 2 usage or I/O failure.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;

/// The C'escacs notation toolkit.
#[derive(Debug, Parser)]
#[command(name = "cescacs", version, about, long_about = None, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Read PDTL positions: draw the board and print the canonical PDTL.
    Pdtl(cmd::pdtl::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Pdtl(args) => cmd::pdtl::run(args),
    }
}
