//! References in comments (the spec's "References within comments"): a move reference must not
//! point at a later move of the comment's line, and a labelled variation referred to must exist.
//!
//! Both findings are warnings: comments do not change what a game is, and the minimal reader
//! ignores them. Hex references are checked by the parser (`W0206`).
//!
//! The replay tells [`References`] the game's events; a comment is judged where it stands in
//! its line, which is known once the pair it follows is over (a comment between White's and
//! Black's move stands after the whole pair), and label references once every label is known.
//! While no reference waits for its place, a ply or a pair only counts ([`References::quiet_ply`]):
//! in a game with references every ply passes here.

use cescacs_board::Colour;
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{PairNumber, Reference, Spanned, VariationId};

use super::codes;

/// A point in a line: the move number and the side whose move was played last.
#[derive(Clone, Copy)]
struct Point {
    number: u32,
    side: Colour,
}

impl Point {
    /// Whether move `number` (of `player`, or the whole pair) lies after this point.
    fn precedes(self, number: u32, player: Option<Colour>) -> bool {
        match player {
            _ if number != self.number => number > self.number,
            Some(Colour::Black) => self.side == Colour::White,
            _ => false,
        }
    }
}

/// One line (the main line or a variation) as far as its comments are concerned.
#[derive(Default)]
struct Line {
    /// The last pair's number.
    pair: Option<u32>,
    /// The plies of the last pair, `…` counted twice: the pair stands after Black's move once
    /// this is two or more (counted without a branch, as White's and Black's plies alternate).
    plies: u32,
    /// The move references of the comments before the first pair, and of those after the last
    /// that point past where the line stands now (the others cannot be later moves).
    before: Vec<MoveRef>,
    after: Vec<MoveRef>,
    /// The label chain of this line (outermost first), as references name variations.
    chain_len: usize,
}

impl Line {
    /// Where the line stands: after its last pair's last ply.
    #[inline]
    fn point(&self) -> Option<Point> {
        let side = if self.plies >= 2 { Colour::Black } else { Colour::White };
        self.pair.map(|number| Point { number, side })
    }
}

/// The references of one game, checked as its events come. Its storage is kept from game to
/// game ([`References::clear`]): once warmed up it allocates nothing.
#[derive(Default)]
pub(crate) struct References {
    /// The open lines are the first `open` (the main line first); the others keep their
    /// storage for the next variation.
    lines: Vec<Line>,
    open: usize,
    /// The path of labels from the main line to the line being read.
    chain: Vec<VariationId>,
    /// Every labelled variation, as its chain of labels from the main line: a range of
    /// `label_steps`.
    labels: Vec<(usize, usize)>,
    label_steps: Vec<VariationId>,
    /// Label references, checked at the end (a label may be defined after the comment): each
    /// one's span and its path (innermost first), a range of `path_steps`.
    by_label: Vec<(Span, usize, usize)>,
    path_steps: Vec<VariationId>,
    /// Whether the main line is over (its result was read).
    closed: bool,
    /// Whether an open line holds move references waiting for their place (`before` or
    /// `after`): only then does a ply or a pair do more than count ([`References::quiet_ply`]).
    waiting: bool,
}

/// A move reference must not point past `at`, where its comment stands.
fn later_reference(r: MoveRef, at: Option<Point>, out: &mut Vec<Diagnostic>) {
    if at.is_some_and(|p| !p.precedes(r.number, r.player)) {
        return;
    }
    let now = at.map_or("before the first move".to_string(), |p| {
        format!("after {}'s move {}", p.side, p.number)
    });
    out.push(
        Diagnostic::warning(
            codes::LATER_REFERENCE,
            r.span,
            format!("expected a reference to a move already played, found a later move ({now})"),
        )
        .with_help("a comment may never reference a later move: move the comment after it"),
    );
}

/// A reference to a move of the comment's own line (`#14`, `#14@B`), waiting for the comment's
/// place in its line to be known.
#[derive(Clone, Copy)]
struct MoveRef {
    number: u32,
    player: Option<Colour>,
    span: Span,
}

impl References {
    /// Forgets the game, keeping the storage for the next one.
    pub(crate) fn clear(&mut self) {
        self.open = 0;
        self.chain.clear();
        self.labels.clear();
        self.label_steps.clear();
        self.by_label.clear();
        self.path_steps.clear();
        self.closed = false;
        self.waiting = false;
    }

