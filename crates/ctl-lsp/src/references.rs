//! What a move or variation reference in a comment points to (spec, "References within
//! comments").
//!
//! - `#14` is move 14 of the comment's own line, and `#14@B` Black's move of it. A variation's
//!   line includes the moves played before it branched, so the search goes on up its parent
//!   lines (up to where each variation branches).
//! - `#14[#12.2]` is move 14 of the variation labelled `$[2]` at move 12; the path is written
//!   innermost first (`#16[#14.1#12.2]`); `#12.2` is that whole variation.

use cescacs_board::Colour;
use cescacs_diagnostics::Span;
use ctl_an::syntax::{Movetext, Ply, Variation, VariationId};

use crate::walk::{CommentAt, MoveAt, Step, pairs_of, variation_of};

/// What a reference names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// A whole pair `N. WHITE, BLACK`.
    Pair { line: Vec<Step>, pair: usize },
    /// One player's move.
    Move(MoveAt),
    /// A whole variation.
    Variation(Vec<Step>),
}

impl Target {
    /// The text the target covers.
    pub fn span(&self, movetext: &Movetext) -> Option<Span> {
        match self {
            Target::Pair { line, pair } => Some(pairs_of(movetext, line)?.get(*pair)?.span),
            Target::Move(at) => {
                let pair = pairs_of(movetext, &at.line)?.get(at.pair)?;
                let ply =
                    if at.side == Colour::White { Some(&pair.white) } else { pair.black.as_ref() };
                ply.map(Ply::span)
            }
            Target::Variation(line) => Some(variation_of(movetext, line)?.span),
        }
    }
}

/// Resolves `#number[path]@player` written in a comment standing at `at`.
pub(crate) fn resolve_move(
    movetext: &Movetext,
    at: &CommentAt,
    number: u32,
    path: &[VariationId],
    player: Option<Colour>,
) -> Option<Target> {
    if !path.is_empty() {
        let line = labelled(movetext, path)?;
        return find_pair(movetext, &line, usize::MAX, number, player);
    }
    let mut line = at.line.clone();
    let mut limit = usize::MAX;
    loop {
        if let Some(found) = find_pair(movetext, &line, limit, number, player) {
            return Some(found);
        }
        let step = line.pop()?;
        // In the parent line, the pairs before the branch; and the branch pair's White move when
        // the variation replaces only Black's.
        let shares_white = variation_of(movetext, &[line.as_slice(), &[step]].concat())
            .is_some_and(Variation::starts_with_black);
        if shares_white && player != Some(Colour::Black) {
            let pair = pairs_of(movetext, &line)?.get(step.pair)?;
            if pair.number.value == number && matches!(pair.white, Ply::Move(_)) {
                let at = MoveAt { line: line.clone(), pair: step.pair, side: Colour::White };
                return Some(Target::Move(at));
            }
        }
        limit = step.pair;
    }
}

/// The first of the first `limit` pairs of a line with this number (and that player's move).
fn find_pair(
    movetext: &Movetext,
    line: &[Step],
    limit: usize,
    number: u32,
    player: Option<Colour>,
) -> Option<Target> {
    let pairs = pairs_of(movetext, line)?;
    pairs.iter().take(limit).enumerate().find_map(|(i, pair)| {
        if pair.number.value != number {
            return None;
        }
        let line = line.to_vec();
        match player {
            None => Some(Target::Pair { line, pair: i }),
            Some(Colour::White) => matches!(pair.white, Ply::Move(_))
                .then(|| Target::Move(MoveAt { line, pair: i, side: Colour::White })),
            Some(Colour::Black) => pair.black.is_some().then_some(Target::Move(MoveAt {
                line,
                pair: i,
                side: Colour::Black,
            })),
        }
    })
}

/// The line of the labelled variation a path (innermost first) names.
pub(crate) fn labelled(movetext: &Movetext, path: &[VariationId]) -> Option<Vec<Step>> {
    let outer_first: Vec<VariationId> = path.iter().rev().copied().collect();
    let mut found = None;
    search(movetext, &mut Vec::new(), &mut Vec::new(), &outer_first, &mut found);
    found
}

fn search(
    movetext: &Movetext,
    line: &mut Vec<Step>,
    chain: &mut Vec<VariationId>,
    wanted: &[VariationId],
    found: &mut Option<Vec<Step>>,
) {
    let Some(pairs) = pairs_of(movetext, line) else { return };
    for (p, pair) in pairs.iter().enumerate() {
        for (v, variation) in pair.variations.iter().enumerate() {
            if found.is_some() {
                return;
            }
            let id = variation
                .label
                .map(|l| VariationId { move_number: pair.number.value, label: l.value });
            line.push(Step { pair: p, variation: v });
            if let Some(id) = id {
                chain.push(id);
                if chain.ends_with(wanted) {
                    *found = Some(line.clone());
                }
            }
            search(movetext, line, chain, wanted, found);
            if id.is_some() {
                chain.pop();
            }
            line.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::{Node, node_at};

    const GAME: &str = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12, F20-F16\n($[5] 2. G7-G13, G21-G15\n.3. I5-I7\n.($[2] 3. H6-H8\n..{ #2@B #1 #3 }\n.)\n)\n3. D6-D10\n{ #2@B #1 #3[#2.5] #2[#2.5]@W #3[#3.2#2.5] #2.5 #9 }\n";

    fn game() -> ctl_an::syntax::Record {
        ctl_an::parse_file(GAME).file.games.remove(0)
    }

    fn target(g: &ctl_an::syntax::Record, needle: &str, nth: usize) -> Option<String> {
        let offset = GAME.match_indices(needle).nth(nth).expect(needle).0 + 1;
        let Some(Node::Reference { at, reference }) = node_at(&g.movetext, offset) else {
            panic!("no reference at {needle}")
        };
        let t = match &reference.value {
            ctl_an::syntax::Reference::Move { number, path, player } => {
                resolve_move(&g.movetext, &at, *number, path, *player)
            }
            ctl_an::syntax::Reference::Variation(id) => {
                labelled(&g.movetext, &[*id]).map(Target::Variation)
            }
            _ => None,
        }?;
        t.span(&g.movetext).map(|s| GAME[s.range()].to_string())
    }

    #[test]
    fn plain_move_references_walk_up_the_lines() {
        let g = game();
        assert_eq!(target(&g, "#2@B", 0).as_deref(), Some("G21-G15"));
        assert_eq!(target(&g, "#1 ", 0).as_deref(), Some("1. E7-E13, E21-E15"));
        assert_eq!(target(&g, "#3 ", 0).as_deref(), Some("3. H6-H8"));
        assert_eq!(target(&g, "#2@B", 1).as_deref(), Some("F20-F16"));
        assert_eq!(target(&g, "#1 ", 1).as_deref(), Some("1. E7-E13, E21-E15"));
        assert_eq!(target(&g, "#9", 0), None);
    }

    #[test]
    fn labelled_references() {
        let g = game();
        assert_eq!(target(&g, "#3[#2.5]", 0).as_deref(), Some("3. I5-I7"));
        assert_eq!(target(&g, "#2[#2.5]@W", 0).as_deref(), Some("G7-G13"));
        assert_eq!(target(&g, "#3[#3.2#2.5]", 0).as_deref(), Some("3. H6-H8"));
        let variation = target(&g, "#2.5", 3).expect("the variation");
        assert!(
            variation.starts_with("($[5] 2. G7-G13") && variation.ends_with(')'),
            "{variation}"
        );
    }
}
