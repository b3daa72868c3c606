//! `cescacs convert`: rewrite a file's piece letters (standard, a Redefine set, or FAN).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cescacs_board::Letters;
use ctl_an::Limits;
use ctl_an::syntax::File;
use ctl_pgn::convert::{Converted, convert};
use ctl_pgn::write::WriteOptions;

use crate::games;
use crate::input::{self, Input};
use crate::output;

const EXAMPLES: &str = "\
Examples:
  cescacs convert --letters fan game.ctl-pgn             Unicode piece symbols
  cescacs convert --letters 'B@J, Q@D, W@V' game.ctl-pgn English letters
  cescacs convert --letters standard game.ctl-pgn        back to P E J N G R V D K
  cescacs convert --letters fan -o fan/ corpus/          one converted file per input, under fan/

  cescacs convert --from app moves.txt                   an app game (\"Show mvs\") as CTL-PGN
  cescacs convert --to app game.ctl-pgn                  a game for the app's \"Load mvs\"

Rewrites the piece letters of the moves, of `~X` references in comments and of the PDTL value,
and adds, changes or removes the `Redefine` tag (just before `PDTL`, else last).

Exit status: 0 done, 1 errors in the input (syntax errors: nothing printed; parts that could not
be converted: printed as written), 2 bad usage or I/O failure.";

/// Print a file with other piece letters: standard, FAN, or a Redefine set.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The letters to write: `standard`, `fan`, or a Redefine value such as "B@J, Q@D, W@V".
    #[arg(long, value_name = "SPEC", value_parser = parse_letters,
          required_unless_present_any = ["from", "to"], conflicts_with_all = ["from", "to"])]
    pub letters: Option<Letters>,

    /// Write `*` for captures and `...` for an omitted move (keyboard characters only).
    #[arg(long)]
    pub ascii: bool,

    #[command(flatten)]
    pub max_errors: output::MaxErrors,

    /// The file, a folder (searched for `*.ctl-pgn`), or `-` for standard input.
    #[arg(value_name = "PATH", default_value = "-")]
    pub file: PathBuf,

    #[command(flatten)]
    pub to: Destination,

    #[command(flatten)]
    pub selection: games::Selection,

    #[command(flatten)]
    pub app: super::convert_app::AppArgs,
}

fn parse_letters(spec: &str) -> Result<Letters, String> {
    match spec {
        "standard" => Ok(Letters::standard()),
        "fan" | "FAN" => Ok(Letters::fan()),
        value => Letters::from_redefine(value).map_err(|e| e.to_string()),
    }
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    if args.app.from.is_some() && (!args.app.more.is_empty() || args.to.output.is_some()) {
        output::error("`--from app` reads one file and prints it");
        return ExitCode::from(output::FAILURE);
    }
    if args.app.from.is_some() || args.app.to.is_some() {
        if !args.selection.filters.is_empty() {
            output::error("`--where` does not select app games: use `--game N`");
            return ExitCode::from(output::FAILURE);
        }
        let game = args.selection.game.map(|n| n as usize);
        return super::convert_app::run(&args.app, &args.file, game, args.max_errors);
    }
    let Some(to) = args.letters else {
        output::error("`--letters`, `--from app` or `--to app` is needed");
        return output::exit_code(0, true);
    };
    let paths: Vec<PathBuf> = std::iter::once(args.file).chain(args.app.more).collect();
    let how = How {
        to: &args.to,
        ascii: args.ascii,
        max_errors: args.max_errors,
        selection: &args.selection,
    };
    print(&paths, &how, |file| convert(&file, &to))
}

/// Where `filter` and `convert` write: standard output (one input), or one file per input in a
/// folder (`-o DIR`).
#[derive(Debug, Clone, clap::Args)]
pub struct Destination {
    /// Write one file per input into this folder (created if needed), under the input's path
    /// below the folder it was found in (a file given by name: its name; `-`: `stdin.ctl-pgn`).
    /// Without it, the one input is printed on standard output.
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
}

/// Reads every input named by `paths` piece by piece, transforms the games of each piece and
/// writes them in the canonical layout, one output per input: the shared body of `convert` and
/// `filter`. An input with syntax errors gets nothing written.
/// How `filter` and `convert` write, besides what they do to a game.
pub(super) struct How<'a> {
    /// Where.
    pub to: &'a Destination,
    /// Keyboard characters only.
    pub ascii: bool,
    /// Diagnostics shown per file.
    pub max_errors: output::MaxErrors,
    /// Which games.
    pub selection: &'a games::Selection,
}

pub(super) fn print(
    paths: &[PathBuf],
    how: &How<'_>,
    transform: impl Fn(File) -> Converted,
) -> ExitCode {
    let (to, ascii, max_errors) = (how.to, how.ascii, how.max_errors);
    let (inputs, path_errors) = input::collect(paths);
    let mut io_failure = false;
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
        io_failure = true;
    }
    if to.output.is_none() && inputs.len() + path_errors.len() > 1 {
        output::error(format!(
            "{} inputs and one standard output: give `-o DIR` to write one file per input",
            inputs.len() + path_errors.len()
        ));
        return ExitCode::from(output::FAILURE);
    }
    let mut errors = 0;
    let mut stdout = io::stdout().lock();
    for input in &inputs {
        let mut cap = max_errors.cap();
        let name = input.display();
        let done = games::rewrite(
            input,
            Limits::DEFAULT,
            WriteOptions { ascii },
            how.selection,
            &mut cap,
            &transform,
        );
        games::report_omitted(&name, &cap);
        let done = match done {
            Ok(done) => done,
            Err(e) => {
                output::error(output::cannot_read(&name, e));
                io_failure = true;
                continue;
            }
        };
        if done.broken {
            output::say(format_args!("{name}: not converted: syntax errors"));
            errors += 1;
            continue;
        }
        errors += done.errors;
        let Some(dir) = &to.output else {
            if let Err(e) = done.spool.copy_to(&mut stdout).and_then(|()| stdout.flush()) {
                return output::write_failed(output::STDOUT, &e);
            }
            continue;
        };
        let target = dir.join(input::relative_name(input, paths));
        if let Err(e) = write_new(&target, input, done.spool) {
            output::error(output::cannot_write(target.display(), e));
            io_failure = true;
        }
    }
    output::exit_code(errors, io_failure)
}

/// Writes `content` to `target`, creating its folder, never over the input it was made from.
fn write_new(target: &Path, from: &Input, content: games::Spool) -> io::Result<()> {
    if let (Input::File(source), Ok(existing)) = (from, target.canonicalize()) {
        if source.canonicalize().is_ok_and(|s| s == existing) {
            return Err(io::Error::other("it is the input itself"));
        }
    }
    if let Some(parent) = target.parent() {
        fs::create_dir_all(parent)?;
    }
    let mut file = fs::File::create(target)?;
    content.copy_to(&mut file)?;
    file.flush()
}
