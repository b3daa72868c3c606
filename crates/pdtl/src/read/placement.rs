//! The first field: `/28:v/27:dk/.../0:V/`, lines from 28 down, each `N:` and its entries.

use cescacs_board::{Colour, Diagnostic, Hex, Line, Piece, PieceKind, Position, Span};

use super::{Cx, Field, char_span};
use crate::codes;

/// What the placement field put on the board, for the checks that follow.
pub(crate) struct Placement {
    /// No error was found in the placement.
    pub sound: bool,
    /// Every piece read, in text order, with the span of its letter.
    pub pieces: Vec<(Hex, Piece, Span)>,
    /// Some entry could not be placed (bad or repeated line, unknown letter): a missing piece may
    /// be there, so its absence is not reported.
    pub dropped: bool,
}

pub(crate) fn read(cx: &mut Cx<'_>, field: Field<'_>, position: &mut Position) -> Placement {
    let errors_before = error_count(cx);
    // One piece per letter at most; most letters of a placement are pieces.
    let mut placement =
        Placement { sound: true, pieces: Vec::with_capacity(field.text.len() / 2), dropped: false };
    let text = field.text;
    let base = field.start;

    if !text.starts_with('/') {
        let at = char_span(cx.text, base);
        cx.diags.push(
            Diagnostic::error(
                codes::PLACEMENT_SYNTAX,
                at,
                format!(
                    "expected `/` at the start of the placement, found `{}`",
                    &cx.text[at.range()]
                ),
            )
            .with_fix(Span::new(base, base), "/"),
        );
    }
    if !text.ends_with('/') {
        let last = text.char_indices().last().map_or(0, |(i, _)| i);
        let at = char_span(cx.text, base + last);
        let end = base + text.len();
        cx.diags.push(
            Diagnostic::error(
                codes::PLACEMENT_SYNTAX,
                at,
                format!(
                    "expected `/` at the end of the placement, found `{}`",
                    &cx.text[at.range()]
                ),
            )
            .with_help("every line entry ends with `/`, the last one too")
            .with_fix(Span::new(end, end), "/"),
        );
    }

    // Line entries between slashes; the empty pieces before the first and after the last slash
    // are the field's ends, not entries.
    let n = text.bytes().filter(|&b| b == b'/').count() + 1;
    let mut previous: Option<(u8, Span)> = None;
    let mut seen: [Option<Span>; 29] = [None; 29];
    let mut offset = 0;
    for (k, entry) in text.split('/').enumerate() {
        let start = base + offset;
        offset += entry.len() + 1;
        if entry.is_empty() {
            let at_end = (k == 0 && text.starts_with('/')) || (k == n - 1 && text.ends_with('/'));
            if !at_end && n > 1 {
                // `//`: point at the second slash.
                let span = Span::new(start, start + usize::from(start < base + text.len()));
                cx.diags.push(
                    Diagnostic::error(
                        codes::PLACEMENT_SYNTAX,
                        span,
                        "expected a line entry `N:...` between two slashes, found nothing",
                    )
                    .with_fix(span, ""),
                );
            }
            continue;
        }
        let Some((number, number_span, content_start)) = line_number(cx, start, entry) else {
            placement.dropped = true;
            continue;
        };
        let mut place = true;
        if let Some(first) = seen[number as usize] {
            place = false;
            placement.dropped = true;
            cx.diags.push(
                Diagnostic::error(
                    codes::REPEATED_LINE,
                    number_span,
                    format!("expected each line once, found line {number} again"),
                )
                .with_label(first, "first given here")
                .with_help("put all the pieces of a line in one entry"),
            );
        } else if let Some((prev, prev_span)) = previous.filter(|&(p, _)| number > p) {
            // The entry is still unambiguous: its pieces are placed so that no missing King or
            // Rook is reported on top of the order error.
            cx.diags.push(
                Diagnostic::error(
                    codes::LINE_ORDER,
                    number_span,
                    format!(
                        "expected a line below {prev} (lines go from 28 down to 0), found line {number}"
                    ),
                )
                .with_label(prev_span, "the previous line"),
            );
        }
        if seen[number as usize].is_none() {
            seen[number as usize] = Some(number_span);
        }
        if place {
            previous = Some((number, number_span));
        }
        let Some(line) = Line::new(number) else { continue };
        let content = &cx.text[content_start..start + entry.len()];
        let letters =
            line_content(cx, line, content_start, content, place, position, &mut placement);
        let entry_span = Span::new(start, start + entry.len());
        if letters == 0 {
            let slash_end = (start + entry.len() + 1).min(base + text.len());
            cx.diags.push(
                Diagnostic::warning(
                    codes::EMPTY_LINE,
                    entry_span,
                    format!(
                        "expected only lines that hold pieces, found line {number} with none (empty lines are omitted)"
                    ),
                )
                .with_fix(Span::new(start, slash_end), ""),
            );
        }
    }
    placement.sound = error_count(cx) == errors_before;
    placement
}

