//! Human-readable diagnostics through ariadne: a code, a message, `path:line:col`, the source line
//! with the offending characters underlined, labels, help and notes.

use std::borrow::Cow;
use std::ops::Range;

use ariadne::{CharSet, Color, Config, IndexType, Label, Report, ReportKind, Source};
use cescacs_diagnostics::terminal::{is_unsafe, push_safe, terminal_safe};
use cescacs_diagnostics::{Diagnostic, Severity, Span};

use super::line_index::{LineIndex, ceil_char_boundary, end_of_last_line, floor_char_boundary};
use crate::reader::TextStart;

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
/// use cescacs_diagnostics::{Diagnostic, Span};
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
/// Each report shows only the lines its labels are on (and those between them); a line longer
/// than 160 characters is cut to the parts around the labels, the cuts marked `...` (`…` with
/// colour), so a game written on one line does not print a 1,000-character line. The
/// `path:line:col` header and the line numbers are those of the whole file either way.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Span};
/// use ctl_pgn::render::TextRenderer;
/// let r = TextRenderer::new("a.ctl-pgn", "[Variant \"C'escacs\"]\n", false);
/// let text = r.render(&Diagnostic::warning("W0301", Span::new(1, 8), "tag out of order"));
/// assert!(text.starts_with("[W0301] Warning: tag out of order"));
/// ```
#[derive(Debug)]
pub struct TextRenderer<'a> {
    /// The path, [terminal-safe](cescacs_diagnostics::terminal::terminal_safe).
    path: Cow<'a, str>,
    /// Lines and columns of the source (a leading BOM is not a column).
    index: LineIndex<'a>,
    config: Config,
    color: bool,
}

/// Lines longer than this many characters are cut around the labels.
const LONG_LINE: usize = 160;
/// Labels more than this many lines from the primary label are given as notes, and a label
/// running over more lines is shown on its first line.
pub const NEAR: usize = 8;
/// Characters kept on each side of a label's start or end on a cut line.
const CONTEXT: usize = 60;
/// The source name given to ariadne: its `name:line:col` header is replaced by ours, which knows
/// where the excerpt shown lies in the file.
const PLACEHOLDER: &str = "\u{1}";

