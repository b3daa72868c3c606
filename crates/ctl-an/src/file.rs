//! Whole texts: lexing, splitting into games, tags (hand-written: a tag is a flat
//! `[Name "value"]`), and the movetext of each game through the chumsky grammar.

use std::collections::VecDeque;

use chumsky::error::EmptyErr;
use chumsky::span::SimpleSpan;

use cescacs_board::{Diagnostic, Span};

use crate::build::{Builder, record_ended};
use crate::diag;
use crate::grammar::{self, Tk};
use crate::lexer::{Lexer, Token, TokenKind};
use crate::limits::{Limits, grouped};
use crate::syntax::{Comment, File, GameResult, Movetext, Record, Spanned, Tag};

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

/// The deepest variation nesting the reader follows, whatever [`Limits::nesting`] asks: the
/// grammar, the builder and the writer recurse once per level, so this keeps hostile input from
/// exhausting the stack; real games nest a few levels.
pub(crate) const MAX_NESTING: usize = 64;

/// Tokens on demand, with the lexing diagnostics: bad bytes (a run of them is one diagnostic),
/// unterminated comments and strings, and the items past the [`Limits`] (skipped).
pub(crate) struct TokenStream<'s> {
    source: &'s str,
    lexer: Lexer<'s>,
    limits: Limits,
    /// Open variations, and where the outermost of them opens.
    depth: usize,
    outermost_open: usize,
    /// Variations nested too deeply: the tokens up to the next `[` are skipped, and the game's
    /// movetext is cut where the outermost variation around them opens (`cut`, taken by the
    /// reader of the game).
    skip_game: bool,
    pub(crate) cut: Option<usize>,
    /// Where the current line starts (comments are not counted in a line's length), and how far
    /// the text has been scanned for line breaks.
    line_start: usize,
    scanned: usize,
    /// Whether the current line has been measured, and whether it is too long (its remaining
    /// tokens are skipped).
    line_measured: bool,
    skip_line: bool,
    /// A run of bad bytes not reported yet.
    error: Option<Span>,
    lookahead: VecDeque<Tk>,
    /// Per open line (index: its depth, 0 the main line): the move numbers read in it, and the
    /// variations read in a row after its last other item (siblings).
    pairs: [usize; MAX_NESTING + 1],
    siblings: [usize; MAX_NESTING + 1],
    /// Skipping a variation, or the rest of one, past [`Limits::pairs`] or
    /// [`Limits::variations`]: the tokens are dropped until the `)` that brings the depth back
    /// below this one (that `)` too when the whole variation is skipped).
    skip_variation: Option<(usize, bool)>,
    /// Stray `)` read since the last `[` ([`Limits::strays`]).
    strays: usize,
    /// Results (and `*`) read in a row in the main line (only comments and stray `)` between
    /// them): past the first, the [`Limits::strays`] extra ones the builder reports and the one
    /// it gives `E0229` for, the others are dropped here, so that a flood of result lines is
    /// not held.
    results: usize,
}

