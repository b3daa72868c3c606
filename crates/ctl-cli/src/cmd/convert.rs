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
    #[arg(long, value_name = "SPEC", value_parser = parse_spec,
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

/// The `Redefine` value of `--letters SPEC` as the user wrote it (its items in their order,
/// one space after each comma), with the value the converter writes for the same letters
/// (`to`'s canonical order): `None` for `standard`, `fan` and a value written canonically.
fn redefine_as_given(spec: &str, to: &Letters) -> Option<(String, String)> {
    let canonical = to.redefine_value()?;
    let given = spec.split(',').map(str::trim).collect::<Vec<_>>().join(", ");
    (given != canonical && !to.is_fan()).then_some((canonical, given))
}

/// `--letters SPEC`: the letters, and how they were written.
#[derive(Debug, Clone)]
pub struct LetterSpec {
    /// The letter table.
    pub letters: Letters,
    /// SPEC as given.
    pub written: String,
}

fn parse_spec(spec: &str) -> Result<LetterSpec, String> {
    Ok(LetterSpec { letters: parse_letters(spec)?, written: spec.to_string() })
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
    if args.app.from.is_some() && !args.selection.is_all() {
        output::error("`--from app` reads one game: `--game` and `--where` select CTL-PGN games");
        return ExitCode::from(output::FAILURE);
    }
    if args.app.from.is_some() || args.app.to.is_some() {
        return super::convert_app::run(&args.app, &args.file, &args.selection, args.max_errors);
    }
    let Some(LetterSpec { letters: to, written }) = args.letters else {
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
    let given = redefine_as_given(&written, &to);
    print(&paths, how, |file| {
        let mut converted = convert(&file, &to);
        if let Some((canonical, given)) = &given {
            for tag in converted.file.games.iter_mut().flat_map(|g| g.tags.iter_mut()) {
                if tag.name == "Redefine" && tag.value == *canonical {
                    tag.value.clone_from(given);
                }
            }
        }
        converted
    })
}

/// Where `filter` and `convert` write: standard output (the inputs one after the other, as one
/// canonical text), or one file per input in a folder (`-o DIR`).
#[derive(Debug, Clone, clap::Args)]
pub struct Destination {
    /// Write one file per input into this folder (created if needed), under the input's path
    /// below the folder it was found in (a file given by name: its name; `-`: `stdin.ctl-pgn`).
    /// Without it, the games of every input are printed on standard output, as one canonical
    /// text.
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
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

/// Reads every input named by `paths` piece by piece, transforms the games `how` selects and
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
    for input in &inputs {
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
        let mut done = match done {
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
                    let target = dir.join(split_name(input, &game));
                    if let Err(e) = write_game_file(&target, &mut done.spool, game.range) {
                        output::error(output::cannot_write(target.display(), e));
                        io_failure = true;
                    }
                }
            }
            Some(dir) => {
                let target = dir.join(input::relative_name(input, paths));
                if let Err(e) = write_new(&target, input, done.spool) {
                    output::error(output::cannot_write(target.display(), e));
                    io_failure = true;
                }
            }
            None => {
                let separate = printed && !done.games.is_empty();
                printed |= !done.games.is_empty();
                let written = if separate { stdout.write_all(b"\n") } else { Ok(()) }
                    .and_then(|()| done.spool.copy_to(&mut stdout))
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

/// The file name of one game of `filter --split`: the input's name, the game's number in it
/// and its players, `games-0003-Puig_Anna-Ros_Joan.ctl-pgn` (letters and digits kept, any
/// other run of characters written `_`).
fn split_name(input: &Input, game: &games::WrittenGame) -> String {
    let stem = match input {
        Input::Stdin => "stdin".to_string(),
        Input::File(path) => path
            .file_stem()
            .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned()),
    };
    let clean = |text: &str| {
        let mut out = String::new();
        for c in text.chars() {
            if c.is_alphanumeric() || c == '-' {
                out.push(c);
            } else if !out.ends_with('_') {
                out.push('_');
            }
        }
        out.trim_matches('_').chars().take(80).collect::<String>()
    };
    format!("{}-{:04}-{}.{}", clean(&stem), game.number, clean(&game.players), input::EXTENSION)
}

/// Writes the bytes `range` of `spool` to a new file `target` (its folder created if needed),
/// never over an existing file.
fn write_game_file(
    target: &Path,
    spool: &mut games::Spool,
    range: std::ops::Range<u64>,
) -> io::Result<()> {
    if let Some(parent) = target.parent() {
        fs::create_dir_all(parent)?;
    }
    let mut file = match fs::OpenOptions::new().write(true).create_new(true).open(target) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            return Err(io::Error::other("the file exists: not overwritten"));
        }
        other => other?,
    };
    spool.copy_range(range, &mut file)?;
    file.flush()
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
