//! What the replay says of a line: a move number that does not follow, a move out of turn, a
//! move after a draw, where a diagnostic was found. What it says of one written move against
//! its position (not coherent, not legal, a wrong check mark) is `ctl_an::written`'s.

use cescacs_board::{Colour, DrawReason};
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{Move, PairNumber};
use ctl_an::written::internals::core_span;

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
