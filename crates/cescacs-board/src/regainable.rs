//! The regainable pieces of a side (docs/RULES.md 3.9.6), derived from the board alone.

use crate::hex::{Hex, HexColour};
use crate::piece::{Colour, PieceKind};
use crate::position::Position;

/// The pieces a side's pawns may still be promoted to: the court pieces it has lost.
///
/// The pool is always `{1 D, 1 V, 2 R, 2 G, 2 N, one Bishop per hex colour}` minus the court pieces
/// of that side on the board, so it needs no state of its own (docs/RULES.md 3.9.6).
///
/// ```
/// use cescacs_board::{Colour, HexColour, PieceKind, Position};
/// let mut p = Position::initial();
/// assert!(p.regainable(Colour::White).is_empty());
/// p.set_piece("E1".parse().unwrap(), None); // the White Queen is captured
/// p.set_piece("F4".parse().unwrap(), None); // and the white-hex Bishop
/// let pool = p.regainable(Colour::White);
/// assert_eq!(pool.count(PieceKind::Queen), 1);
/// assert!(pool.bishop(HexColour::White));
/// assert!(!pool.bishop(HexColour::Black));
/// let f28 = "F28".parse().unwrap(); // a white hex
/// assert_eq!(pool.kinds_for(f28).collect::<Vec<_>>(), [PieceKind::Bishop, PieceKind::Queen]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Regainable {
    /// Count per kind, indexed by [`PieceKind::index`]; always 0 for P, E, K and J.
    counts: [u8; 9],
    /// Whether the Bishop of each hex colour (indexed as [`HexColour::ALL`]) is in the pool.
    bishops: [bool; 3],
}

impl Regainable {
    /// How many pieces of a kind are in the pool; for the Bishop, how many hex colours are.
    pub fn count(&self, kind: PieceKind) -> u8 {
        if kind == PieceKind::Bishop {
            self.bishops.iter().filter(|&&b| b).count() as u8
        } else {
            self.counts[kind.index()]
        }
    }

    /// Whether the Bishop of this hex colour is in the pool.
    pub fn bishop(&self, colour: HexColour) -> bool {
        self.bishops[colour_index(colour)]
    }

    /// Whether nothing can be regained.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&n| n == 0) && !self.bishops.iter().any(|&b| b)
    }

    /// Whether a pawn arriving on `hex` may take a piece of `kind` (Bishops only onto their colour).
    pub fn can_take(&self, kind: PieceKind, hex: Hex) -> bool {
        if kind == PieceKind::Bishop {
            self.bishop(hex.colour())
        } else {
            self.counts[kind.index()] > 0
        }
    }

    /// The kinds a pawn arriving on `hex` may take, in the spec's piece order.
    pub fn kinds_for(&self, hex: Hex) -> impl Iterator<Item = PieceKind> + '_ {
        PieceKind::ALL.into_iter().filter(move |&k| self.can_take(k, hex))
    }

    /// Removes one piece of a kind (a Bishop of the hex's colour) after a promotion on `hex`.
    /// Returns false, changing nothing, when the pool has no such piece.
    ///
    /// ```
    /// use cescacs_board::{Colour, PieceKind, Position};
    /// let mut p = Position::initial();
    /// p.set_piece("F4".parse().unwrap(), None); // White's white-hex Bishop is lost
    /// let mut pool = p.regainable(Colour::White);
    /// let f28 = "F28".parse().unwrap(); // white hex
    /// let e27 = "E27".parse().unwrap(); // black hex
    /// assert!(!pool.can_take(PieceKind::Bishop, e27)); // Bishops come back on their own colour
    /// assert!(pool.take(PieceKind::Bishop, f28));
    /// assert!(!pool.take(PieceKind::Bishop, f28)); // only one
    /// assert!(pool.is_empty());
    /// ```
    pub fn take(&mut self, kind: PieceKind, hex: Hex) -> bool {
        if !self.can_take(kind, hex) {
            return false;
        }
        if kind == PieceKind::Bishop {
            self.bishops[colour_index(hex.colour())] = false;
        } else {
            self.counts[kind.index()] -= 1;
        }
        true
    }
}

fn colour_index(colour: HexColour) -> usize {
    match colour {
        HexColour::White => 0,
        HexColour::Black => 1,
        HexColour::Coloured => 2,
    }
}

impl Position {
    /// The regainable pieces of a side, derived from the board (docs/RULES.md 3.9.6). Pieces beyond a
    /// side's allowance (an invalid position) simply leave nothing of that kind to regain.
    pub fn regainable(&self, colour: Colour) -> Regainable {
        let mut counts = [0u8; 9];
        for kind in PieceKind::ALL {
            if kind.is_regainable() && kind != PieceKind::Bishop {
                counts[kind.index()] = kind.initial_count();
            }
        }
        let mut bishops = [true; 3];
        for (hex, piece) in self.pieces() {
            if piece.colour != colour || !piece.kind.is_regainable() {
                continue;
            }
            if piece.kind == PieceKind::Bishop {
                bishops[colour_index(hex.colour())] = false;
            } else {
                let n = &mut counts[piece.kind.index()];
                *n = n.saturating_sub(1);
            }
        }
        Regainable { counts, bishops }
    }
}
