//! Why an operation on a game or a position refuses: [`PlayError`], with a stable code.

use serde::Serialize;

use crate::JsonDiagnostic;

/// Why an operation cannot be done ([`add_move`](crate::play::add_move) cannot add a move,
/// [`board::read_move`](crate::board::read_move) cannot read one...): a stable `code` (`syntax-errors`, `no-position`,
/// `cannot-edit`, `invalid-input`, or the checker's code of a move that is not legal there, such
/// as `E0501`), a message, and the diagnostics behind it (columns in UTF-16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayError {
    /// What kind of refusal.
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// The diagnostics behind it (may be empty).
    pub diagnostics: Vec<JsonDiagnostic>,
}

impl PlayError {
    /// A refusal without diagnostics.
    pub fn new(code: &str, message: String) -> PlayError {
        PlayError { code: code.into(), message, diagnostics: Vec::new() }
    }
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for PlayError {}
