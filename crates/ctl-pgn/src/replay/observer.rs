//! The observer of a replay: what a caller is told of each position a line reaches and of the
//! shape of the movetext. It changes when callers need to be told something new; the replay's
//! rules do not depend on it.

use cescacs_board::{Board, BoardMove, Colour};
use cescacs_diagnostics::Diagnostic;
use ctl_an::syntax::{Move, PairNumber};

/// Where a ply of a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyAt {
    /// Variations open around it (0 on the main line).
    pub depth: usize,
    /// The side that played it.
    pub side: Colour,
}

/// Told of every position a line reaches: what `cescacs replay`, the language server's hovers,
/// the HTML page and the corpus round trip see, from the same replay as the check (which decides
/// once where each variation starts). Every method defaults to doing nothing.
///
/// Besides the positions, an observer is told the shape of the movetext, whether its lines are
/// replayed or not: each pair ([`Observer::pair`]) and each variation
/// ([`Observer::begin_variation`], [`Observer::end_variation`]). A variation that is replayed
/// gets its [`Observer::line_start`] at its first ply (after its first `pair`); one that is not
/// (its line stopped before its branch position) gets none.
///
/// ```
/// use cescacs_board::Board;
/// use ctl_an::syntax::{Move, PairNumber};
/// use ctl_pgn::{Level, Observer, PlyAt, ReplayOptions};
/// #[derive(Default)]
/// struct Events(Vec<String>);
/// impl Observer for Events {
///     fn line_start(&mut self, depth: usize, board: &Board) {
///         self.0.push(format!("start {depth} {:?}", board.turn()));
///     }
///     fn played(&mut self, at: PlyAt, _: &Move, _: &Board) {
///         self.0.push(format!("ply {} {:?}", at.depth, at.side));
///     }
///     fn pair(&mut self, depth: usize, number: PairNumber) {
///         self.0.push(format!("pair {depth} {}", number.value));
///     }
///     fn begin_variation(&mut self, depth: usize) { self.0.push(format!("( {depth}")); }
///     fn end_variation(&mut self, depth: usize) { self.0.push(format!(") {depth}")); }
/// }
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) *\n";
/// let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
/// let events = game.replay(ReplayOptions::check(Level::Rules), Events::default());
/// let expected = [
///     "start 0 White", "pair 0 1", "ply 0 White", "ply 0 Black",
///     // Black's alternative starts after White's move.
///     "( 1", "pair 1 1", "start 1 Black", "ply 1 Black", ") 1",
/// ];
/// assert_eq!(events.0, expected);
/// ```
pub trait Observer {
    /// A line starts from `board` (the game's start, or a variation's branch position).
    fn line_start(&mut self, _depth: usize, _board: &Board) {}
    /// A pair begins with its `number` in the line `depth` deep.
    fn pair(&mut self, _depth: usize, _number: PairNumber) {}
    /// A variation opens, `depth` deep (1 for a variation of the main line).
    fn begin_variation(&mut self, _depth: usize) {}
    /// The variation `depth` deep closes.
    fn end_variation(&mut self, _depth: usize) {}
    /// The move `written` was played; `board` is the position after it.
    fn played(&mut self, _at: PlyAt, _written: &Move, _board: &Board) {}
    /// The same ply as the rules engine played it (at the coherence level, the move the text is
    /// coherent with), told just before [`Observer::played`]: for an observer that needs the
    /// move itself rather than its spelling, such as an opening tree.
    fn played_move(&mut self, _at: PlyAt, _played: &BoardMove, _board: &Board) {}
    /// A line stopped at a move, for the reason given (a line also stops silently at a move
    /// the parser could not read).
    fn stopped(&mut self, _depth: usize, _why: &Diagnostic) {}
    /// Whether the observer has seen all it needs: the replay then stops at the next event,
    /// and what the rest of the game holds is neither replayed nor looked for. Asked after
    /// every event; an opening tree stops once its last ply is played.
    fn enough(&self) -> bool {
        false
    }
}

impl Observer for () {}
