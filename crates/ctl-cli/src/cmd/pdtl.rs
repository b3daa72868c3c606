//! `cescacs pdtl`: read a PDTL position, show it, and print its canonical form.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use cescacs_board::Letters;
use cescacs_diagnostics::Diagnostic;
use cescacs_diagram::Diagram;
use ctl_pgn::render::ErrorCap;
use pdtl::Dialect;

use crate::input::Line;
use crate::output::{self, Failed};

const EXAMPLES: &str = "\
Examples:
  cescacs pdtl start                                     the initial position: diagram and PDTL
  cescacs pdtl '/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1'   a position: diagram and canonical PDTL
  cescacs pdtl --canonical --letters fan start           the canonical PDTL with FAN symbols
  cescacs pdtl --canonical - < positions.txt             one canonical PDTL (or error) per line

Exit status: 0 every position is valid, 1 a position is not, 2 bad usage or I/O failure.";

/// Read PDTL positions: draw the board and print the canonical PDTL.
///
/// With `-`, reads one PDTL per line from standard input and prints exactly one line per input
/// line that is not blank: the canonical PDTL, or `error: CODE message` (so that the output lines
/// up with the input). Full diagnostics go to standard error; for a single PDTL that is all, and
/// nothing is printed on standard output for an invalid one.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Piece letters for reading and writing: `standard`, `fan`, or a Redefine value such as
    /// "B@J, Q@D, W@V".
    #[arg(long, value_name = "SPEC", default_value = "standard", value_parser = cescacs_toolkit::convert::letters)]
    pub letters: Letters,

    /// Print only the canonical PDTL, without the diagram.
    #[arg(long)]
    pub canonical: bool,

    /// The dialect to read: `spec`, or `app` (what the official web app's "Get" button shows;
    /// its guesses are warnings, see docs/APP.md).
    #[arg(long, value_name = "DIALECT", default_value = "spec", value_parser = parse_dialect)]
    pub from: Dialect,

    /// The dialect to write: `spec` (canonical), or `app` (what the app's "Load new" reads).
    #[arg(long, value_name = "DIALECT", default_value = "spec", value_parser = parse_dialect)]
    pub to: Dialect,

    #[command(flatten)]
    pub max_errors: output::MaxErrors,

    /// The PDTL string (quote it: it contains spaces), `start` for the initial position, or `-`
    /// for one PDTL per line on stdin (where `start` is read too).
    #[arg(value_name = "PDTL|-", default_value = "-")]
    pub pdtl: String,
}

/// `spec` or `app`.
pub(crate) fn parse_dialect(name: &str) -> Result<Dialect, String> {
    match name {
        "spec" => Ok(Dialect::Spec),
        "app" => Ok(Dialect::App),
        other => Err(format!("expected `spec` or `app`, found `{other}`")),
    }
}

/// Reads one PDTL in the dialect of `--from`.
fn read(args: &Args, text: &str) -> pdtl::ReadOutput {
    match args.from {
        Dialect::Spec => pdtl::read(text, &args.letters),
        Dialect::App => pdtl::read_in(text, &args.letters, Dialect::App),
    }
}

/// Runs the command; exit 0 when every position is valid, 1 when one is not, 2 on I/O errors.
pub fn run(args: Args) -> ExitCode {
    let mut cap = args.max_errors.cap();
    let result =
        if args.pdtl == "-" { run_stdin(&args, &mut cap) } else { run_one(&args, &mut cap) };
    let name = if args.pdtl == "-" { STDIN } else { ARGUMENT };
    if let Some(line) = cap.omitted_line(name) {
        output::say_raw(&line);
    }
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(output::ERRORS),
        Err(Failed::Read(e)) => {
            output::error(output::cannot_read(STDIN, e));
            ExitCode::from(output::FAILURE)
        }
        Err(Failed::Write(e)) => output::write_failed(output::STDOUT, &e),
    }
}

/// The name of standard input in messages.
const STDIN: &str = "<stdin>";
/// The name of the PDTL argument in messages.
const ARGUMENT: &str = "<argument>";

