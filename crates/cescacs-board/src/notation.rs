//! The marks of CTL-AN that the board writes itself (a move's canonical text, its mate mark, a
//! result), each spelled here once, at the lowest layer that needs it. ctl-an's vocabulary types
//! (`Separator`, `CheckMark`, `GameResult`), its scanner and its writer use these constants; the
//! kinds of check are spelled by [`CheckKind::indicator`](crate::CheckKind::indicator), castling
//! by [`BoardCastling::as_str`](crate::BoardCastling::as_str), letters by [`Letters`](crate::Letters).
//! `docs/FORMAT.md` describes them.
//!
//! ```
//! use cescacs_board::{notation, Colour, Outcome, Position};
//! let p = Position::initial();
//! let capture = format!("GH6{}RI3", notation::CAPTURE);
//! assert_eq!(capture, "GH6×RI3");
//! assert_eq!(Outcome::Checkmate { winner: Colour::Black }.result(), notation::BLACK_MATES);
//! assert!(p.legal_moves().iter().all(|m| m.to_string().contains(notation::MOVE)));
//! ```

/// Between the origin and the destination of a move that captures nothing: `-` (U+002D, the
/// canonical form; readers also take the spec's `‐`).
pub const MOVE: &str = "-";

/// Between the origin and the destination of a capture: `×` (U+00D7).
pub const CAPTURE: &str = "\u{d7}";

/// Between the origin and the destination of an en-passant or scornful pawn capture: `@`.
pub const EN_PASSANT: &str = "@";

/// En passant on the first hex a triple step crossed (four lines from the victim): `@@`.
pub const EN_PASSANT_FAR: &str = "@@";

/// Before the piece a pawn promotes to: `=` (`E25-E27=D`).
pub const PROMOTION: &str = "=";

/// After [`PROMOTION`], for a pawn left awaiting promotion: `&` (`=&`).
pub const AWAITING: &str = "&";

/// The check mark of a checkmate: `#`.
pub const MATE: &str = "#";

/// White mates: `3-0`.
pub const WHITE_MATES: &str = "3-0";

/// White stalemates Black: `2-1`.
pub const WHITE_STALEMATES: &str = "2-1";

/// Black mates: `0-3`.
pub const BLACK_MATES: &str = "0-3";

/// Black stalemates White: `1-2`.
pub const BLACK_STALEMATES: &str = "1-2";

/// A draw: `1-1`.
pub const DRAW: &str = "1-1";
