//! Conventions shared by the subcommands: colour, exit codes, the wording of errors, the
//! progress bar.
//!
//! Every part of input text (a file name, an argument, a message quoting the input) that goes
//! to a human-readable output passes through [`safe`] (`cescacs_diagnostics::terminal::terminal_safe`),
//! so a file cannot drive the terminal of whoever checks it. JSON output is exact: JSON escapes
//! control characters itself.

use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// When to colour human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// When the output is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour a stream that is (or is not) a terminal.
    pub fn enabled(self, stream: &impl IsTerminal) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                stream.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// Exit status 0: nothing wrong (warnings allowed).
pub const CLEAN: u8 = 0;
/// Exit status 1: errors found in the input.
pub const ERRORS: u8 = 1;
/// Exit status 2: bad usage, or a file that could not be read or written.
pub const FAILURE: u8 = 2;

/// The exit code of a run that found `errors` errors and had (or not) an I/O failure.
pub fn exit_code(errors: usize, io_failure: bool) -> ExitCode {
    ExitCode::from(if io_failure {
        FAILURE
    } else if errors > 0 {
        ERRORS
    } else {
        CLEAN
    })
}

pub use cescacs_diagnostics::terminal::terminal_safe as safe;

/// Prints `error: MESSAGE` on standard error, the message made terminal-safe.
pub fn error(message: impl Display) {
    say(format_args!("error: {message}"));
}

/// Prints one line on standard error, made terminal-safe, the way every message of the CLI
/// reaches standard error: a standard error that is closed or fails is ignored (nothing is left
/// to say so on), so the command goes on and ends with its own status instead of a panic.
pub fn say(line: impl Display) {
    let mut line = safe(&line.to_string()).into_owned();
    line.push('\n');
    say_raw(&line);
}

/// Writes `text`, already terminal-safe (a rendered report, which may hold colour), on standard
/// error as it is; failures are ignored as in [`say`].
pub fn say_raw(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// A file name (or any name people see in a one-line message), terminal-safe and on one line:
/// [`safe`], with line feeds and tabs escaped too (`cescacs_diagnostics::terminal::one_line`).
pub fn name(name: impl Display) -> String {
    cescacs_diagnostics::terminal::one_line(&name.to_string()).into_owned()
}

/// A file name as a line of `check --output-format concise` starts with it, before
/// `:LINE:COL:`. A name holding none of `:`, `"`, `\` and nothing [`name`] escapes is written as
/// it is; any other is written between double quotes, with `\` and `"` escaped by a `\` and the
/// rest as [`name`] escapes it (a Rust string literal): no name can then pass for a place
/// (`c:1:2: E0002 x.ctl-pgn`) or start a line of its own.
pub fn concise_name(name: &str) -> String {
    let shown = cescacs_diagnostics::terminal::one_line(name);
    if matches!(shown, std::borrow::Cow::Borrowed(_)) && !name.contains([':', '"', '\\']) {
        return name.to_string();
    }
    let escaped = name.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{}\"", cescacs_diagnostics::terminal::one_line(&escaped))
}

/// The message of a file (or standard input) that could not be read: the same words in every
/// command.
pub fn cannot_read(name: impl Display, e: impl Display) -> String {
    format!("cannot read `{}`: {e}", self::name(name))
}

/// The message of a file (or standard output) that could not be written.
pub fn cannot_write(name: impl Display, e: impl Display) -> String {
    format!("cannot write `{}`: {e}", self::name(name))
}

/// The name people see for standard output in [`cannot_write`].
pub const STDOUT: &str = "<stdout>";

/// Whether a write failed because the reader went away (`cescacs check ... | head`): not a
/// failure of the command, which stops quietly.
pub fn reader_gone(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

/// The end of a command whose output to `name` failed, the same in every command: a reader that
/// stopped reading ([`reader_gone`]) ends it quietly with status 0 (what it wrote was read as
/// far as it was wanted); any other failure (a full disk: `/dev/full`) is reported, status 2.
pub fn write_failed(name: impl Display, e: &std::io::Error) -> ExitCode {
    if reader_gone(e) {
        return ExitCode::from(CLEAN);
    }
    error(cannot_write(name, e));
    ExitCode::from(FAILURE)
}

/// Writes what `write` makes to standard output (buffered), then ends the command: with
/// `status` when it was all written, else as [`write_failed`] ends it.
pub fn to_stdout(
    status: ExitCode,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> ExitCode {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => status,
        Err(e) => write_failed(STDOUT, &e),
    }
}

/// `value` as indented JSON and a line break: what the commands' `--format json` write when
/// the output is one document.
pub fn json_document(out: &mut dyn Write, value: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    out.write_all(b"\n")
}

/// Why a command stopped before its end: an input could not be read (or held more than a
/// reader takes), or its output could not be written ([`write_failed`] ends it).
#[derive(Debug)]
pub enum Failed {
    /// The input could not be read.
    Read(std::io::Error),
    /// Standard output could not be written.
    Write(std::io::Error),
}

/// `--max-errors N`: how many diagnostics of each file are shown, in every command that
/// reports them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct MaxErrors {
    /// Diagnostics shown per file (0: all); a last line says how many more there were.
    #[arg(long = "max-errors", value_name = "N", default_value_t = ctl_pgn::render::DEFAULT_MAX_DIAGNOSTICS)]
    pub max_errors: usize,
}

