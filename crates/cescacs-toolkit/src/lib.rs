//! The operations of the C'escacs notation toolkit, written once for every shell: the
//! `cescacs` command, the language server, the npm package and the Python module call them, so
//! that the same input gives the same diagnostics, the same canonical text and the same
//! positions everywhere. A shell keeps only its own concerns: its arguments, files and
//! terminals, threads, and the values of its language.
//!
//! Each operation works on a text or any reader, game by game where the text may be large
//! (memory bounded by the largest game, never by the text):
//!
//! - [`check`]: a text checked as `cescacs check` checks it, chunk by chunk, each diagnostic as
//!   an entry of `cescacs check --format json` (docs/JSON.md), numbered across the chunks and
//!   capped;
//! - [`fix`]: the fixes of the diagnostics applied (`cescacs check --fix`, an editor's "fix
//!   all", fixes chosen by a caller);
//! - [`format`](mod@format): games written canonically (`cescacs fmt`, and the writing of `filter` and
//!   `convert`), refused where the text says more than its tree holds;
//! - [`convert`]: another letter table (`cescacs convert --letters`);
//! - [`app`]: the official app's format both ways (`cescacs convert --from app`, `--to app`);
//! - [`replay`]: the positions of a game's lines and every error `cescacs replay` reports;
//! - [`position`]: a PDTL read and written, its legal moves, a move played, its picture
//!   ([`picture`]: with arrows and a size);
//! - [`board`]: a position as a board object sees it (the piece on a hex, its outcome, a
//!   written move read against it, check mark verified), and a board to play on with its move
//!   stack ([`board::Board`]);
//! - [`model`]: the games of a text as the game model, with their diagnostics, their nodes as
//!   plain values, and the readings the bindings' game objects need;
//! - [`collection`]: a collection's standings and opening tree (`cescacs standings`,
//!   `cescacs tree`);
//! - [`viewer`]: the game viewer's data for an editor; [`notebook`]: its page for a notebook;
//! - [`lazy`]: a stream's games read only as far as they are used;
//! - [`read`]: the reading every one of them shares (chunks, records, where their
//!   diagnostics are); [`select`]: which games an operation takes; [`names`]: the options'
//!   names.
//!
//! ```
//! use cescacs_toolkit::check::{CheckOptions, check};
//! use cescacs_toolkit::format::{FormatOptions, format};
//! let text = "[Variant \"C'escacs\"]\n1. E7‐E13, E21-E15\n2. EE5-E11: *\n";
//! let checked = check(text.as_bytes(), &CheckOptions::default())?;
//! assert_eq!(checked.diagnostics[0].code, "E0501"); // the Elephant cannot go three hexes
//! let canonical = format(text.as_bytes(), &FormatOptions::default())?.unwrap();
//! assert!(canonical.starts_with("[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n"));
//! # Ok::<(), std::io::Error>(())
//! ```
#![forbid(unsafe_code)]

pub mod app;
pub mod board;
pub mod check;
pub mod collection;
pub mod convert;
pub mod error;
pub mod fix;
pub mod format;
pub mod games;
pub mod lazy;
pub mod model;
pub mod names;
pub mod notebook;
pub mod picture;
pub mod play;
pub mod position;
pub mod read;
pub mod replay;
pub mod select;
pub mod viewer;

/// The types the operations take and give, from the crates below.
pub use cescacs_board::{Colour, Hex, Letters, Position};
pub use cescacs_diagnostics::{Diagnostic, Fix, Severity, Span};
pub use cescacs_diagram::PieceStyle;
pub use ctl_an::Limits;
pub use ctl_pgn::Level;
pub use ctl_pgn::render::{JsonDiagnostic, JsonFix, PositionEncoding};
pub use ctl_pgn::write::WriteOptions;
pub use pdtl::Dialect;
