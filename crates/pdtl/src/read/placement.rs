//! The first field: `/28:v/27:dk/.../0:V/`, lines from 28 down, each `N:` and its entries.

use cescacs_board::{Colour, Hex, HexColour, Line, Piece, PieceKind, Position};
use cescacs_diagnostics::{Diagnostic, Span};

use super::cx::{Cx, Field, char_span};
use crate::{Dialect, codes};

/// What the placement field put on the board, for the checks that follow.
pub(crate) struct Placement {
    /// No error was found in the placement.
    pub sound: bool,
    /// Every piece read, in text order, with the span of its letter.
    pub pieces: Vec<(Hex, Piece, Span)>,
    /// Some entry could not be placed (bad or repeated line, unknown letter): a missing piece may
    /// be there, so its absence is not reported.
    pub dropped: bool,
    /// How many of [`pieces`](Placement::pieces) each side has of each kind, counted as they
    /// are read: the census looks at the list only when a count is wrong.
    pub counts: [[u8; PieceKind::ALL.len()]; 2],
    /// The Bishops of each side on each hex colour (white, black, coloured).
    pub bishops_on: [[u8; 3]; 2],
    /// The first King of each side, with the span of its letter.
    pub kings: [Option<(Hex, Span)>; 2],
}

impl Placement {
    /// A placement without pieces yet, with room for `capacity`.
    fn with_capacity(capacity: usize) -> Placement {
        Placement {
            sound: true,
            pieces: Vec::with_capacity(capacity),
            dropped: false,
            counts: Default::default(),
            bishops_on: Default::default(),
            kings: [None; 2],
        }
    }

    /// Adds a piece read.
    fn push(&mut self, hex: Hex, piece: Piece, span: Span) {
        self.pieces.push((hex, piece, span));
        let side = piece.colour.index();
        let count = &mut self.counts[side][piece.kind.index()];
        *count = count.saturating_add(1);
        match piece.kind {
            PieceKind::Bishop => {
                let on = &mut self.bishops_on[side][hex_colour_index(hex.colour())];
                *on = on.saturating_add(1);
            }
            PieceKind::King if self.kings[side].is_none() => self.kings[side] = Some((hex, span)),
            _ => {}
        }
    }
}

/// The index of a hex colour in [`Placement::bishops_on`].
pub(crate) fn hex_colour_index(c: HexColour) -> usize {
    match c {
        HexColour::White => 0,
        HexColour::Black => 1,
        HexColour::Coloured => 2,
    }
}

pub(crate) fn read(cx: &mut Cx<'_>, field: Field<'_>, position: &mut Position) -> Placement {
    if let Some(placement) = read_canonical(cx, field, position) {
        return placement;
    }
    *position = Position::empty();
    read_reporting(cx, field, position)
}

/// Reads a placement written as [`write`](crate::write()) writes one, which most placements
/// are: one pass over the bytes, no diagnostic. `None` as soon as anything differs (the
/// position is then half set): [`read_reporting`] reads it again and says what differs.
///
/// When it answers, it answers what [`read_reporting`] does, which finds nothing to report
/// (a test compares them): slashes around every entry; line numbers without leading zeros,
/// each below the one before; every line full, with at least one piece; single digits 1 to 9
/// between the pieces.
fn read_canonical(cx: &Cx<'_>, field: Field<'_>, position: &mut Position) -> Option<Placement> {
    let text = field.text;
    let bytes = text.as_bytes();
    if bytes.len() < 2 || bytes[0] != b'/' || bytes[bytes.len() - 1] != b'/' {
        return None;
    }
    let mut placement = Placement::with_capacity(bytes.len() / 2);
    // Lines go down from 28: the first may be 28.
    let mut above = Line::MAX + 1;
    let digit = |b: u8| b.is_ascii_digit().then(|| b - b'0');
    // `bytes` ends with `/`: every entry below ends before the end, so indexing stops there.
    let mut i = 1;
    while i < bytes.len() {
        let mut number = digit(bytes[i])?;
        i += 1;
        if let Some(d) = digit(bytes[i]) {
            if number == 0 {
                return None;
            }
            number = 10 * number + d;
            i += 1;
        }
        if bytes[i] != b':' || number >= above {
            return None;
        }
        above = number;
        i += 1;
        let line = Line::new(number)?;
        let (len, first) = (line.len(), line.hexes().next()?.index());
        let (mut pos, mut letters, mut after_digit) = (0, 0, false);
        while bytes[i] != b'/' {
            let b = bytes[i];
            if b.is_ascii_digit() {
                if after_digit || b == b'0' {
                    return None;
                }
                after_digit = true;
                pos += usize::from(b - b'0');
                i += 1;
                continue;
            }
            after_digit = false;
            let (c, n) = match b.is_ascii() {
                true => (char::from(b), 1),
                false => text[i..].chars().next().map(|c| (c, c.len_utf8()))?,
            };
            let piece = cx.letters.piece_of(c)?;
            if pos >= len {
                return None;
            }
            let hex = Hex::from_index(first + pos)?;
            position.set_piece(hex, Some(piece));
            let at = field.start + i;
            placement.push(hex, piece, Span::new(at, at + n));
            letters += 1;
            pos += 1;
            i += n;
        }
        if pos != len || letters == 0 {
            return None;
        }
        i += 1;
    }
    Some(placement)
}

