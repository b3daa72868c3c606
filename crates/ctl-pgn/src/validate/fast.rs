//! The fast path of validation: one game read by [`ctl_an::scan`], its events fed to the one
//! [`Replay`] as they stream, without a syntax tree, for the common case of a game with nothing
//! to report.
//!
//! The replay runs in [`Report::StopAtFirst`] mode: it answers only "clean" or "not sure", and
//! stops at the first thing the full path ([`crate::check`]) would report, or where the scanner
//! gives up on a form it does not read. The caller then checks the game the full way, which
//! explains the problems. So the fast path never has a message to get wrong; what must hold is
//! that "clean" is true, which `xtask/tests/fast_path.rs` compares with the full path on the
//! corpus, generated games and mutations of them.

use cescacs_board::Span;
use ctl_an::Limits;
use ctl_an::scan::{self, Flow, TagEvent, Visitor};
use ctl_an::syntax::{Comment, GameResult, Move, MoveNumber, Spanned};

use super::Level;
use super::replay::{Options, Replay, Report};

/// What the fast path knows of a game it found clean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clean {
    /// Half-moves of the main line, as [`ctl_an::syntax::Movetext::ply_count`] counts them.
    pub plies: usize,
}

/// Checks `text`, one game, at `level`; `Some` when the full check
/// ([`crate::check::check_text`] with the same limits) would find nothing at all to report,
/// `None` when it would or when the fast path cannot tell.
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
    let options = Options { report: Report::StopAtFirst, ..Options::check(level) };
    let mut feed = Feed(Replay::new(text, options, ()));
    scan::game(text, limits, &mut feed).ok()?;
    let done = feed.0.finish();
    done.clean.then_some(Clean { plies: done.plies })
}

/// The scanner's events, passed on to the replay.
struct Feed<'t>(Replay<'t>);

impl Visitor for Feed<'_> {
    fn tag(&mut self, tag: TagEvent<'_>) -> Flow {
        self.0.tag(tag.name, tag.name_span, tag.value, tag.value_span, tag.span)
    }

    fn movetext(&mut self, _span: Span) -> Flow {
        self.0.movetext()
    }

    fn comment(&mut self, comment: &Comment) -> Flow {
        self.0.comment(comment)
    }

    fn number(&mut self, number: MoveNumber) -> Flow {
        self.0.number(number)
    }

    fn omitted(&mut self, span: Span) -> Flow {
        self.0.omitted(span)
    }

    #[inline]
    fn mv(&mut self, m: &Move) -> Flow {
        self.0.mv(m, true)
    }

    fn begin_variation(&mut self, _span_start: usize, label: Option<Spanned<u32>>) -> Flow {
        self.0.begin_variation(label)
    }

    fn end_variation(&mut self, _span: Span) -> Flow {
        self.0.end_variation()
    }

    fn result(&mut self, result: Spanned<GameResult>) -> Flow {
        self.0.result(result)
    }
}
