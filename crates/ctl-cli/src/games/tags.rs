//! A game's tags as the game selection reads them: a tag's value by its name in any case, and
//! the globs of `--where` and `filter --player`. Both `--where` (`super`) and `filter`'s
//! criteria (`super::criteria`) take them from here.

use wildmatch::WildMatch;

/// A glob as `--where` and `filter --player` read it: letter case ignored unless `match_case`.
pub fn glob(pattern: &str, match_case: bool) -> WildMatch {
    if match_case { WildMatch::new(pattern) } else { WildMatch::new_case_insensitive(pattern) }
}

/// The value of `game`'s first tag named `name` (the name in any case).
pub fn tag_value<'g>(game: &'g ctl_an::syntax::Record, name: &str) -> Option<&'g str> {
    game.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name)).map(|t| t.value.as_str())
}
