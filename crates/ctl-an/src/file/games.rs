//! Games one at a time: the tokens of each (its tags, then its movetext up to the next game or
//! the end of its record, a main line past the ply limit only counted), the records written
//! one after another without tags read one at a time as if read in one piece, and the
//! record-level diagnostics.

use std::collections::VecDeque;
use std::ops::RangeInclusive;

use cescacs_diagnostics::{Diagnostic, Span};

use crate::assemble::Builder;
use crate::assemble::records::{end_before_opening, next_record_from};
use crate::diag::{self, sorted};
use crate::grammar::{self, Tk};
use crate::lexer::TokenKind;
use crate::limits::Limits;
use crate::syntax::{Comment, File, GameResult, Movetext, Record, Spanned, Tag};

use super::movetext::{Next, limit_line, movetext, parsers, reads_result};
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

/// Reads the games of a text one at a time: memory stays bounded by the largest game, records
/// written one after another without tags included (each is read with its own tokens).
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
        run: None,
    }
}

/// The iterator of [`games`].
pub struct Games<'s> {
    source: &'s str,
    tokens: TokenStream<'s>,
    limits: Limits,
    /// The tokens of the record being read (reused).
    buf: Vec<Tk>,
    /// Records split from the same tokens, not yet returned.
    pending: VecDeque<GameOutput>,
    /// Tags of the game being read past the first one over [`Limits::tags`], only counted.
    more_tags: usize,
    /// The run of records being read, when the last one read was followed by another one
    /// written after its end (see [`Run`]).
    run: Option<Run>,
}

impl core::fmt::Debug for Games<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Games").field("pending", &self.pending.len()).finish_non_exhaustive()
    }
}

/// A run: a game's tags (or the start of the text) and the records of its movetext up to the
/// next `[`, written after the end of one another, none with tags of its own. A run is read a
/// record at a time, so that a run of games without tags is never held whole; reading it so
/// gives what reading it whole would give, because what that depends on is carried from
/// one record to the next.
#[derive(Debug)]
struct Run {
    /// The main line's move numbers left to read before looking at the length of the line
    /// being read ([`pairs_read_first`], counted over the run: `usize::MAX` once looked at).
    pairs_left: usize,
    /// The last record read, not yet finished: what is found in the next one may still be its
    /// own (a diagnostic where it ends, when nothing stands between them), as when read whole.
    held: Option<(Vec<Tag>, Movetext)>,
    /// Where its main line was cut at a limit, to the end of its movetext: the problems found
    /// there are dropped, the next record's too (where they touch).
    held_cut: Option<RangeInclusive<usize>>,
    /// The diagnostics not yet given to a record, from the token stream and from the builder.
    lexed: Vec<Diagnostic>,
    built: Vec<Diagnostic>,
    /// The builder's count of extra result lines.
    extra_results: usize,
}

impl Run {
    fn new(limits: &Limits) -> Run {
        Run {
            pairs_left: pairs_read_first(limits),
            held: None,
            held_cut: None,
            lexed: Vec::new(),
            built: Vec::new(),
            extra_results: 0,
        }
    }

    /// A builder that goes on from the records read before in the run.
    fn builder<'a>(&self, source: &'a str, limits: &Limits) -> Builder<'a> {
        let mut b = Builder::new(source);
        b.extra_results_limit = limits.strays;
        b.extra_results = self.extra_results;
        b.diags.clone_from(&self.built);
        b
    }
}

impl<'s> Games<'s> {
    /// Moves the tokens of the next record into `buf`: its tags, then its movetext up to the
    /// next `[`, the end of the record, or the main line's move number past `pairs` (see
    /// [`Stop`]: what stopped it is left in the stream).
    fn collect_game(&mut self, pairs: &mut usize, diags: &mut Vec<Diagnostic>) -> Stop {
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
                return Stop::Tags;
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
        collect_pairs(&mut self.tokens, &mut self.buf, pairs, Some(self.source), diags)
    }

    /// Reads on to the end of the run (the next `[`, or the end of the text), only for the
    /// problems of its tokens.
    fn skip_run(&mut self, diags: &mut Vec<Diagnostic>) -> Stop {
        while let Some(t) = self.tokens.peek(0, diags) {
            if t.0 == TokenKind::LBracket {
                return Stop::Tags;
            }
            self.tokens.next(diags);
        }
        Stop::End
    }

