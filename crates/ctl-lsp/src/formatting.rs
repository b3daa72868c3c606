//! Formatting: the whole document in the canonical layout of `cescacs fmt`.

use lsp_types::{Position, Range, TextEdit};

use crate::positions::Ranges;

/// The edits that make `text` canonical, given its canonical form as the analysis wrote it:
/// none when it already is, and none when there is no canonical form (a document with syntax
/// errors, whose tree may not hold everything the text says, so that rewriting it could lose
/// some; or one not read whole).
pub(crate) fn format(text: &str, canonical: Option<&str>, ranges: &Ranges<'_>) -> Vec<TextEdit> {
    let Some(canonical) = canonical else { return Vec::new() };
    if canonical == text {
        return Vec::new();
    }
    let whole =
        Range { start: Position { line: 0, character: 0 }, end: ranges.position(text.len()) };
    vec![TextEdit { range: whole, new_text: canonical.to_string() }]
}
