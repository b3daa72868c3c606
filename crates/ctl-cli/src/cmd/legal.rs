//! `cescacs legal`: every legal move of a position, with its check mark.

use std::io::{self, Write};
use std::process::ExitCode;

use cescacs_board::Position;

/// List the legal moves of a PDTL position, one per line in byte order, each with its check mark
/// (`+^`, `+∞`, `++`, `#`). An empty list means mate or stalemate (said on standard error).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The PDTL string (quote it: it contains spaces).
    #[arg(value_name = "PDTL")]
    pub pdtl: String,
}

/// Runs the command: exit 0, or 1 when the PDTL is not valid, 2 on I/O errors.
pub fn run(args: Args) -> ExitCode {
    let Some(position) = super::pdtl::read_argument(&args.pdtl) else {
        return ExitCode::from(1);
    };
    match print_moves(&position) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::output::write_failed(crate::output::STDOUT, &e),
    }
}

/// The legal moves' texts with check marks, sorted by byte order.
pub fn legal_texts(position: &Position) -> Vec<String> {
    let mut texts: Vec<String> =
        position.legal_moves().iter().map(|m| position.move_text_with_check(m)).collect();
    texts.sort();
    texts
}

fn print_moves(position: &Position) -> io::Result<()> {
    let texts = legal_texts(position);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for t in &texts {
        writeln!(out, "{t}")?;
    }
    out.flush()?;
    if let Some(outcome) = position.outcome() {
        eprintln!("game over: {outcome}");
    }
    Ok(())
}
