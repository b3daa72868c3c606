//! Formatting: the whole document in the canonical layout of `cescacs fmt`.

use ctl_pgn::write::{WriteOptions, write_file};
use lsp_types::{Position, Range, TextEdit};

use crate::analysis::parser_text;
use crate::document::Ranges;

/// The edits that make `text` canonical: none when it already is, and none when it has syntax
/// errors (the tree of a broken text may not hold everything the text says, so rewriting it
/// could lose some).
pub(crate) fn format(text: &str, syntax_errors: bool, ranges: &Ranges<'_>) -> Vec<TextEdit> {
    if syntax_errors {
        return Vec::new();
    }
    let source = parser_text(text);
    let parsed = ctl_an::parse_file(source.as_deref().unwrap_or(text));
    if parsed.has_errors() {
        return Vec::new();
    }
    let canonical = write_file(&parsed.file, WriteOptions::default());
    if canonical == text {
        return Vec::new();
    }
    let whole =
        Range { start: Position { line: 0, character: 0 }, end: ranges.position(text.len()) };
    vec![TextEdit { range: whole, new_text: canonical }]
}
