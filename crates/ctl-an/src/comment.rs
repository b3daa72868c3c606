//! Comments: their kind (`@W:`, `@B:`, automatic) and the references inside their text.
//!
//! Comment text is free, so a reference that cannot be read is only a warning and stays text.

use cescacs_board::{Colour, Hex};
use cescacs_diagnostics::{Diagnostic, Span};

use crate::diag;
use crate::syntax::{Comment, CommentKind, HexShade, Reference, Spanned, VariationId};

/// A text that cannot be a comment's: it holds `}`, which would end the comment there (comments
/// do not nest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommentTextError {
    /// The byte offset of the `}` in the text.
    pub at: usize,
}

impl core::fmt::Display for CommentTextError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "a comment cannot hold `}}` (at byte {}): it would end the comment there",
            self.at
        )
    }
}

impl std::error::Error for CommentTextError {}

impl Comment {
    /// The comment `{text}`: its kind (`@W:`, `@B:`, automatic `{:...}`, or plain) and the
    /// references in it read as the reader reads them, spans into `{text}`. The text is kept
    /// verbatim, spaces included (`" @W: fine "` is written `{ @W: fine }`).
    ///
    /// ```
    /// use cescacs_board::Colour;
    /// use ctl_an::syntax::{Comment, CommentKind, Reference};
    /// let c = Comment::new(" @B: takes ~E13 ")?;
    /// assert_eq!(c.kind, CommentKind::Player { colour: Colour::Black, colon: true });
    /// assert!(matches!(c.references[1].value, Reference::Hex(_)));
    /// assert!(Comment::new("a } b").is_err());
    /// # Ok::<(), ctl_an::syntax::CommentTextError>(())
    /// ```
    pub fn new(text: &str) -> Result<Comment, CommentTextError> {
        if let Some(at) = text.find('}') {
            return Err(CommentTextError { at });
        }
        let source = format!("{{{text}}}");
        // Its warnings (a reference that cannot be read stays text) are the checker's to give.
        Ok(read(&source, Span::new(0, source.len()), &mut Vec::new()))
    }
}

/// Reads the comment token at `span` of `source` (with or without its closing brace).
pub(crate) fn read(source: &str, span: Span, diags: &mut Vec<Diagnostic>) -> Comment {
    let (inner, offset) = inner(source, span);
    let kind = kind(inner, offset, diags);
    let mut references = Vec::new();
    scan::<true>(inner, offset, &mut references, diags);
    Comment { span, text: inner.to_string(), kind, references }
}

/// What the fast path needs of the comment token at `span` of `source`: its text and kind,
/// and, into `out`, its references to moves and variations (`#…`), those of [`read`] in the
/// same order. The diagnostics are those of [`read`]: only `~` and `#` references and the
/// kind can have any, so the other references are not read.
pub(crate) fn read_move_references<'s>(
    source: &'s str,
    span: Span,
    diags: &mut Vec<Diagnostic>,
    out: &mut Vec<Spanned<Reference>>,
) -> (&'s str, CommentKind) {
    let (inner, offset) = inner(source, span);
    let kind = kind(inner, offset, diags);
    out.clear();
    scan::<false>(inner, offset, out, diags);
    (inner, kind)
}

/// The bytes [`read_closed`] stops at: the end of the comment, a line end, and the bytes that
/// may start a reference to a move or a variation, or a diagnostic.
const CLOSED_STOPS: [u8; 5] = [b'}', b'\n', b'\r', b'~', b'#'];

