//! The syntax tree of a CTL-PGN text: games, tags, movetext, moves, comments and references.
//!
//! Every node carries the byte span of the text it was read from. Piece letters are kept as
//! written (a `char` and its span); which piece they name depends on the game's letter table
//! (standard, `[Redefine ...]`, FAN) and is resolved with [`PieceLetter::kind`].

use core::fmt;
use core::str::FromStr;

use cescacs_board::{
    CheckKind, Colour, Column, Diagnostic, Hex, Letters, PieceKind, Span, notation,
};

/// A text that spells no value of a vocabulary type ([`Rating`], [`CheckMark`], [`Separator`],
/// [`GameIndicator`], [`GameResult`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownSpelling {
    /// What was expected: `rating`, `check mark`...
    pub expected: &'static str,
}

impl fmt::Display for UnknownSpelling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {}", self.expected)
    }
}

impl std::error::Error for UnknownSpelling {}

/// `Display` (the type's `as_str`) and `FromStr` (its `read_prefix`, which must take the whole
/// text) of a vocabulary type: the one place each spelling is printed and read.
macro_rules! spelled {
    ($type:ident, $what:literal) => {
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $type {
            type Err = UnknownSpelling;

            /// Reads exactly one spelling of the value.
            fn from_str(s: &str) -> Result<$type, UnknownSpelling> {
                match $type::read_prefix(s.as_bytes()) {
                    Some((value, len)) if len == s.len() => Ok(value),
                    _ => Err(UnknownSpelling { expected: $what }),
                }
            }
        }
    };
}

/// A value and the bytes it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// A value at a span.
    pub const fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

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

/// One record of a file, a game as written: its tags and its movetext (`ctl_pgn::Game` is
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

/// A move with its marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// From the first character of the move to its last mark.
    pub span: Span,
    /// What the move is.
    pub kind: MoveKind,
    /// `+`, `+^`, `+∞`, `++` or `#`.
    pub check: Option<Spanned<CheckMark>>,
    /// `?`, `??`, `?!`, `!`, `!!`, `!?` or `◇`.
    pub rating: Option<Spanned<Rating>>,
    /// Numeric annotation glyphs `$n` written after the move.
    pub nags: Vec<Spanned<u32>>,
    /// `(=)`: a draw offer.
    pub draw_offer: Option<Span>,
    /// `:`: the last move of the game (end or interruption).
    pub end: Option<Span>,
}

impl Move {
    /// The piece letters written in the move: the mover's, the captured piece's, the
    /// promotion's; to rewrite them in other letters.
    ///
    /// ```
    /// use cescacs_board::{Letters, PieceKind};
    /// let mut m: ctl_an::syntax::Move = "NF12×EF14=D+^".parse()?;
    /// for letter in m.letters_mut() {
    ///     let kind = PieceKind::from_letter(letter.letter).unwrap();
    ///     letter.letter = Letters::fan().move_letter(kind);
    /// }
    /// assert_eq!(m.to_string(), "♘F12×☖F14=♕+^");
    /// # Ok::<(), ctl_an::MoveParseError>(())
    /// ```
    pub fn letters_mut(&mut self) -> impl Iterator<Item = &mut PieceLetter> {
        fn target(p: Option<&mut Promotion>) -> Option<&mut PieceLetter> {
            p.and_then(|p| match &mut p.target {
                PromotionTarget::Piece(letter) => Some(letter),
                PromotionTarget::Awaiting => None,
            })
        }
        let letters = match &mut self.kind {
            MoveKind::Ordinary(o) => {
                [o.piece.as_mut(), o.captured.as_mut(), target(o.promotion.as_mut())]
            }
            MoveKind::ForcedPromotion(f) => [target(Some(&mut f.promotion)), None, None],
            MoveKind::Castling(_) => [None, None, None],
        };
        letters.into_iter().flatten()
    }

    /// Whether the move ends the game: `:` or checkmate `#`.
    pub fn ends_game(&self) -> bool {
        // Both tests, without a branch between them (the scanner asks it of every move).
        self.end.is_some() | matches!(self.check, Some(Spanned { value: CheckMark::Mate, .. }))
    }
}

