//! Every line of a game replayed, kept as a tree of positions: the one replay
//! ([`ParsedGame::replay`], each line stopping at its first error) with an observer that files
//! what it is told line by line. What the HTML page draws and what the language server's hovers
//! show; where a variation starts is the replay's to say.

use cescacs_board::{Board, Position};
use cescacs_diagnostics::Diagnostic;
use ctl_an::syntax::{Move, PairNumber};

use super::observer::{Observer, PlyAt};
use super::options::ReplayOptions;
use crate::parsed::ParsedGame;
use crate::validate::Level;

/// One line replayed: the main line or a variation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplayedLine {
    /// Where the line starts, then the position after each ply played (`…` is not a ply).
    pub positions: Vec<Position>,
    /// For each pair of the line, in text order, each of its variations in text order; `None`
    /// when the line stopped before the position the variation starts from.
    pub variations: Vec<Vec<Option<ReplayedLine>>>,
    /// Why the line stopped before its end, when the replay said (a ply that could not be read
    /// at all stops it silently).
    pub stop: Option<Diagnostic>,
}

impl ParsedGame {
    /// Replays every line of the game at `level` (`Syntax` is taken as `Coherence`), each
    /// stopping at its first error. `None` when the start position is unknown.
    ///
    /// ```
    /// use ctl_pgn::Level;
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) (1. F8-F12) *\n";
    /// let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
    /// let main = game.lines(Level::Rules).unwrap();
    /// assert_eq!(main.positions.len(), 3);
    /// let black = main.variations[0][0].as_ref().unwrap();
    /// // Black's alternative starts after White's E7-E13, White's from the start.
    /// assert_eq!(black.positions[0], main.positions[1]);
    /// assert_eq!(main.variations[0][1].as_ref().unwrap().positions[0], main.positions[0]);
    /// ```
    pub fn lines(&self, level: Level) -> Option<ReplayedLine> {
        let lines = Lines { open: vec![ReplayedLine::default()] };
        let lines = self.replay(ReplayOptions::lines(level), lines);
        let main = lines.open.into_iter().next()?;
        (!main.positions.is_empty()).then_some(main)
    }
}

/// The lines being filled: the main line, then each variation open inside it.
struct Lines {
    open: Vec<ReplayedLine>,
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

    fn stopped(&mut self, depth: usize, why: &Diagnostic) {
        if let Some(line) = self.open.get_mut(depth) {
            line.stop.get_or_insert_with(|| why.clone());
        }
    }

    fn pair(&mut self, _depth: usize, _number: PairNumber) {
        if let Some(line) = self.open.last_mut() {
            line.variations.push(Vec::new());
        }
    }

    fn begin_variation(&mut self, _depth: usize) {
        self.open.push(ReplayedLine::default());
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