/// [`boundary::comment_end`](crate::boundary::comment_end) and [`read_move_references`] in
/// one pass, for the fast path: the comment token that starts at `at` of `source` (a `{`),
/// when it is closed, at most `max_len` bytes long and without diagnostics (else `None`: the
/// full reader reads it). Its span, text and kind, and its move references into `out`, are
/// those of the two.
///
/// The references are read as the search for the `}` meets them, on the bytes of `source`
/// rather than of the comment's text: none of them holds a `}` or a line end, nor is it told
/// apart by what follows, as a `}` ends them as the end of the text would. A comment of
/// several lines, or near the end of `source`, is read by the two.
pub(crate) fn read_closed<'s>(
    source: &'s str,
    at: usize,
    max_len: usize,
    out: &mut Vec<Spanned<Reference>>,
) -> Option<(Span, &'s str, CommentKind)> {
    let b = source.as_bytes();
    out.clear();
    let mut diags = Vec::new();
    let mut i = at + 1;
    let end = loop {
        let Some(word) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) else {
            return read_closed_by_two(source, at, max_len, out);
        };
        let Some(k) = first_of(u64::from_le_bytes(*word), &CLOSED_STOPS) else {
            i += 8;
            continue;
        };
        let start = i + k;
        i = match b[start] {
            b'}' => break start + 1,
            b'~' if tilde_is_clean(b, start) => start + 1,
            b'~' => {
                let kept = out.len();
                let end = tilde(source, start, 0, out, &mut diags);
                out.truncate(kept);
                end
            }
            b'#' if b.get(start + 1).is_some_and(u8::is_ascii_digit) => {
                hash(b, start, 0, out, &mut diags)
            }
            b'#' => start + 1,
            _ => return read_closed_by_two(source, at, max_len, out),
        };
        if !diags.is_empty() {
            return None;
        }
    };
    if end - at > max_len {
        return None;
    }
    let inner = &source[at + 1..end - 1];
    let kind = kind(inner, at + 1, &mut diags);
    diags.is_empty().then_some((Span::new(at, end), inner, kind))
}

/// [`read_closed`] by [`boundary::comment_end`](crate::boundary::comment_end) and
/// [`read_move_references`].
fn read_closed_by_two<'s>(
    source: &'s str,
    at: usize,
    max_len: usize,
    out: &mut Vec<Spanned<Reference>>,
) -> Option<(Span, &'s str, CommentKind)> {
    let (len, closed) = crate::boundary::comment_end(&source.as_bytes()[at..]);
    if !closed || len > max_len {
        return None;
    }
    let span = Span::new(at, at + len);
    let mut diags = Vec::new();
    let (text, kind) = read_move_references(source, span, &mut diags, out);
    diags.is_empty().then_some((span, text, kind))
}

/// Every reference of the comment text `inner`, which starts at `offset` of the source (the
/// references of [`read`]).
pub(crate) fn references(inner: &str, offset: usize) -> Vec<Spanned<Reference>> {
    let mut references = Vec::new();
    scan::<true>(inner, offset, &mut references, &mut Vec::new());
    references
}

/// The text between the braces of the comment token at `span`, and where it starts.
fn inner(source: &str, span: Span) -> (&str, usize) {
    let raw = &source[span.range()];
    (raw[1..].strip_suffix('}').unwrap_or(&raw[1..]), span.start + 1)
}

fn kind(inner: &str, offset: usize, diags: &mut Vec<Diagnostic>) -> CommentKind {
    // ASCII blanks are skipped by byte; a non-ASCII byte after them goes through `trim_start`,
    // which also knows the other Unicode blanks.
    let ascii = inner.bytes().take_while(u8::is_ascii_whitespace).count();
    let trimmed = match inner.as_bytes().get(ascii) {
        Some(c) if !c.is_ascii() => inner.trim_start(),
        _ => &inner[ascii..],
    };
    let at = offset + (inner.len() - trimmed.len());
    let b = trimmed.as_bytes();
    if b.first() == Some(&b':') {
        return CommentKind::Automatic;
    }
    if b.len() >= 2 && b[0] == b'@' && (b[1] == b'W' || b[1] == b'B') {
        let next = b.get(2).copied();
        if next.is_some_and(|c| c.is_ascii_alphanumeric()) {
            return CommentKind::Plain;
        }
        let colour = if b[1] == b'W' { Colour::White } else { Colour::Black };
        let colon = next == Some(b':');
        if !colon {
            let who = &trimmed[..2];
            diags.push(
                Diagnostic::warning(
                    diag::PLAYER_COMMENT_COLON,
                    Span::new(at, at + 2),
                    format!("expected `{who}:` at the start of a move comment, found `{who}` without the colon"),
                )
                .with_help("a player's move comment starts with `@W:` or `@B:`")
                .with_fix(Span::new(at + 2, at + 2), ":"),
            );
        }
        return CommentKind::Player { colour, colon };
    }
    CommentKind::Plain
}

