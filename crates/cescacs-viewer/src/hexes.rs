//! The hexes a move marks on the board: used by the model of a page and by `cescacs board`.

use cescacs_board::{BoardCastling, Colour, Hex};
use ctl_an::syntax::{Move, MoveKind};

/// The hexes a written move marks on the board, origin then destination, played by `side` (a
/// castling names no hex: the King's are given; a forced promotion has one hex).
pub fn move_hexes(mv: &Move, side: Colour) -> Option<(Hex, Hex)> {
    Some(match &mv.kind {
        MoveKind::Ordinary(o) => (o.from.value, o.to.value),
        MoveKind::ForcedPromotion(f) => (f.hex.value, f.hex.value),
        MoveKind::Castling(c) => {
            let castling = c.board()?;
            (BoardCastling::king_home(side), castling.king_target(side))
        }
    })
}
