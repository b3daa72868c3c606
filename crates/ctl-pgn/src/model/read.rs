//! A game read into the model: the parsed record's tags and setup, its movetext as nodes, and
//! each node's board move from a replay of its lines.

use cescacs_board::Colour;
use cescacs_diagnostics::Span;
use ctl_an::syntax::{Movetext, Pair, Ply, Record, Variation};

use super::data::{NodeData, NodeId, PairData, Tree, VariationData};
use super::game::Game;
use crate::parsed::{ParsedGame, Setup, overlaps};

impl From<ParsedGame> for Game {
    /// The model of a parsed game: its tags, setup and movetext, every part with the span it
    /// was read from, and the board move of each ply whose position is known and which is
    /// legal there.
    fn from(parsed: ParsedGame) -> Game {
        let errors = parsed.syntax_errors().to_vec();
        let (record, setup) = parsed.into_parts();
        let mut game = Game::from_record(record, setup);
        if !errors.is_empty() {
            let inside = |span: Span| errors.iter().any(|&e| overlaps(e, span));
            for node in game.tree.nodes.iter_mut().flatten() {
                node.unreadable = matches!(&node.ply, Some(Ply::Move(m)) if inside(m.span));
            }
            game.replay();
        }
        game
    }
}

impl Game {
    /// The model of `record`, whose setup is `setup`.
    pub(crate) fn from_record(record: Record, setup: Setup) -> Game {
        let mut game =
            Game { span: record.span, tags: record.tags, setup, tree: tree_of(record.movetext) };
        game.replay();
        game
    }
}

/// The nodes of a movetext, as written.
pub(crate) fn tree_of(movetext: Movetext) -> Tree {
    let Movetext { span, comments, pairs, result, closing_comments } = movetext;
    let mut tree =
        Tree { span, opening: comments, result, closing: closing_comments, ..Tree::default() };
    // The arena at its size at once: its nodes are large, and growing it would copy them.
    tree.nodes.reserve_exact(plies(&pairs));
    let first = line(&mut tree, NodeId::ROOT, pairs);
    if let Some(root) = tree.get_mut(NodeId::ROOT) {
        root.next = first;
    }
    tree
}

/// Adds the nodes of the line of `pairs`, which starts after `start` (the root for the main
/// line, the branch node for a variation); returns its first node. The caller links it.
fn line(tree: &mut Tree, start: NodeId, pairs: Vec<Pair>) -> Option<NodeId> {
    let mut first = None;
    let mut previous = start;
    for pair in pairs {
        let Pair { span, number, white, black, comments, variations } = pair;
        let data = PairData { span, number, omitted: None, comments, variations: Vec::new() };
        let before_white = previous;
        let (head, before_black, last) = match (white, black) {
            // `N. …, MOVE`: the pair is Black's move alone.
            (Ply::Omitted(omitted), Some(black)) => {
                let data = PairData { omitted: Some(omitted), ..data };
                let head = node(tree, previous, black, Colour::Black, Some(data));
                (head, before_white, head)
            }
            (white, black) => {
                let head = node(tree, previous, white, Colour::White, Some(data));
                let last = match black {
                    Some(black) => {
                        let b = node(tree, head, black, Colour::Black, None);
                        link(tree, head, b);
                        b
                    }
                    None => head,
                };
                (head, head, last)
            }
        };
        if first.is_none() {
            first = Some(head);
        } else {
            link(tree, previous, head);
        }
        let variations: Vec<VariationData> = variations
            .into_iter()
            .map(|v| {
                let branch = if v.starts_with_black() { before_black } else { before_white };
                variation(tree, branch, v)
            })
            .collect();
        if let Some(pair) = tree.pair_mut(head) {
            pair.variations = variations;
        }
        previous = last;
    }
    first
}

/// A variation branching from `branch`.
fn variation(tree: &mut Tree, branch: NodeId, v: Variation) -> VariationData {
    let Variation { span, label, comments, pairs, closed } = v;
    let first = line(tree, branch, pairs);
    VariationData { span, label, comments, first, closed }
}

/// A new node after `parent` (not linked as its `next`: the caller links it).
fn node(tree: &mut Tree, parent: NodeId, ply: Ply, slot: Colour, pair: Option<PairData>) -> NodeId {
    tree.push(NodeData {
        parent: Some(parent),
        next: None,
        ply: Some(ply),
        slot,
        pair: pair.map(Box::new),
        board: None,
        unreadable: false,
    })
}

fn link(tree: &mut Tree, from: NodeId, to: NodeId) {
    if let Some(n) = tree.get_mut(from) {
        n.next = Some(to);
    }
}

/// The plies of `pairs` and of their variations, at any depth.
fn plies(pairs: &[Pair]) -> usize {
    pairs
        .iter()
        .map(|p| {
            let variations: usize = p.variations.iter().map(|v| plies(&v.pairs)).sum();
            1 + usize::from(p.black.is_some()) + variations
        })
        .sum()
}
