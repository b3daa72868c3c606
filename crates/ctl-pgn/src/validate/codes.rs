//! The codes of the validation diagnostics (`docs/diagnostics/pgn.md` lists them with examples).
//!
//! `E04xx`/`W04xx`: the coherence level (the spec's minimal reader) and references in comments;
//! `E05xx`/`W05xx`: the rules level.

pub use cescacs_diagnostics::codes::{coherence::*, rules::*};
