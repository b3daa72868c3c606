//! Playing a move on the generator's board: pieces, castling rights, en-passant / scornful field,
//! halfmove clock, move number (docs/RULES.md 6 and 7 step 4).

use crate::hex::{HEX_COUNT, Line};
use crate::piece::PieceKind;
use crate::position::{CastlingRights, EnPassant, MoveNumber};

use super::board::{Board, code, kind_of};
use super::moves::{BoardMove, BoardMoveKind, BoardPromotion};
use super::tables::{HOME, NO};
use super::zobrist;

/// `ROOK_HOME[hex]`: whether `hex` is the home hex of a Rook of either side (C3, I3, C25, I25):
/// the only hexes where a move that is not the King's can change a castling status.
static ROOK_HOME: [bool; HEX_COUNT] = {
    let mut out = [false; HEX_COUNT];
    let mut side = 0;
    while side < 2 {
        out[HOME[side][1] as usize] = true;
        out[HOME[side][2] as usize] = true;
        side += 1;
    }
    out
};

impl Board {
    /// Plays `m` for the side to move without any legality test. Never panics: a move that does
    /// not fit the board (no piece at its origin) still moves "its" piece there.
    ///
    /// The usual move (one piece from one hex to another, taking what stands there, no
    /// promotion) takes a short path; anything else the general one (`apply_general`), which
    /// handles every move.
    #[inline]
    pub(crate) fn apply(&mut self, m: &BoardMove) {
        let from = m.from.0;
        let to = m.to.0;
        let mover = self.sq[from as usize];
        if !(m.kind.touches_only_from_and_to() && m.promotion.is_none() && mover != 0 && from != to)
        {
            return self.apply_general(m);
        }
        self.apply_one_piece(m);
    }

    /// [`Board::apply`] for a move of the piece on `m.from` to another hex (taking what stands
    /// there, no promotion, `m.kind` touching only those two hexes).
    #[inline(always)]
    pub(crate) fn apply_one_piece(&mut self, m: &BoardMove) {
        let from = m.from.0;
        let to = m.to.0;
        let mover = self.sq[from as usize];
        let captured = self.sq[to as usize];
        // A King's move ends its side's castling; a move from or onto a Rook's home may end
        // one Rook's. Other moves leave the castling status alone.
        let us = self.turn.index();
        if (kind_of(mover) == PieceKind::King && self.castling[us] != CastlingRights::NONE)
            || ROOK_HOME[from as usize]
            || (captured != 0 && ROOK_HOME[to as usize])
        {
            self.set_castling(self.castling_after(mover, from, to, captured));
        }
        self.take(to);
        self.shift(from, to);
        let en_passant = match m.kind {
            BoardMoveKind::DoubleStep => crossed(m, 1),
            BoardMoveKind::TripleStep => crossed(m, 2),
            BoardMoveKind::Scornful => EnPassant::Scornful(m.to),
            _ => EnPassant::None,
        };
        self.scorn_origin = if m.kind == BoardMoveKind::Scornful { from } else { NO };
        self.en_passant = en_passant;
        let reset = captured != 0 || m.piece == PieceKind::Pawn;
        self.halfmove = if reset { 0 } else { self.halfmove.saturating_add(1) };
        self.finish_turn();
    }

    /// What every move ends with: the move number, the side to move and its key, the check
    /// status unknown.
    #[inline]
    fn finish_turn(&mut self) {
        if self.turn == crate::piece::Colour::Black {
            if let MoveNumber::Known(n) = self.number {
                self.number = MoveNumber::Known(n.saturating_add(1));
            }
        }
        self.turn = !self.turn;
        self.key ^= zobrist::BLACK_TO_MOVE;
        self.checkers_known = false;
        self.waiting_side_safe = false;
    }

