//! The tag section: `[Name "value"]` tags, the first of them `[Variant ...]`.

use cescacs_board::Span;

use super::{Fallback, Scanner, TagEvent, Visitor, go_on};

impl<'t, V: Visitor> Scanner<'t, '_, V> {
    /// Reads the tags.
    pub(super) fn tags(&mut self) -> Result<(), Fallback> {
        self.skip_blanks();
        let mut count = 0;
        while self.peek() == b'[' {
            let tag = self.tag()?;
            // The reader starts a game at every `[Variant` tag: a game has one, first.
            if (count == 0) != (tag.name == "Variant") {
                return Err(Fallback);
            }
            count += 1;
            if count > self.limits.tags {
                return Err(Fallback);
            }
            go_on(self.visitor.tag(tag))?;
            self.skip_blanks();
        }
        if count == 0 { Err(Fallback) } else { Ok(()) }
    }

    /// One tag at the cursor (a `[`), on one line, its value without escapes.
    fn tag(&mut self) -> Result<TagEvent<'t>, Fallback> {
        let text: &'t str = self.text;
        let open = self.at;
        let name_span = self.tag_name(open + 1)?;
        self.at = name_span.end;
        self.skip_spaces();
        if self.peek() != b'"' {
            return Err(Fallback);
        }
        let value_start = self.at + 1;
        let rest = &self.bytes[value_start..];
        // The value ends at its quote; a backslash (an escape) or a line end first is for the
        // full reader.
        let len = memchr::memchr3(b'"', b'\\', b'\n', rest).ok_or(Fallback)?;
        if rest[len] != b'"' {
            return Err(Fallback);
        }
        let value_span = Span::new(value_start, value_start + len);
        self.at = value_span.end + 1;
        self.skip_spaces();
        if self.peek() != b']' {
            return Err(Fallback);
        }
        self.at += 1;
        Ok(TagEvent {
            span: Span::new(open, self.at),
            name: &text[name_span.range()],
            name_span,
            value: &text[value_span.range()],
            value_span,
        })
    }

    /// The tag name starting at `start`: letters and `_`, then digits, then a space, a tab or
    /// the value's quote. The lexer cuts such a name into touching tokens (a word, a hex, a
    /// number...) that the reader joins; other spellings (`A1_B`, `Name'`, `DPTL` with its
    /// warning) are left to it.
    fn tag_name(&self, start: usize) -> Result<Span, Fallback> {
        if !self.byte(start).is_ascii_alphabetic() {
            return Err(Fallback);
        }
        let mut end = start + 1;
        while matches!(self.byte(end), b'A'..=b'Z' | b'a'..=b'z' | b'_') {
            end += 1;
        }
        while self.byte(end).is_ascii_digit() {
            end += 1;
        }
        if !matches!(self.byte(end), b' ' | b'\t' | b'"') || &self.bytes[start..end] == b"DPTL" {
            return Err(Fallback);
        }
        Ok(Span::new(start, end))
    }

    /// Spaces and tabs inside a tag's line.
    #[inline]
    fn skip_spaces(&mut self) {
        while matches!(self.peek(), b' ' | b'\t') {
            self.at += 1;
        }
    }
}
