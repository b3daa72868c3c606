//! The page model of one game: every position the page can show (a node per ply of every line),
//! the move list as nested items, comments cut into text and reference links, and each
//! diagnostic placed after the move it concerns.

use std::collections::HashMap;

use cescacs_board::{Colour, Hex, Piece, Position};
use cescacs_diagnostics::Diagnostic;
use cescacs_diagram::Diagram;
use ctl_an::syntax::{Comment, CommentKind, Pair, Ply, Reference, VariationId};
use ctl_pgn::ParsedGame;
use ctl_pgn::reader::TextStart;

use crate::hexes::move_hexes;
use crate::positions::{self, Line};

/// A game of the page.
#[derive(Debug)]
pub(crate) struct GamePage {
    /// Its number among the games of the page (from 1): the ids of its section and nodes.
    pub number: usize,
    /// Its number in its file (from 1): what its title says when it has no players or title.
    pub in_file: usize,
    /// The tags as written.
    pub tags: Vec<(String, String)>,
    /// Every position the page shows; node 0 is the start (absent when it is unknown).
    pub nodes: Vec<Node>,
    /// The move list of the main line.
    pub items: Vec<Item>,
    /// Diagnostics before the first move (tags, setup).
    pub notes: Vec<Note>,
    /// The result as written after the moves.
    pub result: Option<String>,
    /// Each piece drawn on some node, by its PDTL letter: its SVG centred on the origin.
    pub pieces: Vec<(char, String)>,
}

/// A position the page can show.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// The URL fragment: `g1` for the start, `g1-m14b` on the main line, `g1-v2m5w` in the
    /// game's second variation (in text order).
    pub id: String,
    /// The move that led here, with its number (`14. …, GH6×RI3`); empty for the start.
    pub label: String,
    /// The pieces: `HEX` and PDTL letter, space separated.
    pub pieces: String,
    /// The position as PDTL, with the game's letters.
    pub pdtl: String,
    /// The position as the official web app writes its PDTL (`docs/APP.md`): what its "Load
    /// new" reads.
    pub app_pdtl: String,
    /// The origin and destination of the move that led here.
    pub marked: Option<(Hex, Hex)>,
    /// The King of the side to move, when it is in check (marked on the board).
    pub check: Option<Hex>,
    /// Where the move that led here starts in the file (its byte offset; for the start, where
    /// the game starts): what an editor's cursor is matched with.
    pub offset: usize,
    /// The position before.
    pub prev: Option<usize>,
    /// The next position of the same line.
    pub next: Option<usize>,
    /// The first positions of the variations that start here, besides `next`.
    pub alts: Vec<usize>,
    /// In a variation: the position of the parent line it branches from.
    pub up: Option<usize>,
}

/// An item of a move list.
#[derive(Debug)]
pub(crate) enum Item {
    /// `12.` or `12. …`.
    Number(String),
    /// A move; `node` is `None` when it cannot be replayed (its line stopped before).
    Move { node: Option<usize>, text: String, notes: Vec<Note> },
    /// A comment, and the node of the position it stands at.
    Comment { kind: CommentKind, segments: Vec<Segment>, at: Option<usize> },
    /// A variation, nested.
    Variation { label: Option<u32>, items: Vec<Item> },
}

/// A part of a comment's text.
#[derive(Debug)]
pub(crate) enum Segment {
    /// Plain text.
    Text(String),
    /// A reference to a hex (`~E13`, `~JF6`): highlights it.
    Hex(Hex, String),
    /// A reference to a move or a variation: jumps to its node (`None`: not found).
    Jump(Option<usize>, String),
    /// A move reference still to resolve: the line the comment stands in.
    Unresolved(Reference, usize, String),
}

/// A diagnostic as the page shows it.
#[derive(Debug, Clone)]
pub(crate) struct Note {
    pub error: bool,
    pub code: &'static str,
    pub message: String,
    pub help: Vec<String>,
    /// Line and column (from 1) in the file.
    pub line: usize,
    pub column: usize,
}

/// What the references of a line can reach.
#[derive(Default)]
struct LineInfo {
    parent: Option<usize>,
    /// In a variation: the number of the pair it branches at, and whether it keeps that pair's
    /// White move (it starts with `…`). Only the parent's moves before it belong to its line.
    branch: Option<(u32, bool)>,
    /// By move number: White's and Black's nodes.
    moves: HashMap<u32, (Option<usize>, Option<usize>)>,
    /// The labelled variations branching from this line: their line and first node.
    labelled: HashMap<(u32, u32), (usize, Option<usize>)>,
}

