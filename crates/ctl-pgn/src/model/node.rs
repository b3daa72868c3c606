//! Walking a game: a node and what it holds ([`Node`]), the pair it belongs to ([`Pair`]) and
//! the variations written after a pair ([`Variation`]). Read-only views, cheap to copy; the
//! edits are [`Game`]'s methods, which take a [`NodeId`].

use cescacs_board::{Colour, Move, Outcome, Position};
use cescacs_diagnostics::Span;
use ctl_an::syntax::{Comment, PairNumber, Ply};

use super::data::{NodeData, NodeId, PairData, VariationData};
use super::game::Game;

impl Game {
    /// The root: the start position, before the first move. Its [`Node::next`] is the main
    /// line's first ply.
    pub fn root(&self) -> Node<'_> {
        match self.node(NodeId::ROOT) {
            Some(root) => root,
            // Every tree has its root (`Tree::default`), and no edit removes it.
            None => unreachable!("a game without its root"),
        }
    }

    /// The node `id`, if the game has it (a node removed from the game is gone).
    pub fn node(&self, id: NodeId) -> Option<Node<'_>> {
        self.tree.get(id).map(|data| Node { game: self, id, data })
    }

    /// The plies of the main line, in order.
    pub fn main_line(&self) -> impl Iterator<Item = Node<'_>> {
        self.root().main_line()
    }
}

/// A node of a [`Game`]: the root, or a ply with its move as written, its board move (when
/// its position is known and the move is legal), its pair and the variations around it
/// (python-chess's `GameNode`).
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) 2. F8-F12: *\n";
/// let game = &ctl_pgn::read_str(text)[0].game;
/// let white = game.root().next().unwrap();
/// assert_eq!(white.written().unwrap().to_string(), "E7-E13");
/// // After White's move: the main line's E21-E15, and the variation's F20-F16.
/// let replies: Vec<String> = white.variations().iter().map(|n| n.to_string()).collect();
/// assert_eq!(replies, ["E21-E15", "F20-F16"]);
/// let alternative = white.variations()[1];
/// assert!(alternative.starts_variation() && !alternative.is_main_line());
/// assert_eq!(alternative.parent(), Some(white));
/// assert_eq!(game.root().end().to_string(), "F8-F12 :");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Node<'g> {
    game: &'g Game,
    id: NodeId,
    data: &'g NodeData,
}

impl PartialEq for Node<'_> {
    /// The same node of the same game.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.game, other.game) && self.id == other.id
    }
}

impl Eq for Node<'_> {}

