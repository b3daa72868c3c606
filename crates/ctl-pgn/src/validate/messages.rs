//! What the replay says: the diagnostics of a move that cannot be played, a wrong check mark, a
//! move after a draw, and how a written move is read under the game's letters.

use cescacs_board::internals::{MoveError, MoveSpec, SpecCapture};
use cescacs_board::{Board, CheckKind, Colour, Diagnostic, DrawReason, Letters, PieceKind, Span};
use ctl_an::syntax::{
    self, CheckMark, Move, MoveKind, OrdinaryMove, PairNumber, PromotionTarget, Separator, Spanned,
};

use super::codes;

/// A pair whose number does not continue the line's numbering.
#[cold]
pub(crate) fn move_number(expected: u32, number: PairNumber) -> Diagnostic {
    Diagnostic::warning(
        codes::MOVE_NUMBER,
        number.span,
        format!("expected move number {expected}, found {}", number.value),
    )
    .with_help("a line's pairs are numbered one after another; a variation repeats the number of the move it replaces")
}

/// A ply written for the side that is not to move (`to_move`); `written` is the side the ply
/// stands for (`…` stands for Black's turn).
pub(crate) fn wrong_turn(
    to_move: Colour,
    written: Colour,
    span: Span,
    number: PairNumber,
) -> Diagnostic {
    let found =
        if written == Colour::White { "a White move" } else { "`…` (White's move left out)" };
    Diagnostic::error(
        codes::WRONG_TURN,
        span,
        format!("expected a move by {to_move}, found {found}"),
    )
    .with_label(number.span, format!("while replaying move {}", number.value))
    .with_help(if to_move == Colour::Black {
        "a line that starts with Black's move is written `N. …, MOVE`"
    } else {
        "White is to move here: write White's move first"
    })
}

/// The label of a diagnostic about the move of `side` in the pair numbered `number`.
pub(crate) fn in_pair(d: Diagnostic, side: Colour, number: PairNumber) -> Diagnostic {
    let whose = if side == Colour::White { "White" } else { "Black" };
    d.with_label(number.span, format!("while replaying {whose}'s move {}", number.value))
}

/// The first rules error of a line in a full check: the line goes on, at the coherence level
/// only, so the rules are not looked at again in it. The note says so.
#[cold]
pub(crate) fn coherence_only(d: Diagnostic) -> Diagnostic {
    d.with_note(
        "the line goes on from the position this move writes, checked for coherence only: its later moves, check marks and result are not checked against the rules",
    )
}

/// How a draw reason reads after "drawn by".
pub(crate) fn draw_reason_text(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "repetition",
        DrawReason::MoveExhaustion => "move exhaustion",
        DrawReason::InsufficientMaterial => "insufficient material",
    }
}

/// What the draw rule says (docs/RULES.md 5.5), for a note.
pub(crate) fn draw_reason_note(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => {
            "the same position (pieces, side to move, castling status, usable en-passant or scornful capture) occurred for the fifth time"
        }
        DrawReason::MoveExhaustion => {
            "150 half-moves in a row without a capture, a pawn move or a promotion"
        }
        DrawReason::InsufficientMaterial => {
            "no pawns, and a lone King against a King alone or with one Bishop, Knight or Elephant: mate is impossible"
        }
    }
}

/// A move written after the game was drawn automatically (docs/RULES.md 5.5).
pub(crate) fn move_after_draw(reason: DrawReason, by: Option<Span>, m: &Move) -> Diagnostic {
    let mut d = Diagnostic::error(
        codes::MOVE_AFTER_DRAW,
        core_span(m),
        format!(
            "expected the end of the game, found a move: the game is already drawn by {}",
            draw_reason_text(reason)
        ),
    )
    .with_note(draw_reason_note(reason))
    .with_help("an automatic draw ends the game: remove the moves after it and write `1-1`");
    if let Some(by) = by {
        d = d.with_label(by, "the game is drawn after this move");
    }
    d
}

// The error is boxed: it is rare and a `Diagnostic` is large.
/// What a written move says, under the game's letters: the [`MoveSpec`] the rules engine matches
/// against a position, or the diagnostic of a letter the game does not use, an unknown castling,
/// or `=&` written as a promotion in place.
///
/// ```
/// use cescacs_board::{Letters, PieceKind};
/// use cescacs_board::internals::MoveSpec;
/// use ctl_pgn::validate::move_spec;
/// let m: ctl_an::syntax::Move = "GL5-H6#".parse().unwrap();
/// let spec = move_spec(&m, &Letters::standard()).unwrap();
/// assert!(matches!(spec, MoveSpec::Move { piece: PieceKind::Pegasus, .. }));
/// let bishop_as_a: ctl_an::syntax::Move = "AF6-C15".parse().unwrap();
/// assert_eq!(move_spec(&bishop_as_a, &Letters::standard()).unwrap_err().code, "E0403");
/// ```
#[inline]
pub fn move_spec(m: &Move, letters: &Letters) -> Result<MoveSpec, Box<Diagnostic>> {
    match &m.kind {
        MoveKind::Ordinary(o) => ordinary_spec(o, letters),
        _ => rare_move_spec(m, letters),
    }
}

