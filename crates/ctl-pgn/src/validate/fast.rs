//! The fast path of validation: one game read by [`ctl_an::scan`] and checked as it streams,
//! without a syntax tree, for the common case of a game with nothing to report.
//!
//! It answers only "clean" or "not sure". It gives up on the first thing that the full path
//! ([`super::check_text_with`]) would report, and on whatever it does not check itself (an
//! automatic draw, references in comments at the coherence level...): the caller then checks the
//! game the full way, which explains the problems. So it never has a message to get wrong; what
//! must hold is that "clean" is true, which `tests/fast_path.rs` compares with the full path on
//! the corpus, generated games and mutations of them.

use cescacs_board::{Board, Colour, Letters, MoveSpec, Outcome, REPETITION_DRAW, Span};
use ctl_an::Limits;
use ctl_an::scan::{self, Flow, TagEvent, Visitor};
use ctl_an::syntax::{self, Comment, GameResult, Move, MoveNumber, Reference, Spanned};

use super::{Level, replay};
use crate::game::Game;
use crate::tags::{TagRef, lint_tags};

/// What the fast path knows of a game it found clean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clean {
    /// Half-moves of the main line, as [`ctl_an::syntax::Movetext::ply_count`] counts them.
    pub plies: usize,
}

/// Checks `text`, one game, at `level`; `Some` when the full check
/// ([`check_text_with`](super::check_text_with) with the same limits) would find nothing at all
/// to report, `None` when it would or when the fast path cannot tell.
///
/// ```
/// use ctl_an::Limits;
/// use ctl_pgn::validate::{Level, fast::check_fast};
/// let clean = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// assert_eq!(check_fast(clean, Level::Rules, &Limits::DEFAULT).unwrap().plies, 2);
/// // The Elephant cannot go three hexes: the full check has to say so.
/// let illegal = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
/// assert!(check_fast(illegal, Level::Rules, &Limits::DEFAULT).is_none());
/// assert!(check_fast(illegal, Level::Coherence, &Limits::DEFAULT).is_some());
/// ```
pub fn check_fast(text: &str, level: Level, limits: &Limits) -> Option<Clean> {
    let mut checker = Checker::new(text, level);
    scan::game(text, limits, &mut checker).ok()?;
    checker.finish()
}

/// A tag kept by its spans (the scanner's strings live only for the call).
#[derive(Clone, Copy)]
struct TagSpans {
    span: Span,
    name_span: Span,
    value_span: Span,
}

/// Where a line stood at some point: enough to branch a variation from there.
#[derive(Clone)]
struct Snapshot {
    board: Board,
    /// How many repetition keys the line had, and where its irreversible part began.
    keys: usize,
    since: usize,
}

/// The pair being read in a line.
#[derive(Clone, Copy)]
struct OpenPair {
    number: u32,
    /// White's move was written (not `…`).
    white: bool,
    /// Black's move was written.
    black: bool,
}

/// One line (the main line or a variation) being replayed.
#[derive(Clone)]
struct Line {
    board: Board,
    /// The repetition keys of the line's positions (rules level); those from `since` on are the
    /// positions since the last irreversible move, the only ones that can come back. Kept
    /// rather than cleared so that a variation can branch from any earlier ply.
    keys: Vec<u64>,
    since: usize,
    /// The number the next pair should have, when known.
    expected: Option<u32>,
    pair: Option<OpenPair>,
    /// Where the last pair's variations branch from: before White's move, before Black's.
    before_white: Option<Snapshot>,
    before_black: BlackBranch,
    /// The last move played, as the rules engine read it.
    last: Option<MoveSpec>,
}

/// Where a variation that starts with Black's move branches from. Most pairs have no such
/// variation, so the position before Black's move is not copied: it is the position before
/// White's with White's move played again, made only when asked for.
#[derive(Clone)]
enum BlackBranch {
    Unknown,
    At(Box<Snapshot>),
    AfterWhite { white: MoveSpec, keys: usize, since: usize },
}

impl Line {
    fn snapshot(&self) -> Snapshot {
        Snapshot { board: self.board.clone(), keys: self.keys.len(), since: self.since }
    }

    /// The last pair is over: the next pair's number follows from it.
    fn close_pair(&mut self) {
        if let Some(p) = self.pair.take() {
            let white_only = p.white && !p.black;
            self.expected = Some(if white_only { p.number } else { p.number.saturating_add(1) });
        }
    }
}

struct Checker<'t> {
    text: &'t str,
    level: Level,
    tags: Vec<TagSpans>,
    /// The game's letters (coherence level on).
    letters: Letters,
    /// The line being replayed (coherence level on, C'escacs games); `None` when nothing is
    /// replayed or a variation has opened and its first ply is not read yet.
    line: Option<Line>,
    /// The lines that variations branched from, outermost first.
    outer: Vec<Line>,
    replay: bool,
    /// Variations open around the item being read.
    depth: usize,
    /// The number of the pair whose first ply comes next.
    number: Option<MoveNumber>,
    /// A variation has opened: the number its first pair should have (that of the pair it
    /// follows).
    pending: Option<Option<u32>>,
    result: Option<GameResult>,
    result_tag: Option<Span>,
    plies: usize,
}