    /// Whether an open line still holds references waiting for their place.
    fn refresh_waiting(&mut self) {
        self.waiting =
            self.open_lines().iter().any(|line| !line.before.is_empty() || !line.after.is_empty());
    }

    /// The innermost open line (the main line is opened on first use).
    #[inline]
    fn line(&mut self) -> &mut Line {
        if self.open == 0 {
            self.open_line(0);
        }
        &mut self.lines[self.open - 1]
    }

    /// The open lines, the main line first.
    #[inline]
    fn open_lines(&self) -> &[Line] {
        &self.lines[..self.open]
    }

    /// Opens a line inside the innermost one, in the storage of a line closed before.
    fn open_line(&mut self, chain_len: usize) {
        if self.open == self.lines.len() {
            self.lines.push(Line::default());
        }
        let line = &mut self.lines[self.open];
        line.pair = None;
        line.plies = 0;
        line.before.clear();
        line.after.clear();
        line.chain_len = chain_len;
        self.open += 1;
    }

    /// A comment of the movetext, wherever it stands, by its references (only those to moves
    /// and variations are checked).
    pub(crate) fn comment(&mut self, references: &[Spanned<Reference>], out: &mut Vec<Diagnostic>) {
        for r in references {
            match &r.value {
                Reference::Move { number, path, player } if path.is_empty() => {
                    let r = MoveRef { number: *number, player: *player, span: r.span };
                    self.move_reference(r, out);
                }
                Reference::Move { path, .. } => self.label_reference(r.span, path),
                Reference::Variation(id) => {
                    self.label_reference(r.span, std::slice::from_ref(id));
                }
                _ => {}
            }
        }
    }

    /// A reference to a move of the comment's line waits for the comment's place in it.
    fn move_reference(&mut self, r: MoveRef, out: &mut Vec<Diagnostic>) {
        if self.closed && self.open <= 1 {
            // After the result: the comment stands after the main line's last move.
            let at = self.open_lines().first().and_then(Line::point);
            later_reference(r, at, out);
        } else {
            let line = self.line();
            match line.point() {
                // The comment's place moves on at most to Black's move of the same pair: a
                // move played already by now stays played, so only the others wait (a
                // comment's usual reference never does, and most pairs end with nothing to
                // place).
                Some(now) if now.precedes(r.number, r.player) => line.after.push(r),
                Some(_) => return,
                None => line.before.push(r),
            }
            self.waiting = true;
        }
    }

    /// Labels are checked at the end, wherever the comment stands.
    fn label_reference(&mut self, span: Span, path: &[VariationId]) {
        let start = self.path_steps.len();
        self.path_steps.extend_from_slice(path);
        self.by_label.push((span, start, self.path_steps.len()));
    }

    /// A pair begins, when no reference waits for its place (the usual case): `false` when one
    /// waits or the main line is not open yet, and [`References::number`] must take the pair
    /// instead. Only a count per line: in a game with references, every pair and ply passes
    /// here.
    #[inline(always)]
    pub(crate) fn quiet_number(&mut self, number: PairNumber) -> bool {
        match self.lines[..self.open].last_mut() {
            Some(line) if !self.waiting => {
                line.pair = Some(number.value);
                line.plies = 0;
                true
            }
            _ => false,
        }
    }

    /// A ply of the open pair (`omitted` for `…`), as [`References::quiet_number`].
    #[inline(always)]
    pub(crate) fn quiet_ply(&mut self, omitted: bool) -> bool {
        match self.lines[..self.open].last_mut() {
            Some(line) if !self.waiting => {
                line.plies += 1 + u32::from(omitted);
                true
            }
            _ => false,
        }
    }

    /// A pair begins.
    #[inline(never)]
    pub(crate) fn number(&mut self, number: PairNumber, out: &mut Vec<Diagnostic>) {
        self.close_pair_comments(out);
        let main = self.open <= 1;
        let line = self.line();
        let first = line.pair.is_none();
        line.pair = Some(number.value);
        line.plies = 0;
        if first && main && !self.line().before.is_empty() {
            // Before the main line's first pair: after Black's move of the pair before it.
            let at = Point { number: number.value.saturating_sub(1), side: Colour::Black };
            self.place_before(Some(at), out);
        }
    }

