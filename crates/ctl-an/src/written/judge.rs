//! The diagnostics of a written move that is not what the position allows: not coherent, not
//! legal, or with a check mark the move does not earn. The replay of `ctl-pgn` and the public
//! readers of this module ([`super::match_move`]) give the same words for the same mistake.

use cescacs_board::internals::MoveError;
use cescacs_board::{Board, CheckKind};
use cescacs_diagnostics::{Diagnostic, Span};

use super::codes;
use crate::syntax::{CheckMark, Move, MoveKind, Separator, Spanned};

/// The text a coherence error points at: the origin, the destination, the promotion...
fn focus(m: &Move, part: Part) -> Span {
    let MoveKind::Ordinary(o) = &m.kind else { return core_span(m) };
    match part {
        Part::Origin => o.piece.map_or(o.from.span, |l| l.span.join(o.from.span)),
        Part::Destination => {
            let start = o.captured.map_or(o.to.span, |l| l.span);
            start.join(o.to.span)
        }
        Part::Separator => o.separator.span,
        Part::Promotion => o.promotion.map_or(o.to.span, |p| p.span),
        Part::Whole => core_span(m),
    }
}

#[derive(Clone, Copy)]
enum Part {
    Origin,
    Destination,
    Separator,
    Promotion,
    Whole,
}

/// The diagnostic of a move that is not even algebraically coherent (`E04xx`: its origin,
/// destination, capture sign, castling or promotion), refused with `e`, pointing at the part
/// of `m` at fault.
pub fn coherence_error(e: &MoveError, m: &Move) -> Diagnostic {
    let (code, part) = match e {
        MoveError::NoPieceAtOrigin { .. }
        | MoveError::WrongSide { .. }
        | MoveError::WrongPieceLetter { .. } => (codes::BAD_ORIGIN, Part::Origin),
        MoveError::DestinationOwnPiece { .. }
        | MoveError::CaptureNotMarked { .. }
        | MoveError::NothingToCapture { .. }
        | MoveError::CapturedMismatch { .. } => (codes::BAD_DESTINATION, Part::Destination),
        MoveError::NotEnPassant { .. } | MoveError::WrongPassantSign { .. } => {
            (codes::BAD_PASSANT, Part::Separator)
        }
        MoveError::Castling { .. } => (codes::BAD_CASTLING, Part::Whole),
        MoveError::NotAwaiting { .. } => (codes::BAD_PROMOTION, Part::Whole),
        _ => (codes::BAD_PROMOTION, Part::Promotion),
    };
    Diagnostic::error(code, focus(m, part), e.to_string())
        .with_note("the spec's minimal reader requires every move to be algebraically coherent")
}

/// The diagnostic of a coherent move that the rules refuse with `e` (`E05xx`), on the move's
/// core, with the fix of a wrong `@`/`@@` sign.
pub fn rules_error(e: &MoveError, m: &Move) -> Diagnostic {
    let code = match e {
        MoveError::LeavesKingInCheck { .. } => codes::KING_IN_CHECK,
        MoveError::Castling { .. } => codes::CASTLING_CONDITION,
        MoveError::ForcedPromotionPending { .. } => codes::FORCED_PROMOTION,
        MoveError::NotRegainable { .. }
        | MoveError::BishopWrongColour { .. }
        | MoveError::PromotionAvailable { .. }
        | MoveError::PromotionInPlaceInCheck { .. }
        | MoveError::PromotionMissing { .. }
        | MoveError::PromotionNotAllowed { .. }
        | MoveError::NotAwaiting { .. } => codes::PROMOTION_RULE,
        _ => codes::ILLEGAL_MOVE,
    };
    let mut d = Diagnostic::error(code, core_span(m), e.to_string());
    if let MoveError::WrongPassantSign { expected, .. } = e {
        if let MoveKind::Ordinary(o) = &m.kind {
            d = d.with_fix(o.separator.span, *expected);
        }
    }
    d
}

/// The move without its marks: where a check mark is inserted.
pub fn core_span(m: &Move) -> Span {
    let end = match &m.kind {
        MoveKind::Ordinary(o) => o.promotion.map_or(o.to.span.end, |p| p.span.end),
        MoveKind::ForcedPromotion(f) => f.promotion.span.end,
        MoveKind::Castling(c) => {
            let separator = match c.separator {
                Separator::Hyphen | Separator::EnDash => 3,
                _ => 1,
            };
            m.span.start + 3 + separator + c.columns().len()
        }
    };
    Span::new(m.span.start, end.min(m.span.end).max(m.span.start))
}

