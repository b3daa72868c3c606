//! Turning bytes into text for the parsers without losing a byte offset (docs/DECISIONS.md 8).
//!
//! The text handed to the parsers has exactly as many bytes as the input, so every span is an
//! offset into the bytes as they are on disk:
//! - a UTF-8 byte order mark is replaced by three spaces (editors hide it; it is not content);
//! - each invalid UTF-8 sequence is replaced by as many spaces, and reported as `E0001` at its
//!   offset, so that the rest of the input is still read. People see `?` there;
//! - bytes that are not text at all (a NUL byte, or mostly bytes that are neither UTF-8 text nor
//!   line ends and tabs, in the first [`SNIFF_BYTES`]: a program, an image, a UTF-16 file) are one
//!   `E0002` at offset 0, and the parsers see only spaces: such a file is not a game file, and is
//!   not read as one (no error per byte).

use cescacs_diagnostics::{Diagnostic, Span};

/// The codes of this module (and, for `EMPTY`, of an empty input: a stream of white space ends
/// with an empty chunk, see [`Chunks`](crate::reader::Chunks)).
pub use cescacs_diagnostics::codes::files::{EMPTY, INVALID_UTF8, NOT_TEXT, PROSE};

/// How many bytes at the start of an input decide whether it is text (as `git` and `grep` do).
pub const SNIFF_BYTES: usize = 8 << 10;

/// A file's bytes as text for the parsers, for people, and the problems of the encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text the parsers read: same length as the bytes (see the module documentation).
    pub text: String,
    /// The text shown to people, when it differs from `text` (invalid bytes shown as `?`, a BOM
    /// kept). Control characters are the file's: the renderers escape them.
    pub shown: Option<String>,
    /// `E0001` for each run of invalid bytes.
    pub diagnostics: Vec<Diagnostic>,
}

impl Decoded {
    /// The text to render diagnostics against.
    pub fn shown(&self) -> &str {
        self.shown.as_deref().unwrap_or(&self.text)
    }

    /// The encoding's diagnostics that start inside `span` (a game's, say): found by halving
    /// (they are in text order), so that a text of many games costs no more per game than its
    /// own.
    ///
    /// ```
    /// use ctl_pgn::decode::decode;
    /// let decoded = decode(b"1. E7-E13 \xFF\n\n1. E7-E13 \xFF\xFE".to_vec());
    /// assert_eq!(decoded.notes_within(cescacs_diagnostics::Span::new(0, 12)).len(), 1);
    /// assert_eq!(decoded.notes_within(cescacs_diagnostics::Span::new(13, 25))[0].span.start, 23);
    /// ```
    pub fn notes_within(&self, span: Span) -> &[Diagnostic] {
        let notes = &self.diagnostics;
        let from = notes.partition_point(|d| d.span.start < span.start);
        let to = notes.partition_point(|d| d.span.start <= span.end);
        &notes[from..to.max(from)]
    }
}

/// The bytes as text when [`decode`] would read them unchanged and report nothing: valid UTF-8
/// without a byte order mark. Borrows instead of copying (the fast path of `check` reads
/// chunks this way).
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
    if bytes.is_empty() {
        let d = Diagnostic::warning(EMPTY, Span::new(0, 0), "no game: the input is empty")
            .with_primary_label("nothing here");
        return Decoded { text: String::new(), shown: None, diagnostics: vec![d] };
    }
    let mut decoded = decode_bytes(bytes);
    skip_prose(&mut decoded);
    decoded
}

