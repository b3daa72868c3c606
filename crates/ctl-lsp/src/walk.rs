//! Finding things in a game's tree by byte offset, and the position at a point of a line.
//!
//! A line is named by its path from the main line: each [`Step`] goes into one variation of one
//! pair. The positions come from the one replay of `ctl-pgn` ([`ParsedGame::lines`], at the coherence
//! level: the spec's minimal reader), which says where each variation starts.

use cescacs_board::internals::MatchWritten;
use cescacs_board::{Colour, Letters, Position};
use cescacs_diagnostics::Span;
use ctl_an::syntax::{Comment, Move, Movetext, Pair, Ply, Reference, Spanned, Variation};
use ctl_pgn::Level;
use ctl_pgn::ParsedGame;
use ctl_pgn::ReplayedLine;
use ctl_pgn::validate::move_spec;

/// A step from a line into one of its variations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    /// The index of the pair the variation follows.
    pub pair: usize,
    /// The index of the variation among that pair's.
    pub variation: usize,
}

/// A move of a game: its line, its pair, whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MoveAt {
    pub line: Vec<Step>,
    pub pair: usize,
    pub side: Colour,
}

/// Where a comment stands: in a line, after one of its pairs or before its first pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CommentAt {
    pub line: Vec<Step>,
    /// The pair the comment follows; `None` before the first pair of the line.
    pub after: Option<usize>,
}

impl CommentAt {
    /// How many pairs of its line have been played where the comment stands.
    pub fn pairs_played(&self) -> usize {
        self.after.map_or(0, |p| p + 1)
    }
}

/// What lies at an offset.
#[derive(Debug)]
pub(crate) enum Node<'g> {
    Move { at: MoveAt, mv: &'g Move },
    Reference { at: CommentAt, reference: &'g Spanned<Reference> },
}

/// Whether `offset` is inside `span` or just after it (where the cursor stands after typing).
fn touches(span: Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

/// The move or comment reference at `offset`.
pub(crate) fn node_at(movetext: &Movetext, offset: usize) -> Option<Node<'_>> {
    let mut line = Vec::new();
    let before = CommentAt { line: Vec::new(), after: None };
    if let Some(node) = in_comments(&movetext.comments, &before, offset) {
        return Some(node);
    }
    if let Some(node) = in_line(&movetext.pairs, &mut line, offset) {
        return Some(node);
    }
    let end = CommentAt { line: Vec::new(), after: movetext.pairs.len().checked_sub(1) };
    in_comments(&movetext.closing_comments, &end, offset)
}

fn in_comments<'g>(comments: &'g [Comment], at: &CommentAt, offset: usize) -> Option<Node<'g>> {
    let comment = comments.iter().find(|c| touches(c.span, offset))?;
    let reference = comment.references.iter().find(|r| touches(r.span, offset))?;
    Some(Node::Reference { at: at.clone(), reference })
}

fn in_line<'g>(pairs: &'g [Pair], line: &mut Vec<Step>, offset: usize) -> Option<Node<'g>> {
    // Pairs are in text order: only the last one starting before the offset can hold it.
    let i = pairs.partition_point(|p| p.span.start <= offset).checked_sub(1)?;
    let pair = &pairs[i];
    for (side, ply) in [(Colour::White, Some(&pair.white)), (Colour::Black, pair.black.as_ref())] {
        if let Some(Ply::Move(mv)) = ply {
            if touches(mv.span, offset) {
                return Some(Node::Move { at: MoveAt { line: line.clone(), pair: i, side }, mv });
            }
        }
    }
    let at = CommentAt { line: line.clone(), after: Some(i) };
    if let Some(node) = in_comments(&pair.comments, &at, offset) {
        return Some(node);
    }
    let (v, variation) =
        pair.variations.iter().enumerate().find(|(_, v)| touches(v.span, offset))?;
    line.push(Step { pair: i, variation: v });
    let at = CommentAt { line: line.clone(), after: None };
    let found = in_comments(&variation.comments, &at, offset)
        .or_else(|| in_line(&variation.pairs, line, offset));
    line.pop();
    found
}

