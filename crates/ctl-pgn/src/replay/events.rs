//! The one replay of a game: it takes the game's events in text order (tags, move numbers,
//! moves, variations, comments, the result) and checks them as they come, whoever reads the
//! text: the tree walk of a parsed game ([`super::tree`]) and the fast scanner
//! (`crate::validate::fast`, over [`ctl_an::scan`]) both feed it. It changes with the order of
//! the movetext's events: how a variation branches, which move number comes next, when a line
//! stops, the setup read from the tags, and (through `crate::validate::references`) the
//! references in comments. A move itself is checked by [`super::play`], a line's state is
//! [`super::line`]'s, and the end of the game [`super::end`]'s.
//!
//! A variation replaces the move it follows: its first move is played from the position before
//! that move (before White's move when the variation starts with one, before Black's when it starts
//! with `…`). After an error a line stops (one diagnostic, not a cascade); the other lines go on.

use std::borrow::Cow;

use cescacs_board::{Board, Colour, Letters};
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::scan::Flow;
use ctl_an::syntax::{Comment, GameResult, Move, PairNumber, Reference, Spanned};

use super::end::{self, Draw};
use super::line::{
    Line, Pending, SPARE_LINES, Slot, Spare, Status, begin_pair, first_number, live, variation_near,
};
use super::observer::{Observer, PlyAt};
use super::options::{ReplayOptions, Report};
use super::play::{Played, play};
use crate::parsed::Setup;
use crate::tags::{TagRef, lint_tags_after};
use crate::validate::references::References;
use crate::validate::unchecked::{self, Skipped, Unchecked};
use crate::validate::{Level, messages};

/// A tag kept for the checks done when the tags are over.
struct Tag<'t> {
    name: Cow<'t, str>,
    name_span: Span,
    value: Cow<'t, str>,
    value_span: Span,
    span: Span,
}

/// The replay of one game: feed it the events in text order, then [`Replay::finish_in_place`]
/// ([`super::tree::walk`] does for a parsed game, `crate::validate::fast` for the scanner's).
pub(crate) struct Replay<'t, O = ()> {
    text: &'t str,
    options: ReplayOptions,
    observer: O,
    out: Vec<Diagnostic>,
    /// A diagnostic was found in [`Report::StopAtFirst`] mode.
    failed: bool,
    tags: Vec<Tag<'t>>,
    /// The setup given by the caller (a tree's game has read it already).
    given: Option<Setup>,
    /// Whether the tags are over and were checked.
    started: bool,
    letters: Letters,
    /// Whether lines are replayed (coherence level on, a start position known).
    replaying: bool,
    lines: Vec<Slot>,
    references: Option<References>,
    result: Option<Spanned<GameResult>>,
    result_tag: Option<usize>,
    plies: usize,
    /// Variations open around the next event.
    depth: usize,
    /// Lines stopped by a syntax error, with what they left unchecked.
    unchecked: Vec<Unchecked>,
    /// A false `#` on a move of the main line, which ended the game: its diagnostic's index,
    /// and the main line's plies then (the fix writes `:` for it if no ply followed).
    false_end: Option<(usize, usize)>,
    /// Whether the events after the tags need more than counting (lines replayed or
    /// references checked): false at the syntax level.
    busy: bool,
    /// Where the next `(` of the text is, for [`variation_near`].
    next_paren: usize,
    spare: Spare,
}

/// What a replay found.
#[derive(Debug, Clone, Default)]
pub(crate) struct Replayed {
    /// The diagnostics, sorted by span (empty after a stop in [`Report::StopAtFirst`] mode:
    /// see `clean`).
    pub diagnostics: Vec<Diagnostic>,
    /// Half-moves of the main line, as [`ctl_an::syntax::Movetext::ply_count`] counts them.
    pub plies: usize,
    /// Nothing to report.
    pub clean: bool,
    /// Lines stopped by a move the parser reported (a syntax error inside it), with the note
    /// saying what they left unchecked: for the parser's diagnostic.
    pub unchecked: Vec<Unchecked>,
}

