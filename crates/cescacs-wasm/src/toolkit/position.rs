//! A position given as text: the one reading of a PDTL the package's functions share.

use cescacs_toolkit::read::{JsonOptions, json_of};
use cescacs_toolkit::{Dialect, Position, position as positions};

use super::ApiError;

/// A valid position, or the error of its first problem.
pub(crate) fn position(text: &str, from: Dialect) -> Result<Position, ApiError> {
    let read = positions::read(text, from);
    read.position.ok_or_else(|| {
        let first = read.diagnostics.iter().find(|d| d.is_error());
        ApiError {
            code: first.map_or("invalid-pdtl", |d| d.code).to_string(),
            message: first.map_or_else(|| "invalid PDTL".to_string(), |d| d.message.clone()),
            diagnostics: json_of(&read.diagnostics, text, &JsonOptions::default()),
        }
    })
}