/// The three bytes at `i` of `b`, 0 for those past its end (a 0 byte is read as none would be).
#[inline(always)]
fn three_bytes(b: &[u8], i: usize) -> [u8; 3] {
    match b.get(i..).and_then(<[u8]>::first_chunk::<3>) {
        Some(&bytes) => bytes,
        None => three_bytes_at_end(b, i),
    }
}

#[cold]
#[inline(never)]
fn three_bytes_at_end(b: &[u8], i: usize) -> [u8; 3] {
    let byte = |k: usize| b.get(i + k).copied().unwrap_or(0);
    [byte(0), byte(1), byte(2)]
}

/// 1 for `@W`, 2 for `@B`, not followed by a letter or digit, else 0: the player named by the
/// three bytes `head`, found without a branch (whether a text names one is random).
#[inline(always)]
fn player_index([at, letter, next]: [u8; 3]) -> usize {
    let named = usize::from(letter == b'W') | (2 * usize::from(letter == b'B'));
    named * usize::from(at == b'@') * usize::from(!ALPHANUMERIC[usize::from(next)])
}

/// `u8::is_ascii_alphanumeric` as a table: the method tests ranges, which the compiler may
/// turn into branches.
const ALPHANUMERIC: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    table
};

/// The ASCII piece letters, both cases, a reference may name after `~`.
const PIECE_BYTES: [bool; 128] = {
    let letters = b"PEJNGRVDKABFLCSTWQ";
    let mut table = [false; 128];
    let mut i = 0;
    while i < letters.len() {
        table[letters[i] as usize] = true;
        table[letters[i].to_ascii_lowercase() as usize] = true;
        i += 1;
    }
    table
};

/// The piece letter or FAN symbol at `i` of `text`, if one is there.
fn piece_letter(text: &str, i: usize) -> Option<char> {
    match *text.as_bytes().get(i)? {
        c if c.is_ascii() => PIECE_BYTES[usize::from(c)].then_some(char::from(c)),
        _ => text[i..].chars().next().filter(|&c| cescacs_board::PieceKind::from_fan(c).is_some()),
    }
}

/// Length of the hex written at `i` of `b` (column letter and digits), 0 if none.
fn hex_len(b: &[u8], i: usize) -> usize {
    if b.get(i).is_some_and(u8::is_ascii_uppercase) {
        let digits = digits(b, i + 1);
        if digits > 0 {
            return 1 + digits;
        }
    }
    0
}

/// The hex written at `start..end` of `text` (a column letter and digits).
#[inline(always)]
fn hex(text: &str, start: usize, end: usize) -> Result<Hex, cescacs_board::HexParseError> {
    match Hex::from_ascii(&text.as_bytes()[start..end]) {
        Some(hex) => Ok(hex),
        // What is wrong with it: the slow reader says.
        None => text[start..end].parse(),
    }
}

/// The length of the run of digits at `i` of `b`. Runs of up to three digits, which hexes
/// and move numbers are, are measured on a word without a branch (their lengths are random).
#[inline(always)]
fn digits(b: &[u8], i: usize) -> usize {
    match b.get(i..).and_then(<[u8]>::first_chunk::<4>) {
        Some(word) => match leading_digits(u32::from_le_bytes(*word)) {
            4 => long_digits(b, i),
            n => n,
        },
        None => long_digits(b, i),
    }
}

/// How many digits the four bytes of `word` (little-endian) start with.
#[inline(always)]
fn leading_digits(word: u32) -> usize {
    // `c ^ 0x30` is 0 to 9 for a digit: a byte is another when its high half is not 0 or its
    // low half is 10 or more (adding 6 then sets bit 4; no carry leaves the byte).
    let t = word ^ 0x3030_3030;
    let other = (t & 0xf0f0_f0f0) | (((t & 0x0f0f_0f0f) + 0x0606_0606) & 0x1010_1010);
    other.trailing_zeros() as usize / 8
}