impl<'g> Node<'g> {
    fn data(&self) -> &'g NodeData {
        self.data
    }

    fn at(&self, id: NodeId) -> Option<Node<'g>> {
        self.game.node(id)
    }

    /// Its id, to find it again or to edit the game there.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// Its game.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// Whether it is the root.
    pub fn is_root(&self) -> bool {
        self.id == NodeId::ROOT
    }

    /// The node before it: the previous ply of its line or, for a variation's first ply, the
    /// node it branches from. `None` for the root.
    pub fn parent(&self) -> Option<Node<'g>> {
        self.data().parent.and_then(|p| self.at(p))
    }

    /// The next ply of its line (python-chess's `variations[0]` when it is there).
    pub fn next(&self) -> Option<Node<'g>> {
        self.data().next.and_then(|n| self.at(n))
    }

    /// Every ply that may follow it: its line's next ply first, then the first plies of the
    /// variations that branch from it, in written order (python-chess's `variations`).
    pub fn variations(&self) -> Vec<Node<'g>> {
        self.next().into_iter().chain(self.alternatives()).collect()
    }

    /// The first plies of the variations that branch from it: what may be played instead of
    /// its next ply.
    pub fn alternatives(&self) -> Vec<Node<'g>> {
        self.game.tree.alternatives(self.id).into_iter().filter_map(|n| self.at(n)).collect()
    }

    /// The plies after it along its line's next plies, in order (python-chess's `mainline`).
    pub fn main_line(self) -> impl Iterator<Item = Node<'g>> + 'g {
        let game = self.game;
        game.tree.line(self.data().next).filter_map(move |n| game.node(n))
    }

    /// The last ply of its line from it on (itself when none follows).
    pub fn end(&self) -> Node<'g> {
        self.main_line().last().unwrap_or(*self)
    }

    /// The nodes from the root's next ply to it, in order (empty for the root): the way to it.
    pub fn path(&self) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = Some(*self);
        while let Some(n) = at.filter(|n| !n.is_root()) {
            path.push(n.id);
            at = n.parent();
        }
        path.reverse();
        path
    }

    /// Whether it starts a variation (its parent's next ply is another).
    pub fn starts_variation(&self) -> bool {
        self.parent().is_some_and(|p| p.data().next != Some(self.id))
    }

    /// Whether it is on the main line: the root, or a ply reached from it by next plies only.
    pub fn is_main_line(&self) -> bool {
        let mut at = *self;
        while let Some(parent) = at.parent() {
            if at.starts_variation() {
                return false;
            }
            at = parent;
        }
        true
    }

    /// The ply as written: a move, `…` where a pair holds it in Black's place (a syntax error
    /// the reader kept), or text that could not be read as a move. `None` for the root.
    pub fn ply(&self) -> Option<&'g Ply> {
        self.data().ply.as_ref()
    }

    /// The move as written, with its marks, if the ply is one.
    pub fn written(&self) -> Option<&'g ctl_an::syntax::Move> {
        self.ply().and_then(Ply::as_move)
    }

    /// The board's move with the check it gives, when the position before it is known and the
    /// move written is legal there.
    pub fn board_move(&self) -> Option<Move> {
        self.data().board
    }

    /// Why its move has no board move although the position before it is known: what the
    /// replay says of it there (not coherent, not legal: `E04xx`, `E05xx`, with the spans of
    /// its text). `None` when it has its board move, when the position before it is not known,
    /// and when its ply is no move (the reader's diagnostics said why; the root too).
    ///
    /// ```
    /// let game = &ctl_pgn::read_str("[Variant \"C'escacs\"]\n1. EE5-E11: *\n")[0].game;
    /// let first = game.root().next().unwrap();
    /// assert_eq!(first.board_move(), None);
    /// assert_eq!(first.play_error().unwrap().code(), "E0501");
    /// ```
    pub fn play_error(&self) -> Option<ctl_an::written::PlayError> {
        if self.board_move().is_some() || self.is_root() {
            return None;
        }
        let mut board = self.game.board_after(self.parent()?.id)?;
        let m = self.written()?;
        ctl_an::written::play(&mut board, m, self.game.letters()).err()
    }

    /// The side whose move it is as written: White's place in its pair or Black's. `None` for
    /// the root.
    pub fn side(&self) -> Option<Colour> {
        self.data().ply.as_ref().map(|_| self.data().slot)
    }

    /// The pair it belongs to. `None` for the root.
    pub fn pair(&self) -> Option<Pair<'g>> {
        let head = self.game.tree.head_of(self.id)?;
        let node = self.game.tree.get(head)?;
        Some(Pair { game: self.game, head, node, data: node.pair.as_deref()? })
    }

    /// The variation it starts, if it starts one.
    pub fn variation(&self) -> Option<Variation<'g>> {
        let (head, index) = self.game.tree.variation_of(self.id)?;
        let pair = self.game.node(head)?.pair()?;
        pair.variations().nth(index)
    }

    /// The position after it (the start position for the root); `None` when it is not known
    /// ([`Game::position`]).
    pub fn position(&self) -> Option<Position> {
        self.game.position(self.id)
    }

    /// The position before it: its parent's.
    pub fn position_before(&self) -> Option<Position> {
        self.parent().and_then(|p| p.position())
    }

    /// How the game stands after it, when it has ended there ([`Game::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(self.id)
    }
}

