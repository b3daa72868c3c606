//! Conventions shared by the subcommands: colour, exit codes.

use std::io::IsTerminal;
use std::process::ExitCode;

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

/// `1 file`, `2 files`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A one-line count of files done on standard error, for long runs over many files.
///
/// It shows only when standard error is a terminal and standard output is not (so it never mixes
/// with reports), and only once the run has taken a second.
pub struct Progress {
    total: usize,
    started: std::time::Instant,
    enabled: bool,
    shown: bool,
}

impl Progress {
    /// Progress over `total` files of a run that started at `started`.
    pub fn new(total: usize, started: std::time::Instant) -> Progress {
        let enabled =
            total > 1 && std::io::stderr().is_terminal() && !std::io::stdout().is_terminal();
        Progress { total, started, enabled, shown: false }
    }

    /// Shows `done` files done, when due.
    pub fn update(&mut self, done: usize) {
        if self.enabled && self.started.elapsed().as_secs() >= 1 {
            eprint!("\r{done}/{} files", self.total);
            self.shown = true;
        }
    }

    /// Erases the line, before anything else is written to standard error.
    pub fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}
