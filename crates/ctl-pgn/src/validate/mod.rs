//! Validation of games at the levels of docs/DECISIONS.md 6: `syntax` (tokens, grammar and tags),
//! `coherence` (the spec's minimal reader: every move of every line replayed for algebraic
//! coherence, setup tags read, references in comments checked) and `rules` (full legality, check
//! marks, forced promotions, the result against the final position).
//!
//! ```
//! use ctl_pgn::{Check, Level};
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11, G21-G15\n3. G7-E13: *\n";
//! let codes = |level| Check::new(level).text(text).diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
//! assert_eq!(codes(Level::Syntax), Vec::<&str>::new());
//! assert_eq!(codes(Level::Coherence), ["E0405"]); // G7-E13 lands on White's own pawn
//! // The Elephant cannot go three hexes; the line goes on at the coherence level.
//! assert_eq!(codes(Level::Rules), ["E0501", "E0405"]);
//! ```

pub mod codes;
pub(crate) mod fast;
pub(crate) mod messages;
pub(crate) mod references;
pub(crate) mod unchecked;

pub use ctl_an::written::move_spec;

/// How deep validation looks, shallowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Tokens, grammar and tags.
    Syntax,
    /// The spec's minimal reader: every move replayed for algebraic coherence.
    Coherence,
    /// Full legality per docs/RULES.md, check marks and results verified.
    Rules,
}
