//! The reference reader as it stood before it read bytes and numbers itself (commit 3e3d93b),
//! kept to test that the faster one reads every text the same way.

use cescacs_board::{Colour, Hex};
use cescacs_diagnostics::{Diagnostic, Span};

use super::PIECE_BYTES;
use crate::diag;
use crate::syntax::{HexShade, Reference, Spanned, VariationId};

fn is_piece_char(c: char) -> bool {
    if c.is_ascii() {
        PIECE_BYTES[c as usize]
    } else {
        cescacs_board::PieceKind::from_fan(c).is_some()
    }
}

/// Length of the hex written at the start of `s` (column letter and digits), 0 if none.
fn hex_len(s: &str) -> usize {
    let b = s.as_bytes();
    if b.first().is_some_and(u8::is_ascii_uppercase) {
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 {
            return 1 + digits;
        }
    }
    0
}

fn digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

fn number(s: &str) -> u32 {
    s.parse().unwrap_or(u32::MAX)
}

fn warn(diags: &mut Vec<Diagnostic>, span: Span, message: String) {
    diags.push(Diagnostic::warning(diag::BAD_REFERENCE, span, message));
}

/// Every reference of `text` (which starts at `offset` of the source), as the reader of
/// 3e3d93b read them.
pub(super) fn scan(
    text: &str,
    offset: usize,
    out: &mut Vec<Spanned<Reference>>,
    diags: &mut Vec<Diagnostic>,
) {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|c| matches!(c, b'@' | b'~' | b'#' | b'$')) {
        i += k;
        let start = i;
        match b[i] {
            b'@' if matches!(b.get(i + 1), Some(b'W' | b'B'))
                && !b.get(i + 2).is_some_and(u8::is_ascii_alphanumeric) =>
            {
                let colour = if b[i + 1] == b'W' { Colour::White } else { Colour::Black };
                i += 2;
                push(out, offset, start, i, Reference::Player(colour));
            }
            b'~' => {
                i += 1;
                i = tilde(text, i, offset, out, diags);
            }
            b'#' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i = hash(text, i, offset, out, diags);
            }
            b'$' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let n = digits(&text[i + 1..]);
                i += 1 + n;
                push(out, offset, start, i, Reference::Nag(number(&text[start + 1..i])));
            }
            _ => i += 1,
        }
    }
}

fn push(out: &mut Vec<Spanned<Reference>>, offset: usize, start: usize, end: usize, r: Reference) {
    out.push(Spanned::new(r, Span::new(offset + start, offset + end)));
}

/// Reads the reference after `~` (at `i`); returns where scanning goes on.
fn tilde(
    text: &str,
    i: usize,
    offset: usize,
    out: &mut Vec<Spanned<Reference>>,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let start = i - 1;
    let rest = &text[i..];
    let n = hex_len(rest);
    if n > 0 {
        let end = i + n;
        match rest[..n].parse::<Hex>() {
            Ok(hex) => push(out, offset, start, end, Reference::Hex(hex)),
            Err(e) => warn(
                diags,
                Span::new(offset + start, offset + end),
                format!("expected a hex after `~`, found `{}`: {e}", &rest[..n]),
            ),
        }
        return end;
    }
    let Some(letter) = rest.chars().next().filter(|&c| is_piece_char(c)) else {
        let found = rest.chars().next().map_or("nothing".to_string(), |c| format!("`{c}`"));
        warn(
            diags,
            Span::new(offset + start, offset + i),
            format!("expected a piece letter or a hex after `~`, found {found}"),
        );
        return i;
    };
    let mut end = i + letter.len_utf8();
    let mut hex = None;
    let n = hex_len(&text[end..]);
    if n > 0 {
        match text[end..end + n].parse::<Hex>() {
            Ok(h) => hex = Some(h),
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
    let after = &text.as_bytes()[end..];
    if after.len() >= 3 && after[0] == b'[' && after[2] == b']' {
        shade = match after[1] {
            b'd' => Some(HexShade::Dark),
            b'l' => Some(HexShade::Light),
            b'c' => Some(HexShade::Coloured),
            _ => None,
        };
        if shade.is_some() {
            end += 3;
        }
    }
    push(out, offset, start, end, Reference::Piece { letter, hex, shade });
    end
}

/// Reads `#n`, `#n.m`, `#n[#a.b#c.d]`, with an optional `@W`/`@B`; returns where scanning goes on.
fn hash(
    text: &str,
    i: usize,
    offset: usize,
    out: &mut Vec<Spanned<Reference>>,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let b = text.as_bytes();
    let start = i;
    let n = digits(&text[i + 1..]);
    let num = number(&text[i + 1..i + 1 + n]);
    let mut end = i + 1 + n;
    if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
        let m = digits(&text[end + 1..]);
        let label = number(&text[end + 1..end + 1 + m]);
        end += 1 + m;
        push(
            out,
            offset,
            start,
            end,
            Reference::Variation(VariationId { move_number: num, label }),
        );
        return end;
    }
    let mut path = Vec::new();
    if b.get(end) == Some(&b'[') {
        let mut j = end + 1;
        loop {
            if b.get(j) == Some(&b'#') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
                let n1 = digits(&text[j + 1..]);
                let mv = number(&text[j + 1..j + 1 + n1]);
                let k = j + 1 + n1;
                if b.get(k) == Some(&b'.') && b.get(k + 1).is_some_and(u8::is_ascii_digit) {
                    let n2 = digits(&text[k + 1..]);
                    path.push(VariationId {
                        move_number: mv,
                        label: number(&text[k + 1..k + 1 + n2]),
                    });
                    j = k + 1 + n2;
                    continue;
                }
            }
            break;
        }
        if b.get(j) == Some(&b']') && !path.is_empty() {
            end = j + 1;
        } else {
            let stop = text[end..]
                .find([']', ' ', '\n'])
                .map_or(text.len(), |k| end + k + 1)
                .min(text.len());
            warn(
                diags,
                Span::new(offset + end, offset + stop.max(end + 1).min(text.len())),
                "expected a variation path such as `[#12.2]` or `[#14.1#12.2]` after the move number"
                    .to_string(),
            );
            path.clear();
        }
    }
    let mut player = None;
    if b.get(end) == Some(&b'@')
        && matches!(b.get(end + 1), Some(b'W' | b'B'))
        && !b.get(end + 2).is_some_and(u8::is_ascii_alphanumeric)
    {
        player = Some(if b[end + 1] == b'W' { Colour::White } else { Colour::Black });
        end += 2;
    }
    push(out, offset, start, end, Reference::Move { number: num, path, player });
    end
}
