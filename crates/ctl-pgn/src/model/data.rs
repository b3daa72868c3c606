//! The storage of a game's movetext: an arena of nodes, one per ply written (the root before
//! the first), the pairs they form, and the comments and variations written after each pair.
//!
//! The written structure is kept as CTL-PGN writes it, so that writing a game gives back the
//! text it was read from in the canonical layout: a pair's comments and variations belong to
//! the pair (its first node holds them, in written order), a variation knows its label, the
//! comments before its first pair and whether its `)` was written. The tree of positions is
//! the nodes' `parent` links: a variation's first node hangs from the node its line branches
//! from, as the replay decides (`ctl_an::syntax::Variation::starts_with_black`).
//!
//! Invariants, kept by every edit: a node's parent was made before it (its id is smaller, so
//! the arena's order is an order in which positions can be played); a node that is not the
//! first of its pair is Black's move after White's, its parent's `next`; the first node of a
//! line (a game's first move, a variation's first move) starts a pair.

use cescacs_board::{Colour, Move};
use cescacs_diagnostics::Span;
use ctl_an::syntax::{Comment, GameResult, PairNumber, Ply, Spanned};

/// A node of a [`Game`](crate::Game): its root (before the first move) or one of its plies.
/// It stays valid while the game lives, whatever is added or moved; once its node is removed,
/// the game answers `None` (or [`EditError::NoSuchNode`](crate::model::EditError)) for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The root of every game: the start position, before the first move.
    pub const ROOT: NodeId = NodeId(0);

    /// The node's index in its game (the root is 0); what a binding keeps to find it again.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The node of index `index` (see [`NodeId::index`]); the game says whether it exists.
    pub fn from_index(index: usize) -> Option<NodeId> {
        u32::try_from(index).ok().map(NodeId)
    }
}

/// One node.
#[derive(Debug, Clone)]
pub(crate) struct NodeData {
    /// The node before it: the previous ply of its line, or, for a variation's first ply, the
    /// node it branches from. `None` for the root.
    pub(crate) parent: Option<NodeId>,
    /// The next ply of its line.
    pub(crate) next: Option<NodeId>,
    /// The ply as written; `None` for the root.
    pub(crate) ply: Option<Ply>,
    /// Its place in its pair: White's (the first) or Black's (the second). A pair written
    /// `N. …, MOVE` has only Black's. The root counts as Black's: a pair follows it.
    pub(crate) slot: Colour,
    /// When the node starts a pair: the pair's number, comments and variations.
    pub(crate) pair: Option<Box<PairData>>,
    /// The legal move it plays, with its check, when its position is known.
    pub(crate) board: Option<Move>,
    /// The parser reported a syntax error inside its move (it read the move by recovering):
    /// the move is not played, and its line's positions stop there, as in the replay.
    pub(crate) unreadable: bool,
}

/// What a pair holds beyond its moves.
#[derive(Debug, Clone)]
pub(crate) struct PairData {
    /// From the number to the end of the last move, as read.
    pub(crate) span: Span,
    /// The number as written.
    pub(crate) number: PairNumber,
    /// `…` written for White's move (the pair is Black's move alone), with where.
    pub(crate) omitted: Option<Span>,
    /// The comments written after the pair, in order.
    pub(crate) comments: Vec<Comment>,
    /// The variations written after the pair, in order.
    pub(crate) variations: Vec<VariationData>,
}

/// A variation written after a pair.
#[derive(Debug, Clone)]
pub(crate) struct VariationData {
    /// From `(` to `)`, as read.
    pub(crate) span: Span,
    /// `$[n]`.
    pub(crate) label: Option<Spanned<u32>>,
    /// The comments before its first pair.
    pub(crate) comments: Vec<Comment>,
    /// Its first ply; `None` for a variation without moves.
    pub(crate) first: Option<NodeId>,
    /// Whether its `)` was written.
    pub(crate) closed: bool,
}

/// A game's movetext: opening comments, the nodes, the result and closing comments.
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    /// Where the movetext was read.
    pub(crate) span: Span,
    pub(crate) opening: Vec<Comment>,
    /// The arena; a removed node leaves `None`.
    pub(crate) nodes: Vec<Option<NodeData>>,
    pub(crate) result: Option<Spanned<GameResult>>,
    pub(crate) closing: Vec<Comment>,
}

impl Default for Tree {
    fn default() -> Tree {
        let root = NodeData {
            parent: None,
            next: None,
            ply: None,
            slot: Colour::Black,
            pair: None,
            board: None,
            unreadable: false,
        };
        Tree {
            span: Span::default(),
            opening: Vec::new(),
            nodes: vec![Some(root)],
            result: None,
            closing: Vec::new(),
        }
    }
}

