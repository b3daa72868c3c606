//! The one replay of a game: it takes the game's events in text order (tags, move numbers,
//! moves, variations, comments, the result) and checks them as they come, whoever reads the
//! text: the tree walk of a parsed game ([`super::tree`]) and the fast scanner
//! (`crate::validate::fast`, over [`ctl_an::scan`]) both feed it.
//!
//! Every rule of validation past the tags lives here once: how a variation branches, which move
//! number comes next, when a line stops, repetitions and automatic draws, check marks, whether
//! the result agrees with the tag and with the final position, the setup read from the tags,
//! and (through `crate::validate::references`) the references in comments.
//!
//! A variation replaces the move it follows: its first move is played from the position before
//! that move (before White's move when the variation starts with one, before Black's when it starts
//! with `…`). After an error a line stops (one diagnostic, not a cascade); the other lines go on.
//!
//! What it costs per ply beyond the board's own work: no allocation and no board copy. A line
//! keeps a copy of its board (a checkpoint) at a pair that a `(` follows closely in the text
//! (a draw offer `(=)` is no `(` here), and at least every [`FAR_CHECKPOINT_PLIES`] plies, with
//! the moves played since; a variation rebuilds its start from them, and keeps them as its own
//! checkpoint when they are few, in the storage of a line that is no longer used (the
//! fast path keeps those lines, the line stack and the reference bookkeeping from game to game:
//! once warmed up it allocates nothing). Repetition keys are kept only since the last
//! irreversible move, and counted only once enough plies have passed for a fifth occurrence;
//! the automatic draws are looked for only when the material changed or the move clock reached
//! its limit. When the first diagnostic stops the replay (the fast path), a check whose mark is
//! right unless it mates gets no mate test when a move of its line follows: that move is legal
//! (so the check did not mate) or reported anyway.

use std::borrow::Cow;

use cescacs_board::{
    Board, Colour, Diagnostic, DrawReason, Letters, MoveError, MoveSpec, Outcome, Position,
    REPETITION_DRAW, Span,
};
use ctl_an::scan::Flow;
use ctl_an::syntax::{Comment, GameResult, Move, PairNumber, Reference, Spanned};

use crate::game::Setup;
use crate::tags::{CleanNames, TagRef, lint_tags_after};
use crate::validate::references::References;
use crate::validate::suggest;
use crate::validate::unchecked::{self, Skipped, Unchecked};
use crate::validate::{Level, codes, messages};

/// A line copies its board at most this often (in plies); a variation starts from the last
/// copy and plays the moves since.
const CHECKPOINT_PLIES: usize = 2;

/// A line copies its board only at a pair whose number a `(` follows within this many bytes
/// (when the text is known: always otherwise), and at least every [`FAR_CHECKPOINT_PLIES`]: a
/// variation opens right after the pair it replaces a move of, so a copy far from any `(` is
/// never used. The bytes are a measured compromise: enough for a pair with its marks (a FAN
/// letter takes three or four bytes), few enough that most pairs of a game with variations make
/// no copy (48 bytes missed 9 % of the variations of rich games, whose replay then starts from
/// an older copy; 64 and more copied more than they saved).
const VARIATION_LOOKAHEAD: usize = 56;
/// A pair this many moves past the last checkpoint makes one, `(` or not: a variation replays
/// at most these and its pair's.
const FAR_CHECKPOINT_PLIES: usize = 32;

/// A variation that starts at most this many moves past its parent's checkpoint keeps that
/// checkpoint (and the moves) instead of a copy of its start: the variations nested in it
/// replay these moves again, which costs less than a copy when they are few.
const INHERITED_MOVES: usize = 1;

/// Plies between two occurrences of a position: a side cannot undo its move in one ply, so a
/// position comes back at the earliest four plies later.
const PLIES_BETWEEN_REPEATS: usize = 4;

