//! Why an edit of a game was not made.

use core::fmt;

use ctl_an::syntax::CommentTextError;

use super::data::NodeId;

/// Why an edit was not made (the game is left as it was).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EditError {
    /// The game has no node with this id (never had, or it was removed).
    NoSuchNode(NodeId),
    /// The root holds no move, no pair and no variation.
    Root,
    /// The node already has a next ply: add a variation instead.
    Occupied(NodeId),
    /// A board move where the position is not known (an unknown start, a move on the way that
    /// is not legal): add the move as written.
    UnknownPosition(NodeId),
    /// The board move is not legal where it was to be added.
    IllegalMove {
        /// The node it was to follow.
        after: NodeId,
        /// The move.
        text: String,
    },
    /// The node starts no variation.
    NotAVariation(NodeId),
    /// The pair has no variation with this index.
    NoSuchVariation {
        /// The pair's first node.
        pair: NodeId,
        /// The index asked for.
        index: usize,
    },
    /// Nothing to demote or promote to: no other ply could be played there.
    NoAlternative(NodeId),
    /// The node's ply is not a move (`…` or text that could not be read): it has no marks.
    NotAMove(NodeId),
    /// A move marked as the game's end (`:`, or `#` for a mate) would be followed by another
    /// pair in the main line: its text would end the game there, and the moves after it would
    /// be read as another game.
    EndsGame(NodeId),
    /// The node does not stand alone in its pair (it does not start it, or a second move
    /// follows it there).
    NotAlone(NodeId),
    /// A tag name is letters, digits and `_`, at least one.
    TagName(String),
    /// A tag value is one line.
    TagValue(String),
    /// A comment cannot hold `}`.
    Comment(CommentTextError),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoSuchNode(id) => write!(f, "the game has no node {}", id.index()),
            EditError::Root => f.write_str("the root holds no move, pair or variation"),
            EditError::Occupied(id) => {
                write!(f, "node {} already has a next move: add a variation instead", id.index())
            }
            EditError::UnknownPosition(id) => write!(
                f,
                "the position after node {} is not known: add the move as written",
                id.index()
            ),
            EditError::IllegalMove { after, text } => {
                write!(f, "`{text}` is not legal after node {}", after.index())
            }
            EditError::NotAVariation(id) => write!(f, "node {} starts no variation", id.index()),
            EditError::NoSuchVariation { pair, index } => {
                write!(f, "the pair of node {} has no variation {index}", pair.index())
            }
            EditError::NoAlternative(id) => {
                write!(f, "no other move could be played instead of node {}", id.index())
            }
            EditError::NotAMove(id) => write!(f, "node {} holds no move", id.index()),
            EditError::EndsGame(id) => write!(
                f,
                "node {} ends the game (`:` or `#`): no move may follow it in the main line",
                id.index()
            ),
            EditError::NotAlone(id) => {
                write!(f, "node {} does not stand alone in its pair", id.index())
            }
            EditError::TagName(name) => {
                write!(f, "expected a tag name of letters, digits and `_`, found {name:?}")
            }
            EditError::TagValue(value) => {
                write!(f, "expected a tag value on one line, found {value:?}")
            }
            EditError::Comment(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EditError {}
