//! `cescacs filter`: the spec's pre-filter for minimal readers, printed in the canonical layout.

use std::path::PathBuf;
use std::process::ExitCode;

use super::convert::{Destination, How, print};

const EXAMPLES: &str = "\
Examples:
  cescacs filter game.ctl-pgn > plain.ctl-pgn   moves and tags only, standard letters
  cat game.ctl-pgn | cescacs filter             the same from standard input
  cescacs filter -o plain/ corpus/              one filtered file per input, under plain/

Removes comments, variations, ratings and NAGs; keeps check marks, draw offers, the final `:`,
the result and every tag but `Redefine`; converts the piece letters (moves and PDTL) to the
standard ones.

Exit status: 0 done, 1 errors in the input (syntax errors: nothing printed; parts that could not
be converted: printed as written), 2 bad usage or I/O failure.";

/// Print a file filtered for minimal readers: no comments, variations, ratings or Redefine.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Write `*` for captures and `...` for an omitted move (keyboard characters only).
    #[arg(long)]
    pub ascii: bool,

    #[command(flatten)]
    pub max_errors: crate::output::MaxErrors,

    #[command(flatten)]
    pub to: Destination,

    #[command(flatten)]
    pub selection: crate::games::Selection,

    /// Files, folders (searched for `*.ctl-pgn`), or `-` for standard input.
    #[arg(value_name = "PATH", default_value = "-")]
    pub paths: Vec<PathBuf>,
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let how = How {
        to: &args.to,
        ascii: args.ascii,
        max_errors: args.max_errors,
        selection: &args.selection,
    };
    print(&args.paths, &how, |file| ctl_pgn::filter::filter(&file))
}