fn error_count(cx: &Cx<'_>) -> usize {
    cx.diags.iter().filter(|d| d.is_error()).count()
}

/// Reads `N:` at the start of an entry: the line number, its span and where the content starts.
fn line_number(cx: &mut Cx<'_>, start: usize, entry: &str) -> Option<(u8, Span, usize)> {
    let digits = entry.bytes().take_while(u8::is_ascii_digit).count();
    let number_span = Span::new(start, start + digits);
    if digits == 0 {
        let until = entry.find(':').unwrap_or(entry.len());
        let span = Span::new(start, start + until.max(char_span(entry, 0).end));
        let found = &cx.text[span.range()];
        cx.diags.push(
            Diagnostic::error(
                codes::BAD_LINE_NUMBER,
                span,
                format!("expected a line number (28 down to 0) followed by `:`, found `{found}`"),
            )
            .with_help("each line entry is written `N:` and its hexes, e.g. `/14:3k3/`"),
        );
        return None;
    }
    let value: u32 = entry[..digits].parse().unwrap_or(u32::MAX);
    let after = start + digits;
    let content_start = if entry[digits..].starts_with(':') {
        after + 1
    } else {
        let at = char_span(cx.text, after.min(cx.text.len()));
        let found = if digits == entry.len() {
            "the end of the entry".to_string()
        } else {
            format!("`{}`", &cx.text[at.range()])
        };
        let span = if digits == entry.len() { number_span } else { at };
        cx.diags.push(
            Diagnostic::error(
                codes::PLACEMENT_SYNTAX,
                span,
                format!("expected `:` after the line number {value}, found {found}"),
            )
            .with_fix(Span::new(after, after), ":"),
        );
        if digits == entry.len() {
            // A bare number: nothing to read as the line's content.
            return None;
        }
        after
    };
    if value > u32::from(Line::MAX) {
        cx.diags.push(
            Diagnostic::error(
                codes::BAD_LINE_NUMBER,
                number_span,
                format!("expected a line number from 0 to 28, found {}", &entry[..digits]),
            )
            .with_help(
                "the board has the cross-lines 0 (White's corner F0) to 28 (Black's corner F28)",
            ),
        );
        return None;
    }
    if digits > 1 && entry.starts_with('0') {
        cx.diags.push(
            Diagnostic::warning(
                codes::LINE_LEADING_ZERO,
                number_span,
                format!(
                    "expected line number `{value}` without leading zeros, found `{}`",
                    &entry[..digits]
                ),
            )
            .with_fix(number_span, value.to_string()),
        );
    }
    Some((value as u8, number_span, content_start))
}