#[cold]
#[inline(never)]
fn long_digits(b: &[u8], i: usize) -> usize {
    b.get(i..).map_or(0, |rest| rest.iter().take_while(|c| c.is_ascii_digit()).count())
}

/// The number written at `i` of `b` (one digit at least) and where it ends; too large is
/// `u32::MAX`, as `str::parse` would fail.
#[inline(always)]
fn number(b: &[u8], i: usize) -> (u32, usize) {
    if let Some(word) = b.get(i..).and_then(<[u8]>::first_chunk::<4>) {
        let word = u32::from_le_bytes(*word);
        let n = leading_digits(word);
        if n <= 2 {
            // Without a branch: the first digit times 0, 1 or 10, plus the second times 0 or 1.
            const FIRST: [u32; 3] = [0, 1, 10];
            const SECOND: [u32; 3] = [0, 0, 1];
            let value = (word & 0xf) * FIRST[n] + ((word >> 8) & 0xf) * SECOND[n];
            return (value, i + n);
        }
    }
    long_number(b, i)
}

#[cold]
#[inline(never)]
fn long_number(b: &[u8], i: usize) -> (u32, usize) {
    const TOO_LARGE: u64 = u32::MAX as u64 + 1;
    let n = long_digits(b, i);
    // Held at `TOO_LARGE` once past `u32::MAX`: ten times it plus a digit fits a `u64`.
    let value = b
        .get(i..i + n)
        .unwrap_or_default()
        .iter()
        .fold(0u64, |value, &c| (value * 10 + u64::from(c - b'0')).min(TOO_LARGE));
    (u32::try_from(value).unwrap_or(u32::MAX), i + n)
}

fn warn(diags: &mut Vec<Diagnostic>, span: Span, message: String) {
    diags.push(Diagnostic::warning(diag::BAD_REFERENCE, span, message));
}

/// The bytes that may start a reference.
const STARTS: [u8; 4] = [b'@', b'~', b'#', b'$'];

/// The bytes that may start a reference to a move or a variation, or a diagnostic.
const MOVE_STARTS: [u8; 2] = [b'~', b'#'];

/// The index of the first byte of `b` from `from` on that may start a reference (with `ALL`)
/// or a reference to a move or a variation, or a diagnostic (without).
///
/// Eight bytes are tested at once, each word against the start bytes with the classic
/// "has a zero byte" test (exact for the lowest zero byte, which is the one taken). The tail
/// shorter than a word is the text's last word shifted down past the bytes already seen: the
/// zero bytes shifted in match no start byte. Only a text shorter than a word goes byte by byte.
fn next_start<const ALL: bool>(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(word) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if let Some(k) = first_start::<ALL>(u64::from_le_bytes(*word)) {
            return Some(i + k);
        }
        i += 8;
    }
    if i >= b.len() {
        return None;
    }
    match b.last_chunk::<8>() {
        Some(last) => {
            let seen = i - (b.len() - 8);
            first_start::<ALL>(u64::from_le_bytes(*last) >> (8 * seen)).map(|k| i + k)
        }
        None => b[i..].iter().position(|c| starts::<ALL>().contains(c)).map(|k| i + k),
    }
}

/// The bytes [`scan`] stops at: every reference's first byte with `ALL`, else those that may
/// start a reference to a move or a variation, or a diagnostic.
#[inline(always)]
fn starts<const ALL: bool>() -> &'static [u8] {
    if ALL { &STARTS } else { &MOVE_STARTS }
}

/// The index of the lowest byte of `word` (little-endian) that [`next_start`] looks for.
#[inline(always)]
fn first_start<const ALL: bool>(word: u64) -> Option<usize> {
    first_of(word, starts::<ALL>())
}

/// The index of the lowest byte of `word` (little-endian) that is one of `set`.
///
/// Each byte of `set` is tested with the classic "has a zero byte" test of the word against it,
/// exact for the lowest zero byte; a false hit lies above a true one, so the lowest of all is
/// true.
#[inline(always)]
fn first_of(word: u64, set: &[u8]) -> Option<usize> {
    const LOW: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
    let hits = set.iter().fold(0, |acc, &c| acc | zero(word ^ (LOW * u64::from(c))));
    (hits != 0).then(|| hits.trailing_zeros() as usize / 8)
}

