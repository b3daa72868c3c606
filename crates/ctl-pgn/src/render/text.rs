//! Human-readable diagnostics through ariadne: a code, a message, `path:line:col`, the source line
//! with the offending characters underlined, labels, help and notes.

use std::borrow::Cow;
use std::ops::Range;

use ariadne::{CharSet, Color, Config, IndexType, Label, Report, ReportKind, Source};
use cescacs_board::{Diagnostic, Severity, Span};

use super::line_index::{ceil_char_boundary, end_of_last_line, floor_char_boundary};

/// Renders diagnostics of one source as text, one ariadne report after another.
///
/// `path` is shown in each report's `path:line:col` header (1-based line, column in Unicode
/// characters). Without `color` the output is plain ASCII art with no trailing spaces, stable
/// enough for golden tests; with it, ANSI colours for a terminal.
///
/// Spans are byte offsets into `source`. A span that runs past the end or cuts a character is
/// a bug in whoever made it: debug builds assert, release builds widen it to whole characters
/// inside the source rather than panic.
///
/// ```
/// use cescacs_board::{Diagnostic, Span};
/// use ctl_pgn::render::render_text;
/// let source = "1. E7xE13\n";
/// let d = Diagnostic::error("E0203", Span::new(5, 6), "expected `-`, `×` or `*`, found `x`")
///     .with_primary_label("not a separator")
///     .with_help("captures are written `×` or `*`, never `x`");
/// let text = render_text(&[d], "game.ctl-pgn", source, false);
/// assert!(text.starts_with("[E0203] Error: expected `-`, `×` or `*`, found `x`\n"));
/// assert!(text.contains("game.ctl-pgn:1:6"));
/// assert!(text.contains("Help: captures are written"));
/// ```
pub fn render_text(diagnostics: &[Diagnostic], path: &str, source: &str, color: bool) -> String {
    let renderer = TextRenderer::new(path, source, color);
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&renderer.render(d));
    }
    out
}

/// Renders many diagnostics of one source, indexing the source once.
///
/// [`render_text`] is this for a slice; use the renderer directly to interleave reports with
/// other output or to render diagnostics as they arrive.
///
/// ```
/// use cescacs_board::{Diagnostic, Span};
/// use ctl_pgn::render::TextRenderer;
/// let r = TextRenderer::new("a.ctl-pgn", "[Variant \"C'escacs\"]\n", false);
/// let text = r.render(&Diagnostic::warning("W0301", Span::new(1, 8), "tag out of order"));
/// assert!(text.starts_with("[W0301] Warning: tag out of order"));
/// ```
#[derive(Debug)]
pub struct TextRenderer<'a> {
    path: &'a str,
    /// The text ariadne sees: the source without a leading BOM, with the few characters that
    /// ariadne (but not LSP) takes for line breaks replaced by same-length stand-ins.
    shown: Source<Cow<'a, str>>,
    /// Bytes removed at the start (a BOM): subtracted from every span.
    skipped: usize,
    config: Config,
    color: bool,
}

impl<'a> TextRenderer<'a> {
    /// A renderer for diagnostics of `source`, shown as coming from `path`.
    pub fn new(path: &'a str, source: &'a str, color: bool) -> TextRenderer<'a> {
        let (skipped, text) = match source.strip_prefix('\u{feff}') {
            Some(rest) => (source.len() - rest.len(), rest),
            None => (0, source),
        };
        let config = Config::new()
            .with_index_type(IndexType::Byte)
            .with_color(color)
            .with_char_set(if color { CharSet::Unicode } else { CharSet::Ascii });
        TextRenderer { path, shown: Source::from(displayable(text)), skipped, config, color }
    }

    /// One report, ending in a line break.
    pub fn render(&self, d: &Diagnostic) -> String {
        let primary = self.to_shown(d.span);
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let primary_colour = match d.severity {
            Severity::Error => Color::Red,
            Severity::Warning => Color::Yellow,
        };
        let mut report = Report::build(kind, (self.path, primary.clone()))
            .with_config(self.config)
            .with_code(d.code)
            .with_message(&d.message)
            .with_label(
                Label::new((self.path, primary))
                    .with_message(d.primary_label.as_deref().unwrap_or(&d.message))
                    .with_color(primary_colour)
                    .with_order(0),
            );
        for (i, label) in d.labels.iter().enumerate() {
            report = report.with_label(
                Label::new((self.path, self.to_shown(label.span)))
                    .with_message(&label.message)
                    .with_color(Color::Blue)
                    .with_order(i32::try_from(i + 1).unwrap_or(i32::MAX)),
            );
        }
        for help in &d.help {
            report = report.with_help(help);
        }
        for note in &d.notes {
            report = report.with_note(note);
        }
        let mut out = Vec::new();
        // Writing into a Vec cannot fail, and every span was clamped into the source.
        let written = report.finish().write((self.path, &self.shown), &mut out);
        debug_assert!(written.is_ok(), "ariadne failed: {written:?}");
        let out = String::from_utf8_lossy(&out);
        if self.color { out.into_owned() } else { trim_line_ends(&out) }
    }

    /// A span of the original source as a byte range of the shown text, widened to whole
    /// characters and clamped inside it.
    fn to_shown(&self, span: Span) -> Range<usize> {
        let text = self.shown.text();
        debug_assert!(
            span.start <= span.end && span.end <= text.len() + self.skipped,
            "span {span} outside a source of {} bytes",
            text.len() + self.skipped
        );
        let start = span.start.saturating_sub(self.skipped);
        let end = span.end.max(span.start).saturating_sub(self.skipped);
        debug_assert!(
            text.is_char_boundary(start.min(text.len()))
                && text.is_char_boundary(end.min(text.len())),
            "span {span} cuts a character"
        );
        let start = floor_char_boundary(text, start);
        let end = ceil_char_boundary(text, end.max(start));
        if start == end {
            // "Found the end of the text": shown at the end of the last line, not past it.
            let at = end_of_last_line(text, start);
            return at..at;
        }
        start..end
    }
}

/// `text`, with the characters ariadne treats as line breaks but LSP and editors do not
/// (vertical tab, form feed, NEL, U+2028, U+2029) replaced by visible stand-ins of the same byte
/// length, so that byte offsets and line numbers agree with [`super::LineIndex`].
fn displayable(text: &str) -> Cow<'_, str> {
    let odd = |c: char| matches!(c, '\x0b' | '\x0c' | '\u{85}' | '\u{2028}' | '\u{2029}');
    if !text.contains(odd) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        out.push(match c {
            '\x0b' | '\x0c' => ' ',
            '\u{85}' => '\u{b7}',                  // 2 bytes: middle dot
            '\u{2028}' | '\u{2029}' => '\u{2424}', // 3 bytes: symbol for newline
            c => c,
        });
    }
    debug_assert_eq!(out.len(), text.len());
    Cow::Owned(out)
}

fn trim_line_ends(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        out.push_str(body.trim_end());
        if body.len() < line.len() {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displayable_keeps_byte_length() {
        let text = "a\x0bb\u{85}c\u{2028}d";
        let shown = displayable(text);
        assert_eq!(shown.len(), text.len());
        assert_eq!(shown, "a b\u{b7}c\u{2424}d");
    }

    #[test]
    fn trims_trailing_spaces_only_at_line_ends() {
        assert_eq!(trim_line_ends("a  b  \n  \nc "), "a  b\n\nc");
    }
}