impl<'t, O: Observer> Replay<'t, O> {
    /// A replay of a game of `text` (the text the events' spans point into).
    pub(crate) fn new(text: &'t str, options: ReplayOptions, observer: O) -> Replay<'t, O> {
        Replay {
            text,
            options,
            observer,
            out: Vec::new(),
            failed: false,
            tags: Vec::new(),
            given: None,
            started: false,
            letters: Letters::standard(),
            replaying: false,
            lines: Vec::new(),
            references: None,
            result: None,
            result_tag: None,
            plies: 0,
            depth: 0,
            unchecked: Vec::new(),
            false_end: None,
            busy: true,
            next_paren: 0,
            spare: Spare::default(),
        }
    }

    /// Uses the storage a previous replay left ([`Replay::spare`]), before the first event.
    pub(crate) fn use_spare(&mut self, mut spare: Spare) {
        self.tags.reserve(spare.tags);
        self.lines = std::mem::take(&mut spare.slots);
        self.spare = spare;
    }

    /// The storage this replay can leave to the next one, once it is done (after
    /// [`Replay::finish_in_place`]).
    pub(crate) fn spare(&mut self) -> Spare {
        let mut spare = std::mem::take(&mut self.spare);
        spare.tags = spare.tags.max(self.tags.len());
        for slot in self.lines.drain(..) {
            if let Slot::Line(line) = slot {
                spare.lines.push(line);
            }
        }
        spare.lines.truncate(SPARE_LINES);
        spare.slots = std::mem::take(&mut self.lines);
        if let Some(mut refs) = self.references.take() {
            refs.clear();
            spare.references = Some(refs);
        }
        spare
    }

    /// Uses a setup already read from the same tags (a [`crate::parsed::ParsedGame`]'s).
    pub(crate) fn with_setup(mut self, setup: Setup) -> Self {
        self.given = Some(setup);
        self
    }

    /// The observer, once the replay is done with it.
    pub(crate) fn into_observer(self) -> O {
        self.observer
    }

    #[inline]
    pub(crate) fn flow(&self) -> Flow {
        if self.failed || self.observer.enough() { Flow::Fallback } else { Flow::Continue }
    }

    fn report(&mut self, d: Diagnostic) {
        match self.options.report {
            Report::All => self.out.push(d),
            Report::StopAtFirst => self.failed = true,
        }
    }

    fn report_all(&mut self, ds: Vec<Diagnostic>) {
        if !ds.is_empty() {
            match self.options.report {
                Report::All => self.out.extend(ds),
                Report::StopAtFirst => self.failed = true,
            }
        }
    }

    /// A tag of the tag section. `value` is unescaped; it borrows the text when written
    /// without escapes.
    pub(crate) fn tag(
        &mut self,
        name: &str,
        name_span: Span,
        value: &str,
        value_span: Span,
        span: Span,
    ) -> Flow {
        // The scanner passes slices of the text itself: the same address says it without a
        // comparison of the bytes.
        let keep = |s: &str, at: Span| match self.text.get(at.range()) {
            Some(written) if std::ptr::eq(written, s) || written == s => Cow::Borrowed(written),
            _ => Cow::Owned(s.to_string()),
        };
        let tag = Tag {
            name: keep(name, name_span),
            name_span,
            value: keep(value, value_span),
            value_span,
            span,
        };
        self.tags.push(tag);
        self.flow()
    }

    /// The tags are over: lint them and read the setup.
    pub(crate) fn movetext(&mut self) -> Flow {
        self.start();
        self.flow()
    }

    #[inline]
    fn start(&mut self) {
        if !self.started {
            self.begin();
        }
    }

    /// The tags are over: lint them, read the setup, start the main line.
    #[cold]
    fn begin(&mut self) {
        self.started = true;
        let refs: Vec<TagRef<'_>> = self
            .tags
            .iter()
            .map(|t| TagRef {
                name: &t.name,
                name_span: t.name_span,
                value: &t.value,
                value_span: t.value_span,
                span: t.span,
            })
            .collect();
        let lints = lint_tags_after(&refs, &mut self.spare.clean_names);
        let level = self.options.level;
        let setup = (level >= Level::Coherence)
            .then(|| self.given.take().unwrap_or_else(|| Setup::read(&refs, self.text)));
        self.result_tag = self.tags.iter().position(|t| t.name == "Result");
        self.report_all(lints);
        let Some(setup) = setup else {
            // Nothing past the tags but the count of plies.
            self.busy = false;
            return;
        };
        self.report_all(setup.diagnostics);
        self.letters = setup.letters;
        if self.references_possible() {
            self.references = Some(self.spare.references.take().unwrap_or_default());
        }
        let Some(start) = setup.start else { return };
        self.replaying = true;
        let board = Board::new(&start);
        let mut keys = None;
        let mut drawn = None;
        if level >= Level::Rules {
            keys = Some(board.repetition_key());
            drawn = board.automatic_draw().map(|reason| Draw { reason, by: None });
        }
        self.observer.line_start(0, &board);
        let keys = keys.as_slice();
        let mut line = Line::start(&mut self.spare, &board, &[], true, level, drawn, keys, None);
        line.expected = first_number(&start);
        self.lines.push(Slot::Line(line));
    }

    /// Whether a comment of the game can hold a reference to a move or a variation (`#…`): not
    /// when the game's text is known and has no `#`.
    fn references_possible(&self) -> bool {
        self.text.is_empty() || memchr::memchr(b'#', self.text.as_bytes()).is_some()
    }

    /// A comment, wherever it stands.
    pub(crate) fn comment(&mut self, comment: &Comment) -> Flow {
        self.comment_references(&comment.references)
    }

    /// A comment, wherever it stands, told by its references: all of them, or only those to
    /// moves and variations (the others are not checked here).
    pub(crate) fn comment_references(&mut self, references: &[Spanned<Reference>]) -> Flow {
        self.start();
        if let Some(refs) = &mut self.references {
            let before = self.out.len();
            refs.comment(references, &mut self.out);
            self.after_references(before);
        }
        self.flow()
    }

    /// A ply or a pair for the references when some wait for their place (see
    /// [`References::quiet_ply`]): out of line, as most games have none waiting.
    #[cold]
    #[inline(never)]
    fn placing_references(&mut self, event: impl FnOnce(&mut References, &mut Vec<Diagnostic>)) {
        if let Some(refs) = &mut self.references {
            let before = self.out.len();
            event(refs, &mut self.out);
            self.after_references(before);
        }
    }

    /// Diagnostics the references pushed straight into `out` are reported through the mode.
    fn after_references(&mut self, before: usize) {
        if self.out.len() > before && self.options.report == Report::StopAtFirst {
            self.out.truncate(before);
            self.failed = true;
        }
    }

    fn depth(&self) -> usize {
        self.depth
    }

    /// Whether the events past the tags are only counted (the syntax level): the scanner's
    /// visitor then answers a move or a number without a call.
    #[inline(always)]
    pub(crate) fn only_counts(&self) -> bool {
        self.started && !self.busy
    }

    /// A ply counted, nothing more (see [`Replay::only_counts`]).
    #[inline(always)]
    pub(crate) fn count_ply(&mut self) -> Flow {
        self.count_main_ply();
        self.flow()
    }

    /// A ply of the main line is counted; a variation's is not. Without a branch: in a game
    /// with variations, whether a move is in one comes in no pattern.
    #[inline(always)]
    fn count_main_ply(&mut self) {
        self.plies += usize::from(self.depth == 0);
    }

    /// A pair begins with its number.
    #[inline(never)]
    pub(crate) fn number(&mut self, number: PairNumber) -> Flow {
        self.start();
        self.observer.pair(self.depth, number);
        if !self.busy {
            return self.flow();
        }
        if self.references.as_mut().is_some_and(|refs| !refs.quiet_number(number)) {
            self.placing_references(|refs, out| refs.number(number, out));
        }
        match self.lines.last_mut() {
            Some(Slot::Pending(p)) => p.number = Some(number),
            Some(Slot::Line(line)) => {
                if line.status == Status::Stopped {
                    line.status = Status::Dead;
                }
                if line.status == Status::Live {
                    let near = variation_near(self.text, &mut self.next_paren, number.span.start);
                    if let Some(expected) = begin_pair(line, number, near) {
                        self.report(messages::move_number(expected, number));
                    }
                }
            }
            _ => {}
        }
        self.flow()
    }

    /// White's move left out (`…`).
    pub(crate) fn omitted(&mut self, span: Span) -> Flow {
        self.ply_event(true);
        let depth = self.depth();
        let Some(line) = live(&mut self.lines) else { return self.flow() };
        let Some(pair) = line.pair.as_mut() else { return self.flow() };
        pair.plies += 1;
        if pair.plies > 1 {
            // `…` in Black's place: the tree holds it only with a syntax error.
            line.stop(span, None);
            return self.flow();
        }
        let number = pair.number;
        if line.board.turn() != Colour::Black {
            let d = messages::wrong_turn(line.board.turn(), Colour::Black, span, number);
            line.stop(span, Some(self.out.len()));
            self.observer.stopped(depth, &d);
            self.report(d);
            return self.flow();
        }
        let mark = line.mark();
        if let Some(pair) = line.pair.as_mut() {
            pair.before_black = Some(mark);
        }
        self.flow()
    }

    /// A ply that could not be read as a move (the tree's [`ctl_an::syntax::Ply::Invalid`]):
    /// its line stops there.
    pub(crate) fn invalid(&mut self, span: Span) -> Flow {
        if self.depth() == 0 {
            self.plies += 1;
        }
        self.ply_event(false);
        match self.lines.last_mut() {
            Some(Slot::Line(line)) if line.status == Status::Live => line.stop(span, None),
            Some(Slot::Line(line)) => unchecked::skip_move(&mut line.skipped),
            _ => {}
        }
        self.flow()
    }

    /// A move. `readable`: false when the parser reported a syntax error inside it, so that
    /// it is not reported again as incoherent (its line stops silently after the turn check).
    #[inline]
    pub(crate) fn mv(&mut self, m: &Move, readable: bool) -> Flow {
        self.count_main_ply();
        self.start();
        if !self.busy {
            return self.flow();
        }
        self.play_event(m, readable)
    }

    /// A move, past the count of plies.
    fn play_event(&mut self, m: &Move, readable: bool) -> Flow {
        self.ply_event(false);
        let full = self.options.full;
        let Some(Slot::Line(line)) = self.lines.last_mut() else { return self.flow() };
        if line.status != Status::Live {
            unchecked::skip_move(&mut line.skipped);
            return self.flow();
        }
        let Some(pair) = line.pair.as_mut() else { return self.flow() };
        pair.plies += 1;
        let white = pair.plies == 1;
        let side = if white { Colour::White } else { Colour::Black };
        if pair.plies > 2 {
            line.stop(m.span, None);
            return self.flow();
        }
        // Without a branch: White's and Black's plies alternate.
        pair.white |= white;
        if line.board.turn() != side || !readable {
            return self.not_played(m, side, readable);
        }
        let mate_later = self.options.report == Report::StopAtFirst;
        match play(line, m, &self.letters, full, mate_later) {
            Played::Moved(d) => {
                if white {
                    let mark = line.mark();
                    if let Some(pair) = line.pair.as_mut() {
                        pair.before_black = Some(mark);
                    }
                }
                let at = PlyAt { depth: self.depth, side };
                if let Some(played) = line.moves.last() {
                    self.observer.played_move(at, played, &line.board);
                }
                self.observer.played(at, m, &line.board);
                if let Some(d) = d {
                    self.played_with(*d, m, side);
                }
            }
            Played::Stop(d) => self.stopped_at(d, m, side),
        }
        self.flow()
    }

    /// The line on top stops at the move `m` for `side`, written out of turn or unreadable.
    #[cold]
    #[inline(never)]
    fn not_played(&mut self, m: &Move, side: Colour, readable: bool) -> Flow {
        let depth = self.depth;
        let Some(Slot::Line(line)) = self.lines.last_mut() else { return self.flow() };
        let Some(number) = line.pair.map(|p| p.number) else { return self.flow() };
        if line.board.turn() != side {
            let d = messages::wrong_turn(line.board.turn(), side, m.span, number);
            line.stop(m.span, Some(self.out.len()));
            self.observer.stopped(depth, &d);
            self.report(d);
        } else if !readable {
            line.stop(m.span, None);
        }
        self.flow()
    }

    /// The move `m` of `side` was played in the line on top, with the diagnostic `d`.
    #[cold]
    #[inline(never)]
    fn played_with(&mut self, d: Diagnostic, m: &Move, side: Colour) {
        let Some(Slot::Line(line)) = self.lines.last() else { return };
        let Some(number) = line.pair.map(|p| p.number) else { return };
        if self.depth == 0 && crate::fixes::takes_the_end(&d, m) {
            self.false_end = Some((self.out.len(), self.plies));
        }
        self.report(messages::in_pair(d, side, number));
    }

    /// The line on top stops at the move `m` of `side`, with why (none when the parser said it).
    #[cold]
    #[inline(never)]
    fn stopped_at(&mut self, d: Option<Box<Diagnostic>>, m: &Move, side: Colour) {
        let depth = self.depth;
        let at = self.out.len();
        let Some(Slot::Line(line)) = self.lines.last_mut() else { return };
        let Some(number) = line.pair.map(|p| p.number) else { return };
        line.stop(m.span, d.as_ref().map(|_| at));
        if let Some(d) = d {
            let d = messages::in_pair(*d, side, number);
            self.observer.stopped(depth, &d);
            self.report(d);
        }
    }

    /// The first ply of a variation tells where it branches from; the references learn of
    /// every ply.
    #[inline(always)]
    fn ply_event(&mut self, omitted: bool) {
        self.start();
        if self.references.as_mut().is_some_and(|refs| !refs.quiet_ply(omitted)) {
            self.placing_references(|refs, out| refs.ply(omitted, out));
        }
        if let [.., Slot::Pending(_)] = self.lines[..] {
            self.branch(omitted);
        }
    }

    /// The first ply of the variation on top of the stack: its line starts from its parent's
    /// position before the move it replaces.
    #[inline(never)]
    fn branch(&mut self, omitted: bool) {
        let n = self.lines.len();
        let Slot::Pending(pending) = &self.lines[n - 1] else { return };
        let number = pending.number;
        let Some(Slot::Line(parent)) = n.checked_sub(2).map(|i| &self.lines[i]) else {
            self.lines[n - 1] = Slot::Off;
            return;
        };
        // By reference: no copy of the pair and its marks.
        let Some(pair) = parent.pair.as_ref().filter(|_| parent.status != Status::Dead) else {
            self.lines[n - 1] = Slot::Off;
            return;
        };
        let from = if omitted { pair.before_black.as_ref() } else { Some(&pair.before_white) };
        let Some(mark) = from else {
            self.lines[n - 1] = Slot::Off;
            if let Slot::Line(parent) = &mut self.lines[n - 2] {
                unchecked::skip_variation(&mut parent.skipped);
            }
            return;
        };
        let owner = parent.base_of.unwrap_or(n - 2);
        let Slot::Line(base) = &self.lines[owner] else { unreachable!("a base is a line's") };
        let mut line = Line::start(
            &mut self.spare,
            &base.base,
            &parent.moves[..mark.moves as usize],
            // A line at the rules level played every move through the rules: a move they
            // refused (or one after a draw) drops it to the coherence level for good.
            parent.level >= Level::Rules,
            pair.level,
            parent.drawn.filter(|_| mark.drawn),
            &parent.keys[mark.since as usize..mark.keys as usize],
            Some(owner),
        );
        self.observer.line_start(n - 1, &line.board);
        line.expected = Some(pair.number.value);
        let warning = number.and_then(|number| {
            begin_pair(&mut line, number, true).map(|e| messages::move_number(e, number))
        });
        self.lines[n - 1] = Slot::Line(line);
        if let Some(d) = warning {
            self.report(d);
        }
    }

    /// A variation opens after the last pair of the current line.
    pub(crate) fn begin_variation(&mut self, label: Option<Spanned<u32>>) -> Flow {
        self.start();
        if let Some(refs) = &mut self.references {
            let before = self.out.len();
            refs.begin_variation(label, &mut self.out);
            self.after_references(before);
        }
        self.depth += 1;
        self.observer.begin_variation(self.depth);
        let replayed = self.options.variations
            && matches!(self.lines.last(), Some(Slot::Line(l)) if l.status != Status::Dead);
        if let Some(Slot::Line(l)) = self.lines.last_mut().filter(|_| !replayed) {
            unchecked::skip_variation(&mut l.skipped);
        }
        if self.replaying {
            self.lines.push(if replayed {
                Slot::Pending(Pending { number: None })
            } else {
                Slot::Off
            });
        }
        self.flow()
    }

    /// The innermost variation closes.
    pub(crate) fn end_variation(&mut self) -> Flow {
        self.observer.end_variation(self.depth);
        self.depth = self.depth.saturating_sub(1);
        if let Some(refs) = &mut self.references {
            let before = self.out.len();
            refs.end_variation(&mut self.out);
            self.after_references(before);
        }
        if self.lines.len() > 1 {
            if let Some(Slot::Line(mut line)) = self.lines.pop() {
                if line.mate_untested && line.mated_after_all() {
                    self.mate_found_late();
                }
                self.close(line.skipped);
                self.spare.lines.push(line);
            }
        }
        self.flow()
    }

    /// The result line.
    pub(crate) fn result(&mut self, result: Spanned<GameResult>) -> Flow {
        self.start();
        self.result = Some(result);
        if let Some(refs) = &mut self.references {
            let before = self.out.len();
            refs.result(&mut self.out);
            self.after_references(before);
        }
        // The result line and the `Result` tag must say the same (docs/DECISIONS.md 3).
        let tag = self.result_tag.map(|i| &self.tags[i]);
        if let Some(tag) = tag.filter(|_| self.options.level >= Level::Coherence) {
            if let Some(d) = end::against_tag(result, &tag.value, tag.value_span) {
                self.report(d);
            }
        }
        self.flow()
    }

    /// The game is over: the result against the final position, the label references, and
    /// every diagnostic sorted by span. The replay (and its observer) is kept.
    pub(crate) fn finish_in_place(&mut self) -> Replayed {
        self.start();
        // The references stay for [`Replay::spare`], emptied: a second finish finds nothing.
        if let Some(refs) = &mut self.references {
            let before = self.out.len();
            refs.finish(&mut self.out);
            refs.clear();
            self.after_references(before);
        }
        if self.options.level >= Level::Rules && self.options.full {
            if let Some(d) = self.result_against_end() {
                self.report(d);
            }
        }
        if let Some((i, _)) = self.false_end.filter(|&(_, p)| p == self.plies) {
            if let Some(d) = self.out.get_mut(i).filter(|_| self.options.report == Report::All) {
                crate::fixes::keep_the_end(d);
            }
        }
        // The lines still open (the main line, unclosed variations) are over too; they stay
        // for [`Replay::spare`].
        for i in 0..self.lines.len() {
            if let Slot::Line(line) = &mut self.lines[i] {
                let skipped = line.skipped;
                if line.mate_untested && line.mated_after_all() {
                    self.mate_found_late();
                }
                self.close(skipped);
            }
        }
        let mut diagnostics = std::mem::take(&mut self.out);
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        Replayed {
            clean: diagnostics.is_empty() && !self.failed,
            diagnostics,
            plies: self.plies,
            unchecked: std::mem::take(&mut self.unchecked),
        }
    }

    /// A check mark left untested was wrong: the move mated. Only a replay that stops at its
    /// first diagnostic leaves the test for later, so the diagnostic itself is not needed.
    #[cold]
    fn mate_found_late(&mut self) {
        debug_assert_eq!(self.options.report, Report::StopAtFirst);
        self.failed = true;
    }

    /// A line is over: what it left unchecked after it stopped is noted.
    #[inline]
    fn close(&mut self, skipped: Option<Skipped>) {
        if let (Some(skipped), Report::All) = (skipped, self.options.report) {
            unchecked::close(skipped, &mut self.out, &mut self.unchecked);
        }
    }

    /// Mate, stalemate and automatic draws decide the result (docs/RULES.md 5.3-5.5): the
    /// result written (the result line's, else the tag's) against the main line's end.
    fn result_against_end(&mut self) -> Option<Diagnostic> {
        let Some(Slot::Line(main)) = self.lines.first() else { return None };
        let tag = self.result_tag.map(|i| &self.tags[i]);
        let (written, span) = match (self.result, tag) {
            (Some(line), _) => (line.value.as_str(), line.span),
            (None, Some(tag)) => (&*tag.value, tag.value_span),
            (None, None) => return None,
        };
        // Mate and stalemate only when every move of the line was played through the rules.
        let live = main.status == Status::Live && main.level == main.full;
        end::against_end(main.drawn, live.then_some(&main.board), written, span)
    }
}
