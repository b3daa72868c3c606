//! The tags of a game: `[Name "value"]`, read by hand (a tag is flat), with its escapes, and
//! the tag limit.

use chumsky::span::SimpleSpan;

use cescacs_diagnostics::{Diagnostic, Span};

use crate::diag::{self};
use crate::grammar::Tk;
use crate::lexer::TokenKind;
use crate::limits::grouped;
use crate::syntax::Tag;

pub(super) fn same_line(source: &str, a: usize, b: usize) -> bool {
    !source[a..b].contains('\n')
}

/// Reads the tag at `tokens[i]` (a `[`); returns it (if its name was read) and the next index.
pub(super) fn read_tag(
    source: &str,
    tokens: &[Tk],
    i: usize,
    diags: &mut Vec<Diagnostic>,
) -> (Option<Tag>, usize) {
    let open = tokens[i].1;
    let line_end = |from: usize| {
        let mut j = from;
        while j < tokens.len()
            && tokens[j].0 != TokenKind::LBracket
            && same_line(source, open.start, tokens[j].1.start)
        {
            j += 1;
            if tokens[j - 1].0 == TokenKind::RBracket {
                break;
            }
        }
        j
    };
    let found = |j: usize| match tokens.get(j) {
        Some(t) if same_line(source, open.start, t.1.start) => {
            diag::quote(&source[t.1.into_range()])
        }
        _ => "the end of the line".to_string(),
    };
    let at = |j: usize| match tokens.get(j) {
        Some(t) if same_line(source, open.start, t.1.start) => diag::span(t.1),
        _ => {
            let e = tokens[j - 1].1.end;
            Span::new(e, e)
        }
    };
    // A name is a run of touching tokens (`Round2` lexes as a word and a number).
    let name_kind = |k: TokenKind| {
        matches!(
            k,
            TokenKind::Word
                | TokenKind::Letter
                | TokenKind::Hex
                | TokenKind::PieceHex
                | TokenKind::LowerHex
                | TokenKind::PieceLowerHex
                | TokenKind::XHex
                | TokenKind::Number
        )
    };
    let mut name_end = i + 1;
    while tokens.get(name_end).is_some_and(|t| {
        name_kind(t.0)
            && (name_end == i + 1 && same_line(source, open.start, t.1.start)
                || t.1.start == tokens[name_end - 1].1.end)
    }) {
        name_end += 1;
    }
    if name_end == i + 1
        || !source[tokens[i + 1].1.start..tokens[name_end - 1].1.end]
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_')
    {
        diags.push(
            Diagnostic::error(
                diag::TAG_SYNTAX,
                at(i + 1),
                format!("expected a tag name after `[`, found {}", found(i + 1)),
            )
            .with_label(diag::span(open), "while reading this tag")
            .with_help("a tag is written `[Name \"value\"]`, the name of letters, digits and `_`"),
        );
        return (None, line_end(i + 1));
    }
    let name_span = SimpleSpan::from(tokens[i + 1].1.start..tokens[name_end - 1].1.end);
    let name = &source[name_span.into_range()];
    let name_span = diag::span(name_span);
    if name == "DPTL" {
        diags.push(
            Diagnostic::warning(
                diag::DPTL,
                name_span,
                "expected the tag name `PDTL`, found `DPTL`",
            )
            .with_help("the position tag is `PDTL` (Position Description by Transversal Lines)")
            .with_fix(name_span, "PDTL"),
        );
    }
    let mut j = name_end;
    let (value, value_span) = match tokens.get(j) {
        Some(&(TokenKind::String, s)) if same_line(source, open.start, s.start) => {
            j += 1;
            let inner = Span::new(s.start + 1, s.end - 1);
            (unescape(source, inner, diags), inner)
        }
        Some(&(TokenKind::UnterminatedString, s)) if same_line(source, open.start, s.start) => {
            // The value runs to the end of its line: read the tag as if the quote were there.
            let s = diag::span(s);
            let (inner, close) = unterminated_value(source, s, diags);
            let tag = Tag {
                span: Span::new(open.start, close),
                name: name.to_string(),
                name_span,
                value: unescape(source, inner, diags),
                value_span: inner,
            };
            return (Some(tag), line_end(j));
        }
        _ => {
            diags.push(
                Diagnostic::error(
                    diag::TAG_SYNTAX,
                    at(j),
                    format!("expected the tag value in double quotes, found {}", found(j)),
                )
                .with_label(diag::span(open), "while reading this tag")
                .with_help("a tag is written `[Name \"value\"]`"),
            );
            let e = at(j).start;
            let next = line_end(j);
            let tag = Tag {
                span: Span::new(open.start, tokens[next - 1].1.end),
                name: name.to_string(),
                name_span,
                value: String::new(),
                value_span: Span::new(e, e),
            };
            return (Some(tag), next);
        }
    };
    let close = match tokens.get(j) {
        Some(&(TokenKind::RBracket, s)) if same_line(source, open.start, s.start) => {
            j += 1;
            s.end
        }
        Some(t) if same_line(source, open.start, t.1.start) => {
            let after_value = tokens.get(j - 1).is_some_and(|t| t.0 == TokenKind::String);
            let mut d = Diagnostic::error(
                diag::TAG_SYNTAX,
                at(j),
                format!("expected `]` to close the tag, found {}", found(j)),
            )
            .with_label(diag::span(open), "while reading this tag");
            if after_value {
                d = d.with_help("the whole value goes inside one pair of quotes, e.g. `[Redefine \"A@J, T@R, C@N\"]`");
            }
            diags.push(d);
            j = line_end(j);
            tokens[j - 1].1.end
        }
        _ => {
            // An unclosed `[`: reported where it opens; the tag ends with its line.
            let end = tokens[j - 1].1.end;
            diags.push(
                Diagnostic::error(
                    diag::TAG_SYNTAX,
                    diag::span(open),
                    "expected `]` to close this tag, found the end of the line",
                )
                .with_label(Span::new(end, end), "`]` is missing here")
                .with_help("a tag is written `[Name \"value\"]` on one line")
                .with_fix(Span::new(end, end), "]"),
            );
            end
        }
    };
    let tag = Tag {
        span: Span::new(open.start, close),
        name: name.to_string(),
        name_span,
        value,
        value_span,
    };
    (Some(tag), j)
}

