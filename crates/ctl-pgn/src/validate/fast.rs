//! The fast path of validation: one game read by [`ctl_an::scan`], its events fed to the one
//! [`Replay`] as they stream, without a syntax tree, for the common case of a game with nothing
//! to report.
//!
//! The replay runs in "stop at the first diagnostic" mode: it answers only "clean" or "not sure", and
//! stops at the first thing the full path ([`crate::check`]) would report, or where the scanner
//! gives up on a form it does not read. The caller then checks the game the full way, which
//! explains the problems. So the fast path never has a message to get wrong; what must hold is
//! that "clean" is true, which `xtask/tests/fast_path.rs` compares with the full path on the
//! corpus, generated games and mutations of them.

use std::cell::Cell;

use cescacs_diagnostics::Span;
use ctl_an::Limits;
use ctl_an::scan::{self, CommentEvent, Flow, TagEvent, Visitor};
use ctl_an::syntax::{GameResult, Move, PairNumber, Spanned};

use super::Level;
use crate::replay::{Observer, Replay, ReplayOptions, Replayed, Spare};

/// What the fast path knows of a game it found clean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clean {
    /// Half-moves of the main line, as [`ctl_an::syntax::Movetext::ply_count`] counts them.
    pub plies: usize,
}

/// Checks `text`, one game, at `level`; `Some` when the full check
/// ([`crate::Check::text`] with the same limits) would find nothing at all to report,
/// `None` when it would or when the fast path cannot tell.
///
/// ```
/// use ctl_an::Limits;
/// use ctl_pgn::{Level, internals::check_fast};
/// let clean = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// assert_eq!(check_fast(clean, Level::Rules, &Limits::DEFAULT).unwrap().plies, 2);
/// // The Elephant cannot go three hexes: the full check has to say so.
/// let illegal = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
/// assert!(check_fast(illegal, Level::Rules, &Limits::DEFAULT).is_none());
/// assert!(check_fast(illegal, Level::Coherence, &Limits::DEFAULT).is_some());
/// ```
pub fn check_fast(text: &str, level: Level, limits: &Limits) -> Option<Clean> {
    let options = ReplayOptions::check(level).stop_at_first();
    let mut replay = Replay::new(text, options, ());
    let done = replay_scanned(text, limits, &mut replay)?;
    done.clean.then_some(Clean { plies: done.plies })
}

/// Feeds `replay` (made for `text`, before any event) the scanner's events of `text`, one
/// game, then finishes it: what the replay found, or `None` when the scanner gave up (the
/// text is outside its forms, or the replay asked to stop). The storage of the thread's last
/// replay is used and left to the next.
pub(crate) fn replay_scanned<O: Observer>(
    text: &str,
    limits: &Limits,
    replay: &mut Replay<'_, O>,
) -> Option<Replayed> {
    replay.use_spare(SPARE.take());
    let scanned = scan::game(text, limits, replay);
    let done = scanned.is_ok().then(|| replay.finish_in_place());
    SPARE.set(replay.spare());
    done
}

thread_local! {
    /// What the last replay of this thread left: game after game, the fast path allocates
    /// nothing for its lines and references.
    static SPARE: Cell<Spare> = Cell::new(Spare::default());
}

/// The scanner's events, passed on to the replay as they come (the scanner's spans of the
/// movetext and of a variation's brackets are not needed by it), whatever observes it.
impl<O: Observer> Visitor for Replay<'_, O> {
    fn tag(&mut self, tag: TagEvent<'_>) -> Flow {
        Replay::tag(self, tag.name, tag.name_span, tag.value, tag.value_span, tag.span)
    }

    fn movetext(&mut self, _span: Span) -> Flow {
        Replay::movetext(self)
    }

    fn comment(&mut self, comment: &CommentEvent<'_>) -> Flow {
        self.comment_references(comment.move_references)
    }

    #[inline(always)]
    fn number(&mut self, number: PairNumber) -> Flow {
        if self.only_counts() {
            return self.flow();
        }
        Replay::number(self, number)
    }

    fn omitted(&mut self, span: Span) -> Flow {
        Replay::omitted(self, span)
    }

    #[inline(always)]
    fn mv(&mut self, m: &Move) -> Flow {
        if self.only_counts() {
            return self.count_ply();
        }
        Replay::mv(self, m, true)
    }

    fn begin_variation(&mut self, _span_start: usize, label: Option<Spanned<u32>>) -> Flow {
        Replay::begin_variation(self, label)
    }

    fn end_variation(&mut self, _span: Span) -> Flow {
        Replay::end_variation(self)
    }

    fn result(&mut self, result: Spanned<GameResult>) -> Flow {
        Replay::result(self, result)
    }
}