/// Why a text is not a single move: the diagnostics, with spans into that text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveParseError {
    /// The problems found (at least one error).
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostics.iter().find(|d| d.is_error()) {
            Some(d) => write!(f, "{} (at {})", d.message, d.span),
            None => f.write_str("not a move"),
        }
    }
}

impl std::error::Error for MoveParseError {}

/// The three forms of a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveKind {
    /// Piece, origin, separator, captured piece, destination, promotion.
    Ordinary(OrdinaryMove),
    /// `KRK-…`, `KRD-…`, `KRR-…`.
    Castling(Castling),
    /// The promotion of a pawn awaiting promotion, written from its hex: `E27=D`.
    ForcedPromotion(ForcedPromotion),
}

/// A piece letter as written (standard, alternative after `[Redefine]`, or a FAN symbol).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceLetter {
    /// The character.
    pub letter: char,
    /// Where.
    pub span: Span,
}

impl PieceLetter {
    /// The piece kind this letter names under a letter table (`None`: not valid there).
    ///
    /// ```
    /// use cescacs_board::{Letters, PieceKind};
    /// use ctl_an::syntax::MoveKind;
    /// let m: ctl_an::syntax::Move = "BF6-C15".parse().unwrap();
    /// let MoveKind::Ordinary(o) = &m.kind else { unreachable!() };
    /// let english = Letters::from_redefine("B@J, Q@D, W@V").unwrap();
    /// assert_eq!(o.piece.unwrap().kind(&english), Some(PieceKind::Bishop));
    /// assert_eq!(o.piece.unwrap().kind(&Letters::standard()), None);
    /// ```
    pub fn kind(&self, letters: &Letters) -> Option<PieceKind> {
        letters.kind_of_move_letter(self.letter)
    }
}

/// A move from one hex to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrdinaryMove {
    /// The moving piece; `None` for a pawn.
    pub piece: Option<PieceLetter>,
    /// Origin hex.
    pub from: Spanned<Hex>,
    /// How origin and destination are separated.
    pub separator: Spanned<Separator>,
    /// The captured piece written before the destination (`×NF14`); `None` for a pawn or no capture.
    pub captured: Option<PieceLetter>,
    /// Destination hex.
    pub to: Spanned<Hex>,
    /// `=X` or `=&`.
    pub promotion: Option<Promotion>,
}

/// The separator between origin and destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Separator {
    /// `‐` (U+2010), the spec's hyphen.
    Hyphen,
    /// `-` (U+002D).
    HyphenMinus,
    /// `–` (U+2013), accepted with a warning.
    EnDash,
    /// `×` (U+00D7).
    Times,
    /// `*`, the keyboard form of `×`.
    Asterisk,
    /// `@`: en passant or scornful pawn capture.
    At,
    /// `@@`: en passant on the first hex crossed by a triple step.
    DoubleAt,
}

impl Separator {
    /// Whether the move is a capture (`×`, `*`, `@`, `@@`).
    pub const fn is_capture(self) -> bool {
        !matches!(self, Separator::Hyphen | Separator::HyphenMinus | Separator::EnDash)
    }

    /// Whether it is `@` or `@@`.
    pub const fn is_en_passant(self) -> bool {
        matches!(self, Separator::At | Separator::DoubleAt)
    }

    /// Every separator, in declaration order.
    pub const ALL: [Separator; 7] = [
        Separator::Hyphen,
        Separator::HyphenMinus,
        Separator::EnDash,
        Separator::Times,
        Separator::Asterisk,
        Separator::At,
        Separator::DoubleAt,
    ];

