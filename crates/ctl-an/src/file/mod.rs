//! Whole texts: the tokens within the limits (`tokens.rs`), the tags (`tags.rs`: a tag is a flat
//! `[Name "value"]`, read by hand), the movetext of a region through the chumsky grammar
//! (`movetext.rs`), and the games one at a time (`games.rs`).

mod games;
mod movetext;
mod tags;
mod tokens;

pub use games::{GameOutput, Games, ParseOutput, games, games_with, parse_file, parse_file_with};
pub use movetext::{parse_movetext, parse_movetext_with};
pub(crate) use tokens::MAX_NESTING;