/// How the replay reports what it finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Report {
    /// Every diagnostic is kept.
    All,
    /// The first diagnostic stops the replay (every later event answers [`Flow::Fallback`]):
    /// the fast path of `check`, which then asks the full reader to explain.
    StopAtFirst,
}

/// What the replay does beyond the check of every line.
///
/// ```
/// use ctl_pgn::{Level, ReplayOptions};
/// let lines = ReplayOptions::lines(Level::Rules);
/// assert!(lines.variations && !lines.full);
/// assert!(!ReplayOptions::main_line(Level::Rules).variations);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayOptions {
    /// How deep to check (`Syntax` replays nothing: no line is played below `Coherence`).
    pub level: Level,
    /// How diagnostics are kept: all of them, except on the fast path of `check`.
    pub(crate) report: Report,
    /// A full check: check marks verified, and a line goes on at the coherence level after an
    /// illegal move. Without it (what `cescacs replay` shows) a line stops at its first error.
    pub full: bool,
    /// Whether variations are replayed.
    pub variations: bool,
}

impl ReplayOptions {
    /// The full check at `level`, every diagnostic kept: what [`crate::Check`] runs.
    pub fn check(level: Level) -> ReplayOptions {
        ReplayOptions { level, report: Report::All, full: true, variations: true }
    }

    /// Every line, main line and variations, each stopping at its first error, at `level`
    /// (`Syntax` is taken as `Coherence`): what [`crate::Game::lines`] replays.
    pub fn lines(level: Level) -> ReplayOptions {
        ReplayOptions {
            level: level.max(Level::Coherence),
            report: Report::All,
            full: false,
            variations: true,
        }
    }

    /// The main line alone, stopping at its first error: what [`crate::Game::main_line`] replays.
    pub fn main_line(level: Level) -> ReplayOptions {
        ReplayOptions { variations: false, ..ReplayOptions::lines(level) }
    }

    /// The same, stopping at the first diagnostic (the fast path of `check`).
    pub(crate) fn stop_at_first(self) -> ReplayOptions {
        ReplayOptions { report: Report::StopAtFirst, ..self }
    }
}

/// Where a ply of a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyAt {
    /// Variations open around it (0 on the main line).
    pub depth: usize,
    /// The side that played it.
    pub side: Colour,
}

/// Told of every position a line reaches: what `cescacs replay`, the language server's hovers,
/// the HTML page and the corpus round trip see, from the same replay as the check (which decides
/// once where each variation starts). Every method defaults to doing nothing.
///
/// Besides the positions, an observer is told the shape of the movetext, whether its lines are
/// replayed or not: each pair ([`Observer::pair`]) and each variation
/// ([`Observer::begin_variation`], [`Observer::end_variation`]). A variation that is replayed
/// gets its [`Observer::line_start`] at its first ply (after its first `pair`); one that is not
/// (its line stopped before its branch position) gets none.
///
/// ```
/// use cescacs_board::Board;
/// use ctl_an::syntax::{Move, PairNumber};
/// use ctl_pgn::{Level, Observer, PlyAt, ReplayOptions};
/// #[derive(Default)]
/// struct Events(Vec<String>);
/// impl Observer for Events {
///     fn line_start(&mut self, depth: usize, board: &Board) {
///         self.0.push(format!("start {depth} {:?}", board.turn()));
///     }
///     fn played(&mut self, at: PlyAt, _: &Move, _: &Board) {
///         self.0.push(format!("ply {} {:?}", at.depth, at.side));
///     }
///     fn pair(&mut self, depth: usize, number: PairNumber) {
///         self.0.push(format!("pair {depth} {}", number.value));
///     }
///     fn begin_variation(&mut self, depth: usize) { self.0.push(format!("( {depth}")); }
///     fn end_variation(&mut self, depth: usize) { self.0.push(format!(") {depth}")); }
/// }
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) *\n";
/// let game = ctl_pgn::read_str(text).remove(0).game;
/// let events = game.replay(ReplayOptions::check(Level::Rules), Events::default());
/// let expected = [
///     "start 0 White", "pair 0 1", "ply 0 White", "ply 0 Black",
///     // Black's alternative starts after White's move.
///     "( 1", "pair 1 1", "start 1 Black", "ply 1 Black", ") 1",
/// ];
/// assert_eq!(events.0, expected);
/// ```
pub trait Observer {
    /// A line starts from `board` (the game's start, or a variation's branch position).
    fn line_start(&mut self, _depth: usize, _board: &Board) {}
    /// A pair begins with its `number` in the line `depth` deep.
    fn pair(&mut self, _depth: usize, _number: PairNumber) {}
    /// A variation opens, `depth` deep (1 for a variation of the main line).
    fn begin_variation(&mut self, _depth: usize) {}
    /// The variation `depth` deep closes.
    fn end_variation(&mut self, _depth: usize) {}
    /// The move `written` was played; `board` is the position after it.
    fn played(&mut self, _at: PlyAt, _written: &Move, _board: &Board) {}
    /// A line stopped at a move, for the reason given (a line also stops silently at a move
    /// the parser could not read).
    fn stopped(&mut self, _depth: usize, _why: &Diagnostic) {}
}