impl<'t> Checker<'t> {
    fn new(text: &'t str, level: Level) -> Checker<'t> {
        Checker {
            text,
            level,
            tags: Vec::new(),
            letters: Letters::standard(),
            line: None,
            outer: Vec::new(),
            replay: false,
            depth: 0,
            number: None,
            pending: None,
            result: None,
            result_tag: None,
            plies: 0,
        }
    }

    /// The tags are read: lint them, and from the coherence level on read the setup the way
    /// [`Game::new`] does, from the only tags it looks at.
    fn start(&mut self) -> bool {
        let refs: Vec<TagRef<'t>> = self
            .tags
            .iter()
            .map(|t| TagRef {
                name: &self.text[t.name_span.range()],
                name_span: t.name_span,
                value: &self.text[t.value_span.range()],
                value_span: t.value_span,
                span: t.span,
            })
            .collect();
        if !lint_tags(&refs).is_empty() {
            return false;
        }
        self.result_tag = refs.iter().find(|t| t.name == "Result").map(|t| t.value_span);
        if self.level < Level::Coherence {
            return true;
        }
        let setup: Vec<syntax::Tag> = refs
            .iter()
            .filter(|t| matches!(t.name, "Variant" | "Redefine" | "PDTL" | "DPTL"))
            .map(|t| syntax::Tag {
                span: t.span,
                name: t.name.to_string(),
                name_span: t.name_span,
                value: t.value.to_string(),
                value_span: t.value_span,
            })
            .collect();
        let whole = Span::new(0, self.text.len());
        let game =
            Game::new(syntax::Game { span: whole, tags: setup, ..Default::default() }, self.text);
        if !game.setup_diagnostics().is_empty() {
            return false;
        }
        self.letters = game.letters().clone();
        let Some(start) = game.start() else { return true };
        let board = Board::new(start);
        let mut keys = Vec::new();
        if self.level >= Level::Rules {
            // A game that starts drawn may have no move at all.
            if board.automatic_draw().is_some() {
                return false;
            }
            keys.push(board.repetition_key());
        }
        let expected = start.move_number().get();
        self.line = Some(Line {
            board,
            keys,
            since: 0,
            expected,
            pair: None,
            before_white: None,
            before_black: BlackBranch::Unknown,
            last: None,
        });
        self.replay = true;
        true
    }

    /// A ply opens a pair (`number` was just read) or continues the open one; `white` is
    /// false for `…`. Returns the side that moves, or `None` when the full check has
    /// something to say.
    fn ply(&mut self, written: bool) -> Option<Colour> {
        let number = self.number.take();
        if !self.replay {
            return Some(Colour::White);
        }
        if let Some(expected) = self.pending.take() {
            number?;
            // The variation replaces the move it follows: it starts from before that move.
            let parent = self.outer.last()?;
            let from = match (written, &parent.before_black) {
                (true, _) => parent.before_white.clone()?,
                (false, BlackBranch::At(at)) => Snapshot::clone(at),
                (false, BlackBranch::AfterWhite { white, keys, since }) => {
                    let mut board = parent.before_white.as_ref()?.board.clone();
                    advance(&mut board, white, self.level).then_some(())?;
                    Snapshot { board, keys: *keys, since: *since }
                }
                (false, BlackBranch::Unknown) => return None,
            };
            self.line = Some(Line {
                board: from.board,
                keys: parent.keys[..from.keys].to_vec(),
                since: from.since,
                expected,
                pair: None,
                before_white: None,
                before_black: BlackBranch::Unknown,
                last: None,
            });
        }
        let line = self.line.as_mut()?;
        match number {
            Some(number) => {
                line.close_pair();
                if !number.unknown && line.expected.is_some_and(|e| e != number.value) {
                    return None;
                }
                line.pair = Some(OpenPair { number: number.value, white: written, black: false });
                line.before_white = Some(line.snapshot());
                if written {
                    line.before_black = BlackBranch::Unknown;
                    Some(Colour::White)
                } else {
                    line.before_black = BlackBranch::At(Box::new(line.snapshot()));
                    (line.board.turn() == Colour::Black).then_some(Colour::Black)
                }
            }
            None => {
                let pair = line.pair.as_mut()?;
                if pair.black || !written {
                    return None;
                }
                pair.black = true;
                if pair.white {
                    let white = line.last?;
                    let (keys, since) = (line.keys.len(), line.since);
                    line.before_black = BlackBranch::AfterWhite { white, keys, since };
                }
                Some(Colour::Black)
            }
        }
    }

    /// Plays one written move; `false` when the full check has something to say.
    fn play(&mut self, m: &Move, side: Colour) -> bool {
        let level = self.level;
        let Some(line) = self.line.as_mut() else { return !self.replay };
        if line.board.turn() != side {
            return false;
        }
        let Ok(spec) = replay::move_spec(m, &self.letters) else { return false };
        line.last = Some(spec);
        if !advance(&mut line.board, &spec, level) {
            return false;
        }
        if level < Level::Rules {
            return true;
        }
        let after = &line.board;
        if replay::check_mark(m, after).is_some() {
            return false;
        }
        if after.halfmove_clock() == 0 {
            line.since = line.keys.len();
        }
        let key = after.repetition_key();
        let earlier = line.keys[line.since..].iter().filter(|&&k| k == key).count();
        line.keys.push(key);
        // A draw ends the game: whatever follows is the full check's to explain.
        earlier + 1 < REPETITION_DRAW as usize && after.automatic_draw().is_none()
    }

    /// The verdict once the whole game was scanned.
    fn finish(mut self) -> Option<Clean> {
        if self.pending.is_some() || self.depth != 0 || self.number.is_some() {
            return None;
        }
        let tagged = self.result_tag.map(|s| &self.text[s.range()]);
        if let (Some(line), Some(tag)) = (self.result, tagged) {
            if GameResult::from_text(tag).is_some_and(|t| t != line) {
                return None;
            }
        }
        if self.level >= Level::Rules {
            if let Some(line) = self.line.as_mut() {
                if let Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate { .. })) =
                    line.board.outcome()
                {
                    let written = self.result.map(GameResult::as_str).or(tagged);
                    if written.is_some_and(|w| w != o.result()) {
                        return None;
                    }
                }
            }
        }
        Some(Clean { plies: self.plies })
    }
}