impl<'a> TextRenderer<'a> {
    /// A renderer for diagnostics of `source`, a whole file, shown as coming from `path`.
    pub fn new(path: &'a str, source: &'a str, color: bool) -> TextRenderer<'a> {
        TextRenderer::at(path, source, TextStart::default(), color)
    }

    /// A renderer for diagnostics of `source`, a part of a file that starts at `start` (one
    /// game read from a stream): spans are file offsets, and headers and line numbers are those
    /// of the whole file.
    ///
    /// ```
    /// use cescacs_diagnostics::{Diagnostic, Span};
    /// use ctl_pgn::reader::TextStart;
    /// use ctl_pgn::render::TextRenderer;
    /// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"]\n1. E7xE13: *\n";
    /// let cut = file.rfind("[Variant").unwrap();
    /// let start = TextStart::default().after(&file.as_bytes()[..cut]);
    /// let r = TextRenderer::at("a.ctl-pgn", &file[cut..], start, false);
    /// let x = file.rfind('x').unwrap();
    /// let text = r.render(&Diagnostic::error("E0206", Span::new(x, x + 1), "found `x`"));
    /// assert!(text.contains("a.ctl-pgn:3:6"), "{text}");
    /// assert!(text.contains(" 3 | 1. E7xE13: *"), "{text}");
    /// ```
    pub fn at(path: &'a str, source: &'a str, start: TextStart, color: bool) -> TextRenderer<'a> {
        let config = Config::new()
            .with_index_type(IndexType::Byte)
            .with_color(color)
            .with_char_set(if color { CharSet::Unicode } else { CharSet::Ascii });
        TextRenderer {
            path: terminal_safe(path),
            index: LineIndex::at(source, start),
            config,
            color,
        }
    }

    /// One report, ending in a line break.
    ///
    /// Every part of text in it (message, labels, help, notes, path, source lines) is
    /// [terminal-safe](cescacs_diagnostics::terminal::terminal_safe). Its size does not depend on how
    /// far apart its labels are: a label more than `NEAR` (8) lines away from the primary one is
    /// given as a note with its place, and a label running over more than `NEAR` lines is
    /// shown on its first line (the note says where it ends), so a report costs what the lines
    /// it shows cost, not the lines between them.
    pub fn render(&self, d: &Diagnostic) -> String {
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let Layout { primary, labels, notes, excerpt } = self.layout(d);
        // Labels in the order of the lines they end on, so that ariadne shows them in one
        // snippet under one header (it starts a new snippet, headed with a place of its own
        // making, when a label ends on a line before the previous label's last line); on one
        // line, the primary label first.
        let mut order: Vec<usize> = (0..labels.len()).collect();
        let last_line =
            |r: &Range<usize>| self.index.line_number(r.end.saturating_sub(1).max(r.start));
        order.sort_by_key(|&i| (last_line(&labels[i].0), i));
        let place = excerpt.map(primary.clone());
        let message = terminal_safe(&d.message);
        let mut report = Report::build(kind, (PLACEHOLDER, place))
            .with_config(self.config)
            .with_code(d.code)
            .with_message(&message);
        for (rank, &i) in order.iter().enumerate() {
            let (range, message, colour) = &labels[i];
            report = report.with_label(
                Label::new((PLACEHOLDER, excerpt.map(range.clone())))
                    .with_message(message)
                    .with_color(*colour)
                    .with_order(i32::try_from(rank).unwrap_or(i32::MAX)),
            );
        }
        for help in &d.help {
            report = report.with_help(terminal_safe(help));
        }
        let notes =
            d.notes.iter().map(|n| terminal_safe(n)).chain(notes.into_iter().map(Cow::Owned));
        for note in notes {
            report = report.with_note(note);
        }
        let source = Source::from(excerpt.text.as_str());
        let mut out = Vec::new();
        // Writing into a Vec cannot fail, and every span was clamped into the excerpt.
        let written = report.finish().write((PLACEHOLDER, source), &mut out);
        debug_assert!(written.is_ok(), "ariadne failed: {written:?}");
        let out = String::from_utf8_lossy(&out);
        let at = self.index.line_col(d.span.start.max(self.index.start().offset));
        let out = replace_header(&out, &format!("{}:{at}", self.path));
        let before = self.index.start().line + excerpt.first_line;
        let lines = excerpt.text.split('\n').count();
        let out = renumber(&out, before, digits(before + lines));
        if self.color { out } else { trim_line_ends(&out) }
    }

    /// What a report shows: its labels (near the primary one, terminal-safe), the notes that
    /// stand for the others, and the excerpt of the source under them.
    fn layout<'d>(&self, d: &'d Diagnostic) -> Layout<'d> {
        let primary_colour = match d.severity {
            Severity::Error => Color::Red,
            Severity::Warning => Color::Yellow,
        };
        let mut notes: Vec<String> = Vec::new();
        let primary = self.clip(self.to_shown(d.span), &mut notes, "the span");
        let (near_from, near_to) = (
            self.index.line_number(primary.start).saturating_sub(NEAR),
            self.index.line_number(primary.end) + NEAR,
        );
        let mut labels: Vec<(Range<usize>, Cow<'_, str>, Color)> = vec![(
            primary.clone(),
            terminal_safe(d.primary_label.as_deref().unwrap_or(&d.message)),
            primary_colour,
        )];
        for label in &d.labels {
            let range = self.to_shown(label.span);
            let line = self.index.line_number(range.start);
            if line < near_from || line > near_to {
                notes.push(format!(
                    "{}: {}:{}",
                    terminal_safe(&label.message),
                    self.path,
                    self.index.line_col(label.span.start)
                ));
                continue;
            }
            let range = self.clip(range, &mut notes, &label.message);
            labels.push((range, terminal_safe(&label.message), Color::Blue));
        }
        let excerpt = self.excerpt(labels.iter().map(|(range, _, _)| range.clone()));
        Layout { primary, labels, notes, excerpt }
    }

    /// `range` (a source range), or its first line when it runs over more than [`NEAR`] lines;
    /// then a note says where `what` ends.
    fn clip(&self, range: Range<usize>, notes: &mut Vec<String>, what: &str) -> Range<usize> {
        let first = self.index.line_number(range.start);
        let last = self.index.line_number(range.end.saturating_sub(1).max(range.start));
        if last - first <= NEAR {
            return range;
        }
        let end = self.index.line_bounds(first).1.max(range.start + 1).min(range.end);
        let end = ceil_char_boundary(self.index.text(), end);
        let base = self.index.start().offset;
        notes.push(format!(
            "{} runs on to {}:{}",
            terminal_safe(what),
            self.path,
            self.index.line_col(range.end + base)
        ));
        range.start..end
    }

    /// A span of the file as a byte range of the source, widened to whole characters and clamped
    /// inside it.
    fn to_shown(&self, span: Span) -> Range<usize> {
        let text = self.index.text();
        let base = self.index.start().offset;
        debug_assert!(
            span.start <= span.end && span.start >= base && span.end <= text.len() + base,
            "span {span} outside a source of {} bytes at {base}",
            text.len()
        );
        let start = span.start.saturating_sub(base);
        let end = span.end.max(span.start).saturating_sub(base);
        debug_assert!(
            text.is_char_boundary(start.min(text.len()))
                && text.is_char_boundary(end.min(text.len())),
            "span {span} cuts a character"
        );
        let first = self.index.line_bounds(0).0;
        let start = floor_char_boundary(text, start).max(first);
        let end = ceil_char_boundary(text, end.max(start));
        if start == end {
            // "Found the end of the text": shown at the end of the last line, not past it.
            let at = end_of_last_line(text, start).max(first);
            return at..at;
        }
        start..end
    }

    /// The lines that `ranges` (source ranges) are on and those between them, long lines cut
    /// around the ranges' ends.
    fn excerpt(&self, ranges: impl Iterator<Item = Range<usize>>) -> Excerpt {
        let ranges: Vec<Range<usize>> = ranges.collect();
        let line_of = |at: usize| self.index.line_number(at);
        let first = ranges.iter().map(|r| line_of(r.start)).min().unwrap_or(0);
        let last =
            ranges.iter().map(|r| line_of(r.end.saturating_sub(1).max(r.start))).max().unwrap_or(0);
        let marker = if self.color { "…" } else { "..." };
        let mut excerpt = Excerpt { text: String::new(), first_line: first, parts: Vec::new() };
        for line in first..=last {
            if line > first {
                excerpt.text.push('\n');
            }
            let (start, end) = self.index.line_bounds(line);
            let text = self.index.text();
            let body = &text[start..end];
            let mut kept: Vec<(usize, usize)> = if body.chars().count() <= LONG_LINE {
                vec![(start, end)]
            } else {
                let points = ranges
                    .iter()
                    .flat_map(|r| [r.start, r.end])
                    .filter(|&p| p >= start && p <= end);
                let mut windows: Vec<(usize, usize)> = points
                    .map(|p| {
                        let from = back_chars(text, p, CONTEXT).max(start);
                        (from, forward_chars(text, p, CONTEXT).min(end))
                    })
                    .collect();
                if windows.is_empty() {
                    windows.push((start, forward_chars(text, start, 2 * CONTEXT)));
                }
                windows.sort_unstable();
                let mut merged: Vec<(usize, usize)> = Vec::new();
                for (from, to) in windows {
                    match merged.last_mut() {
                        Some(last) if from <= last.1 => last.1 = last.1.max(to),
                        _ => merged.push((from, to)),
                    }
                }
                merged
            };
            if kept.is_empty() {
                kept.push((start, end));
            }
            let mut cursor = start;
            for &(from, to) in &kept {
                if from > cursor {
                    excerpt.text.push_str(marker);
                }
                excerpt.push(text, from, to);
                cursor = to;
            }
            if cursor < end {
                excerpt.text.push_str(marker);
            }
        }
        excerpt
    }
}

