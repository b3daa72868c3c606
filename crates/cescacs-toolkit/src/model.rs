//! The game model for the bindings (docs/MODEL.md): the games of a text read as [`Game`]s, each
//! with the checker's diagnostics of its stretch of text; a game's nodes, pairs and variations
//! as plain values ([`NodeData`], [`PairData`]); a move given as text made into a ply to add,
//! checked against its position as the checker checks it ([`new_move`]); the notation's marks
//! and comments read from their spellings; a game read from a stream ([`of_read`]), the board of
//! a node's line ([`board_of`]), and a node found again by its path ([`path_of`], [`node_at`]:
//! what a pickled node keeps). The edits themselves are the model's own methods (re-exported
//! here), which a shell calls with these values.

use std::str::FromStr;

use cescacs_board::{Colour, Position};
use cescacs_diagnostics::Diagnostic;
pub use ctl_an::syntax::{CheckMark, Comment, GameResult, Move as WrittenMove, Rating};
pub use ctl_pgn::model::{CommentPlace, Pair, Variation};
pub use ctl_pgn::{EditError, Game, NewMove, Node, NodeId};
use serde::Serialize;

use crate::JsonDiagnostic;
use crate::board::{Board, read_move};
use crate::check::{CheckOptions, check};
use crate::error::PlayError;
use crate::lazy::GameRead as StreamGame;
use crate::play::LegalMove;

/// A game of a text with the checker's diagnostics of its stretch of the text.
#[derive(Debug, Clone)]
pub struct GameRead {
    /// The game as the model holds it.
    pub game: Game,
    /// What `cescacs check --format json` reports from where this game starts to where the
    /// next one starts (the first game takes what comes before it too), in text order.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// Every game of `text`, each with its diagnostics (all of them: no cap). A text without games
/// gives none.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. EE5-E11: *\n\n[Variant \"C'escacs\"]\n1. E7-E13: *\n";
/// let games = cescacs_toolkit::model::read(text);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].diagnostics[0].code, "E0501");
/// assert!(games[1].diagnostics.is_empty());
/// assert_eq!(games[1].game.main_line().count(), 1);
/// ```
pub fn read(text: &str) -> Vec<GameRead> {
    let games: Vec<_> = ctl_pgn::read_str(text)
        .into_iter()
        .filter(|g| !g.game.is_empty())
        .map(|g| (g.offset + g.game.span().start, g.game))
        .collect();
    let options = CheckOptions { max_errors: 0, ..CheckOptions::default() };
    // Reading from memory cannot fail.
    let found = check(text.as_bytes(), &options).map(|c| c.diagnostics).unwrap_or_default();
    let mut read: Vec<GameRead> =
        games.iter().map(|(_, g)| GameRead { game: g.clone(), diagnostics: Vec::new() }).collect();
    for d in found {
        let at = d.data.span.start;
        let index = games.iter().rposition(|(start, _)| *start <= at).unwrap_or(0);
        if let Some(game) = read.get_mut(index) {
            game.diagnostics.push(d);
        }
    }
    read
}

/// Why a node's move has no board move although its position is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeError {
    /// The checker's code (`E0501`...).
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

/// A node of a game as plain values: where it is in the tree (node ids as numbers) and its
/// ply as written, with its marks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeData {
    /// Its id (0 for the root).
    pub id: usize,
    /// The node before it, `None` for the root.
    pub parent: Option<usize>,
    /// The next ply of its line.
    pub next: Option<usize>,
    /// The first plies of the variations that branch from it, in written order.
    pub alternatives: Vec<usize>,
    /// `white` or `black`: whose place it takes in its pair; `None` for the root.
    pub side: Option<&'static str>,
    /// The ply as the canonical layout writes it, marks included (`E7-E13 ?!`); `None` for the
    /// root.
    pub text: Option<String>,
    /// The move as written without its marks (what adding it as written takes); `None` for the
    /// root and for a ply that is no move.
    pub written: Option<String>,
    /// The board's move, when its position is known and the move legal there.
    #[serde(rename = "move")]
    pub board: Option<LegalMove>,
    /// Why the move is not legal where its position is known.
    pub error: Option<NodeError>,
    /// The check mark written (`+`, `+^`, `+∞`, `++`, `#`).
    pub mark: Option<String>,
    /// The rating written (`!`, `?!`, `◇`...).
    pub rating: Option<String>,
    /// The NAGs written, in order.
    pub nags: Vec<u32>,
    /// Whether a draw is offered with it (`(=)`).
    pub offer: bool,
    /// Whether it is marked as the last move (`:`).
    pub end: bool,
    /// The first node of its pair (the pair's id for [`pair_data`]); `None` for the root.
    pub pair: Option<usize>,
    /// Whether it is on the main line.
    pub main: bool,
}

