//! The movetext of a region through the chumsky grammar (a fast pass, and a pass with rich
//! errors where it finds a problem), the ply and pair limits of a main line, and a movetext read
//! alone.

use chumsky::error::EmptyErr;
use chumsky::span::SimpleSpan;

use cescacs_board::{Diagnostic, Span};

use crate::build::Builder;
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

/// Parses one movetext region; `at` is where an empty movetext is placed, and `next` the token
/// after the region when the text goes on (problems at the region's end quote it).
pub(super) fn movetext<'a, F>(
    p: &Parsers<F>,
    region: &'a [Tk],
    at: usize,
    next: Option<SimpleSpan>,
    b: &mut Builder<'a>,
) -> Vec<Movetext>
where
    F: chumsky::Parser<'a, grammar::In<'a>, Vec<grammar::RawItem>, chumsky::extra::Err<EmptyErr>>,
{
    let start = region.first().map_or(at, |t| t.1.start);
    let end = region.last().map_or(at, |t| t.1.end);
    if region.is_empty() {
        return vec![Movetext { span: Span::new(at, at), ..Movetext::default() }];
    }
    b.tokens = region;
    b.cursor = 0;
    let eoi = next.unwrap_or(SimpleSpan::from(end..end));
    let (items, errors) = p.fast.parse(grammar::input(region, eoi)).into_output_errors();
    let items = if errors.is_empty() {
        items
    } else {
        let rich = grammar::movetext_parser::<grammar::RichError<'a>>();
        let (items, errors) =
            chumsky::Parser::parse(&rich, grammar::input(region, eoi)).into_output_errors();
        for e in &errors {
            b.diags.push(diag::from_rich(e, b.src));
        }
        items
    };
    b.records(items.unwrap_or_default(), Span::new(start, end))
}

/// Cuts a main line longer than `limit` plies after its last whole pair within the limit, with
/// `E0225` at the first ply past it: the later levels replay no more than the limit. `beyond`
/// counts the plies of the line read past its pairs (only counted, see [`count_rest`]). The
/// problems found in the moves from the cut on (in `diags`, the builder's) are dropped: the line
/// is not read there. Returns whether the line was past the limit.
pub(super) fn limit_plies(
    mt: &mut Movetext,
    limit: usize,
    beyond: usize,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let total = mt.ply_count() + beyond;
    if total <= limit {
        return false;
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
        return true;
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
    true
}

/// Cuts a main line of more than `limit` move pairs (`1. …` repeated: pairs that hold no ply
/// are not bounded by the ply limit) before its first pair past the limit, with `E0227` there,
/// as [`limit_plies`] does; `beyond` counts the pairs only counted.
pub(super) fn limit_pairs(
    mt: &mut Movetext,
    limit: usize,
    beyond: usize,
    diags: &mut Vec<Diagnostic>,
) {
    let total = mt.pairs.len() + beyond;
    if total <= limit {
        return;
    }
    let Some(pair) = mt.pairs.get(limit) else { return };
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
    let mut records = movetext(&parser, &tokens, 0, None, &mut b);
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