    /// What follows the tokens collected, for the grammar: at the end of a record followed by
    /// the next one, that record's first token, put after them ([`Next::Read`]).
    fn next_after(&mut self, stop: Stop, diags: &mut Vec<Diagnostic>) -> Next {
        let next = match stop {
            Stop::End | Stop::Tags => None,
            Stop::Cap | Stop::RecordEnd { .. } => self.tokens.peek(0, diags),
        };
        match (stop, next) {
            (Stop::RecordEnd { .. }, Some(t)) => {
                self.buf.push(t);
                Next::Read
            }
            (_, Some(t)) => Next::At(t.1),
            (_, None) => Next::End,
        }
    }

    /// Variations nested too deeply: the record collected is read up to the outermost one
    /// around them (the tokens from there are dropped); where that is. A `(` read before the
    /// record's first token (before a game's tags, when no variation may open: a
    /// [`Limits::nesting`] of 0) is the text before it: nothing of the record is cut.
    fn cut(&mut self) -> Option<usize> {
        let first = self.buf.first().map(|t| t.1.start);
        let at = self.tokens.cut.take().filter(|&at| first.is_some_and(|f| f <= at))?;
        self.buf.truncate(self.buf.partition_point(|t| t.1.start < at));
        Some(at)
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

/// Why the tokens of a game stopped being collected ([`collect_pairs`]); the token it stopped
/// at is left in the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// At the end of the text.
    End,
    /// At a `[`: tags start the next game.
    Tags,
    /// At the move number of the main line's pair past the number asked for.
    Cap,
    /// At the start of the next record, after the end of this one (its result, or a last move
    /// with `:` or `#`): its first pair, or (`opened`) the comments before it that open it.
    RecordEnd { opened: bool },
}

/// Moves movetext tokens into `buf` up to the next `[`, or up to a move number outside
/// variations once `pairs` of them are read (counted down), or, given the `source`, up to the
/// end of the record: what stopped it. A move number outside variations always starts a pair,
/// so the tokens end between two items.
///
/// Whether a record ends before such a move number is a matter of the pair before it and what
/// follows that pair (the builder starts a record at every pair after an ended one, so an
/// earlier pair never carries an ending over): that stretch is read by the grammar and the
/// builder ([`next_record`]) when it holds a token that may end a record. So a run of games
/// without tags is read a record at a time, never held whole.
fn collect_pairs(
    ts: &mut TokenStream<'_>,
    buf: &mut Vec<Tk>,
    pairs: &mut usize,
    records_of: Option<&str>,
    diags: &mut Vec<Diagnostic>,
) -> Stop {
    let mut depth = 0usize;
    // Where the main line's last pair starts in `buf` (or the movetext), and whether a
    // result, a `*`, a `:` or a `#` outside variations follows.
    let mut last_pair = buf.len();
    let mut may_end = false;
    while let Some(t) = ts.next(diags) {
        match t.0 {
            TokenKind::LBracket => {
                ts.lookahead.push_front(t);
                return Stop::Tags;
            }
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::NumberDot | TokenKind::NumberQuestion if depth == 0 => {
                if *pairs == 0 {
                    ts.lookahead.push_front(t);
                    return Stop::Cap;
                }
                // A `(` left open in the tags: the stream would cut a variation nested too
                // deeply there, so the run is read in one piece, as it is cut.
                let source = records_of.filter(|_| may_end && !ts.in_variation());
                if let Some(next) = source.and_then(|s| next_record(s, &buf[last_pair..], t)) {
                    // The next record starts at `t`, or at the comments before it that open
                    // it: those are read again, as its own.
                    ts.lookahead.push_front(t);
                    let from = buf.partition_point(|k| k.1.start < next);
                    for &k in buf[from..].iter().rev() {
                        ts.lookahead.push_front(k);
                    }
                    buf.truncate(from);
                    return Stop::RecordEnd { opened: next < t.1.start };
                }
                *pairs -= 1;
                last_pair = buf.len();
                may_end = false;
            }
            TokenKind::Result | TokenKind::Star | TokenKind::Colon | TokenKind::Mate
                if depth == 0 =>
            {
                may_end = true;
            }
            _ => {}
        }
        buf.push(t);
    }
    Stop::End
}

/// Where the next record starts when the record has ended at the end of `stretch` (the tokens
/// from the main line's last move number, or from the movetext's start, up to `next`, a move
/// number outside variations); `None` when it goes on. It starts at `next`, or at the comments
/// after the end of a record without a result line that open it, as the builder splits records
/// (`Builder::records`).
fn next_record(source: &str, stretch: &[Tk], next: Tk) -> Option<usize> {
    let first = stretch.first()?;
    let parsers = parsers();
    let ends = |t: &Tk| matches!(t.0, TokenKind::Result | TokenKind::Colon | TokenKind::Mate);
    if !stretch.iter().any(ends) {
        // Only a `*` may end it, the result or a capture's separator: the grammar says which
        // (a `*` is a result line whenever it is read as one).
        let result = !grammar::plain_pair(stretch) && reads_result(&parsers, stretch, next.1);
        return result.then_some(next.1.start);
    }
    let mut b = Builder::new(source);
    let records = movetext(&parsers, stretch, first.1.start, Next::At(next.1), &mut b);
    let ended = records.last().filter(|mt| mt.has_ended())?;
    Some(next_record_from(ended).unwrap_or(next.1.start))
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
        let mut pairs = PAIRS_PER_CHUNK;
        let stop = collect_pairs(ts, &mut chunk, &mut pairs, None, diags);
        // Variations nested too deeply: the record ends where the outermost one opens.
        if let Some(at) = ts.cut.take() {
            chunk.truncate(chunk.partition_point(|t| t.1.start < at));
        }
        if chunk.is_empty() {
            return rest;
        }
        let mut b = Builder::new(source);
        let end = chunk[chunk.len() - 1].1.end;
        let mut records = movetext(&parsers(), &chunk, end, Next::End, &mut b);
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
        if stop != Stop::Cap || ended {
            return rest;
        }
    }
}