    /// A ply of the open pair; `omitted` for `…`.
    #[inline(never)]
    pub(crate) fn ply(&mut self, omitted: bool, out: &mut Vec<Diagnostic>) {
        let variation = self.open > 1;
        let line = self.line();
        line.plies += 1 + u32::from(omitted);
        // The comments before a variation's first pair are placed at its first ply (once its
        // pair is known, comments go after it: these are never added to later).
        if variation && !line.before.is_empty() {
            let Some(number) = line.pair else { return };
            // A variation starts before the move it replaces: White's, or Black's after `…`.
            let at = if omitted {
                Point { number, side: Colour::White }
            } else {
                Point { number: number.saturating_sub(1), side: Colour::Black }
            };
            self.place_before(Some(at), out);
        }
    }

    /// A variation opens after the last pair of the current line.
    pub(crate) fn begin_variation(
        &mut self,
        label: Option<Spanned<u32>>,
        out: &mut Vec<Diagnostic>,
    ) {
        self.close_pair_comments(out);
        let parent = self.line().pair;
        let before = self.chain.len();
        if let (Some(label), Some(number)) = (label, parent) {
            self.chain.push(VariationId { move_number: number, label: label.value });
            let start = self.label_steps.len();
            self.label_steps.extend_from_slice(&self.chain);
            self.labels.push((start, self.label_steps.len()));
        }
        self.open_line(before);
    }

    /// The innermost variation closes.
    pub(crate) fn end_variation(&mut self, out: &mut Vec<Diagnostic>) {
        self.end_line(out);
        if self.open > 0 {
            self.open -= 1;
            self.chain.truncate(self.lines[self.open].chain_len);
        }
        self.refresh_waiting();
    }

    /// The result: the main line is over.
    pub(crate) fn result(&mut self, out: &mut Vec<Diagnostic>) {
        if self.open <= 1 {
            self.end_line(out);
            self.closed = true;
        }
    }

    /// The game is over: every label is known.
    pub(crate) fn finish(&mut self, out: &mut Vec<Diagnostic>) {
        while self.open > 1 {
            self.end_variation(out);
        }
        self.end_line(out);
        for &(span, start, end) in &self.by_label {
            self.label(&self.path_steps[start..end], span, out);
        }
    }

    /// The comments after the last pair of the current line are placed after it.
    #[inline]
    fn close_pair_comments(&mut self, out: &mut Vec<Diagnostic>) {
        if self.open_lines().last().is_some_and(|line| !line.after.is_empty()) {
            self.place_after(out);
        }
    }

    #[inline(never)]
    fn place_after(&mut self, out: &mut Vec<Diagnostic>) {
        let line = self.line();
        let at = line.point();
        for r in line.after.drain(..) {
            later_reference(r, at, out);
        }
        self.refresh_waiting();
    }

    /// The line ends: comments not placed yet stand after its last pair, or before any move.
    fn end_line(&mut self, out: &mut Vec<Diagnostic>) {
        self.close_pair_comments(out);
        if !self.line().before.is_empty() {
            self.place_before(None, out);
        }
    }

    fn place_before(&mut self, at: Option<Point>, out: &mut Vec<Diagnostic>) {
        for r in self.line().before.drain(..) {
            later_reference(r, at, out);
        }
        self.refresh_waiting();
    }

    /// `path` is written innermost first; a labelled variation with that chain must exist.
    fn label(&self, path: &[VariationId], span: Span, out: &mut Vec<Diagnostic>) {
        // A chain (outermost first) that ends with the path read outermost first.
        let ends_with_path = |&(start, end): &(usize, usize)| {
            let chain = &self.label_steps[start..end];
            chain.len() >= path.len() && chain.iter().rev().zip(path).all(|(a, b)| a == b)
        };
        if self.labels.iter().any(ends_with_path) {
            return;
        }
        let name: Vec<String> =
            path.iter().map(|id| format!("#{}.{}", id.move_number, id.label)).collect();
        out.push(
            Diagnostic::warning(
                codes::UNKNOWN_LABEL,
                span,
                format!("expected a labelled variation, found no variation `{}`", name.concat()),
            )
            .with_help("label the variation with `$[n]` after its `(`"),
        );
    }
}
