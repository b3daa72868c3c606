//! `cescacs convert --from app` / `--to app`: games of the official web app (docs/APP.md).
//! The readers and writers are `ctl_pgn::app`; this module only wires them to files.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cescacs_diagnostics::{Diagnostic, Severity};
use cescacs_toolkit::app::{self, AppGame};
use cescacs_toolkit::read::{JsonOptions, Parsed, Records};
use ctl_pgn::render::{ErrorCap, TextRenderer};

use crate::games;
use crate::input::{self, Input};
use crate::output::{self, Failed, MaxErrors};

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

/// Runs `--from app` on `file`, or `--to app` on `file` and `args.more` (files, folders, `-`),
/// writing the games `selection` selects. What it says on standard error is capped per file by
/// `max_errors`.
pub fn run(
    args: &AppArgs,
    file: &Path,
    selection: &games::Selection,
    max_errors: MaxErrors,
) -> ExitCode {
    if args.from.is_some() {
        return run_from(file, max_errors);
    }
    let paths: Vec<PathBuf> =
        std::iter::once(file.to_path_buf()).chain(args.more.clone()).collect();
    let (inputs, path_errors) = input::collect(&paths);
    let mut failure = !path_errors.is_empty();
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
    }
    let mut chooser = crate::games::Chooser::new(selection);
    let mut errors = 0;
    let mut first = true;
    let mut out = io::stdout().lock();
    for input in &inputs {
        let mut cap = max_errors.cap();
        let done = run_to(input, &mut chooser, &mut first, &mut out, &mut cap);
        games::report_omitted(&input.display(), &cap);
        match done {
            Ok(n) => errors += n,
            Err(Failed::Read(e)) => {
                output::error(output::cannot_read(input.display(), e));
                failure = true;
            }
            Err(Failed::Write(e)) => return output::write_failed(output::STDOUT, &e),
        }
    }
    chooser.finish();
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
    output::say_raw(&shown);
}

/// Reads an app game and writes it as CTL-PGN; its reports are capped by `max_errors`.
fn run_from(file: &Path, max_errors: MaxErrors) -> ExitCode {
    let input = input_of(file);
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => {
            output::error(output::cannot_read(input.display(), e));
            return output::exit_code(0, true);
        }
    };
    let read = app::from_app(bytes);
    let errors = read.diagnostics.iter().filter(|d| d.is_error()).count();
    let mut cap = max_errors.cap();
    let shown: Vec<Diagnostic> =
        read.diagnostics.into_iter().filter(|d| cap.admit(d.severity)).collect();
    render(&input.display(), read.decoded.shown(), &shown);
    games::report_omitted(&input.display(), &cap);
    if let Some(pgn) = read.text {
        if let Err(e) = io::stdout().lock().write_all(pgn.as_bytes()) {
            return output::write_failed(output::STDOUT, &e);
        }
    }
    output::exit_code(errors, false)
}

/// Writes the games of one input that `chooser` selects for the app, read game by game (memory
/// bounded by the largest game); returns how many could not be written. Reports and notes on
/// standard error are within `cap`.
fn run_to(
    input: &Input,
    chooser: &mut games::Chooser,
    first: &mut bool,
    out: &mut impl Write,
    cap: &mut ErrorCap,
) -> Result<usize, Failed> {
    let name = input.display();
    let color = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut errors = 0;
    chooser.start(input);
    let mut records = Records::new(input.open().map_err(Failed::Read)?, JsonOptions::default());
    while let Some(record) = records.next() {
        let record = record.map_err(Failed::Read)?;
        let Parsed::Game(game) = record.parse() else { continue };
        let number = game.number;
        let (last, chosen) =
            (game.last_of_chunk, chooser.choose(number, game.game.syntax(), &game.decoded.text));
        if chosen {
            let renderer = TextRenderer::at(&name, game.decoded.shown(), game.start, color);
            let show = |cap: &mut ErrorCap, d: &Diagnostic| {
                if cap.admit(d.severity) {
                    output::say_raw(&renderer.render(&d.clone().shifted(game.start.offset)));
                }
            };
            match app::to_app(&game) {
                AppGame::Written(app) => {
                    if !*first {
                        out.write_all(b"\n").map_err(Failed::Write)?;
                    }
                    *first = false;
                    out.write_all(app.text().as_bytes()).map_err(Failed::Write)?;
                    if !app.dropped.is_empty() {
                        note(
                            cap,
                            Severity::Warning,
                            format_args!(
                                "{name}: game {number}: the app's format cannot carry its {}: left out",
                                app.dropped.join(", ")
                            ),
                        );
                    }
                }
                AppGame::SyntaxErrors(problems) => {
                    for d in &problems {
                        show(cap, d);
                    }
                    note(
                        cap,
                        Severity::Error,
                        format_args!("{name}: game {number}: not converted: syntax errors"),
                    );
                    errors += problems.len();
                }
                AppGame::NotWritten(d) => {
                    show(cap, &d);
                    note(
                        cap,
                        Severity::Error,
                        format_args!("{name}: game {number}: not converted"),
                    );
                    errors += 1;
                }
            }
        }
        if last && chooser.done_after(number) {
            break;
        }
    }
    Ok(errors)
}

/// Says one line about a game on standard error, counted by `cap` as a diagnostic of `severity`
/// (a flood of them is capped as the reports are).
fn note(cap: &mut ErrorCap, severity: Severity, line: std::fmt::Arguments<'_>) {
    if cap.admit(severity) {
        output::say(line);
    }
}
