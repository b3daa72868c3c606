//! Diagnostics for people and for editors.
//!
//! - [`render_text`] / [`TextRenderer`]: ariadne reports with `path:line:col` headers (1-based,
//!   columns in Unicode characters), plain and deterministic or coloured for a terminal.
//! - [`Document`] / [`render_json`] / [`write_jsonl`]: LSP-native JSON (`docs/JSON.md`), with
//!   columns in UTF-8, UTF-16 or UTF-32 code units.
//! - [`chunk_json`]: the JSON diagnostics of one checked chunk of a file.
//! - [`FileReport`]: one checked file, its diagnostics each with a [`Context`] (game, ply).
//! - [`ErrorCap`]: the first diagnostics of a file shown, the others counted (`--max-errors`).
//! - [`LineIndex`]: byte offsets to lines and columns, for people and in the LSP encodings.

mod cap;
mod json;
mod line_index;
mod report;
mod text;
mod uri;

pub use cap::{DEFAULT_MAX_DIAGNOSTICS, ErrorCap};
pub use json::{
    ByteSpan, Data, Document, DocumentWriter, FORMAT_VERSION, FileDiagnostics, JsonDiagnostic,
    JsonFix, JsonLabel, JsonLine, Location, LspRange, RelatedInformation, Summary, TOOL,
    chunk_json, render_json, source_of, write_jsonl,
};
pub use line_index::{LineCol, LineIndex, LspPosition, PositionEncoding, UnknownEncoding};
pub use report::{Context, FileReport, Locator};
pub use text::{TextRenderer, render_text};
pub use uri::file_uri;

pub use crate::reader::TextStart;
