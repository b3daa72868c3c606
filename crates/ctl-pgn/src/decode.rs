//! Turning bytes into text for the parsers without losing a byte offset (docs/DECISIONS.md 8).
//!
//! The text handed to the parsers has exactly as many bytes as the input, so every span is an
//! offset into the bytes as they are on disk:
//! - a UTF-8 byte order mark is replaced by three spaces (editors hide it; it is not content);
//! - each invalid UTF-8 sequence is replaced by as many spaces, and reported as `E0001` at its
//!   offset, so that the rest of the input is still read. People see `?` there.

use cescacs_board::{Diagnostic, Span};

pub use cescacs_board::codes::files::INVALID_UTF8;

/// A file's bytes as text for the parsers, for people, and the problems of the encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text the parsers read: same length as the bytes (see the module documentation).
    pub text: String,
    /// The text shown to people, when it differs from `text` (invalid bytes shown as `?`).
    pub shown: Option<String>,
    /// `E0001` for each run of invalid bytes.
    pub diagnostics: Vec<Diagnostic>,
}

impl Decoded {
    /// The text to render diagnostics against.
    pub fn shown(&self) -> &str {
        self.shown.as_deref().unwrap_or(&self.text)
    }
}

/// The bytes as text when [`decode`] would read them unchanged and report nothing: valid UTF-8
/// without a byte order mark. Borrows instead of copying (the fast path of `check` reads
/// pieces this way).
///
/// ```
/// use ctl_pgn::decode::as_plain_text;
/// assert_eq!(as_plain_text(b"1. E7-E13: *"), Some("1. E7-E13: *"));
/// assert_eq!(as_plain_text(b"\xEF\xBB\xBF1. E7-E13: *"), None); // a BOM
/// assert_eq!(as_plain_text(b"1. E7-E13 \xFF"), None);
/// ```
pub fn as_plain_text(bytes: &[u8]) -> Option<&str> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return None;
    }
    simdutf8::basic::from_utf8(bytes).ok()
}

/// Decodes a file's bytes (see the module documentation).
///
/// ```
/// let d = ctl_pgn::decode::decode(b"1. E7-E13 \xFF".to_vec());
/// assert_eq!(d.text, "1. E7-E13  ");
/// assert_eq!(d.diagnostics[0].code, "E0001");
/// assert_eq!(d.diagnostics[0].span.range(), 10..11);
/// ```
pub fn decode(bytes: Vec<u8>) -> Decoded {
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    // Every byte of every file is checked here once, with vector instructions: the standard
    // library's check (`String::from_utf8`) leaves its fast path at each `‐` or `×` and runs at
    // a fifth of the speed on generated games. Making the `String` then costs a copy, not a
    // second check; invalid bytes are located by the standard library, as before.
    let text = match simdutf8::basic::from_utf8(&bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(_) => Err(bytes),
    };
    let text = match text {
        Ok(text) if !bom => {
            let shown = has_control(&text).then(|| visible(text.clone()));
            return Decoded { text, shown, diagnostics: Vec::new() };
        }
        Ok(mut text) => {
            text.replace_range(..3, "   ");
            // People see the file as it is: the renderer knows to skip a BOM.
            let shown = visible(format!("\u{feff}{}", &text[3..]));
            return Decoded { text, shown: Some(shown), diagnostics: Vec::new() };
        }
        Err(bytes) => bytes,
    };
    let mut parse = String::with_capacity(text.len());
    let mut shown = String::with_capacity(text.len());
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut invalid: Vec<Span> = Vec::new();
    let mut rest = &text[..];
    while !rest.is_empty() {
        let at = text.len() - rest.len();
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                parse.push_str(valid);
                shown.push_str(valid);
                rest = &[];
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                let valid = std::str::from_utf8(valid).unwrap_or_default();
                parse.push_str(valid);
                shown.push_str(valid);
                let bad = e.error_len().unwrap_or(after.len());
                for _ in 0..bad {
                    parse.push(' ');
                    shown.push('?');
                }
                let start = at + valid.len();
                match invalid.last_mut() {
                    Some(last) if last.end == start => last.end = start + bad,
                    _ => invalid.push(Span::new(start, start + bad)),
                }
                rest = &after[bad..];
            }
        }
    }
    if bom {
        parse.replace_range(..3, "   ");
        shown.replace_range(..3, "\u{feff}");
    }
    let utf16 = text.starts_with(b"\xFF\xFE") || text.starts_with(b"\xFE\xFF");
    for span in invalid {
        let found = text[span.range()].iter().map(|b| format!("\\x{b:02X}")).collect::<String>();
        let mut d = Diagnostic::error(
            INVALID_UTF8,
            span,
            format!("expected UTF-8 text, found the bytes `{found}`"),
        )
        .with_primary_label("not UTF-8");
        d = if utf16 && span.start == 0 {
            d.with_help("this file looks like UTF-16: save it as UTF-8")
        } else {
            d.with_help("CTL-PGN files are UTF-8: save the file as UTF-8")
        };
        diagnostics.push(d);
    }
    Decoded { text: parse, shown: Some(visible(shown)), diagnostics }
}