struct Builder<'g> {
    game: &'g ParsedGame,
    /// The text the game's spans point into.
    source: &'g str,
    number: usize,
    nodes: Vec<Node>,
    lines: Vec<LineInfo>,
    variations: usize,
    /// Diagnostics by the start of the move they follow.
    notes: HashMap<usize, Vec<Note>>,
    pieces: HashMap<char, String>,
    diagram_position: Position,
    /// The byte offset in the file of the text the spans point into.
    offset: usize,
}

/// Builds the page model of `game` (number `number` on the page and `in_file` in its file, both
/// from 1) from `source`, the text it was parsed from (which starts at `start` in its file), with
/// its diagnostics, placed by `lines`.
pub(crate) fn build(
    game: &ParsedGame,
    source: &str,
    number: usize,
    in_file: usize,
    diagnostics: &[Diagnostic],
    start: TextStart,
    lines: &mut Lines<'_>,
) -> GamePage {
    let mut b = Builder {
        game,
        source,
        number,
        nodes: Vec::new(),
        lines: Vec::new(),
        variations: 0,
        notes: HashMap::new(),
        pieces: HashMap::new(),
        diagram_position: Position::initial(),
        offset: 0,
    };
    b.offset = start.offset;
    let mut header = Vec::new();
    let mut starts = Vec::new();
    move_starts(&game.movetext().pairs, &mut starts);
    starts.sort_unstable();
    for d in diagnostics {
        let note = lines.note(d);
        match starts.partition_point(|&s| s <= d.span.start).checked_sub(1) {
            Some(i) => b.notes.entry(starts[i]).or_default().push(note),
            None => header.push(note),
        }
    }
    let mut items = Vec::new();
    b.lines.push(LineInfo::default());
    let replayed = positions::replay(game);
    let game_start = game.syntax().span.start;
    let start = replayed.as_ref().and_then(|l| l.positions.first()).map(|p| {
        let id = format!("g{number}");
        b.node(p, id, String::new(), None, None, game_start)
    });
    b.comments(&game.movetext().comments, 0, start, &mut items);
    let pairs = &game.movetext().pairs;
    let end = b.line(pairs, replayed.as_ref(), start, 0, "", &mut items);
    b.comments(&game.movetext().closing_comments, 0, end, &mut items);
    b.resolve(&mut items);
    let mut pieces: Vec<(char, String)> = b.pieces.into_iter().collect();
    pieces.sort_unstable();
    GamePage {
        number,
        in_file,
        tags: game.tags().iter().map(|t| (t.name.clone(), t.value.clone())).collect(),
        nodes: b.nodes,
        items,
        notes: header,
        result: game.movetext().result.map(|r| r.value.as_str().to_string()),
        pieces,
    }
}

/// Where diagnostics are in a text, as the page shows them (line and column from 1 in the file),
/// found walking forward from the last one placed: diagnostics come in text order, so placing
/// all of them reads the text once, however many there are (placing one before the last
/// starts again from the text's start).
pub(crate) struct Lines<'s> {
    /// The text the spans point into.
    source: &'s str,
    /// Where it starts in its file.
    start: TextStart,
    /// The offset reached, and its line and column (from 0) in `source`.
    at: usize,
    line: usize,
    column: usize,
}

impl<'s> Lines<'s> {
    /// Places diagnostics of `source`, a text that starts at `start` in its file.
    pub(crate) fn new(source: &'s str, start: TextStart) -> Lines<'s> {
        Lines { source, start, at: 0, line: 0, column: 0 }
    }

    /// A diagnostic as the page shows it.
    pub(crate) fn note(&mut self, d: &Diagnostic) -> Note {
        let mut to = d.span.start.min(self.source.len());
        while !self.source.is_char_boundary(to) {
            to -= 1;
        }
        if to < self.at {
            (self.at, self.line, self.column) = (0, 0, 0);
        }
        let walked = &self.source[self.at..to];
        match walked.rfind('\n') {
            Some(last) => {
                self.line += walked.matches('\n').count();
                self.column = walked[last + 1..].chars().count();
            }
            None => self.column += walked.chars().count(),
        }
        self.at = to;
        Note {
            error: d.is_error(),
            code: d.code,
            message: d.message.clone(),
            help: d.help.clone(),
            line: self.start.line + self.line + 1,
            column: if self.line == 0 { self.start.chars } else { 0 } + self.column + 1,
        }
    }
}

/// The start of every move written, at any depth.
fn move_starts(pairs: &[Pair], out: &mut Vec<usize>) {
    for pair in pairs {
        for ply in std::iter::once(&pair.white).chain(pair.black.as_ref()) {
            if !matches!(ply, Ply::Omitted(_)) {
                out.push(ply.span().start);
            }
        }
        for v in &pair.variations {
            move_starts(&v.pairs, out);
        }
    }
}

impl Builder<'_> {
    fn node(
        &mut self,
        p: &Position,
        id: String,
        label: String,
        marked: Option<(Hex, Hex)>,
        prev: Option<usize>,
        at: usize,
    ) -> usize {
        let mut pieces = String::with_capacity(p.pieces().size_hint().0 * 5);
        for (hex, piece) in p.pieces() {
            if !pieces.is_empty() {
                pieces.push(' ');
            }
            pieces.push_str(&hex.to_string());
            pieces.push(piece.letter());
            self.piece(piece);
        }
        self.nodes.push(Node {
            id,
            label,
            pieces,
            pdtl: pdtl::write(p, self.game.letters()),
            app_pdtl: pdtl::write_in(p, &pdtl::Letters::standard(), pdtl::Dialect::App),
            marked,
            check: (!p.checkers(p.turn()).is_empty()).then(|| p.king(p.turn())).flatten(),
            offset: self.offset + at,
            prev,
            next: None,
            alts: Vec::new(),
            up: None,
        });
        self.nodes.len() - 1
    }

