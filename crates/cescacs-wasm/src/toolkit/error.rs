//! What a function of the toolkit gives instead of its value: [`ApiError`].

use cescacs_toolkit::JsonDiagnostic;
use serde::Serialize;

/// What went wrong when a function cannot give its value: a stable `code` (the kebab-case kinds
/// below, or a diagnostic code such as `E0103` for an invalid PDTL), a message, and the
/// diagnostics behind it, in the shape of `cescacs check --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApiError {
    /// `invalid-options`, `invalid-input` (not a text, or one that cannot be read),
    /// `syntax-errors` (a text that cannot be formatted, a game that cannot be rewritten),
    /// `too-large` (a result past [`RESULT_BYTES`](super::RESULT_BYTES) or
    /// [`REPLAY_BYTES`](super::REPLAY_BYTES)), `no-position` and `cannot-edit` (a move that
    /// [`add_move`](super::add_move) cannot add), or the code of the first error of an invalid
    /// PDTL or of a move that is not legal.
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// The diagnostics behind it (may be empty).
    pub diagnostics: Vec<JsonDiagnostic>,
}

impl ApiError {
    pub(crate) fn new(code: &str, message: String) -> ApiError {
        ApiError { code: code.into(), message, diagnostics: Vec::new() }
    }

    /// An error about the options given.
    pub fn options(message: impl Into<String>) -> ApiError {
        ApiError::new("invalid-options", message.into())
    }

    /// An error about the text given: not a text, or one that cannot be read.
    pub fn input(message: impl Into<String>) -> ApiError {
        ApiError::new("invalid-input", message.into())
    }

    /// A result too large to be given: `what` it is would take more than `limit` bytes of
    /// JSON; `instead` (what to do then, if anything) ends the message.
    pub fn too_large(what: &str, limit: usize, instead: &str) -> ApiError {
        let mib = limit >> 20;
        ApiError::new(
            "too-large",
            format!("{what} would take more than {mib} MiB of JSON{instead}"),
        )
    }

    /// A result that JavaScript had no memory for (`message` says which).
    pub fn out_of_memory(message: impl Into<String>) -> ApiError {
        ApiError::new("too-large", message.into())
    }
}

impl From<cescacs_toolkit::play::PlayError> for ApiError {
    fn from(e: cescacs_toolkit::play::PlayError) -> ApiError {
        ApiError { code: e.code, message: e.message, diagnostics: e.diagnostics }
    }
}