/// A control character a terminal would act on instead of showing (NUL, BEL, ESC, DEL...):
/// everything below a space but tab and the line ends, and DEL.
fn is_control(b: u8) -> bool {
    // Bitwise operators, not `&&` and `||`: without branches, `has_control` is vectorised.
    ((b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r')) | (b == 0x7F)
}

/// Whether `text` has a control character. Every byte of every piece goes through here, so it
/// looks at blocks of bytes without stopping inside a block (which the compiler turns into vector
/// instructions), first with a looser test that fewer instructions make: a byte below a space
/// other than a line feed, or DEL. Only a block that fails it (one with a tab or a carriage
/// return, or a control character) is looked at byte by byte.
fn has_control(text: &str) -> bool {
    let suspect = |b: u8| ((b < 0x20) & (b != b'\n')) | (b == 0x7F);
    let mut blocks = text.as_bytes().chunks_exact(64);
    let found = blocks.by_ref().any(|block| {
        block.iter().fold(false, |any, &b| any | suspect(b)) && block.iter().any(|&b| is_control(b))
    });
    found || blocks.remainder().iter().any(|&b| is_control(b))
}

/// The text with each control character shown as `?`: one byte for one byte, so spans, lines and
/// columns stay those of the file, and a report never makes the terminal beep, erase or change
/// colour.
fn visible(text: String) -> String {
    if !has_control(&text) {
        return text;
    }
    text.chars().map(|c| if c.is_ascii() && is_control(c as u8) { '?' } else { c }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_as_question_marks_byte_for_byte() {
        let d = decode(b"1. E7-E\x0013, E21-E15\x07\x1b[31m\tx\r\n".to_vec());
        assert_eq!(
            d.text, "1. E7-E\u{0}13, E21-E15\u{7}\u{1b}[31m\tx\r\n",
            "the parsers see the file"
        );
        assert_eq!(d.shown(), "1. E7-E?13, E21-E15??[31m\tx\r\n");
        assert!(d.diagnostics.is_empty());
        assert_eq!(decode(b"plain\n".to_vec()).shown, None, "no copy for a plain text");
    }

    #[test]
    fn a_control_character_is_found_wherever_it_is() {
        for len in [1, 63, 64, 65, 130] {
            for at in 0..len {
                let mut bytes = vec![b'a'; len];
                for control in [0x00, 0x1B, 0x7F] {
                    bytes[at] = control;
                    let d = decode(bytes.clone());
                    let shown = d.shown.expect("a control character is not shown as it is");
                    assert_eq!(shown.as_bytes()[at], b'?', "{control:#x} at {at} of {len}");
                    assert_eq!(shown.len(), len);
                }
                bytes[at] = b'\t';
                assert_eq!(decode(bytes.clone()).shown, None, "tab at {at} of {len}");
            }
        }
        for b in 0..=u8::MAX {
            let control = (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7F;
            assert_eq!(is_control(b), control, "{b:#x}");
        }
    }

    #[test]
    fn valid_text_is_unchanged() {
        let d = decode("1. E7-E13 {Moià ∞}".as_bytes().to_vec());
        assert_eq!(d.text, "1. E7-E13 {Moià ∞}");
        assert_eq!(d.shown, None);
        assert!(d.diagnostics.is_empty());
    }

    #[test]
    fn bom_becomes_spaces_for_the_parser() {
        let d = decode(b"\xEF\xBB\xBF[Variant]".to_vec());
        assert_eq!(d.text, "   [Variant]");
        assert_eq!(d.shown(), "\u{feff}[Variant]");
        assert!(d.diagnostics.is_empty());
    }

    #[test]
    fn invalid_bytes_keep_offsets_and_are_reported_once_per_run() {
        let d = decode(b"ab\xFF\xFEcd\xC3(e\xE2\x88".to_vec());
        assert_eq!(d.text.len(), 11);
        assert_eq!(d.text, "ab  cd (e  ");
        assert_eq!(d.shown(), "ab??cd?(e??");
        let spans: Vec<Span> = d.diagnostics.iter().map(|d| d.span).collect();
        assert_eq!(spans, [Span::new(2, 4), Span::new(6, 7), Span::new(9, 11)]);
        assert_eq!(d.diagnostics[0].message, "expected UTF-8 text, found the bytes `\\xFF\\xFE`");
        assert!(d.diagnostics.iter().all(|d| d.code == INVALID_UTF8));
    }

    #[test]
    fn bom_and_invalid_bytes_together() {
        let d = decode(b"\xEF\xBB\xBFa\xFFb".to_vec());
        assert_eq!(d.text, "   a b");
        assert_eq!(d.shown(), "\u{feff}a?b");
        assert_eq!(d.diagnostics[0].span, Span::new(4, 5));
    }

    proptest::proptest! {
        /// The check accepts exactly what the standard library accepts (surrogates, overlong
        /// forms and code points past U+10FFFF are refused by both), and the text keeps every
        /// byte's offset.
        #[test]
        fn valid_exactly_when_the_standard_library_says_so(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                &b"a"[..], b"\n", b"\x00", b"\xC3\xA0", b"\xE2\x80\x90", b"\xF0\x9F\xA9\x90",
                b"\xC3", b"\x80", b"\xED\xA0\x80", b"\xC0\x80", b"\xE0\x80\xAF", b"\xF4\x90\x80\x80",
                b"\xEF\xBB\xBF", b"\xFF", b"abcdefghijklmnopqrstuvwxyz0123456789",
            ]), 0..40),
        ) {
            let bytes = parts.concat();
            let decoded = decode(bytes.clone());
            proptest::prop_assert_eq!(decoded.text.len(), bytes.len());
            let valid = std::str::from_utf8(&bytes).is_ok();
            proptest::prop_assert_eq!(decoded.diagnostics.is_empty(), valid);
            if valid && !bytes.starts_with(b"\xEF\xBB\xBF") {
                proptest::prop_assert_eq!(decoded.text.as_bytes(), &bytes[..]);
            }
        }
    }

    #[test]
    fn utf16_gets_its_own_help() {
        let d = decode(b"\xFF\xFE[\x00".to_vec());
        assert_eq!(d.diagnostics[0].span, Span::new(0, 2));
        assert_eq!(d.diagnostics[0].help, ["this file looks like UTF-16: save it as UTF-8"]);
    }
}
