//! The tokens of a CTL-PGN text and the logos lexer that finds them.
//!
//! Lexing never fails: a byte sequence that starts no token becomes a [`TokenKind::Error`] token
//! with its span, and lexing goes on. White space (spaces, tabs, line ends, a byte-order mark) is
//! skipped. Tokens carry no text: the parser reads the text of a token from its span, so the token
//! stream stays small and the lexer fast.

use cescacs_diagnostics::Span;
use logos::Logos;

/// The kinds of token of CTL-PGN.
///
/// A piece letter is told from a column letter by what follows it (docs/DECISIONS.md 7): a letter
/// followed by a column letter and a line number is a piece letter with its hex ([`TokenKind::PieceHex`],
/// `EE5`, `AF6`), a column letter followed directly by digits is a hex ([`TokenKind::Hex`], `E7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum TokenKind {
    /// Bytes that start no token.
    Error,
    /// `[`, opening a tag.
    LBracket,
    /// `]`, closing a tag.
    RBracket,
    /// A tag value in double quotes, with `\"` and `\\` escapes.
    String,
    /// A double quote whose closing quote is missing on the same line.
    UnterminatedString,
    /// A comment `{ ... }` (comments do not nest; the first `}` closes).
    Comment,
    /// A `{` whose `}` is missing: it ends before the next line that starts a game, or at the end
    /// of the text ([`crate::boundary::comment_end`]).
    UnterminatedComment,
    /// A hex: column letter and line number, `E7`, `F14` (not checked against the board yet).
    Hex,
    /// A piece letter and a hex: `EE5`, `JF6`, `NF14`.
    PieceHex,
    /// A Unicode piece symbol and a hex: `♘E3`.
    FanHex,
    /// A hex with a lower-case column letter (`e7`): always an error.
    LowerHex,
    /// A piece letter and a hex with a lower-case column letter (`Ef6`, `Nf3`): always an error.
    PieceLowerHex,
    /// The letter `x` used as a capture sign, with the hex after it (`xF16`, `xNF16`): an error.
    XHex,
    /// A lone upper-case letter (a promotion target such as the `D` of `=D`).
    Letter,
    /// A lone Unicode piece symbol.
    Fan,
    /// A castling string: `KR`, the rook letter, a separator and the columns (`KRK-HIO`).
    Castling,
    /// Chess castling, `O-O`, `O-O-O`, `0-0` or `0-0-0`: always an error (C'escacs castles with
    /// `KRK-…`, and `0-0` is no result).
    ChessCastling,
    /// Any other word: tag names, stray text (`Nxe5`).
    Word,
    /// `-` (U+002D).
    HyphenMinus,
    /// `‐` (U+2010), the spec's hyphen.
    Hyphen,
    /// `–` (U+2013), accepted with a warning.
    EnDash,
    /// `×` (U+00D7), capture.
    Times,
    /// `*`: capture in a move, or the result of an unfinished game.
    Star,
    /// `@`: en passant or scornful pawn capture.
    At,
    /// `@@`: en passant on the first hex crossed by a triple step.
    AtAt,
    /// `=`: promotion.
    Equals,
    /// `&`: promotion awaiting (no regainable piece).
    Ampersand,
    /// `+`: check.
    Check,
    /// `+^`: adjoining check.
    CheckAdjoining,
    /// `+∞`: check from afar.
    CheckFar,
    /// `++`: double check.
    CheckDouble,
    /// `#`: checkmate.
    Mate,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
    /// `?!`
    Dubious,
    /// `!`
    Good,
    /// `!!`
    Brilliant,
    /// `!?`
    Interesting,
    /// `◇` (U+25C7): forced, only move.
    Forced,
    /// `(=)`: draw offer.
    DrawOffer,
    /// `:`: last move.
    Colon,
    /// A move number with its dot: `12.`
    NumberDot,
    /// A move number with a question mark (unknown numbering): `1?`
    NumberQuestion,
    /// A bare number.
    Number,
    /// `…` (U+2026): the omitted White move.
    Ellipsis,
    /// `...`: the omitted White move, or three nesting dots.
    ThreeDots,
    /// A run of dots other than three: nesting dots.
    Dots,
    /// `,` between White's and Black's move.
    Comma,
    /// Commas written together (`,,`): always an error, reported once (`, ,` is two tokens; the
    /// reader reports that once too).
    Commas,
    /// A result: `3-0`, `2-1`, `0-3`, `1-2`, `1-1` (or any digit pair, checked by the parser).
    Result,
    /// `(`: a variation opens.
    LParen,
    /// `)`: a variation closes.
    RParen,
    /// `$[n]`: a variation label.
    Label,
    /// `$n`: a numeric annotation glyph.
    Nag,
}