/// The comment that holds `offset` (inside its braces, or at its end when it is not closed),
/// and where it stands.
pub(crate) fn comment_at(movetext: &Movetext, offset: usize) -> Option<(CommentAt, &Comment)> {
    fn found(comments: &[Comment], at: CommentAt, offset: usize) -> Option<(CommentAt, &Comment)> {
        let inside = |c: &&Comment| c.span.start < offset && offset <= c.span.end;
        comments.iter().find(inside).map(|c| (at, c))
    }
    let top = CommentAt { line: Vec::new(), after: None };
    if let Some(found) = found(&movetext.comments, top, offset) {
        return Some(found);
    }
    let end = CommentAt { line: Vec::new(), after: movetext.pairs.len().checked_sub(1) };
    if let Some(found) = found(&movetext.closing_comments, end, offset) {
        return Some(found);
    }
    let mut line = Vec::new();
    let mut pairs = movetext.pairs.as_slice();
    loop {
        let i = pairs.partition_point(|p| p.span.start < offset).checked_sub(1)?;
        let pair = &pairs[i];
        let at = CommentAt { line: line.clone(), after: Some(i) };
        if let Some(found) = found(&pair.comments, at, offset) {
            return Some(found);
        }
        let (v, variation) = pair
            .variations
            .iter()
            .enumerate()
            .find(|(_, v)| v.span.start < offset && offset <= v.span.end)?;
        line.push(Step { pair: i, variation: v });
        let at = CommentAt { line: line.clone(), after: None };
        if let Some(found) = found(&variation.comments, at, offset) {
            return Some(found);
        }
        pairs = &variation.pairs;
    }
}

/// The pairs of a line.
pub(crate) fn pairs_of<'g>(movetext: &'g Movetext, line: &[Step]) -> Option<&'g [Pair]> {
    let mut pairs = movetext.pairs.as_slice();
    for step in line {
        pairs = &pairs.get(step.pair)?.variations.get(step.variation)?.pairs;
    }
    Some(pairs)
}

/// The variation a line path ends in.
pub(crate) fn variation_of<'g>(movetext: &'g Movetext, line: &[Step]) -> Option<&'g Variation> {
    let (last, parent) = line.split_last()?;
    pairs_of(movetext, parent)?.get(last.pair)?.variations.get(last.variation)
}

/// Why a position cannot be given: the move where replaying stopped, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stopped {
    pub span: Option<Span>,
    pub reason: String,
}

/// A move played: the board's move and the position after it.
#[derive(Debug, Clone)]
pub(crate) struct Played {
    pub mv: cescacs_board::BoardMove,
    pub after: Position,
}

/// Plays a written move where it is only required to be algebraically coherent (the spec's
/// minimal reader), so that a hover can still show where an illegal move leads.
pub(crate) fn play(position: &Position, mv: &Move, letters: &Letters) -> Result<Played, Stopped> {
    let stop = |reason: String| Stopped { span: Some(mv.span), reason };
    let spec = move_spec(mv, letters).map_err(|d| stop(d.message))?;
    let played = position.match_move_algebraic(&spec).map_err(|e| stop(e.to_string()))?;
    Ok(Played { mv: played, after: position.play_unchecked(&played) })
}

/// The plies of `pairs` that give a position each (`…` gives none).
fn plies_in(pairs: &[Pair]) -> usize {
    let gives = |p: &Ply| usize::from(!matches!(p, Ply::Omitted(_)));
    pairs.iter().map(|p| gives(&p.white) + p.black.as_ref().map_or(0, gives)).sum()
}

/// Why `line` (of `pairs`) has no position past its last: the ply it stopped at, with what the
/// replay said about it.
fn stopped_in(line: &ReplayedLine, pairs: &[Pair]) -> Stopped {
    let played = line.positions.len().saturating_sub(1);
    let plies = pairs.iter().flat_map(|p| std::iter::once(&p.white).chain(&p.black));
    let ply = plies.filter(|p| !matches!(p, Ply::Omitted(_))).nth(played);
    let said = line.stop.as_ref().map(|d| d.message.clone());
    match ply {
        Some(Ply::Invalid { span, text }) => Stopped {
            span: Some(*span),
            reason: said.unwrap_or_else(|| format!("`{text}` could not be read as a move")),
        },
        Some(Ply::Move(mv)) => Stopped {
            span: Some(mv.span),
            reason: said.unwrap_or_else(|| "the move could not be read".to_string()),
        },
        _ => Stopped {
            span: line.stop.as_ref().map(|d| d.span),
            reason: said.unwrap_or_else(|| "the line stops before this point".to_string()),
        },
    }
}

/// The position of `line` after its first `plies` plies that give one.
pub(crate) fn position_after(
    game: &ParsedGame,
    line: &[Step],
    plies: usize,
) -> Result<Position, Stopped> {
    let Some(main) = game.lines(Level::Coherence) else {
        return Err(Stopped {
            span: None,
            reason: "the game's start position is unknown (its PDTL tag cannot be read)"
                .to_string(),
        });
    };
    let lost = || Stopped { span: None, reason: "the line is not in the game".to_string() };
    let movetext = game.movetext();
    let mut replayed = &main;
    for (i, step) in line.iter().enumerate() {
        match replayed.variations.get(step.pair).and_then(|vs| vs.get(step.variation)) {
            Some(Some(v)) => replayed = v,
            Some(None) => {
                let pairs = pairs_of(movetext, &line[..i]).ok_or_else(lost)?;
                return Err(stopped_in(replayed, pairs));
            }
            None => return Err(lost()),
        }
    }
    let pairs = pairs_of(movetext, line).ok_or_else(lost)?;
    replayed.positions.get(plies).cloned().ok_or_else(|| stopped_in(replayed, pairs))
}

