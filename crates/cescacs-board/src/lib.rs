//! The C'escacs board model: the 169 hexes and their geometry, pieces, positions and rules.
//!
//! This crate is the bottom layer of the toolkit and knows nothing of any text format beyond the
//! CTL coordinate of a hex (`F14`) and the letters of the pieces.
//!
//! ```
//! use cescacs_board::{Direction, Hex, HexColour};
//! let f14: Hex = "F14".parse()?;
//! assert_eq!(f14.colour(), HexColour::Coloured);
//! assert_eq!(f14.step(Direction::Right).map(|h| h.to_string()), Some("H14".to_string()));
//! # Ok::<(), cescacs_board::HexParseError>(())
//! ```
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod codes;
mod diagnostic;
mod direction;
mod hex;
mod letters;
pub mod notation;
mod piece;
mod position;
mod regainable;
mod rules;
pub mod terminal;
mod text;

pub use diagnostic::{Diagnostic, Fix, Label, Severity, Span, grouped};
pub use direction::{Direction, KNIGHT_VECTORS, Ray};
pub use hex::{Column, HEX_COUNT, Hex, HexColour, HexParseError, Line};
pub use letters::{Letters, RedefineError, RedefineErrorKind};
pub use piece::{Colour, Piece, PieceKind};
pub use position::{CastlingRights, EnPassant, MoveNumber, Position};
pub use regainable::Regainable;
pub use rules::{
    Board, BoardCastling, BoardMove, BoardMoveKind, BoardPromotion, CastlingCondition, CheckKind,
    DrawReason, IllegalMove, MoveError, MoveSpec, Outcome, ParseCastlingError, REPETITION_CLAIM,
    REPETITION_DRAW, Repetitions, SpecCapture,
};
pub use text::ParseTextError;

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
