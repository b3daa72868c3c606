//! The diagnostic codes of the syntax level (`E02xx`, `W02xx`) and the conversion of chumsky's
//! errors into [`Diagnostic`]s. The table of codes is in `docs/diagnostics/syntax.md`.

use chumsky::error::{RichPattern, RichReason};
use chumsky::span::Span as _;

use cescacs_diagnostics::{Diagnostic, Span};

use crate::grammar::RichError;
use crate::lexer::TokenKind;

pub(crate) use cescacs_diagnostics::codes::syntax::*;

/// The help for castling written another way (`O-O`, `0-0`, `KRK-HI`).
pub(crate) const CASTLING_HELP: &str = "castling names the rooks and their target columns: `KRK-…` with the King's Rook, `KRD-…` with the Queen's Rook, `KRR-…` with both; there are 24 forms, such as `KRK-HIO` or `KRD-DE` (docs/RULES.md 4.3)";

/// Our span of a chumsky span. Over a token slice an empty match spans from the next token's
/// start to the previous token's end, so it comes reversed: it is placed after the previous token.
pub(crate) fn span(s: chumsky::span::SimpleSpan) -> Span {
    if s.start() > s.end() { Span::new(s.end(), s.end()) } else { Span::new(s.start(), s.end()) }
}

/// `text` quoted for a message: shortened, cut at its first line end, and with control
/// characters escaped (`\u{1}`), so that a message stays one visible line.
pub(crate) fn quote(text: &str) -> String {
    const MAX: usize = 24;
    let mut out = String::with_capacity(text.len().min(4 * MAX) + 2);
    out.push('`');
    let mut cut = false;
    for (n, c) in text.chars().enumerate() {
        if n == MAX || c == '\n' || c == '\r' {
            cut = n > 0 || text.len() > c.len_utf8();
            break;
        }
        match c {
            '\t' => out.push_str("\\t"),
            c => cescacs_diagnostics::terminal::push_safe(&mut out, c),
        }
    }
    if cut {
        out.push('…');
    }
    out.push('`');
    out
}

/// Whether `text` is a single hex, with or without a piece letter (`E7`, `Nf3`, `♘E3`): a move
/// written with only one of its two hexes.
pub(crate) fn lone_square(text: &str) -> bool {
    let mut chars = text.chars().peekable();
    let Some(first) = chars.next() else { return false };
    let column = match chars.peek() {
        Some(c) if c.is_ascii_alphabetic() => chars.next(),
        _ => Some(first),
    };
    let digits: String = chars.collect();
    column.is_some_and(|c| c.is_ascii_alphabetic())
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `E0209` for a move written with one hex only (`Nf3`, chess style): `at` spans it.
pub(crate) fn lone_square_diag(at: Span, text: &str) -> Diagnostic {
    let mut d = Diagnostic::error(
        MOVE_SYNTAX,
        at,
        format!("expected a move from one hex to another, found only {}", quote(text)),
    )
    .with_help(
        "a move writes its origin hex, `-` (`×` for a capture), then its destination: `E7-E13`, `NF14×E13`",
    );
    if text.bytes().any(|b| b.is_ascii_lowercase()) {
        d = d.with_help(format!(
            "column letters are written in capitals: `{}`",
            text.to_ascii_uppercase()
        ));
    }
    d
}

fn pattern(p: &RichPattern<'_, TokenKind>) -> String {
    match p {
        RichPattern::Token(t) => match **t {
            t if t.is_check_mark() => "a check mark".to_string(),
            t if t.is_rating() => "a rating".to_string(),
            TokenKind::Times | TokenKind::Star | TokenKind::At | TokenKind::AtAt => {
                "a capture sign".to_string()
            }
            other => other.describe().to_string(),
        },
        RichPattern::Label(l) => l.to_string(),
        RichPattern::Identifier(i) => format!("`{i}`"),
        RichPattern::Any => "something".to_string(),
        RichPattern::SomethingElse => "something else".to_string(),
        RichPattern::EndOfInput => "the end of the movetext".to_string(),
        _ => "something else".to_string(),
    }
}

/// "a, b or c".
pub(crate) fn one_of(items: &[String]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// A word the lexer cut before its digits (`Nxe` of `Nxe5`) is shown whole.
fn whole_word(source: &str, at: Span) -> Span {
    let Some(text) = source.get(at.range()) else { return at };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_alphabetic()) {
        return at;
    }
    let more = source[at.end..].bytes().take_while(u8::is_ascii_alphanumeric).count();
    Span::new(at.start, at.end + more)
}

/// A chumsky error as a diagnostic; `source` is the whole text the spans point into.
pub(crate) fn from_rich(e: &RichError<'_>, source: &str) -> Diagnostic {
    let at = whole_word(source, span(*e.span()));
    let found = if at.is_empty() || at.end > source.len() {
        "the end of the movetext".to_string()
    } else {
        quote(&source[at.range()])
    };
    let mut expected: Vec<String> = match e.reason() {
        // `x` and PGN's dots after a move number are in the grammar only to report them well;
        // never suggest them.
        RichReason::ExpectedFound { expected, .. } => expected
            .iter()
            .filter(|p| {
                !matches!(p, RichPattern::Token(t) if matches!(**t, TokenKind::XHex | TokenKind::Dots))
            })
            .map(pattern)
            .collect(),
        RichReason::Custom(c) => vec![c.clone()],
    };
    expected.sort();
    expected.dedup();
    // After a comma, a second comma is only accepted to report it: never suggest one.
    if expected.iter().any(|e| e == "a move") {
        expected.retain(|e| e != "`,`");
    }
    let contexts: Vec<Span> = e.contexts().map(|(_, s)| span(*s)).collect();
    // A move that stops after its first hex (`Nf3`, `E7`) and is not followed by another hex.
    if let [c] = contexts[..] {
        let text = &source[c.range()];
        // Another hex (`E7 E13`) or an `x` (`E13 x F16`) says what is wrong more precisely.
        let next = source.get(at.range()).unwrap_or("");
        if c.end <= at.start && lone_square(text) && !lone_square(next) && !next.starts_with('x') {
            return lone_square_diag(c, text);
        }
    }
    let in_move = !contexts.is_empty() || expected.iter().any(|e| e == "a move");
    let code = if in_move { MOVE_SYNTAX } else { MOVETEXT_SYNTAX };
    let mut d =
        Diagnostic::error(code, at, format!("expected {}, found {found}", one_of(&expected)));
    for c in contexts {
        if c != at {
            d = d.with_label(c, "while reading this move");
        }
    }
    let text = &source[at.start.min(source.len())..at.end.min(source.len())];
    if text == "x"
        || (text.starts_with('x') && text.len() > 1 && text.as_bytes()[1].is_ascii_uppercase())
    {
        d = d
            .with_help("captures are written `×` or `*`, never `x`")
            .with_fix(Span::new(at.start, at.start + 1), crate::syntax::Separator::Times.as_str());
    } else if text.starts_with("..") {
        d = d.with_help(
            "a line that starts with Black's move is written `1. …, MOVE` (or `1. ..., MOVE`)",
        );
    } else if text.starts_with(['O', '0']) && text.contains('-') {
        d = d.with_help(CASTLING_HELP);
    }
    d
}

/// The diagnostics in their one order ([`Diagnostic::sort`]).
pub(crate) fn sorted(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    Diagnostic::sort(&mut diags);
    diags
}
