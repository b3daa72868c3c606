//! The stable diagnostic codes of the PDTL reader (`E0101`.., `W0101`..).
//!
//! `docs/diagnostics/pdtl.md` lists each with an example input and its message. Codes are never
//! reused for another meaning, so a program may match on them:
//!
//! ```
//! use cescacs_board::Letters;
//! use pdtl::codes;
//! let r = pdtl::read("/27:1k/14:3K3/ w -- - 0", &Letters::standard());
//! let five_fields = r.diagnostics.iter().any(|d| d.code == codes::FIVE_FIELDS);
//! assert!(five_fields && r.position.is_some());
//! ```

pub use cescacs_diagnostics::codes::pdtl::*;