/// What the check mark written on a move says against the one it deserves.
pub enum MarkJudged {
    /// The mark is right (no mark on a move that gives no check included).
    Right,
    /// The mark is wrong: the diagnostic saying so.
    Wrong(Box<Diagnostic>),
    /// The move gives the check its mark writes (not `#`): the mark is right unless the move
    /// mates, which the side to move answering with a legal move disproves. Only when asked
    /// for (see [`check_mark`]).
    RightUnlessMate,
}

/// The check mark the move deserves against the one written (docs/DECISIONS.md 4).
/// `mate_later`: a check with a right non-mate mark is answered [`MarkJudged::RightUnlessMate`]
/// without the mate test, for a caller that learns whether a legal move follows (the next
/// move of the line) and runs the test only when none does.
#[inline]
pub fn check_mark(m: &Move, after: &Board, mate_later: bool) -> MarkJudged {
    let kind = after.check_kind();
    // Most moves give no check and have no mark: nothing to judge, no mate test.
    if kind.is_none() && m.check.is_none() {
        return MarkJudged::Right;
    }
    if let (true, Some(kind), Some(written)) = (mate_later, kind, m.check) {
        // `+` says check of any kind; the other marks say their kind.
        let w = written.value;
        if w == CheckMark::Check || w == CheckMark::of_kind(kind) {
            return MarkJudged::RightUnlessMate;
        }
    }
    match judge_check_mark(m, after, kind) {
        Some(d) => MarkJudged::Wrong(Box::new(d)),
        None => MarkJudged::Right,
    }
}

/// [`check_mark`] for a move that gives check or has a mark (out of line: the replay calls
/// the test for every move, and this for one in a dozen).
#[inline(never)]
fn judge_check_mark(m: &Move, after: &Board, kind: Option<CheckKind>) -> Option<Diagnostic> {
    // Mate is looked for only when the move gives check; the search stops at the first answer.
    let mate = kind.is_some() && !after.has_legal_move();
    let deserved = if mate { Some(CheckMark::Mate.as_str()) } else { kind.map(|k| k.indicator()) };
    let written: Option<Spanned<CheckMark>> = m.check;
    let insert_at = Span::new(core_span(m).end, core_span(m).end);
    match (written, deserved) {
        (None, None) => None,
        (Some(w), None) => {
            let (code, what) = if w.value == CheckMark::Mate {
                (codes::FALSE_MATE, "`#` on a move that does not mate")
            } else {
                (codes::FALSE_CHECK, "a check mark on a move that gives no check")
            };
            Some(
                Diagnostic::error(code, w.span, format!("expected no check mark, found {what}"))
                    .with_help("remove the mark")
                    .with_fix(w.span, ""),
            )
        }
        (None, Some(d)) => {
            let (code, what) = if mate {
                (codes::UNMARKED_MATE, "the move mates")
            } else {
                (codes::UNMARKED_CHECK, "the move gives check")
            };
            Some(
                Diagnostic::warning(
                    code,
                    core_span(m),
                    format!("expected `{d}`: {what}, but no mark is written"),
                )
                .with_fix(insert_at, d),
            )
        }
        (Some(w), Some(d)) => {
            let found = w.value.as_str();
            if found == d || (w.value == CheckMark::Check && !mate) {
                return None;
            }
            let diagnostic = if w.value == CheckMark::Mate {
                Diagnostic::error(
                    codes::FALSE_MATE,
                    w.span,
                    format!(
                        "expected `{d}`, found `#` on a move that gives check but does not mate"
                    ),
                )
            } else if mate {
                Diagnostic::warning(
                    codes::UNMARKED_MATE,
                    w.span,
                    format!("expected `#`, found `{found}`: the move mates"),
                )
            } else {
                Diagnostic::warning(
                    codes::WRONG_CHECK_KIND,
                    w.span,
                    format!("expected the check mark `{d}`, found `{found}`"),
                )
                .with_note(
                    "`+^` adjoining or knight-jump check, `+∞` check from afar, `++` double check",
                )
            };
            Some(diagnostic.with_fix(w.span, d))
        }
    }
}