/// The position once the first `played` pairs of a line are played.
pub(crate) fn position_in_line(
    game: &ParsedGame,
    line: &[Step],
    played: usize,
) -> Result<Position, Stopped> {
    let lost = || Stopped { span: None, reason: "the line is not in the game".to_string() };
    let pairs = pairs_of(game.movetext(), line).ok_or_else(lost)?;
    position_after(game, line, plies_in(pairs.get(..played).ok_or_else(lost)?))
}

/// The position before a move.
pub(crate) fn position_before(game: &ParsedGame, at: &MoveAt) -> Result<Position, Stopped> {
    let lost = || Stopped { span: None, reason: "the line is not in the game".to_string() };
    let pairs = pairs_of(game.movetext(), &at.line).ok_or_else(lost)?;
    let mut plies = plies_in(pairs.get(..at.pair).ok_or_else(lost)?);
    if at.side == Colour::Black {
        let white = pairs.get(at.pair).map(|p| &p.white);
        plies += usize::from(matches!(white, Some(Ply::Move(_)) | Some(Ply::Invalid { .. })));
    }
    position_after(game, &at.line, plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Variant \"C'escacs\"]\n{ start ~F8 }\n1. E7-E13, E21-E15\n{ @W: ~PE13 }\n(1. F8-F12, F20-F16\n.{ ~F12 }\n.(1. …, E21-E17)\n)\n2. F8-F12: *\n{ end #2 }\n";

    fn game() -> ParsedGame {
        let out = ctl_an::parse_file(GAME);
        assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
        ParsedGame::new(out.file.games[0].clone(), GAME)
    }

    fn at(needle: &str) -> usize {
        GAME.find(needle).unwrap_or_else(|| panic!("{needle}")) + 1
    }

    #[test]
    fn finds_moves_in_every_line() {
        let g = game();
        let Some(Node::Move { at: m, mv }) = node_at(g.movetext(), at("E21-E17")) else {
            panic!("a move")
        };
        assert_eq!(&GAME[mv.span.range()], "E21-E17");
        assert_eq!(m.line, [Step { pair: 0, variation: 0 }, Step { pair: 0, variation: 0 }]);
        assert_eq!(m.side, Colour::Black);
        let before = position_before(&g, &m).unwrap();
        // The inner variation replaces Black's F20-F16 after White's F8-F12.
        assert!(before.piece_at("F12".parse().unwrap()).is_some());
        assert!(before.piece_at("F20".parse().unwrap()).is_some());
        assert_eq!(before.turn(), Colour::Black);
    }

    #[test]
    fn finds_references_and_where_their_comment_stands() {
        let g = game();
        let Some(Node::Reference { at: c, reference }) = node_at(g.movetext(), at("~PE13")) else {
            panic!("a reference")
        };
        assert_eq!(&GAME[reference.span.range()], "~PE13");
        assert_eq!(c, CommentAt { line: vec![], after: Some(0) });
        let p = position_in_line(&g, &c.line, c.pairs_played()).unwrap();
        assert!(p.piece_at("E13".parse().unwrap()).is_some());
        let Some(Node::Reference { at: c, .. }) = node_at(g.movetext(), at("~F12")) else {
            panic!("a reference in a variation")
        };
        assert_eq!(c, CommentAt { line: vec![Step { pair: 0, variation: 0 }], after: Some(0) });
        let Some(Node::Reference { at: c, .. }) = node_at(g.movetext(), at("#2")) else {
            panic!("a reference in a closing comment")
        };
        assert_eq!(c.after, Some(1));
        let Some(Node::Reference { at: c, .. }) = node_at(g.movetext(), at("~F8")) else {
            panic!("a reference in an opening comment")
        };
        assert_eq!(c.after, None);
        assert!(node_at(g.movetext(), at("start")).is_none());
    }

    #[test]
    fn replaying_stops_with_a_reason() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. G7-E13, F20-F16\n";
        let out = ctl_an::parse_file(text);
        let g = ParsedGame::new(out.file.games[0].clone(), text);
        let m = MoveAt { line: vec![], pair: 1, side: Colour::Black };
        let stopped = position_before(&g, &m).unwrap_err();
        assert_eq!(stopped.span.map(|s| &text[s.range()]), Some("G7-E13"));
    }
}