    /// [`Board::apply`] for any move: castlings, promotions, en passant, moves that change a
    /// castling status, and moves that do not fit the board.
    #[inline(never)]
    fn apply_general(&mut self, m: &BoardMove) {
        let us = self.turn;
        let from = m.from.0;
        let to = m.to.0;
        // The castling status is changed in a local copy and stored once (`set_castling`).
        let mut castling = self.castling;
        let mut en_passant = EnPassant::None;
        let mut reset = m.piece == PieceKind::Pawn;
        match m.kind {
            BoardMoveKind::PromotionInPlace => {
                if let Some(BoardPromotion::To(k)) = m.promotion {
                    self.take(to);
                    self.put(to, code(us, k));
                }
            }
            BoardMoveKind::Castling(c) => {
                let king = self.take(from);
                let king = if king == 0 { code(us, PieceKind::King) } else { king };
                // Lift the Rooks first: a Rook's target may be the other Rook's path, never its home.
                let mut rooks = [(0u8, 0u8); 2];
                let mut n = 0;
                for (rf, rt) in c.rook_moves(us) {
                    rooks[n] = (self.take(rf.0), rt.0);
                    n += 1;
                }
                self.take(to);
                self.put(to, king);
                for &(rook, rt) in &rooks[..n] {
                    self.take(rt);
                    let rook = if rook == 0 { code(us, PieceKind::Rook) } else { rook };
                    self.put(rt, rook);
                }
                castling[us.index()] = CastlingRights::NONE;
            }
            _ => {
                let victim_hex = match m.kind {
                    BoardMoveKind::EnPassant { victim } => victim.0,
                    _ => to,
                };
                let mover = self.sq[from as usize];
                // The usual move: a piece goes to another hex, taking what stands there (or
                // the en-passant victim), and stays what it is. Anything else (no piece on the
                // origin, a promotion, hexes that coincide) takes the general path.
                let plain = mover != 0
                    && m.promotion.is_none()
                    && from != to
                    && victim_hex != from
                    && !matches!(m.kind, BoardMoveKind::EnPassant { .. } if self.sq[to as usize] != 0);
                let captured = if plain {
                    let captured = self.take(victim_hex);
                    self.shift(from, to);
                    captured
                } else {
                    self.take(from);
                    if matches!(m.kind, BoardMoveKind::EnPassant { .. }) {
                        self.take(to);
                    }
                    self.take(victim_hex)
                };
                let mover = if mover == 0 { code(us, m.piece) } else { mover };
                reset |= captured != 0;
                castling = self.castling_after(mover, from, victim_hex, captured);
                if !plain {
                    let placed = match m.promotion {
                        Some(BoardPromotion::To(k)) => code(us, k),
                        _ => mover,
                    };
                    self.put(to, placed);
                }
                en_passant = match m.kind {
                    BoardMoveKind::DoubleStep => crossed(m, 1),
                    BoardMoveKind::TripleStep => crossed(m, 2),
                    BoardMoveKind::Scornful => EnPassant::Scornful(m.to),
                    _ => EnPassant::None,
                };
            }
        }
        self.scorn_origin = if matches!(en_passant, EnPassant::Scornful(_)) { from } else { NO };
        self.en_passant = en_passant;
        self.halfmove = if reset { 0 } else { self.halfmove.saturating_add(1) };
        self.set_castling(castling);
        self.finish_turn();
    }

    /// The castling status after the piece `mover` of the side to move left `from` and took
    /// `captured` (0 for nothing) on `victim_hex`: a King's move ends its side's castling, a move
    /// from a Rook's home hex that Rook's, a capture on the enemy Rook's home hex that one's.
    #[inline]
    fn castling_after(
        &self,
        mover: u8,
        from: u8,
        victim_hex: u8,
        captured: u8,
    ) -> [CastlingRights; 2] {
        let us = self.turn.index();
        let them = 1 - us;
        // Changed in a local copy and stored once (`set_castling`): reading the status back
        // whole right after byte-sized stores would stall the store-to-load forwarding.
        let mut castling = self.castling;
        if captured != 0 {
            let rights = &mut castling[them];
            if victim_hex == HOME[them][1] {
                rights.queens_rook = false;
            } else if victim_hex == HOME[them][2] {
                rights.kings_rook = false;
            }
        }
        let rights = &mut castling[us];
        if kind_of(mover) == PieceKind::King {
            *rights = CastlingRights::NONE;
        } else if from == HOME[us][1] {
            rights.queens_rook = false;
        } else if from == HOME[us][2] {
            rights.kings_rook = false;
        }
        castling
    }

    /// Stores a castling status, with its part of the key.
    #[inline]
    fn set_castling(&mut self, castling: [CastlingRights; 2]) {
        let before = self.castling;
        if castling != before {
            for (side, (before, now)) in before.iter().zip(castling).enumerate() {
                if *before != now {
                    self.key ^= zobrist::castling(side, *before) ^ zobrist::castling(side, now);
                }
            }
            self.castling = castling;
        }
    }
}

/// The en-passant field after a double (`n = 1`) or triple (`n = 2`) step: the crossed lines,
/// ascending.
fn crossed(m: &BoardMove, n: u8) -> EnPassant {
    let a = m.from.line().number();
    let b = m.to.line().number();
    let low = a.min(b);
    let line = |k: u8| Line::new(low + 2 * k).unwrap_or(m.to.line());
    if n == 1 {
        EnPassant::Double { pawn: m.to, line: line(1) }
    } else {
        EnPassant::Triple { pawn: m.to, lines: [line(1), line(2)] }
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::rules::board::Board;
    use crate::rules::movegen::Filter;

    /// What the board keeps up to date move by move, to compare with a board built afresh.
    fn incremental_state(b: &Board) -> impl PartialEq + core::fmt::Debug {
        (b.sq, b.occ, b.roles, b.king, b.counts, b.totals, b.key, b.repetition_key())
    }

    #[test]
    fn incremental_state_equals_a_fresh_board_after_random_games() {
        let mut seed = 0x2026_1123_u64;
        let mut below = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut moves = Vec::new();
        let mut plies = 0;
        for game in 0..80 {
            let mut b = Board::from_position(&Position::initial());
            for _ in 0..below(250) + 10 {
                moves.clear();
                // Every fourth game also plays moves that leave the King in check.
                let filter = if game % 4 == 3 { Filter::Pseudo } else { Filter::Legal };
                b.generate(filter, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[below(moves.len())];
                b.play_unchecked(&m);
                let fresh = Board::from_position(&b.to_position());
                assert_eq!(incremental_state(&b), incremental_state(&fresh), "after {m}");
                plies += 1;
            }
        }
        assert!(plies > 5_000, "{plies}");
    }
}