impl Iterator for Games<'_> {
    type Item = GameOutput;

    fn next(&mut self) -> Option<GameOutput> {
        // A record followed by another one of its run waits for it: read on.
        while self.pending.is_empty() {
            if !self.read_records() {
                return None;
            }
        }
        self.pending.pop_front()
    }
}

impl Games<'_> {
    /// Reads the next record (or the next game's records) into `pending`, but the last one
    /// read when its run goes on; `false` at the end of the text.
    fn read_records(&mut self) -> bool {
        let mut run = self.run.take().unwrap_or_else(|| Run::new(&self.limits));
        let mut lex_diags = std::mem::take(&mut run.lexed);
        let mut stop = self.collect_game(&mut run.pairs_left, &mut lex_diags);
        let mut cut = self.cut();
        if cut.is_some() && matches!(stop, Stop::RecordEnd { .. }) {
            // Cut in its tags (a `[` after the cut let the tokens after it through): the rest
            // of the run is cut too, read only for its problems.
            stop = self.skip_run(&mut lex_diags);
        }
        if self.buf.is_empty() && run.held.is_none() {
            // Only unreadable bytes were left.
            if lex_diags.is_empty() {
                return false;
            }
            let diagnostics = sorted(lex_diags);
            self.pending.push_back(GameOutput { game: Record::default(), diagnostics });
            return true;
        }
        let source = self.source;
        let mut b = run.builder(source, &self.limits);
        let mut read = Vec::new();
        let mut rest = Rest::default();
        if !self.buf.is_empty() {
            let next = self.next_after(stop, &mut lex_diags);
            (b, read) = read_game(source, &self.buf, &self.limits, next, self.more_tags, &run);
        }
        if stop == Stop::Cap {
            let limits = &self.limits;
            let past = read.last().is_some_and(|(_, mt): &(_, Movetext)| {
                !mt.has_ended() && (mt.ply_count() > limits.plies || mt.pairs.len() > limits.pairs)
            });
            if past {
                rest = count_rest(&mut self.tokens, source, &mut lex_diags);
                if let Some((_, mt)) = read.last_mut() {
                    mt.span.end = rest.end.unwrap_or(mt.span.end);
                    mt.result = rest.result.take();
                    mt.closing_comments = std::mem::take(&mut rest.closing_comments);
                }
            } else {
                // Not a main line past the limit (omitted moves, or records split inside the
                // pairs read): the record is read whole, as any other, and so is the rest of
                // the run.
                drop((b, read));
                run.pairs_left = usize::MAX;
                let (ts, buf) = (&mut self.tokens, &mut self.buf);
                stop = collect_pairs(ts, buf, &mut run.pairs_left, Some(source), &mut lex_diags);
                cut = self.cut();
                let next = self.next_after(stop, &mut lex_diags);
                (b, read) = read_game(source, &self.buf, &self.limits, next, self.more_tags, &run);
            }
        }
        if let (Stop::RecordEnd { opened: true }, Some((_, mt))) = (stop, read.last_mut()) {
            end_before_opening(mt);
        }
        // The problems where the record before was cut are dropped, the ones found since too.
        if let Some(cut) = run.held_cut.take() {
            let mut n = 0;
            b.diags.retain(|d| {
                n += 1;
                n <= run.built.len() || !cut.contains(&d.span.start)
            });
        }
        // When the run goes on, its last record read waits for the next one.
        let run_goes_on = matches!(stop, Stop::RecordEnd { .. });
        let n_read = read.len();
        for (n, (_, mt)) in read.iter_mut().enumerate() {
            let beyond = if n + 1 == n_read { (rest.plies, rest.pairs) } else { (0, 0) };
            let cut = limit_line(mt, &self.limits, beyond, &mut b.diags);
            // The last one's, for the next record read when it is held.
            run.held_cut = cut.map(|from| from..=mt.span.end);
        }
        // The records finished now: the one held before, and the ones read but the last when
        // the run goes on (each given what lies up to its end, as in one piece).
        let mut records: Vec<(Vec<Tag>, Movetext)> =
            run.held.take().into_iter().chain(read).collect();
        let held = if run_goes_on { records.pop() } else { None };
        let n_records = records.len();
        let mut lex_diags = lex_diags.into_iter().peekable();
        for (n, (tags, mt)) in records.into_iter().enumerate() {
            // The last record of its run takes every diagnostic left.
            let last_of_run = n + 1 == n_records && !run_goes_on;
            let first = tags.first().map_or(mt.span.start, |t| t.span.start);
            let last = if mt.span.is_empty() {
                tags.last().map_or(mt.span.end, |t| t.span.end)
            } else {
                mt.span.end
            };
            let game = Record { span: Span::new(first, last.max(first)), tags, movetext: mt };
            let s = game.movetext.span;
            let mut diags: Vec<Diagnostic> = if last_of_run {
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
            let has_errors = (skipped && last_of_run)
                || diags
                    .iter()
                    .chain(b.diags.iter())
                    .any(|d| d.is_error() && d.span.start >= s.start && d.span.start <= s.end);
            finish_game(&game, has_errors, &mut b);
            let own = b.diags.iter().filter(|d| last_of_run || d.span.start <= game.span.end);
            diags.extend(own.cloned());
            b.diags.retain(|d| !(last_of_run || d.span.start <= game.span.end));
            self.pending.push_back(GameOutput { game, diagnostics: sorted(diags) });
        }
        if run_goes_on {
            run.held = held;
            run.lexed = lex_diags.collect();
            run.built = b.diags;
            run.extra_results = b.extra_results;
            self.run = Some(run);
        }
        true
    }
}

