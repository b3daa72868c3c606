//! Zobrist keys: a 64-bit fingerprint of what the repetition rule compares (docs/RULES.md 5.5), kept
//! up to date by the board as pieces are put and taken, so that a line of play can count
//! repetitions without comparing whole positions.
//!
//! The random numbers come from a fixed seed, so a key is the same in every run and every build.

use crate::hex::HEX_COUNT;
use crate::position::{CastlingRights, EnPassant};

/// SplitMix64: a well-mixed 64-bit sequence from a counter, usable in `const` context.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a piece code (see `board::code`, below 32) standing on hex index `hex`.
#[inline]
pub(crate) fn piece(code: u8, hex: u8) -> u64 {
    PIECE_KEYS[code as usize & 31][hex as usize]
}

/// `PIECE_KEYS[code][hex]`: the number of each piece code on each hex. A table read costs two
/// loads where computing the number costs two multiplications and a dozen other instructions on
/// every `put`, `take` and `shift`; only the entries of the pieces in play are ever read.
static PIECE_KEYS: [[u64; HEX_COUNT]; 32] = {
    let mut out = [[0; HEX_COUNT]; 32];
    let mut code = 0;
    while code < 32 {
        let mut hex = 0;
        while hex < HEX_COUNT {
            out[code][hex] = mix(((code * HEX_COUNT + hex) as u64) << 8);
            hex += 1;
        }
        code += 1;
    }
    out
};

/// Xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = mix(1);

/// The key of one side's castling status (King, Queen's Rook, King's Rook unmoved or not).
#[inline]
pub(crate) const fn castling(side: usize, rights: CastlingRights) -> u64 {
    let bits = rights.king_unmoved as u64
        | (rights.queens_rook as u64) << 1
        | (rights.kings_rook as u64) << 2;
    // The all-false status has key 0, so a side without rights adds nothing.
    if bits == 0 { 0 } else { mix(2 + (side as u64) * 8 + bits) }
}

/// The key of an en-passant or scornful field, for a position where a capture it allows is
/// legal (docs/RULES.md, choice 10: an opportunity nobody can use does not make a position different).
pub(crate) fn en_passant(field: EnPassant) -> u64 {
    let (tag, pawn, a, b) = match field {
        EnPassant::None => return 0,
        EnPassant::Double { pawn, line } => (1u64, pawn.index(), line.number(), 0),
        EnPassant::Triple { pawn, lines } => {
            (2, pawn.index(), lines[0].number(), lines[1].number())
        }
        EnPassant::Scornful(hex) => (3, hex.index(), 0, 0),
    };
    mix(0x1_0000 | tag << 12 | (pawn as u64) << 16 | (a as u64) << 32 | (b as u64) << 40)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_keys_are_distinct_and_never_zero() {
        let mut keys: Vec<u64> =
            (0..32u8).flat_map(|c| (0..HEX_COUNT as u8).map(move |h| piece(c, h))).collect();
        assert!(keys.iter().all(|&k| k != 0));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 32 * HEX_COUNT);
    }
}
