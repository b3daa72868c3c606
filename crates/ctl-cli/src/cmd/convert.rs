//! `cescacs convert`: rewrite a file's piece letters (standard, a Redefine set, or FAN).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::str::FromStr;

use cescacs_toolkit::convert::LetterSpec;
use cescacs_toolkit::format::WrittenGame;
use ctl_an::Limits;
use ctl_an::syntax::File;
use ctl_pgn::convert::Converted;
use ctl_pgn::write::WriteOptions;

use crate::games;
use crate::input::{self, Input};
use crate::output;
use crate::write::{self, Outputs};

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

With -o DIR, each file is written whole or not at all (numbered, `x-2.ctl-pgn`, when two inputs
would share a name), never over an input (by any name: a symbolic or hard link), never through a
symbolic link below DIR, and never over a file already there unless --force is given.

Exit status: 0 done, 1 errors in the input (syntax errors: nothing printed; parts that could not
be converted: printed as written), 2 bad usage or I/O failure.";

/// Print a file with other piece letters: standard, FAN, or a Redefine set.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The letters to write: `standard`, `fan`, or a Redefine value such as "B@J, Q@D, W@V".
    #[arg(long, value_name = "SPEC", value_parser = LetterSpec::from_str,
          required_unless_present_any = ["from", "to"], conflicts_with_all = ["from", "to"])]
    pub letters: Option<LetterSpec>,

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

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    if args.app.from.is_some() && (!args.app.more.is_empty() || args.to.output.is_some()) {
        output::error("`--from app` reads one file and prints it");
        return ExitCode::from(output::FAILURE);
    }
    if args.app.to.is_some() && args.to.output.is_some() {
        output::error("`--to app` prints the games: `-o` does not apply (redirect the output)");
        return ExitCode::from(output::FAILURE);
    }
    if args.app.from.is_some() && !args.selection.is_all() {
        output::error("`--from app` reads one game: `--game` and `--where` select CTL-PGN games");
        return ExitCode::from(output::FAILURE);
    }
    if args.app.from.is_some() || args.app.to.is_some() {
        return super::convert_app::run(&args.app, &args.file, &args.selection, args.max_errors);
    }
    let Some(spec) = args.letters else {
        output::error("`--letters`, `--from app` or `--to app` is needed");
        return output::exit_code(0, true);
    };
    let paths: Vec<PathBuf> = std::iter::once(args.file).chain(args.app.more).collect();
    let how = How {
        to: &args.to,
        ascii: args.ascii,
        max_errors: args.max_errors,
        chooser: games::Chooser::new(&args.selection),
        split: false,
        count: false,
    };
    print(&paths, how, |file| spec.convert(file))
}

/// Where `filter` and `convert` write: standard output (the inputs one after the other, as one
/// canonical text), or one file per input in a folder (`-o DIR`).
#[derive(Debug, Clone, clap::Args)]
pub struct Destination {
    /// Write one file per input into this folder (created if needed), under the input's path
    /// below the folder it was found in (a file given by name: its name; `-`: `stdin.ctl-pgn`;
    /// numbered, `x-2.ctl-pgn`, when two inputs would share one). Without it, the games of
    /// every input are printed on standard output, as one canonical text.
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub force: write::Force,
}

/// How `filter` and `convert` write, besides what they do to a game.
pub(super) struct How<'a> {
    /// Where.
    pub to: &'a Destination,
    /// Keyboard characters only.
    pub ascii: bool,
    /// Diagnostics shown per file.
    pub max_errors: output::MaxErrors,
    /// Which games.
    pub chooser: games::Chooser,
    /// One file per game in the folder `to` (`filter --split`).
    pub split: bool,
    /// Print only how many games are selected (`filter --count`).
    pub count: bool,
}

