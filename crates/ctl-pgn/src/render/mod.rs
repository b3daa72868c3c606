//! Diagnostics for people and for editors.
//!
//! - [`render_text`] / [`TextRenderer`]: ariadne reports with `path:line:col` headers (1-based,
//!   columns in Unicode characters), plain and deterministic or coloured for a terminal.
//! - [`LineIndex`]: byte offsets to lines and columns, for people and in the LSP encodings.

mod line_index;
mod text;

pub use line_index::{LineCol, LineIndex, Position, PositionEncoding, UnknownEncoding};
pub use text::{TextRenderer, render_text};
