//! The tokens of a text on demand, within the [`Limits`], with the lexing diagnostics: bad
//! bytes, unterminated comments and strings, lines, comments, variations and stray `)` past the
//! limits (skipped).

use std::collections::VecDeque;

use chumsky::span::SimpleSpan;

use cescacs_diagnostics::{Diagnostic, Span};

use crate::diag::{self};
use crate::grammar::Tk;
use crate::lexer::{Lexer, Token, TokenKind};
use crate::limits::{Limits, grouped};

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
    pub(super) lookahead: VecDeque<Tk>,
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
                TokenKind::LParen => {
                    if self.depth == 0 {
                        self.outermost_open = t.span.start;
                    }
                    if self.depth >= nesting {
                        diags.push(too_deep(t.span, self.outermost_open, nesting));
                        self.cut = Some(self.outermost_open);
                        self.skip_game = true;
                        continue;
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

    /// Whether a variation is open after the last token read, as the stream counts them (a `(`
    /// in a tag's line counts too: a variation nested too deeply is cut at the outermost `(`,
    /// wherever it is).
    pub(crate) fn in_variation(&self) -> bool {
        self.depth > 0
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
pub(super) fn lex(source: &str, limits: &Limits, diags: &mut Vec<Diagnostic>) -> Vec<Tk> {
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
    } else if text.chars().all(|c| c.is_control() || cescacs_diagnostics::terminal::is_unsafe(c)) {
        d = d
            .with_help("invisible control characters have no meaning in a game file; remove them")
            .with_fix(s, "");
    }
    d
}