/// The parts of one report (see [`TextRenderer::layout`]).
struct Layout<'d> {
    primary: Range<usize>,
    labels: Vec<(Range<usize>, Cow<'d, str>, Color)>,
    notes: Vec<String>,
    excerpt: Excerpt,
}

/// The text ariadne is given for one report, and where its parts come from.
struct Excerpt {
    text: String,
    /// The line of the source (0-based) that the excerpt's first line is.
    first_line: usize,
    /// `(source start, source end, excerpt start, excerpt end)` of each part of source text
    /// kept: a run of characters shown as they are, or one character shown escaped.
    parts: Vec<(usize, usize, usize, usize)>,
}

impl Excerpt {
    /// Appends `source[from..to]` (one line's part), each character that is not
    /// [terminal-safe](cescacs_diagnostics::terminal::is_unsafe) written escaped, as a part of its
    /// own, so that offsets still map.
    fn push(&mut self, source: &str, from: usize, to: usize) {
        let mut run = from;
        for (i, c) in source[from..to].char_indices() {
            if !is_unsafe(c) {
                continue;
            }
            let at = from + i;
            self.push_run(source, run, at);
            let into = self.text.len();
            push_safe(&mut self.text, c);
            self.parts.push((at, at + c.len_utf8(), into, self.text.len()));
            run = at + c.len_utf8();
        }
        self.push_run(source, run, to);
    }

