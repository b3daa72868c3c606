//! The tree of a CTL-PGN text: games (records), tags, movetext, pairs, plies, variations,
//! comments and the references in them. The moves and the vocabulary they are made of have
//! their own modules.

use cescacs_board::{Colour, Hex};
use cescacs_diagnostics::Span;

use super::moves::Move;
use super::result::GameResult;
use super::spanned::Spanned;

/// A whole CTL-PGN text: its games in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct File {
    /// The games (records) of the file.
    pub games: Vec<Record>,
}

impl File {
    /// The games in file order.
    pub fn games(&self) -> &[Record] {
        &self.games
    }

    /// Half-moves written in the main lines of all games (omitted White moves do not count).
    ///
    /// ```
    /// let out = ctl_an::parse_file("[Variant \"C'escacs\"] 1. E7-E13, E21-E15 2. F8-F12: *");
    /// assert_eq!(out.file.ply_count(), 3);
    /// ```
    pub fn ply_count(&self) -> usize {
        self.games.iter().map(|g| g.movetext.ply_count()).sum()
    }
}

/// One record of a file, a game as written: its tags and its movetext (`ctl_pgn::ParsedGame` is
/// a record with its setup read, ready to be replayed).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// From the first tag (or first token) to the end of the movetext.
    pub span: Span,
    /// The tags in the order written.
    pub tags: Vec<Tag>,
    /// The moves, comments and variations.
    pub movetext: Movetext,
}

impl Record {
    /// The first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// Whether the record has neither tags nor moves (text left around games): then it is no
    /// game.
    ///
    /// ```
    /// assert!(ctl_an::syntax::Record::default().is_empty());
    /// let file = ctl_an::parse_file("[Variant \"C'escacs\"] 1. E7-E13: *").file;
    /// assert!(!file.games[0].is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.movetext == Movetext { span: self.movetext.span, ..Movetext::default() }
    }
}

/// A tag `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tag {
    /// From `[` to `]`.
    pub span: Span,
    /// The name as written (`DPTL` stays `DPTL`; the warning offers the fix).
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// The value with the escapes `\"` and `\\` resolved.
    pub value: String,
    /// The value between the quotes (quotes excluded).
    pub value_span: Span,
}

/// The moves of a game: opening comments, the main line, the result and closing comments.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Movetext {
    /// From the first to the last token of the movetext (empty at the end of the tags if none).
    pub span: Span,
    /// Comments before the first move.
    pub comments: Vec<Comment>,
    /// The main line.
    pub pairs: Vec<Pair>,
    /// The result line, if written.
    pub result: Option<Spanned<GameResult>>,
    /// Comments after the result line.
    pub closing_comments: Vec<Comment>,
}

impl Movetext {
    /// Half-moves written in the main line.
    pub fn ply_count(&self) -> usize {
        self.pairs.iter().map(Pair::ply_count).sum()
    }

    /// Whether the record has ended (its result line, or a last move ending with `:` or `#`):
    /// a pair after it starts the next record.
    pub(crate) fn has_ended(&self) -> bool {
        self.result.is_some()
            || self.pairs.last().is_some_and(|p| {
                p.black.as_ref().unwrap_or(&p.white).as_move().is_some_and(Move::ends_game)
            })
    }

    /// The last move written in the main line.
    pub fn last_move(&self) -> Option<&Move> {
        self.pairs
            .iter()
            .rev()
            .find_map(|p| p.black.as_ref().and_then(Ply::as_move).or_else(|| p.white.as_move()))
    }
}

/// A numbered pair `N. WHITE, BLACK` with the comments and variations written after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// From the number to the end of the last move.
    pub span: Span,
    /// The move number.
    pub number: PairNumber,
    /// White's move, or `…` when the line starts with Black.
    pub white: Ply,
    /// Black's move, when written.
    pub black: Option<Ply>,
    /// Comments after the pair, in order.
    pub comments: Vec<Comment>,
    /// Variations after the pair, in order.
    pub variations: Vec<Variation>,
}

impl Pair {
    /// Half-moves written (`…` does not count; a move that could not be read does).
    pub fn ply_count(&self) -> usize {
        usize::from(!matches!(self.white, Ply::Omitted(_))) + usize::from(self.black.is_some())
    }
}

/// The move number of a pair as written: `12.` or, when the numbering is unknown, `1?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PairNumber {
    /// Where.
    pub span: Span,
    /// The number (saturated at `u32::MAX`).
    pub value: u32,
    /// Written with `?`: the real number is unknown, counting goes on from this one.
    pub unknown: bool,
}

