//! The C'escacs board model: the 169 hexes and their geometry, pieces, positions and rules.
//!
//! This crate is the bottom layer of the toolkit and knows nothing of any text format beyond the
//! CTL coordinate of a hex (`F14`) and the letters of the pieces.
//!
//! Each concept has its module, and the root re-exports what a user of the board needs:
//!
//! - [`hex`] and [`direction`]: the board's geometry ([`Hex`], [`Column`], [`Line`],
//!   [`HexColour`], the 12 [`Direction`]s, rays and knight jumps);
//! - [`piece`]: [`Colour`], [`PieceKind`], [`Piece`];
//! - [`position`]: a [`Position`] (placement, side to move, [`CastlingRights`], [`EnPassant`],
//!   counters, [`MoveNumber`]), and the pieces a side may regain ([`Regainable`]);
//! - [`rules`]: the [`Board`] that plays them: legal moves ([`Move`], a legal move with the
//!   check it gives, whose text is canonical CTL-AN; [`BoardMove`] and [`BoardMoveKind`], the
//!   engine's own), check ([`CheckKind`]), the end of a game ([`Outcome`]: its [`Termination`]
//!   and winner; [`DrawReason`]), perft;
//! - [`letters`]: the piece letters of a game ([`Letters`]: standard, `Redefine`, FAN);
//! - [`notation`]: the marks of CTL-AN that the board writes itself.
//!
//! The diagnostics the toolkit's readers report, and the registry of their codes, are the crate
//! `cescacs-diagnostics`'s.
//!
//! [`internals`] holds what only the other crates of the toolkit need: not a stable API.
//!
//! ```
//! use cescacs_board::{Board, Direction, Hex, HexColour, Position};
//! let f14: Hex = "F14".parse()?;
//! assert_eq!(f14.colour(), HexColour::Coloured);
//! assert_eq!(f14.step(Direction::Right).map(|h| h.to_string()), Some("H14".to_string()));
//!
//! // White's 68 first moves, one of them played.
//! let board = Board::new(&Position::initial());
//! let moves = board.legal_moves();
//! assert_eq!(moves.len(), 68);
//! let after = Position::initial().play(&moves[0])?;
//! assert_eq!(Board::new(&after).outcome(), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod direction;
pub mod hex;
pub mod letters;
pub mod notation;
pub mod piece;
pub mod position;
mod regainable;
pub mod rules;
mod text;

pub use direction::{Direction, KNIGHT_VECTORS, Ray};
pub use hex::{Column, HEX_COUNT, Hex, HexColour, HexParseError, Line};
pub use letters::{Letters, RedefineError, RedefineErrorKind};
pub use piece::{Colour, Piece, PieceKind};
pub use position::{CastlingRights, EnPassant, MoveNumber, Position};
pub use regainable::Regainable;
pub use rules::{
    Board, BoardCastling, BoardMove, BoardMoveKind, BoardPromotion, CheckKind, DrawReason,
    IllegalMove, Move, Outcome, ParseCastlingError, Termination,
};
pub use text::ParseTextError;

/// What the other crates of this workspace need of the board's machinery, and a downstream
/// crate should not: **not a stable API**, it changes with them.
///
/// A written move as the notation readers hand it over ([`MoveSpec`](internals::MoveSpec)),
/// matched and played by [`MatchWritten`](internals::MatchWritten) and
/// [`PlayWritten`](internals::PlayWritten) (with what they answer when it does not match,
/// [`MoveError`](internals::MoveError)), and the repetition bookkeeping
/// that `ctl-pgn`'s replay keeps its own way ([`Repetitions`](internals::Repetitions)). To check
/// and replay written games, use `ctl-pgn`; to play moves, [`Board::legal_moves`] and
/// [`Position::play`].
pub mod internals {
    pub use crate::rules::matching::{CastlingCondition, MoveError, MoveSpec, SpecCapture};
    pub use crate::rules::repetition::{REPETITION_CLAIM, REPETITION_DRAW, Repetitions};
    pub use crate::rules::written::{MatchWritten, PlayWritten};
}

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
