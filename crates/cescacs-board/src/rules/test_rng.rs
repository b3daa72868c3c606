//! The unit tests' random source: small, deterministic (xorshift), so that failures reproduce.

/// A xorshift generator seeded by its field (never 0).
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A number below `n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