/// The piece a letter of a move names under the game's letters. By reference: only the letter
/// is read unless it is unknown (a copy of the whole letter would load its span in wider loads
/// than the scanner stored it with, which stalls).
#[inline]
fn piece_kind(l: &syntax::PieceLetter, letters: &Letters) -> Result<PieceKind, Box<Diagnostic>> {
    letters.kind_of_move_letter(l.letter).ok_or_else(|| unknown_letter(l, letters))
}

/// [`move_spec`] of a move from one hex to another (the letters are read in the order written:
/// the first unknown one is reported).
#[inline]
fn ordinary_spec(o: &OrdinaryMove, letters: &Letters) -> Result<MoveSpec, Box<Diagnostic>> {
    let piece = match &o.piece {
        Some(l) => piece_kind(l, letters)?,
        None => PieceKind::Pawn,
    };
    let captured = match &o.captured {
        Some(l) => Some(piece_kind(l, letters)?),
        None => None,
    };
    let capture = match o.separator.value {
        Separator::At => SpecCapture::Passant { double: false, captured },
        Separator::DoubleAt => SpecCapture::Passant { double: true, captured },
        s if s.is_capture() => SpecCapture::Capture(captured),
        _ => SpecCapture::None,
    };
    let promotion = match &o.promotion {
        Some(p) => Some(promotion(p, letters)?),
        None => None,
    };
    Ok(MoveSpec::Move { piece, from: o.from.value, to: o.to.value, capture, promotion })
}

/// The promotion a move writes.
#[inline(never)]
fn promotion(
    p: &syntax::Promotion,
    letters: &Letters,
) -> Result<cescacs_board::BoardPromotion, Box<Diagnostic>> {
    Ok(match p.target {
        PromotionTarget::Piece(ref l) => cescacs_board::BoardPromotion::To(piece_kind(l, letters)?),
        PromotionTarget::Awaiting => cescacs_board::BoardPromotion::Awaiting,
    })
}

/// [`move_spec`] of a castling or a promotion in place (out of line: they are rare).
#[inline(never)]
fn rare_move_spec(m: &Move, letters: &Letters) -> Result<MoveSpec, Box<Diagnostic>> {
    Ok(match &m.kind {
        MoveKind::Castling(c) => MoveSpec::Castling(c.board().ok_or_else(|| {
            Box::new(Diagnostic::error(
                codes::BAD_CASTLING,
                m.span,
                format!("unknown castling `{}-{}`", c.prefix(), c.columns()),
            ))
        })?),
        MoveKind::ForcedPromotion(f) => match promotion(&f.promotion, letters)? {
            cescacs_board::BoardPromotion::To(piece) => {
                MoveSpec::PromotionInPlace { hex: f.hex.value, piece }
            }
            cescacs_board::BoardPromotion::Awaiting => {
                let d = Diagnostic::error(
                    codes::BAD_FORM,
                    f.promotion.span,
                    "expected the piece of a promotion in place, found `=&`",
                )
                .with_help("a pawn awaiting promotion that stays a pawn makes no move");
                return Err(Box::new(d));
            }
        },
        MoveKind::Ordinary(o) => return ordinary_spec(o, letters),
    })
}

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

pub(crate) fn coherence_error(e: &MoveError, m: &Move) -> Diagnostic {
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

pub(crate) fn rules_error(e: &MoveError, m: &Move) -> Diagnostic {
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
pub(crate) fn core_span(m: &Move) -> Span {
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

/// A letter that names no piece of the game (out of line: the replay reads a move per ply).
#[cold]
#[inline(never)]
fn unknown_letter(l: &syntax::PieceLetter, letters: &Letters) -> Box<Diagnostic> {
    let standard = letters.is_standard();
    Box::new(
        Diagnostic::error(
            codes::UNKNOWN_LETTER,
            l.span,
            format!("expected a piece letter of this game, found `{}`", l.letter),
        )
        .with_help(if standard {
            "the standard letters are E J N G R V D K (a pawn has none); alternatives need a `[Redefine]` tag"
        } else {
            "this game's `[Redefine]` tag replaces the standard letter of the pieces it redefines"
        }),
    )
}

/// What the check mark written on a move says against the one it deserves.
pub(crate) enum MarkJudged {
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
pub(crate) fn check_mark(m: &Move, after: &Board, mate_later: bool) -> MarkJudged {
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
