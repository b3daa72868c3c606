//! The syntax tree of a CTL-PGN text: games, tags, movetext, moves, comments and references,
//! and the vocabulary of the notation that moves are made of.
//!
//! Every node carries the byte span of the text it was read from. Piece letters are kept as
//! written (a `char` and its span); which piece they name depends on the game's letter table
//! (standard, `[Redefine ...]`, FAN) and is resolved with [`PieceLetter::kind`].
//!
//! Each notation type reads itself from bytes and prints itself, in its own module: a
//! `read_prefix(&[u8]) -> Result<(Self, usize), UnknownSpelling>` (the value spelled at the
//! start of the bytes and its length), `Display`, and `FromStr` (`read_prefix` taking the whole
//! text). [`Move::read_prefix`] is the one reader of a move, shared by the fast scanner and the
//! builder of the tree; the lexer only finds where tokens start and end.
//!
//! ```
//! use ctl_an::syntax::{Castling, CheckMark, Move, Rating};
//! let (m, len) = Move::read_prefix("KRK-HIO+ ?! $14, E21-E15".as_bytes())?;
//! assert_eq!((m.to_string(), len), ("KRK-HIO+ ?! $14".to_string(), 15));
//! assert_eq!("+∞".parse::<CheckMark>()?, CheckMark::Far);
//! assert_eq!(Rating::read_prefix(b"!?, E21")?, (Rating::Interesting, 2));
//! assert!("KRK-HI".parse::<Castling>().is_err());
//! # Ok::<(), ctl_an::syntax::UnknownSpelling>(())
//! ```

mod castling;
mod marks;
mod moves;
mod promotion;
mod result;
mod separator;
mod spanned;
pub(crate) mod spelling;
mod square;
mod tree;

pub use crate::comment::CommentTextError;
pub use castling::{CASTLINGS, Castling, CastlingRooks};
pub use marks::{CheckMark, GameIndicator, Rating};
pub use moves::{Move, MoveKind, MoveParseError, OrdinaryMove, WriteOptions};
pub use promotion::{ForcedPromotion, Promotion, PromotionTarget};
pub use result::GameResult;
pub use separator::Separator;
pub use spanned::Spanned;
pub use spelling::UnknownSpelling;
pub use square::PieceLetter;
pub use tree::{
    Comment, CommentKind, File, HexShade, Movetext, Pair, PairNumber, Ply, Record, Reference, Tag,
    Variation, VariationId, comment_text_with_lf,
};