    fn push_run(&mut self, source: &str, from: usize, to: usize) {
        if from < to || self.parts.last().is_none_or(|&(_, end, _, _)| end < from) {
            let into = self.text.len();
            self.text.push_str(&source[from..to]);
            self.parts.push((from, to, into, self.text.len()));
        }
    }

    /// A source range as a range of the excerpt (its ends are always in a kept part).
    fn map(&self, range: Range<usize>) -> Range<usize> {
        let at = |offset: usize| {
            let i = self.parts.partition_point(|&(from, _, _, _)| from <= offset).saturating_sub(1);
            self.parts.get(i).map_or(0, |&(from, to, into, end)| {
                if offset >= to {
                    end
                } else if end - into == to - from {
                    into + offset.max(from) - from
                } else {
                    into
                }
            })
        };
        at(range.start)..at(range.end)
    }
}

/// The offset `n` characters before `at` (or 0).
fn back_chars(text: &str, at: usize, n: usize) -> usize {
    text[..at].char_indices().rev().nth(n.saturating_sub(1)).map_or(0, |(i, _)| i)
}

/// The offset `n` characters after `at` (or the end).
fn forward_chars(text: &str, at: usize, n: usize) -> usize {
    text[at..].char_indices().nth(n).map_or(text.len(), |(i, _)| at + i)
}

fn digits(n: usize) -> usize {
    n.max(1).ilog10() as usize + 1
}

/// The length of the ANSI escape sequence (`ESC [ ... m`) at the start of `text`, or 0.
fn escape_len(text: &str) -> usize {
    if !text.starts_with("\x1b[") {
        return 0;
    }
    text.find('m').map_or(0, |m| m + 1)
}

/// `report` with the excerpt's line numbers (ariadne numbers its source from 1) made file line
/// numbers, `before` lines further, and its margin widened to `width` digits.
fn renumber(report: &str, before: usize, width: usize) -> String {
    let mut lines = report.split_inclusive('\n');
    let mut out = String::with_capacity(report.len() + 64);
    out.extend(lines.next());
    let mut rest: Vec<&str> = lines.collect();
    // The header line is the margin's width + 2 spaces, then the corner.
    let visible_spaces = |line: &str| {
        let mut i = 0;
        let mut spaces = 0usize;
        while i < line.len() {
            let e = escape_len(&line[i..]);
            if e > 0 {
                i += e;
            } else if line[i..].starts_with(' ') {
                spaces += 1;
                i += 1;
            } else {
                break;
            }
        }
        (spaces, i)
    };
    let Some(header) = rest.first() else { return report.to_string() };
    let old_width = visible_spaces(header).0.saturating_sub(2);
    let extra = width.saturating_sub(old_width);
    if extra == 0 && before == 0 {
        return report.to_string();
    }
    for line in &mut rest {
        let (spaces, end) = visible_spaces(line);
        let digits_len = line[end..].bytes().take_while(u8::is_ascii_digit).count();
        if digits_len > 0 && line[end + digits_len..].starts_with(' ') {
            // A numbered source line: ` N |`, escapes kept in front of the number.
            let number: usize = line[end..end + digits_len].parse().unwrap_or(0);
            let number = (number + before).to_string();
            let escapes: String = {
                let mut found = String::new();
                let mut i = 0;
                while i < end {
                    let e = escape_len(&line[i..]);
                    if e > 0 {
                        found.push_str(&line[i..i + e]);
                        i += e;
                    } else {
                        i += 1;
                    }
                }
                found
            };
            let pad = (1 + width).saturating_sub(number.len()).max(1);
            out.push(' ');
            out.push_str(&escapes);
            out.extend(std::iter::repeat_n(' ', pad - 1));
            out.push_str(&number);
            out.push_str(&line[end + digits_len..]);
        } else if spaces == 0 {
            // The closing line: the margin drawn with horizontal bars after any escapes.
            let e = escape_len(line);
            let bar = line[e..].chars().next().unwrap_or('-');
            out.push_str(&line[..e]);
            out.extend(std::iter::repeat_n(bar, extra));
            out.push_str(&line[e..]);
        } else {
            out.extend(std::iter::repeat_n(' ', extra));
            out.push_str(line);
        }
    }
    out
}

