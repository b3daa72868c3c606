//! Where a record ends: the result line (once), the final `:` or `#`, moves after the end that
//! start the next record, and the warnings of a record's ending.

use cescacs_diagnostics::{Diagnostic, Span};

use crate::diag::{self, span};
use crate::grammar::{RawItem, RawVariation, Tk};
use crate::syntax::{CommentKind, GameResult, Movetext, Pair, Separator, Spanned};

use super::Builder;
use super::movetext::{black_missing, keep_black};

impl<'s> Builder<'s> {
    /// The main line(s) of a movetext region: one record, or several when moves follow the end of
    /// a game (`:` or `#`) or its result line.
    pub(crate) fn records(&mut self, items: Vec<RawItem>, region: Span) -> Vec<Movetext> {
        let mut records = Vec::new();
        let mut cur = Movetext::default();
        cur.pairs.reserve(items.iter().filter(|i| matches!(i, RawItem::Pair(_))).count());
        let mut first_token: Option<usize> = None;
        let mut last_token = region.start;
        for item in items {
            let item_span = match &item {
                RawItem::Pair(p) => span(p.span),
                RawItem::Comment(t) | RawItem::Result(t) => span(t.1),
                RawItem::Variation(v) => span(v.span),
                RawItem::Junk(s) | RawItem::StrayClose(s) => span(*s),
            };
            let black_missing =
                cur.pairs.last().filter(|_| cur.result.is_none()).and_then(black_missing);
            match item {
                RawItem::Pair(p) => {
                    if cur.has_ended() {
                        let mut next = Movetext::default();
                        if cur.result.is_none() {
                            take_trailing_comments(&mut cur, &mut next);
                        }
                        let start = next.comments.first().map_or(item_span.start, |c| c.span.start);
                        cur.span = Span::new(first_token.unwrap_or(region.start), last_token);
                        if !next.comments.is_empty() {
                            end_before_opening(&mut cur);
                        }
                        records.push(std::mem::take(&mut cur));
                        cur = next;
                        first_token = Some(start);
                    }
                    let p = self.pair(p);
                    cur.pairs.push(p);
                }
                RawItem::Comment(t) => {
                    let c = self.comment(t);
                    if cur.result.is_some() {
                        cur.closing_comments.push(c);
                    } else if let Some(p) = cur.pairs.last_mut() {
                        p.comments.push(c);
                    } else {
                        cur.comments.push(c);
                    }
                }
                RawItem::Variation(mut v) => {
                    let moved = trailing_result(&mut v);
                    self.close_found =
                        moved.map(|t| format!("the result `{}`", self.text(span(t.1))));
                    let v = self.variation(v);
                    self.close_found = None;
                    if cur.result.is_some() {
                        self.diags.push(Diagnostic::error(
                            diag::MISPLACED,
                            v.span,
                            "expected a comment or the next game after the result, found a variation",
                        ));
                    } else if let Some(p) = cur.pairs.last_mut() {
                        p.variations.push(v);
                    } else {
                        self.misplaced_variation(v.span);
                    }
                    if let Some(t) = moved {
                        self.top_result(&mut cur, t);
                    }
                }
                RawItem::Result(t) => self.top_result(&mut cur, t),
                RawItem::Junk(s) => {
                    if let Some(black) = self.junk(span(s), black_missing) {
                        keep_black(cur.pairs.last_mut(), black);
                    }
                }
                RawItem::StrayClose(s) => self.stray(span(s)),
            }
            first_token.get_or_insert(item_span.start);
            last_token = last_token.max(item_span.end);
        }
        cur.span = match first_token {
            Some(f) => Span::new(f, last_token),
            None => Span::new(region.start, region.start),
        };
        records.push(cur);
        records
    }

    fn top_result(&mut self, cur: &mut Movetext, t: Tk) {
        if let Some(r) = self.result(t) {
            if let Some(first) = cur.result {
                self.extra_results += 1;
                if self.extra_results > self.extra_results_limit {
                    if self.extra_results == self.extra_results_limit + 1 {
                        self.diags.push(too_many_results(r.span, self.extra_results_limit));
                    }
                    return;
                }
                self.diags.push(
                    Diagnostic::error(
                        diag::MISPLACED,
                        r.span,
                        format!(
                            "expected one result line, found a second one `{}`",
                            r.value.as_str()
                        ),
                    )
                    .with_label(first.span, "the first result"),
                );
            } else {
                cur.result = Some(r);
            }
        }
    }

    pub(super) fn result(&mut self, t: Tk) -> Option<Spanned<GameResult>> {
        let s = span(t.1);
        let text = self.text(s);
        if text.contains(Separator::EnDash.as_str()) {
            self.en_dash(Span::new(s.start + 1, s.end - 1));
        }
        match GameResult::read_prefix(text.as_bytes()).ok().filter(|&(_, len)| len == text.len()) {
            Some((r, _)) => Some(Spanned::new(r, s)),
            None => {
                self.diags.push(
                    Diagnostic::error(diag::BAD_RESULT, s, format!("expected a result (3-0, 2-1, 0-3, 1-2, 1-1 or *), found `{text}`"))
                        .with_help("3-0 White wins, 2-1 White stalemates, 0-3 Black wins, 1-2 Black stalemates, 1-1 draw, * unfinished"),
                );
                None
            }
        }
    }

