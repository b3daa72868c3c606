//! Go to definition: from a move or variation reference in a comment to what it names, and from
//! `@W` / `@B` to the player's tag.

use cescacs_board::Colour;
use cescacs_diagnostics::Span;
use ctl_an::syntax::Reference;
use ctl_pgn::ParsedGame;

use crate::references::{Target, labelled, resolve_move};
use crate::walk::Node;

/// The span a reference at `node` points to.
pub(crate) fn definition(game: &ParsedGame, node: &Node<'_>) -> Option<Span> {
    let Node::Reference { at, reference } = node else { return None };
    let movetext = game.movetext();
    match &reference.value {
        Reference::Move { number, path, player } => {
            resolve_move(movetext, at, *number, path, *player)?.span(movetext)
        }
        Reference::Variation(id) => {
            Target::Variation(labelled(movetext, std::slice::from_ref(id))?).span(movetext)
        }
        Reference::Player(colour) => {
            let name = if *colour == Colour::White { "White" } else { "Black" };
            game.tag(name).map(|t| t.span)
        }
        Reference::Hex(_) | Reference::Piece { .. } | Reference::Nag(_) => None,
    }
}
