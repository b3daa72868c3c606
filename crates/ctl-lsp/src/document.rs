//! Open documents: their text, version, the analysis of it, and the editor's changes applied
//! to it (places in the text are `crate::positions`').

use ctl_pgn::render::PositionEncoding;
use lsp_types::{Position, TextDocumentContentChangeEvent};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::analysis::Analysis;
use crate::positions::exact_offset;

/// One open document.
#[derive(Debug)]
pub(crate) struct Document {
    /// The text as the editor has it.
    pub text: String,
    /// The editor's version number of that text.
    pub version: i32,
    /// The server's number of that text (a new one for each change).
    pub generation: u64,
    /// The last analysis finished, with the generation of the text it is of.
    pub analysis: Option<(u64, Analysis)>,
    /// The analysis under way, with the generation of its text and its cancellation flag.
    pub running: Option<(u64, Arc<AtomicBool>)>,
    /// Whether the text is the editor's: false from a change whose range lies outside the text
    /// (the editor and the server do not see the same lines, as with lone `\r` line ends that
    /// the editor does not take for line ends) until the editor sends the whole text again.
    pub in_sync: bool,
    /// The semantic tokens last sent for the whole text (flat, five numbers a token), with
    /// their result id: what a `full/delta` request is answered against.
    pub semantic_tokens: Option<(String, Vec<u32>)>,
}

/// A change whose range lies outside the document's text: the editor's text and the server's
/// differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutOfSync {
    /// The position that is not in the text.
    pub position: Position,
}

impl std::fmt::Display for OutOfSync {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {} character {} is not in the server's copy of the document (are lone CR line \
             ends read as line ends by the editor? see `fileformats` in docs/EDITORS.md)",
            self.position.line, self.position.character
        )
    }
}

impl Document {
    pub fn new(text: String, version: i32, generation: u64) -> Document {
        Document {
            text,
            version,
            generation,
            analysis: None,
            running: None,
            in_sync: true,
            semantic_tokens: None,
        }
    }

    /// The last analysis finished, of this text or an older one.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref().map(|(_, a)| a)
    }

    /// Whether the last analysis finished is of the latest text.
    pub fn analysed(&self) -> bool {
        self.analysis.as_ref().is_some_and(|(g, _)| *g == self.generation)
    }

    /// Stops the analysis under way at its next game.
    pub fn cancel(&self) {
        if let Some((_, cancel)) = &self.running {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Applies one change of `textDocument/didChange`: a whole new text, or a range replaced.
    ///
    /// A range outside the text is never clamped into it (that would edit the wrong place and
    /// keep a text the editor does not have): the change is refused, and the document is out of
    /// sync, refusing further ranged changes, until a change gives the whole text.
    pub fn apply(
        &mut self,
        change: TextDocumentContentChangeEvent,
        encoding: PositionEncoding,
    ) -> Result<(), OutOfSync> {
        match change.range {
            None => {
                self.text = change.text;
                self.in_sync = true;
                Ok(())
            }
            Some(range) => {
                let found = |position| {
                    exact_offset(&self.text, position, encoding).ok_or(OutOfSync { position })
                };
                let ends = if self.in_sync {
                    found(range.start).and_then(|a| Ok((a, found(range.end)?)))
                } else {
                    Err(OutOfSync { position: range.start })
                };
                match ends {
                    Ok((a, b)) => {
                        self.text.replace_range(a.min(b)..a.max(b), &change.text);
                        Ok(())
                    }
                    Err(e) => {
                        self.in_sync = false;
                        Err(e)
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use lsp_types::Range;

    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn a_change_outside_the_text_is_refused_until_the_whole_text_comes() {
        // The editor reads `a\rb` as one line (`fileformats=unix,dos`), the server as two.
        let mut doc = Document::new("1. E7-E13\r{note}\n".to_string(), 1, 1);
        let change = |range: Option<Range>, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_string(),
        };
        let past = change(Some(Range { start: pos(0, 12), end: pos(0, 13) }), "x");
        assert_eq!(
            doc.apply(past, PositionEncoding::Utf16),
            Err(OutOfSync { position: pos(0, 12) })
        );
        assert_eq!(doc.text, "1. E7-E13\r{note}\n", "nothing clamped, nothing edited");
        assert!(!doc.in_sync);
        // Even a change that would fit is refused while out of sync.
        let fits = change(Some(Range { start: pos(0, 0), end: pos(0, 1) }), "2");
        assert!(doc.apply(fits, PositionEncoding::Utf16).is_err());
        assert_eq!(doc.text, "1. E7-E13\r{note}\n");
        // A line past the end is outside too; the whole text brings the document back.
        assert!(doc.apply(change(None, "new\n"), PositionEncoding::Utf16).is_ok());
        assert!(doc.in_sync);
        let below = change(Some(Range { start: pos(3, 0), end: pos(3, 0) }), "x");
        assert!(doc.apply(below, PositionEncoding::Utf16).is_err());
        assert_eq!(doc.text, "new\n");
    }

    #[test]
    fn incremental_changes() {
        let mut doc = Document::new("1. E7xE13\n".to_string(), 1, 1);
        let change = |range: Option<Range>, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_string(),
        };
        doc.apply(
            change(Some(Range { start: pos(0, 5), end: pos(0, 6) }), "×"),
            PositionEncoding::Utf16,
        )
        .unwrap();
        assert_eq!(doc.text, "1. E7×E13\n");
        doc.apply(
            change(Some(Range { start: pos(1, 0), end: pos(1, 0) }), "2. F8-F12"),
            PositionEncoding::Utf16,
        )
        .unwrap();
        assert_eq!(doc.text, "1. E7×E13\n2. F8-F12");
        // A reversed range is read in order.
        doc.apply(
            change(Some(Range { start: pos(1, 9), end: pos(1, 2) }), ""),
            PositionEncoding::Utf16,
        )
        .unwrap();
        assert_eq!(doc.text, "1. E7×E13\n2.");
        doc.apply(change(None, "new"), PositionEncoding::Utf16).unwrap();
        assert_eq!(doc.text, "new");
    }
}
