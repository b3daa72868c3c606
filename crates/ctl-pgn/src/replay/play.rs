//! One move checked and played on a line: through the rules (legal or not, its check mark,
//! the draws it reaches) or for coherence only, with the error that stops the line. It
//! changes with what the check of a move says.
//!
//! When the first diagnostic stops the replay (the fast path), a check whose mark is right
//! unless it mates gets no mate test when a move of its line follows: that move is legal (so
//! the check did not mate) or reported anyway.

use cescacs_board::Letters;
use cescacs_board::internals::{MoveError, MoveSpec};
use cescacs_diagnostics::Diagnostic;
use ctl_an::syntax::Move;

use ctl_an::written::internals::{self as written, MarkJudged};
use ctl_an::written::move_spec;

use super::end::{self, Draw};
use super::line::Line;
use crate::validate::{Level, messages};
use cescacs_board::internals::PlayWritten;

/// What playing a move did.
pub(super) enum Played {
    /// The move was played; a diagnostic when it was played anyway (illegal but coherent in a
    /// full check, after a draw, a wrong check mark).
    Moved(Option<Box<Diagnostic>>),
    /// The line stops here, with why (none when the parser said it already).
    Stop(Option<Box<Diagnostic>>),
}

/// Checks and plays one move on `line`. `mate_later`: a right check mark may be left
/// untested for mate ([`Line::mate_untested`]; only when the first diagnostic stops the replay).
#[inline]
pub(super) fn play(
    line: &mut Line,
    m: &Move,
    letters: &Letters,
    full: bool,
    mate_later: bool,
) -> Played {
    // This move settles the last one's untested mark: a legal move proves that it did not mate,
    // and anything else is a diagnostic, which stops the replay anyway.
    line.mate_untested = false;
    // The spec is used where `move_spec` wrote it, not moved out: a copy reads its bytes back
    // in wider loads than they were stored with, which stalls (store forwarding).
    let read = move_spec(m, letters);
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
        match written::check_mark(m, after, mate_later) {
            MarkJudged::Right => {}
            MarkJudged::Wrong(d) => found = Some(d),
            MarkJudged::RightUnlessMate => mate_untested = true,
        }
    }
    // After an irreversible move no earlier position can come back. With a mask, not a branch:
    // these moves come in no pattern, and the compiler makes a jump of an `if` here.
    let reset = usize::from(after.halfmove_clock() == 0).wrapping_neg();
    line.since = (line.keys.len() & reset) | (line.since & !reset);
    let key = after.repetition_key();
    let repeated = end::fifth_occurrence(&line.keys[line.since..], key);
    line.keys.push(key);
    if let Some(reason) = end::draw_after(after, played, repeated) {
        line.drawn = Some(Draw { reason, by: Some(written::core_span(m)) });
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
    let coherent = match written::coherent(&line.board, m, spec, letters) {
        Ok(mv) => mv,
        Err(d) => return Played::Stop(Some(d)),
    };
    let mut found = None;
    if line.level >= Level::Rules {
        let d = match (refused, line.drawn) {
            (_, Some(draw)) => messages::move_after_draw(draw.reason, draw.by, m),
            (Some(e), None) => written::refused(&line.board, m, spec, letters, e),
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