impl Observer for () {}

/// An automatic draw reached in a line (docs/RULES.md 5.5): no move may follow it.
#[derive(Clone, Copy)]
struct Draw {
    reason: DrawReason,
    /// The move that reached it; `None` when the line starts drawn.
    by: Option<Span>,
}

/// A point of a line a variation may branch from, kept without a board: how many of the moves
/// since the line's checkpoint were played, the state of the repetition keys then, and whether
/// the line was drawn (a line is drawn at most once, so [`Line::drawn`] tells how). Small: a
/// pair writes one at its number and one after White's move.
#[derive(Clone, Copy)]
struct Mark {
    moves: u32,
    keys: u32,
    since: u32,
    drawn: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Moves are being played.
    Live,
    /// The open pair stopped the line; its variations are still replayed.
    Stopped,
    /// Nothing more of the line is looked at.
    Dead,
}

/// The pair being read in a line.
#[derive(Clone, Copy)]
struct OpenPair {
    number: PairNumber,
    /// The line's level when the pair began (its variations are checked at it).
    level: Level,
    /// Plies read (`…` included).
    plies: u8,
    /// White's move was written (not `…`).
    white: bool,
    before_white: Mark,
    before_black: Option<Mark>,
}

/// One line being replayed (the main line or a variation).
struct Line {
    board: Board,
    /// The level asked for this line, and the level it goes on at (coherence after an illegal
    /// move in a full check).
    full: Level,
    level: Level,
    status: Status,
    drawn: Option<Draw>,
    /// The repetition keys of the positions since the checkpoint; those from `since` on are the
    /// positions since the last irreversible move, the only ones that can come back.
    keys: Vec<u64>,
    since: usize,
    /// The number the next pair should have, when known.
    expected: Option<u32>,
    pair: Option<OpenPair>,
    /// The checkpoint: a copy of the board, and the moves played on it since.
    base: Board,
    moves: Vec<cescacs_board::BoardMove>,
    /// When the line has no checkpoint of its own yet: the index in the line stack of the
    /// line whose `base` its `moves` start from (an ancestor, whose base cannot change while
    /// this line is open). A variation starts so without a copy of the board for its base.
    base_of: Option<usize>,
    /// Once the line stopped: where, and what it left unchecked since.
    skipped: Option<Skipped>,
    /// The check mark of the last move is right unless that move mated (see
    /// [`messages::MarkJudged::RightUnlessMate`]): the line's next move settles it, or the
    /// mate test when the line ends first ([`Line::mated_after_all`]).
    mate_untested: bool,
}