/// Reads the tags at the start of `tokens`, then their movetext: its records, the first with
/// the tags. `next` is what follows (this game, or the next record of its run); `more_tags`
/// counts the tags past the first one over the limit, left out of `tokens`; `run` is what the
/// records before in the run left (the builder goes on from it).
fn read_game<'a>(
    source: &'a str,
    tokens: &'a [Tk],
    limits: &Limits,
    next: Next,
    more_tags: usize,
    run: &Run,
) -> (Builder<'a>, Vec<(Vec<Tag>, Movetext)>) {
    let mut b = run.builder(source, limits);
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
    let records = movetext(&parsers(), &tokens[i..], tags_end, next, &mut b);
    let tags = std::iter::once(tags).chain(std::iter::repeat_with(Vec::new));
    (b, tags.zip(records).collect())
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `text`, `records` records without tags one after another, checking that no more
    /// than a record's tokens and two records are ever held: the largest token buffer is
    /// returned.
    fn held_reading(text: &str, records: usize) -> usize {
        let mut games = games(text);
        let mut read = 0;
        while let Some(g) = games.next() {
            assert!(g.game.tags.is_empty() && !g.game.movetext.pairs.is_empty());
            assert!(games.pending.len() <= 2, "{} records held", games.pending.len());
            read += 1;
        }
        assert_eq!(read, records);
        games.buf.capacity()
    }

    #[test]
    fn a_run_of_records_without_tags_is_read_a_record_at_a_time() {
        let endings = [
            "1. E7-E13, E21-E15\n2. F8-F12, JF22-E19:\n*\n",
            "1. E7-E13, E21-E15 2. F8-F12:\n",
            "1. E7-E13, E21-E15 2. F8-F12#\n",
            "1. E7-E13: { the next one } (1. F8-F12)\n{ opens the next }\n",
            "{ before } 1. E7-E13 2-1\n",
        ];
        for record in endings {
            let one = super::super::tokens::lex(record, &Limits::DEFAULT, &mut Vec::new()).len();
            let held = held_reading(&record.repeat(2_000), 2_000);
            // The buffer grows by doubling: twice a record and the token after it.
            assert!(held <= 2 * (one + 1), "{held} tokens held for records of {one}: {record:?}");
        }
    }
}
