//! The chumsky grammar of moves and movetext, over the token stream.
//!
//! The grammar only recognises shapes: which tokens form a move, a pair, a variation. It outputs
//! "raw" nodes that still hold token kinds and spans; `build` reads their text (hexes, castling
//! strings, comment references) and reports what is wrong inside a token. Keeping the chumsky
//! layer this thin keeps its types out of the public API and its compile time low.

use chumsky::input::{Input as _, MappedInput};
use chumsky::prelude::*;

use crate::lexer::TokenKind::{self, *};

/// A token with its span, as the grammar sees it.
pub(crate) type Tk = (TokenKind, SimpleSpan);
/// The grammar's input: a slice of spanned tokens.
pub(crate) type In<'a> = MappedInput<'a, TokenKind, SimpleSpan, &'a [Tk]>;
/// chumsky's rich error over our tokens.
pub(crate) type RichError<'a> = Rich<'a, TokenKind, SimpleSpan>;
type Extra<'a> = extra::Err<RichError<'a>>;

/// The input over a token slice; `eoi` is the span reported for "end of input".
pub(crate) fn input(tokens: &[Tk], eoi: SimpleSpan) -> In<'_> {
    tokens.split_token_span(eoi)
}

/// `=` and its target (`None` when the target is missing; the error is already reported).
pub(crate) type RawPromotion = (SimpleSpan, Option<Tk>);

#[derive(Debug, Clone)]
pub(crate) enum RawCore {
    Castling(Tk),
    /// `sep` is `None` when the capture was written with `x` (inside the `XHex` destination).
    Ordinary { from: Tk, sep: Option<Tk>, to: Tk, promotion: Option<RawPromotion> },
    Forced { hex: Tk, promotion: RawPromotion },
}

#[derive(Debug, Clone)]
pub(crate) struct RawMove {
    pub span: SimpleSpan,
    pub core: RawCore,
    pub check: Option<Tk>,
    pub rating: Option<Tk>,
    pub nags: Vec<Tk>,
    pub draw_offer: Option<SimpleSpan>,
    pub end: Option<SimpleSpan>,
}

#[derive(Debug, Clone)]
pub(crate) enum RawPly {
    Move(RawMove),
    Omitted(SimpleSpan),
    Invalid(SimpleSpan),
}

#[derive(Debug, Clone)]
pub(crate) struct RawPair {
    pub span: SimpleSpan,
    pub number: Tk,
    pub white: RawPly,
    pub black: Option<RawPly>,
}

#[derive(Debug, Clone)]
pub(crate) struct RawVariation {
    pub span: SimpleSpan,
    pub open: SimpleSpan,
    pub label: Option<Tk>,
    pub items: Vec<RawItem>,
    pub closed: bool,
}

#[derive(Debug, Clone)]
pub(crate) enum RawItem {
    Pair(RawPair),
    Comment(Tk),
    Variation(RawVariation),
    Result(Tk),
    /// Tokens that start nothing the movetext may hold; reported by the builder.
    Junk(SimpleSpan),
    /// A `)` with no `(` (only at the top level).
    StrayClose(SimpleSpan),
}

fn tok<'a>(kinds: &'static [TokenKind]) -> impl Parser<'a, In<'a>, Tk, Extra<'a>> + Clone {
    one_of(kinds).map_with(|k, e| (k, e.span()))
}

/// Tokens that end a ply that could not be read: what may follow a ply.
const AFTER_PLY: &[TokenKind] = &[
    Comma,
    NumberDot,
    NumberQuestion,
    LParen,
    RParen,
    Comment,
    UnterminatedComment,
    Result,
    Star,
    Dots,
    ThreeDots,
];

/// Tokens that may start a movetext item (or end a variation).
const ITEM_START: &[TokenKind] = &[
    NumberDot,
    NumberQuestion,
    LParen,
    RParen,
    Comment,
    UnterminatedComment,
    Result,
    Star,
    Dots,
    ThreeDots,
];

