//! The one random source of the generator.

/// SplitMix64: tiny, fast and the same on every platform, which is all reproducibility needs.
/// The one random source of the generators (xtask's hostile inputs and the benches' chess
/// anchor use it too).
///
/// ```
/// use cescacs_gen::Rng;
/// let (mut a, mut b) = (Rng(7), Rng(7));
/// assert_eq!(a.next(), b.next());
/// assert!(a.below(10) < 10);
/// ```
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}
