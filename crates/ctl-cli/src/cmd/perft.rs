//! `cescacs perft`: count the leaf nodes of the legal-move tree (a test of the move generator).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use cescacs_board::{Letters, Position};

const EXAMPLES: &str = "\
Examples:
  cescacs perft 2                                                  4612 sequences of two plies
  cescacs perft --divide 2                                         the count below each first move
  cescacs perft --pdtl '/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1' 3   from a PDTL position

Exit status: 0 counted, 1 the PDTL is not valid, 2 bad usage or I/O failure.";

/// Count the move sequences of DEPTH legal moves from a position (the initial one by default).
///
/// The count alone is the last line of standard output; with `--divide` each first move comes
/// before it as `MOVE: COUNT`, in byte order. Timings go to standard error.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Start from this PDTL position instead of the initial one (`start` is the initial one).
    #[arg(long, value_name = "PDTL")]
    pub pdtl: Option<String>,

    /// Print the count below each first move.
    #[arg(long)]
    pub divide: bool,

    /// The number of plies.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
}

/// Runs the command: exit 0, or 1 when the PDTL is not valid, 2 on I/O errors.
pub fn run(args: Args) -> ExitCode {
    let position = match &args.pdtl {
        None => Position::initial(),
        Some(text) => {
            match super::pdtl::read_argument(&super::pdtl_text(text, &Letters::standard())) {
                Some(p) => p,
                None => return ExitCode::from(1),
            }
        }
    };
    match count(&position, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::output::write_failed(crate::output::STDOUT, &e),
    }
}

fn count(position: &Position, args: &Args) -> io::Result<()> {
    let start = Instant::now();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let total = if args.divide {
        let mut lines: Vec<(String, u64)> = position
            .perft_divide(args.depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            writeln!(out, "{m}: {n}")?;
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        position.perft(args.depth)
    };
    writeln!(out, "{total}")?;
    out.flush()?;
    let seconds = start.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 { total as f64 / seconds / 1e6 } else { 0.0 };
    crate::output::say(format_args!(
        "perft {}: {total} nodes in {seconds:.3} s ({rate:.1} M nodes/s)",
        args.depth
    ));
    Ok(())
}
