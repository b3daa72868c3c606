//! Comments: their kind (`@W:`, `@B:`, automatic) and the references inside their text.
//!
//! Comment text is free, so a reference that cannot be read is only a warning and stays text.

use cescacs_board::{Colour, Diagnostic, Hex, Span};

use crate::diag;
use crate::syntax::{Comment, CommentKind, HexShade, Reference, Spanned, VariationId};

/// Reads the comment token at `span` of `source` (with or without its closing brace).
pub(crate) fn read(source: &str, span: Span, diags: &mut Vec<Diagnostic>) -> Comment {
    let mut comment =
        Comment { span, text: String::new(), kind: CommentKind::Plain, references: Vec::new() };
    read_into(source, span, diags, &mut comment);
    comment
}

/// [`read`] into `out`, whose text and reference buffers are reused (the scanner reads many
/// comments into one).
pub(crate) fn read_into(source: &str, span: Span, diags: &mut Vec<Diagnostic>, out: &mut Comment) {
    let raw = &source[span.range()];
    let inner_start = span.start + 1;
    let inner = raw[1..].strip_suffix('}').unwrap_or(&raw[1..]);
    out.span = span;
    out.kind = kind(inner, inner_start, diags);
    out.references.clear();
    scan(inner, inner_start, &mut out.references, diags);
    out.text.clear();
    out.text.push_str(inner);
}

fn kind(inner: &str, offset: usize, diags: &mut Vec<Diagnostic>) -> CommentKind {
    let trimmed = inner.trim_start();
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

const PIECE_LETTERS: &[u8] = b"PEJNGRVDKABFLCSTWQ";

fn is_piece_char(c: char) -> bool {
    (c.is_ascii_alphabetic() && PIECE_LETTERS.contains(&(c.to_ascii_uppercase() as u8)))
        || cescacs_board::PieceKind::from_fan(c).is_some()
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

/// The bytes that may start a reference.
const STARTS: [bool; 256] = {
    let mut starts = [false; 256];
    starts[b'@' as usize] = true;
    starts[b'~' as usize] = true;
    starts[b'#' as usize] = true;
    starts[b'$' as usize] = true;
    starts
};

fn scan(text: &str, offset: usize, out: &mut Vec<Spanned<Reference>>, diags: &mut Vec<Diagnostic>) {
    let b = text.as_bytes();
    let mut i = 0;
    // Only `@`, `~`, `#` and `$` start a reference: the bytes between are skipped with one
    // load and test each (comments are short: a vector search costs more to set up).
    while let Some(k) =
        b.get(i..).and_then(|rest| rest.iter().position(|&c| STARTS[usize::from(c)]))
    {
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