    /// The text of the separator as written: `‐`, `-`, `–`, `×`, `*`, `@` or `@@`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Separator::Hyphen => "\u{2010}",
            Separator::HyphenMinus => notation::MOVE,
            Separator::EnDash => "\u{2013}",
            Separator::Times => notation::CAPTURE,
            Separator::Asterisk => "*",
            Separator::At => notation::EN_PASSANT,
            Separator::DoubleAt => notation::EN_PASSANT_FAR,
        }
    }

    /// The separator spelled at the start of `text` (the longest spelling, `@@` before `@`), and
    /// its length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::Separator;
    /// assert_eq!(Separator::read_prefix("×NF14".as_bytes()), Some((Separator::Times, 2)));
    /// assert_eq!(Separator::read_prefix(b"@@G9"), Some((Separator::DoubleAt, 2)));
    /// assert_eq!(Separator::read_prefix(b"xF16"), None);
    /// ```
    #[inline(always)]
    pub fn read_prefix(text: &[u8]) -> Option<(Separator, usize)> {
        const HYPHEN: &[u8] = Separator::Hyphen.as_str().as_bytes();
        const EN_DASH: &[u8] = Separator::EnDash.as_str().as_bytes();
        const TIMES: &[u8] = Separator::Times.as_str().as_bytes();
        const MINUS: u8 = Separator::HyphenMinus.as_str().as_bytes()[0];
        const STAR: u8 = Separator::Asterisk.as_str().as_bytes()[0];
        const AT: u8 = Separator::At.as_str().as_bytes()[0];
        Some(match *text {
            [MINUS, ..] => (Separator::HyphenMinus, 1),
            [STAR, ..] => (Separator::Asterisk, 1),
            [AT, AT, ..] => (Separator::DoubleAt, 2),
            [AT, ..] => (Separator::At, 1),
            _ if text.starts_with(TIMES) => (Separator::Times, TIMES.len()),
            _ if text.starts_with(HYPHEN) => (Separator::Hyphen, HYPHEN.len()),
            _ if text.starts_with(EN_DASH) => (Separator::EnDash, EN_DASH.len()),
            _ => return None,
        })
    }

    /// The canonical text (`-`, `×`, `@`, `@@`), or with `ascii` the keyboard one (`*` for `×`).
    pub const fn canonical(self, ascii: bool) -> &'static str {
        match self {
            Separator::Hyphen | Separator::HyphenMinus | Separator::EnDash => {
                Separator::HyphenMinus.as_str()
            }
            Separator::Times | Separator::Asterisk if ascii => Separator::Asterisk.as_str(),
            Separator::Times | Separator::Asterisk => Separator::Times.as_str(),
            Separator::At | Separator::DoubleAt => self.as_str(),
        }
    }
}

spelled!(Separator, "separator");

/// A promotion suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Promotion {
    /// From `=` to the end.
    pub span: Span,
    /// The new piece, or awaiting.
    pub target: PromotionTarget,
}

/// What a pawn promotes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromotionTarget {
    /// `=X`: the regained piece.
    Piece(PieceLetter),
    /// `=&`: no regainable piece; the pawn awaits promotion.
    Awaiting,
}

/// `E27=D`: the forced promotion of a pawn that was awaiting it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedPromotion {
    /// The pawn's hex.
    pub hex: Spanned<Hex>,
    /// The promotion.
    pub promotion: Promotion,
}

/// Which rook(s) castle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingRooks {
    /// `KRK`: the King's Rook (I3 / I25).
    King,
    /// `KRD`: the Queen's Rook (C3 / C25).
    Queen,
    /// `KRR`: both (double castling).
    Both,
}

/// A castling, one of the 24 valid strings of docs/RULES.md 4.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Castling {
    /// Which rook(s).
    pub rooks: CastlingRooks,
    /// The separator as written (`‐`, `-` or, warned, `–`).
    pub separator: Separator,
    /// The King's target column.
    pub king: Column,
    /// The King's Rook's target column (`KRK`, `KRR`).
    pub king_rook: Option<Column>,
    /// The Queen's Rook's target column (`KRD`, `KRR`).
    pub queen_rook: Option<Column>,
    /// `O` (1) or `OO` (2) in `KRK-HIO` / `KRK-HIOO`; 0 otherwise.
    pub rook_steps: u8,
}

