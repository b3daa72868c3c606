//! Checking a document: the diagnostics of `cescacs check` at its default level, each with the
//! game and ply it is about, and the games read, for the other requests.

use cescacs_board::Diagnostic;
use ctl_pgn::check::Check;
use ctl_pgn::game::Game;
use ctl_pgn::render::{Context, Locator};
use ctl_pgn::validate::Level;

/// The level `cescacs check` uses by default: the deepest one.
pub(crate) const LEVEL: Level = Level::Rules;

/// What checking a document found.
#[derive(Debug)]
pub(crate) struct Analysis {
    /// Every diagnostic, sorted by position then code, with its game and ply.
    pub diagnostics: Vec<(Diagnostic, Context)>,
    /// The games of the document in order (records with neither tags nor moves are left out,
    /// as `check` leaves them out).
    pub games: Vec<Game>,
    /// Whether the encoding or the syntax has an error: such a document is never formatted.
    pub syntax_errors: bool,
}

impl Analysis {
    /// Checks `text` game by game, as `cescacs check` does ([`Check::text`], every game read
    /// the full way: the other requests need their trees).
    pub fn new(text: &str) -> Analysis {
        let source = parser_text(text);
        let source = source.as_deref().unwrap_or(text);
        let checked = Check { fast: false, ..Check::new(LEVEL) }.text(source);
        let mut locator = Locator::default();
        for game in &checked.read {
            locator.push(game.syntax());
        }
        let diagnostics = checked
            .diagnostics
            .into_iter()
            .map(|d| {
                let context = locator.context(d.span);
                (d, context)
            })
            .collect();
        Analysis { diagnostics, games: checked.read, syntax_errors: checked.syntax_errors }
    }

    /// What is known of a document whose check failed: nothing, and never to be formatted.
    pub fn failed() -> Analysis {
        Analysis { diagnostics: Vec::new(), games: Vec::new(), syntax_errors: true }
    }

    /// The game whose text holds byte `offset`, with its index.
    pub fn game_at(&self, offset: usize) -> Option<(usize, &Game)> {
        let i = self.games.partition_point(|g| g.span().start <= offset).checked_sub(1)?;
        let game = &self.games[i];
        (offset <= game.span().end).then_some((i, game))
    }
}

/// The text the parsers read: a byte order mark becomes three spaces (`ctl_pgn::decode`), so
/// that offsets stay the editor's. `None` when the text is read as it is.
pub(crate) fn parser_text(text: &str) -> Option<String> {
    let rest = text.strip_prefix('\u{feff}')?;
    Some(format!("   {rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_games_and_plies() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n[Variant \"C'escacs\"]\n1. E7xE13: *\n";
        let a = Analysis::new(text);
        assert_eq!(a.games.len(), 2);
        let found: Vec<(&str, Context)> = a.diagnostics.iter().map(|(d, c)| (d.code, *c)).collect();
        assert_eq!(
            found,
            [("E0501", Context::game(1).with_ply(3)), ("E0206", Context::game(2).with_ply(1))]
        );
        assert!(a.syntax_errors);
        assert_eq!(a.game_at(text.find("EE5").unwrap()).map(|(i, _)| i), Some(0));
        assert_eq!(a.game_at(text.rfind("E7").unwrap()).map(|(i, _)| i), Some(1));
    }

    #[test]
    fn a_byte_order_mark_keeps_offsets() {
        let a = Analysis::new("\u{feff}[Variant \"C'escacs\"]\n1. E7-E99: *\n");
        let (d, _) = &a.diagnostics[0];
        assert_eq!(d.span.start, "\u{feff}[Variant \"C'escacs\"]\n1. E7-".len());
    }
}