/// Plays a written move the way `level` reads it: legal (rules) or coherent; `false` when it
/// is not.
fn advance(board: &mut Board, spec: &MoveSpec, level: Level) -> bool {
    if level >= Level::Rules {
        return board.play_spec(spec).is_ok();
    }
    match board.match_move_algebraic(spec) {
        Ok(mv) => {
            board.play_unchecked(&mv);
            true
        }
        Err(_) => false,
    }
}

/// `Flow` from "may go on".
fn flow(ok: bool) -> Flow {
    if ok { Flow::Continue } else { Flow::Fallback }
}

impl Visitor for Checker<'_> {
    fn tag(&mut self, tag: TagEvent<'_>) -> Flow {
        // Spans stand for the strings, so the value must read as written (no escapes).
        let verbatim = self.text.get(tag.value_span.range()) == Some(tag.value)
            && self.text.get(tag.name_span.range()) == Some(tag.name);
        self.tags.push(TagSpans {
            span: tag.span,
            name_span: tag.name_span,
            value_span: tag.value_span,
        });
        flow(verbatim)
    }

    fn movetext(&mut self, _span: Span) -> Flow {
        flow(self.start())
    }

    fn comment(&mut self, comment: &Comment) -> Flow {
        // References to moves and variations are checked against the whole game's moves and
        // labels: not here. The others (players, hexes, pieces, NAGs) have nothing to check.
        let checked_later = |r: &Spanned<Reference>| {
            matches!(r.value, Reference::Move { .. } | Reference::Variation(_))
        };
        flow(self.level < Level::Coherence || !comment.references.iter().any(checked_later))
    }

    fn number(&mut self, number: MoveNumber) -> Flow {
        let repeated = self.number.replace(number).is_some();
        flow(!repeated)
    }

    fn omitted(&mut self, _span: Span) -> Flow {
        flow(self.ply(false).is_some())
    }

    #[inline]
    fn mv(&mut self, m: &Move) -> Flow {
        if !self.replay {
            // Nothing is replayed (syntax level, or not a C'escacs game): only count.
            self.number = None;
            self.plies += usize::from(self.depth == 0);
            return Flow::Continue;
        }
        let Some(side) = self.ply(true) else { return Flow::Fallback };
        if self.depth == 0 {
            self.plies += 1;
        }
        flow(self.play(m, side))
    }

    fn begin_variation(&mut self, _span_start: usize, _label: Option<Spanned<u32>>) -> Flow {
        self.depth += 1;
        if self.number.is_some() || self.pending.is_some() {
            return Flow::Fallback;
        }
        if self.replay {
            let Some(line) = self.line.take() else { return Flow::Fallback };
            let Some(pair) = line.pair else { return Flow::Fallback };
            self.pending = Some(Some(pair.number));
            self.outer.push(line);
        }
        Flow::Continue
    }

    fn end_variation(&mut self, _span: Span) -> Flow {
        if self.depth == 0 || self.number.is_some() {
            return Flow::Fallback;
        }
        self.depth -= 1;
        if self.replay {
            // An empty variation branches from nowhere: nothing to replay.
            self.pending = None;
            self.line = self.outer.pop();
            if self.line.is_none() {
                return Flow::Fallback;
            }
        }
        Flow::Continue
    }

    fn result(&mut self, result: Spanned<GameResult>) -> Flow {
        self.result = Some(result.value);
        flow(self.depth == 0 && self.number.is_none())
    }
}
