//! The end of a game: the automatic draws a line reaches (repetition, and what the board
//! decides: docs/RULES.md 5.5), and the result against the `Result` tag and against the final
//! position (mate, stalemate, a draw: docs/RULES.md 5.3-5.5). It changes with the rules of how
//! a game ends and of what its result must say.
//!
//! What it costs per ply: repetition keys are kept only since the last irreversible move, and
//! counted only once enough plies have passed for a fifth occurrence; the automatic draws are
//! looked for only when the material changed or the move clock reached its limit.

use cescacs_board::internals::REPETITION_DRAW;
use cescacs_board::{Board, BoardMove, DrawReason, Outcome};
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{GameResult, Spanned};

use crate::validate::{codes, messages};

/// Plies between two occurrences of a position: a side cannot undo its move in one ply, so a
/// position comes back at the earliest four plies later.
const PLIES_BETWEEN_REPEATS: usize = 4;

/// An automatic draw reached in a line (docs/RULES.md 5.5): no move may follow it.
#[derive(Clone, Copy)]
pub(super) struct Draw {
    pub(super) reason: DrawReason,
    /// The move that reached it; `None` when the line starts drawn.
    pub(super) by: Option<Span>,
}

/// Whether the position `key`, just reached, occurs for the fifth time: `since` holds the
/// repetition keys of the positions since the last irreversible move, before this one.
#[inline(always)]
pub(super) fn fifth_occurrence(since: &[u64], key: u64) -> bool {
    // A fifth occurrence needs four earlier ones, each at least four plies apart.
    since.len() >= (REPETITION_DRAW as usize - 1) * PLIES_BETWEEN_REPEATS
        && since.iter().filter(|&&k| k == key).count() + 1 >= REPETITION_DRAW as usize
}

/// The automatic draw that the legal move `played` reached on `after` (the position after
/// it), `repeated`: its position occurs for the fifth time ([`fifth_occurrence`]).
#[inline(always)]
pub(super) fn draw_after(after: &Board, played: &BoardMove, repeated: bool) -> Option<DrawReason> {
    // Material changes only with a capture or a promotion (a Pawn's other moves keep a Pawn on
    // the board, and a board with a Pawn has mating material); the clock's limit is checked as
    // it comes.
    let material = played.captured().is_some() | played.promotion().is_some();
    if material || after.halfmove_clock() >= 150 { after.automatic_draw() } else { None }
        // A repeated position is never mate nor stalemate: it had a legal move before.
        .or_else(|| repeated.then_some(DrawReason::Repetition))
}

/// The result line against the `Result` tag (`tag`: its value and the value's span): they
/// must say the same (docs/DECISIONS.md 3).
pub(super) fn against_tag(
    result: Spanned<GameResult>,
    tag: &str,
    tag_span: Span,
) -> Option<Diagnostic> {
    let tagged = GameResult::from_text(tag).filter(|&t| t != result.value)?;
    let d = Diagnostic::error(
        codes::RESULT_MISMATCH,
        result.span,
        format!(
            "expected the result `{}` of the `Result` tag, found `{}`",
            tagged.as_str(),
            result.value.as_str()
        ),
    )
    .with_label(tag_span, "the `Result` tag says this");
    Some(d)
}

/// Mate, stalemate and automatic draws decide the result (docs/RULES.md 5.3-5.5): the result
/// `written` at `span` against the main line's end. `drawn`: the line's automatic draw; `board`:
/// its final position, when every move of it was played through the rules (a draw of the final
/// position was found after the move that reached it, so only mate and stalemate are looked for).
pub(super) fn against_end(
    drawn: Option<Draw>,
    board: Option<&Board>,
    written: &str,
    span: Span,
) -> Option<Diagnostic> {
    let outcome = match (drawn, board) {
        (Some(d), _) => Outcome::Draw(d.reason),
        (None, Some(board)) => match board.outcome() {
            Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate { .. })) => o,
            _ => return None,
        },
        (None, None) => return None,
    };
    let expected = outcome.result();
    if written == expected {
        return None;
    }
    let why = match outcome {
        Outcome::Checkmate { winner } => format!("{winner} mates"),
        Outcome::Stalemate { winner } => format!("{winner} stalemates"),
        Outcome::Draw(reason) => format!("drawn by {}", messages::draw_reason_text(reason)),
    };
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
