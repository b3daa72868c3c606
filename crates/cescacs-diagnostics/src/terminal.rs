//! Text made safe to show on a terminal: the one place that decides which characters of input
//! text (a quoted move, a tag value, a file name, a source line) may reach a person's screen raw.
//!
//! A terminal acts on control characters instead of showing them (`ESC [2J` clears the screen,
//! `ESC ] 0;…BEL` sets the window title, a carriage return overwrites the line), and bidi
//! controls (U+202E) reorder what follows so that the text shown is not the text read. Every
//! human-readable output of the toolkit passes input text through [`terminal_safe`]; JSON output
//! does not need it (JSON escapes control characters itself, and its strings stay exact).

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether a terminal could act on `c`, or show it as nothing, instead of showing a character:
///
/// - the C0 controls (U+0000 to U+001F) but the line feed and the tab, DEL (U+007F) and the C1
///   controls (U+0080 to U+009F, among them CSI U+009B, which starts an escape sequence alone);
/// - the bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069);
/// - the other invisible format characters (soft hyphen, zero-width spaces and joiners, word
///   joiner and invisible operators, the byte-order mark, interlinear annotations, the tag
///   characters U+E0000 to U+E007F, Arabic and Syriac number signs, Mongolian vowel separator)
///   and the line and paragraph separators U+2028 and U+2029.
///
/// ```
/// use cescacs_diagnostics::terminal::is_unsafe;
/// assert!(is_unsafe('\x1b') && is_unsafe('\u{9b}') && is_unsafe('\u{202e}') && is_unsafe('\r'));
/// assert!(!is_unsafe('\n') && !is_unsafe('\t') && !is_unsafe('×') && !is_unsafe('♔'));
/// ```
pub fn is_unsafe(c: char) -> bool {
    match c {
        '\n' | '\t' => false,
        '\0'..='\x1f' | '\x7f'..='\u{9f}' => true,
        '\u{ad}'
        | '\u{600}'..='\u{605}'
        | '\u{61c}'
        | '\u{6dd}'
        | '\u{70f}'
        | '\u{8e2}'
        | '\u{180e}'
        | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206f}'
        | '\u{feff}'
        | '\u{fff9}'..='\u{fffb}'
        | '\u{110bd}'
        | '\u{110cd}'
        | '\u{13430}'..='\u{1343f}'
        | '\u{1bca0}'..='\u{1bca3}'
        | '\u{1d173}'..='\u{1d17a}'
        | '\u{e0000}'..='\u{e007f}' => true,
        _ => false,
    }
}

/// `text` with every character a terminal could act on ([`is_unsafe`]) written as a Rust
/// escape, `\u{1b}`; line feeds and tabs are kept. Borrowed when there is nothing to escape.
///
/// ```
/// use cescacs_diagnostics::terminal::terminal_safe;
/// assert_eq!(terminal_safe("C'\x1b[2Jescacs"), "C'\\u{1b}[2Jescacs");
/// assert_eq!(terminal_safe("a\u{202e}b\u{9b}c"), "a\\u{202e}b\\u{9b}c");
/// assert!(matches!(terminal_safe("1. E7-E13\n"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    let Some(first) = text.find(is_unsafe) else { return Cow::Borrowed(text) };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        push_safe(&mut out, c);
    }
    Cow::Owned(out)
}

/// `text` as [`terminal_safe`] shows it, and on one line: line feeds and tabs escaped too
/// (`\u{a}`, `\u{9}`), for a name (a file name, an argument) inside a one-line message, where
/// a line feed would start a line that seems to be the program's own.
///
/// ```
/// use cescacs_diagnostics::terminal::one_line;
/// assert_eq!(one_line("a\nb\t\x1b]0;x\x07.ctl-pgn"), "a\\u{a}b\\u{9}\\u{1b}]0;x\\u{7}.ctl-pgn");
/// assert!(matches!(one_line("games/a.ctl-pgn"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn one_line(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| c == '\n' || c == '\t' || is_unsafe(c);
    let Some(first) = text.find(breaks) else { return Cow::Borrowed(text) };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        if breaks(c) { escape(&mut out, c) } else { out.push(c) }
    }
    Cow::Owned(out)
}

/// Appends the Rust escape of `c`, `\u{1b}`.
fn escape(out: &mut String, c: char) {
    // Writing into a String cannot fail.
    let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
}

/// Appends `c` to `out`, escaped as [`terminal_safe`] does when it is unsafe.
///
/// ```
/// let mut out = String::new();
/// cescacs_diagnostics::terminal::push_safe(&mut out, '\u{7}');
/// cescacs_diagnostics::terminal::push_safe(&mut out, 'E');
/// assert_eq!(out, "\\u{7}E");
/// ```
pub fn push_safe(out: &mut String, c: char) {
    if is_unsafe(c) {
        escape(out, c);
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_and_format_character_is_escaped() {
        for c in (0u32..0x11_0000).filter_map(char::from_u32) {
            let controlish = (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}');
            if controlish {
                assert!(is_unsafe(c), "{:?}", c);
            }
            let shown = terminal_safe(&c.to_string()).into_owned();
            assert!(!shown.chars().any(is_unsafe), "{c:?} gives {shown:?}");
        }
    }

    #[test]
    fn escapes_are_rust_escapes() {
        assert_eq!(terminal_safe("\u{0}\r\u{85}"), "\\u{0}\\u{d}\\u{85}");
        assert_eq!(terminal_safe("tab\there\nline"), "tab\there\nline");
    }
}