impl MaxErrors {
    /// A fresh cap for one file.
    pub fn cap(self) -> ctl_pgn::render::ErrorCap {
        ctl_pgn::render::ErrorCap::new(self.max_errors)
    }
}

/// `1 file`, `2 files`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether a run may show a progress bar: on standard error, only when it is a terminal, and
/// never when JSON goes to the same terminal (a bar between JSON lines would garble what people
/// copy). Text reports to a terminal are fine: the bar is cleared while they are written.
pub fn progress_allowed(stderr_is_terminal: bool, stdout_is_terminal: bool, json: bool) -> bool {
    stderr_is_terminal && !(stdout_is_terminal && json)
}

/// How long a run goes without a bar: short runs never flash one.
pub const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// A progress bar on standard error for long runs: bytes read of the total, files done.
///
/// It appears only when [`progress_allowed`] and once the run has taken [`PROGRESS_DELAY`];
/// [`Progress::suspend`] clears it while reports are written, and [`Progress::clear`] removes it
/// before the summary line.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    files: usize,
    shown: bool,
}

impl Progress {
    /// Progress over `files` files of `bytes` bytes in all (0 when unknown, e.g. standard
    /// input), for a run that started at `started`; `allowed` comes from [`progress_allowed`].
    pub fn new(allowed: bool, files: usize, bytes: u64, started: Instant) -> Progress {
        let bar = allowed.then(|| {
            let bar = ProgressBar::with_draw_target(Some(bytes), ProgressDrawTarget::hidden());
            let style = ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {binary_bytes}/{binary_total_bytes} {msg} (ETA {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar
        });
        Progress { bar, started, files, shown: false }
    }

    /// Records `bytes` more bytes read and `files` files done; shows the bar once it is due.
    pub fn advance(&mut self, bytes: u64, files_done: usize) {
        let Some(bar) = &self.bar else { return };
        bar.inc(bytes);
        bar.set_message(format!("{files_done}/{} files", self.files));
        if !self.shown && self.started.elapsed() >= PROGRESS_DELAY {
            bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(8));
            self.shown = true;
        }
    }

    /// Runs `write` with the bar cleared, then draws it again.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(write),
            _ => write(),
        }
    }

    /// Removes the bar, before anything else is written to standard error.
    pub fn clear(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_goes_to_a_terminal_and_never_between_json_on_it() {
        // (stderr is a terminal, stdout is a terminal, JSON output) -> shown
        let cases = [
            ((true, false, false), true),
            ((true, false, true), true),
            ((true, true, false), true),
            ((true, true, true), false),
            ((false, false, false), false),
            ((false, true, false), false),
            ((false, false, true), false),
        ];
        for ((stderr, stdout, json), shown) in cases {
            assert_eq!(progress_allowed(stderr, stdout, json), shown, "{stderr} {stdout} {json}");
        }
    }

    #[test]
    fn a_concise_name_is_quoted_when_it_could_pass_for_a_place() {
        assert_eq!(concise_name("games/a b.ctl-pgn"), "games/a b.ctl-pgn");
        assert_eq!(concise_name("<stdin>"), "<stdin>");
        assert_eq!(concise_name("c:1:2: E0002 x.ctl-pgn"), r#""c:1:2: E0002 x.ctl-pgn""#);
        assert_eq!(concise_name(r#"a"b\c.ctl-pgn"#), r#""a\"b\\c.ctl-pgn""#);
        assert_eq!(
            concise_name("a\nb:1:1: E0201 \x1b.ctl-pgn"),
            r#""a\u{a}b:1:1: E0201 \u{1b}.ctl-pgn""#
        );
        assert_eq!(concise_name("tab\there"), r#""tab\u{9}here""#);
    }

    #[test]
    fn a_short_run_shows_no_bar() {
        let mut p = Progress::new(true, 2, 100, Instant::now());
        p.advance(50, 1);
        assert!(!p.shown);
        let mut late = Progress::new(true, 2, 100, Instant::now() - PROGRESS_DELAY);
        late.advance(50, 1);
        assert!(late.shown);
        late.clear();
        let mut off = Progress::new(false, 2, 100, Instant::now() - PROGRESS_DELAY);
        off.advance(50, 1);
        assert!(!off.shown && off.bar.is_none());
    }
}