    fn piece(&mut self, piece: Piece) {
        if !self.pieces.contains_key(&piece.letter()) {
            let svg = Diagram::new(&self.diagram_position)
                .letters(self.game.letters().clone())
                .piece_svg(piece);
            self.pieces.insert(piece.letter(), svg);
        }
    }

    /// Walks a line: `start` is the node it starts from, `line` its index in `self.lines`,
    /// `prefix` what its node ids start with after the game (`v2` in a variation). Gives the
    /// line's last node.
    fn line(
        &mut self,
        pairs: &[Pair],
        replayed: Option<&Line>,
        start: Option<usize>,
        line: usize,
        prefix: &str,
        items: &mut Vec<Item>,
    ) -> Option<usize> {
        let in_variation = line != 0;
        let mut cur = start;
        let mut first = true;
        // The index of the line's position before its next ply; `None` once the line stopped.
        let mut k = Some(0usize);
        for (i, pair) in pairs.iter().enumerate() {
            let number = pair.number.value;
            let before_white = cur;
            let omitted = matches!(pair.white, Ply::Omitted(_));
            items.push(Item::Number(if omitted {
                format!("{number}. …")
            } else {
                format!("{number}.")
            }));
            let mut before_black = cur;
            for (ply, black) in [(Some(&pair.white), false), (pair.black.as_ref(), true)] {
                let Some(ply) = ply else { continue };
                if black {
                    before_black = cur;
                }
                let text = match ply {
                    Ply::Omitted(_) => continue,
                    Ply::Move(mv) => mv.to_string(),
                    Ply::Invalid { text, .. } => text.clone(),
                };
                let notes = self.notes.remove(&ply.span().start).unwrap_or_default();
                let after = match (replayed, k, ply, cur) {
                    (Some(r), Some(at), Ply::Move(mv), Some(before)) => {
                        r.positions.get(at + 1).map(|after| (after, mv, at, before))
                    }
                    _ => None,
                };
                let node = after.map(|(after, mv, at, before)| {
                    let side = replayed
                        .and_then(|r| r.positions.get(at))
                        .map_or(Colour::White, Position::turn);
                    let (id, label) = if black {
                        (format!("m{number}b"), format!("{number}. …, {text}"))
                    } else {
                        (format!("m{number}w"), format!("{number}. {text}"))
                    };
                    let id = format!("g{}-{prefix}{id}", self.number);
                    let marked = move_hexes(mv, side);
                    let n = self.node(after, id, label, marked, Some(before), mv.span.start);
                    if in_variation && first {
                        self.nodes[before].alts.push(n);
                    } else {
                        self.nodes[before].next = Some(n);
                    }
                    if in_variation {
                        self.nodes[n].up = start;
                    }
                    n
                });
                first = false;
                match node {
                    Some(n) => {
                        cur = Some(n);
                        k = k.map(|k| k + 1);
                        let entry = self.lines[line].moves.entry(number).or_default();
                        if black {
                            entry.1 = Some(n);
                        } else {
                            entry.0 = Some(n);
                        }
                    }
                    None => k = None,
                }
                // A move that was not played is shown as written: its problem may be in the
                // very spelling the canonical form would hide (`E13xF14`).
                let text = match (node, ply) {
                    (None, Ply::Move(mv)) => {
                        self.source.get(mv.span.range()).map_or(text, str::to_string)
                    }
                    _ => text,
                };
                items.push(Item::Move { node, text, notes });
            }
            self.comments(&pair.comments, line, cur, items);
            for (j, v) in pair.variations.iter().enumerate() {
                self.variations += 1;
                let id = self.variations;
                let from = if v.starts_with_black() { before_black } else { before_white };
                let sub = replayed
                    .and_then(|r| r.variations.get(i))
                    .and_then(|vs| vs.get(j))
                    .and_then(Option::as_ref);
                let from = if sub.is_some() { from } else { None };
                self.lines.push(LineInfo {
                    parent: Some(line),
                    branch: Some((number, v.starts_with_black())),
                    ..LineInfo::default()
                });
                let sub_line = self.lines.len() - 1;
                let mut nested = Vec::new();
                self.comments(&v.comments, sub_line, from, &mut nested);
                let first_node = self.nodes.len();
                self.line(&v.pairs, sub, from, sub_line, &format!("v{id}"), &mut nested);
                if let Some(label) = v.label {
                    let reached = (first_node < self.nodes.len()).then_some(first_node);
                    self.lines[line].labelled.insert((number, label.value), (sub_line, reached));
                }
                items.push(Item::Variation { label: v.label.map(|l| l.value), items: nested });
            }
        }
        cur
    }

