//! Helpers shared by the rules tests: a small deterministic random source, a brute-force legal
//! move filter written only with the public API, and the written form of a move.

#![allow(dead_code)] // each test file uses its own subset

use cescacs_board::internals::MoveSpec;
use cescacs_board::{BoardCastling, BoardMove, BoardMoveKind, Colour, Position};

/// SplitMix64 steps: reproducible games without a dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// Whether the enemy King, unmoved on its home hex and not in check, could leap onto `hex`.
fn enemy_leap_covers(after: &Position, hex: cescacs_board::Hex, enemy: Colour) -> bool {
    let home = BoardCastling::king_home(enemy);
    after.castling(enemy).king_unmoved
        && after.king(enemy) == Some(home)
        && home.knight_jumps().any(|h| h == hex)
        && after.checkers(enemy).is_empty()
}

/// Legal moves by brute force: every pseudo-legal move played and the King tested.
pub fn slow_legal(p: &Position) -> Vec<BoardMove> {
    let us = p.turn();
    let in_check = p.is_check();
    let pseudo = p.pseudo_legal_moves();
    let promotions: Vec<BoardMove> =
        pseudo.iter().copied().filter(|m| m.kind() == BoardMoveKind::PromotionInPlace).collect();
    if !in_check && !promotions.is_empty() {
        return promotions;
    }
    pseudo
        .into_iter()
        .filter(|m| m.kind() != BoardMoveKind::PromotionInPlace)
        .filter(|m| {
            if in_check && matches!(m.kind(), BoardMoveKind::Leap | BoardMoveKind::Castling(_)) {
                return false;
            }
            if let BoardMoveKind::Castling(c) = m.kind() {
                let target = c.king_target(us);
                if p.is_attacked(target, !us) || enemy_leap_covers(p, target, !us) {
                    return false;
                }
            }
            let after = p.play_unchecked(m);
            let Some(king) = after.king(us) else { return true };
            if after.is_attacked(king, !us) {
                return false;
            }
            !(m.piece() == cescacs_board::PieceKind::King && enemy_leap_covers(&after, king, !us))
        })
        .collect()
}

/// What the move's text says.
pub fn spec_of(m: &BoardMove) -> MoveSpec {
    MoveSpec::from(m)
}
