//! A collection's summaries, as `cescacs standings` and `cescacs tree` give them in JSON: the
//! standings of its events ([`standings`]) and its opening tree from a position ([`tree`],
//! [`tree_from`]), each one call on a text (`ctl_pgn`'s own).

use cescacs_board::Position;
pub use ctl_pgn::opening_tree::{OpeningTree, TreeMove};
pub use ctl_pgn::standings::{EventStandings, Grouping, Standings};
use pdtl::Dialect;

use crate::error::PlayError;
use crate::position::read;

/// The standings of every game of `text`: a crosstable per event, or one of every game with
/// `one_table` (`cescacs standings --one-table`); serialized, `cescacs standings --format
/// json`'s value.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"3-0\"]\n1. E7-E13: 3-0\n";
/// let table = &cescacs_toolkit::collection::standings(text, false).events[0];
/// assert_eq!((table.players[0].name.as_str(), table.players[0].points), ("Ann", 3));
/// ```
pub fn standings(text: &str, one_table: bool) -> Standings {
    let grouping = if one_table { Grouping::All } else { Grouping::ByEvent };
    ctl_pgn::standings::standings(text, grouping)
}

/// The opening tree of every game of `text` from the position `from` (a PDTL, or `start`),
/// `depth` plies deep (1 to 1000, as `cescacs tree --depth` takes); serialized, `cescacs tree
/// --format json`'s value. A `from` that is no valid position is refused with the reader's
/// first error.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13: *\n\n[Variant \"C'escacs\"]\n1. E7-E13: *\n";
/// let tree = cescacs_toolkit::collection::tree(text, "start", 1)?;
/// assert_eq!((tree.games, tree.moves[0].games, tree.moves[0].text.as_str()), (2, 2, "E7-E13"));
/// # Ok::<(), cescacs_toolkit::play::PlayError>(())
/// ```
pub fn tree(text: &str, from: &str, depth: usize) -> Result<OpeningTree, PlayError> {
    let read = read(from, Dialect::Spec);
    let Some(position) = read.position else {
        let first = read.diagnostics.iter().find(|d| d.is_error());
        let message = first.map_or_else(|| "invalid PDTL".into(), |d| d.message.clone());
        return Err(PlayError::new(first.map_or("invalid-pdtl", |d| d.code), message));
    };
    Ok(tree_from(text, &position, depth))
}

/// [`tree`] from a position already read.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// let start = cescacs_board::Position::initial();
/// let tree = cescacs_toolkit::collection::tree_from(text, &start, 2);
/// assert_eq!((tree.games, tree.moves[0].text.as_str()), (1, "E7-E13"));
/// ```
pub fn tree_from(text: &str, from: &Position, depth: usize) -> OpeningTree {
    ctl_pgn::opening_tree::opening_tree(text, from, depth.clamp(1, 1000))
}