impl Tree {
    /// The node `id`, if it exists.
    pub(crate) fn get(&self, id: NodeId) -> Option<&NodeData> {
        self.nodes.get(id.index()).and_then(Option::as_ref)
    }

    /// The node `id`, if it exists.
    pub(crate) fn get_mut(&mut self, id: NodeId) -> Option<&mut NodeData> {
        self.nodes.get_mut(id.index()).and_then(Option::as_mut)
    }

    /// A new node, last in the arena.
    pub(crate) fn push(&mut self, node: NodeData) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        self.nodes.push(Some(node));
        id
    }

    /// The pair data of the node `id`, if it starts a pair.
    pub(crate) fn pair(&self, id: NodeId) -> Option<&PairData> {
        self.get(id).and_then(|n| n.pair.as_deref())
    }

    /// The pair data of the node `id`, if it starts a pair.
    pub(crate) fn pair_mut(&mut self, id: NodeId) -> Option<&mut PairData> {
        self.get_mut(id).and_then(|n| n.pair.as_deref_mut())
    }

    /// The first node of the pair `id` belongs to.
    pub(crate) fn head_of(&self, id: NodeId) -> Option<NodeId> {
        let node = self.get(id)?;
        if node.pair.is_some() {
            return Some(id);
        }
        node.parent.filter(|&p| self.pair(p).is_some() && node.ply.is_some())
    }

    /// The second node of the pair that `head` starts (Black's move after White's), if any.
    pub(crate) fn black_of(&self, head: NodeId) -> Option<NodeId> {
        let node = self.get(head)?;
        if node.slot == Colour::Black {
            return None;
        }
        node.next.filter(|&n| self.get(n).is_some_and(|n| n.pair.is_none()))
    }

    /// The last node of the pair `head` starts.
    pub(crate) fn pair_end(&self, head: NodeId) -> NodeId {
        self.black_of(head).unwrap_or(head)
    }

    /// The first node of the pair after the pair `head` starts, in its line.
    pub(crate) fn next_pair(&self, head: NodeId) -> Option<NodeId> {
        self.get(self.pair_end(head))?.next
    }

    /// The other plies that could be played where `id`'s `next` is: the first plies of the
    /// variations that branch from `id`, in written order (a variation written inside
    /// another's first pair comes after it).
    pub(crate) fn alternatives(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let Some(node) = self.get(id) else { return out };
        // Black's move of `id`'s own pair, then the move after `id`, if it starts a pair.
        if node.pair.is_some() && node.slot == Colour::White {
            self.alternatives_in(id, id, &mut out);
        }
        if let Some(next) = node.next.filter(|&n| self.pair(n).is_some()) {
            self.alternatives_in(next, id, &mut out);
        }
        out
    }

    /// The variations of the pair `head` that branch from `branch`, and those written in
    /// their first pairs, in written order.
    fn alternatives_in(&self, head: NodeId, branch: NodeId, out: &mut Vec<NodeId>) {
        let Some(pair) = self.pair(head) else { return };
        for v in &pair.variations {
            let Some(first) = v.first else { continue };
            if self.get(first).is_some_and(|f| f.parent == Some(branch)) {
                out.push(first);
                self.alternatives_in(first, branch, out);
            }
        }
    }

    /// Where the variation starting with `first` is written: its pair's first node and its
    /// index there.
    pub(crate) fn variation_of(&self, first: NodeId) -> Option<(NodeId, usize)> {
        let branch = self.get(first)?.parent?;
        let mut heads = Vec::new();
        let node = self.get(branch)?;
        if node.pair.is_some() && node.slot == Colour::White {
            heads.push(branch);
        }
        heads.extend(node.next.filter(|&n| self.pair(n).is_some()));
        // Nested ones are written in the first pairs of the other variations from `branch`.
        heads.extend(self.alternatives(branch));
        heads.into_iter().find_map(|head| {
            let pair = self.pair(head)?;
            let index = pair.variations.iter().position(|v| v.first == Some(first))?;
            Some((head, index))
        })
    }

    /// The nodes of the line that starts with `first`, in order.
    pub(crate) fn line(&self, first: Option<NodeId>) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(first, move |&id| self.get(id).and_then(|n| n.next))
    }

    /// Removes `id` and everything after it: its line's later plies, and every variation
    /// written in the pairs that go with them. Links to it are the caller's to cut.
    pub(crate) fn drop_from(&mut self, id: NodeId) {
        let mut doomed = vec![id];
        while let Some(id) = doomed.pop() {
            let Some(node) = self.nodes.get_mut(id.index()).and_then(Option::take) else {
                continue;
            };
            doomed.extend(node.next);
            if let Some(pair) = node.pair {
                doomed.extend(pair.variations.iter().filter_map(|v| v.first));
            }
        }
    }
}
