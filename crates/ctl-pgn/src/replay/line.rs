//! A line being replayed (the main line or a variation) with what makes variations cheap: its
//! checkpoints, the marks a variation branches from, and the storage of lines no longer used.
//! It changes when the speed machinery does; no rule of the notation lives here.
//!
//! What it costs per ply beyond the board's own work: no allocation and no board copy. A line
//! keeps a copy of its board (a checkpoint) at a pair that a `(` follows closely in the text
//! (a draw offer `(=)` is no `(` here), and at least every [`FAR_CHECKPOINT_PLIES`] plies, with
//! the moves played since; a variation rebuilds its start from them, and keeps them as its own
//! checkpoint when they are few, in the storage of a line that is no longer used (the
//! fast path keeps those lines, the line stack and the reference bookkeeping from game to game:
//! once warmed up it allocates nothing).

use cescacs_board::{Board, BoardMove, Position};
use cescacs_diagnostics::Span;
use ctl_an::syntax::PairNumber;

use super::end::Draw;
use crate::tags::CleanNames;
use crate::validate::Level;
use crate::validate::references::References;
use crate::validate::unchecked::Skipped;

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

/// A point of a line a variation may branch from, kept without a board: how many of the moves
/// since the line's checkpoint were played, the state of the repetition keys then, and whether
/// the line was drawn (a line is drawn at most once, so [`Line::drawn`] tells how). Small: a
/// pair writes one at its number and one after White's move.
#[derive(Clone, Copy)]
pub(super) struct Mark {
    pub(super) moves: u32,
    pub(super) keys: u32,
    pub(super) since: u32,
    pub(super) drawn: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Status {
    /// Moves are being played.
    Live,
    /// The open pair stopped the line; its variations are still replayed.
    Stopped,
    /// Nothing more of the line is looked at.
    Dead,
}

/// The pair being read in a line.
#[derive(Clone, Copy)]
pub(super) struct OpenPair {
    pub(super) number: PairNumber,
    /// The line's level when the pair began (its variations are checked at it).
    pub(super) level: Level,
    /// Plies read (`…` included).
    pub(super) plies: u8,
    /// White's move was written (not `…`).
    pub(super) white: bool,
    pub(super) before_white: Mark,
    pub(super) before_black: Option<Mark>,
}

/// One line being replayed (the main line or a variation).
pub(super) struct Line {
    pub(super) board: Board,
    /// The level asked for this line, and the level it goes on at (coherence after an illegal
    /// move in a full check).
    pub(super) full: Level,
    pub(super) level: Level,
    pub(super) status: Status,
    pub(super) drawn: Option<Draw>,
    /// The repetition keys of the positions since the checkpoint; those from `since` on are the
    /// positions since the last irreversible move, the only ones that can come back.
    pub(super) keys: Vec<u64>,
    pub(super) since: usize,
    /// The number the next pair should have, when known.
    pub(super) expected: Option<u32>,
    pub(super) pair: Option<OpenPair>,
    /// The checkpoint: a copy of the board, and the moves played on it since.
    pub(super) base: Board,
    pub(super) moves: Vec<BoardMove>,
    /// When the line has no checkpoint of its own yet: the index in the line stack of the
    /// line whose `base` its `moves` start from (an ancestor, whose base cannot change while
    /// this line is open). A variation starts so without a copy of the board for its base.
    pub(super) base_of: Option<usize>,
    /// Once the line stopped: where, and what it left unchecked since.
    pub(super) skipped: Option<Skipped>,
    /// The check mark of the last move is right unless that move mated (see
    /// [`MarkJudged::RightUnlessMate`](ctl_an::written::internals::MarkJudged::RightUnlessMate)): the line's next move settles it, or the
    /// mate test when the line ends first ([`Line::mated_after_all`]).
    pub(super) mate_untested: bool,
}

impl Line {
    /// A line that starts from `base` after `moves`, in a spare line's storage when there is
    /// one (its boards and vectors are overwritten: no allocation once a few lines were used).
    /// `legal`: the moves were played legal (so the first move of the line is matched on the
    /// board's short path, which needs the check status). `base_of`: where `base` lies in the
    /// line stack, for a line that keeps `base` and `moves` as its checkpoint instead of a
    /// copy of its start (only legal moves are kept so: a later branch replays them legal).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn start(
        spare: &mut Spare,
        base: &Board,
        moves: &[BoardMove],
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
    pub(super) fn mated_after_all(&mut self) -> bool {
        std::mem::take(&mut self.mate_untested) && !self.board.has_legal_move()
    }

    /// The line stops at `at`; `diagnostic`: the index of the replay's diagnostic saying why.
    #[cold]
    pub(super) fn stop(&mut self, at: Span, diagnostic: Option<usize>) {
        self.status = Status::Stopped;
        self.skipped = Some(Skipped::new(at, diagnostic));
    }

    #[inline]
    pub(super) fn mark(&self) -> Mark {
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

/// A variation has opened; its first ply tells where it branches from.
pub(super) struct Pending {
    pub(super) number: Option<PairNumber>,
}

/// Storage a replay leaves behind for the next one (lines, the line stack, the reference
/// bookkeeping, the last clean tag names), so that replaying game after game allocates nothing once warmed up: see
/// [`Replay::use_spare`](super::events::Replay::use_spare).
#[derive(Default)]
pub(crate) struct Spare {
    /// Boxed as the stack holds them: a line moves between the two without a copy.
    #[allow(clippy::vec_box)]
    pub(super) lines: Vec<Box<Line>>,
    pub(super) slots: Vec<Slot>,
    pub(super) tags: usize,
    pub(super) references: Option<References>,
    pub(super) clean_names: CleanNames,
}

/// Spare lines kept beyond this many are dropped (a deeply nested game does not keep its
/// memory for the rest of the run).
pub(super) const SPARE_LINES: usize = 16;

/// What one line of the stack is.
pub(super) enum Slot {
    Line(Box<Line>),
    Pending(Pending),
    /// Not replayed: its parent stopped before it, or nothing is replayed.
    Off,
}

/// Whether a variation may open after the pair whose number is at `at`: a `(` follows within
/// [`VARIATION_LOOKAHEAD`] bytes, or the text is not known. `next_paren`: where the next `(`
/// at or after the previous pair is (`usize::MAX` for none), found again once passed.
#[inline]
pub(super) fn variation_near(text: &str, next_paren: &mut usize, at: usize) -> bool {
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
#[inline]
pub(super) fn live(lines: &mut [Slot]) -> Option<&mut Line> {
    match lines.last_mut() {
        Some(Slot::Line(line)) if line.status == Status::Live => Some(line),
        _ => None,
    }
}

pub(super) fn first_number(start: &Position) -> Option<u32> {
    start.move_number().get()
}

/// A pair begins in `line`: the numbering, the checkpoint, the marks. Returns the number
/// expected when `number` does not follow (a warning).
#[inline(always)]
pub(super) fn begin_pair(line: &mut Line, number: PairNumber, near: bool) -> Option<u32> {
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
