//! What the module says of a text it cannot read: `CescacsError` and its `Diagnostic`s, as
//! `cescacs check --format json` gives them (columns in characters), and the readings of the
//! options every class takes (a dialect's name, a text as `str` or bytes).

use cescacs_toolkit::read::{JsonOptions, URI, json_of};
use cescacs_toolkit::{JsonDiagnostic, PositionEncoding, names};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

create_exception!(
    cescacs,
    CescacsError,
    PyValueError,
    "A text the toolkit cannot read: its `diagnostics` say what and where."
);

/// One problem found in a text: its code, severity, message, where it is and how to fix it.
#[pyclass(frozen, module = "cescacs")]
#[derive(Clone)]
pub(crate) struct Diagnostic {
    /// The stable code, e.g. `E0501` (docs/diagnostics.md).
    #[pyo3(get)]
    code: String,
    /// `"error"` or `"warning"`.
    #[pyo3(get)]
    severity: String,
    /// What was expected and what was found.
    #[pyo3(get)]
    message: String,
    /// 1-based line.
    #[pyo3(get)]
    line: usize,
    /// 1-based column, in characters.
    #[pyo3(get)]
    column: usize,
    /// Byte offset where the span starts.
    #[pyo3(get)]
    start: usize,
    /// Byte offset where the span ends.
    #[pyo3(get)]
    end: usize,
    /// Help lines.
    #[pyo3(get)]
    help: Vec<String>,
    /// Fixes: (start, end, replacement), byte offsets.
    #[pyo3(get)]
    fixes: Vec<(usize, usize, String)>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!("<Diagnostic {} {}:{} {}>", self.code, self.line, self.column, self.message)
    }

    fn __str__(&self) -> String {
        format!("{}:{}: {} {}", self.line, self.column, self.code, self.message)
    }
}

/// How the toolkit gives diagnostics to Python: columns in characters.
pub(crate) fn json() -> JsonOptions {
    JsonOptions { uri: URI.to_string(), encoding: PositionEncoding::Utf32 }
}

impl From<JsonDiagnostic> for Diagnostic {
    /// A diagnostic as `cescacs check --format json --position-encoding utf-32` gives it.
    fn from(d: JsonDiagnostic) -> Diagnostic {
        let severity = if d.severity == 1 { "error" } else { "warning" };
        Diagnostic {
            code: d.code,
            severity: severity.to_string(),
            message: d.message,
            line: d.range.start.line as usize + 1,
            column: d.range.start.character as usize + 1,
            start: d.data.span.start,
            end: d.data.span.end,
            help: d.data.help,
            fixes: d
                .data
                .fixes
                .into_iter()
                .map(|f| (f.span.start, f.span.end, f.replacement))
                .collect(),
        }
    }
}

/// A `CescacsError` carrying `found`, with the first error as its message.
pub(crate) fn error(py: Python<'_>, found: Vec<JsonDiagnostic>) -> PyErr {
    let diagnostics: Vec<Diagnostic> = found.into_iter().map(Diagnostic::from).collect();
    let first = diagnostics
        .iter()
        .find(|d| d.severity == "error")
        .or(diagnostics.first())
        .map_or_else(|| "unreadable".to_string(), Diagnostic::__str__);
    let err = CescacsError::new_err(first);
    // Setting an attribute of a fresh exception object does not fail.
    let _ = err.value(py).setattr("diagnostics", diagnostics);
    err
}

/// The diagnostics of a small text read whole (a PDTL, a move).
pub(crate) fn located(
    text: &str,
    diagnostics: &[cescacs_toolkit::Diagnostic],
) -> Vec<JsonDiagnostic> {
    json_of(diagnostics, text, &json())
}

pub(crate) fn dialect(name: &str) -> PyResult<cescacs_toolkit::Dialect> {
    names::dialect(name).map_err(PyValueError::new_err)
}

/// A text given as `str` or as the bytes of a file.
pub(crate) fn text_bytes(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = text.downcast::<PyString>() {
        Ok(s.extract::<String>()?.into_bytes())
    } else if let Ok(b) = text.downcast::<PyBytes>() {
        Ok(b.as_bytes().to_vec())
    } else {
        Err(PyTypeError::new_err("expected str or bytes"))
    }
}
