//! `cescacs filter`: the collection tool. Selects games (by number, tags, player, result,
//! length, date, a position reached, no game twice), counts them or writes them, merged or one
//! file per game; by default stripped by the spec's pre-filter for minimal readers, or whole
//! with `--whole`. Always in the canonical layout.

use std::path::PathBuf;
use std::process::ExitCode;

use ctl_pgn::convert::Converted;

use super::convert::{Destination, How, print};
use crate::games::{Chooser, Criteria, Selection};

const EXAMPLES: &str = "\
Examples:
  cescacs filter game.ctl-pgn > plain.ctl-pgn   moves and tags only, standard letters
  cat game.ctl-pgn | cescacs filter             the same from standard input
  cescacs filter -o plain/ corpus/              one filtered file per input, under plain/
  cescacs filter --whole --player 'puig*' games/ > puig.ctl-pgn   every game a Puig played, whole
  cescacs filter --count --where 'Event=*open*|Site=Barcelona' games/   how many games match
  cescacs filter --count --where '!Result=*' games/   games without a Result tag
  cescacs filter --whole --unique games/ > once.ctl-pgn   each main line once (first kept)
  cescacs filter --count --reaches '/14:3k3/12:3N3/4:2R2/1:1K/' games/   games reaching it
  cescacs filter --whole --split -o one-per-game/ games.ctl-pgn   a file per game
  cescacs filter --whole --date-from 2024 --date-to 2024-06 --min-plies 20 games/

The pre-filter removes comments, variations, ratings and NAGs; keeps check marks, draw offers,
the final `:`, the result and every tag but `Redefine`; converts the piece letters (moves and
PDTL) to the standard ones. --whole keeps the games as they are (in the canonical layout).

Every condition given must hold. The games of several inputs are printed as one canonical text
(one blank line between games); with -o DIR, one file per input, or with --split one file per
game, named from the input, the game's number and its players (numbered when two would share a
name: `x-2.ctl-pgn`). Each file is written whole or not at all (a full disk stops the run), never
over an input (by any name: a symbolic or hard link), never through a symbolic link below DIR,
and never over a file already there unless --force is given.
A selection that selects no game is said in one warning line, and is not an error.

Exit status: 0 done (also when no game is selected), 1 errors in the input (syntax errors:
nothing written for that file; parts that could not be converted: written as they were), 2 bad
usage or I/O failure.";

/// Select games of files and folders, and print them for minimal readers (or whole).
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Write the games selected whole (comments, variations, ratings, letters as they are), in
    /// the canonical layout, instead of the pre-filter's minimal text.
    #[arg(long)]
    pub whole: bool,

    /// Print only how many games are selected.
    #[arg(long, conflicts_with_all = ["split", "output"])]
    pub count: bool,

    /// Write each game selected to its own file in the folder of `-o DIR`.
    #[arg(long, requires = "output")]
    pub split: bool,

    /// Write `*` for captures and `...` for an omitted move (keyboard characters only).
    #[arg(long)]
    pub ascii: bool,

    #[command(flatten)]
    pub max_errors: crate::output::MaxErrors,

    #[command(flatten)]
    pub to: Destination,

    #[command(flatten)]
    pub selection: Selection,

    #[command(flatten)]
    pub criteria: Criteria,

    /// Files, folders (searched for `*.ctl-pgn`), or `-` for standard input.
    #[arg(value_name = "PATH", default_value = "-")]
    pub paths: Vec<PathBuf>,
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let chooser = match Chooser::for_command(&args.selection, &args.criteria) {
        Ok(chooser) => chooser,
        Err(status) => return status,
    };
    let how = How {
        to: &args.to,
        ascii: args.ascii,
        max_errors: args.max_errors,
        chooser,
        split: args.split,
        count: args.count,
    };
    if args.whole {
        print(&args.paths, how, |file| Converted { file, diagnostics: Vec::new() })
    } else {
        print(&args.paths, how, |file| ctl_pgn::filter::filter(&file))
    }
}