impl<'s> TokenStream<'s> {
    pub(crate) fn new(source: &'s str, limits: &Limits) -> TokenStream<'s> {
        TokenStream {
            source,
            lexer: Lexer::new(source),
            limits: *limits,
            depth: 0,
            outermost_open: 0,
            skip_game: false,
            cut: None,
            line_start: 0,
            scanned: 0,
            line_measured: false,
            skip_line: false,
            error: None,
            lookahead: VecDeque::new(),
            pairs: [0; MAX_NESTING + 1],
            siblings: [0; MAX_NESTING + 1],
            skip_variation: None,
            strays: 0,
            results: 0,
        }
    }

    /// Whether token `t` is dropped for being in a variation skipped past [`Limits::pairs`] or
    /// [`Limits::variations`]; otherwise counts what those limits count (with `E0227` or `E0228`
    /// when `t` goes past one, and the skip starting there).
    fn on_variation_limits(&mut self, t: &Token, diags: &mut Vec<Diagnostic>) -> bool {
        let depth = self.depth.min(MAX_NESTING);
        if let Some((until, keep_close)) = self.skip_variation {
            match t.kind {
                TokenKind::LBracket => self.skip_variation = None,
                TokenKind::LParen => {
                    self.depth += 1;
                    return true;
                }
                TokenKind::RParen if self.depth == until => {
                    self.skip_variation = None;
                    if keep_close {
                        return false;
                    }
                    self.depth -= 1;
                    return true;
                }
                TokenKind::RParen => {
                    self.depth = self.depth.saturating_sub(1);
                    return true;
                }
                _ => return true,
            }
        }
        match t.kind {
            TokenKind::LBracket => {
                self.pairs[0] = 0;
                self.siblings[0] = 0;
                self.strays = 0;
                self.results = 0;
            }
            // `*` is a result, or the separator of the move before it.
            TokenKind::Result | TokenKind::Star if self.depth == 0 => {
                self.siblings[0] = 0;
                self.results += 1;
                // Of a run, the builder takes the first result (maybe after a `*` that ends a
                // move), reports `strays` extra ones, then `E0229` at the next one and skips
                // the rest: those need not reach it.
                if self.results > self.limits.strays.saturating_add(3) {
                    return true;
                }
            }
            TokenKind::RParen if self.depth == 0 => {
                self.strays += 1;
                if self.strays > self.limits.strays {
                    if self.strays == self.limits.strays + 1 {
                        diags.push(too_many_strays(t.span, self.limits.strays));
                    }
                    return true;
                }
            }
            TokenKind::Comment | TokenKind::UnterminatedComment | TokenKind::RParen => {}
            TokenKind::LParen if depth < MAX_NESTING => {
                self.results = 0;
                self.siblings[depth] += 1;
                if self.siblings[depth] > self.limits.variations {
                    if self.siblings[depth] == self.limits.variations + 1 {
                        diags.push(too_many_variations(t.span, self.limits.variations));
                    }
                    self.depth += 1;
                    self.skip_variation = Some((self.depth, false));
                    return true;
                }
                self.pairs[depth + 1] = 0;
                self.siblings[depth + 1] = 0;
            }
            TokenKind::NumberDot | TokenKind::NumberQuestion => {
                self.results = 0;
                self.siblings[depth] = 0;
                self.pairs[depth] += 1;
                // The main line's pairs are counted by the reader of the game (E0227 there
                // cuts the line and counts the rest, as for plies).
                if depth > 0 && self.pairs[depth] > self.limits.pairs {
                    diags.push(too_many_pairs_here(t.span, self.limits.pairs));
                    self.skip_variation = Some((depth, true));
                    return true;
                }
            }
            _ => {
                self.results = 0;
                self.siblings[depth] = 0;
            }
        }
        false
    }

    /// Follows the line breaks up to the token `t`; returns whether `t` is skipped for being on a
    /// line too long. A line is measured, comments included, at its first token that is not a
    /// comment (a comment too long at the start of a line is `E0222`, and the line is measured
    /// after it); past the limit, it gives `E0223` there and the rest of the line is skipped.
    fn on_long_line(&mut self, t: Span, comment: bool, diags: &mut Vec<Diagnostic>) -> bool {
        let bytes = self.source.as_bytes();
        if let Some(at) = memchr::memrchr2(b'\n', b'\r', &bytes[self.scanned..t.start]) {
            self.new_line(self.scanned + at + 1);
        }
        self.scanned = t.end;
        let skipped = self.skip_line;
        if comment {
            if let Some(at) = memchr::memrchr2(b'\n', b'\r', &bytes[t.range()]) {
                self.new_line(t.start + at + 1);
            }
            return skipped;
        }
        if skipped || self.line_measured {
            return skipped;
        }
        self.line_measured = true;
        let line_end =
            memchr::memchr2(b'\n', b'\r', &bytes[t.start..]).map_or(bytes.len(), |n| t.start + n);
        if line_end - self.line_start <= self.limits.line_bytes {
            return false;
        }
        let first = self.source[t.start..].chars().next().map_or(0, char::len_utf8);
        diags.push(
            Diagnostic::error(
                diag::LINE_TOO_LONG,
                Span::new(t.start, t.start + first),
                format!(
                    "expected a line of at most {} bytes, found one of {} bytes",
                    grouped(self.limits.line_bytes),
                    grouped(line_end - self.line_start)
                ),
            )
            .with_help(format!(
                "the line is skipped from here; break it, or raise `Limits::line_bytes` ({}) when reading with `ctl_an::games_with`",
                grouped(self.limits.line_bytes)
            )),
        );
        self.skip_line = true;
        true
    }

    /// A line (or the rest of one, after a comment skipped for its length) starts at `at`.
    fn new_line(&mut self, at: usize) {
        self.line_start = at;
        self.line_measured = false;
        self.skip_line = false;
    }

    fn lex_one(&mut self, diags: &mut Vec<Diagnostic>) -> Option<Tk> {
        loop {
            let Some(t) = self.lexer.next() else {
                if let Some(e) = self.error.take() {
                    diags.push(unexpected(self.source, e));
                }
                return None;
            };
            let comment = matches!(t.kind, TokenKind::Comment | TokenKind::UnterminatedComment);
            let long_line = self.on_long_line(t.span, comment, diags);
            if self.skip_game && t.kind != TokenKind::LBracket || long_line {
                continue;
            }
            if self.on_variation_limits(&t, diags) {
                continue;
            }
            if t.kind == TokenKind::Error {
                self.error = Some(match self.error {
                    Some(e) if e.end == t.span.start => e.join(t.span),
                    Some(e) => {
                        diags.push(unexpected(self.source, e));
                        t.span
                    }
                    None => t.span,
                });
                continue;
            }
            if let Some(e) = self.error.take() {
                diags.push(unexpected(self.source, e));
            }
            let nesting = self.limits.nesting.min(MAX_NESTING);
            match t.kind {
                TokenKind::LBracket => (self.depth, self.skip_game) = (0, false),
                TokenKind::LParen if self.depth >= nesting => {
                    diags.push(too_deep(t.span, self.outermost_open, nesting));
                    self.cut = Some(self.outermost_open);
                    self.skip_game = true;
                    continue;
                }
                TokenKind::LParen => {
                    if self.depth == 0 {
                        self.outermost_open = t.span.start;
                    }
                    self.depth += 1;
                }
                TokenKind::RParen => self.depth = self.depth.saturating_sub(1),
                TokenKind::Comment if t.span.len() > self.limits.comment_bytes => {
                    diags.push(comment_too_long(t.span, self.limits.comment_bytes));
                    // The skipped comment does not count in its line's length.
                    self.new_line(t.span.end);
                    continue;
                }
                TokenKind::UnterminatedComment => diags.push(unclosed_comment(self.source, t.span)),
                _ => {}
            }
            return Some((t.kind, SimpleSpan::from(t.span.range())));
        }
    }

    /// The `n`-th token ahead (0 is the next one).
    pub(crate) fn peek(&mut self, n: usize, diags: &mut Vec<Diagnostic>) -> Option<Tk> {
        while self.lookahead.len() <= n {
            let t = self.lex_one(diags)?;
            self.lookahead.push_back(t);
        }
        self.lookahead.get(n).copied()
    }

    /// The next token.
    pub(crate) fn next(&mut self, diags: &mut Vec<Diagnostic>) -> Option<Tk> {
        match self.lookahead.pop_front() {
            Some(t) => Some(t),
            None => self.lex_one(diags),
        }
    }
}

/// All the tokens of `source`, with the lexing diagnostics (cut before variations nested too
/// deeply).
fn lex(source: &str, limits: &Limits, diags: &mut Vec<Diagnostic>) -> Vec<Tk> {
    let mut ts = TokenStream::new(source, limits);
    let mut out: Vec<Tk> = Vec::with_capacity(source.len() / 3 + 8);
    while let Some(t) = ts.next(diags) {
        out.push(t);
    }
    if let Some(at) = ts.cut.take() {
        out.truncate(out.partition_point(|t| t.1.start < at));
    }
    out
}

/// `E0221` for the `(` at `open`, one level deeper than `nesting`; `outermost` is where the
/// variation around it opens (it is skipped from there to the end of its game).
fn too_deep(open: Span, outermost: usize, nesting: usize) -> Diagnostic {
    let mut d = Diagnostic::error(
        diag::TOO_DEEP,
        open,
        format!("expected at most {nesting} nested variations, found a deeper one"),
    );
    if outermost < open.start {
        d = d.with_label(
            Span::new(outermost, outermost + 1),
            "the variation is skipped from here to the end of its game",
        );
    }
    d.with_help(format!(
        "close the variations before opening more; `Limits::nesting` can lower this bound (at most {MAX_NESTING}, the parser recurses once per level)"
    ))
}

/// `E0228` for the `(` at `open`, the first variation after one pair past `limit`: it and the
/// ones after it are skipped.
fn too_many_variations(open: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(
        diag::TOO_MANY_VARIATIONS,
        open,
        format!("expected at most {} variations after one move pair, found more", grouped(limit)),
    )
    .with_help(format!(
        "this variation and the ones after it are skipped; raise `Limits::variations` ({}) when reading with `ctl_an::games_with`",
        grouped(limit)
    ))
}

/// `E0229` for the stray `)` at `at`, the first past `limit` in its game: it and the ones after
/// it are skipped.
fn too_many_strays(at: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(
        diag::TOO_MANY_STRAYS,
        at,
        format!("expected at most {} stray `)` in a game, found more", grouped(limit)),
    )
    .with_help(format!(
        "this `)` and the stray ones after it in the game are skipped; remove them, or raise `Limits::strays` ({}) when reading with `ctl_an::games_with`",
        grouped(limit)
    ))
}

/// `E0227` for the move number at `at`, the first past `limit` in its variation: the rest of
/// the variation is skipped.
fn too_many_pairs_here(at: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(
        diag::TOO_MANY_PAIRS,
        at,
        format!("expected at most {} move pairs in a variation, found more", grouped(limit)),
    )
    .with_help(format!(
        "the rest of the variation is skipped; split it, or raise `Limits::pairs` ({}) when reading with `ctl_an::games_with`",
        grouped(limit)
    ))
}

/// `E0222` for the comment spanning `s`: reported at its `{`; the comment is skipped.
fn comment_too_long(s: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(
        diag::COMMENT_TOO_LONG,
        Span::new(s.start, s.start + 1),
        format!(
            "expected a comment of at most {} bytes, found one of {} bytes",
            grouped(limit),
            grouped(s.len())
        ),
    )
    .with_help(format!(
        "the comment is skipped; shorten it, or raise `Limits::comment_bytes` ({}) when reading with `ctl_an::games_with`",
        grouped(limit)
    ))
}

/// `E0202` for the comment token at `s` whose `}` is missing: reported at its `{`, with where the
/// reader ended it. The message does not depend on what follows, so that a game read alone (cut
/// from a stream by a splitter) gets the same diagnostics as in its whole file.
fn unclosed_comment(source: &str, s: Span) -> Diagnostic {
    let open = Span::new(s.start, s.start + 1);
    let mut d = Diagnostic::error(
        diag::UNTERMINATED_COMMENT,
        open,
        "expected `}` to close this comment, found the end of its game",
    );
    if s.len() > 1 {
        let last = source[..s.end].chars().next_back().map_or(1, char::len_utf8);
        d = d.with_label(Span::new(s.end - last, s.end), "the comment is read up to here");
    }
    d.with_help(
        "close the comment with `}`; comments do not nest, and one never runs past a line that starts with `[Variant` (the next game)",
    )
}

fn unexpected(source: &str, s: Span) -> Diagnostic {
    let text = &source[s.range()];
    let mut d = Diagnostic::error(
        diag::UNEXPECTED_CHARACTER,
        s,
        format!("expected a move, a comment or a tag, found {}", diag::quote(text)),
    );
    if text == "\u{2014}" || text == "\u{2212}" {
        d = d.with_help("the move separator is `-`").with_fix(s, "-");
    } else if text.starts_with('}') {
        d = d.with_help(
            "`}` closes a comment, but no comment is open here: add the `{` where the comment starts, or remove this `}`",
        );
    } else if text.chars().all(|c| c.is_control() || cescacs_board::terminal::is_unsafe(c)) {
        d = d
            .with_help("invisible control characters have no meaning in a game file; remove them")
            .with_fix(s, "");
    }
    d
}

fn sorted(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    Diagnostic::sort(&mut diags);
    diags
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
        let ended = record_ended(&records[0]);
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
        let mut cut = self.tokens.cut.take();
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
                !record_ended(mt)
                    && (mt.ply_count() > limits.plies || mt.pairs.len() > limits.pairs)
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
                cut = self.tokens.cut.take();
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

/// `E0224` at the first tag past the limit (`at`); the game has `found` tags, well-formed or
/// not.
fn too_many_tags(at: Span, limit: usize, found: usize) -> Diagnostic {
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

/// Cuts a main line longer than `limit` plies after its last whole pair within the limit, with
/// `E0225` at the first ply past it: the later levels replay no more than the limit. `beyond`
/// counts the plies of the line read past its pairs (only counted, see [`count_rest`]). The
/// problems found in the moves from the cut on (in `diags`, the builder's) are dropped: the line
/// is not read there. Returns whether the line was past the limit.
fn limit_plies(
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
fn limit_pairs(mt: &mut Movetext, limit: usize, beyond: usize, diags: &mut Vec<Diagnostic>) {
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

/// The grammar with chumsky's zero-sized error, for the fast pass over text that is usually
/// correct; a region where it finds a problem is parsed again with rich errors to explain it.
struct Parsers<F> {
    fast: F,
}

fn parsers<'a>() -> Parsers<
    impl chumsky::Parser<'a, grammar::In<'a>, Vec<grammar::RawItem>, chumsky::extra::Err<EmptyErr>>,
> {
    Parsers { fast: grammar::movetext_parser::<EmptyErr>() }
}

/// Parses one movetext region; `at` is where an empty movetext is placed, and `next` the token
/// after the region when the text goes on (problems at the region's end quote it).
fn movetext<'a, F>(
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

fn same_line(source: &str, a: usize, b: usize) -> bool {
    !source[a..b].contains('\n')
}

/// Reads the tag at `tokens[i]` (a `[`); returns it (if its name was read) and the next index.
fn read_tag(
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
