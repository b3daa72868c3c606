//! Writing moves and movetext back as text, in the canonical export layout (docs/DECISIONS.md 2).

use core::fmt::Write as _;

use crate::syntax::{Comment, Movetext, Pair, Ply, Variation, WriteOptions};

/// Writes a movetext in the export layout with the default (Unicode) characters.
///
/// ```
/// let (mt, _) = ctl_an::parse_movetext("1. E7‐E13 ?!, E21*E15 {@W: fine} (1. …, F20-F16) 2. F8-F12: 1-1");
/// assert_eq!(ctl_an::write_movetext(&mt), "1. E7-E13 ?!, E21×E15\n{@W: fine}\n(1. …, F20-F16)\n2. F8-F12 :\n1-1\n");
/// ```
pub fn write_movetext(movetext: &Movetext) -> String {
    write_movetext_with(movetext, WriteOptions::default())
}

/// Writes a movetext in the export layout: opening comments, one pair per line, comments on
/// their own lines after their pair, each variation opening on its own line with one leading
/// dot per nesting level, the result on its own line, closing comments last.
pub fn write_movetext_with(movetext: &Movetext, options: WriteOptions) -> String {
    let mut w = Writer { out: String::with_capacity(movetext.span.len() + 64), options };
    for c in &movetext.comments {
        w.comment(c, 0);
    }
    for p in &movetext.pairs {
        w.pair_line(p, 0, true);
    }
    if let Some(r) = movetext.result {
        w.out.push_str(r.value.as_str());
        w.out.push('\n');
    }
    for c in &movetext.closing_comments {
        w.comment(c, 0);
    }
    w.out
}

struct Writer {
    out: String,
    options: WriteOptions,
}

impl Writer {
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
        self.out.push_str(&crate::syntax::comment_text_with_lf(&c.text));
        self.out.push('}');
    }

    fn ply(&mut self, p: &Ply) {
        match p {
            Ply::Move(m) => {
                let _ = m.write_to(&mut self.out, self.options);
            }
            Ply::Omitted(_) => self.out.push_str(if self.options.ascii { "..." } else { "…" }),
            Ply::Invalid { text, .. } => self.out.push_str(text),
        }
    }

    fn pair_text(&mut self, p: &Pair) {
        let _ = write!(self.out, "{}{} ", p.number.value, if p.number.unknown { '?' } else { '.' });
        self.ply(&p.white);
        if let Some(b) = &p.black {
            self.out.push_str(", ");
            self.ply(b);
        }
    }

    /// Writes a pair (its line already started when `start_line` is false), then its comments
    /// and variations on their own lines.
    fn pair_line(&mut self, p: &Pair, depth: usize, start_line: bool) {
        if start_line {
            self.dots(depth);
        }
        self.pair_text(p);
        self.out.push('\n');
        for c in &p.comments {
            self.comment(c, depth);
        }
        for v in &p.variations {
            self.variation(v, depth);
        }
    }

    fn variation(&mut self, v: &Variation, depth: usize) {
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
        for p in &v.pairs {
            self.pair_line(p, inner, !first);
            first = false;
        }
        if first {
            // An empty variation.
            self.out.push_str(")\n");
            return;
        }
        if v.closed {
            // `)` joins the last pair's line; after a comment it stands on its own line.
            let last_is_pair =
                v.pairs.last().is_some_and(|p| p.comments.is_empty() && p.variations.is_empty());
            if last_is_pair {
                self.out.pop();
                self.out.push_str(")\n");
            } else {
                self.out.push_str(")\n");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn comment_line_ends_become_lf() {
        let (mt, d) = crate::parse_movetext("1. E7-E13:\r\n{ one\r\ntwo }\r\n1-1");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(super::write_movetext(&mt), "1. E7-E13 :\n{ one\ntwo }\n1-1\n");
        // A lone CR is a line end too; a CR before a CRLF is two (found by the round-trip fuzzer:
        // writing only CRLF as LF left `\r` + LF, which the next writing changed again).
        let (mt, d) = crate::parse_movetext("1. E7-E13:\n{ one\rtwo\r\r\nthree }\n1-1");
        assert!(d.is_empty(), "{d:?}");
        let written = super::write_movetext(&mt);
        assert_eq!(written, "1. E7-E13 :\n{ one\ntwo\n\nthree }\n1-1\n");
        let (again, _) = crate::parse_movetext(&written);
        assert_eq!(super::write_movetext(&again), written, "writing is idempotent");
    }
}