/// A tag value whose closing quote is missing (`s` runs from the quote to the end of the line):
/// reports `E0203` and returns the value's span and where the tag ends. A `]` ending the line is
/// taken as the tag's: `[Variant "C'escacs]` is one missing quote, not also a missing `]`.
fn unterminated_value(source: &str, s: Span, diags: &mut Vec<Diagnostic>) -> (Span, usize) {
    let text = source[s.range()].trim_end();
    let end = s.start + text.len();
    let (inner, found, fix) = match text.strip_suffix(']') {
        Some(_) => (Span::new(s.start + 1, end - 1), "`]`", "\""),
        None => (Span::new(s.start + 1, end), "the end of the line", "\"]"),
    };
    let insert = Span::new(inner.end, inner.end);
    diags.push(
        Diagnostic::error(
            diag::UNTERMINATED_STRING,
            Span::new(s.start, inner.end),
            format!("expected `\"` to close the tag value, found {found}"),
        )
        .with_help("a tag value is written between two double quotes on the tag's line")
        .with_fix(insert, fix),
    );
    (inner, end)
}

fn unescape(source: &str, inner: Span, diags: &mut Vec<Diagnostic>) -> String {
    let text = &source[inner.range()];
    if !text.contains('\\') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices();
    while let Some((k, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some((_, e @ ('"' | '\\'))) => out.push(e),
            Some((m, e)) => {
                let s = Span::new(inner.start + k, inner.start + m + e.len_utf8());
                diags.push(
                    Diagnostic::error(
                        diag::BAD_ESCAPE,
                        s,
                        format!("expected `\\\"` or `\\\\`, found `\\{e}`"),
                    )
                    .with_help(
                        "only `\\\"` (a quote) and `\\\\` (a backslash) are escapes in tag values",
                    ),
                );
                out.push('\\');
                out.push(e);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// `E0224` at the first tag past the limit (`at`); the game has `found` tags, well-formed or
/// not.
pub(super) fn too_many_tags(at: Span, limit: usize, found: usize) -> Diagnostic {
    Diagnostic::error(
        diag::TOO_MANY_TAGS,
        at,
        format!("expected at most {} tags in a game, found {}", grouped(limit), grouped(found)),
    )
    .with_help(format!(
        "the tags from this one on are skipped; raise `Limits::tags` ({}) when reading with `ctl_an::games_with`",
        grouped(limit)
    ))
}
