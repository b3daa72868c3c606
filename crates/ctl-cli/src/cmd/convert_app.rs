//! `cescacs convert --from app` / `--to app`: games of the official web app (docs/APP.md).
//! The readers and writers are `ctl_pgn::app`; this module only wires them to files.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cescacs_board::Diagnostic;
use ctl_pgn::app::{from_app, to_app};
use ctl_pgn::game::Game;

use crate::input::{self, Input};
use crate::output;

/// The formats other than CTL-PGN that `convert` reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The official web app's text: an optional PDTL line in its dialect, then its move list
    /// ("Show mvs" / "Load mvs").
    App,
}

/// The app options of `cescacs convert`.
#[derive(Debug, Clone, clap::Args)]
pub struct AppArgs {
    /// Read an app game (an optional first line with its PDTL, then `N. WHITE, BLACK` lines as
    /// "Show mvs" writes them) and write it as a canonical CTL-PGN game, replayed at the rules
    /// level.
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "to")]
    pub from: Option<Format>,

    /// Write each game's main line for the app: its PDTL line when it does not start from the
    /// initial position, then the move list "Load mvs" reads; games separated by a blank line.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Option<Format>,

    /// More files or folders (with `--letters`, or `--to app`).
    #[arg(value_name = "MORE")]
    pub more: Vec<PathBuf>,
}

/// Runs `--from app` or `--to app` on `file` (and `args.more`); with `--to app`, only game
/// `game` (from 1) of each file when given (`--game`).
pub fn run(args: &AppArgs, file: &Path, game: Option<usize>) -> ExitCode {
    if args.from.is_some() {
        return run_from(file);
    }
    let mut errors = 0;
    let mut failure = false;
    let mut first = true;
    let mut out = io::stdout().lock();
    for path in std::iter::once(file).chain(args.more.iter().map(PathBuf::as_path)) {
        match run_to(path, game, &mut first, &mut out) {
            Ok(n) => errors += n,
            Err(e) => {
                output::error(output::cannot_read(input_of(path).display(), e));
                failure = true;
            }
        }
    }
    output::exit_code(errors, failure)
}

fn input_of(path: &Path) -> Input {
    if path.as_os_str() == "-" { Input::Stdin } else { Input::File(path.to_path_buf()) }
}

fn render(name: &str, text: &str, diagnostics: &[Diagnostic]) {
    if diagnostics.is_empty() {
        return;
    }
    let color = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let shown = ctl_pgn::render::render_text(diagnostics, name, text, color);
    let _ = io::stderr().lock().write_all(shown.as_bytes());
}

fn run_from(file: &Path) -> ExitCode {
    let input = input_of(file);
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => {
            output::error(output::cannot_read(input.display(), e));
            return output::exit_code(0, true);
        }
    };
    let decoded = input::decode(bytes);
    let text = decoded.shown();
    let read = from_app(text);
    let mut diagnostics = decoded.diagnostics.clone();
    diagnostics.extend(read.diagnostics);
    render(&input.display(), text, &diagnostics);
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    if let Some(pgn) = read.text {
        if let Err(e) = io::stdout().lock().write_all(pgn.as_bytes()) {
            return output::write_failed(output::STDOUT, &e);
        }
    }
    output::exit_code(errors, false)
}

/// Writes the games of one file for the app; returns how many could not be written.
fn run_to(
    path: &Path,
    only: Option<usize>,
    first: &mut bool,
    out: &mut impl Write,
) -> io::Result<usize> {
    let input = input_of(path);
    let name = output::safe(&input.display()).into_owned();
    let decoded = input::decode(input.read()?);
    let text = decoded.shown();
    let parsed = ctl_an::parse_file(text);
    let mut errors = 0;
    for (i, syntax) in parsed.file.games.iter().enumerate() {
        if only.is_some_and(|n| n != i + 1) {
            continue;
        }
        let problems = ctl_pgn::app::syntax_errors(&parsed.diagnostics, syntax);
        if !problems.is_empty() {
            render(&name, text, &problems);
            eprintln!("{name}: game {}: not converted: syntax errors", i + 1);
            errors += problems.len();
            continue;
        }
        let game = Game::new(syntax.clone(), text);
        match to_app(&game) {
            Ok(app) => {
                if !*first {
                    out.write_all(b"\n")?;
                }
                *first = false;
                out.write_all(app.text().as_bytes())?;
                if !app.dropped.is_empty() {
                    eprintln!(
                        "{name}: game {}: the app's format cannot carry its {}: left out",
                        i + 1,
                        app.dropped.join(", ")
                    );
                }
            }
            Err(d) => {
                render(&name, text, std::slice::from_ref(&*d));
                eprintln!("{name}: game {}: not converted", i + 1);
                errors += 1;
            }
        }
    }
    if let Some(n) = only.filter(|&n| n == 0 || n > parsed.file.games.len()) {
        eprintln!("{name}: no game {n} (the file has {})", parsed.file.games.len());
        errors += 1;
    }
    Ok(errors)
}
