//! CTL-AN, the algebraic notation of C'escacs: a lexer and a parser that read moves, movetext and
//! whole CTL-PGN texts into a spanned syntax tree, with every syntax problem reported as a
//! [`Diagnostic`].
//!
//! Reading never panics and never stops at the first error: [`parse_file`] returns the tree
//! (possibly partial) together with all diagnostics.
//!
//! - [`parse_file`]: a whole text, every game; [`games`]: the same one game at a time, with
//!   bounded memory; [`parse_movetext`]: a movetext alone.
//! - [`Limits`]: how long a comment, a line, a game's tags and main line, and how deep its
//!   variations may be; [`games_with`], [`parse_file_with`] and [`parse_movetext_with`] read
//!   within other bounds than the defaults.
//! - `"EF12×NF14+^".parse::<syntax::Move>()` and `Display` for one move in canonical form
//!   ([`syntax::Move::read_prefix`] reads one at the start of some bytes; every notation type
//!   of [`syntax`] reads and prints itself the same way); whole games are written in the
//!   export layout by `ctl-pgn`'s game model, the one writer of that layout.
//! - [`written`]: a written move against a position: the legal move it names, with the check
//!   that move gives, or the replay's diagnostic for it.
//! - [`syntax`]: the tree (games, tags, pairs, moves, variations, comments and the references in
//!   them), every node with its byte span; piece letters stay as written and are resolved with a
//!   [`cescacs_board::Letters`] table ([`syntax::PieceLetter::kind`]).
//! - [`lexer`]: the tokens, for tools that need them.
//! - [`boundary`]: where games start, for tools that split a stream of games themselves.
//!
//! How it works: a logos lexer finds the tokens of the text; a hand-written layer splits games
//! and reads tags; a chumsky grammar recognises the movetext (first with chumsky's zero-size
//! error, and again with rich errors only where something is wrong); a builder reads each move
//! with the move's own reader ([`syntax::Move::read_prefix`], which the fast [`scan`]ner uses
//! too), or part by part with the vocabulary types' readers where something is wrong, and the
//! results and comments, into the tree. The diagnostic codes are listed in
//! `docs/diagnostics/syntax.md`.
//!
//! ```
//! let out = ctl_an::parse_file("[Variant \"C'escacs\"]\n1. E7‐E13, E21‐E15 2. EE5-E9: *\n");
//! assert!(out.diagnostics.is_empty());
//! let game = &out.file.games()[0];
//! assert_eq!(game.tags[0].value, "C'escacs");
//! assert_eq!(out.file.ply_count(), 3);
//! ```
#![forbid(unsafe_code)]

mod assemble;
pub mod boundary;
mod bytes;
mod comment;
mod diag;
mod file;
mod grammar;
pub mod lexer;
mod limits;
mod meaning;
pub mod scan;
pub mod syntax;
#[cfg(test)]
mod testing;
pub mod written;

pub use cescacs_diagnostics::{Diagnostic, Severity, Span};
pub use file::{
    GameOutput, Games, ParseOutput, games, games_with, parse_file, parse_file_with, parse_movetext,
    parse_movetext_with,
};
pub use limits::{FILE_BYTES, GAME_BYTES, Limits};
pub use meaning::meaning;
pub use syntax::{MoveParseError, WriteOptions};

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
