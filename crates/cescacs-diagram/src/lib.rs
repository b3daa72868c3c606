//! Pictures of C'escacs positions: a plain-text diagram for terminals and hovers, and a
//! self-contained SVG of the 169-hex board in its three hex colours.
//!
//! This crate knows the board model ([`cescacs_board`]) and nothing of any notation parser: give
//! it a [`Position`](cescacs_board::Position) and, for a game, the last move's origin and
//! destination.
//!
//! ```
//! use cescacs_board::Position;
//! use cescacs_diagram::Diagram;
//! let initial = Position::initial();
//! let text = Diagram::new(&initial).to_text();
//! assert!(text.starts_with("   P T A B C D E F G H I K L X Z\n28               v\n"));
//! let svg = Diagram::new(&initial).flipped(true).to_svg();
//! assert_eq!(svg.matches("<polygon class=\"hex").count(), 169);
//! ```
//!
//! Geometry: hexes are flat-topped, so every column (`P` to `Z`, left to right as White sees
//! the board) is a vertical file of hexes sharing their flat edges, and every cross-line is a
//! horizontal row. A column steps two lines from one hex to the next and neighbouring columns are
//! one line apart, which is exactly docs/RULES.md 1.1: orthogonal steps cross an edge, diagonal steps
//! pass through a corner (the diagonal along a line is horizontal).
#![forbid(unsafe_code)]

mod diagram;
mod geometry;
mod svg;
mod text;

pub use diagram::{Diagram, PieceStyle};
pub use geometry::{Layout, Point};
pub use svg::{PALETTE, Palette, escape};

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
