//! The codes this module's diagnostics carry (`E04xx`, `E05xx`: the registry is the board's).

pub(crate) use cescacs_diagnostics::codes::{coherence::*, rules::*};
