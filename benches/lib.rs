//! Shared helpers of the criterion benchmarks (inputs are generated, never downloaded), a module
//! of each bench (`#[path = "../lib.rs"] mod cescacs_benches;`) rather than a library: the
//! generator comes from `cescacs-gen`, a path-only dev-dependency, which `cargo package` drops
//! instead of looking for it on crates.io.
#![allow(dead_code, reason = "each bench includes this module and uses some of its helpers")]

use cescacs_gen::{Features, GeneratedCorpus, generate_corpus, generate_corpus_games};

/// The seed of the benches' generated games (the same games on every machine).
pub const SEED: u64 = 20;

/// Longest generated game, in half-moves.
pub const MAX_PLIES: usize = 160;

/// Random legal games (`cargo xtask gen`'s generator, fixed seed) in one text of at least
/// `min_bytes` bytes, with the number of games and plies it holds.
pub fn generated(min_bytes: usize) -> GeneratedCorpus {
    generate_corpus(SEED, min_bytes, MAX_PLIES)
}

/// The first `games` games of [`generated`]'s seed written with every feature of the
/// generator (`cargo xtask gen --rich`): the same moves, with comments and their references,
/// nested and labelled variations, FAN and Redefine letters, ratings and NAGs.
///
/// ```
/// let plain = cescacs_benches::generated(20_000);
/// let rich = cescacs_benches::generated_rich(plain.games);
/// assert_eq!((rich.games, rich.plies), (plain.games, plain.plies));
/// assert!(rich.text.len() > plain.text.len());
/// ```
pub fn generated_rich(games: usize) -> GeneratedCorpus {
    generate_corpus_games(SEED, games, MAX_PLIES, &Features::RICH)
}