/// The plain values of `node`.
///
/// ```
/// let game = &ctl_pgn::read_str("[Variant \"C'escacs\"]\n1. E7-E13 ?!, E21-E15: *\n")[0].game;
/// let first = cescacs_toolkit::model::node_data(game.root().next().unwrap());
/// assert_eq!((first.text.as_deref(), first.written.as_deref()), (Some("E7-E13 ?!"), Some("E7-E13")));
/// assert_eq!((first.rating.as_deref(), first.side, first.next), (Some("?!"), Some("white"), Some(2)));
/// assert_eq!(first.board.unwrap().to, "E13");
/// ```
pub fn node_data(node: Node<'_>) -> NodeData {
    let written = node.written();
    NodeData {
        id: node.id().index(),
        parent: node.parent().map(|p| p.id().index()),
        next: node.next().map(|n| n.id().index()),
        alternatives: node.alternatives().iter().map(|n| n.id().index()).collect(),
        side: node.side().map(Colour::name),
        text: (!node.is_root()).then(|| node.to_string()),
        written: written.map(|m| bare(m).to_string()),
        board: node.board_move().map(Into::into),
        error: node.play_error().map(|e| NodeError { code: e.code(), message: e.to_string() }),
        mark: written.and_then(|m| m.check.as_ref()).map(|c| c.value.to_string()),
        rating: written.and_then(|m| m.rating.as_ref()).map(|r| r.value.to_string()),
        nags: written.map(|m| m.nags.iter().map(|n| n.value).collect()).unwrap_or_default(),
        offer: written.is_some_and(|m| m.draw_offer.is_some()),
        end: written.is_some_and(|m| m.end.is_some()),
        pair: node.pair().map(|p| p.first().id().index()),
        main: node.is_main_line(),
    }
}

/// A written move without its marks.
fn bare(m: &ctl_an::syntax::Move) -> ctl_an::syntax::Move {
    let mut m = m.clone();
    m.check = None;
    m.rating = None;
    m.nags.clear();
    m.draw_offer = None;
    m.end = None;
    m
}

/// A variation written after a pair, as plain values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariationData {
    /// Its first ply; `None` for a variation without moves.
    pub first: Option<usize>,
    /// `white` or `black`: the side whose move it replaces.
    pub replaces: Option<&'static str>,
    /// Its label `$[n]`.
    pub label: Option<u32>,
    /// The comments before its first pair (their text between the braces).
    pub comments: Vec<String>,
}

/// A numbered pair as plain values, with what is written after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairData {
    /// Its first node (White's move, or Black's when White's is written `…`).
    pub first: usize,
    /// White's move, unless written `…`.
    pub white: Option<usize>,
    /// Black's move, if written.
    pub black: Option<usize>,
    /// The number as written.
    pub number: u32,
    /// Whether the number is written `N?` (unknown).
    pub unknown: bool,
    /// The comments written after it (their text between the braces), in order.
    pub comments: Vec<String>,
    /// The variations written after it, in order.
    pub variations: Vec<VariationData>,
}

/// The plain values of `pair`.
pub fn pair_data(pair: Pair<'_>) -> PairData {
    let texts = |c: &[Comment]| c.iter().map(|c| c.text.clone()).collect();
    PairData {
        first: pair.first().id().index(),
        white: pair.white().map(|n| n.id().index()),
        black: pair.black().map(|n| n.id().index()),
        number: pair.number().value,
        unknown: pair.number().unknown,
        comments: texts(pair.comments()),
        variations: pair
            .variations()
            .map(|v| VariationData {
                first: v.first().map(|n| n.id().index()),
                replaces: v.replaces().map(Colour::name),
                label: v.label(),
                comments: texts(v.comments()),
            })
            .collect(),
    }
}

/// The node of `game` whose id is `id` (a number a shell was given), or `cannot-edit`.
pub fn node(game: &Game, id: usize) -> Result<Node<'_>, PlayError> {
    NodeId::from_index(id)
        .and_then(|id| game.node(id))
        .ok_or_else(|| PlayError::new("cannot-edit", format!("the game has no node {id}")))
}

/// The ply to add after the node `at` of `game` (or, for a variation, after its branch point):
/// with `as_written`, the move `text` kept as written, marks included, whether or not it is
/// legal there; otherwise the legal move `text` names at that node's position, its check mark
/// verified ([`read_move`]: a false one is refused, `E0507`, naming the right mark), refused
/// `no-position` where the position is not known.
///
/// ```
/// use cescacs_toolkit::model::{Game, NodeId, new_move};
/// let mut game = Game::new();
/// let m = new_move(&game, NodeId::ROOT, "E7-E13", false)?;
/// let first = game.add_move(NodeId::ROOT, m).unwrap();
/// assert_eq!(new_move(&game, first, "E21-E15+", false).unwrap_err().code, "E0507");
/// let kept = new_move(&game, first, "E21-E15+", true)?;
/// game.add_move(first, kept).unwrap();
/// assert!(game.to_string().contains("1. E7-E13, E21-E15+"));
/// # Ok::<(), cescacs_toolkit::play::PlayError>(())
/// ```
pub fn new_move(
    game: &Game,
    at: NodeId,
    text: &str,
    as_written: bool,
) -> Result<NewMove, PlayError> {
    if as_written {
        return ctl_an::syntax::Move::from_str(text.trim()).map(Into::into).map_err(|_| {
            PlayError::new("invalid-input", format!("{text:?} is no move of CTL-AN"))
        });
    }
    let position = position(game, at)?;
    Ok(read_move(&position, text.trim())?.into())
}

