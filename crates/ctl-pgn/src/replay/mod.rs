//! Replay: the positions of a game's lines.
//!
//! A [`ParsedGame`] (a record `ctl_an` parsed, or [`crate::LazyGame::read`]) is replayed from its start
//! position (the initial one, or its `[PDTL]` tag's) by the same replay that checks it, which
//! decides once where each variation starts and where a line stops:
//!
//! - [`ParsedGame::main_line`]: the main line's positions and the error that stopped it, if any
//!   (what `cescacs replay` prints), and [`ParsedGame::replay_errors`], every error it reports
//!   beside them;
//! - [`ParsedGame::lines`]: every line as a tree of positions ([`ReplayedLine`]: what the HTML page
//!   and the language server's hovers show);
//! - [`ParsedGame::replay`]: any [`Observer`], told of each position and of the shape of the movetext.
//!
//! ```
//! use ctl_pgn::Level;
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
//! let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
//! // The Elephant cannot go three hexes: the main line stops there at the rules level.
//! let line = game.main_line(Level::Rules);
//! assert_eq!(line.positions.len(), 3);
//! assert_eq!(line.error.unwrap().code, "E0501");
//! assert_eq!(game.main_line(Level::Coherence).positions.len(), 4);
//! ```

mod end;
mod events;
mod line;
mod lines;
mod observer;
mod options;
mod play;
pub(crate) mod tree;

use cescacs_board::{Board, Position};
use cescacs_diagnostics::Diagnostic;

pub(crate) use events::{Replay, Replayed};
pub(crate) use line::Spare;
pub use lines::ReplayedLine;
pub use observer::{Observer, PlyAt};
pub use options::ReplayOptions;

use crate::parsed::ParsedGame;
use crate::validate::Level;

/// The main line replayed: the start position, the position after each ply, and the error that
/// stopped it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MainLine {
    /// The start position, then one position per ply played.
    pub positions: Vec<Position>,
    /// Why replaying stopped before the end of the line.
    pub error: Option<Diagnostic>,
}

impl ParsedGame {
    /// Replays the game with `observer` (its setup as [`ParsedGame::new`] read it), and gives the
    /// observer back once the replay is done with it.
    pub fn replay<O: Observer>(&self, options: ReplayOptions, observer: O) -> O {
        replay_game(self, options, observer).1
    }

    /// Replays the main line at `level` (`Syntax` is taken as `Coherence`), without
    /// variations, check marks or results: what `cescacs replay` prints.
    ///
    /// ```
    /// use ctl_pgn::Level;
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
    /// let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
    /// assert_eq!(game.main_line(Level::Coherence).positions.len(), 4);
    /// let rules = game.main_line(Level::Rules);
    /// assert_eq!(rules.positions.len(), 3);
    /// assert_eq!(rules.error.unwrap().code, "E0501");
    /// ```
    pub fn main_line(&self, level: Level) -> MainLine {
        let positions = self.start().into_iter().cloned().collect();
        let trail = self.replay(ReplayOptions::main_line(level), Trail { positions, error: None });
        trail.into_main_line()
    }

    /// Every error `cescacs replay` reports for the game beside the positions of `line`, its
    /// [`main_line`](ParsedGame::main_line): the reader's (of `encoding`, the encoding's diagnostics
    /// of the text the game was read from in text order, as [`Decoded`](crate::decode::Decoded)
    /// holds them, those inside the game; and `syntax`, the parser's
    /// for its record), those of its tags (what [`Check`](crate::Check) finds at the syntax
    /// level, and a `[PDTL]` or `[Redefine]` tag that cannot be read), and the error that
    /// stopped `line`. Sorted by [`Diagnostic::sort`]; spans as the game's. The npm package's
    /// `replay` gives the same.
    ///
    /// ```
    /// use ctl_pgn::Level;
    /// let text = "1. A1-A9 *\n";
    /// let parsed = ctl_an::parse_file(text);
    /// let game = ctl_pgn::ParsedGame::new(parsed.file.games[0].clone(), text);
    /// let line = game.main_line(Level::Rules);
    /// // The move cannot be read: the line stops silently; the parser said why.
    /// assert_eq!((line.positions.len(), &line.error), (1, &None));
    /// let errors = game.replay_errors(&line, &[], &parsed.diagnostics);
    /// let codes: Vec<_> = errors.iter().map(|d| d.code).collect();
    /// assert_eq!(codes, ["E0217", "E0204"]); // no `[Variant]` tag; `A1` is not a hex
    /// ```
    pub fn replay_errors(
        &self,
        line: &MainLine,
        encoding: &[Diagnostic],
        syntax: &[Diagnostic],
    ) -> Vec<Diagnostic> {
        let span = self.span();
        let tags = replay_game(self, ReplayOptions::check(Level::Syntax), ()).0.diagnostics;
        // The encoding's notes are in text order: the game's are found by halving.
        let from = encoding.partition_point(|d| d.span.start < span.start);
        let to = encoding.partition_point(|d| d.span.start <= span.end).max(from);
        let mut errors: Vec<Diagnostic> = encoding[from..to]
            .iter()
            .chain(syntax)
            .chain(&tags)
            .chain(self.setup_diagnostics())
            .filter(|d| d.is_error())
            .chain(&line.error)
            .cloned()
            .collect();
        Diagnostic::sort(&mut errors);
        errors
    }
}