fn decode_bytes(bytes: Vec<u8>) -> Decoded {
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    // Every byte of every file is checked here once, with vector instructions: the standard
    // library's check (`String::from_utf8`) leaves its fast path at each `‐` or `×` and runs at
    // a fifth of the speed on generated games. Making the `String` then costs a copy, not a
    // second check; invalid bytes are located by the standard library, as before.
    let text = match simdutf8::basic::from_utf8(&bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(_) => Err(bytes),
    };
    // Whether the bytes are text at all is asked only of those with a control character (a NUL
    // is one) or invalid UTF-8: plain text costs nothing more.
    let text = match text {
        Ok(text) if has_control(&text) && not_text(text.as_bytes()).is_some() => {
            let why = not_text(text.as_bytes()).unwrap_or_default();
            return not_a_game_file(text.len(), text.as_bytes(), why);
        }
        Err(bytes) if not_text(&bytes).is_some() => {
            let why = not_text(&bytes).unwrap_or_default();
            return not_a_game_file(bytes.len(), &bytes, why);
        }
        Ok(text) if !bom => {
            return Decoded { text, shown: None, diagnostics: Vec::new() };
        }
        Ok(mut text) => {
            text.replace_range(..3, "   ");
            // People see the file as it is: the renderer knows to skip a BOM.
            let shown = format!("\u{feff}{}", &text[3..]);
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
    Decoded { text: parse, shown: Some(shown), diagnostics }
}

/// Blanks the stretches of prose around games in the parsers' text (people still see them) and
/// reports each stretch once as `W0001`: a line of words before the first game, or between a
/// game's result and the next game, is not read as movetext (an error per word). A stretch is
/// consecutive such lines, blank lines included; any other line starts a game. In a game, such
/// a line after a blank line ends the game.
///
/// ```
/// let text = "Notes on a game we played yesterday.\nIt was a quick one.\n\n[Variant \"C'escacs\"]\n1. E7-E13: *\nThat is all, and it was short.\n";
/// let d = ctl_pgn::decode::decode(text.as_bytes().to_vec());
/// let codes: Vec<_> = d.diagnostics.iter().map(|d| d.code).collect();
/// assert_eq!(codes, ["W0001", "W0001"]);
/// assert_eq!(ctl_an::parse_file(&d.text).diagnostics, []);
/// assert_eq!(d.shown(), text);
/// ```
fn skip_prose(decoded: &mut Decoded) {
    let mut outside = true;
    let mut in_comment = false;
    let mut after_blank = true;
    // The stretch being read: its first line, and how many lines it has.
    let mut stretch: Option<(usize, usize, usize)> = None;
    let mut blank: Vec<(usize, usize)> = Vec::new();
    let mut found = Vec::new();
    let text = decoded.text.as_bytes();
    let mut start = 0;
    while start < text.len() {
        let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |at| start + at);
        let line = &text[start..end];
        let trimmed = line.trim_ascii();
        let blank_before = after_blank;
        after_blank = trimmed.is_empty();
        // In a game, a paragraph of three words or more after a blank line ends it (a game
        // quoted in a text often has no result).
        if !outside && !in_comment && blank_before && prose_words(trimmed) >= 3 {
            outside = true;
        }
        if outside && !in_comment {
            if trimmed.is_empty() {
                start = end + 1;
                continue;
            }
            if prose_words(trimmed) >= 3 {
                let lines = stretch.map_or(0, |s| s.2) + 1;
                stretch = Some((
                    stretch.map_or((start, end), |s| (s.0, s.1)).0,
                    stretch.map_or(end, |s| s.1),
                    lines,
                ));
                blank.push((start, end));
                start = end + 1;
                continue;
            }
            found.extend(stretch.take().map(prose_warning));
            outside = false;
        }
        if !in_comment && line.trim_ascii_start().starts_with(b"[") {
            start = end + 1;
            continue;
        }
        let mut i = 0;
        while i < line.len() {
            match line[i] {
                b'}' if in_comment => in_comment = false,
                _ if in_comment => {}
                b'{' => in_comment = true,
                b';' => break,
                b'*' => outside = true,
                b'0'..=b'9'
                    if line.get(i + 1) == Some(&b'-')
                        && line.get(i + 2).is_some_and(u8::is_ascii_digit)
                        && (i == 0 || !line[i - 1].is_ascii_alphanumeric()) =>
                {
                    outside = true
                }
                _ => {}
            }
            if outside {
                break;
            }
            i += 1;
        }
        start = end + 1;
    }
    found.extend(stretch.take().map(prose_warning));
    if found.is_empty() {
        return;
    }
    if decoded.shown.is_none() {
        decoded.shown = Some(decoded.text.clone());
    }
    // Spaces for spaces: byte offsets, lines and UTF-8 stay as they are.
    let mut bytes = std::mem::take(&mut decoded.text).into_bytes();
    for (from, to) in blank {
        bytes[from..to].fill(b' ');
    }
    decoded.text = String::from_utf8(bytes).unwrap_or_default();
    decoded.diagnostics.extend(found);
    Diagnostic::sort(&mut decoded.diagnostics);
}

/// How many words a line of prose has, 0 when it is not prose: a line that does not start like a
/// tag, comment or variation, has no brace, and of which words make at least half the items (a word:
/// three letters or more, Unicode letters with a lower-case one: `KRK-II` and `JF6` are not words).
fn prose_words(line: &[u8]) -> usize {
    let Ok(line) = std::str::from_utf8(line) else { return 0 };
    // What starts a tag, a comment, a variation, a `.` before a comment, or holds a comment (whose
    // braces the game needs) is not prose.
    if line.starts_with(['[', '{', '(', ';', '%', '.']) || line.contains(['{', '}']) {
        return 0;
    }
    let mut items = 0;
    let mut words = 0;
    for item in line.split_whitespace() {
        items += 1;
        let word = item.trim_matches(|c: char| !c.is_alphabetic());
        if word.chars().count() >= 3
            && word.chars().all(|c| c.is_alphabetic() || c == '\'' || c == '’' || c == '-')
            && word.chars().any(char::is_lowercase)
        {
            words += 1;
        }
    }
    if words * 2 >= items { words } else { 0 }
}

/// `W0001` on the first line of a stretch of `lines` lines.
fn prose_warning((start, end, lines): (usize, usize, usize)) -> Diagnostic {
    let what = if lines == 1 { "a line".to_string() } else { format!("{lines} lines") };
    Diagnostic::warning(
        PROSE,
        Span::new(start, end),
        format!("{what} of text that is not a game, skipped"),
    )
    .with_primary_label("prose, not movetext")
    .with_help("notes about a game go in a comment `{...}` inside it")
}

/// Why the bytes are not text, judged on their first [`SNIFF_BYTES`]: NUL bytes (8 or more: a
/// stray one in a game is reported where it is), or, in 32 bytes or more, more than one byte in
/// ten that is neither part of valid UTF-8 nor printable (control characters other than tab,
/// line ends and form feed). `None` for text, however broken.
///
/// ```
/// use ctl_pgn::decode::not_text;
/// assert_eq!(not_text(b"[Variant \"C'escacs\"] 1. E7-E13: *"), None);
/// assert_eq!(not_text(b"1. E7-E13 {Mo\xEF\xBB} *"), None); // broken, but text
/// assert!(not_text(b"\x7FELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00").is_some());
/// assert!(not_text(&[0xFF; 64]).is_some());
/// ```
pub fn not_text(bytes: &[u8]) -> Option<&'static str> {
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    if memchr::memchr_iter(0, head).nth(7).is_some() {
        return Some("it holds NUL bytes");
    }
    // A head cut short may end inside a character: its last 3 bytes are not judged.
    let cut = if head.len() < bytes.len() { 3 } else { 0 };
    let judged = head.len().saturating_sub(cut);
    if judged < 32 {
        return None;
    }
    let mut odd = 0usize;
    for chunk in head.utf8_chunks() {
        odd += chunk.invalid().len();
        odd += chunk.valid().bytes().filter(|&b| is_control(b) && b != 0x0C).count();
    }
    (odd.saturating_sub(cut) * 10 > judged).then_some("most of its bytes are not text")
}

