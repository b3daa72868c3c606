//! A game's tags as the game selection reads them: a tag's value by its name in any case. Both
//! `--where` (`super`) and `filter`'s criteria (`super::criteria`) take them from here, and
//! match them with `super::glob`.

/// The value of `game`'s first tag named `name` (the name in any case).
pub fn tag_value<'g>(game: &'g ctl_an::syntax::Record, name: &str) -> Option<&'g str> {
    game.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name)).map(|t| t.value.as_str())
}