/// Reads the entries of one line: piece letters and digits for runs of empty hexes.
fn line_content(
    cx: &mut Cx<'_>,
    line: Line,
    start: usize,
    content: &str,
    place: bool,
    position: &mut Position,
    placement: &mut Placement,
) -> usize {
    let mut letters = 0;
    let len = line.len();
    let mut pos = 0usize;
    let mut overflow_at: Option<usize> = None;
    // A run of consecutive digits: (byte start, byte end, sum, digit count, has a zero).
    let mut run: Option<(usize, usize, usize, usize, bool)> = None;
    for (i, c) in content.char_indices() {
        let at = start + i;
        if let Some(d) = c.to_digit(10) {
            let d = d as usize;
            let r = run.get_or_insert((at, at, 0, 0, false));
            r.1 = at + 1;
            r.2 += d;
            r.3 += 1;
            r.4 |= d == 0;
            if pos + d > len && overflow_at.is_none() && d > 0 {
                overflow_at = Some(at);
            }
            pos += d;
            continue;
        }
        if let Some(r) = run.take() {
            empty_run(cx, r);
        }
        let span = Span::new(at, at + c.len_utf8());
        letters += 1;
        match cx.letters.piece_of(c) {
            Some(piece) => {
                if pos < len {
                    if let (true, Some(hex)) = (place, line.hexes().nth(pos)) {
                        position.set_piece(hex, Some(piece));
                        placement.pieces.push((hex, piece, span));
                    }
                } else if overflow_at.is_none() {
                    overflow_at = Some(at);
                }
            }
            None => {
                unknown_letter(cx, c, span);
                placement.dropped = true;
                if pos >= len && overflow_at.is_none() {
                    overflow_at = Some(at);
                }
            }
        }
        pos += 1;
    }
    if let Some(r) = run.take() {
        empty_run(cx, r);
    }
    let columns = || line.hexes().map(|h| h.column().to_string()).collect::<Vec<_>>().join(" ");
    let end = start + content.len();
    if let Some(o) = overflow_at {
        cx.diags.push(
            Diagnostic::error(
                codes::LINE_TOO_LONG,
                Span::new(o, end),
                format!(
                    "expected at most {len} hex{} on line {line} (columns {}), found {pos} entries",
                    if len == 1 { "" } else { "es" },
                    columns()
                ),
            )
            .with_primary_label("these entries fall off the board"),
        );
    } else if pos < len && !content.is_empty() {
        let missing = len - pos;
        cx.diags.push(
            Diagnostic::warning(
                codes::LINE_TOO_SHORT,
                Span::new(start, end),
                format!(
                    "expected {len} hexes on line {line} (columns {}), found {pos}: the last {missing} read as empty",
                    columns()
                ),
            )
            .with_fix(Span::new(end, end), missing.to_string()),
        );
    }
    letters
}

/// A run of digits (byte start, byte end, sum, digit count, has a zero) must be one digit, not 0.
fn empty_run(cx: &mut Cx<'_>, (s, e, sum, count, zero): (usize, usize, usize, usize, bool)) {
    if count > 1 || zero {
        let span = Span::new(s, e);
        let replacement = if sum == 0 { String::new() } else { sum.to_string() };
        let found = &cx.text[span.range()];
        let expected = if sum == 0 { "no digit".to_string() } else { format!("`{sum}`") };
        cx.diags.push(
            Diagnostic::warning(
                codes::EMPTY_RUN,
                span,
                format!("expected {expected} for a run of {sum} empty hexes, found `{found}`"),
            )
            .with_fix(span, replacement),
        );
    }
}

fn unknown_letter(cx: &mut Cx<'_>, c: char, span: Span) {
    let all = |colour| -> String {
        PieceKind::ALL.into_iter().map(|k| cx.letters.letter(Piece::new(colour, k))).collect()
    };
    let table = if cx.letters.is_fan() { "a FAN piece symbol" } else { "a piece letter" };
    let mut d = Diagnostic::error(
        codes::UNKNOWN_LETTER,
        span,
        format!(
            "expected {table} ({} {}) or a digit, found `{c}`",
            all(Colour::White),
            all(Colour::Black)
        ),
    );
    if let Some(guess) = cx.letters.guess_piece(c) {
        let colour = guess.colour;
        let written = cx.letters.letter(guess);
        d = d
            .with_help(format!(
                "with the letters in use ({}) the {colour} {} is written `{written}`",
                cx.letters, guess.kind
            ))
            .with_fix(span, written.to_string());
    } else if c == 'M' || c == 'm' {
        d = d.with_note("the Almogaver (M) belongs to Grand C'escacs, not to C'escacs");
    }
    cx.diags.push(d);
}