/// `@W` or `@B` at `i` of `b`, not followed by a letter or digit: its colour.
#[inline(always)]
fn player_at(b: &[u8], i: usize) -> Option<Colour> {
    const PLAYERS: [Option<Colour>; 3] = [None, Some(Colour::White), Some(Colour::Black)];
    PLAYERS[player_index(three_bytes(b, i))]
}

/// Reads the references of `text`, which starts at `offset` of the source: all of them with
/// `ALL`, else only those to moves and variations. The diagnostics are the same: the other
/// references never have any, and none of them holds a `~` or a `#`, so skipping them moves
/// no other reference.
fn scan<const ALL: bool>(
    text: &str,
    offset: usize,
    out: &mut Vec<Spanned<Reference>>,
    diags: &mut Vec<Diagnostic>,
) {
    let b = text.as_bytes();
    let mut i = 0;
    // Only the bytes of `starts` matter: those between are skipped a word at a time (comments
    // are short: a vector search costs more to set up).
    while let Some(start) = next_start::<ALL>(b, i) {
        let digit_next = b.get(start + 1).is_some_and(u8::is_ascii_digit);
        i = match b[start] {
            b'~' if ALL => tilde(text, start, offset, out, diags),
            // Read for its diagnostics only; the bytes it would take hold no `~` nor `#`.
            b'~' if tilde_is_clean(b, start) => start + 1,
            b'~' => {
                let kept = out.len();
                let end = tilde(text, start, offset, out, diags);
                out.truncate(kept);
                end
            }
            b'#' if digit_next => hash(b, start, offset, out, diags),
            b'$' if digit_next => {
                let (n, end) = number(b, start + 1);
                push(out, offset, start, end, Reference::Nag(n));
                end
            }
            _ => match player_at(b, start) {
                Some(colour) => {
                    push(out, offset, start, start + 2, Reference::Player(colour));
                    start + 2
                }
                None => start + 1,
            },
        };
    }
}

fn push(out: &mut Vec<Spanned<Reference>>, offset: usize, start: usize, end: usize, r: Reference) {
    out.push(Spanned::new(r, Span::new(offset + start, offset + end)));
}

/// Whether the reference at the `~` at `start` of `b` surely reads without a diagnostic
/// ([`tilde`] says for sure): a valid hex, or an ASCII piece letter and maybe a valid hex.
#[inline(always)]
fn tilde_is_clean(b: &[u8], start: usize) -> bool {
    let valid_hex = |at: usize, n: usize| Hex::from_ascii(&b[at..at + n]).is_some();
    let i = start + 1;
    let n = hex_len(b, i);
    if n > 0 {
        return valid_hex(i, n);
    }
    match b.get(i) {
        Some(&c) if c.is_ascii() && PIECE_BYTES[usize::from(c)] => {
            let n = hex_len(b, i + 1);
            n == 0 || valid_hex(i + 1, n)
        }
        _ => false,
    }
}

/// Reads the reference at the `~` at `start`; returns where scanning goes on.
fn tilde(
    text: &str,
    start: usize,
    offset: usize,
    out: &mut Vec<Spanned<Reference>>,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let b = text.as_bytes();
    let i = start + 1;
    let n = hex_len(b, i);
    if n > 0 {
        let end = i + n;
        match hex(text, i, end) {
            Ok(hex) => push(out, offset, start, end, Reference::Hex(hex)),
            Err(e) => warn(
                diags,
                Span::new(offset + start, offset + end),
                format!("expected a hex after `~`, found `{}`: {e}", &text[i..end]),
            ),
        }
        return end;
    }
    let Some(letter) = piece_letter(text, i) else {
        let found = text[i..].chars().next().map_or("nothing".to_string(), |c| format!("`{c}`"));
        warn(
            diags,
            Span::new(offset + start, offset + i),
            format!("expected a piece letter or a hex after `~`, found {found}"),
        );
        return i;
    };
    let mut end = i + letter.len_utf8();
    let mut hex_of_piece = None;
    let n = hex_len(b, end);
    if n > 0 {
        match hex(text, end, end + n) {
            Ok(h) => hex_of_piece = Some(h),
            Err(e) => warn(
                diags,
                Span::new(offset + end, offset + end + n),
                format!(
                    "expected a hex after the piece letter, found `{}`: {e}",
                    &text[end..end + n]
                ),
            ),
        }
        end += n;
    }
    let mut shade = None;
    if let Some(&[b'[', mark, b']']) = b.get(end..end + 3) {
        shade = match mark {
            b'd' => Some(HexShade::Dark),
            b'l' => Some(HexShade::Light),
            b'c' => Some(HexShade::Coloured),
            _ => None,
        };
        if shade.is_some() {
            end += 3;
        }
    }
    push(out, offset, start, end, Reference::Piece { letter, hex: hex_of_piece, shade });
    end
}

