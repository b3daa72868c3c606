//! The generator's board: a byte mailbox plus one 169-bit occupancy set per side.
//!
//! The mailbox answers "what stands on this hex" with one load; the occupancy sets let the
//! generator visit a side's pieces without scanning empty hexes. Everything else (rays, jumps) is
//! table-driven (see `tables`). The board is copied to make a move (about 260 bytes).

use crate::hex::{HEX_COUNT, Hex};
use crate::piece::{Colour, Piece, PieceKind};
use crate::position::{CastlingRights, EnPassant, MoveNumber, Position};

use super::tables::{HOME, NO};
use super::zobrist;

/// A set of hexes: bit `i` of the 192-bit value is hex index `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct HexSet([u64; 3]);

impl HexSet {
    #[inline]
    pub(crate) fn insert(&mut self, i: u8) {
        self.0[(i >> 6) as usize] |= 1u64 << (i & 63);
    }

    #[inline]
    pub(crate) fn remove(&mut self, i: u8) {
        self.0[(i >> 6) as usize] &= !(1u64 << (i & 63));
    }

    #[inline]
    pub(crate) fn contains(&self, i: u8) -> bool {
        self.0[(i >> 6) as usize] & (1u64 << (i & 63)) != 0
    }

    /// The hex indices in the set, ascending.
    #[inline]
    pub(crate) fn iter(self) -> HexSetIter {
        HexSetIter { words: self.0, word: 0 }
    }
}

pub(crate) struct HexSetIter {
    words: [u64; 3],
    word: usize,
}

impl Iterator for HexSetIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.word < 3 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word as u32 * 64 + w.trailing_zeros()) as u8);
            }
            self.word += 1;
        }
        None
    }
}

/// Piece code of the mailbox: 0 empty, else `kind + 1` with bit 4 set for Black.
#[inline]
pub(crate) const fn code(colour: Colour, kind: PieceKind) -> u8 {
    (kind as u8 + 1) | ((colour as u8) << 4)
}

#[inline]
pub(crate) const fn kind_of(code: u8) -> PieceKind {
    PieceKind::ALL[((code & 15) - 1) as usize]
}

#[inline]
pub(crate) const fn colour_of(code: u8) -> Colour {
    if code & 16 == 0 { Colour::White } else { Colour::Black }
}

/// Whether `code` is a piece of `colour` (false for an empty hex).
#[inline]
pub(crate) const fn is_side(code: u8, colour: Colour) -> bool {
    code != 0 && (code >> 4) == colour as u8
}

/// The whole game state in the generator's layout.
#[derive(Clone)]
pub(crate) struct Board {
    pub(crate) sq: [u8; HEX_COUNT],
    pub(crate) occ: [HexSet; 2],
    /// Each side's King hex, or `NO`.
    pub(crate) king: [u8; 2],
    pub(crate) turn: Colour,
    pub(crate) castling: [CastlingRights; 2],
    pub(crate) en_passant: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) number: MoveNumber,
    /// The hex the last scornful pawn left, or `NO` when unknown (see `Position::scornful_origin`).
    pub(crate) scorn_origin: u8,
    /// The Zobrist key of the pieces, the side to move and the castling status, kept up to date
    /// by `put`, `take` and `apply` (the en-passant part is added on demand: `repetition_key`).
    pub(crate) key: u64,
}

impl Board {
    pub(crate) fn from_position(p: &Position) -> Board {
        let mut b = Board {
            sq: [0; HEX_COUNT],
            occ: [HexSet::default(); 2],
            king: [NO; 2],
            turn: p.turn(),
            castling: [p.castling(Colour::White), p.castling(Colour::Black)],
            en_passant: p.en_passant(),
            halfmove: p.halfmove_clock(),
            number: p.move_number(),
            scorn_origin: p.scornful_origin().map_or(NO, |h| h.index() as u8),
            key: 0,
        };
        for (hex, piece) in p.pieces() {
            b.put(hex.index() as u8, code(piece.colour, piece.kind));
        }
        b.key ^= zobrist::castling(0, b.castling[0]) ^ zobrist::castling(1, b.castling[1]);
        if b.turn == Colour::Black {
            b.key ^= zobrist::BLACK_TO_MOVE;
        }
        b
    }

    pub(crate) fn to_position(&self) -> Position {
        let mut p = Position::empty();
        for colour in Colour::ALL {
            for i in self.occ[colour.index()].iter() {
                if let Some(h) = Hex::from_index(i as usize) {
                    p.set_piece(h, Some(Piece::new(colour, kind_of(self.sq[i as usize]))));
                }
            }
            p.set_castling(colour, self.castling[colour.index()]);
        }
        p.set_turn(self.turn);
        p.set_en_passant(self.en_passant);
        p.set_halfmove_clock(self.halfmove);
        p.set_move_number(self.number);
        if matches!(self.en_passant, EnPassant::Scornful(_)) && self.scorn_origin != NO {
            p.set_scornful_origin(Hex::from_index(self.scorn_origin as usize));
        }
        p
    }

    /// Puts a piece code on an empty hex.
    #[inline]
    pub(crate) fn put(&mut self, i: u8, c: u8) {
        self.sq[i as usize] = c;
        self.key ^= zobrist::PIECE[c as usize][i as usize];
        let colour = colour_of(c);
        self.occ[colour.index()].insert(i);
        if kind_of(c) == PieceKind::King && self.king[colour.index()] == NO {
            self.king[colour.index()] = i;
        }
    }

    /// Empties a hex, returning its code.
    #[inline]
    pub(crate) fn take(&mut self, i: u8) -> u8 {
        let c = self.sq[i as usize];
        if c != 0 {
            self.sq[i as usize] = 0;
            self.key ^= zobrist::PIECE[c as usize][i as usize];
            let colour = colour_of(c);
            self.occ[colour.index()].remove(i);
            if self.king[colour.index()] == i {
                self.king[colour.index()] = NO;
            }
        }
        c
    }

    /// Whether a side's King is on its home hex and has never moved: it may leap and castle.
    #[inline]
    pub(crate) fn king_at_home_unmoved(&self, colour: Colour) -> bool {
        let k = self.king[colour.index()];
        self.castling[colour.index()].king_unmoved && k != NO && k == HOME[colour.index()][0]
    }
}
