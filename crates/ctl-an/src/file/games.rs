//! Games one at a time: the tokens of each (its tags, then its movetext up to the next game, a
//! main line past the ply limit only counted), the records split from one movetext, and the
//! record-level diagnostics.

use std::collections::VecDeque;

use cescacs_board::{Diagnostic, Span};

use crate::build::Builder;
use crate::diag::{self, sorted};
use crate::grammar::Tk;
use crate::lexer::TokenKind;
use crate::limits::Limits;
use crate::syntax::{Comment, File, GameResult, Movetext, Record, Spanned, Tag};

use super::movetext::{limit_pairs, limit_plies, movetext, parsers};
use super::tags::{read_tag, same_line, too_many_tags};
use super::tokens::TokenStream;

/// The result of reading a text: the tree, possibly partial, and every problem found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParseOutput {
    /// The games read.
    pub file: File,
    /// Errors and warnings, sorted by where they start.
    pub diagnostics: Vec<Diagnostic>,
}

impl ParseOutput {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Reads a whole CTL-PGN text: every game with its tags and movetext. Never panics.
///
/// A game starts at each `[Variant` tag; tags after a movetext also start a new game, and so do
/// moves written after the end of a game (after its result line, or after a move ending with
/// `:` or `#`). Text before the first game and records without a `Variant` tag are reported
/// (`E0217`) and still read. A comment whose `}` is missing ends before the next line that starts
/// with a `[Variant` tag ([`crate::boundary`]), so it never swallows the games after it. For huge
/// texts, [`games`] reads one game at a time.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21‐E15\n2. EE5xE9: *\n";
/// let out = ctl_an::parse_file(text);
/// let codes: Vec<&str> = out.diagnostics.iter().map(|d| d.code).collect();
/// assert_eq!(codes, ["E0206"]); // `x` for a capture
/// assert_eq!(out.file.ply_count(), 3); // the tree is still complete
/// ```
pub fn parse_file(source: &str) -> ParseOutput {
    parse_file_with(source, &Limits::DEFAULT)
}

/// [`parse_file`] with other [`Limits`] than the defaults.
///
/// ```
/// use ctl_an::Limits;
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 2. F8-F12: *\n";
/// let out = ctl_an::parse_file_with(text, &Limits { plies: 2, ..Limits::default() });
/// assert_eq!(out.diagnostics[0].code, "E0225");
/// assert_eq!(out.file.ply_count(), 2);
/// ```
pub fn parse_file_with(source: &str, limits: &Limits) -> ParseOutput {
    let mut out = ParseOutput::default();
    for g in games_with(source, limits) {
        out.diagnostics.extend(g.diagnostics);
        if !g.game.is_empty() {
            out.file.games.push(g.game);
        }
    }
    out.diagnostics = sorted(out.diagnostics);
    out
}

/// One game read by [`games`], with the diagnostics found in its text (sorted by start).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameOutput {
    /// The game (empty only when the text held nothing but unreadable bytes).
    pub game: Record,
    /// Its errors and warnings.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads the games of a text one at a time: memory stays bounded by the largest game.
///
/// ```
/// let text = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7-E99: *\n";
/// let found: Vec<usize> = ctl_an::games(text).map(|g| g.diagnostics.len()).collect();
/// assert_eq!(found, [0, 1]);
/// ```
pub fn games(source: &str) -> Games<'_> {
    games_with(source, &Limits::DEFAULT)
}

/// [`games`] with other [`Limits`] than the defaults.
///
/// ```
/// use ctl_an::Limits;
/// let text = "[Variant \"C'escacs\"] [Event \"Moià\"] 1. E7-E13: *\n";
/// let limits = Limits { tags: 1, ..Limits::default() };
/// let game = ctl_an::games_with(text, &limits).next().unwrap();
/// assert_eq!(game.diagnostics[0].code, "E0224");
/// assert_eq!(game.game.tags.len(), 1);
/// ```
pub fn games_with<'s>(source: &'s str, limits: &Limits) -> Games<'s> {
    Games {
        source,
        tokens: TokenStream::new(source, limits),
        limits: *limits,
        buf: Vec::new(),
        pending: VecDeque::new(),
        more_tags: 0,
    }
}

/// The iterator of [`games`].
pub struct Games<'s> {
    source: &'s str,
    tokens: TokenStream<'s>,
    limits: Limits,
    /// The tokens of the game being read (reused).
    buf: Vec<Tk>,
    /// Records split from the same movetext, not yet returned.
    pending: VecDeque<GameOutput>,
    /// Tags of the game being read past the first one over [`Limits::tags`], only counted.
    more_tags: usize,
}

