//! Random edits of games with variations, nested and labelled, comments and marks: whatever
//! the edits, the game writes a text that reads back without errors into the same game (its
//! tree, its moves and their board moves), written again byte for byte; and every board move
//! stays legal where its node stands.

mod fmt;

use cescacs_board::Colour;
use ctl_an::syntax::{Comment, Rating};
use ctl_pgn::model::CommentPlace;
use ctl_pgn::{Game, Node, NodeId, read_str};
use proptest::prelude::*;

/// Games with variations to edit: the spec's fool's mate with its variations, and the
/// corpus's deepest variations and references.
fn sources() -> Vec<Game> {
    let mut out = Vec::new();
    for name in [
        "valid/spec-fools-mate-variations-X01-V-en.ctl-pgn",
        "valid/canonical-edge-deep-variations-and-references.ctl-pgn",
        "valid/edge-pdtl-starts.ctl-pgn",
    ] {
        let text = std::fs::read_to_string(fmt::root().join("corpus").join(name)).expect("corpus");
        out.extend(read_str(&text).into_iter().map(|r| r.game));
    }
    out
}

/// Every node of the game, root first, in a fixed order.
fn nodes(game: &Game) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![game.root()];
    while let Some(n) = stack.pop() {
        out.push(n.id());
        stack.extend(n.variations().into_iter().rev());
    }
    out
}

#[derive(Debug, Clone)]
enum Edit {
    AddMove(usize, usize),
    AddAlternative(usize, usize),
    PromoteToMain(usize),
    Promote(usize),
    Demote(usize),
    Remove(usize),
    Comment(usize),
    Rate(usize),
    SplitPair(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let i = 0..10_000usize;
    prop_oneof![
        (i.clone(), i.clone()).prop_map(|(a, b)| Edit::AddMove(a, b)),
        (i.clone(), i.clone()).prop_map(|(a, b)| Edit::AddAlternative(a, b)),
        i.clone().prop_map(Edit::PromoteToMain),
        i.clone().prop_map(Edit::Promote),
        i.clone().prop_map(Edit::Demote),
        i.clone().prop_map(Edit::Remove),
        i.clone().prop_map(Edit::Comment),
        i.clone().prop_map(Edit::Rate),
        i.prop_map(Edit::SplitPair),
    ]
}

/// Plays `edit` on `game` (an edit the game refuses leaves it as it was).
fn apply(game: &mut Game, edit: &Edit) {
    let all = nodes(game);
    let pick = |i: usize| all[i % all.len()];
    let _ = match *edit {
        Edit::AddMove(n, m) => {
            let node = game.node(pick(n)).expect("a node").end().id();
            let Some(position) = game.position(node) else { return };
            let moves = position.legal_moves();
            if moves.is_empty() {
                return;
            }
            game.add_move(node, moves[m % moves.len()]).map(|_| ())
        }
        Edit::AddAlternative(n, m) => {
            let node = pick(n);
            let Some(before) = game.node(node).and_then(|n| n.position_before()) else { return };
            let moves = before.legal_moves();
            if moves.is_empty() {
                return;
            }
            game.add_alternative(node, moves[m % moves.len()]).map(|_| ())
        }
        Edit::PromoteToMain(n) => game.promote_to_main(pick(n)),
        Edit::Promote(n) => game.promote(pick(n)),
        Edit::Demote(n) => game.demote(pick(n)),
        Edit::Remove(n) => game.remove(pick(n)),
        Edit::Comment(n) => {
            let node = pick(n);
            let side = game.node(node).and_then(|n| n.side()).unwrap_or(Colour::White);
            let place = CommentPlace::AfterPair(node);
            game.set_player_comment(node, side, "edited").and_then(|()| {
                game.comments_mut(place).map(|c| c.push(Comment::new(" plain ").expect("text")))
            })
        }
        Edit::Rate(n) => game.set_rating(pick(n), Some(Rating::Interesting)),
        Edit::SplitPair(n) => game.split_pair(pick(n)),
    };
}

/// The moves of the tree, each with its depth: the shape of the game.
fn shape(game: &Game) -> Vec<(String, Option<String>, usize)> {
    fn walk(n: Node<'_>, depth: usize, out: &mut Vec<(String, Option<String>, usize)>) {
        out.push((n.to_string(), n.board_move().map(|m| m.to_string()), depth));
        let children = n.variations();
        for (i, c) in children.iter().enumerate() {
            walk(*c, depth + usize::from(i > 0 || c.starts_variation()), out);
        }
    }
    let mut out = Vec::new();
    walk(game.root(), 0, &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn edited_games_write_texts_that_read_back_the_same(
        source in 0..6usize,
        edits in prop::collection::vec(edit(), 1..12),
    ) {
        let all = sources();
        let mut game = all[source % all.len()].clone();
        for e in &edits {
            apply(&mut game, e);
            // Every board move is legal where its node stands.
            for id in nodes(&game) {
                let node = game.node(id).expect("a node");
                for child in node.variations() {
                    prop_assert_eq!(child.parent(), Some(node));
                }
                if let Some(m) = node.board_move() {
                    let before = node.position_before().expect("a known position");
                    prop_assert!(before.legal_moves().contains(&m), "{} after {:?}", m, e);
                }
            }
        }
        let text = game.to_string();
        let read = read_str(&text);
        prop_assert!(read.iter().all(|r| !r.unwritable()), "{:?}\n{}", edits, text);
        prop_assert_eq!(read.len(), 1);
        let again = &read[0].game;
        prop_assert_eq!(again.to_string(), text.clone());
        prop_assert_eq!(shape(again), shape(&game), "{:?}\n{}", edits, text);
    }
}