/// Reads `#n`, `#n.m`, `#n[#a.b#c.d]`, with an optional `@W`/`@B`, at `start` of `b` (a `#` and
/// a digit); returns where scanning goes on.
fn hash(
    b: &[u8],
    start: usize,
    offset: usize,
    out: &mut Vec<Spanned<Reference>>,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    // The label after `move_number` if a `.` and a digit follow at `dot`: the variation and
    // where it ends.
    let label_at = |move_number: u32, dot: usize| {
        (b.get(dot) == Some(&b'.') && b.get(dot + 1).is_some_and(u8::is_ascii_digit)).then(|| {
            let (label, end) = number(b, dot + 1);
            (VariationId { move_number, label }, end)
        })
    };
    let (num, mut end) = number(b, start + 1);
    if let Some((id, end)) = label_at(num, end) {
        push(out, offset, start, end, Reference::Variation(id));
        return end;
    }
    let mut path = Vec::new();
    if b.get(end) == Some(&b'[') {
        let mut j = end + 1;
        while b.get(j) == Some(&b'#') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
            let (move_number, dot) = number(b, j + 1);
            let Some((id, after)) = label_at(move_number, dot) else { break };
            path.push(id);
            j = after;
        }
        if b.get(j) == Some(&b']') && !path.is_empty() {
            end = j + 1;
        } else {
            let stop = b[end..]
                .iter()
                .position(|c| matches!(c, b']' | b' ' | b'\n'))
                .map_or(b.len(), |k| end + k + 1)
                .min(b.len());
            warn(
                diags,
                Span::new(offset + end, offset + stop.max(end + 1).min(b.len())),
                "expected a variation path such as `[#12.2]` or `[#14.1#12.2]` after the move number"
                    .to_string(),
            );
            path.clear();
        }
    }
    let player = player_at(b, end);
    end += 2 * usize::from(player.is_some());
    push(out, offset, start, end, Reference::Move { number: num, path, player });
    end
}