impl core::fmt::Debug for Games<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Games").field("pending", &self.pending.len()).finish_non_exhaustive()
    }
}

impl<'s> Games<'s> {
    /// Moves the tokens of the next game into `buf`: its tags, then its movetext up to the next
    /// `[`, or up to the main line's pair [`pairs_read_first`] (then it returns `true`: the rest
    /// is left in the stream).
    fn collect_game(&mut self, diags: &mut Vec<Diagnostic>) -> bool {
        self.buf.clear();
        self.more_tags = 0;
        let mut tags_seen = false;
        // Tags past the limit, well-formed or not (a flood of `[`), are only counted: the
        // first one past it is kept to be reported.
        let mut openings = 0usize;
        while let Some(open) = self.tokens.peek(0, diags).filter(|t| t.0 == TokenKind::LBracket) {
            if tags_seen
                && crate::boundary::variant_tag_at(&self.source.as_bytes()[open.1.start..])
                    == Some(true)
            {
                return false;
            }
            tags_seen = true;
            openings += 1;
            let keep = openings <= self.limits.tags.saturating_add(1);
            self.more_tags += usize::from(!keep);
            self.tokens.next(diags);
            if keep {
                self.buf.push(open);
            }
            // A tag ends at its `]` or at the end of its line.
            while let Some(t) = self.tokens.peek(0, diags) {
                if t.0 == TokenKind::LBracket || !same_line(self.source, open.1.start, t.1.start) {
                    break;
                }
                self.tokens.next(diags);
                if keep {
                    self.buf.push(t);
                }
                if t.0 == TokenKind::RBracket {
                    break;
                }
            }
        }
        collect_pairs(&mut self.tokens, &mut self.buf, pairs_read_first(&self.limits), diags)
    }
}

/// How many pairs of a main line are read before looking at its length: one more than the ply
/// limit is enough to find where a line of moves goes past it (a pair holds a ply or two), and
/// keeps what is held of a hostile game proportional to the limit, not to the game.
fn pairs_read_first(limits: &Limits) -> usize {
    limits.plies.max(limits.pairs).saturating_add(1)
}

/// The pairs of a main line read a chunk at a time once it is past the ply limit (only counted).
const PAIRS_PER_CHUNK: usize = 1024;

/// Moves movetext tokens into `buf` up to the next `[`, or up to the start of the `(pairs + 1)`-th
/// pair outside variations; returns whether it stopped there (that token is left in the stream).
/// A move number outside variations always starts a pair, so the tokens end between two items.
fn collect_pairs(
    ts: &mut TokenStream<'_>,
    buf: &mut Vec<Tk>,
    pairs: usize,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let mut depth = 0usize;
    let mut seen = 0usize;
    while let Some(t) = ts.next(diags) {
        match t.0 {
            TokenKind::LBracket => {
                ts.lookahead.push_front(t);
                return false;
            }
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::NumberDot | TokenKind::NumberQuestion if depth == 0 => {
                if seen == pairs {
                    ts.lookahead.push_front(t);
                    return true;
                }
                seen += 1;
            }
            _ => {}
        }
        buf.push(t);
    }
    false
}

/// What the rest of a main line cut at the ply limit holds: its plies, counted, where its
/// record ends, and the record's ending (kept in the tree, as for any cut line).
#[derive(Default)]
struct Rest {
    plies: usize,
    pairs: usize,
    end: Option<usize>,
    result: Option<Spanned<GameResult>>,
    closing_comments: Vec<Comment>,
}

