//! Playing the usual written move in one pass: matching it, testing its legality, making it and
//! finding the check it gives, with what each step learns handed to the next.
//!
//! `PlayWritten::play_spec` is the sum of `match_move`, `apply` and the check after the move; each of
//! them, called on its own, must find again what the one before already knew (the mover's code,
//! the victim, the move's kind, the side's check status) and hand back a `Result` or an `Option`.
//! Most moves of a game are of one piece from one hex to another, played once the check status is
//! known (after every `play_spec`): for those this pass does the three steps at once. Anything
//! else (castlings, promotions, en passant, leaps, the first move on a board built from a
//! position other than the initial one or after `play_unchecked`), and any move that fails,
//! leaves the board untouched and goes to the general path, which gives the answer and the error
//! of the full generator.

use crate::piece::PieceKind;

use super::board::{Board, code};
use super::matching::{MoveSpec, SpecCapture, letter_matches};
use super::moves::BoardMove;
use super::tables::{NO, is_jump};

impl Board {
    /// Plays the move `spec` describes when it is a usual one (see the module's text) and
    /// returns it; `None`, with the board unchanged, when the general path must decide.
    #[inline]
    pub(crate) fn play_usual(&mut self, spec: &MoveSpec) -> Option<BoardMove> {
        let MoveSpec::Move { piece, from, to, capture, promotion: None } = *spec else {
            return None;
        };
        // With the check status known and the waiting side known safe, the move's legality is
        // its own test (pin, answer to a check, King step) and its check comes from its own
        // lines.
        if !(self.checkers_known && self.waiting_side_safe) {
            return None;
        }
        let us = self.turn;
        let (f, t) = (from.0, to.0);
        if self.sq[f as usize] != code(us, piece) || self.awaiting_pawn(us) {
            return None;
        }
        // Leaps, promotions, en-passant and scornful captures: the general path.
        let m = self.only_move_between(piece, f, t)??;
        let capture_written = match capture {
            SpecCapture::None => m.captured.is_none(),
            SpecCapture::Capture(letter) => letter_matches(letter, m.captured),
            SpecCapture::Passant { .. } => false,
        };
        if !capture_written {
            return None;
        }
        let them = !us;
        let legal = if piece == PieceKind::King {
            // Whether the enemy King's leap covers `to` depends on the board after the move.
            if self.king_at_home_unmoved(them) && is_jump(self.king[them.index()], t) {
                return None;
            }
            !self.attacked_after_king_step(f, t, them)
        } else {
            let king = self.king[us.index()];
            let answers_check = match self.checkers {
                [NO, _] => true,
                [checker, NO] => t == checker || self.blocks(king, checker, t),
                // Double check: only the King can move.
                _ => false,
            };
            answers_check && !self.exposed_by_leaving(king, f, t)
        };
        if !legal {
            return None;
        }
        self.apply_one_piece(&m);
        self.checkers = self.checkers_of_move(f, t);
        self.checkers_known = true;
        self.waiting_side_safe = true;
        Some(m)
    }
}