/// The 24 valid castling strings (docs/RULES.md 4.3), without the separator: `KRK`, `HIO`…
pub const CASTLINGS: [(&str, &str); 24] = [
    ("KRK", "II"),
    ("KRK", "IK"),
    ("KRK", "IH"),
    ("KRK", "HIO"),
    ("KRK", "HIOO"),
    ("KRK", "HH"),
    ("KRK", "HG"),
    ("KRK", "FG"),
    ("KRK", "FE"),
    ("KRK", "EF"),
    ("KRK", "EE"),
    ("KRD", "DD"),
    ("KRD", "DE"),
    ("KRD", "HH"),
    ("KRD", "HG"),
    ("KRD", "FG"),
    ("KRD", "FE"),
    ("KRD", "EF"),
    ("KRD", "ED"),
    ("KRR", "HIH"),
    ("KRR", "HGG"),
    ("KRR", "FGG"),
    ("KRR", "FEE"),
    ("KRR", "EEF"),
];

impl Castling {
    /// The castling named by a prefix (`KRK`, `KRD`, `KRR`) and the columns after the separator,
    /// if it is one of the 24 valid strings.
    ///
    /// ```
    /// use cescacs_board::Column;
    /// use ctl_an::syntax::{Castling, CastlingRooks, Separator};
    /// let c = Castling::from_parts("KRK", "HIO", Separator::HyphenMinus).unwrap();
    /// assert_eq!((c.rooks, c.king, c.king_rook, c.rook_steps), (CastlingRooks::King, Column::H, Some(Column::I), 1));
    /// assert!(Castling::from_parts("KRK", "HI", Separator::HyphenMinus).is_none());
    /// ```
    pub fn from_parts(prefix: &str, columns: &str, separator: Separator) -> Option<Castling> {
        if !CASTLINGS.iter().any(|&(p, c)| p == prefix && c == columns) {
            return None;
        }
        let b = columns.as_bytes();
        let col = |i: usize| Column::from_char(b[i] as char);
        let king = col(0)?;
        let (rooks, king_rook, queen_rook) = match prefix {
            "KRK" => (CastlingRooks::King, col(1), None),
            "KRD" => (CastlingRooks::Queen, None, col(1)),
            _ => (CastlingRooks::Both, col(1), col(2)),
        };
        let rook_steps = b.iter().filter(|&&c| c == b'O').count() as u8;
        Some(Castling { rooks, separator, king, king_rook, queen_rook, rook_steps })
    }

    /// The prefix: `KRK`, `KRD` or `KRR`.
    pub const fn prefix(&self) -> &'static str {
        match self.rooks {
            CastlingRooks::King => "KRK",
            CastlingRooks::Queen => "KRD",
            CastlingRooks::Both => "KRR",
        }
    }

    /// The columns after the separator, with `O`/`OO`: `HIO`, `DE`, `HGG`.
    pub fn columns(&self) -> String {
        let mut s = String::with_capacity(4);
        s.push(self.king.char());
        if let Some(c) = self.king_rook {
            s.push(c.char());
        }
        if let Some(c) = self.queen_rook {
            s.push(c.char());
        }
        for _ in 0..self.rook_steps {
            s.push('O');
        }
        s
    }
}

/// The check mark of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// `+`
    Check,
    /// `+^`: adjoining or knight-leap check.
    Adjoining,
    /// `+∞`: check from afar.
    Far,
    /// `++`: double check.
    Double,
    /// `#`: checkmate (also ends the game).
    Mate,
}

impl CheckMark {
    /// Every check mark, in declaration order.
    pub const ALL: [CheckMark; 5] = [
        CheckMark::Check,
        CheckMark::Adjoining,
        CheckMark::Far,
        CheckMark::Double,
        CheckMark::Mate,
    ];