/// Reads on after a main line cut at the ply limit, a chunk of pairs at a time, only to count
/// its plies and find where its record ends: the moves are built and forgotten, and their
/// problems are not reported (the main line is read up to the cut). Moves written after the end
/// of the record (a result, or a move ending with `:` or `#`) are put back in the stream, to be
/// read as the next game.
fn count_rest(ts: &mut TokenStream<'_>, source: &str, diags: &mut Vec<Diagnostic>) -> Rest {
    let mut chunk: Vec<Tk> = Vec::new();
    let mut rest = Rest::default();
    loop {
        chunk.clear();
        let more = collect_pairs(ts, &mut chunk, PAIRS_PER_CHUNK, diags);
        // Variations nested too deeply: the record ends where the outermost one opens.
        if let Some(at) = ts.cut.take() {
            chunk.truncate(chunk.partition_point(|t| t.1.start < at));
        }
        if chunk.is_empty() {
            return rest;
        }
        let mut b = Builder::new(source);
        let end = chunk[chunk.len() - 1].1.end;
        let mut records = movetext(&parsers(), &chunk, end, None, &mut b);
        let ended = records[0].has_ended();
        let first = &mut records[0];
        rest.plies += first.ply_count();
        rest.pairs += first.pairs.len();
        rest.end = Some(first.span.end);
        rest.result = first.result;
        rest.closing_comments = std::mem::take(&mut first.closing_comments);
        if records.len() > 1 {
            let next = records.swap_remove(1).span.start;
            let from = chunk.partition_point(|t| t.1.start < next);
            for &t in chunk[from..].iter().rev() {
                ts.lookahead.push_front(t);
            }
            return rest;
        }
        if !more || ended {
            return rest;
        }
    }
}

impl Iterator for Games<'_> {
    type Item = GameOutput;

    fn next(&mut self) -> Option<GameOutput> {
        if let Some(g) = self.pending.pop_front() {
            return Some(g);
        }
        let mut lex_diags = Vec::new();
        let mut capped = self.collect_game(&mut lex_diags);
        // Variations nested too deeply: the game is read up to the outermost one around them.
        // A `(` before its first token (before its tags, when no variation may open: a
        // `Limits::nesting` of 0) is the text before it: nothing of the game is cut.
        let first = self.buf.first().map(|t| t.1.start);
        let mut cut = self.tokens.cut.take().filter(|&at| first.is_some_and(|f| f <= at));
        if let Some(at) = cut {
            self.buf.truncate(self.buf.partition_point(|t| t.1.start < at));
        }
        if self.buf.is_empty() {
            // Only unreadable bytes were left.
            return (!lex_diags.is_empty())
                .then(|| GameOutput { game: Record::default(), diagnostics: sorted(lex_diags) });
        }
        let source = self.source;
        // Where the tokens read stop, when the rest of the game is still in the stream.
        let mut next_token = if capped { self.tokens.peek(0, &mut lex_diags) } else { None };
        let (mut b, mut tags, mut records) =
            read_game(source, &self.buf, &self.limits, next_token, self.more_tags);
        let mut rest = Rest::default();
        if capped {
            let limits = &self.limits;
            let past = records.last().is_some_and(|mt| {
                !mt.has_ended() && (mt.ply_count() > limits.plies || mt.pairs.len() > limits.pairs)
            });
            if past {
                rest = count_rest(&mut self.tokens, source, &mut lex_diags);
                if let Some(mt) = records.last_mut() {
                    mt.span.end = rest.end.unwrap_or(mt.span.end);
                    mt.result = rest.result.take();
                    mt.closing_comments = std::mem::take(&mut rest.closing_comments);
                }
            } else {
                // Not a main line past the limit (omitted moves, or records split inside the
                // pairs read): the game is read whole, as any other.
                drop((b, tags, records));
                while capped {
                    capped =
                        collect_pairs(&mut self.tokens, &mut self.buf, usize::MAX, &mut lex_diags);
                }
                let first = self.buf.first().map(|t| t.1.start);
                cut = self.tokens.cut.take().filter(|&at| first.is_some_and(|f| f <= at));
                if let Some(at) = cut {
                    self.buf.truncate(self.buf.partition_point(|t| t.1.start < at));
                }
                next_token = None;
                (b, tags, records) =
                    read_game(source, &self.buf, &self.limits, next_token, self.more_tags);
            }
        }
        let n_records = records.len();
        for (n, mt) in records.iter_mut().enumerate() {
            let (plies, pairs) = if n + 1 == n_records { (rest.plies, rest.pairs) } else { (0, 0) };
            if !limit_plies(mt, self.limits.plies, plies, &mut b.diags) {
                limit_pairs(mt, self.limits.pairs, pairs, &mut b.diags);
            }
        }
        let mut lex_diags = lex_diags.into_iter().peekable();
        for (n, mt) in records.into_iter().enumerate() {
            let tags = if n == 0 { std::mem::take(&mut tags) } else { Vec::new() };
            let first = tags.first().map_or(mt.span.start, |t| t.span.start);
            let last = if mt.span.is_empty() {
                tags.last().map_or(mt.span.end, |t| t.span.end)
            } else {
                mt.span.end
            };
            let game = Record { span: Span::new(first, last.max(first)), tags, movetext: mt };
            let s = game.movetext.span;
            let mut diags: Vec<Diagnostic> = if n + 1 == n_records {
                lex_diags.by_ref().collect()
            } else {
                let mut v = Vec::new();
                while let Some(d) = lex_diags.next_if(|d| d.span.start <= game.span.end) {
                    v.push(d);
                }
                v
            };
            // A game cut short, or with a line skipped, may end anywhere: no ending warnings.
            let skipped = cut.is_some() || diags.iter().any(|d| d.code == diag::LINE_TOO_LONG);
            let has_errors = (skipped && n + 1 == n_records)
                || diags
                    .iter()
                    .chain(b.diags.iter())
                    .any(|d| d.is_error() && d.span.start >= s.start && d.span.start <= s.end);
            finish_game(&game, has_errors, &mut b);
            let own =
                b.diags.iter().filter(|d| n + 1 == n_records || d.span.start <= game.span.end);
            diags.extend(own.cloned());
            b.diags.retain(|d| !(n + 1 == n_records || d.span.start <= game.span.end));
            self.pending.push_back(GameOutput { game, diagnostics: sorted(diags) });
        }
        self.pending.pop_front()
    }
}

