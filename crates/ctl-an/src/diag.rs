//! The diagnostic codes of the syntax level (`E02xx`, `W02xx`) and the conversion of chumsky's
//! errors into [`Diagnostic`]s. The table of codes is in `docs/diagnostics/syntax.md`.

use chumsky::error::{RichPattern, RichReason};
use chumsky::span::Span as _;

use cescacs_board::{Diagnostic, Span};

use crate::grammar::RichError;
use crate::lexer::TokenKind;

/// A byte sequence that starts no token.
pub(crate) const UNEXPECTED_CHARACTER: &str = "E0201";
/// `{` without `}`.
pub(crate) const UNTERMINATED_COMMENT: &str = "E0202";
/// `"` without its closing quote on the line.
pub(crate) const UNTERMINATED_STRING: &str = "E0203";
/// A hex that is not on the board or is badly written.
pub(crate) const BAD_HEX: &str = "E0204";
/// A lower-case column letter.
pub(crate) const LOWER_CASE_COLUMN: &str = "E0205";
/// `x` used for a capture.
pub(crate) const LETTER_X: &str = "E0206";
/// A castling string that is not one of the 24.
pub(crate) const BAD_CASTLING: &str = "E0207";
/// A result that is not one of the six.
pub(crate) const BAD_RESULT: &str = "E0208";
/// A syntax error inside a move.
pub(crate) const MOVE_SYNTAX: &str = "E0209";
/// Something the movetext cannot hold.
pub(crate) const MOVETEXT_SYNTAX: &str = "E0210";
/// A variation whose `)` is missing.
pub(crate) const UNCLOSED_VARIATION: &str = "E0211";
/// A `)` with no `(`.
pub(crate) const STRAY_CLOSE: &str = "E0212";
/// A captured piece written on a move that is not a capture.
pub(crate) const CAPTURE_WITHOUT_SIGN: &str = "E0213";
/// A forced promotion written with a piece letter, or a piece letter that is no piece.
pub(crate) const BAD_PIECE_LETTER: &str = "E0214";
/// A tag that is not `[Name "value"]`.
pub(crate) const TAG_SYNTAX: &str = "E0215";
/// An escape other than `\"` and `\\` in a tag value.
pub(crate) const BAD_ESCAPE: &str = "E0216";
/// A record without a `[Variant ...]` tag.
pub(crate) const NO_VARIANT: &str = "E0217";
/// A result, variation or move number where it cannot be.
pub(crate) const MISPLACED: &str = "E0218";
/// A move number that is zero or too large.
pub(crate) const BAD_MOVE_NUMBER: &str = "E0219";
/// A variation label that is not `$[n]` with n ≥ 1.
pub(crate) const BAD_LABEL: &str = "E0220";

/// Variations nested deeper than the reader follows.
pub(crate) const TOO_DEEP: &str = "E0221";

/// The en dash U+2013 as a separator.
pub(crate) const EN_DASH: &str = "W0201";
/// The tag name `DPTL`.
pub(crate) const DPTL: &str = "W0202";
/// The last move without `:` or `#`.
pub(crate) const NO_FINAL_MARK: &str = "W0203";
/// The result line missing.
pub(crate) const NO_RESULT: &str = "W0204";
/// `@W`/`@B` at the start of a comment without the colon.
pub(crate) const PLAYER_COMMENT_COLON: &str = "W0205";
/// A malformed reference in a comment.
pub(crate) const BAD_REFERENCE: &str = "W0206";

/// Our span of a chumsky span. Over a token slice an empty match spans from the next token's
/// start to the previous token's end, so it comes reversed: it is placed after the previous token.
pub(crate) fn span(s: chumsky::span::SimpleSpan) -> Span {
    if s.start() > s.end() { Span::new(s.end(), s.end()) } else { Span::new(s.start(), s.end()) }
}

/// `text` shortened for a message.
pub(crate) fn quote(text: &str) -> String {
    const MAX: usize = 24;
    match text.char_indices().nth(MAX) {
        Some((i, _)) => format!("`{}…`", &text[..i]),
        None => format!("`{text}`"),
    }
}

fn pattern(p: &RichPattern<'_, TokenKind>) -> String {
    match p {
        RichPattern::Token(t) => match **t {
            TokenKind::Check
            | TokenKind::CheckAdjoining
            | TokenKind::CheckFar
            | TokenKind::CheckDouble
            | TokenKind::Mate => "a check mark".to_string(),
            TokenKind::Mistake
            | TokenKind::Blunder
            | TokenKind::Dubious
            | TokenKind::Good
            | TokenKind::Brilliant
            | TokenKind::Interesting
            | TokenKind::Forced => "a rating".to_string(),
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

/// A chumsky error as a diagnostic; `source` is the whole text the spans point into.
pub(crate) fn from_rich(e: &RichError<'_>, source: &str) -> Diagnostic {
    let at = span(*e.span());
    let found = if at.is_empty() || at.end > source.len() {
        "the end of the movetext".to_string()
    } else {
        quote(&source[at.range()])
    };
    let mut expected: Vec<String> = match e.reason() {
        // `x` is in the grammar only to report it well; never suggest it.
        RichReason::ExpectedFound { expected, .. } => expected
            .iter()
            .filter(|p| !matches!(p, RichPattern::Token(t) if **t == TokenKind::XHex))
            .map(pattern)
            .collect(),
        RichReason::Custom(c) => vec![c.clone()],
    };
    expected.sort();
    expected.dedup();
    let contexts: Vec<Span> = e.contexts().map(|(_, s)| span(*s)).collect();
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
            .with_fix(Span::new(at.start, at.start + 1), "×");
    } else if text.starts_with("..") {
        d = d.with_help(
            "a line that starts with Black's move is written `1. …, MOVE` (or `1. ..., MOVE`)",
        );
    } else if text.starts_with(['O', '0']) && text.contains('-') {
        d = d.with_help("castling is written `KRK-…`, `KRD-…` or `KRR-…` (rules.md 4.3)");
    }
    d
}