/// Plays `m` after the node `after`: the next ply of its line where none follows it; where
/// the line goes on, the ply (of the line or of a variation there) that already plays the same
/// board move, else the first ply of a new variation at that point (python-chess's
/// `add_variation`). The node's id.
///
/// ```
/// use cescacs_toolkit::model::{Game, NodeId, add, new_move};
/// let mut game = Game::new();
/// let e7 = new_move(&game, NodeId::ROOT, "E7-E13", false)?;
/// let first = add(&mut game, NodeId::ROOT, e7.clone())?;
/// assert_eq!(add(&mut game, NodeId::ROOT, e7)?, first); // there already
/// let f8 = new_move(&game, NodeId::ROOT, "F8-F12", false)?;
/// add(&mut game, NodeId::ROOT, f8)?;
/// assert!(game.to_string().contains("1. E7-E13\n(1. F8-F12)"));
/// # Ok::<(), cescacs_toolkit::play::PlayError>(())
/// ```
pub fn add(game: &mut Game, after: NodeId, m: NewMove) -> Result<NodeId, PlayError> {
    let node = game.node(after).ok_or_else(|| cannot(EditError::NoSuchNode(after)))?;
    let Some(next) = node.next().map(|n| n.id()) else {
        return game.add_move(after, m).map_err(cannot);
    };
    if let NewMove::Board(played) = &m {
        let same = node.variations().into_iter().find(|n| n.board_move() == Some(*played));
        if let Some(same) = same {
            return Ok(same.id());
        }
    }
    game.add_alternative(next, m).map_err(cannot)
}

/// The position after the node `at`, or `no-position` where it is not known.
pub fn position(game: &Game, at: NodeId) -> Result<Position, PlayError> {
    game.position(at).ok_or_else(|| {
        PlayError::new(
            "no-position",
            "the position there is not known: the line stops before it at a move that cannot be \
             played, or the game starts from no known position"
                .into(),
        )
    })
}

/// An edit the model refused, `cannot-edit`.
pub fn cannot(e: EditError) -> PlayError {
    PlayError::new("cannot-edit", e.to_string())
}

/// A value of the notation read from its spelling (`""`: none), `invalid-input` naming what
/// was expected otherwise: a [`CheckMark`], a [`Rating`], a [`GameResult`].
///
/// ```
/// use cescacs_toolkit::model::{Rating, spelled};
/// assert_eq!(spelled::<Rating>("!?", "rating"), Ok(Some(Rating::Interesting)));
/// assert_eq!(spelled::<Rating>("", "rating"), Ok(None));
/// assert!(spelled::<Rating>("!!!", "rating").is_err());
/// ```
pub fn spelled<T: FromStr>(text: &str, what: &str) -> Result<Option<T>, PlayError> {
    if text.is_empty() {
        return Ok(None);
    }
    T::from_str(text)
        .map(Some)
        .map_err(|_| PlayError::new("invalid-input", format!("{text:?} is no {what}")))
}

/// A comment made from its text (between the braces), or `invalid-input` (a `}` inside).
pub fn comment(text: &str) -> Result<Comment, PlayError> {
    Comment::new(text).map_err(|e| PlayError::new("invalid-input", e.to_string()))
}

/// A colour from its name, `white` or `black`.
pub fn colour(name: &str) -> Result<Colour, PlayError> {
    Colour::from_name(name).ok_or_else(|| {
        PlayError::new("invalid-input", format!("{name:?}: expected white or black"))
    })
}

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
pub fn of_read(read: &StreamGame) -> Game {
    Game::from(read.game().clone())
}

/// A move as written (`E7-E13`, `KRK-HIO`, with its marks), read alone as the checker reads a
/// move; the reader's diagnostics, spans into `text`, when it is not one.
pub fn written(text: &str) -> Result<WrittenMove, Vec<Diagnostic>> {
    text.parse::<WrittenMove>().map_err(|e| e.diagnostics)
}

/// A check mark from its text (`+`, `+^`, `+∞`, `++`, `#`, and their other spellings), or
/// `None` when the whole text is not one ([`spelled`] says why).
///
/// ```
/// use cescacs_toolkit::model::{CheckMark, check_mark};
/// assert_eq!(check_mark("+∞"), Some(CheckMark::Far));
/// assert_eq!(check_mark("+x"), None);
/// ```
pub fn check_mark(text: &str) -> Option<CheckMark> {
    spelled(text, "check mark").ok().flatten()
}

/// A rating from its text (`?!`, `!!`, `◇`...), or `None` when the whole text is not one.
pub fn rating(text: &str) -> Option<Rating> {
    spelled(text, "rating").ok().flatten()
}

/// A result from its text (`3-0`, `1-1`, `*`...), or `None` when the whole text is not one.
pub fn result(text: &str) -> Option<GameResult> {
    spelled(text, "result").ok().flatten()
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