/// Reads the tags at the start of `tokens`, then their movetext; `next_token` is where the
/// tokens stop when the game goes on past them.
/// `more_tags` counts the tags past the first one over the limit, left out of `tokens`.
fn read_game<'a>(
    source: &'a str,
    tokens: &'a [Tk],
    limits: &Limits,
    next_token: Option<Tk>,
    more_tags: usize,
) -> (Builder<'a>, Vec<Tag>, Vec<Movetext>) {
    let mut b = Builder::new(source);
    b.extra_results_limit = limits.strays;
    let start = tokens[0].1.start;
    let mut i = 0;
    let mut tags = Vec::new();
    let mut openings = 0;
    while i < tokens.len() && tokens[i].0 == TokenKind::LBracket {
        if openings == limits.tags {
            // Past the limit: the tag is read only to say where it is, and skipped with the
            // ones after it, well-formed or not.
            let (tag, _) = read_tag(source, tokens, i, &mut Vec::new());
            let at =
                tag.map_or(diag::span(tokens[i].1), |t| Span::new(t.span.start, t.name_span.end));
            while i < tokens.len() && tokens[i].0 == TokenKind::LBracket {
                (_, i) = read_tag(source, tokens, i, &mut Vec::new());
                openings += 1;
            }
            b.diags.push(too_many_tags(at, limits.tags, openings + more_tags));
            break;
        }
        let (tag, next) = read_tag(source, tokens, i, &mut b.diags);
        tags.extend(tag);
        i = next;
        openings += 1;
    }
    let tags_end = tags.last().map_or(start, |t: &Tag| t.span.end);
    let records = movetext(&parsers(), &tokens[i..], tags_end, next_token.map(|t| t.1), &mut b);
    (b, tags, records)
}

/// The record-level diagnostics: no `Variant` tag, and the ending warnings unless the movetext
/// has errors (then where it really ends is uncertain).
fn finish_game(game: &Record, has_errors: bool, b: &mut Builder<'_>) {
    if game.tag("Variant").is_none() {
        let at = game.tags.first().map_or_else(
            || {
                let s = game.movetext.span;
                let end =
                    b.src[s.start..].chars().next().map_or(s.start, |c| s.start + c.len_utf8());
                Span::new(s.start, end.min(s.end.max(s.start)))
            },
            |t| t.span,
        );
        let found = if game.tags.is_empty() {
            "a record without tags".to_string()
        } else {
            format!("`[{}]` first", game.tags[0].name)
        };
        b.diags.push(
            Diagnostic::error(
                diag::NO_VARIANT,
                at,
                format!("expected the tag `[Variant \"C'escacs\"]`, found {found}"),
            )
            .with_help("every CTL-PGN record starts with `[Variant \"C'escacs\"]`")
            .with_fix(Span::new(game.span.start, game.span.start), "[Variant \"C'escacs\"]\n"),
        );
    }
    // A record with neither tags nor moves is stray text, already reported.
    if (!game.tags.is_empty() || !game.movetext.pairs.is_empty()) && !has_errors {
        let fallback = game.tags.last().map_or(game.span, |t| t.span);
        b.ending_warnings(&game.movetext, fallback);
    }
}
