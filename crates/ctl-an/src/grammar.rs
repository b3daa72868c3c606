//! The chumsky grammar of moves and movetext, over the token stream.
//!
//! The grammar only recognises shapes: which tokens form a move, a pair, a variation. It outputs
//! "raw" nodes that still hold token kinds and spans; `assemble` reads their text (hexes, castling
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
type Extra<'a, Er> = extra::Err<Er>;

/// The error types the grammar can run with: [`RichError`] to explain problems, and chumsky's
/// zero-sized `EmptyErr` for the fast first pass over text that is (usually) correct.
pub(crate) trait GrammarError<'a>:
    chumsky::error::Error<'a, In<'a>> + chumsky::label::LabelError<'a, In<'a>, &'static str> + 'a
{
}

impl<'a, T> GrammarError<'a> for T where
    T: chumsky::error::Error<'a, In<'a>>
        + chumsky::label::LabelError<'a, In<'a>, &'static str>
        + 'a
{
}

/// The input over a token slice; `eoi` is the span reported for "end of input".
pub(crate) fn input(tokens: &[Tk], eoi: SimpleSpan) -> In<'_> {
    tokens.split_token_span(eoi)
}

/// One side's part of a pair. A move is only its span: the builder reads its tokens, whose
/// shape the grammar has checked (small outputs keep the parser fast).
#[derive(Debug, Clone, Copy)]
pub(crate) enum RawPly {
    Move(SimpleSpan),
    Omitted(SimpleSpan),
    /// PGN's dots after the move number (`1...`) for White's omitted move.
    PgnOmitted(SimpleSpan),
    Invalid(SimpleSpan),
}

#[derive(Debug, Clone)]
pub(crate) struct RawPair {
    pub span: SimpleSpan,
    pub number: Tk,
    pub white: RawPly,
    /// Black's move (after a comma, or after several: the builder looks at the text between).
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

fn tok<'a, Er: GrammarError<'a>>(
    kinds: &'static [TokenKind],
) -> impl Parser<'a, In<'a>, Tk, Extra<'a, Er>> + Clone {
    one_of(kinds).map_with(|k, e| (k, e.span()))
}

/// Tokens that end a ply that could not be read: what may follow a ply (a comma, or what may
/// start an item: [`ITEM_START`]).
const AFTER_PLY: &[TokenKind] = &[
    Comma,
    Commas,
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

/// Tokens that may start a movetext item (or end a variation): [`AFTER_PLY`] but the commas.
const ITEM_START: &[TokenKind] = AFTER_PLY.split_at(2).1;

/// One move: castling, ordinary move, or forced promotion, with its marks; outputs its span.
pub(crate) fn move_parser<'a, Er: GrammarError<'a>>()
-> impl Parser<'a, In<'a>, SimpleSpan, Extra<'a, Er>> + Clone {
    let square = one_of(TokenKind::SQUARES).ignored();
    let separator = one_of(TokenKind::SEPARATORS).ignored();
    // After `=` the promotion is committed: a missing target is reported inside the move.
    let promotion = just(Equals).ignore_then(
        one_of([Letter, Fan, Ampersand])
            .ignored()
            .labelled("a piece letter or `&`")
            .recover_with(via_parser(empty())),
    );
    let tail = choice((
        separator.then(square.labelled("a hex")).then(promotion.or_not()).ignored(),
        just(XHex).then(promotion.or_not()).ignored(),
        promotion,
    ));
    let core = choice((one_of([Castling, ChessCastling]).ignored(), square.then(tail).ignored()));
    let check = one_of(TokenKind::CHECK_MARKS).or_not();
    let rating = one_of(TokenKind::RATINGS).or_not();
    let nags = just(Nag).repeated();
    let draw = just(DrawOffer).or_not();
    let end = just(Colon).or_not();
    core.then(check)
        .then(rating)
        .then(nags)
        .then(draw)
        .then(end)
        .map_with(|_, e| e.span())
        .labelled("a move")
        .as_context()
}

/// Whether `tokens` are exactly one pair of plain moves, `N. HEX-HEX, HEX*HEX` (any separator,
/// each move with its check mark, rating, NAGs and draw offer, in that order): then
/// [`movetext_parser`] reads them as one pair, every `*` in them a capture's separator, never a
/// result line. A quick answer for the pairs that need no parse to say so; `false` says
/// nothing.
pub(crate) fn plain_pair(tokens: &[Tk]) -> bool {
    let mut kinds = tokens.iter().map(|t| t.0).peekable();
    let plain_move = |kinds: &mut core::iter::Peekable<_>| {
        let [from, separator, to] = [kinds.next(), kinds.next(), kinds.next()];
        let core = from.is_some_and(|k| TokenKind::SQUARES.contains(&k))
            && separator.is_some_and(|k| TokenKind::SEPARATORS.contains(&k))
            && to.is_some_and(|k| TokenKind::SQUARES.contains(&k));
        kinds.next_if(|k| TokenKind::CHECK_MARKS.contains(k));
        kinds.next_if(|k| TokenKind::RATINGS.contains(k));
        while kinds.next_if_eq(&Nag).is_some() {}
        kinds.next_if_eq(&DrawOffer);
        core
    };
    matches!(kinds.next(), Some(NumberDot | NumberQuestion))
        && plain_move(&mut kinds)
        && (kinds.next_if_eq(&Comma).is_none() || plain_move(&mut kinds))
        && kinds.next().is_none()
}

/// The whole movetext of a game: items, with stray `)` kept as items.
pub(crate) fn movetext_parser<'a, Er: GrammarError<'a>>()
-> impl Parser<'a, In<'a>, Vec<RawItem>, Extra<'a, Er>> {
    let mv = move_parser();
    let invalid = none_of(AFTER_PLY).repeated().map_with(|_, e| RawPly::Invalid(e.span()));
    // PGN's `1... E21-E15`: dots right after the number are read as White's omitted move, so
    // that it is one error and Black's move is kept (the builder reads it when the comma is
    // missing too). The move parser is used twice only: a third use costs the hot path.
    let white = choice((
        one_of([Ellipsis, ThreeDots, Dots]).map_with(|k, e| {
            if k == Dots { RawPly::PgnOmitted(e.span()) } else { RawPly::Omitted(e.span()) }
        }),
        mv.clone().map(RawPly::Move),
    ))
    .recover_with(via_parser(invalid));
    // A run of commas is one token, so `1. E7-E13,, E21-E15` costs nothing here and is one error.
    // Black's move written without its comma is junk to the grammar; the builder reads it back.
    let black =
        one_of([Comma, Commas]).ignore_then(mv.map(RawPly::Move).recover_with(via_parser(invalid)));
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
                junk,
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