    /// The warnings for a record's ending: the final `:`/`#` and the result line.
    pub(crate) fn ending_warnings(&mut self, mt: &Movetext, fallback: Span) {
        let last = mt.last_move();
        if let Some(m) = last {
            if !m.ends_game() {
                self.diags.push(
                    Diagnostic::warning(
                        diag::NO_FINAL_MARK,
                        m.span,
                        "expected the last move to end with `:` (or `#` for checkmate), found no final mark",
                    )
                    .with_help("the last move of a game ends with `:`, or with `#` when it mates")
                    .with_fix(Span::new(m.span.end, m.span.end), ":"),
                );
            }
        }
        if mt.result.is_none() {
            let at = last.map_or(fallback, |m| m.span);
            self.diags.push(
                Diagnostic::warning(
                    diag::NO_RESULT,
                    at,
                    "expected a result line (3-0, 2-1, 0-3, 1-2, 1-1 or *) after the last move, found none",
                )
                .with_help("the result of the `Result` tag is taken"),
            );
        }
    }
}

/// A result swallowed by an unclosed variation (`(1. F8-F12: *` at the end) belongs to the
/// main line: take it out of the innermost unclosed variation.
fn trailing_result(v: &mut RawVariation) -> Option<Tk> {
    if v.closed {
        return None;
    }
    let taken = match v.items.last_mut() {
        Some(RawItem::Result(_)) => match v.items.pop() {
            Some(RawItem::Result(t)) => Some(t),
            _ => None,
        },
        Some(RawItem::Variation(inner)) => trailing_result(inner),
        _ => None,
    };
    if taken.is_some() {
        // The variation now ends with what is left of it.
        let end = match v.items.last() {
            Some(RawItem::Pair(p)) => p.span.end,
            Some(RawItem::Comment(t) | RawItem::Result(t)) => t.1.end,
            Some(RawItem::Variation(inner)) => inner.span.end,
            Some(RawItem::Junk(s) | RawItem::StrayClose(s)) => s.end,
            None => v.label.map_or(v.open.end, |l| l.1.end),
        };
        v.span = chumsky::span::SimpleSpan::from(v.span.start..end);
    }
    taken
}

/// Where a pair and the comments and variations after it end.
pub(super) fn pair_end(p: &Pair) -> usize {
    let c = p.comments.last().map_or(0, |c| c.span.end);
    let v = p.variations.last().map_or(0, |v| v.span.end);
    p.span.end.max(c).max(v)
}

/// When a record ends without a result line and moves follow, the plain comments written after
/// the last pair's variations open the next record (the spec's "these were the previous moves").
fn take_trailing_comments(cur: &mut Movetext, next: &mut Movetext) {
    let Some(last) = cur.pairs.last_mut() else { return };
    let keep = trailing_comments(last);
    next.comments = last.comments.split_off(keep);
}

/// The index in the comments of `last`, the last pair of a record ended without a result line,
/// of the first comment that opens the next record when moves follow: its first plain comment
/// after its variations (every comment from it on moves).
fn trailing_comments(last: &Pair) -> usize {
    let after = last.variations.last().map_or(last.span.end, |v| v.span.end);
    last.comments
        .iter()
        .position(|c| c.span.start > after && c.kind == CommentKind::Plain)
        .unwrap_or(last.comments.len())
}

/// Where the record after `mt`, an ended record, starts when a pair follows it: at the first of
/// its comments that open the next record (ended without a result line, see
/// `take_trailing_comments`), else at the pair (`None`).
pub(crate) fn next_record_from(mt: &Movetext) -> Option<usize> {
    if mt.result.is_some() {
        return None;
    }
    let last = mt.pairs.last()?;
    last.comments.get(trailing_comments(last)).map(|c| c.span.start)
}

/// A record whose last comments open the next record ends where its last pair ends, with the
/// comments and variations it keeps: what is written after them, before the comments that
/// moved, is neither record's.
pub(crate) fn end_before_opening(mt: &mut Movetext) {
    if let Some(last) = mt.pairs.last() {
        mt.span.end = pair_end(last);
    }
}

/// `E0229` for the result line at `at`, the first past `limit` extra ones in its record: it and
/// the ones after it are skipped.
fn too_many_results(at: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(
        diag::TOO_MANY_STRAYS,
        at,
        format!(
            "expected at most {} extra result lines in a game, found more",
            crate::limits::grouped(limit)
        ),
    )
    .with_help(format!(
        "this result and the ones after it in the game are skipped; remove them, or raise `Limits::strays` ({}) when reading with `ctl_an::games_with`",
        crate::limits::grouped(limit)
    ))
}
