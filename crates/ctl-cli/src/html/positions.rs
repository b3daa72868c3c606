//! The position after every ply of every line of a game, for the page.
//!
//! To be switched to the unified replay of `ctl-pgn` (one event-driven replay with a position
//! observer) once it lands: this module is the only place of the page that replays moves, so the
//! switch changes this file alone. Until then it uses the public API: the main line is
//! [`replay_main_line`] at the coherence level (what `cescacs board --ply` draws), and each
//! variation is replayed the same way as the main line of a game that starts where it branches
//! (its `[PDTL]` tag is the branch position), nested variations from the positions of their
//! parent line.

use cescacs_board::{Position, Span};
use ctl_an::syntax::{self, Pair, Ply, Tag, Variation};
use ctl_pgn::game::Game;
use ctl_pgn::validate::{Level, replay_main_line};

/// One line replayed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Line {
    /// Where the line starts, then the position after each ply played (`…` is not a ply).
    pub positions: Vec<Position>,
    /// For each pair of the line, each of its variations replayed; `None` when the line stopped
    /// before the position the variation starts from.
    pub variations: Vec<Vec<Option<Line>>>,
}

/// Replays every line of `game`; `source` is the text it was parsed from. `None` when the start
/// position is unknown.
pub(crate) fn replay(game: &Game, source: &str) -> Option<Line> {
    game.start()?;
    let main = replay_main_line(game, Level::Coherence);
    Some(line(game, source, &game.movetext().pairs, main.positions))
}

fn line(game: &Game, source: &str, pairs: &[Pair], positions: Vec<Position>) -> Line {
    let mut variations = Vec::with_capacity(pairs.len());
    // `k`: the index of the position before the pair's next ply.
    let mut k = 0;
    for pair in pairs {
        let before_white = k;
        if !matches!(pair.white, Ply::Omitted(_)) {
            k += 1;
        }
        let before_black = k;
        if pair.black.is_some() {
            k += 1;
        }
        let replayed = pair
            .variations
            .iter()
            .map(|v| {
                let from = if starts_with_black(v) { before_black } else { before_white };
                let start = positions.get(from)?;
                let branch = branch(game, source, v, start);
                let r = replay_main_line(&branch, Level::Coherence);
                Some(line(game, source, &v.pairs, r.positions))
            })
            .collect();
        variations.push(replayed);
    }
    Line { positions, variations }
}

/// Whether a variation replaces Black's move of its pair (`N. …, MOVE`) rather than White's.
pub(crate) fn starts_with_black(v: &Variation) -> bool {
    v.pairs.first().is_some_and(|p| matches!(p.white, Ply::Omitted(_)))
}

/// The variation as a game of its own: the game's `Variant` and `Redefine` tags, a `PDTL` tag
/// for the branch position, and the variation's pairs as its main line.
fn branch(game: &Game, source: &str, v: &Variation, from: &Position) -> Game {
    let mut tags: Vec<Tag> = game
        .tags()
        .iter()
        .filter(|t| t.name == "Variant" || t.name == "Redefine")
        .cloned()
        .collect();
    tags.push(Tag {
        span: Span::default(),
        name: "PDTL".to_string(),
        name_span: Span::default(),
        value: pdtl::write(from, game.letters()),
        value_span: Span::default(),
    });
    let movetext = syntax::Movetext { pairs: v.pairs.clone(), ..Default::default() };
    Game::new(syntax::Game { span: Span::default(), tags, movetext }, source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_branch_before_the_move_they_replace() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n(1. …, F20-F16\n.(1. …, D22-D18))\n(1. F8-F12)\n2. F8-F12: *\n";
        let parsed = ctl_an::parse_file(text);
        let game = Game::new(parsed.file.games[0].clone(), text);
        let main = replay(&game, text).unwrap();
        assert_eq!(main.positions.len(), 4);
        let black = main.variations[0][0].as_ref().unwrap();
        // Black's alternative starts after White's E7-E13.
        assert_eq!(black.positions[0], main.positions[1]);
        assert_eq!(black.positions.len(), 2);
        let nested = black.variations[0][0].as_ref().unwrap();
        assert_eq!(nested.positions[0], main.positions[1]);
        let white = main.variations[0][1].as_ref().unwrap();
        assert_eq!(white.positions[0], main.positions[0]);
        assert!(main.variations[1].is_empty());
    }

    #[test]
    fn a_line_stops_at_a_move_that_cannot_be_played_and_its_later_variations_have_no_start() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, F15-F13\n2. F8-F12\n(2. D6-D12)\n*\n";
        let parsed = ctl_an::parse_file(text);
        let game = Game::new(parsed.file.games[0].clone(), text);
        let main = replay(&game, text).unwrap();
        assert_eq!(main.positions.len(), 2);
        assert!(main.variations[1][0].is_none());
    }
}