impl Line {
    /// A line that starts from `base` after `moves`, in a spare line's storage when there is
    /// one (its boards and vectors are overwritten: no allocation once a few lines were used).
    /// `legal`: the moves were played legal (so the first move of the line is matched on the
    /// board's short path, which needs the check status). `base_of`: where `base` lies in the
    /// line stack, for a line that keeps `base` and `moves` as its checkpoint instead of a
    /// copy of its start (only legal moves are kept so: a later branch replays them legal).
    #[allow(clippy::too_many_arguments)]
    fn start(
        spare: &mut Spare,
        base: &Board,
        moves: &[cescacs_board::BoardMove],
        legal: bool,
        level: Level,
        drawn: Option<Draw>,
        keys: &[u64],
        base_of: Option<usize>,
    ) -> Box<Line> {
        let mut line = match spare.lines.pop() {
            Some(mut line) => {
                line.board.copy_from(base);
                line
            }
            None => Box::new(Line {
                board: base.clone(),
                base: base.clone(),
                full: level,
                level,
                status: Status::Live,
                drawn,
                keys: Vec::with_capacity(2 * FAR_CHECKPOINT_PLIES),
                since: 0,
                expected: None,
                pair: None,
                moves: Vec::with_capacity(FAR_CHECKPOINT_PLIES + 2),
                base_of: None,
                skipped: None,
                mate_untested: false,
            }),
        };
        if legal {
            line.board.replay_legal(moves);
        } else {
            for m in moves {
                line.board.play_unchecked(m);
            }
        }
        line.moves.clear();
        // A long replay is not repeated for each variation nested in this one.
        line.base_of = base_of.filter(|_| legal && moves.len() <= INHERITED_MOVES);
        if line.base_of.is_some() {
            line.moves.extend_from_slice(moves);
        } else {
            line.base.copy_from(&line.board);
        }
        line.full = level;
        line.level = level;
        line.status = Status::Live;
        line.drawn = drawn;
        line.keys.clear();
        line.keys.extend_from_slice(keys);
        line.since = 0;
        line.expected = None;
        line.pair = None;
        line.skipped = None;
        line.mate_untested = false;
        line
    }

    /// Whether the last move's check mark, left untested, is wrong: the line ended without a
    /// move after it and the move mated.
    #[cold]
    fn mated_after_all(&mut self) -> bool {
        std::mem::take(&mut self.mate_untested) && !self.board.has_legal_move()
    }

    /// The line stops at `at`; `diagnostic`: the index of the replay's diagnostic saying why.
    #[cold]
    fn stop(&mut self, at: Span, diagnostic: Option<usize>) {
        self.status = Status::Stopped;
        self.skipped = Some(Skipped::new(at, diagnostic));
    }

    #[inline]
    fn mark(&self) -> Mark {
        // Lengths fit: a line's plies are bounded by `Limits::plies` and the text's size.
        Mark {
            moves: self.moves.len() as u32,
            keys: self.keys.len() as u32,
            since: self.since as u32,
            drawn: self.drawn.is_some(),
        }
    }

    /// A new checkpoint when the moves since the last one are many (at a pair's start, where no
    /// mark of the line is in use); `near`: a variation may follow the pair.
    #[inline]
    fn checkpoint(&mut self, near: bool) {
        let since = self.moves.len();
        if since >= CHECKPOINT_PLIES && (near || since >= FAR_CHECKPOINT_PLIES) {
            self.make_checkpoint();
        }
    }

    /// Out of line: most pairs make no checkpoint.
    #[inline(never)]
    fn make_checkpoint(&mut self) {
        self.base.copy_from(&self.board);
        self.base_of = None;
        self.moves.clear();
        self.keys.drain(..self.since);
        self.since = 0;
    }
}

/// A tag kept for the checks done when the tags are over.
struct Tag<'t> {
    name: Cow<'t, str>,
    name_span: Span,
    value: Cow<'t, str>,
    value_span: Span,
    span: Span,
}

/// A variation has opened; its first ply tells where it branches from.
struct Pending {
    number: Option<PairNumber>,
}

