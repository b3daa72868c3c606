//! The canonical writer: a game in the export layout of `docs/FORMAT.md`, the one place the
//! layout is written (`cescacs fmt`, `filter` and `convert` write through it).
//!
//! Reading is forgiving and writing is canonical (docs/DECISIONS.md 2): whatever spelling a
//! game was read from, it is written in one fixed layout, and reading that text back gives the
//! same game (spans aside). Comment text, unknown tags and the tag order are kept as they were.

use core::fmt::{self, Write as _};

use ctl_an::WriteOptions;
use ctl_an::syntax::{Comment, Ply, Tag, comment_text_with_lf};

use super::data::{NodeId, PairData, Tree, VariationData};
use super::game::Game;

impl Game {
    /// The game in the canonical layout, with `options` (`ascii`: `*` for `×`, `...` for `…`).
    /// `Display` is this with the default options.
    ///
    /// ```
    /// use ctl_pgn::WriteOptions;
    /// let text = "[Variant \"C'escacs\"] 1. E7‐E13, E21*E15 2. F8-F12: *";
    /// let game = &ctl_pgn::read_str(text)[0].game;
    /// assert_eq!(game.to_string(), "[Variant \"C'escacs\"]\n\n1. E7-E13, E21×E15\n2. F8-F12 :\n*\n");
    /// assert!(game.write(WriteOptions { ascii: true }).contains("E21*E15"));
    /// ```
    pub fn write(&self, options: WriteOptions) -> String {
        let mut out = String::with_capacity(self.tree.span.len() + 256);
        write_game_into(&mut out, &self.tags, &self.tree, options);
        out
    }
}

impl fmt::Display for Game {
    /// The game in the canonical layout ([`Game::write`] with the default options): what
    /// `cescacs fmt` writes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write(WriteOptions::default()))
    }
}

/// Writes one game: one tag per line in their order, one blank line, then the movetext. A game
/// without tags is its movetext alone; a game without movetext is its tags alone.
pub(crate) fn write_game_into(out: &mut String, tags: &[Tag], tree: &Tree, options: WriteOptions) {
    for tag in tags {
        write_tag_into(out, tag);
        out.push('\n');
    }
    let before = out.len();
    let mut w = Writer { out: String::with_capacity(tree.span.len() + 64), options, tree };
    w.movetext();
    if !tags.is_empty() && !w.out.is_empty() {
        out.push('\n');
    }
    debug_assert!(out.len() >= before);
    out.push_str(&w.out);
}

/// Writes a tag as `[Name "value"]`, escaping `"` and `\` in the value.
pub(crate) fn write_tag_into(out: &mut String, tag: &Tag) {
    let _ = write!(out, "[{} \"", tag.name);
    for c in tag.value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]");
}

/// The movetext of a tree in the export layout: opening comments, one pair per line, comments
/// on their own lines after their pair, each variation opening on its own line with one
/// leading dot per nesting level, the result on its own line, closing comments last.
struct Writer<'t> {
    out: String,
    options: WriteOptions,
    tree: &'t Tree,
}

impl Writer<'_> {
    fn movetext(&mut self) {
        let tree = self.tree;
        for c in &tree.opening {
            self.comment(c, 0);
        }
        self.line(tree.get(NodeId::ROOT).and_then(|r| r.next), 0, true);
        if let Some(r) = tree.result {
            self.out.push_str(r.value.as_str());
            self.out.push('\n');
        }
        for c in &tree.closing {
            self.comment(c, 0);
        }
    }

    fn dots(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push('.');
        }
    }

    fn comment(&mut self, c: &Comment, depth: usize) {
        self.dots(depth);
        self.comment_text(c);
        self.out.push('\n');
    }

    fn comment_text(&mut self, c: &Comment) {
        self.out.push('{');
        // The text is kept verbatim except its line ends: the export layout uses LF only.
        self.out.push_str(&comment_text_with_lf(&c.text));
        self.out.push('}');
    }

    fn ply(&mut self, p: &Ply) {
        match p {
            Ply::Move(m) => {
                let _ = m.write_to(&mut self.out, self.options);
            }
            Ply::Omitted(_) => self.omitted(),
            Ply::Invalid { text, .. } => self.out.push_str(text),
        }
    }

    fn omitted(&mut self) {
        self.out.push_str(if self.options.ascii { "..." } else { "…" });
    }

    /// Writes the pairs of the line starting with `first`; the first pair's line is already
    /// started when `start_line` is false.
    fn line(&mut self, first: Option<NodeId>, depth: usize, mut start_line: bool) {
        let tree = self.tree;
        let mut at = first;
        while let Some(head) = at {
            let Some(pair) = tree.pair(head) else { break };
            if start_line {
                self.dots(depth);
            }
            start_line = true;
            self.pair_text(head, pair);
            self.out.push('\n');
            for c in &pair.comments {
                self.comment(c, depth);
            }
            for v in &pair.variations {
                self.variation(v, depth);
            }
            at = tree.next_pair(head);
        }
    }

    fn pair_text(&mut self, head: NodeId, pair: &PairData) {
        let tree = self.tree;
        let number = pair.number;
        let _ = write!(self.out, "{}{} ", number.value, if number.unknown { '?' } else { '.' });
        let Some(node) = tree.get(head) else { return };
        let ply = node.ply.as_ref();
        let black = if pair.omitted.is_some() {
            self.omitted();
            ply
        } else {
            if let Some(p) = ply {
                self.ply(p);
            }
            tree.black_of(head).and_then(|b| tree.get(b)).and_then(|b| b.ply.as_ref())
        };
        if let Some(b) = black {
            self.out.push_str(", ");
            self.ply(b);
        }
    }

    fn variation(&mut self, v: &VariationData, depth: usize) {
        let tree = self.tree;
        self.dots(depth);
        self.out.push('(');
        if let Some(l) = v.label {
            let _ = write!(self.out, "$[{}] ", l.value);
        }
        let inner = depth + 1;
        let mut first = true;
        for c in &v.comments {
            if !first {
                self.dots(inner);
            }
            self.comment_text(c);
            self.out.push('\n');
            first = false;
        }
        let last = tree.line(v.first).filter(|&n| tree.pair(n).is_some()).last();
        if v.first.is_some() {
            self.line(v.first, inner, !first);
            first = false;
        }
        if first {
            // An empty variation.
            self.out.push_str(")\n");
            return;
        }
        if v.closed {
            // `)` joins the last pair's line; after a comment it stands on its own line.
            let last_is_pair = last
                .and_then(|head| tree.pair(head))
                .is_some_and(|p| p.comments.is_empty() && p.variations.is_empty());
            if last_is_pair {
                self.out.pop();
            }
            self.out.push_str(")\n");
        }
    }
}