fn run_one(args: &Args, cap: &mut ErrorCap) -> Result<bool, Failed> {
    let text = super::pdtl_text(&args.pdtl, &args.letters);
    let text = text.as_ref();
    let read = read(args, text);
    report(&read.diagnostics, ARGUMENT, text, cap);
    let mut out = io::stdout().lock();
    match &read.position {
        Some(position) => {
            if !args.canonical {
                writeln!(
                    out,
                    "{}",
                    Diagram::new(position).letters(args.letters.clone()).legend(true).to_text()
                )
                .map_err(Failed::Write)?;
            }
            writeln!(out, "{}", pdtl::write_in(position, &args.letters, args.to))
                .map_err(Failed::Write)?;
            Ok(true)
        }
        // The report on standard error is the whole answer: no second copy on standard output.
        None => Ok(false),
    }
}

fn run_stdin(args: &Args, cap: &mut ErrorCap) -> Result<bool, Failed> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut all_valid = true;
    let mut buf = Vec::new();
    let mut number = 0usize;
    loop {
        number += 1;
        match crate::input::read_line(&mut input, &mut buf, number) {
            Ok(Line::Read) => {}
            Ok(Line::End) => break,
            Err(e) => {
                // What was read before is answered; then the input is read no further.
                out.flush().map_err(Failed::Write)?;
                return Err(Failed::Read(e));
            }
        }
        // Invalid UTF-8 becomes U+FFFD, which the reader reports as an unknown letter in place.
        let line = String::from_utf8_lossy(&buf);
        if line.trim().is_empty() {
            continue; // a blank line is no position
        }
        let line = super::pdtl_text(&line, &args.letters);
        let read = read(args, &line);
        report(&read.diagnostics, &format!("<stdin line {number}>"), &line, cap);
        let answer = match &read.position {
            Some(position) => pdtl::write_in(position, &args.letters, args.to),
            None => {
                all_valid = false;
                error_line(&read.diagnostics)
            }
        };
        writeln!(out, "{answer}").map_err(Failed::Write)?;
    }
    out.flush().map_err(Failed::Write)?;
    Ok(all_valid)
}

/// `error: CODE message` for the first error, with the primary label in parentheses when it says
/// something the message does not (`F13 is not a hex: ...` under E0116).
fn error_line(diagnostics: &[Diagnostic]) -> String {
    let line = first_error(diagnostics);
    output::safe(&line).into_owned()
}

fn first_error(diagnostics: &[Diagnostic]) -> String {
    let Some(d) = diagnostics.iter().find(|d| d.is_error()) else {
        return "error: invalid PDTL".to_string();
    };
    match d.primary_label.as_deref().filter(|l| stands_alone(l) && !d.message.contains(l)) {
        Some(reason) => format!("error: {} {} ({reason})", d.code, d.message),
        None => format!("error: {} {}", d.code, d.message),
    }
}

/// Whether a label makes sense without the source under it: "the PDTL ends after this field"
/// points at the text and says nothing on a line of its own; a reason such as "F13 is not a hex"
/// does.
fn stands_alone(label: &str) -> bool {
    !label.split_whitespace().any(|w| matches!(w, "this" | "these" | "here"))
}

/// Reads a PDTL given as an argument (`legal`, `perft`) with the standard letters: its position,
/// or `None` when it has none. Its diagnostics are reported on standard error as `pdtl` reports
/// them, at most the default `--max-errors` of them.
pub(crate) fn read_argument(text: &str) -> Option<cescacs_board::Position> {
    let read = pdtl::read(text, &Letters::standard());
    let mut cap = ErrorCap::default();
    report(&read.diagnostics, ARGUMENT, text, &mut cap);
    if let Some(line) = cap.omitted_line(ARGUMENT) {
        output::say_raw(&line);
    }
    read.position
}

/// Reports the diagnostics of one PDTL on standard error, as many as `cap` admits (it counts
/// the others for its closing line): only those are rendered.
fn report(diagnostics: &[Diagnostic], path: &str, source: &str, cap: &mut ErrorCap) {
    let shown: Vec<Diagnostic> =
        diagnostics.iter().filter(|d| cap.admit(d.severity)).cloned().collect();
    if shown.is_empty() {
        return;
    }
    let color = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let text = ctl_pgn::render::render_text(&shown, path, source, color);
    output::say_raw(&text);
}