/// The one diagnostic of bytes that are not text, over a text of spaces the parsers skip. People
/// see an empty first line: the bytes themselves are not shown.
fn not_a_game_file(len: usize, bytes: &[u8], why: &str) -> Decoded {
    let text = " ".repeat(len);
    let mut shown = text.clone();
    if shown.len() > 1 {
        shown.replace_range(..1, "\n");
    }
    let utf16 = bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF");
    let help = if utf16 {
        "this file looks like UTF-16: save it as UTF-8"
    } else {
        "a game file is UTF-8 text (CTL-PGN); nothing of this one was checked"
    };
    let d = Diagnostic::error(NOT_TEXT, Span::new(0, 0), format!("not a game file: {why}"))
        .with_primary_label("not text")
        .with_help(help);
    Decoded { text, shown: Some(shown), diagnostics: vec![d] }
}

/// A control character a terminal would act on instead of showing (NUL, BEL, ESC, DEL...):
/// everything below a space but tab and the line ends, and DEL.
fn is_control(b: u8) -> bool {
    // Bitwise operators, not `&&` and `||`: without branches, `has_control` is vectorised.
    ((b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r')) | (b == 0x7F)
}

/// Whether `text` has a control character. Every byte of every chunk goes through here, so it
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_left_to_the_renderers() {
        // The renderers make every text terminal-safe (`cescacs_diagnostics::terminal`), so the text
        // shown is the file's own.
        let d = decode(b"1. E7-E\x0013\x1b[31m\tx\r\n".to_vec());
        assert_eq!(d.text, "1. E7-E\u{0}13\u{1b}[31m\tx\r\n");
        assert_eq!(d.shown, None);
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
            if not_text(&bytes).is_some() || bytes.is_empty() {
                proptest::prop_assert_eq!(decoded.diagnostics.len(), 1);
                return Ok(());
            }
            proptest::prop_assert_eq!(decoded.diagnostics.is_empty(), valid);
            if valid && !bytes.starts_with(b"\xEF\xBB\xBF") {
                proptest::prop_assert_eq!(decoded.text.as_bytes(), &bytes[..]);
            }
        }
    }

    #[test]
    fn utf16_gets_its_own_help() {
        // With its NUL bytes, a UTF-16 file is not text at all.
        let d = decode(b"\xFF\xFE[\x00V\x00a\x00r\x00i\x00a\x00n\x00t\x00 \x00".to_vec());
        assert_eq!(d.diagnostics.len(), 1);
        assert_eq!(d.diagnostics[0].code, NOT_TEXT);
        assert_eq!(d.diagnostics[0].help, ["this file looks like UTF-16: save it as UTF-8"]);
        // Without NUL bytes (all its characters above U+00FF), only its start is invalid UTF-8.
        let d = decode(b"\xFF\xFE\x3B\x26\x3C\x26".to_vec());
        assert_eq!(d.diagnostics[0].code, INVALID_UTF8);
        assert_eq!(d.diagnostics[0].span, Span::new(0, 2));
        assert_eq!(d.diagnostics[0].help, ["this file looks like UTF-16: save it as UTF-8"]);
    }

    #[test]
    fn bytes_that_are_not_text_are_one_error_and_no_text() {
        let mut program = b"\x7FELF\x02\x01\x01".to_vec();
        program.extend((0..100_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
        let d = decode(program.clone());
        assert_eq!(d.diagnostics.len(), 1);
        assert_eq!(d.diagnostics[0].code, NOT_TEXT);
        assert_eq!(d.diagnostics[0].message, "not a game file: it holds NUL bytes");
        assert_eq!(d.text.len(), program.len());
        assert!(d.text.bytes().all(|b| b == b' '));
        // Random bytes without a NUL: mostly not text.
        let noise: Vec<u8> = program.iter().map(|&b| b.max(1)).collect();
        assert_eq!(
            decode(noise).diagnostics[0].message,
            "not a game file: most of its bytes are not text"
        );
        // A text file with a few bad bytes stays a text file.
        let mut text = "[Variant \"C'escacs\"] {Moià} 1. E7-E13: *\n".repeat(10).into_bytes();
        text[30] = 0xFF;
        text[100] = 0x07;
        assert_eq!(
            decode(text).diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
            [INVALID_UTF8]
        );
    }
}