    /// The text of the mark (the three kinds of check are spelled by the board's [`CheckKind`]).
    pub const fn as_str(self) -> &'static str {
        match self {
            CheckMark::Check => "+",
            CheckMark::Adjoining => CheckKind::Adjoining.indicator(),
            CheckMark::Far => CheckKind::Afar.indicator(),
            CheckMark::Double => CheckKind::Double.indicator(),
            CheckMark::Mate => notation::MATE,
        }
    }

    /// The mark of a kind of check.
    pub const fn of_kind(kind: CheckKind) -> CheckMark {
        match kind {
            CheckKind::Adjoining => CheckMark::Adjoining,
            CheckKind::Afar => CheckMark::Far,
            CheckKind::Double => CheckMark::Double,
        }
    }

    /// The check mark spelled at the start of `text` (the longest: `+^` before `+`), and its
    /// length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::CheckMark;
    /// assert_eq!(CheckMark::read_prefix("+∞ ?".as_bytes()), Some((CheckMark::Far, 4)));
    /// assert_eq!(CheckMark::read_prefix(b"+, E21"), Some((CheckMark::Check, 1)));
    /// assert_eq!(CheckMark::read_prefix(b", E21"), None);
    /// ```
    #[inline(always)]
    pub fn read_prefix(text: &[u8]) -> Option<(CheckMark, usize)> {
        const FAR: &[u8] = CheckMark::Far.as_str().as_bytes();
        const MATE: u8 = CheckMark::Mate.as_str().as_bytes()[0];
        // Most moves carry no mark: one comparison of the first byte says so.
        match *text {
            [MATE, ..] => Some((CheckMark::Mate, 1)),
            [b'+', second, ..] => Some(match second {
                b'^' => (CheckMark::Adjoining, 2),
                b'+' => (CheckMark::Double, 2),
                _ if text.starts_with(FAR) => (CheckMark::Far, FAR.len()),
                _ => (CheckMark::Check, 1),
            }),
            [b'+'] => Some((CheckMark::Check, 1)),
            _ => None,
        }
    }
}

spelled!(CheckMark, "check mark");

/// A move rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rating {
    /// `?` poor move ($2).
    Mistake,
    /// `??` blunder ($4).
    Blunder,
    /// `?!` dubious ($6).
    Dubious,
    /// `!` good move ($1).
    Good,
    /// `!!` brilliant ($3).
    Brilliant,
    /// `!?` interesting ($5).
    Interesting,
    /// `◇` forced, only move ($7).
    Forced,
}

impl Rating {
    /// Every rating, in declaration order.
    pub const ALL: [Rating; 7] = [
        Rating::Mistake,
        Rating::Blunder,
        Rating::Dubious,
        Rating::Good,
        Rating::Brilliant,
        Rating::Interesting,
        Rating::Forced,
    ];

    /// The text of the rating.
    pub const fn as_str(self) -> &'static str {
        match self {
            Rating::Mistake => "?",
            Rating::Blunder => "??",
            Rating::Dubious => "?!",
            Rating::Good => "!",
            Rating::Brilliant => "!!",
            Rating::Interesting => "!?",
            Rating::Forced => "◇",
        }
    }

    /// The equivalent NAG number.
    pub const fn nag(self) -> u32 {
        match self {
            Rating::Good => 1,
            Rating::Mistake => 2,
            Rating::Brilliant => 3,
            Rating::Blunder => 4,
            Rating::Interesting => 5,
            Rating::Dubious => 6,
            Rating::Forced => 7,
        }
    }

    /// The rating a NAG number stands for (`$6` is `?!`).
    ///
    /// ```
    /// use ctl_an::syntax::Rating;
    /// assert_eq!(Rating::from_nag(6), Some(Rating::Dubious));
    /// assert_eq!(Rating::from_nag(14), None);
    /// ```
    pub fn from_nag(nag: u32) -> Option<Rating> {
        Rating::ALL.into_iter().find(|r| r.nag() == nag)
    }

    /// The rating spelled at the start of `text` (the longest: `?!` before `?`), and its length
    /// in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::Rating;
    /// assert_eq!(Rating::read_prefix(b"?! $14"), Some((Rating::Dubious, 2)));
    /// assert_eq!(Rating::read_prefix("◇:".as_bytes()), Some((Rating::Forced, 3)));
    /// assert_eq!(Rating::read_prefix(b"$14"), None);
    /// ```
    #[inline]
    pub fn read_prefix(text: &[u8]) -> Option<(Rating, usize)> {
        const FORCED: &[u8] = Rating::Forced.as_str().as_bytes();
        Some(match *text {
            [b'?', b'?', ..] => (Rating::Blunder, 2),
            [b'?', b'!', ..] => (Rating::Dubious, 2),
            [b'?', ..] => (Rating::Mistake, 1),
            [b'!', b'!', ..] => (Rating::Brilliant, 2),
            [b'!', b'?', ..] => (Rating::Interesting, 2),
            [b'!', ..] => (Rating::Good, 1),
            _ if text.starts_with(FORCED) => (Rating::Forced, FORCED.len()),
            _ => return None,
        })
    }
}

