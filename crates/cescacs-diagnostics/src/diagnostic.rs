//! The one diagnostic type of the workspace: plain data, rendered by `ctl-pgn` (ariadne text, JSON).
//!
//! It lives in the lowest crate so that every reader (PDTL, CTL-AN, CTL-PGN) reports problems the
//! same way; nothing here knows how diagnostics are displayed.

use core::fmt;
use core::ops::Range;

/// A half-open range of UTF-8 byte offsets into the text that was read.
///
/// ```
/// use cescacs_diagnostics::Span;
/// let s = Span::new(3, 7);
/// assert_eq!(s.len(), 4);
/// assert_eq!(&"abcdefghij"[s.range()], "defg");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    #[inline]
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The same span as a `Range`.
    #[inline]
    pub const fn range(self) -> Range<usize> {
        self.start..self.end
    }

    /// Length in bytes.
    #[inline]
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.end == self.start
    }

    /// The span moved `by` bytes to the right (for text read from inside a larger file).
    ///
    /// ```
    /// use cescacs_diagnostics::Span;
    /// // `x` at byte 4 of a PDTL value that starts at byte 10 of the file.
    /// assert_eq!(Span::new(4, 5).shift(10), Span::new(14, 15));
    /// ```
    #[inline]
    pub const fn shift(self, by: usize) -> Span {
        Span { start: self.start + by, end: self.end + by }
    }

    /// The smallest span covering both.
    ///
    /// ```
    /// use cescacs_diagnostics::Span;
    /// assert_eq!(Span::new(8, 10).join(Span::new(2, 4)), Span::new(2, 10));
    /// ```
    #[inline]
    pub fn join(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Span {
        Span { start: r.start, end: r.end }
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// How serious a diagnostic is.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Severity, Span};
/// let w = Diagnostic::warning("W0101", Span::new(0, 1), "expected 6 fields, found 5");
/// assert_eq!(w.severity, Severity::Warning);
/// assert!(!w.is_error());
/// assert_eq!(Severity::Error.to_string(), "error");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// The input is wrong: the file does not pass.
    Error,
    /// The input is accepted but deviates from the spec or from good practice.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// A secondary place a diagnostic points at, with its own message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What this place has to do with the problem (e.g. "while reading this move").
    pub message: String,
}

/// A machine-applicable fix: replace the text of `span` with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fix {
    /// The text to replace.
    pub span: Span,
    /// The new text.
    pub replacement: String,
}

/// A problem found in the input: a stable code, a severity, a message, where, and how to fix it.
///
/// Codes are stable (`E0001`…, `W0001`…) and listed in `docs/diagnostics.md`.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Severity, Span};
/// let d = Diagnostic::error("E0203", Span::new(4, 5), "expected a hex coordinate, found `x`")
///     .with_label(Span::new(0, 9), "while reading this move")
///     .with_help("captures are written `×` or `*`, never `x`")
///     .with_fix(Span::new(4, 5), "×");
/// assert_eq!(d.severity, Severity::Error);
/// assert_eq!(d.fixes[0].replacement, "×");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Diagnostic {
    /// Stable code such as `E0203`.
    pub code: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// One line saying what is wrong, e.g. "expected ..., found ...".
    pub message: String,
    /// The offending text.
    pub span: Span,
    /// The message shown at the primary span, when it adds to `message`.
    pub primary_label: Option<String>,
    /// Secondary places.
    pub labels: Vec<Label>,
    /// How to fix it, when that is obvious.
    pub help: Vec<String>,
    /// Background facts.
    pub notes: Vec<String>,
    /// Machine-applicable fixes.
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    /// Sorts diagnostics the one way every report shows them: by where they start, then where
    /// they end, then by code, so that the order does not depend on which check found each
    /// first.
    ///
    /// ```
    /// use cescacs_diagnostics::{Diagnostic, Span};
    /// let mut found = vec![
    ///     Diagnostic::error("E0508", Span::new(4, 7), "b"),
    ///     Diagnostic::error("E0410", Span::new(4, 7), "a"),
    ///     Diagnostic::warning("W0401", Span::new(0, 2), "c"),
    /// ];
    /// Diagnostic::sort(&mut found);
    /// let codes: Vec<_> = found.iter().map(|d| d.code).collect();
    /// assert_eq!(codes, ["W0401", "E0410", "E0508"]);
    /// ```
    pub fn sort(diagnostics: &mut [Diagnostic]) {
        diagnostics.sort_by(|a, b| {
            (a.span.start, a.span.end, a.code).cmp(&(b.span.start, b.span.end, b.code))
        });
    }

    /// A diagnostic with no labels, help, notes or fixes.
    pub fn new(
        code: &'static str,
        severity: Severity,
        span: Span,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            span,
            primary_label: None,
            labels: Vec::new(),
            help: Vec::new(),
            notes: Vec::new(),
            fixes: Vec::new(),
        }
    }

    /// An error.
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, Severity::Error, span, message)
    }

    /// A warning.
    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, Severity::Warning, span, message)
    }

    /// Sets the message shown at the primary span.
    pub fn with_primary_label(mut self, message: impl Into<String>) -> Diagnostic {
        self.primary_label = Some(message.into());
        self
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { span, message: message.into() });
        self
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help.push(help.into());
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Adds a machine-applicable fix.
    pub fn with_fix(mut self, span: Span, replacement: impl Into<String>) -> Diagnostic {
        self.fixes.push(Fix { span, replacement: replacement.into() });
        self
    }

    /// Moves every span `by` bytes to the right (for text read from inside a larger file).
    ///
    /// ```
    /// use cescacs_diagnostics::{Diagnostic, Span};
    /// let message = "expected a line number from 0 to 28, found 29";
    /// let d = Diagnostic::error("E0104", Span::new(1, 3), message)
    ///     .with_fix(Span::new(1, 3), "28");
    /// let in_file = d.shifted(6); // the PDTL starts at byte 6 of `[PDTL "/29:k/ ..."]`
    /// assert_eq!(in_file.span, Span::new(7, 9));
    /// assert_eq!(in_file.fixes[0].span, Span::new(7, 9));
    /// ```
    pub fn shifted(mut self, by: usize) -> Diagnostic {
        self.span = self.span.shift(by);
        for l in &mut self.labels {
            l.span = l.span.shift(by);
        }
        for f in &mut self.fixes {
            f.span = f.span.shift(by);
        }
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// One line: `error[E0203] 4..5: expected ...`, the message made
    /// [terminal-safe](crate::terminal::terminal_safe).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = crate::terminal::terminal_safe(&self.message);
        write!(f, "{}[{}] {}: {message}", self.severity, self.code, self.span)
    }
}

/// `n` with a comma every three digits, as messages write counts (`50,000,004`).
///
/// ```
/// use cescacs_diagnostics::grouped;
/// let cases = [(0, "0"), (999, "999"), (1_000, "1,000"), (50_000_004, "50,000,004")];
/// for (n, text) in cases {
///     assert_eq!(grouped(n), text);
/// }
/// ```
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