    fn comments(
        &mut self,
        comments: &[Comment],
        line: usize,
        at: Option<usize>,
        items: &mut Vec<Item>,
    ) {
        for c in comments {
            items.push(Item::Comment { kind: c.kind, segments: self.segments(c, line), at });
        }
    }

    /// The comment's text cut at its references.
    fn segments(&self, c: &Comment, line: usize) -> Vec<Segment> {
        let text = c.text.as_str();
        // The text starts after the `{`.
        let base = c.span.start + 1;
        let mut out = Vec::new();
        let mut done = 0;
        for r in &c.references {
            let (Some(s), Some(e)) = (r.span.start.checked_sub(base), r.span.end.checked_sub(base))
            else {
                continue;
            };
            let (Some(before), Some(written)) = (text.get(done..s), text.get(s..e)) else {
                continue;
            };
            let segment = match &r.value {
                Reference::Hex(hex) | Reference::Piece { hex: Some(hex), .. } => {
                    Segment::Hex(*hex, written.to_string())
                }
                Reference::Move { .. } | Reference::Variation(_) => {
                    Segment::Unresolved(r.value.clone(), line, written.to_string())
                }
                _ => continue,
            };
            if !before.is_empty() {
                out.push(Segment::Text(before.to_string()));
            }
            out.push(segment);
            done = e;
        }
        if let Some(rest) = text.get(done..).filter(|r| !r.is_empty()) {
            out.push(Segment::Text(rest.to_string()));
        }
        out
    }

    fn resolve(&self, items: &mut [Item]) {
        for item in items {
            match item {
                Item::Comment { segments, .. } => {
                    for s in segments.iter_mut() {
                        if let Segment::Unresolved(r, line, text) = s {
                            *s = Segment::Jump(self.target(r, *line), std::mem::take(text));
                        }
                    }
                }
                Item::Variation { items, .. } => self.resolve(items),
                _ => {}
            }
        }
    }