/// Replays a parsed game (its setup as [`ParsedGame::new`] read it) with an observer: what the replay
/// found, and the observer.
pub(crate) fn replay_game<O: Observer>(
    game: &ParsedGame,
    options: ReplayOptions,
    observer: O,
) -> (Replayed, O) {
    // The tree's tags own their values: no text to borrow them from.
    let mut replay = Replay::new("", options, observer).with_setup(game.setup());
    tree::walk(game, &mut replay);
    let done = replay.finish_in_place();
    (done, replay.into_observer())
}

/// The positions and the stop of the main line: the observer of [`ParsedGame::main_line`], and of
/// [`crate::LazyGame::main_line`] (which starts it empty: the start comes from the replay).
#[derive(Default)]
pub(crate) struct Trail {
    positions: Vec<Position>,
    error: Option<Diagnostic>,
}

impl Trail {
    /// What it saw.
    pub(crate) fn into_main_line(self) -> MainLine {
        MainLine { positions: self.positions, error: self.error }
    }
}

impl Observer for Trail {
    fn line_start(&mut self, depth: usize, board: &Board) {
        // A game's start is the main line's first position (given up front by a parsed game).
        if depth == 0 && self.positions.is_empty() {
            self.positions.push(board.to_position());
        }
    }

    fn played(&mut self, at: PlyAt, _written: &ctl_an::syntax::Move, board: &Board) {
        if at.depth == 0 {
            self.positions.push(board.to_position());
        }
    }

    fn stopped(&mut self, depth: usize, why: &Diagnostic) {
        if depth == 0 && self.error.is_none() {
            self.error = Some(why.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use cescacs_board::BoardMove;
    use cescacs_diagnostics::Span;

    use super::*;

    #[test]
    fn an_observer_that_has_enough_stops_the_replay() {
        struct Two(Vec<String>);
        impl Observer for Two {
            fn played_move(&mut self, _: PlyAt, played: &BoardMove, _: &Board) {
                self.0.push(played.to_string());
            }
            fn enough(&self) -> bool {
                self.0.len() >= 2
            }
        }
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12, F20-F16: *\n";
        let game = ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
        for level in [Level::Coherence, Level::Rules] {
            let seen = game.replay(ReplayOptions::main_line(level), Two(Vec::new()));
            assert_eq!(seen.0, ["E7-E13", "E21-E15"], "{level:?}");
        }
    }

    #[test]
    fn a_line_stopped_by_a_syntax_error_notes_what_it_left() {
        // `EZ5` is no hex: the parser reports it, and the replay can go no further in the line.
        let text =
            "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EZ5-E11, E23-E17\n3. G7-G13: *\n";
        let parsed = ctl_an::parse_file(text);
        let mut game = ParsedGame::new(parsed.file.games[0].clone(), text);
        game.set_syntax_errors(&parsed.diagnostics);
        let (done, ()) = replay_game(&game, ReplayOptions::check(Level::Rules), ());
        let at = Span::new(text.find("EZ5").unwrap(), text.find(", E23").unwrap());
        assert_eq!(done.unchecked[0].at, at);
        assert!(done.unchecked[0].note.contains("its 2 later moves were not checked"));
    }
}
