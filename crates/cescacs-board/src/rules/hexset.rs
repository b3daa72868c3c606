//! Sets of hexes as bits: what the board keeps per side and per attack role, and what the
//! tables precompute.

use crate::direction::NONE as NO;
use crate::hex::HEX_COUNT;

/// A set of hexes: bit `i` of the 192-bit value is hex index `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct HexSet(pub(super) [u64; 3]);

impl HexSet {
    /// No hex.
    pub(crate) const EMPTY: HexSet = HexSet([0; 3]);

    /// The set with `i` added, for building constant sets.
    pub(crate) const fn with(mut self, i: u8) -> HexSet {
        self.0[(i >> 6) as usize] |= 1u64 << (i & 63);
        self
    }

    /// The hexes in both sets.
    #[inline]
    pub(crate) const fn intersection(self, other: HexSet) -> HexSet {
        HexSet([self.0[0] & other.0[0], self.0[1] & other.0[1], self.0[2] & other.0[2]])
    }

    #[inline]
    pub(crate) fn insert(&mut self, i: u8) {
        self.0[(i >> 6) as usize] |= 1u64 << (i & 63);
    }

    /// Inserts `i` when `yes`, with no branch.
    #[inline]
    pub(crate) fn insert_if(&mut self, i: u8, yes: bool) {
        self.0[(i >> 6) as usize] |= u64::from(yes) << (i & 63);
    }

    #[inline]
    pub(crate) fn remove(&mut self, i: u8) {
        self.0[(i >> 6) as usize] &= !(1u64 << (i & 63));
    }

    /// Whether `i` is in the set (false for `NO`).
    #[inline]
    pub(crate) fn contains(&self, i: u8) -> bool {
        self.0.get((i >> 6) as usize).is_some_and(|w| w & (1u64 << (i & 63)) != 0)
    }

    /// The hexes in either set.
    #[inline]
    pub(crate) const fn union(self, other: HexSet) -> HexSet {
        HexSet([self.0[0] | other.0[0], self.0[1] | other.0[1], self.0[2] | other.0[2]])
    }

    /// The hexes of `self` not in `other`.
    #[inline]
    pub(crate) const fn without(self, other: HexSet) -> HexSet {
        HexSet([self.0[0] & !other.0[0], self.0[1] & !other.0[1], self.0[2] & !other.0[2]])
    }

    #[inline]
    pub(crate) const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    /// The set of one hex index; empty for `NO` (or any index off the board).
    #[inline]
    pub(crate) const fn single(i: u8) -> HexSet {
        if (i as usize) < HEX_COUNT { HexSet::EMPTY.with(i) } else { HexSet::EMPTY }
    }

    /// The smallest hex index in the set, or `NO`.
    #[inline]
    pub(crate) const fn lowest(self) -> u8 {
        // Selects rather than a branch per word: which word holds the hex is anyone's guess.
        let [a, b, c] = self.0;
        let low = (((b as u128) << 64) | a as u128).trailing_zeros();
        let i = if low < 128 { low } else { 128 + c.trailing_zeros() };
        if i < 192 { i as u8 } else { NO }
    }

    /// The largest hex index in the set, or `NO`.
    #[inline]
    pub(crate) const fn highest(self) -> u8 {
        // As `lowest`, from the top.
        let [a, b, c] = self.0;
        let high = (((c as u128) << 64) | b as u128).leading_zeros();
        let i = if high < 128 { 191 - high as i32 } else { 63 - a.leading_zeros() as i32 };
        if i >= 0 { i as u8 } else { NO }
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
