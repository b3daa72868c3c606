//! `cescacs convert`: rewrite a file's piece letters (standard, a Redefine set, or FAN).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cescacs_board::Letters;
use ctl_an::syntax::File;
use ctl_pgn::convert::{Converted, convert};
use ctl_pgn::write::{WriteOptions, write_file};

use super::fmt::{load, report};
use crate::input::Input;
use crate::output;

const EXAMPLES: &str = "\
Examples:
  cescacs convert --letters fan game.ctl-pgn             Unicode piece symbols
  cescacs convert --letters 'B@J, Q@D, W@V' game.ctl-pgn English letters
  cescacs convert --letters standard game.ctl-pgn        back to P E J N G R V D K

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

    /// The file, or `-` for standard input.
    #[arg(value_name = "FILE|-", default_value = "-")]
    pub file: PathBuf,

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
    if args.app.from.is_some() || args.app.to.is_some() {
        return super::convert_app::run(&args.app, &args.file);
    }
    let Some(to) = args.letters else {
        output::error("`--letters`, `--from app` or `--to app` is needed");
        return output::exit_code(0, true);
    };
    print(&args.file, args.ascii, args.max_errors, |file| convert(file, &to))
}

/// Reads one input, transforms its tree and prints it in the canonical layout: the shared body
/// of `convert` and `filter`.
pub(super) fn print(
    path: &Path,
    ascii: bool,
    max_errors: output::MaxErrors,
    transform: impl Fn(&File) -> Converted,
) -> ExitCode {
    let input =
        if path.as_os_str() == "-" { Input::Stdin } else { Input::File(path.to_path_buf()) };
    let loaded = match load(&input, max_errors.cap()) {
        Ok(l) => l,
        Err(e) => {
            output::error(output::cannot_read(input.display(), e));
            return output::exit_code(0, true);
        }
    };
    let Some(file) = loaded.file else {
        eprintln!("{}: not converted: syntax errors", output::safe(&input.display()));
        return output::exit_code(1, false);
    };
    let out = transform(&file);
    let text = String::from_utf8_lossy(&loaded.bytes);
    report(&input.display(), &text, &out.diagnostics, max_errors.cap());
    let written = write_file(&out.file, WriteOptions { ascii });
    let mut stdout = io::stdout().lock();
    if let Err(e) = stdout.write_all(written.as_bytes()).and_then(|()| stdout.flush()) {
        return output::write_failed(output::STDOUT, &e);
    }
    output::exit_code(out.diagnostics.iter().filter(|d| d.is_error()).count(), false)
}