/// The logos automaton; kept private so that no logos type shows in the public API. Its literals
/// are the spellings of the vocabulary types of [`crate::syntax`] (logos needs them written out);
/// `tests/vocabulary.rs` fails when one of them differs from its type's.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n\f\u{FEFF}]+")]
enum Raw {
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#)]
    String,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*\\?"#)]
    UnterminatedString,
    /// `{`: [`Lexer::next`] reads the comment after it (a logos callback here made every token
    /// slower).
    #[token("{")]
    Comment,
    #[regex(r"[A-Z][0-9]+", priority = 6)]
    Hex,
    #[regex(r"[A-Z][A-Z][0-9]+", priority = 6)]
    PieceHex,
    #[regex(r"[♙☖♗♘🩐♖🩏♕♔♟☗♝♞🩓♜🩒♛♚][A-Z][0-9]+")]
    FanHex,
    #[regex(r"[a-z][0-9]+", priority = 6)]
    LowerHex,
    #[regex(r"[A-Z][a-z][0-9]+", priority = 6)]
    PieceLowerHex,
    #[regex(r"x[A-Z][A-Z]?[0-9]+", priority = 7)]
    XHex,
    #[regex(r"[A-Z]", priority = 6)]
    Letter,
    #[regex(r"[♙☖♗♘🩐♖🩏♕♔♟☗♝♞🩓♜🩒♛♚]")]
    Fan,
    #[regex(r"KR[A-Z][-‐–][A-Z]*", priority = 8)]
    Castling,
    #[regex(r"O[-‐–]O([-‐–]O)?|0[-‐–]0([-‐–]0)?", priority = 8)]
    ChessCastling,
    #[regex(r"[A-Za-z][A-Za-z_']*", priority = 2)]
    Word,
    #[token("-")]
    HyphenMinus,
    #[token("‐")]
    Hyphen,
    #[token("–")]
    EnDash,
    #[token("×")]
    Times,
    #[token("*")]
    Star,
    #[token("@")]
    At,
    #[token("@@")]
    AtAt,
    #[token("=")]
    Equals,
    #[token("&")]
    Ampersand,
    #[token("+")]
    Check,
    #[token("+^")]
    CheckAdjoining,
    #[token("+∞")]
    CheckFar,
    #[token("++")]
    CheckDouble,
    #[token("#")]
    Mate,
    #[token("?")]
    Mistake,
    #[token("??")]
    Blunder,
    #[token("?!")]
    Dubious,
    #[token("!")]
    Good,
    #[token("!!")]
    Brilliant,
    #[token("!?")]
    Interesting,
    #[token("◇")]
    Forced,
    #[token("(=)")]
    DrawOffer,
    #[token(":")]
    Colon,
    #[regex(r"[0-9]+\.", priority = 6)]
    NumberDot,
    #[regex(r"[0-9]+\?", priority = 6)]
    NumberQuestion,
    #[regex(r"[0-9]+")]
    Number,
    #[token("…")]
    Ellipsis,
    #[token("...", priority = 20)]
    ThreeDots,
    #[regex(r"\.+")]
    Dots,
    #[token(",")]
    Comma,
    #[regex(r",,+")]
    Commas,
    #[regex(r"[0-9][-‐–][0-9]", priority = 6)]
    Result,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[regex(r"\$\[[0-9]*\]")]
    Label,
    #[regex(r"\$[0-9]+")]
    Nag,
}