/// Storage a replay leaves behind for the next one (lines, the line stack, the reference
/// bookkeeping, the last clean tag names), so that replaying game after game allocates nothing once warmed up: see
/// [`Replay::with_spare`].
#[derive(Default)]
pub(crate) struct Spare {
    /// Boxed as the stack holds them: a line moves between the two without a copy.
    #[allow(clippy::vec_box)]
    lines: Vec<Box<Line>>,
    slots: Vec<Slot>,
    tags: usize,
    references: Option<References>,
    clean_names: CleanNames,
}

/// Spare lines kept beyond this many are dropped (a deeply nested game does not keep its
/// memory for the rest of the run).
const SPARE_LINES: usize = 16;

/// What one line of the stack is.
enum Slot {
    Line(Box<Line>),
    Pending(Pending),
    /// Not replayed: its parent stopped before it, or nothing is replayed.
    Off,
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

    /// Uses a setup already read from the same tags (a [`crate::game::Game`]'s).
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
        if self.failed { Flow::Fallback } else { Flow::Continue }
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
                self.observer.played(PlyAt { depth: self.depth, side }, m, &line.board);
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
            if let Some(tagged) = GameResult::from_text(&tag.value).filter(|&t| t != result.value) {
                let d = Diagnostic::error(
                    codes::RESULT_MISMATCH,
                    result.span,
                    format!(
                        "expected the result `{}` of the `Result` tag, found `{}`",
                        tagged.as_str(),
                        result.value.as_str()
                    ),
                )
                .with_label(tag.value_span, "the `Result` tag says this");
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

    /// Mate, stalemate and automatic draws decide the result (docs/RULES.md 5.3-5.5).
    fn result_against_end(&mut self) -> Option<Diagnostic> {
        let Some(Slot::Line(main)) = self.lines.first() else { return None };
        let outcome = match main.drawn {
            Some(d) => Outcome::Draw(d.reason),
            None if main.status == Status::Live && main.level == main.full => {
                match main.board.outcome() {
                    Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate { .. })) => o,
                    // A draw of the final position was found after the move that reached it.
                    _ => return None,
                }
            }
            None => return None,
        };
        let why = match outcome {
            Outcome::Checkmate { winner } => format!("{winner} mates"),
            Outcome::Stalemate { winner } => format!("{winner} stalemates"),
            Outcome::Draw(reason) => format!("drawn by {}", messages::draw_reason_text(reason)),
        };
        let expected = outcome.result();
        let tag = self.result_tag.map(|i| &self.tags[i]);
        let (written, span) = match (self.result, tag) {
            (Some(line), _) => (line.value.as_str(), line.span),
            (None, Some(tag)) => (&*tag.value, tag.value_span),
            (None, None) => return None,
        };
        if written == expected {
            return None;
        }
        let mut d = Diagnostic::error(
            codes::WRONG_RESULT,
            span,
            format!("expected the result `{expected}` ({why}), found `{written}`"),
        );
        if let Outcome::Draw(reason) = outcome {
            d = d
                .with_note(messages::draw_reason_note(reason))
                .with_help("an automatic draw ends the game with `1-1`");
        } else {
            d = d.with_help(format!("the final position gives `{expected}`"));
        }
        Some(d.with_fix(span, expected))
    }
}

/// Whether a variation may open after the pair whose number is at `at`: a `(` follows within
/// [`VARIATION_LOOKAHEAD`] bytes, or the text is not known. `next_paren`: where the next `(`
/// at or after the previous pair is (`usize::MAX` for none), found again once passed.
#[inline]
fn variation_near(text: &str, next_paren: &mut usize, at: usize) -> bool {
    if *next_paren < at {
        *next_paren = next_variation_paren(text.as_bytes(), at);
    }
    text.is_empty() || *next_paren - at <= VARIATION_LOOKAHEAD
}