#[cfg(test)]
mod oracle;

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(text: &str) -> (Vec<Spanned<Reference>>, Vec<Diagnostic>) {
        let src = format!("{{{text}}}");
        let mut d = Vec::new();
        let c = read(&src, Span::new(0, src.len()), &mut d);
        (c.references, d)
    }

    #[test]
    fn every_reference_form_of_the_spec() {
        let (r, d) = refs(
            " see @W @B ~E13 ~J ~JF6 ~J[d] ~J[l] ~J[c] #14 #14@B #14[#12.2] #14[#12.2]@W #12.2 #16[#14.1#12.2] $24 ",
        );
        assert!(d.is_empty(), "{d:?}");
        let v: Vec<&Reference> = r.iter().map(|s| &s.value).collect();
        let e13: Hex = "E13".parse().unwrap();
        let f6: Hex = "F6".parse().unwrap();
        let id = |move_number, label| VariationId { move_number, label };
        assert_eq!(
            v,
            [
                &Reference::Player(Colour::White),
                &Reference::Player(Colour::Black),
                &Reference::Hex(e13),
                &Reference::Piece { letter: 'J', hex: None, shade: None },
                &Reference::Piece { letter: 'J', hex: Some(f6), shade: None },
                &Reference::Piece { letter: 'J', hex: None, shade: Some(HexShade::Dark) },
                &Reference::Piece { letter: 'J', hex: None, shade: Some(HexShade::Light) },
                &Reference::Piece { letter: 'J', hex: None, shade: Some(HexShade::Coloured) },
                &Reference::Move { number: 14, path: vec![], player: None },
                &Reference::Move { number: 14, path: vec![], player: Some(Colour::Black) },
                &Reference::Move { number: 14, path: vec![id(12, 2)], player: None },
                &Reference::Move { number: 14, path: vec![id(12, 2)], player: Some(Colour::White) },
                &Reference::Variation(id(12, 2)),
                &Reference::Move { number: 16, path: vec![id(14, 1), id(12, 2)], player: None },
                &Reference::Nag(24),
            ]
        );
        assert_eq!(r[4].span, Span::new(20, 24));
    }

    /// Texts where references, their parts and their near misses are frequent.
    fn reference_text() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let fragment = prop::sample::select(vec![
            "@",
            "W",
            "B",
            "~",
            "#",
            "$",
            ".",
            "[",
            "]",
            "d",
            "l",
            "c",
            "x",
            " ",
            "\n",
            ",",
            "0",
            "1",
            "2",
            "9",
            "12",
            "28",
            "29",
            "4294967295",
            "4294967296",
            "99999999999",
            "J",
            "j",
            "F",
            "E",
            "Z",
            "K",
            "k",
            "g",
            "\u{265d}",
            "\u{2654}",
            "\u{e9}",
            "\u{a0}",
            "@W",
            "@B",
            "#14",
            "#12.2",
            "[#12.2]",
            "[#14.1#12.2]",
            "~JF6",
            "~E13",
            "~J[d]",
            "$24",
        ]);
        prop::collection::vec(fragment, 0..24).prop_map(|v| v.concat())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        #[test]
        fn the_reader_reads_references_as_the_old_one(text in reference_text(), at in 0..3usize) {
            let (mut new, mut new_diags) = (Vec::new(), Vec::new());
            let (mut old, mut old_diags) = (Vec::new(), Vec::new());
            scan::<true>(&text, at, &mut new, &mut new_diags);
            oracle::scan(&text, at, &mut old, &mut old_diags);
            proptest::prop_assert_eq!(new, old);
            proptest::prop_assert_eq!(new_diags, old_diags);
        }

        #[test]
        fn the_move_references_are_those_of_every_reference(
            text in reference_text(),
            kind in proptest::sample::select(vec!["", "@W", "@B:", ":", " @W ", "\u{a0}@B"]),
        ) {
            let src = format!("{{{kind}{text}}}");
            let span = Span::new(0, src.len());
            let mut all_diags = Vec::new();
            let all = read(&src, span, &mut all_diags);
            let (mut moves, mut diags) = (Vec::new(), Vec::new());
            let (inner, kind) = read_move_references(&src, span, &mut diags, &mut moves);
            let wanted: Vec<_> = all
                .references
                .iter()
                .filter(|r| matches!(r.value, Reference::Move { .. } | Reference::Variation(_)))
                .cloned()
                .collect();
            proptest::prop_assert_eq!(moves, wanted);
            proptest::prop_assert_eq!(diags, all_diags);
            proptest::prop_assert_eq!((inner, kind), (all.text.as_str(), all.kind));
            proptest::prop_assert_eq!(references(inner, 1), all.references);
        }

        #[test]
        fn one_pass_reads_a_comment_as_its_end_and_its_references_do(
            prefix in "[ a{]{0,3}",
            text in reference_text(),
            tail in proptest::sample::select(vec![
                "", "}", "} ", "}#14 ~JF6 }", "} 1. E7-E13 { #3 }", "}\n[Variant \"x\"]",
                "\n}", "\r\n  x #2}", "\n[Variant \"x\"]\n{ #1 }", "\u{e9}} #12.2",
                "\r[Variant \"x\"] }", "\r #14 }", "\n\t[Variant \"x\"]}",
            ]),
            end in proptest::sample::select(vec!["", "}", " }", "#1]}"]),
            max_len in proptest::sample::select(vec![0, 3, 12, 40, usize::MAX]),
        ) {
            let src = format!("{prefix}{{{text}{tail}{end}");
            let at = prefix.len();
            let (mut one, mut two) = (vec![], vec![]);
            let read = read_closed(&src, at, max_len, &mut one);
            let by_two = read_closed_by_two(&src, at, max_len, &mut two);
            proptest::prop_assert_eq!(read, by_two);
            if read.is_some() {
                proptest::prop_assert_eq!(one, two);
            }
        }

        #[test]
        fn mutated_spec_forms_read_as_the_old_one(
            cut in 0..120usize,
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..4),
        ) {
            let spec = " see @W @B ~E13 ~J ~JF6 ~J[d] ~J[l] ~J[c] #14 #14@B #14[#12.2] #14[#12.2]@W #12.2 #16[#14.1#12.2] $24 ~\u{265d}[c] ";
            let mut raw = spec.as_bytes().to_vec();
            let at = cut.min(raw.len());
            raw.splice(at..at, bytes);
            let text = String::from_utf8_lossy(&raw);
            let (mut new, mut new_diags) = (Vec::new(), Vec::new());
            let (mut old, mut old_diags) = (Vec::new(), Vec::new());
            scan::<true>(&text, 1, &mut new, &mut new_diags);
            oracle::scan(&text, 1, &mut old, &mut old_diags);
            proptest::prop_assert_eq!(new, old);
            proptest::prop_assert_eq!(new_diags, old_diags);
        }
    }

    #[test]
    fn leading_digits_of_a_word_are_those_of_a_byte_walk() {
        for c in 0..=u8::MAX {
            for at in 0..4 {
                let mut word = *b"7099";
                word[at] = c;
                let walk = word.iter().take_while(|c| c.is_ascii_digit()).count();
                assert_eq!(leading_digits(u32::from_le_bytes(word)), walk, "{word:?}");
            }
        }
    }

    #[test]
    fn word_search_finds_the_first_start_byte_like_a_byte_walk() {
        let texts = [
            "plain words ~♝[c] then #12.2, é@W and $4; ~ at the tail #",
            "?A}\"\u{7f}\u{80}@@~~#$\u{1}\u{0}$#?A}\"@@~~?A}\"?A}\"#",
        ];
        // Every prefix, so that every tail length meets every start byte.
        for text in texts {
            for len in 0..=text.len() {
                let b = &text.as_bytes()[..len];
                for from in 0..=b.len() {
                    let walk = b[from..]
                        .iter()
                        .position(|c| matches!(c, b'@' | b'~' | b'#' | b'$'))
                        .map(|k| from + k);
                    assert_eq!(
                        next_start::<true>(b, from),
                        walk,
                        "{text:?}: len {len}, from {from}"
                    );
                }
            }
        }
        assert_eq!(next_start::<true>(b"", 0), None);
        assert_eq!(next_start::<true>(b"no reference in sixteen+ bytes", 0), None);
    }

    #[test]
    fn unicode_blanks_before_the_player_mark() {
        let mut d = Vec::new();
        let src = "{\u{a0} @W: a non-breaking space first}";
        let c = read(src, Span::new(0, src.len()), &mut d);
        assert_eq!(c.kind, CommentKind::Player { colour: Colour::White, colon: true });
        let src = "{ \t:\u{2003}auto}";
        assert_eq!(read(src, Span::new(0, src.len()), &mut d).kind, CommentKind::Automatic);
        assert!(d.is_empty());
    }

    #[test]
    fn comment_kinds_and_warnings() {
        let mut d = Vec::new();
        let src = "{ @B Must neglect ~JF6 }";
        let c = read(src, Span::new(0, src.len()), &mut d);
        assert_eq!(c.kind, CommentKind::Player { colour: Colour::Black, colon: false });
        assert_eq!(d[0].code, "W0205");
        assert_eq!(d[0].span, Span::new(2, 4));
        let src = "{: automatic $24}";
        assert_eq!(read(src, Span::new(0, src.len()), &mut d).kind, CommentKind::Automatic);
        let (_, d) = refs("~gL5-H6+^ then ~% and ~Z30");
        assert_eq!(d.len(), 2);
        assert!(d.iter().all(|d| d.code == "W0206"));
    }
}