impl Raw {
    #[inline]
    const fn kind(self) -> TokenKind {
        match self {
            Raw::LBracket => TokenKind::LBracket,
            Raw::RBracket => TokenKind::RBracket,
            Raw::String => TokenKind::String,
            Raw::UnterminatedString => TokenKind::UnterminatedString,
            Raw::Comment => TokenKind::Comment,
            Raw::Hex => TokenKind::Hex,
            Raw::PieceHex => TokenKind::PieceHex,
            Raw::FanHex => TokenKind::FanHex,
            Raw::LowerHex => TokenKind::LowerHex,
            Raw::PieceLowerHex => TokenKind::PieceLowerHex,
            Raw::XHex => TokenKind::XHex,
            Raw::Letter => TokenKind::Letter,
            Raw::Fan => TokenKind::Fan,
            Raw::Castling => TokenKind::Castling,
            Raw::ChessCastling => TokenKind::ChessCastling,
            Raw::Word => TokenKind::Word,
            Raw::HyphenMinus => TokenKind::HyphenMinus,
            Raw::Hyphen => TokenKind::Hyphen,
            Raw::EnDash => TokenKind::EnDash,
            Raw::Times => TokenKind::Times,
            Raw::Star => TokenKind::Star,
            Raw::At => TokenKind::At,
            Raw::AtAt => TokenKind::AtAt,
            Raw::Equals => TokenKind::Equals,
            Raw::Ampersand => TokenKind::Ampersand,
            Raw::Check => TokenKind::Check,
            Raw::CheckAdjoining => TokenKind::CheckAdjoining,
            Raw::CheckFar => TokenKind::CheckFar,
            Raw::CheckDouble => TokenKind::CheckDouble,
            Raw::Mate => TokenKind::Mate,
            Raw::Mistake => TokenKind::Mistake,
            Raw::Blunder => TokenKind::Blunder,
            Raw::Dubious => TokenKind::Dubious,
            Raw::Good => TokenKind::Good,
            Raw::Brilliant => TokenKind::Brilliant,
            Raw::Interesting => TokenKind::Interesting,
            Raw::Forced => TokenKind::Forced,
            Raw::DrawOffer => TokenKind::DrawOffer,
            Raw::Colon => TokenKind::Colon,
            Raw::NumberDot => TokenKind::NumberDot,
            Raw::NumberQuestion => TokenKind::NumberQuestion,
            Raw::Number => TokenKind::Number,
            Raw::Ellipsis => TokenKind::Ellipsis,
            Raw::ThreeDots => TokenKind::ThreeDots,
            Raw::Dots => TokenKind::Dots,
            Raw::Comma => TokenKind::Comma,
            Raw::Commas => TokenKind::Commas,
            Raw::Result => TokenKind::Result,
            Raw::LParen => TokenKind::LParen,
            Raw::RParen => TokenKind::RParen,
            Raw::Label => TokenKind::Label,
            Raw::Nag => TokenKind::Nag,
        }
    }
}

/// A token: its kind and the bytes it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is.
    pub span: Span,
}

/// An iterator over the tokens of a text; never fails, never stops early.
///
/// ```
/// use ctl_an::lexer::{Lexer, TokenKind};
/// let kinds: Vec<TokenKind> = Lexer::new("1. EE5-E11, G21×NF16+^").map(|t| t.kind).collect();
/// assert_eq!(kinds, [
///     TokenKind::NumberDot, TokenKind::PieceHex, TokenKind::HyphenMinus, TokenKind::Hex,
///     TokenKind::Comma, TokenKind::Hex, TokenKind::Times, TokenKind::PieceHex,
///     TokenKind::CheckAdjoining,
/// ]);
/// ```
#[derive(Debug, Clone)]
pub struct Lexer<'src> {
    inner: logos::Lexer<'src, Raw>,
}

