//! PDTL (Position Description by Transversal Lines): read and write C'escacs positions.
//!
//! A PDTL string has six fields separated by spaces: the placement line by line from 28 down to 0,
//! the side to move, the castling status, the en-passant or scornful field, the halfmove clock and
//! the move number:
//!
//! ```text
//! /28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1
//! ```
//!
//! Reading ([`read`]) is forgiving where the meaning is clear (warnings) and reports every problem
//! with a stable code and a byte span ([`codes`]); writing ([`write()`]) is canonical, so
//! `write(read(s)) == s` for every canonical `s`. Both take the piece [`Letters`] in use: standard,
//! a `[Redefine "..."]` set, or FAN symbols.
//!
//! ```
//! use cescacs_board::{Letters, Position};
//! let english = Letters::from_redefine("B@J, W@V, Q@D")?;
//! let text = pdtl::write(&Position::initial(), &english);
//! assert!(text.starts_with("/28:w/27:qk/26:gbg/"));
//! let back = pdtl::read(&text, &english);
//! assert_eq!(back.position, Some(Position::initial()));
//! # Ok::<(), cescacs_board::RedefineError>(())
//! ```
#![forbid(unsafe_code)]

mod app;
pub mod codes;
mod dialect;
mod read;
mod write;

pub use cescacs_board::Letters;
pub use dialect::Dialect;
pub use read::{MAX_BYTES, PdtlError, ReadOutput, parse, read, read_in};
pub use write::{to_string, write, write_in};

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
