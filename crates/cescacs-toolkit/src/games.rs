//! The games of a text at a glance, for a game picker: each game's number, where it starts and
//! its tags, read by the scanner without building a tree (a game it cannot read whole is read
//! the full way, as [`LazyReader`] does).

use std::io::Read;

use ctl_pgn::LazyReader;
use serde::Serialize;

use crate::replay::TagValue;

/// One game of a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameEntry {
    /// Its number in the text, from 1 (as `cescacs check` and `replay` number games).
    pub game: usize,
    /// Where its chunk of the text starts (UTF-8 byte offset): the viewer shows the game there.
    pub start: usize,
    /// Its tags, in the order written.
    pub tags: Vec<TagValue>,
}

/// The games of a text, in order: text around games is no game and is left out.
///
/// ```
/// use cescacs_toolkit::games::games;
/// let text = "[Variant \"C'escacs\"]\n[White \"Puig\"]\n1. E7-E13: *\n\n[Variant \"C'escacs\"]\n1. E7-E12: *\n";
/// let list = games(text.as_bytes())?;
/// assert_eq!(list.len(), 2);
/// assert_eq!((list[0].tags[1].name.as_str(), list[0].tags[1].value.as_str()), ("White", "Puig"));
/// assert_eq!((list[1].game, list[1].start), (2, text.rfind("[Variant").unwrap()));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn games(input: impl Read) -> std::io::Result<Vec<GameEntry>> {
    let mut out = Vec::new();
    for game in LazyReader::new(input) {
        let game = game?;
        if !game.scanned() && game.read().game.syntax().is_empty() {
            continue;
        }
        let tags = game.tags().into_iter().map(|t| TagValue { name: t.name, value: t.value });
        out.push(GameEntry {
            game: out.len() + 1,
            start: game.start().offset,
            tags: tags.collect(),
        });
    }
    Ok(out)
}