    /// The node a move or variation reference leads to. A path names labelled variations from
    /// the main line (innermost first, as written); without one, the move is looked for in the
    /// comment's line, then in the moves its parent lines play before it branches. A whole pair
    /// (`#14`) leads to the position after it; a whole variation to its first move.
    fn target(&self, r: &Reference, line: usize) -> Option<usize> {
        let through = |path: &[VariationId]| -> Option<(usize, Option<usize>)> {
            let mut at = (0, None);
            for id in path.iter().rev() {
                at = *self.lines.get(at.0)?.labelled.get(&(id.move_number, id.label))?;
            }
            Some(at)
        };
        match r {
            Reference::Variation(id) => through(std::slice::from_ref(id))?.1,
            Reference::Move { number, path, player } => {
                let pick = |(white, black): (Option<usize>, Option<usize>)| match player {
                    Some(Colour::White) => white,
                    Some(Colour::Black) => black,
                    None => black.or(white),
                };
                if !path.is_empty() {
                    return pick(*self.lines.get(through(path)?.0)?.moves.get(number)?);
                }
                // The comment's line, then the moves of its parent lines before each branch.
                let mut at = line;
                let mut before: Option<(u32, bool)> = None;
                loop {
                    let info = self.lines.get(at)?;
                    if let Some(&(white, black)) = info.moves.get(number) {
                        match before {
                            None => return pick((white, black)),
                            Some((n, _)) if *number < n => return pick((white, black)),
                            Some((n, true)) if *number == n && *player != Some(Colour::Black) => {
                                return white;
                            }
                            _ => {}
                        }
                    }
                    before = info.branch;
                    at = info.parent?;
                }
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEEP: &str =
        include_str!("../../../corpus/valid/edge-deep-variations-and-references.ctl-pgn");

    fn page(text: &str) -> GamePage {
        let parsed = ctl_an::parse_file(text);
        let game = ParsedGame::new(parsed.file.games[0].clone(), text);
        build(
            &game,
            text,
            1,
            1,
            &[],
            TextStart::default(),
            &mut Lines::new(text, TextStart::default()),
        )
    }

    fn jumps(items: &[Item], out: &mut Vec<(String, Option<usize>)>) {
        for item in items {
            match item {
                Item::Comment { segments, .. } => {
                    for s in segments {
                        if let Segment::Jump(n, t) = s {
                            out.push((t.clone(), *n));
                        }
                    }
                }
                Item::Variation { items, .. } => jumps(items, out),
                _ => {}
            }
        }
    }

    #[test]
    fn move_references_lead_to_their_move_in_the_line_they_name() {
        let p = page(DEEP);
        let mut found = Vec::new();
        jumps(&p.items, &mut found);
        // The last reference written with this text.
        let label = |text: &str| {
            let (_, n) = found.iter().rfind(|(t, _)| t == text).unwrap_or_else(|| panic!("{text}"));
            p.nodes[n.unwrap_or_else(|| panic!("{text} leads nowhere"))].label.clone()
        };
        assert!(found.iter().all(|(_, n)| n.is_some()), "{found:?}");
        assert_eq!(label("#16[#14.1#12.2]"), "16. …, GG11-E17");
        assert_eq!(label("#14[#12.2]@W"), "14. X6-L7");
        assert_eq!(label("#14@B"), "14. …, GF16-X16");
        // In the variation 14.1 of 12.2: its own move 14, then its parent's before it branched.
        let first = found.iter().find(|(t, _)| t == "#14@B").and_then(|(_, n)| *n);
        assert_eq!(p.nodes[first.unwrap()].label, "14. …, JE19-I19");
        assert_eq!(label("#14"), "14. …, JE19-I19");
        assert_eq!(label("#12.2"), "12. KG1-H4");
    }

    /// Placed walking forward or back, each note is where counting from the start puts it.
    #[test]
    fn notes_are_placed_by_line_and_column_in_the_file() {
        let text = "[Variant \"Moià\"]\n1. E7-E13 {à\nè} ×\n\nF";
        let start = TextStart { line: 4, chars: 7, ..TextStart::default() };
        let counted = |at: usize| {
            let before = &text[..at];
            let lines = before.matches('\n').count();
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
            (start.line + lines + 1, if lines == 0 { start.chars } else { 0 } + column + 1)
        };
        let offsets: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        let mut lines = Lines::new(text, start);
        for &at in offsets.iter().chain(offsets.iter().rev()).chain(&offsets) {
            let d = Diagnostic::warning("W0000", cescacs_diagnostics::Span::new(at, at), "x");
            let note = lines.note(&d);
            assert_eq!((note.line, note.column), counted(at), "{at}");
        }
        // A span inside a character is placed at the character.
        let inside = text.find('à').unwrap() + 1;
        let d = Diagnostic::warning("W0000", cescacs_diagnostics::Span::new(inside, inside), "x");
        assert_eq!(lines.note(&d).column, counted(inside - 1).1);
    }

    #[test]
    fn variations_hang_from_the_position_they_branch_from() {
        let p = page(DEEP);
        let node =
            |id: &str| p.nodes.iter().position(|n| n.id == id).unwrap_or_else(|| panic!("{id}"));
        // (15. …, NG25-I15) replaces Black's 15th move: it starts after White's.
        let alt = node("g1-v5m15b");
        assert_eq!(p.nodes[alt].prev, Some(node("g1-m15w")));
        assert!(p.nodes[node("g1-m15w")].alts.contains(&alt));
        assert_eq!(p.nodes[alt].up, Some(node("g1-m15w")));
        assert_eq!(p.nodes[node("g1-m15w")].next, Some(node("g1-m15b")));
        assert_eq!(
            p.nodes[node("g1-m1w")].marked,
            Some(("K4".parse().unwrap(), "K6".parse().unwrap()))
        );
    }
}
