//! The game model (`ctl_pgn::model`, docs/MODEL.md) as the bindings take it: a game read from a
//! stream or built anew, walked by its nodes, edited, and written as `cescacs fmt` writes it.
//! The model's types are re-exported here, with the few readings a binding needs that the model
//! leaves to its callers: a mark or a result from its text, a move as written, the board of a
//! node's line, and a node found again by its path (what a pickled node keeps).

use cescacs_board::Diagnostic;
pub use ctl_an::syntax::{CheckMark, Comment, GameResult, Move as WrittenMove, Rating};
pub use ctl_pgn::model::{CommentPlace, EditError, Game, NewMove, Node, NodeId, Pair, Variation};

use crate::board::Board;
use crate::lazy::GameRead;

/// The game model of a game read from a stream (its tree read the full way).
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// let read = cescacs_toolkit::lazy::Games::new(text.as_bytes()).next().unwrap()?;
/// let game = cescacs_toolkit::model::of_read(&read);
/// assert_eq!(game.main_line().count(), 2);
/// assert_eq!(game.to_string(), read.canonical());
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn of_read(read: &GameRead) -> Game {
    Game::from(read.game().clone())
}

/// A move as written (`E7-E13`, `KRK-HIO`, with its marks), read alone as the checker reads a
/// move; the reader's diagnostics, spans into `text`, when it is not one.
pub fn written(text: &str) -> Result<WrittenMove, Vec<Diagnostic>> {
    text.parse::<WrittenMove>().map_err(|e| e.diagnostics)
}

/// A check mark from its text (`+`, `+^`, `+∞`, `++`, `#`, and their other spellings), or
/// `None` when the whole text is not one.
///
/// ```
/// use cescacs_toolkit::model::{CheckMark, check_mark};
/// assert_eq!(check_mark("+∞"), Some(CheckMark::Far));
/// assert_eq!(check_mark("+x"), None);
/// ```
pub fn check_mark(text: &str) -> Option<CheckMark> {
    whole(CheckMark::read_prefix(text.as_bytes()).ok(), text)
}

/// A rating from its text (`?!`, `!!`, `◇`...), or `None` when the whole text is not one.
pub fn rating(text: &str) -> Option<Rating> {
    whole(Rating::read_prefix(text.as_bytes()).ok(), text)
}

/// A result from its text (`3-0`, `1-1`, `*`...), or `None` when the whole text is not one.
pub fn result(text: &str) -> Option<GameResult> {
    whole(GameResult::read_prefix(text.as_bytes()).ok(), text)
}

fn whole<T>(read: Option<(T, usize)>, text: &str) -> Option<T> {
    read.filter(|(_, len)| *len == text.len()).map(|(value, _)| value)
}

/// The board of `node`'s line: the game's start with every move from the root to `node`
/// pushed; `None` when the start is not known or a move on the way has no board move (it is
/// not legal there).
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// let game = ctl_pgn::read_str(text).remove(0).game;
/// let board = cescacs_toolkit::model::board_of(game.root().end()).unwrap();
/// assert_eq!(board.moves().len(), 2);
/// ```
pub fn board_of(node: Node<'_>) -> Option<Board> {
    let game = node.game();
    let mut board = Board::new(game.start()?.clone());
    for id in node.path() {
        let m = game.node(id)?.board_move()?;
        board.push(&m).ok()?;
    }
    Some(board)
}

/// The way from the root to `node`: at each step, the index of the next node among
/// [`Node::variations`], which keeps its order when the game is written and read again.
pub fn path_of(node: Node<'_>) -> Vec<usize> {
    let mut path = Vec::new();
    let mut at = Some(node);
    while let Some(n) = at {
        let Some(parent) = n.parent() else { break };
        path.push(parent.variations().iter().position(|v| *v == n).unwrap_or(0));
        at = Some(parent);
    }
    path.reverse();
    path
}

/// The node at the end of `path` ([`path_of`]), `None` when the game has no such node.
pub fn node_at<'g>(game: &'g Game, path: &[usize]) -> Option<Node<'g>> {
    let mut node = game.root();
    for &i in path {
        node = *node.variations().get(i)?;
    }
    Some(node)
}