/// Where the first `(` at or after `from` that is not a draw offer `(=)` is (`usize::MAX` for
/// none): a draw offer opens no variation, and a checkpoint made for one is never used.
#[cold]
fn next_variation_paren(bytes: &[u8], mut from: usize) -> usize {
    loop {
        let Some(k) = memchr::memchr(b'(', bytes.get(from..).unwrap_or_default()) else {
            return usize::MAX;
        };
        let at = from + k;
        if bytes.get(at + 1) != Some(&b'=') {
            return at;
        }
        from = at + 2;
    }
}

/// The innermost line, when moves are played in it.
fn live(lines: &mut [Slot]) -> Option<&mut Line> {
    match lines.last_mut() {
        Some(Slot::Line(line)) if line.status == Status::Live => Some(line),
        _ => None,
    }
}

fn first_number(start: &Position) -> Option<u32> {
    start.move_number().get()
}

/// A pair begins in `line`: the numbering, the checkpoint, the marks. Returns the number
/// expected when `number` does not follow (a warning).
#[inline(always)]
fn begin_pair(line: &mut Line, number: PairNumber, near: bool) -> Option<u32> {
    if let Some(p) = &line.pair {
        // After a pair that ends with White's move, Black's move comes as `N. …, MOVE`. Without
        // a branch: in a game with comments and variations such pairs come in no pattern.
        let white_only = p.white & (p.plies == 1);
        line.expected = Some(p.number.value.saturating_add(u32::from(!white_only)));
    }
    line.checkpoint(near);
    let warning = match line.expected {
        Some(e) if !number.unknown && e != number.value => Some(e),
        _ => None,
    };
    let before_white = line.mark();
    line.pair = Some(OpenPair {
        number,
        level: line.level,
        plies: 0,
        white: false,
        before_white,
        before_black: None,
    });
    warning
}

/// What playing a move did.
enum Played {
    /// The move was played; a diagnostic when it was played anyway (illegal but coherent in a
    /// full check, after a draw, a wrong check mark).
    Moved(Option<Box<Diagnostic>>),
    /// The line stops here, with why (none when the parser said it already).
    Stop(Option<Box<Diagnostic>>),
}

/// Checks and plays one move on `line`. `mate_later`: a right check mark may be left
/// untested for mate ([`Line::mate_untested`]; only when the first diagnostic stops the replay).
#[inline]
fn play(line: &mut Line, m: &Move, letters: &Letters, full: bool, mate_later: bool) -> Played {
    // This move settles the last one's untested mark: a legal move proves that it did not mate,
    // and anything else is a diagnostic, which stops the replay anyway.
    line.mate_untested = false;
    // The spec is used where `move_spec` wrote it, not moved out: a copy reads its bytes back
    // in wider loads than they were stored with, which stalls (store forwarding).
    let read = messages::move_spec(m, letters);
    let spec = match read {
        Ok(ref spec) => spec,
        Err(d) => return Played::Stop(Some(d)),
    };
    // At the rules level the legal move is played first: a legal move is always coherent,
    // so the coherence matcher only runs to tell which kind of error a move has.
    if line.level < Level::Rules {
        return play_coherent(line, m, spec, letters, full, None);
    }
    if line.drawn.is_some() {
        return play_refused(line, m, spec, letters, full, None);
    }
    let played = line.board.play_spec(spec);
    let played = match played {
        Ok(ref mv) => mv,
        Err(e) => return play_refused(line, m, spec, letters, full, Some(e)),
    };
    // A legal move at the rules level.
    let after = &line.board;
    let mut found = None;
    let mut mate_untested = false;
    if full {
        match messages::check_mark(m, after, mate_later) {
            messages::MarkJudged::Right => {}
            messages::MarkJudged::Wrong(d) => found = Some(d),
            messages::MarkJudged::RightUnlessMate => mate_untested = true,
        }
    }
    let clock = after.halfmove_clock();
    // After an irreversible move no earlier position can come back. With a mask, not a branch:
    // these moves come in no pattern, and the compiler makes a jump of an `if` here.
    let reset = usize::from(clock == 0).wrapping_neg();
    line.since = (line.keys.len() & reset) | (line.since & !reset);
    let key = after.repetition_key();
    let run = line.keys.len() - line.since;
    // A fifth occurrence needs four earlier ones, each at least four plies apart.
    let repeated = run >= (REPETITION_DRAW as usize - 1) * PLIES_BETWEEN_REPEATS
        && line.keys[line.since..].iter().filter(|&&k| k == key).count() + 1
            >= REPETITION_DRAW as usize;
    line.keys.push(key);
    // Material changes only with a capture or a promotion (a Pawn's other moves keep a Pawn on
    // the board, and a board with a Pawn has mating material); the clock's limit is checked as
    // it comes.
    let material = played.captured().is_some() | played.promotion().is_some();
    let reason = if material || clock >= 150 { after.automatic_draw() } else { None }
        // A repeated position is never mate nor stalemate: it had a legal move before.
        .or_else(|| repeated.then_some(DrawReason::Repetition));
    if let Some(reason) = reason {
        line.drawn = Some(Draw { reason, by: Some(messages::core_span(m)) });
    }
    line.mate_untested = mate_untested;
    // Kept last: the move is read back from where `play_spec` wrote it once those stores are
    // done (read at once, its bytes come from several stores, which stalls the load).
    line.moves.push(*played);
    Played::Moved(found)
}

