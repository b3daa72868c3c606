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

/// Fewer than five fields.
pub const MISSING_FIELDS: &str = "E0101";
/// More than six fields.
pub const EXTRA_FIELDS: &str = "E0102";
/// The placement is not `/N:.../N:.../`: a missing slash or colon, an empty line entry.
pub const PLACEMENT_SYNTAX: &str = "E0103";
/// A line number that is not a number from 0 to 28.
pub const BAD_LINE_NUMBER: &str = "E0104";
/// A line number given twice.
pub const REPEATED_LINE: &str = "E0105";
/// A line number not below the previous one (lines go from 28 down to 0).
pub const LINE_ORDER: &str = "E0106";
/// A line with more entries than hexes (rules.md 1.1).
pub const LINE_TOO_LONG: &str = "E0107";
/// A character that names no piece under the letter table in use.
pub const UNKNOWN_LETTER: &str = "E0108";
/// A side has no King.
pub const NO_KING: &str = "E0109";
/// A side has more than one King.
pub const TWO_KINGS: &str = "E0110";
/// A side has more pieces of a kind than it owns (1 D, 1 V, 2 R, 2 G, 2 N, 11 P, 4 E).
pub const TOO_MANY_PIECES: &str = "E0111";
/// A side has two Bishops on hexes of one colour.
pub const BISHOPS_SAME_COLOUR: &str = "E0112";
/// The turn is not `w` or `b`.
pub const BAD_TURN: &str = "E0113";
/// The castling field is not two parts from `RKR`, `KR`, `RK`, `K`, `-`.
pub const CASTLING_SYNTAX: &str = "E0114";
/// The castling field says a King or Rook is unmoved but it is not on its home hex.
pub const CASTLING_CONTRADICTS_BOARD: &str = "E0115";
/// The en-passant / scornful field is not `-`, `HEX`, `HEX@L` or `HEX@L-L`.
pub const EN_PASSANT_SYNTAX: &str = "E0116";
/// The en-passant / scornful hex does not hold a pawn of the side that just moved.
pub const EN_PASSANT_NO_PAWN: &str = "E0117";
/// The lines of the en-passant field are not those a double or triple step to that hex crosses.
pub const EN_PASSANT_LINES: &str = "E0118";
/// A hex the double or triple step crossed, or the hex it started from, is not empty.
pub const EN_PASSANT_NOT_EMPTY: &str = "E0119";
/// No enemy pawn faced the scornful pawn before its move.
pub const SCORNFUL_IMPOSSIBLE: &str = "E0120";
/// The halfmove clock is not a number.
pub const BAD_HALFMOVE_CLOCK: &str = "E0121";
/// The move number is not `?` or a number from 1.
pub const BAD_MOVE_NUMBER: &str = "E0122";
/// The last move was a pawn move (en-passant or scornful field set) but the halfmove clock is not 0.
pub const CLOCK_AFTER_PAWN_MOVE: &str = "E0123";
/// The side not to move is in check: the side to move could take its King (rules.md 6.4).
pub const NOT_TO_MOVE_IN_CHECK: &str = "E0124";
/// A PDTL read in the spec's notation that is written the official app's way (`docs/APP.md`):
/// its castling, en-passant or move-number errors become this one, with the conversion.
pub const APP_DIALECT: &str = "E0125";

/// The five-field form: the move number is missing and read as unknown (decisions.md 3).
pub const FIVE_FIELDS: &str = "W0101";
/// Fields separated by something other than one space, or whitespace around the PDTL.
pub const SPACING: &str = "W0102";
/// A run of empty hexes written as several digits or as `0`.
pub const EMPTY_RUN: &str = "W0103";
/// A line with fewer entries than hexes: the rest is read as empty.
pub const LINE_TOO_SHORT: &str = "W0104";
/// A line that holds no piece (such lines are omitted).
pub const EMPTY_LINE: &str = "W0105";
/// A line number with a leading zero.
pub const LINE_LEADING_ZERO: &str = "W0106";
/// A castling field of a lone `-`, or with a side's part missing (decisions.md 9).
pub const CASTLING_SHORT: &str = "W0107";
/// The two lines of a triple step written in descending order.
pub const TRIPLE_ORDER: &str = "W0108";
/// The Unicode hyphen U+2010 (the spec's typography) where PDTL writes `-`.
pub const UNICODE_HYPHEN: &str = "W0109";
/// The scornful field fits two facing pawns: either may capture (rules.md 11.3).
pub const SCORNFUL_AMBIGUOUS: &str = "W0110";
/// A counter written with leading zeros.
pub const COUNTER_LEADING_ZERO: &str = "W0111";
/// App dialect: a castling part for a side whose King is away from its home hex (the app counts
/// such a King as unmoved), read as `-`.
pub const APP_KING_AWAY: &str = "W0112";
/// App dialect: `KR` where only the Queen's Rook stands on its home hex, read as the spec's `RK`.
pub const APP_KR_QUEENS_ROOK: &str = "W0113";
/// App dialect: `KR` with both Rooks on their home hexes, read as the King's Rook (as the app does).
pub const APP_KR_AMBIGUOUS: &str = "W0114";
/// App dialect: the en-passant field the app writes after a pawn's diagonal capture, dropped.
pub const APP_BOGUS_EN_PASSANT: &str = "W0115";
/// App dialect: a scornful field whose faced pawn is the mover's own, dropped.
pub const APP_OWN_PAWN_SCORNFUL: &str = "W0116";
