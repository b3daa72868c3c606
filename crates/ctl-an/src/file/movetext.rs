//! The movetext of a region through the chumsky grammar (a fast pass, and a pass with rich
//! errors where it finds a problem), the ply and pair limits of a main line, and a movetext read
//! alone.

use chumsky::error::EmptyErr;
use chumsky::span::SimpleSpan;

use cescacs_diagnostics::{Diagnostic, Span};

use crate::assemble::Builder;
use crate::diag::{self, sorted};
use crate::grammar::{self, Tk};
use crate::limits::{Limits, grouped};
use crate::syntax::Movetext;

use super::tokens::lex;

/// The grammar with chumsky's zero-sized error, for the fast pass over text that is usually
/// correct; a region where it finds a problem is parsed again with rich errors to explain it.
pub(super) struct Parsers<F> {
    fast: F,
}

pub(super) fn parsers<'a>() -> Parsers<
    impl chumsky::Parser<'a, grammar::In<'a>, Vec<grammar::RawItem>, chumsky::extra::Err<EmptyErr>>,
> {
    Parsers { fast: grammar::movetext_parser::<EmptyErr>() }
}

/// Whether the grammar reads a result line (`*` among them) outside variations in `region`,
/// followed by the token at `next`.
pub(super) fn reads_result<'a, F>(p: &Parsers<F>, region: &'a [Tk], next: SimpleSpan) -> bool
where
    F: chumsky::Parser<'a, grammar::In<'a>, Vec<grammar::RawItem>, chumsky::extra::Err<EmptyErr>>,
{
    let (items, _) = p.fast.parse(grammar::input(region, next)).into_output_errors();
    items.is_some_and(|items| items.iter().any(|i| matches!(i, grammar::RawItem::Result(_))))
}

/// What follows a movetext region.
#[derive(Debug, Clone, Copy)]
pub(super) enum Next {
    /// The end of the text (or of its game).
    End,
    /// A token, where the grammar ends its input.
    At(SimpleSpan),
    /// The token after the region, given as the region's last token: it ends the grammar's
    /// input as [`Next::At`] does, and where the grammar finds a problem, it reads that token
    /// too, so that a problem at the region's end is said (and recovered from) exactly as when
    /// the text goes on; what that token starts is left out.
    Read,
}

/// Parses one movetext region; `at` is where an empty movetext is placed, and `next` what
/// follows the region (problems at the region's end quote it).
pub(super) fn movetext<'a, F>(
    p: &Parsers<F>,
    region: &'a [Tk],
    at: usize,
    next: Next,
    b: &mut Builder<'a>,
) -> Vec<Movetext>
where
    F: chumsky::Parser<'a, grammar::In<'a>, Vec<grammar::RawItem>, chumsky::extra::Err<EmptyErr>>,
{
    let (whole, read_next) = (region, matches!(next, Next::Read));
    let region = if read_next { &region[..region.len().saturating_sub(1)] } else { region };
    let start = region.first().map_or(at, |t| t.1.start);
    let end = region.last().map_or(at, |t| t.1.end);
    if region.is_empty() {
        return vec![Movetext { span: Span::new(at, at), ..Movetext::default() }];
    }
    b.tokens = region;
    b.cursor = 0;
    let eoi = match next {
        Next::End => SimpleSpan::from(end..end),
        Next::At(s) => s,
        Next::Read => whole.last().map_or(SimpleSpan::from(end..end), |t| t.1),
    };
    let (items, errors) = p.fast.parse(grammar::input(region, eoi)).into_output_errors();
    let items = if errors.is_empty() {
        items
    } else {
        let rich = grammar::movetext_parser::<grammar::RichError<'a>>();
        let (input, past) = if read_next { (whole, eoi.start) } else { (region, usize::MAX) };
        let end_of_input = if read_next { SimpleSpan::from(eoi.end..eoi.end) } else { eoi };
        let (mut items, errors) =
            chumsky::Parser::parse(&rich, grammar::input(input, end_of_input)).into_output_errors();
        // The next token's own item, and the problems found reading it, are the next region's.
        if let Some(items) = items.as_mut().filter(|_| read_next) {
            items.retain(|item| item_start(item) < past);
        }
        for e in errors.iter().filter(|e| e.span().start <= past) {
            b.diags.push(diag::from_rich(e, b.src));
        }
        items
    };
    b.records(items.unwrap_or_default(), Span::new(start, end))
}

/// Where an item of the grammar starts.
fn item_start(item: &grammar::RawItem) -> usize {
    match item {
        grammar::RawItem::Pair(p) => p.span.start,
        grammar::RawItem::Comment(t) | grammar::RawItem::Result(t) => t.1.start,
        grammar::RawItem::Variation(v) => v.span.start,
        grammar::RawItem::Junk(s) | grammar::RawItem::StrayClose(s) => s.start,
    }
}

/// Cuts the main line of `mt` past the ply limit ([`limit_plies`]), or else past the pair limit
/// ([`limit_pairs`]); `beyond` counts the plies and the pairs only counted. Returns where the
/// cut starts when the line was cut: the problems found from there to the end of the movetext
/// (in `diags`, the builder's) are dropped.
pub(super) fn limit_line(
    mt: &mut Movetext,
    limits: &Limits,
    (plies, pairs): (usize, usize),
    diags: &mut Vec<Diagnostic>,
) -> Option<usize> {
    match limit_plies(mt, limits.plies, plies, diags) {
        Limited::Within => limit_pairs(mt, limits.pairs, pairs, diags),
        Limited::Past(cut) => cut,
    }
}

