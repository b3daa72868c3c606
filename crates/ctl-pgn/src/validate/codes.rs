//! The codes of the validation diagnostics (`docs/diagnostics/pgn.md` lists them with examples).
//!
//! `E04xx`/`W04xx`: the coherence level (the spec's minimal reader) and references in comments;
//! `E05xx`/`W05xx`: the rules level.

/// The `[Redefine]` value is not a valid letter table.
pub const BAD_REDEFINE: &str = "E0401";
/// A move that cannot be replayed because of its form: a forced promotion written `=&`.
pub const BAD_FORM: &str = "E0402";
/// A piece letter that names no piece under the game's letters.
pub const UNKNOWN_LETTER: &str = "E0403";
/// The origin does not hold a piece of the side to move of the written kind.
pub const BAD_ORIGIN: &str = "E0404";
/// The destination does not fit the move: own piece, unmarked capture, nothing or another piece
/// to capture.
pub const BAD_DESTINATION: &str = "E0405";
/// An en-passant or scornful capture (`@`, `@@`) without its victim.
pub const BAD_PASSANT: &str = "E0406";
/// A promotion on a hex that is not the pawn's promotion hex, or missing on it.
pub const BAD_PROMOTION: &str = "E0407";
/// A castling whose King or Rook(s) are not at home, or whose end hexes are not free.
pub const BAD_CASTLING: &str = "E0408";
/// A move written for the side that is not to move (`…` where White moves, or a White move where
/// Black does).
pub const WRONG_TURN: &str = "E0409";
/// The result line and the `Result` tag disagree.
pub const RESULT_MISMATCH: &str = "E0410";
/// A pair whose number does not continue the numbering.
pub const MOVE_NUMBER: &str = "W0401";
/// A comment refers to a later move.
pub const LATER_REFERENCE: &str = "W0402";
/// A comment refers to a labelled variation that does not exist.
pub const UNKNOWN_LABEL: &str = "W0403";

/// A move the pieces' rules do not allow (or a passant capture no rule makes).
pub const ILLEGAL_MOVE: &str = "E0501";
/// A move that leaves or puts the mover's King in check.
pub const KING_IN_CHECK: &str = "E0502";
/// A castling condition (rules.md 4.2) fails.
pub const CASTLING_CONDITION: &str = "E0503";
/// A promotion the rules forbid (piece not regainable, Bishop colour, `=&` with a piece available).
pub const PROMOTION_RULE: &str = "E0504";
/// A pawn awaiting promotion must be promoted in place first (rules.md 3.9.6).
pub const FORCED_PROMOTION: &str = "E0505";
/// `#` on a move that does not mate.
pub const FALSE_MATE: &str = "E0506";
/// A check mark on a move that gives no check.
pub const FALSE_CHECK: &str = "E0507";
/// The result contradicts the final position (mate, stalemate) or an automatic draw.
pub const WRONG_RESULT: &str = "E0508";
/// A move written after the game was drawn automatically (fifth repetition, 150 half-moves
/// without capture or pawn move, insufficient material).
pub const MOVE_AFTER_DRAW: &str = "E0509";
/// A check given but not marked.
pub const UNMARKED_CHECK: &str = "W0501";
/// A check marked with the wrong kind (`+^`, `+∞`, `++`).
pub const WRONG_CHECK_KIND: &str = "W0502";
/// A mate not marked `#`.
pub const UNMARKED_MATE: &str = "W0503";