/// One move: castling, ordinary move, or forced promotion, with its marks.
pub(crate) fn move_parser<'a>() -> impl Parser<'a, In<'a>, RawMove, Extra<'a>> + Clone {
    let square = tok(&[Hex, PieceHex, FanHex, LowerHex]);
    let separator = tok(&[HyphenMinus, Hyphen, EnDash, Times, Star, At, AtAt]);
    // After `=` the promotion is committed: a missing target is reported inside the move.
    let promotion = just(Equals)
        .ignore_then(
            tok(&[Letter, Fan, Ampersand])
                .labelled("a piece letter or `&`")
                .map(Some)
                .recover_with(via_parser(empty().to(None))),
        )
        .map_with(|t, e| (e.span(), t));
    let tail = choice((
        separator
            .then(square.clone().labelled("a hex"))
            .then(promotion.clone().or_not())
            .map(|((s, to), p)| (Some(s), Some(to), p)),
        tok(&[XHex]).then(promotion.clone().or_not()).map(|(to, p)| (None, Some(to), p)),
        promotion.map(|p| (None, None, Some(p))),
    ));
    let core = choice((
        tok(&[Castling]).map(RawCore::Castling),
        square.then(tail).map(|(from, (sep, to, promotion))| match (to, promotion) {
            (Some(to), promotion) => RawCore::Ordinary { from, sep, to, promotion },
            (None, Some(promotion)) => RawCore::Forced { hex: from, promotion },
            // The tail always yields a destination or a promotion.
            (None, None) => RawCore::Castling(from),
        }),
    ));
    let check = tok(&[Check, CheckAdjoining, CheckFar, CheckDouble, Mate]).or_not();
    let rating =
        tok(&[Mistake, Blunder, Dubious, Good, Brilliant, Interesting, Forced]).or_not();
    let nags = tok(&[Nag]).repeated().collect::<Vec<_>>();
    let draw = just(DrawOffer).map_with(|_, e| e.span()).or_not();
    let end = just(Colon).map_with(|_, e| e.span()).or_not();
    core.then(check)
        .then(rating)
        .then(nags)
        .then(draw)
        .then(end)
        .map_with(|(((((core, check), rating), nags), draw_offer), end), e| RawMove {
            span: e.span(),
            core,
            check,
            rating,
            nags,
            draw_offer,
            end,
        })
        .labelled("a move")
        .as_context()
}

/// The whole movetext of a game: items, with stray `)` kept as items.
pub(crate) fn movetext_parser<'a>() -> impl Parser<'a, In<'a>, Vec<RawItem>, Extra<'a>> {
    let mv = move_parser();
    let invalid = none_of(AFTER_PLY).repeated().map_with(|_, e| RawPly::Invalid(e.span()));
    let white = choice((tok(&[Ellipsis, ThreeDots]).map(|(_, s)| RawPly::Omitted(s)), mv.clone().map(RawPly::Move)))
        .recover_with(via_parser(invalid.clone()));
    let black = just(Comma).ignore_then(mv.map(RawPly::Move).recover_with(via_parser(invalid)));
    let pair = tok(&[NumberDot, NumberQuestion])
        .then(white)
        .then(black.or_not())
        .map_with(|((number, white), black), e| RawPair { span: e.span(), number, white, black });
    let junk = none_of(ITEM_START).repeated().at_least(1).map_with(|_, e| RawItem::Junk(e.span()));
    let dots = tok(&[Dots, ThreeDots]).repeated();

    let items = recursive(|items| {
        let variation = just(LParen)
            .map_with(|_, e| e.span())
            .then(tok(&[Label]).or_not())
            .then(items)
            .then(just(RParen).or_not())
            .map_with(|(((open, label), items), close), e| RawVariation {
                span: e.span(),
                open,
                label,
                items,
                closed: close.is_some(),
            });
        dots.clone()
            .ignore_then(choice((
                pair.clone().map(RawItem::Pair),
                tok(&[Comment, UnterminatedComment]).map(RawItem::Comment),
                variation.map(RawItem::Variation),
                tok(&[Result, Star]).map(RawItem::Result),
                junk.clone(),
            )))
            .repeated()
            .collect::<Vec<_>>()
            .then_ignore(dots.clone())
            .boxed()
    });
    let stray = just(RParen).map_with(|_, e| RawItem::StrayClose(e.span()));
    items
        .clone()
        .foldl(stray.then(items).repeated(), |mut acc, (s, more)| {
            acc.push(s);
            acc.extend(more);
            acc
        })
        .then_ignore(end())
}
