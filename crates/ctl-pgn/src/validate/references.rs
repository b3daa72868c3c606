//! References in comments (the spec's "References within comments"): a move reference must not
//! point at a later move of the comment's line, and a labelled variation referred to must exist.
//!
//! Both findings are warnings: comments do not change what a game is, and the minimal reader
//! ignores them. Hex references are checked by the parser (`W0206`).

use cescacs_board::{Colour, Diagnostic};
use ctl_an::syntax::{Comment, Pair, Ply, Reference, Spanned, VariationId};

use super::codes;
use crate::game::Game;

/// A point in a line: the move number and the side whose move was played last.
#[derive(Clone, Copy)]
struct Point {
    number: u32,
    side: Colour,
}

impl Point {
    /// Whether move `number` (of `player`, or the whole pair) lies after this point.
    fn precedes(self, number: u32, player: Option<Colour>) -> bool {
        match player {
            _ if number != self.number => number > self.number,
            Some(Colour::Black) => self.side == Colour::White,
            _ => false,
        }
    }
}

pub(crate) fn check(game: &Game, out: &mut Vec<Diagnostic>) {
    let mut labels: Vec<Vec<VariationId>> = Vec::new();
    collect_labels(&game.movetext().pairs, &mut Vec::new(), &mut labels);
    let mt = game.movetext();
    let cx = Cx { labels: &labels };
    let before_start = mt
        .pairs
        .first()
        .map(|p| Point { number: p.number.value.saturating_sub(1), side: Colour::Black });
    for c in &mt.comments {
        cx.comment(c, before_start, out);
    }
    let last = cx.line(&mt.pairs, out);
    for c in &mt.closing_comments {
        cx.comment(c, last, out);
    }
}

/// Every labelled variation, as its path from the main line (outermost first).
fn collect_labels(pairs: &[Pair], path: &mut Vec<VariationId>, out: &mut Vec<Vec<VariationId>>) {
    for pair in pairs {
        for v in &pair.variations {
            let id =
                v.label.map(|l| VariationId { move_number: pair.number.value, label: l.value });
            if let Some(id) = id {
                path.push(id);
                out.push(path.clone());
            }
            collect_labels(&v.pairs, path, out);
            if id.is_some() {
                path.pop();
            }
        }
    }
}

struct Cx<'a> {
    labels: &'a [Vec<VariationId>],
}

impl Cx<'_> {
    /// Checks the comments of a line and of its variations; returns the line's last point.
    fn line(&self, pairs: &[Pair], out: &mut Vec<Diagnostic>) -> Option<Point> {
        let mut last = None;
        for pair in pairs {
            let side = match (&pair.black, &pair.white) {
                (Some(_), _) | (None, Ply::Omitted(_)) => Colour::Black,
                (None, _) => Colour::White,
            };
            let here = Point { number: pair.number.value, side };
            for c in &pair.comments {
                self.comment(c, Some(here), out);
            }
            for v in &pair.variations {
                let before = v.pairs.first().map(|p| match p.white {
                    Ply::Omitted(_) => Point { number: p.number.value, side: Colour::White },
                    _ => Point { number: p.number.value.saturating_sub(1), side: Colour::Black },
                });
                for c in &v.comments {
                    self.comment(c, before, out);
                }
                self.line(&v.pairs, out);
            }
            last = Some(here);
        }
        last
    }

    fn comment(&self, c: &Comment, at: Option<Point>, out: &mut Vec<Diagnostic>) {
        for r in &c.references {
            self.reference(r, at, out);
        }
    }

    fn reference(&self, r: &Spanned<Reference>, at: Option<Point>, out: &mut Vec<Diagnostic>) {
        match &r.value {
            Reference::Move { number, path, player } => {
                if !path.is_empty() {
                    self.label(path, r, out);
                    return;
                }
                let later = at.is_none_or(|p| p.precedes(*number, *player));
                if later {
                    let now = at.map_or("before the first move".to_string(), |p| {
                        format!("after {}'s move {}", p.side, p.number)
                    });
                    out.push(
                        Diagnostic::warning(
                            codes::LATER_REFERENCE,
                            r.span,
                            format!("expected a reference to a move already played, found a later move ({now})"),
                        )
                        .with_help("a comment may never reference a later move: move the comment after it"),
                    );
                }
            }
            Reference::Variation(id) => self.label(std::slice::from_ref(id), r, out),
            _ => {}
        }
    }

    /// `path` is written innermost first; a labelled variation with that chain must exist.
    fn label(&self, path: &[VariationId], r: &Spanned<Reference>, out: &mut Vec<Diagnostic>) {
        let outer_first: Vec<VariationId> = path.iter().rev().copied().collect();
        if self.labels.iter().any(|chain| chain.ends_with(&outer_first)) {
            return;
        }
        let name: Vec<String> =
            path.iter().map(|id| format!("#{}.{}", id.move_number, id.label)).collect();
        out.push(
            Diagnostic::warning(
                codes::UNKNOWN_LABEL,
                r.span,
                format!("expected a labelled variation, found no variation `{}`", name.concat()),
            )
            .with_help("label the variation with `$[n]` after its `(`"),
        );
    }
}