/// One side's part of a pair.
// A move is by far the common case: boxing it would cost an allocation per move.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ply {
    /// A move.
    Move(Move),
    /// `…` or `...`: White's move left out (a line that starts with Black).
    Omitted(Span),
    /// Text that could not be read as a move (an error was reported); kept for writing back.
    Invalid {
        /// Where.
        span: Span,
        /// The text as written.
        text: String,
    },
}

impl Ply {
    /// The move, if this is one.
    pub fn as_move(&self) -> Option<&Move> {
        match self {
            Ply::Move(m) => Some(m),
            _ => None,
        }
    }

    /// Where.
    pub fn span(&self) -> Span {
        match self {
            Ply::Move(m) => m.span,
            Ply::Omitted(s) | Ply::Invalid { span: s, .. } => *s,
        }
    }
}

/// A variation `( ... )` replacing the move(s) of the pair it follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variation {
    /// From `(` to `)` (or to its last token when `)` is missing).
    pub span: Span,
    /// The label `$[n]`, if any.
    pub label: Option<Spanned<u32>>,
    /// Comments before its first pair.
    pub comments: Vec<Comment>,
    /// Its moves; the first pair repeats the number of the move it replaces.
    pub pairs: Vec<Pair>,
    /// Whether the closing `)` was found.
    pub closed: bool,
}

impl Variation {
    /// Whether the variation replaces Black's move of its pair (`(N. …, MOVE)`) rather than
    /// White's: it then branches after White's move, and a reader hangs it there.
    ///
    /// ```
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) (1. F8-F12): *\n";
    /// let file = ctl_an::parse_file(text).file;
    /// let variations = &file.games[0].movetext.pairs[0].variations;
    /// assert!(variations[0].starts_with_black());
    /// assert!(!variations[1].starts_with_black());
    /// ```
    pub fn starts_with_black(&self) -> bool {
        self.pairs.first().is_some_and(|p| matches!(p.white, Ply::Omitted(_)))
    }
}

/// A comment's text with every line end (CRLF, or a lone CR, which the reader also takes for a
/// line end) written as LF: how the export layout writes comments, and how two readings of one
/// comment compare.
///
/// ```
/// use ctl_an::syntax::comment_text_with_lf;
/// assert_eq!(comment_text_with_lf(" one\r\ntwo\rthree\r\r\nfour "), " one\ntwo\nthree\n\nfour ");
/// assert_eq!(comment_text_with_lf(" plain "), " plain ");
/// ```
pub fn comment_text_with_lf(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\r') {
        std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// A comment `{ ... }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// From `{` to `}`.
    pub span: Span,
    /// The text between the braces, verbatim.
    pub text: String,
    /// What the comment starts with.
    pub kind: CommentKind,
    /// The references found in the text.
    pub references: Vec<Spanned<Reference>>,
}

/// How a comment starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// Free text.
    Plain,
    /// A player's move comment: `@W:` or `@B:` (`colon` false when the colon is missing).
    Player {
        /// Whose move.
        colour: Colour,
        /// Whether the `:` was written.
        colon: bool,
    },
    /// An automatically generated comment: `{:...}`.
    Automatic,
}

/// One step of a path to a labelled variation: `#12.2` is the variation labelled `$[2]` at move 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VariationId {
    /// The move the variation replaces.
    pub move_number: u32,
    /// Its label.
    pub label: u32,
}

/// Bishop colour qualifier `[d]`, `[l]`, `[c]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HexShade {
    /// `d`: dark.
    Dark,
    /// `l`: light.
    Light,
    /// `c`: coloured.
    Coloured,
}

/// A reference inside a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    /// `@W` or `@B`.
    Player(Colour),
    /// `~E13`: a hex.
    Hex(Hex),
    /// `~J`, `~JF6`, `~J[d]`, `~gL5`: a piece (upper case White, lower case Black).
    Piece {
        /// The letter or symbol as written.
        letter: char,
        /// The piece's hex, when given.
        hex: Option<Hex>,
        /// The bishop's hex colour, when given.
        shade: Option<HexShade>,
    },
    /// `#14`, `#14@B`, `#14[#12.2]`, `#16[#14.1#12.2]@W`: a move of this line or of a labelled
    /// variation (path innermost first, as written).
    Move {
        /// The move number.
        number: u32,
        /// The labelled variations leading to the line of the move.
        path: Vec<VariationId>,
        /// One player's move of the pair.
        player: Option<Colour>,
    },
    /// `#12.2`: all the moves of a labelled variation.
    Variation(VariationId),
    /// `$24`: a NAG.
    Nag(u32),
}