spelled!(Rating, "rating");

/// A game indicator written after a move: a draw offer, or the mark of the game's last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameIndicator {
    /// `(=)`: a draw offer.
    DrawOffer,
    /// `:`: the last move of the game (an end or an interruption).
    End,
}

impl GameIndicator {
    /// Both indicators, in the order they are written.
    pub const ALL: [GameIndicator; 2] = [GameIndicator::DrawOffer, GameIndicator::End];

    /// The text of the indicator: `(=)` or `:`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameIndicator::DrawOffer => "(=)",
            GameIndicator::End => ":",
        }
    }

    /// The indicator spelled at the start of `text`, and its length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::GameIndicator;
    /// assert_eq!(GameIndicator::read_prefix(b"(=):"), Some((GameIndicator::DrawOffer, 3)));
    /// assert_eq!(GameIndicator::read_prefix(b"(1"), None);
    /// ```
    #[inline]
    pub fn read_prefix(text: &[u8]) -> Option<(GameIndicator, usize)> {
        GameIndicator::ALL.into_iter().find_map(|g| {
            let spelling = g.as_str().as_bytes();
            text.starts_with(spelling).then_some((g, spelling.len()))
        })
    }
}

spelled!(GameIndicator, "game indicator");

/// The result line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `3-0`
    WhiteWins,
    /// `2-1`: White stalemates Black.
    WhiteStalemates,
    /// `0-3`
    BlackWins,
    /// `1-2`: Black stalemates White.
    BlackStalemates,
    /// `1-1`
    Draw,
    /// `*`: unfinished.
    Unfinished,
}

impl GameResult {
    /// The text of the result (`3-0`, `*`).
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => notation::WHITE_MATES,
            GameResult::WhiteStalemates => notation::WHITE_STALEMATES,
            GameResult::BlackWins => notation::BLACK_MATES,
            GameResult::BlackStalemates => notation::BLACK_STALEMATES,
            GameResult::Draw => notation::DRAW,
            GameResult::Unfinished => "*",
        }
    }

    /// Every result, in declaration order.
    pub const ALL: [GameResult; 6] = [
        GameResult::WhiteWins,
        GameResult::WhiteStalemates,
        GameResult::BlackWins,
        GameResult::BlackStalemates,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The result written as `3-0`, `1-1`, `*`… (with `-` as the dash).
    ///
    /// ```
    /// use ctl_an::syntax::GameResult;
    /// assert_eq!(GameResult::from_text("2-1"), Some(GameResult::WhiteStalemates));
    /// assert_eq!(GameResult::from_text("1-0"), None);
    /// ```
    pub fn from_text(s: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// The result spelled at the start of `text` with any of the accepted dashes (`-`, `‐`, `–`;
    /// the en dash is the caller's to warn about), and its length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::GameResult;
    /// assert_eq!(GameResult::read_prefix("1‐1\n".as_bytes()), Some((GameResult::Draw, 5)));
    /// assert_eq!(GameResult::read_prefix(b"*"), Some((GameResult::Unfinished, 1)));
    /// assert_eq!(GameResult::read_prefix(b"1-0"), None);
    /// ```
    pub fn read_prefix(text: &[u8]) -> Option<(GameResult, usize)> {
        if text.first() == Some(&b'*') {
            return Some((GameResult::Unfinished, 1));
        }
        let [first, rest @ ..] = text else { return None };
        let (dash, len) = Separator::read_prefix(rest)?;
        if !matches!(dash, Separator::Hyphen | Separator::HyphenMinus | Separator::EnDash) {
            return None;
        }
        let last = *rest.get(len)?;
        let result = GameResult::from_text(core::str::from_utf8(&[*first, b'-', last]).ok()?)?;
        Some((result, len + 2))
    }
}

spelled!(GameResult, "result");

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