/// `report` with ariadne's `PLACEHOLDER:line:col` header replaced by `place`.
fn replace_header(report: &str, place: &str) -> String {
    let Some(at) = report.find(PLACEHOLDER) else { return report.to_string() };
    let end = report[at..].find(' ').map_or(report.len(), |n| at + n);
    format!("{}{place}{}", &report[..at], &report[end..])
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
    fn far_labels_and_long_spans_cost_only_the_lines_shown() {
        // The `*` lines case: each second result points back to the first one. The excerpt
        // (what each report builds and gives ariadne) must not grow with the distance.
        for lines in [100, 10_000, 100_000] {
            let source = "*\n".repeat(lines);
            let renderer = TextRenderer::new("stars.ctl-pgn", &source, false);
            let last = source.len() - 2;
            let d = Diagnostic::error("E0218", Span::new(last, last + 1), "a second result")
                .with_label(Span::new(0, 1), "the first result");
            let layout = renderer.layout(&d);
            assert!(
                layout.excerpt.text.len() <= 2 * NEAR + 2,
                "{lines}: {}",
                layout.excerpt.text.len()
            );
            let report = renderer.render(&d);
            assert!(report.contains("Note: the first result: stars.ctl-pgn:1:1"), "{report}");
            assert!(report.contains(&format!("stars.ctl-pgn:{lines}:1")), "{report}");
            let long = Diagnostic::error("E0222", Span::new(0, last), "everything");
            assert!(renderer.layout(&long).excerpt.text.len() <= 2, "{lines}");
            assert!(
                renderer.render(&long).contains(&format!("runs on to stars.ctl-pgn:{lines}:1"))
            );
        }
    }

    #[test]
    fn source_lines_and_every_text_are_terminal_safe() {
        let source = "[Variant \"C'\x1b[2Jescacs\"] {\u{9b}31m\u{202e}}\n";
        let renderer = TextRenderer::new("a\x07.ctl-pgn", source, false);
        let at = source.find('{').unwrap_or(0);
        let d = Diagnostic::error("E0222", Span::new(at, source.len() - 1), "found `\x1b]0;x\x07`")
            .with_label(Span::new(12, 13), "\u{2066}label")
            .with_help("help \r")
            .with_note("note \u{85}");
        let report = renderer.render(&d);
        assert!(!report.chars().any(is_unsafe), "{report:?}");
        assert!(report.contains("C'\\u{1b}[2Jescacs"), "{report}");
        assert!(report.contains("a\\u{7}.ctl-pgn:1:"), "{report}");
        // The underline still sits under the escaped text.
        let line = report.lines().find(|l| l.contains("\\u{9b}")).unwrap_or_default();
        let marks =
            report.lines().skip_while(|l| !l.contains("\\u{9b}")).nth(1).unwrap_or_default();
        assert_eq!(marks.find('^'), line.find("\\u{1b}"), "{report}");
        assert_eq!(marks.rfind('^'), line.rfind('}'), "{report}");
    }

    #[test]
    fn trims_trailing_spaces_only_at_line_ends() {
        assert_eq!(trim_line_ends("a  b  \n  \nc "), "a  b\n\nc");
    }
}
