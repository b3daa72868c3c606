//! `cescacs fmt`: rewrite CTL-PGN files in the canonical export layout (docs/FORMAT.md).
//!
//! A file with syntax errors is never rewritten: its errors are reported and it is left as it
//! is, because the tree of a broken file may not hold everything the text says.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use ctl_an::Limits;
use ctl_pgn::convert::Converted;
use ctl_pgn::write::WriteOptions;

use crate::games;
use crate::input::{self, Input};
use crate::output::{self, plural};
use crate::write::in_place;

const EXAMPLES: &str = "\
Examples:
  cescacs fmt game.ctl-pgn            rewrite the file in the canonical layout (only if it changes)
  cescacs fmt corpus/                 every *.ctl-pgn file below corpus/
  cescacs fmt --check corpus/         list the files that are not canonical (exit 1 if any)
  cat game.ctl-pgn | cescacs fmt -    print the canonical text
  cescacs fmt --stdout --where 'White=Puig*' games.ctl-pgn   the games White played by a Puig
  cescacs fmt --stdout corpus/        every file below corpus/ as one canonical text

A selection (--game, --where) that selects no game is said in one warning line; it is not an
error.

A file is rewritten whole or not at all (through a temporary file, removed if the run is
interrupted): through a symbolic link, its target; hard links, owner, group and mode kept; a
read-only file is refused (status 2), as is any file that cannot be written.

Exit status: 0 done (or all canonical with --check), 1 syntax errors found (those files are left
untouched) or, with --check, files that would change, 2 bad usage or I/O failure.";

/// Rewrite CTL-PGN files in the canonical layout (files with syntax errors are left untouched).
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Change nothing: list the files that would change and exit 1 if there is any.
    #[arg(long)]
    pub check: bool,

    /// Write `*` for captures and `...` for an omitted move (keyboard characters only).
    #[arg(long)]
    pub ascii: bool,

    /// Print the canonical text instead of rewriting the files.
    #[arg(long)]
    pub stdout: bool,

    #[command(flatten)]
    pub max_errors: output::MaxErrors,

    #[command(flatten)]
    pub selection: games::Selection,

    /// Files, directories (searched for `*.ctl-pgn`), or `-` for standard input (printed).
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

/// Runs the command (see [`Args`] and the exit status in the examples).
pub fn run(args: Args) -> ExitCode {
    let options = WriteOptions { ascii: args.ascii };
    if !args.selection.is_all() && !args.stdout {
        output::error("`--game` and `--where` select games to print: add `--stdout`");
        return ExitCode::from(output::FAILURE);
    }
    let (inputs, path_errors) = input::collect(&args.paths);
    let mut io_failure = false;
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
        io_failure = true;
    }
    let (mut broken, mut changed) = (0, 0);
    let mut stdout = io::stdout().lock();
    let mut chooser = games::Chooser::new(&args.selection);
    // Games printed so far: the inputs printed one after the other are one canonical text.
    let mut printed = false;
    for input in &inputs {
        let mut cap = args.max_errors.cap();
        let done =
            games::rewrite(input, Limits::DEFAULT, options, &mut chooser, &mut cap, |file| {
                Converted { file, diagnostics: Vec::new() }
            });
        games::report_omitted(&input.display(), &cap);
        let (done, spool) = match done {
            Ok(done) => done,
            Err(e) => {
                output::error(output::cannot_read(input.display(), e));
                io_failure = true;
                continue;
            }
        };
        if done.broken {
            broken += 1;
            continue;
        }
        changed += usize::from(done.differs);
        let result = match input {
            Input::File(path) if args.check => {
                if done.differs {
                    writeln!(stdout, "would reformat: {}", output::name(path.display()))
                } else {
                    Ok(())
                }
            }
            Input::File(path) if !args.stdout => {
                if done.differs {
                    in_place::replace(path, |file| spool.copy_to(file)).and_then(|()| {
                        writeln!(
                            stdout,
                            "reformatted: {}{}",
                            output::name(path.display()),
                            notes(done.crlf, done.bom)
                        )
                    })
                } else {
                    Ok(())
                }
            }
            Input::Stdin if args.check => Ok(()),
            _ => {
                let separate = printed && !done.games.is_empty();
                printed |= !done.games.is_empty();
                if separate { stdout.write_all(b"\n") } else { Ok(()) }
                    .and_then(|()| spool.copy_to(&mut stdout))
            }
        };
        if let Err(e) = result {
            let in_place = matches!(input, Input::File(_) if !args.stdout && !args.check);
            if !in_place || output::reader_gone(&e) {
                return output::write_failed(output::STDOUT, &e);
            }
            output::error(output::cannot_write(input.display(), e));
            io_failure = true;
        }
    }
    if let Err(e) = stdout.flush() {
        return output::write_failed(output::STDOUT, &e);
    }
    chooser.finish();
    if broken > 0 {
        output::say(format_args!(
            "{} left untouched: syntax errors (`cescacs check` shows every problem)",
            plural(broken, "file", "files")
        ));
    }
    if args.check && changed > 0 {
        output::say(format_args!("{} would be reformatted", plural(changed, "file", "files")));
    }
    let problems = broken + if args.check { changed } else { 0 };
    output::exit_code(problems, io_failure)
}

/// What a rewrite changed besides the layout: ` (CRLF line ends changed to LF, byte-order
/// mark dropped)`, or nothing.
fn notes(crlf: bool, bom: bool) -> String {
    let notes: Vec<&str> =
        [crlf.then_some("CR line ends changed to LF"), bom.then_some("byte-order mark dropped")]
            .into_iter()
            .flatten()
            .collect();
    if notes.is_empty() { String::new() } else { format!(" ({})", notes.join(", ")) }
}
