//! The tag section: `[Name "value"]` tags, the first of them `[Variant ...]`.

use cescacs_diagnostics::Span;

use super::{Fallback, Scanner, TagEvent, Visitor, go_on};

/// Where one tag's parts are, and whether its value has escapes (then it is in
/// `Scanner::tag_value`, unescaped).
struct TagSpans {
    span: Span,
    name_span: Span,
    value_span: Span,
    escaped: bool,
}

/// The bytes that stop the reading of a tag value: its closing quote, an escape, a line end
/// (LF or CR: for the full reader).
const VALUE_STOPS: [u8; 4] = [b'"', b'\\', b'\n', b'\r'];

/// The index of the first byte of [`VALUE_STOPS`] in `bytes` from `from` on. Values are short
/// (a dozen bytes, a PDTL a hundred or two): eight bytes are tested at once, each word against
/// the four stops with the "has a zero byte" test (exact for the lowest hit, the one taken),
/// where setting up vector searches for them costs more; the tail byte by byte.
fn value_stop(bytes: &[u8], from: usize) -> Option<usize> {
    const LOW: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
    let mut i = from;
    while let Some(word) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let w = u64::from_le_bytes(*word);
        let hits = VALUE_STOPS.iter().fold(0, |acc, &c| acc | zero(w ^ (LOW * u64::from(c))));
        if hits != 0 {
            return Some(i + hits.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    let rest = bytes.get(i..).unwrap_or_default();
    rest.iter().position(|b| VALUE_STOPS.contains(b)).map(|k| i + k)
}

impl<V: Visitor> Scanner<'_, '_, V> {
    /// Reads the tags.
    pub(super) fn tags(&mut self) -> Result<(), Fallback> {
        self.skip_blanks();
        let mut count = 0;
        while self.peek() == b'[' {
            let tag = self.tag()?;
            let name = &self.text[tag.name_span.range()];
            // The reader starts a game at every `[Variant` tag: a game has one, first.
            if (count == 0) != (name == "Variant") {
                return Err(Fallback);
            }
            count += 1;
            if count > self.limits.tags {
                return Err(Fallback);
            }
            let value = if tag.escaped {
                self.tag_value.as_str()
            } else {
                &self.text[tag.value_span.range()]
            };
            let event = TagEvent {
                span: tag.span,
                name,
                name_span: tag.name_span,
                value,
                value_span: tag.value_span,
            };
            go_on(self.visitor.tag(event))?;
            self.skip_blanks();
        }
        if count == 0 { Err(Fallback) } else { Ok(()) }
    }

    /// One tag at the cursor (a `[`), on one line: blanks other than a line feed may stand
    /// between its parts, as the reader asks only that they be on the `[`'s line.
    fn tag(&mut self) -> Result<TagSpans, Fallback> {
        let open = self.at;
        self.at += 1;
        self.skip_spaces();
        let name_span = self.tag_name(self.at)?;
        self.at = name_span.end;
        self.skip_spaces();
        if self.peek() != b'"' {
            return Err(Fallback);
        }
        let value_start = self.at + 1;
        let (len, escaped) = self.tag_value(value_start)?;
        let value_span = Span::new(value_start, value_start + len);
        self.at = value_span.end + 1;
        self.skip_spaces();
        if self.peek() != b']' {
            return Err(Fallback);
        }
        self.at += 1;
        Ok(TagSpans { span: Span::new(open, self.at), name_span, value_span, escaped })
    }

    /// The value starting at `start` (after its quote): its length up to the closing quote,
    /// and whether it has escapes (then unescaped into `self.tag_value`). A line end or an
    /// escape other than `\"` and `\\` is for the full reader, as the lexer ends a value at a
    /// line end and the reader reports other escapes.
    fn tag_value(&mut self, start: usize) -> Result<(usize, bool), Fallback> {
        let bytes = self.bytes;
        let mut at = start;
        let mut escaped = false;
        loop {
            at = value_stop(bytes, at).ok_or(Fallback)?;
            match bytes[at] {
                b'"' => break,
                b'\\' if matches!(self.byte(at + 1), b'"' | b'\\') => {
                    if !escaped {
                        self.tag_value.clear();
                        escaped = true;
                    }
                    at += 2;
                }
                _ => return Err(Fallback),
            }
        }
        let raw = &self.text[start..at];
        if escaped {
            let mut rest = raw;
            while let Some(k) = rest.find('\\') {
                self.tag_value.push_str(&rest[..k]);
                self.tag_value.push_str(&rest[k + 1..k + 2]);
                rest = &rest[k + 2..];
            }
            self.tag_value.push_str(rest);
        }
        Ok((at - start, escaped))
    }

    /// The tag name starting at `start`: letters, digits and `_`, then a blank or the value's
    /// quote. The lexer cuts such a name into touching tokens (words, hexes, numbers...) that
    /// the reader joins; a `_` can only go on a word, so a `_` first or after a digit is a
    /// token of its own, and left to the full reader with the other spellings (`Name'`,
    /// `DPTL` with its warning).
    fn tag_name(&self, start: usize) -> Result<Span, Fallback> {
        let mut end = start;
        let mut after_digit = true;
        loop {
            match self.byte(end) {
                b'A'..=b'Z' | b'a'..=b'z' => after_digit = false,
                b'0'..=b'9' => after_digit = true,
                b'_' if !after_digit => {}
                _ => break,
            }
            end += 1;
        }
        let next = self.byte(end);
        if end == start
            || !(is_tag_space(next) || next == b'"')
            || &self.bytes[start..end] == b"DPTL"
        {
            return Err(Fallback);
        }
        Ok(Span::new(start, end))
    }

    /// The blanks inside a tag's line: every blank but the line feed.
    #[inline]
    fn skip_spaces(&mut self) {
        while is_tag_space(self.peek()) {
            self.at += 1;
        }
    }
}

/// A blank that keeps a tag on its line (the reader's test of a line is a line feed between).
#[inline]
fn is_tag_space(b: u8) -> bool {
    crate::bytes::is_blank(b) && b != b'\n'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_search_finds_the_first_stop_like_a_byte_walk() {
        let text = b"[Event \"a \\\"b\\\" c\"]\r\n[PDTL \"/28:v/27:dk/26:gjg/25:r1nr/24:pejep/23:1peepp/ b - 1 ?\"]\n\xc3\x97";
        for from in 0..=text.len() {
            let walk = text[from..].iter().position(|b| VALUE_STOPS.contains(b)).map(|k| from + k);
            assert_eq!(value_stop(text, from), walk, "from {from}");
        }
        assert_eq!(value_stop(b"", 0), None);
        assert_eq!(value_stop(b"no stop in more than eight bytes", 0), None);
    }
}
