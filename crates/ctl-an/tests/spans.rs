//! Walks every tree read from the fixtures (and the corpus when present) and checks that spans
//! nest, increase, lie inside the source and fall on UTF-8 character boundaries.

use ctl_an::Span;
use ctl_an::syntax::{
    Comment, Move, MoveKind, Movetext, Pair, Ply, PromotionTarget, Record, Variation,
};

struct Walker<'s> {
    src: &'s str,
    checked: usize,
}

impl Walker<'_> {
    fn span(&mut self, s: Span, what: &str) {
        assert!(s.start <= s.end && s.end <= self.src.len(), "{what} {s} outside the source");
        assert!(
            self.src.is_char_boundary(s.start) && self.src.is_char_boundary(s.end),
            "{what} {s} splits a character"
        );
        self.checked += 1;
    }

    /// `children` must lie inside `parent`, in increasing order, without overlapping.
    fn nest(&mut self, parent: Span, children: &[Span], what: &str) {
        self.span(parent, what);
        let mut at = parent.start;
        for &c in children {
            self.span(c, what);
            assert!(
                c.start >= at && c.end <= parent.end,
                "{what}: {c} not inside {parent} after {at}: {:?}",
                &self.src[parent.range()]
            );
            at = c.end;
        }
    }

    fn comment(&mut self, c: &Comment) {
        let refs: Vec<Span> = c.references.iter().map(|r| r.span).collect();
        self.nest(c.span, &refs, "comment");
        assert_eq!(&self.src[c.span.start + 1..c.span.start + 1 + c.text.len()], c.text);
    }

    fn mv(&mut self, m: &Move) {
        let mut parts = Vec::new();
        match &m.kind {
            MoveKind::Ordinary(o) => {
                parts.extend(o.piece.map(|p| p.span));
                parts.push(o.from.span);
                parts.push(o.separator.span);
                parts.extend(o.captured.map(|p| p.span));
                parts.push(o.to.span);
                if let Some(p) = o.promotion {
                    parts.push(p.span);
                    if let PromotionTarget::Piece(l) = p.target {
                        self.nest(p.span, &[l.span], "promotion");
                    }
                }
            }
            MoveKind::ForcedPromotion(f) => parts.extend([f.hex.span, f.promotion.span]),
            MoveKind::Castling(_) => {}
        }
        parts.extend(m.check.map(|c| c.span));
        parts.extend(m.rating.map(|r| r.span));
        parts.extend(m.nags.iter().map(|n| n.span));
        parts.extend(m.draw_offer);
        parts.extend(m.end);
        self.nest(m.span, &parts, "move");
    }

    fn ply(&mut self, p: &Ply) {
        match p {
            Ply::Move(m) => self.mv(m),
            other => self.span(other.span(), "ply"),
        }
    }

    fn pair(&mut self, p: &Pair) {
        let mut parts = vec![p.number.span, p.white.span()];
        parts.extend(p.black.as_ref().map(Ply::span));
        self.nest(p.span, &parts, "pair");
        self.ply(&p.white);
        if let Some(b) = &p.black {
            self.ply(b);
        }
        for c in &p.comments {
            self.comment(c);
        }
        for v in &p.variations {
            self.variation(v);
        }
    }

    /// The spans of a pair followed by its comments and variations, in text order.
    fn line_spans(pairs: &[Pair]) -> Vec<Span> {
        let mut out = Vec::new();
        for p in pairs {
            out.push(p.span);
            let mut after: Vec<Span> = p
                .comments
                .iter()
                .map(|c| c.span)
                .chain(p.variations.iter().map(|v| v.span))
                .collect();
            after.sort();
            out.extend(after);
        }
        out
    }

    fn variation(&mut self, v: &Variation) {
        let mut parts: Vec<Span> = v.label.iter().map(|l| l.span).collect();
        parts.extend(v.comments.iter().map(|c| c.span));
        parts.extend(Self::line_spans(&v.pairs));
        self.nest(v.span, &parts, "variation");
        for c in &v.comments {
            self.comment(c);
        }
        for p in &v.pairs {
            self.pair(p);
        }
    }

    fn movetext(&mut self, m: &Movetext) {
        let mut parts: Vec<Span> = m.comments.iter().map(|c| c.span).collect();
        parts.extend(Self::line_spans(&m.pairs));
        parts.extend(m.result.map(|r| r.span));
        parts.extend(m.closing_comments.iter().map(|c| c.span));
        self.nest(m.span, &parts, "movetext");
        for c in m.comments.iter().chain(&m.closing_comments) {
            self.comment(c);
        }
        for p in &m.pairs {
            self.pair(p);
        }
    }

    fn game(&mut self, g: &Record) {
        let mut parts: Vec<Span> = g.tags.iter().map(|t| t.span).collect();
        if !g.movetext.span.is_empty() {
            parts.push(g.movetext.span);
        }
        self.nest(g.span, &parts, "game");
        for t in &g.tags {
            self.nest(t.span, &[t.name_span, t.value_span], "tag");
        }
        self.movetext(&g.movetext);
    }
}

fn walk(src: &str) -> usize {
    let out = ctl_an::parse_file(src);
    let mut w = Walker { src, checked: 0 };
    let mut at = 0;
    for g in out.file.games() {
        assert!(g.span.start >= at, "games overlap");
        at = g.span.end;
        w.game(g);
    }
    for d in &out.diagnostics {
        w.span(d.span, "diagnostic");
        for l in &d.labels {
            w.span(l.span, "label");
        }
        for f in &d.fixes {
            w.span(f.span, "fix");
        }
    }
    w.checked
}

fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(files(p.to_str().unwrap_or_default()));
            } else if p.extension().is_some_and(|x| x == "ctl-pgn") {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn spans_of_every_fixture_and_corpus_tree() {
    let root = env!("CARGO_MANIFEST_DIR");
    let fixtures = files(&format!("{root}/tests/fixtures"));
    // The corpus's edge cases are small on purpose (one problem each): a lower floor.
    let corpus = files(&format!("{root}/../../corpus"));
    assert!(fixtures.len() + corpus.len() >= 10);
    for (paths, floor) in [(fixtures, 50), (corpus, 20)] {
        for p in paths {
            let src = std::fs::read_to_string(&p).unwrap();
            assert!(walk(&src) > floor, "{}", p.display());
        }
    }
}

#[test]
fn spans_of_the_malformed_golden_inputs() {
    let golden = include_str!("golden/malformed.txt");
    for case in golden.split("=== ").skip(1) {
        let input = case.split_once('\n').map(|(_, rest)| rest).unwrap_or_default();
        let input = input.split("\n---\n").next().unwrap_or_default();
        walk(input);
    }
}
