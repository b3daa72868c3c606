//! `cescacs legal`: every legal move of a position, with its check mark.

use std::io::{self, Write};
use std::process::ExitCode;

use cescacs_board::{Letters, Position};

const EXAMPLES: &str = "\
Examples:
  cescacs legal start                                     the 68 legal first moves of White
  cescacs legal '/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1'   the legal moves of a PDTL position
  cescacs legal start | grep -c '^J'                      how many of them are Bishop moves
  cescacs legal start '/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1'   two lists, each ended by an empty line

Exit status: 0 listed (an empty list is mate or stalemate), 1 a PDTL is not valid, 2 bad usage or
I/O failure.";

/// List the legal moves of a PDTL position, one per line in byte order, each with its check mark
/// (`+^`, `+∞`, `++`, `#`). An empty list means mate or stalemate (said on standard error). With
/// several positions, each one's list is followed by an empty line (a script's many positions
/// in one run); a PDTL that is not valid is reported and its list left empty.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The PDTL string (quote it: it contains spaces), or `start` for the initial position.
    #[arg(value_name = "PDTL", required = true)]
    pub pdtl: Vec<String>,
}

/// Runs the command: exit 0, or 1 when a PDTL is not valid, 2 on I/O errors.
pub fn run(args: Args) -> ExitCode {
    let several = args.pdtl.len() > 1;
    let mut invalid = false;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for pdtl in &args.pdtl {
        let text = super::pdtl_text(pdtl, &Letters::standard());
        let listed = match super::pdtl::read_argument(&text) {
            Some(position) => print_moves(&mut out, &position),
            None => {
                invalid = true;
                Ok(())
            }
        };
        if let Err(e) = listed.and_then(|()| if several { writeln!(out) } else { Ok(()) }) {
            return crate::output::write_failed(crate::output::STDOUT, &e);
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::from(u8::from(invalid)),
        Err(e) => crate::output::write_failed(crate::output::STDOUT, &e),
    }
}

fn print_moves(out: &mut impl Write, position: &Position) -> io::Result<()> {
    let texts = cescacs_toolkit::position::legal_moves(position);
    for t in &texts {
        writeln!(out, "{t}")?;
    }
    // What is said on standard error follows what was listed before it.
    out.flush()?;
    if let Some(outcome) = position.outcome() {
        crate::output::say(format_args!("game over: {outcome}"));
    }
    Ok(())
}
