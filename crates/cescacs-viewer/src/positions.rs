//! The position after every ply of every line of a game, for the page: the lines of the one
//! replay of `ctl-pgn` ([`ParsedGame::lines`](ctl_pgn::ParsedGame::lines) at the coherence level, lines stopping at their first
//! error: what `cescacs board --ply` draws).

use ctl_pgn::Level;
use ctl_pgn::ParsedGame;
pub(crate) use ctl_pgn::ReplayedLine as Line;

/// Replays every line of `game`. `None` when the start position is unknown.
pub(crate) fn replay(game: &ParsedGame) -> Option<Line> {
    game.lines(Level::Coherence)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_branch_before_the_move_they_replace() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n(1. …, F20-F16\n.(1. …, D22-D18))\n(1. F8-F12)\n2. F8-F12: *\n";
        let parsed = ctl_an::parse_file(text);
        let game = ParsedGame::new(parsed.file.games[0].clone(), text);
        let main = replay(&game).unwrap();
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
        let game = ParsedGame::new(parsed.file.games[0].clone(), text);
        let main = replay(&game).unwrap();
        assert_eq!(main.positions.len(), 2);
        assert!(main.variations[1][0].is_none());
    }
}
