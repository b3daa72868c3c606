//! From the grammar's raw nodes to the syntax tree: each move read by the move's own reader
//! (or part by part, saying what is wrong: `moves.rs`), the pairs, plies, comments and
//! variations of a line (`movetext.rs`), and where a record ends: its result line, the moves
//! after its end (`records.rs`).

mod moves;
mod movetext;
pub(crate) mod records;

use cescacs_diagnostics::{Diagnostic, Span};

use crate::diag;
use crate::grammar::Tk;

/// Reads token text out of the source and collects diagnostics.
pub(crate) struct Builder<'s> {
    pub src: &'s str,
    /// The tokens of the region being built (moves are read from them).
    pub tokens: &'s [Tk],
    pub diags: Vec<Diagnostic>,
    /// What stands where an unclosed variation should have closed (for its message).
    close_found: Option<String>,
    /// Index in `tokens` after the last move read.
    pub cursor: usize,
    /// A PGN `1...` pair without Black's move yet: where it ends, its diagnostic, its number.
    pgn_pending: Option<(usize, usize, Span)>,
    /// Result lines read after a record's first, and how many of them get an `E0218`
    /// ([`Limits::strays`](crate::Limits::strays)); past that, one `E0229` and the rest skipped.
    /// Counted over every record the builder reads: the reader of games carries the count from
    /// one record of a run without tags to the next, read one at a time (`file/games.rs`).
    pub extra_results: usize,
    pub extra_results_limit: usize,
}

impl<'s> Builder<'s> {
    pub(crate) fn new(src: &'s str) -> Builder<'s> {
        Builder {
            src,
            tokens: &[],
            diags: Vec::new(),
            close_found: None,
            cursor: 0,
            pgn_pending: None,
            extra_results: 0,
            extra_results_limit: crate::limits::Limits::DEFAULT.strays,
        }
    }

    fn text(&self, s: Span) -> &'s str {
        &self.src[s.range()]
    }

    fn en_dash(&mut self, s: Span) {
        self.diags.push(
            Diagnostic::warning(
                diag::EN_DASH,
                s,
                "expected the hyphen `‐` or `-`, found the en dash `–`",
            )
            .with_help("write the hyphen-minus `-` (or the hyphen U+2010)")
            .with_fix(s, "-"),
        );
    }
}
