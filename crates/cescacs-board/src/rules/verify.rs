//! Checking one written move without generating every move of the position.
//!
//! A CTL-AN move always names its origin, so the only candidates are the moves of one piece to
//! one hex. They are generated with the ordinary generator (so they are the very moves the full
//! generator would give), and the one the text describes is tested for the King's safety as the
//! generator tests its moves. Anything unusual (castling, promotion
//! in place, a pending forced promotion, a move that fails) goes to the precise path of
//! `matching`, which also builds the diagnostic: the answer is always the one the full generator
//! gives, only faster.

use super::board::{Board, code};
use super::matching::{MoveSpec, spec_matches};
use super::moves::{Move, MoveKind};

impl Board {
    /// The move `spec` describes, if the quick test finds it among the pieces' own moves
    /// (`legal`: and it is legal); `None` sends the caller to the precise path.
    pub(crate) fn quick_match(&self, spec: &MoveSpec, legal: bool) -> Option<Move> {
        let MoveSpec::Move { piece, from, to, .. } = *spec else { return None };
        if self.sq[from.index()] != code(self.turn, piece) {
            return None;
        }
        if legal && self.forced_promotion_pending() {
            return None;
        }
        let candidates = self.moves_between(from.0, to.0);
        let m = *candidates.iter().find(|m| spec_matches(spec, m))?;
        (!legal || self.pseudo_move_is_legal(&m)).then_some(m)
    }

    /// Whether a pseudo-legal move (no castling, no promotion in place) is legal.
    fn pseudo_move_is_legal(&self, m: &Move) -> bool {
        // The generator makes leaps only out of check; the pieces' own moves include them.
        if m.kind == MoveKind::Leap && self.in_check(self.turn) {
            return false;
        }
        self.is_safe_after(m)
    }
}
