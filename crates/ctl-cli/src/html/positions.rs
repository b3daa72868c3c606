//! The position after every ply of every line of a game, for the page: the one replay of
//! `ctl-pgn` ([`replay_game`] at the coherence level, lines stopping at their first error: what
//! `cescacs board --ply` draws) with an observer that keeps the positions line by line. Where a
//! variation starts is the replay's to say; this module only files what it is told.

use cescacs_board::{Board, Position};
use ctl_an::syntax::{Move, MoveNumber, Ply, Variation};
use ctl_pgn::game::Game;
use ctl_pgn::validate::replay::{Observer, Options, PlyAt, Report};
use ctl_pgn::validate::{Level, replay_game};

/// One line replayed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Line {
    /// Where the line starts, then the position after each ply played (`…` is not a ply).
    pub positions: Vec<Position>,
    /// For each pair of the line, each of its variations replayed; `None` when the line stopped
    /// before the position the variation starts from.
    pub variations: Vec<Vec<Option<Line>>>,
}

/// Replays every line of `game`. `None` when the start position is unknown.
pub(crate) fn replay(game: &Game) -> Option<Line> {
    let options =
        Options { level: Level::Coherence, report: Report::All, full: false, variations: true };
    let (_, lines) = replay_game(game, options, Lines { open: vec![Line::default()] });
    let main = lines.open.into_iter().next()?;
    (!main.positions.is_empty()).then_some(main)
}

/// The lines being filled: the main line, then each variation open inside it.
struct Lines {
    open: Vec<Line>,
}

impl Observer for Lines {
    fn line_start(&mut self, depth: usize, board: &Board) {
        if let Some(line) = self.open.get_mut(depth) {
            line.positions.push(board.to_position());
        }
    }

    fn played(&mut self, at: PlyAt, _written: &Move, board: &Board) {
        if let Some(line) = self.open.get_mut(at.depth) {
            line.positions.push(board.to_position());
        }
    }

    fn pair(&mut self, _depth: usize, _number: MoveNumber) {
        if let Some(line) = self.open.last_mut() {
            line.variations.push(Vec::new());
        }
    }

    fn begin_variation(&mut self, _depth: usize) {
        self.open.push(Line::default());
    }

    fn end_variation(&mut self, _depth: usize) {
        if self.open.len() < 2 {
            return;
        }
        let Some(v) = self.open.pop() else { return };
        let replayed = (!v.positions.is_empty()).then_some(v);
        if let Some(pair) = self.open.last_mut().and_then(|l| l.variations.last_mut()) {
            pair.push(replayed);
        }
    }
}

/// Whether a variation replaces Black's move of its pair (`N. …, MOVE`) rather than White's:
/// where the page hangs it (the replay decides its start the same way).
pub(crate) fn starts_with_black(v: &Variation) -> bool {
    v.pairs.first().is_some_and(|p| matches!(p.white, Ply::Omitted(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_branch_before_the_move_they_replace() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n(1. …, F20-F16\n.(1. …, D22-D18))\n(1. F8-F12)\n2. F8-F12: *\n";
        let parsed = ctl_an::parse_file(text);
        let game = Game::new(parsed.file.games[0].clone(), text);
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
        let game = Game::new(parsed.file.games[0].clone(), text);
        let main = replay(&game).unwrap();
        assert_eq!(main.positions.len(), 2);
        assert!(main.variations[1][0].is_none());
    }
}