/// Reads every input named by `paths` chunk by chunk, transforms the games `how` selects and
/// writes them in the canonical layout as `how` says: the shared body of `convert` and
/// `filter`. An input with syntax errors gets nothing written.
pub(super) fn print(
    paths: &[PathBuf],
    mut how: How<'_>,
    transform: impl Fn(File) -> Converted,
) -> ExitCode {
    let (to, ascii, max_errors) = (how.to, how.ascii, how.max_errors);
    let (inputs, path_errors) = input::collect(paths);
    let mut io_failure = false;
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
        io_failure = true;
    }
    let (mut errors, mut counted, mut printed) = (0, 0, false);
    let mut stdout = io::stdout().lock();
    let mut outputs = Outputs::new(&inputs, to.force);
    if let (Some(dir), false) = (&to.output, how.count) {
        if let Err(e) = fs::create_dir_all(dir) {
            output::error(format_args!(
                "cannot create the folder `{}`: {e}",
                output::name(dir.display())
            ));
            return ExitCode::from(output::FAILURE);
        }
    }
    'inputs: for input in &inputs {
        // The file of `-o DIR`, said before the input is read when it cannot be written.
        let mut target = None;
        if let (Some(dir), false, false) = (&to.output, how.split, how.count) {
            match output_file(dir, input, paths, &mut outputs) {
                Ok(path) => target = Some(path),
                Err((path, e)) => {
                    output::error(output::cannot_write(path.display(), e));
                    io_failure = true;
                    continue;
                }
            }
        }
        let mut cap = max_errors.cap();
        let name = input.display();
        let done = games::rewrite(
            input,
            Limits::DEFAULT,
            WriteOptions { ascii },
            &mut how.chooser,
            &mut cap,
            &transform,
        );
        games::report_omitted(&name, &cap);
        let (mut done, mut spool) = match done {
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
        counted += done.games.len();
        match &to.output {
            _ if how.count => {}
            Some(dir) if how.split => {
                for game in std::mem::take(&mut done.games) {
                    let target = outputs.name(dir, split_name(input, &game));
                    let written = outputs.write(&target, |out| spool.copy_range(game.range, out));
                    if let Err(e) = written {
                        output::error(output::cannot_write(target.display(), &e));
                        io_failure = true;
                        if write::stops_run(&e, "files") {
                            break 'inputs;
                        }
                    }
                }
            }
            Some(_) => {
                let Some(target) = target.take() else { continue };
                if let Err(e) = outputs.write(&target, |out| spool.copy_to(out)) {
                    output::error(output::cannot_write(target.display(), &e));
                    io_failure = true;
                    if write::stops_run(&e, "files") {
                        break 'inputs;
                    }
                }
            }
            None => {
                let separate = printed && !done.games.is_empty();
                printed |= !done.games.is_empty();
                let written = if separate { stdout.write_all(b"\n") } else { Ok(()) }
                    .and_then(|()| spool.copy_to(&mut stdout))
                    .and_then(|()| stdout.flush());
                if let Err(e) = written {
                    return output::write_failed(output::STDOUT, &e);
                }
            }
        }
    }
    how.chooser.finish();
    if how.count {
        if let Err(e) = writeln!(stdout, "{counted}").and_then(|()| stdout.flush()) {
            return output::write_failed(output::STDOUT, &e);
        }
    }
    output::exit_code(errors, io_failure)
}

/// The file of `-o DIR` for `input` (its path below the folder it was found in, its folders
/// made below `dir`, its name taken in `outputs`), checked: or the path and why it cannot be
/// written.
fn output_file(
    dir: &Path,
    input: &Input,
    paths: &[PathBuf],
    outputs: &mut Outputs,
) -> Result<PathBuf, (PathBuf, io::Error)> {
    let relative = input::relative_name(input, paths);
    let sub = relative.parent().unwrap_or(Path::new(""));
    let folder = write::target::folder_below(dir, sub).map_err(|e| (dir.join(&relative), e))?;
    let name = relative.file_name().unwrap_or(relative.as_os_str());
    let target = outputs.name(&folder, name);
    outputs.check(&target).map_err(|e| (target.clone(), e))?;
    Ok(target)
}

/// The file name of one game of `filter --split`: the input's name, the game's number in it
/// and its players, `games-0003-Puig_Anna-Ros_Joan.ctl-pgn` (each part as
/// [`write::name::part`] makes it).
fn split_name(input: &Input, game: &WrittenGame) -> String {
    let players = write::name::part(&game.players);
    let players = if players.is_empty() { String::new() } else { format!("-{players}") };
    format!("{}-{:04}{players}.{}", write::name::stem(input), game.number, input::EXTENSION)
}
