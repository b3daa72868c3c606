//! A collection summed up, for the bindings: its standings (`cescacs standings --format json`)
//! and its opening tree (`cescacs tree --format json`), the same values the command writes,
//! from the same functions of `ctl_pgn`.

use cescacs_board::Position;
pub use ctl_pgn::opening_tree::{OpeningTree, TreeMove};
pub use ctl_pgn::standings::{Grouping, Standings};

/// The crosstables of the games of `text`: one per `Event` tag, or one of every game when
/// `one_table` (`--one-table`).
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n[Event \"Club\"]\n[White \"Ada\"]\n[Black \"Bo\"]\n1. E7-E13: 3-0\n";
/// let standings = cescacs_toolkit::collection::standings(text, false);
/// assert_eq!(standings.events[0].players[0].name, "Ada");
/// ```
pub fn standings(text: &str, one_table: bool) -> Standings {
    let grouping = if one_table { Grouping::All } else { Grouping::ByEvent };
    ctl_pgn::standings::standings(text, grouping)
}

/// The opening tree of the games of `text` from `from`, `depth` plies deep.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// let start = cescacs_board::Position::initial();
/// let tree = cescacs_toolkit::collection::tree(text, &start, 2);
/// assert_eq!((tree.games, tree.moves[0].text.as_str()), (1, "E7-E13"));
/// ```
pub fn tree(text: &str, from: &Position, depth: usize) -> OpeningTree {
    ctl_pgn::opening_tree::opening_tree(text, from, depth)
}
