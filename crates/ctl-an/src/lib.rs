//! CTL-AN, the algebraic notation of C'escacs: a lexer and a parser that read moves, movetext and
//! whole CTL-PGN texts into a spanned syntax tree, with every syntax problem reported as a
//! [`Diagnostic`].
//!
//! Reading never panics and never stops at the first error: [`parse_file`] returns the tree
//! (possibly partial) together with all diagnostics.
//!
//! ```
//! let out = ctl_an::parse_file("[Variant \"C'escacs\"]\n1. E7‐E13, E21‐E15 2. EE5-E9: *\n");
//! assert!(out.diagnostics.is_empty());
//! let game = &out.file.games()[0];
//! assert_eq!(game.tags[0].value, "C'escacs");
//! assert_eq!(out.file.ply_count(), 3);
//! ```
#![forbid(unsafe_code)]

mod build;
mod comment;
mod diag;
mod file;
mod grammar;
pub mod lexer;
pub mod syntax;
mod write;

pub use cescacs_board::{Diagnostic, Severity, Span};
pub use file::{GameOutput, Games, ParseOutput, games, parse_file, parse_movetext};
pub use write::{MoveParseError, WriteOptions, write_movetext, write_movetext_with};
