//! `cescacs legal`: every legal move of a position, with its check mark.

use std::io::{self, Write};
use std::process::ExitCode;

use cescacs_board::{Letters, Position};

const EXAMPLES: &str = "\
Examples:
  cescacs legal start                                     the 68 legal first moves of White
  cescacs legal '/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1'   the legal moves of a PDTL position
  cescacs legal start | grep -c '^J'                      how many of them are Bishop moves

Exit status: 0 listed (an empty list is mate or stalemate), 1 the PDTL is not valid, 2 bad usage
or I/O failure.";

/// List the legal moves of a PDTL position, one per line in byte order, each with its check mark
/// (`+^`, `+∞`, `++`, `#`). An empty list means mate or stalemate (said on standard error).
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The PDTL string (quote it: it contains spaces), or `start` for the initial position.
    #[arg(value_name = "PDTL")]
    pub pdtl: String,
}

/// Runs the command: exit 0, or 1 when the PDTL is not valid, 2 on I/O errors.
pub fn run(args: Args) -> ExitCode {
    let text = super::pdtl_text(&args.pdtl, &Letters::standard());
    let Some(position) = super::pdtl::read_argument(&text) else {
        return ExitCode::from(1);
    };
    match print_moves(&position) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::output::write_failed(crate::output::STDOUT, &e),
    }
}

fn print_moves(position: &Position) -> io::Result<()> {
    let texts = cescacs_toolkit::position::legal_moves(position);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for t in &texts {
        writeln!(out, "{t}")?;
    }
    out.flush()?;
    if let Some(outcome) = position.outcome() {
        crate::output::say(format_args!("game over: {outcome}"));
    }
    Ok(())
}
