//! Many games in one text: the input of the benches and of `cargo xtask bench-report`.

use crate::features::Features;
use crate::game::{generate_game, generate_game_with};

/// What [`generate_corpus`] made.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GeneratedCorpus {
    /// The games one after another, one blank line between two games.
    pub text: String,
    /// How many games.
    pub games: usize,
    /// Half-moves written in their main lines.
    pub plies: usize,
}

/// Games `0, 1, 2…` of `seed` in one text, until it holds at least `min_bytes` bytes: the input
/// of the benches and of `cargo xtask bench-report`.
///
/// ```
/// let corpus = cescacs_gen::generate_corpus(5, 10_000, 60);
/// assert!(corpus.text.len() >= 10_000);
/// assert_eq!(corpus.text.matches("[Variant ").count(), corpus.games);
/// ```
pub fn generate_corpus(seed: u64, min_bytes: usize, max_plies: usize) -> GeneratedCorpus {
    let mut corpus = GeneratedCorpus::default();
    while corpus.text.len() < min_bytes {
        let game = generate_game(seed, corpus.games, max_plies);
        if corpus.games > 0 {
            corpus.text.push('\n');
        }
        corpus.text.push_str(&game.text);
        corpus.games += 1;
        corpus.plies += game.plies;
    }
    corpus
}

/// Games `0..games` of `seed` written with `features`, in one text as [`generate_corpus`]
/// joins them: with the number of games of a plain corpus, the same games written richer.
///
/// ```
/// use cescacs_gen::{Features, generate_corpus, generate_corpus_games};
/// let plain = generate_corpus(5, 10_000, 60);
/// let rich = generate_corpus_games(5, plain.games, 60, &Features::RICH);
/// assert_eq!((rich.games, rich.plies), (plain.games, plain.plies));
/// assert_eq!(generate_corpus_games(5, plain.games, 60, &Features::PLAIN), plain);
/// ```
pub fn generate_corpus_games(
    seed: u64,
    games: usize,
    max_plies: usize,
    features: &Features,
) -> GeneratedCorpus {
    let mut corpus = GeneratedCorpus::default();
    for index in 0..games {
        let game = generate_game_with(seed, index, max_plies, features);
        if index > 0 {
            corpus.text.push('\n');
        }
        corpus.text.push_str(&game.text);
        corpus.games += 1;
        corpus.plies += game.plies;
    }
    corpus
}