impl core::fmt::Display for Node<'_> {
    /// The ply as the canonical layout writes it (`E7-E13 ?!`, `…`); nothing for the root.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.ply() {
            Some(Ply::Move(m)) => write!(f, "{m}"),
            Some(Ply::Omitted(_)) => f.write_str("…"),
            Some(Ply::Invalid { text, .. }) => f.write_str(text),
            None => Ok(()),
        }
    }
}

/// A numbered pair of a line, `N. WHITE, BLACK`, with the comments and variations written
/// after it (in CTL-PGN they follow the pair, not one move).
#[derive(Debug, Clone, Copy)]
pub struct Pair<'g> {
    game: &'g Game,
    head: NodeId,
    node: &'g NodeData,
    data: &'g PairData,
}

impl<'g> Pair<'g> {
    /// Its first node: White's move, or Black's when White's is written `…`. Edits of the
    /// pair take its id (any node of the pair will do).
    pub fn first(&self) -> Node<'g> {
        Node { game: self.game, id: self.head, data: self.node }
    }

    /// White's move, unless written `…`.
    pub fn white(&self) -> Option<Node<'g>> {
        self.data.omitted.is_none().then(|| self.first())
    }

    /// Black's move, if written.
    pub fn black(&self) -> Option<Node<'g>> {
        if self.data.omitted.is_some() {
            return Some(self.first());
        }
        self.game.tree.black_of(self.head).and_then(|b| self.game.node(b))
    }

    /// The number as written (`12.`, or `1?` when the numbering is unknown).
    pub fn number(&self) -> PairNumber {
        self.data.number
    }

    /// Whether White's move is written `…` (the pair is Black's move alone).
    pub fn omits_white(&self) -> bool {
        self.data.omitted.is_some()
    }

    /// The comments written after it, in order (player comments `{@W: …}`, `{@B: …}`,
    /// automatic ones, plain text).
    pub fn comments(&self) -> &'g [Comment] {
        &self.data.comments
    }

    /// The first comment of `colour`'s player (`{@W: …}` or `{@B: …}`), if any.
    pub fn player_comment(&self, colour: Colour) -> Option<&'g Comment> {
        self.data.comments.iter().find(|c| super::annotate::is_player_comment(c, colour))
    }

    /// The variations written after it, in order.
    pub fn variations(self) -> impl Iterator<Item = Variation<'g>> + 'g {
        let pair = self;
        self.data.variations.iter().enumerate().map(move |(index, data)| Variation {
            pair,
            index,
            data,
        })
    }

    /// Where it was read, from its number to its last move.
    pub fn span(&self) -> Span {
        self.data.span
    }
}

/// A variation written after a pair: the moves that replace one of the pair's, with its label
/// and the comments before its first pair.
#[derive(Debug, Clone, Copy)]
pub struct Variation<'g> {
    pair: Pair<'g>,
    index: usize,
    data: &'g VariationData,
}

impl<'g> Variation<'g> {
    /// The pair it is written after.
    pub fn pair(&self) -> Pair<'g> {
        self.pair
    }

    /// Its place among the pair's variations (from 0).
    pub fn index(&self) -> usize {
        self.index
    }

    /// Its first ply; `None` for a variation without moves.
    pub fn first(&self) -> Option<Node<'g>> {
        self.data.first.and_then(|f| self.pair.game.node(f))
    }

    /// The side whose move it replaces: Black's when it starts `N. …, MOVE`. `None` for a
    /// variation without moves.
    pub fn replaces(&self) -> Option<Colour> {
        self.first().and_then(|f| f.side())
    }

    /// Its label `$[n]`.
    pub fn label(&self) -> Option<u32> {
        self.data.label.map(|l| l.value)
    }

    /// The comments before its first pair.
    pub fn comments(&self) -> &'g [Comment] {
        &self.data.comments
    }

    /// Whether its `)` was written (a reader keeps an unclosed variation, with an error).
    pub fn is_closed(&self) -> bool {
        self.data.closed
    }

    /// Where it was read, from `(` to `)`.
    pub fn span(&self) -> Span {
        self.data.span
    }
}
