//! Folding ranges: each game, its block of tags, each variation, each comment over several
//! lines.

use cescacs_diagnostics::Span;
use ctl_an::syntax::{Comment, Pair};
use lsp_types::{FoldingRange, FoldingRangeKind};

use crate::analysis;

/// The folding ranges of every game of `text`, in order, each over at least two lines.
pub(crate) fn folding_ranges(text: &str) -> Vec<FoldingRange> {
    let lines = Lines::new(text);
    let mut out = Vec::new();
    for (start, end) in analysis::chunk_spans(text) {
        let Some(chunk) = analysis::read_chunk(text, start, end) else { continue };
        let mut fold = |span: Span, kind: Option<FoldingRangeKind>| {
            let span = span.shift(start);
            let (first, last) = (lines.of(span.start), lines.of(span.end.saturating_sub(1)));
            if last > first {
                out.push(FoldingRange {
                    start_line: first,
                    end_line: last,
                    kind,
                    ..FoldingRange::default()
                });
            }
        };
        for game in &chunk.games {
            fold(game.span(), Some(FoldingRangeKind::Region));
            if let (Some(first), Some(last)) = (game.tags().first(), game.tags().last()) {
                fold(Span::new(first.span.start, last.span.end), Some(FoldingRangeKind::Imports));
            }
            let movetext = game.movetext();
            comments(&movetext.comments, &mut fold);
            pairs(&movetext.pairs, &mut fold);
            comments(&movetext.closing_comments, &mut fold);
        }
    }
    out
}

fn pairs(pairs: &[Pair], fold: &mut impl FnMut(Span, Option<FoldingRangeKind>)) {
    for pair in pairs {
        comments(&pair.comments, fold);
        for variation in &pair.variations {
            fold(variation.span, Some(FoldingRangeKind::Region));
            comments(&variation.comments, fold);
            self::pairs(&variation.pairs, fold);
        }
    }
}

fn comments(comments: &[Comment], fold: &mut impl FnMut(Span, Option<FoldingRangeKind>)) {
    for comment in comments {
        fold(comment.span, Some(FoldingRangeKind::Comment));
    }
}

/// The line of a byte offset (lines end at `\n`, `\r\n` or a lone `\r`, as in
/// [`crate::document`]), by a binary search of the lines' starts.
struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    fn new(text: &str) -> Lines {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for at in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                continue;
            }
            starts.push(at + 1);
        }
        Lines { starts }
    }

    fn of(&self, offset: usize) -> u32 {
        let line = self.starts.partition_point(|&s| s <= offset).saturating_sub(1);
        u32::try_from(line).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_tags_variations_and_long_comments_fold() {
        let text = "[Variant \"C'escacs\"]\r\n[White \"A\"]\n{ one\rtwo }\n1. E7-E13, E21-E15\n(1. F8-F12,\n.F20-F16)\n{ short }\n2. F8-F12: *\n\n[Variant \"C'escacs\"]\n1. E7-E13: *\n";
        let found: Vec<(u32, u32, Option<FoldingRangeKind>)> =
            folding_ranges(text).into_iter().map(|f| (f.start_line, f.end_line, f.kind)).collect();
        assert_eq!(
            found,
            [
                (0, 8, Some(FoldingRangeKind::Region)),
                (0, 1, Some(FoldingRangeKind::Imports)),
                (2, 3, Some(FoldingRangeKind::Comment)),
                (5, 6, Some(FoldingRangeKind::Region)),
                (10, 11, Some(FoldingRangeKind::Region)),
            ]
        );
    }
}