impl<'src> Lexer<'src> {
    /// A lexer over `source`.
    pub fn new(source: &'src str) -> Lexer<'src> {
        Lexer { inner: Raw::lexer(source) }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    #[inline]
    fn next(&mut self) -> Option<Token> {
        let raw = self.inner.next()?;
        let mut kind = match raw {
            Ok(raw) => raw.kind(),
            Err(()) => TokenKind::Error,
        };
        if kind == TokenKind::Comment {
            kind = self.comment();
        }
        let r = self.inner.span();
        Some(Token { kind, span: Span::new(r.start, r.end) })
    }
}

impl Lexer<'_> {
    /// Extends the `{` just read over its comment ([`crate::boundary::comment_end`]). Out of
    /// line, so that `next` stays small.
    #[inline(never)]
    fn comment(&mut self) -> TokenKind {
        let start = self.inner.span().start;
        let (len, closed) = crate::boundary::comment_end(&self.inner.source().as_bytes()[start..]);
        self.inner.bump(len - 1);
        if closed { TokenKind::Comment } else { TokenKind::UnterminatedComment }
    }
}

/// All the tokens of `source`, in order.
///
/// ```
/// use ctl_an::lexer::{tokenize, TokenKind};
/// let tokens = tokenize("[Variant \"C'escacs\"] 1. E7‐E13: *");
/// assert_eq!(tokens[0].kind, TokenKind::LBracket);
/// assert_eq!(tokens.last().unwrap().kind, TokenKind::Star);
/// ```
pub fn tokenize(source: &str) -> Vec<Token> {
    Lexer::new(source).collect()
}

/// The tokens of each group of a move's parts and marks, as the grammar and its messages name
/// them. Their values are read from the token's text by the notation types
/// ([`crate::syntax::Separator::read_prefix`], [`crate::syntax::CheckMark::read_prefix`]...):
/// the lexer only finds where they start and end.
impl TokenKind {
    /// The squares: a hex, with a piece letter or symbol before it, in either case.
    pub(crate) const SQUARES: &'static [TokenKind] = &[
        TokenKind::Hex,
        TokenKind::PieceHex,
        TokenKind::FanHex,
        TokenKind::LowerHex,
        TokenKind::PieceLowerHex,
    ];
    /// The separators between a move's origin and destination.
    pub(crate) const SEPARATORS: &'static [TokenKind] = &[
        TokenKind::HyphenMinus,
        TokenKind::Hyphen,
        TokenKind::EnDash,
        TokenKind::Times,
        TokenKind::Star,
        TokenKind::At,
        TokenKind::AtAt,
    ];
    /// The check marks.
    pub(crate) const CHECK_MARKS: &'static [TokenKind] = &[
        TokenKind::Check,
        TokenKind::CheckAdjoining,
        TokenKind::CheckFar,
        TokenKind::CheckDouble,
        TokenKind::Mate,
    ];
    /// The ratings.
    pub(crate) const RATINGS: &'static [TokenKind] = &[
        TokenKind::Mistake,
        TokenKind::Blunder,
        TokenKind::Dubious,
        TokenKind::Good,
        TokenKind::Brilliant,
        TokenKind::Interesting,
        TokenKind::Forced,
    ];

    /// Whether the token is a move rating: `?` `??` `?!` `!` `!!` `!?` `◇`.
    ///
    /// ```
    /// use ctl_an::lexer::TokenKind;
    /// assert!(TokenKind::Dubious.is_rating() && TokenKind::Forced.is_rating());
    /// assert!(!TokenKind::Nag.is_rating());
    /// ```
    pub fn is_rating(self) -> bool {
        TokenKind::RATINGS.contains(&self)
    }

    /// Whether the token is a check mark: `+` `+^` `+∞` `++` `#`.
    ///
    /// ```
    /// use ctl_an::lexer::TokenKind;
    /// assert!(TokenKind::CheckFar.is_check_mark() && !TokenKind::Forced.is_check_mark());
    /// ```
    pub fn is_check_mark(self) -> bool {
        TokenKind::CHECK_MARKS.contains(&self)
    }

    /// Whether the token can separate a move's origin from its destination (`*` is also the
    /// unfinished result).
    ///
    /// ```
    /// use ctl_an::lexer::TokenKind;
    /// assert!(TokenKind::Times.is_separator() && !TokenKind::Equals.is_separator());
    /// ```
    pub fn is_separator(self) -> bool {
        TokenKind::SEPARATORS.contains(&self)
    }

    /// How the token is named in "expected ..., found ..." messages.
    pub const fn describe(self) -> &'static str {
        match self {
            TokenKind::Error => "an unexpected character",
            TokenKind::LBracket => "`[`",
            TokenKind::RBracket => "`]`",
            TokenKind::String | TokenKind::UnterminatedString => "a quoted value",
            TokenKind::Comment | TokenKind::UnterminatedComment => "a comment",
            TokenKind::Hex => "a hex",
            TokenKind::PieceHex => "a piece letter and a hex",
            TokenKind::FanHex => "a piece symbol and a hex",
            TokenKind::LowerHex | TokenKind::PieceLowerHex => "a hex with a lower-case column",
            TokenKind::XHex => "`x`",
            TokenKind::Letter => "a letter",
            TokenKind::Fan => "a piece symbol",
            TokenKind::Castling => "a castling",
            TokenKind::ChessCastling => "a chess castling",
            TokenKind::Word => "a word",
            TokenKind::HyphenMinus | TokenKind::Hyphen | TokenKind::EnDash => "`-`",
            TokenKind::Times => "`×`",
            TokenKind::Star => "`*`",
            TokenKind::At => "`@`",
            TokenKind::AtAt => "`@@`",
            TokenKind::Equals => "`=`",
            TokenKind::Ampersand => "`&`",
            TokenKind::Check => "`+`",
            TokenKind::CheckAdjoining => "`+^`",
            TokenKind::CheckFar => "`+∞`",
            TokenKind::CheckDouble => "`++`",
            TokenKind::Mate => "`#`",
            TokenKind::Mistake => "`?`",
            TokenKind::Blunder => "`??`",
            TokenKind::Dubious => "`?!`",
            TokenKind::Good => "`!`",
            TokenKind::Brilliant => "`!!`",
            TokenKind::Interesting => "`!?`",
            TokenKind::Forced => "`◇`",
            TokenKind::DrawOffer => "`(=)`",
            TokenKind::Colon => "`:`",
            TokenKind::NumberDot | TokenKind::NumberQuestion => "a move number",
            TokenKind::Number => "a number",
            TokenKind::Ellipsis | TokenKind::ThreeDots => "`…`",
            TokenKind::Dots => "dots",
            TokenKind::Comma | TokenKind::Commas => "`,`",
            TokenKind::Result => "a result",
            TokenKind::LParen => "`(`",
            TokenKind::RParen => "`)`",
            TokenKind::Label => "a variation label",
            TokenKind::Nag => "a NAG",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<TokenKind> {
        Lexer::new(s).map(|t| t.kind).collect()
    }

    #[test]
    fn letters_are_told_apart_by_what_follows() {
        use TokenKind::*;
        assert_eq!(kinds("AF6 A5 E7 EE5 A"), [PieceHex, Hex, Hex, PieceHex, Letter]);
        assert_eq!(kinds("♘E3 ♘ e7 xF16 xNF16"), [FanHex, Fan, LowerHex, XHex, XHex]);
        assert_eq!(
            kinds("Ef6 Nf3 Nf O-O O‐O‐O 0-0 0-0-0 O-"),
            [
                PieceLowerHex,
                PieceLowerHex,
                Word,
                ChessCastling,
                ChessCastling,
                ChessCastling,
                ChessCastling,
                Letter,
                HyphenMinus
            ]
        );
        assert_eq!(
            kinds("KRK-HIO KRD–DE KRR‐HGG KRK- Variant"),
            [Castling, Castling, Castling, Castling, Word]
        );
    }

    #[test]
    fn marks_numbers_and_results() {
        use TokenKind::*;
        assert_eq!(
            kinds("+ +^ +∞ ++ # ? ?? ?! ! !! !? ◇ (=) : (=):"),
            [
                Check,
                CheckAdjoining,
                CheckFar,
                CheckDouble,
                Mate,
                Mistake,
                Blunder,
                Dubious,
                Good,
                Brilliant,
                Interesting,
                Forced,
                DrawOffer,
                Colon,
                DrawOffer,
                Colon
            ]
        );
        assert_eq!(
            kinds("12. 1? 3-0 1‐1 … ... . .. 7 $[2] $14"),
            [
                NumberDot,
                NumberQuestion,
                Result,
                Result,
                Ellipsis,
                ThreeDots,
                Dots,
                Dots,
                Number,
                Label,
                Nag
            ]
        );
    }

    #[test]
    fn tags_comments_and_errors() {
        use TokenKind::*;
        assert_eq!(
            kinds(r#"[Name "a \"b\" \\"] { c } {"#),
            [LBracket, Word, String, RBracket, Comment, UnterminatedComment]
        );
        assert_eq!(kinds("\"abc\n%"), [UnterminatedString, Error]);
        assert_eq!(kinds(", ,, ,,,"), [Comma, Commas, Commas]);
        let t: Vec<Token> = Lexer::new("{ a\n1. E7-E13  \n[Variant \"x\"]").collect();
        assert_eq!(t[0], Token { kind: UnterminatedComment, span: Span::new(0, 13) });
        assert_eq!(t[1].kind, LBracket);
        let t: Vec<Token> = Lexer::new("€ E7").collect();
        assert_eq!(t[0], Token { kind: Error, span: Span::new(0, 3) });
    }
}
