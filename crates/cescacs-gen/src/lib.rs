//! Random legal C'escacs games written as CTL-PGN, reproducible from a seed: the input of the
//! toolkit's tests, benches and fuzz checks, and of `cargo xtask gen` (which writes them one file
//! each). The same seed gives the same bytes on every machine with one version of this crate;
//! another version may write other games (they follow the checks they serve).
//!
//! Each game varies the surface syntax the readers must accept: both hyphens, `×` and `*`, `…`
//! and `...`, one move pair per line or the whole movetext on one line, comments, one-move
//! variations, ratings, draw offers that are not accepted, and starts from a PDTL position (some
//! with Black to move, some with an unknown move number, numbered `1?`). Moves are legal and carry
//! exactly the check mark the rules give; the result follows from the final position.
//!
//! [`Features`] (`--rich` and its parts) write the same games richer: comments with every
//! reference form of the spec (players, hexes, pieces on their hex, Bishops by shade, moves,
//! a player's move, labelled variations and paths through them, NAGs; each naming a real hex,
//! piece, ply or label of the game), nested and labelled variations of several moves with
//! nesting dots, the U+2010 hyphen everywhere, FAN and `[Redefine]` games, more ratings (`◇`
//! too) and NAGs, an escaped tag value. The decorations draw from a random stream of their
//! own, so a game written rich has exactly the main line (and the one-move variations) of the
//! same game written plain; its own variations add moves of their own (about 11 % more with
//! `--rich`).
//!
//! The files: `game.rs` plays a game's main line (`generate_game_with`), `rich.rs` its
//! decorations (from their own stream), `style.rs` how it writes a move, `text.rs` its tags and
//! movetext, `words.rs` the words besides moves, `corpus.rs` games in one text, `rng.rs` the
//! random source, `features.rs` the options.
#![forbid(unsafe_code)]

mod corpus;
mod features;
mod game;
mod rich;
mod rng;
mod style;
mod text;
mod words;

pub use corpus::{GeneratedCorpus, generate_corpus, generate_corpus_games};
pub use features::Features;
pub use game::{GeneratedGame, generate_game, generate_game_with};
pub use rng::Rng;

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The file name `cargo xtask gen` gives game `index` of `seed`: `gen-SEED-NNNNN.ctl-pgn`.
///
/// ```
/// assert_eq!(cescacs_gen::file_name(7, 12), "gen-7-00012.ctl-pgn");
/// ```
pub fn file_name(seed: u64, index: usize) -> String {
    format!("gen-{seed}-{index:05}.ctl-pgn")
}

/// One edit of a text, for the tests that mutate generated games: at byte `at` (moved back to
/// a char boundary), `kind` 0 replaces the `len` bytes there (moved on to a char boundary) with
/// `with`, 1 inserts `with`, and anything else deletes them.
///
/// ```
/// let mut text = String::from("E7-E13×");
/// cescacs_gen::edit(&mut text, 2, 0, "*", 1);
/// cescacs_gen::edit(&mut text, 7, 2, "", 1); // inside `×`: from its first byte
/// assert_eq!(text, "E7*E13");
/// ```
pub fn edit(text: &mut String, at: usize, kind: u8, with: &str, len: usize) {
    let mut start = at.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + len).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    match kind {
        0 => text.replace_range(start..end, with),
        1 => text.insert_str(start, with),
        _ => text.replace_range(start..end, ""),
    }
}