/// What [`limit_plies`] found.
enum Limited {
    Within,
    /// Past the limit: where the line was cut, when a pair read is past it.
    Past(Option<usize>),
}

/// Cuts a main line longer than `limit` plies after its last whole pair within the limit, with
/// `E0225` at the first ply past it: the later levels replay no more than the limit. `beyond`
/// counts the plies of the line read past its pairs (only counted, see `games::count_rest`). The
/// problems found in the moves from the cut on (in `diags`, the builder's) are dropped: the line
/// is not read there.
fn limit_plies(
    mt: &mut Movetext,
    limit: usize,
    beyond: usize,
    diags: &mut Vec<Diagnostic>,
) -> Limited {
    let total = mt.ply_count() + beyond;
    if total <= limit {
        return Limited::Within;
    }
    let mut before = 0;
    let keep = mt
        .pairs
        .iter()
        .position(|p| {
            before += p.ply_count();
            before > limit
        })
        .unwrap_or(mt.pairs.len());
    let Some(pair) = mt.pairs.get(keep) else {
        // The plies past the limit are all in the part only counted (a hostile
        // `Limits::plies` of zero plies reads no pair first).
        return Limited::Past(None);
    };
    let white_counts = !matches!(pair.white, crate::syntax::Ply::Omitted(_));
    let white_past = white_counts && before - pair.ply_count() >= limit;
    let at = match &pair.black {
        Some(black) if !white_past => black.span(),
        _ => pair.white.span(),
    };
    let (from, to) = (at.start, mt.span.end);
    diags.retain(|d| !(from..=to).contains(&d.span.start));
    diags.push(
        Diagnostic::error(
            diag::TOO_MANY_PLIES,
            at,
            format!(
                "expected at most {} plies in a game's main line, found {}",
                grouped(limit),
                grouped(total)
            ),
        )
        .with_help(format!(
            "the main line is read up to the move pair before this one; split the game, or raise `Limits::plies` ({}) when reading with `ctl_an::games_with`",
            grouped(limit)
        )),
    );
    mt.pairs.truncate(keep);
    Limited::Past(Some(from))
}

/// Cuts a main line of more than `limit` move pairs (`1. …` repeated: pairs that hold no ply
/// are not bounded by the ply limit) before its first pair past the limit, with `E0227` there,
/// as [`limit_plies`] does; `beyond` counts the pairs only counted. Returns where the line was
/// cut.
fn limit_pairs(
    mt: &mut Movetext,
    limit: usize,
    beyond: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<usize> {
    let total = mt.pairs.len() + beyond;
    if total <= limit {
        return None;
    }
    let pair = mt.pairs.get(limit)?;
    let at = pair.number.span;
    let (from, to) = (at.start, mt.span.end);
    diags.retain(|d| !(from..=to).contains(&d.span.start));
    diags.push(
        Diagnostic::error(
            diag::TOO_MANY_PAIRS,
            at,
            format!(
                "expected at most {} move pairs in a game's main line, found {}",
                grouped(limit),
                grouped(total)
            ),
        )
        .with_help(format!(
            "the main line is read up to the move pair before this one; split the game, or raise `Limits::pairs` ({}) when reading with `ctl_an::games_with`",
            grouped(limit)
        )),
    );
    mt.pairs.truncate(limit);
    Some(from)
}

/// Reads only a movetext (no tags): the main line, its comments, variations and result.
///
/// ```
/// let (mt, diags) = ctl_an::parse_movetext("1? …, RC25-D26 2. VF10-H14, RD26-H22:\n*");
/// assert!(diags.is_empty());
/// assert!(mt.pairs[0].number.unknown);
/// ```
pub fn parse_movetext(source: &str) -> (Movetext, Vec<Diagnostic>) {
    parse_movetext_with(source, &Limits::DEFAULT)
}

/// [`parse_movetext`] with other [`Limits`] than the defaults (the tag limit does not apply).
///
/// ```
/// use ctl_an::Limits;
/// let (mt, diags) = ctl_an::parse_movetext_with("1. E7-E13 ((F8-F12)): *", &Limits { nesting: 1, ..Limits::default() });
/// assert_eq!(diags[0].code, "E0221");
/// assert_eq!(mt.ply_count(), 1);
/// ```
pub fn parse_movetext_with(source: &str, limits: &Limits) -> (Movetext, Vec<Diagnostic>) {
    let mut lex_diags = Vec::new();
    let tokens = lex(source, limits, &mut lex_diags);
    let mut b = Builder::new(source);
    b.extra_results_limit = limits.strays;
    let parser = parsers();
    let mut records = movetext(&parser, &tokens, 0, Next::End, &mut b);
    let mut mt = records.remove(0);
    // Further records are kept in the main line: a lone movetext has no games to split into.
    for r in records {
        mt.span = mt.span.join(r.span);
        mt.pairs.extend(r.pairs);
        if mt.result.is_none() {
            mt.result = r.result;
        }
        mt.closing_comments.extend(r.closing_comments);
    }
    limit_plies(&mut mt, limits.plies, 0, &mut b.diags);
    b.diags.splice(0..0, lex_diags);
    if !b.diags.iter().any(Diagnostic::is_error) {
        b.ending_warnings(&mt, mt.span);
    }
    (mt, sorted(b.diags))
}
