//! The repetition draw (docs/RULES.md 5.5): the key of what "the same position" means, and a counter
//! of the positions of one line of play.

use crate::hex::{Hex, Line};
use crate::piece::PieceKind;
use crate::position::{EnPassant, Position};

use super::board::{Board, code};
use super::movegen::Filter;
use super::moves::{BoardMove, BoardMoveKind};
use super::tables::{CAPTURE, NO, OBLIQUE, OPPOSITE, STEP};
use super::zobrist;

/// How many times a position must have occurred for a player to claim a draw (docs/RULES.md 5.5).
pub const REPETITION_CLAIM: u32 = 3;
/// How many times a position must have occurred for the game to be drawn without a claim.
pub const REPETITION_DRAW: u32 = 5;

impl Board {
    /// The key of the position for the repetition rule (see [`Position::repetition_key`]). The
    /// board keeps it up to date move by move; only an en-passant or scornful field costs a
    /// look at the few pawns that could use it.
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        if self.en_passant == EnPassant::None || !self.passant_usable() {
            self.key
        } else {
            self.key ^ zobrist::en_passant(self.en_passant)
        }
    }

    /// Whether the side to move has a legal en-passant or scornful capture.
    fn passant_usable(&self) -> bool {
        let us = self.turn;
        let mut capturers = [NO; 4];
        let mut n = 0;
        let mut from_target = |target: u8, dirs: [usize; 2]| {
            for d in dirs {
                if target != NO {
                    capturers[n] = STEP[target as usize][OPPOSITE[d]];
                    n += 1;
                }
            }
        };
        let crossed = |pawn: Hex, line: Line| Hex::new(pawn.column(), line).map_or(NO, |h| h.0);
        match self.en_passant {
            EnPassant::None => return false,
            EnPassant::Double { pawn, line } => {
                from_target(crossed(pawn, line), CAPTURE[us.index()])
            }
            EnPassant::Triple { pawn, lines } => {
                from_target(crossed(pawn, lines[0]), CAPTURE[us.index()]);
                from_target(crossed(pawn, lines[1]), CAPTURE[us.index()]);
            }
            EnPassant::Scornful(s) => from_target(s.0, OBLIQUE[us.index()]),
        }
        let pawn = code(us, PieceKind::Pawn);
        let mut moves: Vec<BoardMove> = Vec::new();
        for &h in &capturers[..n] {
            if h != NO && self.sq[h as usize] == pawn {
                self.generate_from(h, Filter::Pseudo, &mut moves);
            }
        }
        let passant = |m: &&BoardMove| {
            matches!(m.kind, BoardMoveKind::EnPassant { .. } | BoardMoveKind::ScornfulCapture)
        };
        let mut candidates = moves.iter().filter(passant).peekable();
        // A pending forced promotion leaves no other move legal (docs/RULES.md 3.9.6).
        if candidates.peek().is_none() || self.forced_promotion_pending() {
            return false;
        }
        candidates.any(|m| self.is_safe_after(m))
    }
}

impl Position {
    /// A 64-bit key of what the repetition rule compares (docs/RULES.md 5.5): the pieces on their
    /// hexes, the side to move, the castling status, and the en-passant or scornful field only
    /// when a capture it allows is legal (docs/RULES.md, choice 10). Two positions that are the same for
    /// the rule have the same key; different ones differ with overwhelming probability. The
    /// halfmove clock and the move number are not part of it.
    ///
    /// ```
    /// use cescacs_board::Position;
    /// let p = Position::initial();
    /// let knight_out = p.legal_moves().into_iter().find(|m| m.to_string() == "NE3-C7").unwrap();
    /// let q = p.play(&knight_out).unwrap();
    /// assert_ne!(p.repetition_key(), q.repetition_key());
    /// let mut r = p.clone();
    /// r.set_halfmove_clock(12);
    /// assert_eq!(p.repetition_key(), r.repetition_key());
    /// ```
    pub fn repetition_key(&self) -> u64 {
        Board::from_position(self).repetition_key()
    }
}

/// Counts how often the positions of one line of play occur, for the repetition draw
/// (docs/RULES.md 5.5): a player may claim a draw when a position occurs for the third time
/// ([`REPETITION_CLAIM`]), and the game is drawn when it occurs for the fifth
/// ([`REPETITION_DRAW`]).
///
/// Record the start position, then the position after each move. A position reached by a
/// capture, a pawn move or a promotion (halfmove clock 0) can never equal an earlier one, so the
/// counter forgets what came before it and stays small. To follow a variation, clone the counter
/// of the line at its branch point.
///
/// ```
/// use cescacs_board::Position;
/// use cescacs_board::internals::Repetitions;
/// let mut p = Position::initial();
/// let mut seen = Repetitions::new();
/// assert_eq!(seen.record(p.repetition_key(), false), 1);
/// for text in ["NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25"] {
///     let m = p.legal_moves().into_iter().find(|m| m.to_string() == text).unwrap();
///     p = p.play(&m)?;
///     let count = seen.record(p.repetition_key(), p.halfmove_clock() == 0);
///     assert_eq!(count, if text == "NC21-E25" { 2 } else { 1 });
/// }
/// # Ok::<(), cescacs_board::IllegalMove>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Repetitions {
    keys: Vec<u64>,
}

impl Repetitions {
    /// An empty counter.
    pub fn new() -> Repetitions {
        Repetitions::default()
    }

    /// Records the position just reached, given by its [`Position::repetition_key`], and returns
    /// how many times it has occurred in the line, this time included. `irreversible`: it was
    /// reached by a capture, a pawn move or a promotion, so no earlier position can come back.
    pub fn record(&mut self, key: u64, irreversible: bool) -> u32 {
        if irreversible {
            self.keys.clear();
        }
        let earlier = self.keys.iter().filter(|&&k| k == key).count() as u32;
        self.keys.push(key);
        earlier + 1
    }
}