/// [`play`] at the rules level of a move after a draw or one the rules `refused`: reported,
/// then played anyway in a full check (out of line: the rules level's usual move is legal).
#[inline(never)]
fn play_refused(
    line: &mut Line,
    m: &Move,
    spec: &MoveSpec,
    letters: &Letters,
    full: bool,
    refused: Option<MoveError>,
) -> Played {
    play_coherent(line, m, spec, letters, full, refused.as_ref())
}

/// [`play`] of a move checked for coherence only: at the coherence level, or at the rules level
/// after a draw or a move the rules `refused` ([`play_refused`]).
#[inline(always)]
fn play_coherent(
    line: &mut Line,
    m: &Move,
    spec: &MoveSpec,
    letters: &Letters,
    full: bool,
    refused: Option<&MoveError>,
) -> Played {
    let coherent = match line.board.match_move_algebraic(spec) {
        Ok(mv) => mv,
        Err(e) => return incoherent(&line.board, m, spec, letters, &e),
    };
    let mut found = None;
    if line.level >= Level::Rules {
        let d = match (refused, line.drawn) {
            (_, Some(draw)) => messages::move_after_draw(draw.reason, draw.by, m),
            (Some(e), None) => {
                suggest::did_you_mean(messages::rules_error(e, m), e, &line.board, spec, m, letters)
            }
            _ => unreachable!("a legal move is played by `play`"),
        };
        if !full {
            return Played::Stop(Some(Box::new(d)));
        }
        found = Some(Box::new(messages::coherence_only(d)));
        line.level = Level::Coherence;
    }
    line.board.play_unchecked(&coherent);
    line.moves.push(coherent);
    Played::Moved(found)
}

/// A move that is not coherent on `board`: the line stops there.
#[cold]
#[inline(never)]
fn incoherent(
    board: &Board,
    m: &Move,
    spec: &MoveSpec,
    letters: &Letters,
    e: &MoveError,
) -> Played {
    let d = messages::coherence_error(e, m);
    let d = suggest::did_you_mean(d, e, board, spec, m, letters);
    Played::Stop(Some(Box::new(d)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_draw_offer_is_not_taken_for_a_variation() {
        let text = b"1. E7-E13 (=), E21-E15 (1. F8-F12)";
        assert_eq!(super::next_variation_paren(text, 0), 23);
        assert_eq!(super::next_variation_paren(text, 25), usize::MAX);
        assert_eq!(super::next_variation_paren(b"(=", 0), usize::MAX);
    }
}
