//! Shared helpers of the criterion benchmarks (inputs are generated, never downloaded), a module
//! of each bench (`#[path = "../lib.rs"] mod cescacs_benches;`) rather than a library: the
//! generator comes from `xtask`, a path-only dev-dependency, so that `cargo package --workspace`
//! never looks for `xtask` on crates.io (where an unrelated crate of that name lives).

use xtask::generate::{GeneratedCorpus, generate_corpus};

/// The seed of the benches' generated games (the same games on every machine).
pub const SEED: u64 = 20;

/// Longest generated game, in half-moves.
pub const MAX_PLIES: usize = 160;

/// Random legal games (`cargo xtask gen`'s generator, fixed seed) in one text of at least
/// `min_bytes` bytes, with the number of games and plies it holds.
pub fn generated(min_bytes: usize) -> GeneratedCorpus {
    generate_corpus(SEED, min_bytes, MAX_PLIES)
}