/// Reads any placement, reporting every problem.
fn read_reporting(cx: &mut Cx<'_>, field: Field<'_>, position: &mut Position) -> Placement {
    let errors_before = error_count(cx);
    // One piece per letter at most; most letters of a placement are pieces.
    let mut placement = Placement::with_capacity(field.text.len() / 2);
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
                let message = "expected a line entry `N:...` between two slashes, found nothing";
                cx.diags.push(
                    match cx.dialect {
                        Dialect::Spec => Diagnostic::error(codes::PLACEMENT_SYNTAX, span, message),
                        Dialect::App => Diagnostic::warning(
                            codes::APP_EMPTY_ENTRY,
                            span,
                            format!("{message}; skipped, as the app skips it"),
                        ),
                    }
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
        if let (Some(first), Dialect::App) = (seen[number as usize], cx.dialect) {
            // The app fills the hexes of a line given again; a hex filled twice is an error
            // (`line_content`).
            cx.diags.push(
                Diagnostic::warning(
                    codes::APP_REPEATED_LINE,
                    number_span,
                    format!(
                        "expected each line once, found line {number} again; its pieces are added to the line, as the app adds them"
                    ),
                )
                .with_label(first, "first given here")
                .with_help("put all the pieces of a line in one entry"),
            );
        } else if let Some(first) = seen[number as usize] {
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
            let message = format!(
                "expected a line below {prev} (lines go from 28 down to 0), found line {number}"
            );
            let d = match cx.dialect {
                Dialect::Spec => Diagnostic::error(codes::LINE_ORDER, number_span, message),
                Dialect::App => Diagnostic::warning(
                    codes::APP_LINE_ORDER,
                    number_span,
                    format!("{message}; placed on its line, as the app places it"),
                ),
            };
            cx.diags.push(d.with_label(prev_span, "the previous line"));
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
        match cx.letters.piece_of(c).or_else(|| app_alias(cx, c, span)) {
            Some(piece) => {
                if pos < len {
                    if let (true, Some(hex)) = (place, line.hexes().nth(pos)) {
                        if let Some(there) = position.piece_at(hex) {
                            // Only a line given twice (the app's dialect) comes back to a hex.
                            hex_filled_twice(cx, line, hex, there, span);
                        }
                        position.set_piece(hex, Some(piece));
                        placement.push(hex, piece, span);
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

/// In the app's dialect, a letter of another language that the app reads (`Q` for `D`, `T` for
/// `R`...: [`PieceKind::alternative_letters`]), with a warning.
fn app_alias(cx: &mut Cx<'_>, c: char, span: Span) -> Option<Piece> {
    if cx.dialect != Dialect::App || !c.is_ascii_alphabetic() || Piece::from_letter(c).is_some() {
        return None;
    }
    let piece = cx.letters.guess_piece(c)?;
    let written = cx.letters.letter(piece);
    cx.diags.push(
        Diagnostic::warning(
            codes::APP_PIECE_ALIAS,
            span,
            format!(
                "expected a piece letter, found `{c}`; read as the {} {} (`{written}`), as the app reads it",
                piece.colour, piece.kind
            ),
        )
        .with_fix(span, written.to_string()),
    );
    Some(piece)
}

/// A hex that a line given twice fills again: the app refuses it too.
fn hex_filled_twice(cx: &mut Cx<'_>, line: Line, hex: Hex, there: Piece, span: Span) {
    cx.diags.push(Diagnostic::error(
        codes::REPEATED_LINE,
        span,
        format!(
            "expected each hex once, found {hex} filled again (line {line} is given twice, and {hex} already holds a {} {})",
            there.colour, there.kind
        ),
    ));
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

#[cfg(test)]
mod tests {
    use cescacs_board::{Hex, Letters, Piece, PieceKind, Position};
    use proptest::prelude::*;

    use super::{Cx, Field, Placement, hex_colour_index, read_canonical, read_reporting};
    use crate::Dialect;

    fn tables() -> [Letters; 3] {
        [Letters::standard(), Letters::fan(), Letters::from_redefine("L@J, S@N, T@R, W@V").unwrap()]
    }

    /// The placement field of `pieces` (hex index, piece index) as `write` writes it.
    fn written(pieces: &[(usize, usize)], letters: &Letters) -> String {
        let mut p = Position::empty();
        for &(hex, piece) in pieces {
            let (colour, kind) = (cescacs_board::Colour::ALL[piece % 2], piece / 2);
            let piece = Piece::new(colour, cescacs_board::PieceKind::ALL[kind]);
            p.set_piece(Hex::from_index(hex).unwrap(), Some(piece));
        }
        let text = crate::write(&p, letters);
        text[..text.find(' ').unwrap()].to_string()
    }

    /// The counts kept while reading are those of the list of pieces.
    fn counted_as_listed(placement: &Placement, text: &str) -> Result<(), TestCaseError> {
        let mut counts = [[0u8; 9]; 2];
        let mut bishops_on = [[0u8; 3]; 2];
        for (hex, p, _) in &placement.pieces {
            counts[p.colour.index()][p.kind.index()] += 1;
            if p.kind == PieceKind::Bishop {
                bishops_on[p.colour.index()][hex_colour_index(hex.colour())] += 1;
            }
        }
        prop_assert_eq!(placement.counts, counts, "{}", text);
        prop_assert_eq!(placement.bishops_on, bishops_on, "{}", text);
        let first_king = |colour: usize| {
            placement
                .pieces
                .iter()
                .find(|(_, p, _)| p.kind == PieceKind::King && p.colour.index() == colour)
                .map(|&(h, _, s)| (h, s))
        };
        prop_assert_eq!(placement.kings, [first_king(0), first_king(1)], "{}", text);
        Ok(())
    }

    /// Whether `read_canonical` read `text`; when it did, it agreed with `read_reporting` in
    /// every output, and `read_reporting` found nothing to report.
    fn agrees(text: &str, letters: &Letters) -> Result<bool, TestCaseError> {
        let field = Field { text, start: 0 };
        let mut slow_cx = Cx { text, letters, dialect: Dialect::Spec, diags: Vec::new() };
        let mut slow_position = Position::empty();
        let slow = read_reporting(&mut slow_cx, field, &mut slow_position);
        counted_as_listed(&slow, text)?;
        let fast_cx = Cx { text, letters, dialect: Dialect::Spec, diags: Vec::new() };
        let mut fast_position = Position::empty();
        let Some(fast) = read_canonical(&fast_cx, field, &mut fast_position) else {
            prop_assert!(!slow_cx.diags.is_empty(), "clean but not read: {text}");
            return Ok(false);
        };
        prop_assert!(slow_cx.diags.is_empty(), "{text}: {:?}", slow_cx.diags);
        prop_assert_eq!(fast_position, slow_position, "{}", text);
        prop_assert_eq!((fast.sound, fast.dropped), (slow.sound, slow.dropped), "{}", text);
        prop_assert_eq!(fast.pieces, slow.pieces, "{}", text);
        prop_assert_eq!(fast.counts, slow.counts, "{}", text);
        prop_assert_eq!(fast.bishops_on, slow.bishops_on, "{}", text);
        prop_assert_eq!(fast.kings, slow.kings, "{}", text);

        Ok(true)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Written placements are read by the short way; mutated ones are read by it only when
        /// the reporting way has nothing to say, and then the same.
        #[test]
        fn canonical_reading_agrees_with_the_reporting_one(
            pieces in prop::collection::vec((0usize..169, 0usize..18), 1..90),
            table in 0usize..3,
            edits in prop::collection::vec(
                (any::<prop::sample::Index>(), 0u8..3, prop::sample::select(vec![
                    "/", "0", "1", "2", "9", "10", ":", "p", "K", "k", "j", "x", "\u{2654}",
                    "\u{1fa50}", "\u{2010}", "//", "28:", "0:", "01:",
                ])),
                0..4,
            ),
        ) {
            let letters = &tables()[table];
            let text = written(&pieces, letters);
            prop_assert!(agrees(&text, letters)?, "written but not read: {}", text);
            let mut mutated = text.clone();
            for (at, op, with) in edits {
                let mut at = at.index(mutated.len() + 1);
                while !mutated.is_char_boundary(at) {
                    at -= 1;
                }
                let end = mutated[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                match op {
                    0 => mutated.insert_str(at, with),
                    1 => mutated.replace_range(at..end, with),
                    _ => mutated.replace_range(at..end, ""),
                }
            }
            agrees(&mutated, letters)?;
        }
    }
}
