//! How many diagnostics of one file are shown: output bounded by the input's worth, not by how
//! many times a hostile file can repeat a mistake.

use cescacs_diagnostics::Severity;

/// Diagnostics shown per file when nothing else is asked (`--max-errors`).
pub const DEFAULT_MAX_DIAGNOSTICS: usize = 100;

/// Shows the first `max` diagnostics of a file, in order, and counts the others.
///
/// `max` 0 means no cap. Counts are by severity, so that the closing line can say what was left
/// out ([`ErrorCap::omitted_line`]); the file's own totals (its summary) still count every
/// diagnostic.
///
/// ```
/// use cescacs_diagnostics::Severity;
/// use ctl_pgn::render::ErrorCap;
/// let mut cap = ErrorCap::new(2);
/// assert!(cap.admit(Severity::Error) && cap.admit(Severity::Warning));
/// assert!(!cap.admit(Severity::Error) && !cap.admit(Severity::Error));
/// assert_eq!(cap.omitted(), 2);
/// assert_eq!(
///     cap.omitted_line("a.ctl-pgn").as_deref(),
///     Some("a.ctl-pgn: 2 more diagnostics not shown (2 errors, 0 warnings); `--max-errors 0` shows them all\n"),
/// );
/// assert!(ErrorCap::new(0).admit(Severity::Error), "0: no cap");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErrorCap {
    max: usize,
    shown: usize,
    omitted_errors: usize,
    omitted_warnings: usize,
}

impl Default for ErrorCap {
    fn default() -> ErrorCap {
        ErrorCap::new(DEFAULT_MAX_DIAGNOSTICS)
    }
}

impl ErrorCap {
    /// A cap of `max` diagnostics per file; 0 for none.
    pub const fn new(max: usize) -> ErrorCap {
        ErrorCap { max, shown: 0, omitted_errors: 0, omitted_warnings: 0 }
    }

    /// The same cap for the next file: nothing shown or omitted yet.
    pub const fn fresh(self) -> ErrorCap {
        ErrorCap::new(self.max)
    }

    /// The most diagnostics shown per file (0: no cap).
    pub const fn max(&self) -> usize {
        self.max
    }

    /// How many more diagnostics may still be shown, `None` without a cap.
    pub fn room(&self) -> Option<usize> {
        (self.max > 0).then(|| self.max.saturating_sub(self.shown))
    }

    /// Whether the next diagnostic, of `severity`, is shown; counts it either way.
    pub fn admit(&mut self, severity: Severity) -> bool {
        if self.max == 0 || self.shown < self.max {
            self.shown += 1;
            return true;
        }
        match severity {
            Severity::Error => self.omitted_errors += 1,
            Severity::Warning => self.omitted_warnings += 1,
        }
        false
    }

    /// Counts `errors` and `warnings` left out without being looked at one by one (a chunk of
    /// the file that rendered only what could be shown).
    pub fn omit(&mut self, errors: usize, warnings: usize) {
        self.omitted_errors += errors;
        self.omitted_warnings += warnings;
    }

    /// How many diagnostics were left out.
    pub const fn omitted(&self) -> usize {
        self.omitted_errors + self.omitted_warnings
    }

    /// The closing line of a file's text report when diagnostics were left out, ending in a
    /// line break; the path is shown terminal-safe.
    pub fn omitted_line(&self, path: &str) -> Option<String> {
        (self.omitted() > 0).then(|| {
            format!(
                "{}: {} more {} not shown ({} {}, {} {}); `--max-errors 0` shows them all\n",
                cescacs_diagnostics::terminal::terminal_safe(path),
                self.omitted(),
                if self.omitted() == 1 { "diagnostic" } else { "diagnostics" },
                self.omitted_errors,
                if self.omitted_errors == 1 { "error" } else { "errors" },
                self.omitted_warnings,
                if self.omitted_warnings == 1 { "warning" } else { "warnings" },
            )
        })
    }
}
