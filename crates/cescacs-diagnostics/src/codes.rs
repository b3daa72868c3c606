//! The registry of diagnostic codes: every code of the workspace, with its severity, its family
//! (the layer and check level that finds it), a one-line summary and its documentation page.
//!
//! It lives in the lowest crate, next to [`Diagnostic`](crate::Diagnostic), so that every crate
//! that reports problems (pdtl `E01xx`, ctl-an `E02xx`, ctl-pgn `E00xx`/`E03xx`/`E04xx`/`E07xx`,
//! and the rules results mapped to `E05xx`) emits the constants declared here and nowhere else.
//! `docs/diagnostics.md`, the index of the codes, is generated from [`ALL`] and [`Family`] by
//! `cargo xtask docs` (a test of xtask fails when it is stale), and a tidy test forbids a code
//! literal outside this file. A code is never reused for another meaning, so a program may match
//! on it:
//!
//! ```
//! use cescacs_diagnostics::codes::{self, Family, Severity};
//! let code = codes::lookup(codes::syntax::BAD_HEX).unwrap();
//! assert_eq!((code.code, code.severity, code.family), ("E0204", Severity::Error, Family::Syntax));
//! assert_eq!(code.page(), "diagnostics/syntax.md");
//! assert!(codes::lookup("E9999").is_none());
//! ```

pub use crate::diagnostic::Severity;

/// The layer and check level that finds a code: one section of `docs/diagnostics.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// `E00xx` `W00xx`: the bytes of a file (encoding, text or not, prose around games), found by
    /// ctl-pgn before any parsing.
    Files,
    /// `E01xx` `W01xx`: PDTL positions, found by the pdtl reader.
    Pdtl,
    /// `E02xx` `W02xx`: CTL-AN / CTL-PGN syntax, found by ctl-an.
    Syntax,
    /// `E03xx` `W03xx`: tags, found by ctl-pgn's tag lint at every level.
    Tags,
    /// `E04xx` `W04xx`: the coherence level (moves replayed on the board, references).
    Coherence,
    /// `E05xx` `W05xx`: the rules level (legality, check marks, results).
    Rules,
    /// `E07xx` `W07xx`: conversion between letter tables, and of the official app's move lists.
    Conversion,
}

impl Family {
    /// Every family, in the order of the registry and of `docs/diagnostics.md`.
    pub const ALL: [Family; 7] = [
        Family::Files,
        Family::Pdtl,
        Family::Syntax,
        Family::Tags,
        Family::Coherence,
        Family::Rules,
        Family::Conversion,
    ];

    /// What the family's codes are about, in one line (the index's table of ranges).
    pub const fn about(self) -> &'static str {
        match self {
            Family::Files => "Files: encoding, not a game file, prose around games, no game",
            Family::Pdtl => "PDTL positions (inside a `PDTL` tag or `cescacs pdtl`)",
            Family::Syntax => "CTL-AN / CTL-PGN syntax",
            Family::Tags => "Tags",
            Family::Coherence => {
                "Coherence: moves replayed on the board (the spec's minimal reader), references \
                 in comments"
            }
            Family::Rules => "Rules: legality, check marks, results",
            Family::Conversion => {
                "Conversion between letter tables (`cescacs convert`, `cescacs filter`), and of \
                 the official app's move lists (`convert --from app`)"
            }
        }
    }

    /// The crate and module that find the family's codes, for people (the index's table of
    /// ranges; [`Family::source`] is the short name the JSON gives).
    pub const fn found_by(self) -> &'static str {
        match self {
            Family::Files => "ctl-pgn (`decode`)",
            Family::Pdtl => "pdtl",
            Family::Syntax => "ctl-an",
            Family::Tags => "ctl-pgn (`tags`)",
            Family::Coherence => "ctl-pgn (`validate`)",
            Family::Rules => "ctl-pgn (`validate`) with cescacs-board",
            Family::Conversion => "ctl-pgn (`convert`, `app`)",
        }
    }

    /// The section title of the family in `docs/diagnostics.md` (`## Syntax (E02xx, W02xx)`).
    pub const fn title(self) -> &'static str {
        match self {
            Family::Files => "Files",
            Family::Pdtl => "PDTL",
            Family::Syntax => "Syntax",
            Family::Tags => "Tags",
            Family::Coherence => "Coherence",
            Family::Rules => "Rules",
            Family::Conversion => "Conversion",
        }
    }

    /// The layer of the toolkit that finds the family's codes, as the LSP `source` field of a
    /// diagnostic names it: `ctl-pgn` (files, tags, coherence, conversion), `pdtl`, `ctl-an`
    /// (syntax) or `rules`.
    ///
    /// ```
    /// use cescacs_diagnostics::codes::{Family, lookup};
    /// assert_eq!(Family::Syntax.source(), "ctl-an");
    /// assert_eq!(lookup("E0508").map(|c| c.family.source()), Some("rules"));
    /// ```
    pub const fn source(self) -> &'static str {
        match self {
            Family::Files | Family::Tags | Family::Coherence | Family::Conversion => "ctl-pgn",
            Family::Pdtl => "pdtl",
            Family::Syntax => "ctl-an",
            Family::Rules => "rules",
        }
    }

    /// The usual page of the family's codes, relative to `docs/` (a code may have its own).
    pub const fn page(self) -> &'static str {
        match self {
            Family::Files => "diagnostics/files.md",
            Family::Pdtl => "diagnostics/pdtl.md",
            Family::Syntax => "diagnostics/syntax.md",
            Family::Tags => "diagnostics/tags.md",
            Family::Coherence | Family::Rules => "diagnostics/pgn.md",
            Family::Conversion => "diagnostics/convert.md",
        }
    }
}

/// One entry of the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Code {
    /// The stable code: `E` (error) or `W` (warning), then four digits.
    pub code: &'static str,
    /// Whether a diagnostic with this code is an error or a warning.
    pub severity: Severity,
    /// Who finds it.
    pub family: Family,
    /// What it means, in one line (the index `docs/diagnostics.md` shows it).
    pub summary: &'static str,
    /// The page that describes it, relative to `docs/`: its family's, or one of its own.
    pub page: &'static str,
}

impl Code {
    /// The page that describes the code, relative to `docs/` (`diagnostics/tags.md`).
    pub const fn page(&self) -> &'static str {
        self.page
    }
}

/// The code's registry entry, if it is one.
pub fn lookup(code: &str) -> Option<&'static Code> {
    // Renderers look up every diagnostic they write: an index, built once, not a scan of `ALL`.
    static INDEX: std::sync::OnceLock<std::collections::HashMap<&str, &Code>> =
        std::sync::OnceLock::new();
    INDEX.get_or_init(|| ALL.iter().map(|c| (c.code, c)).collect()).get(code).copied()
}

/// A code's page: its own when given, else its family's.
macro_rules! page_of {
    ($family:ident) => {
        Family::$family.page()
    };
    ($family:ident $page:literal) => {
        $page
    };
}

/// Declares each family's module of constants and the table [`ALL`] from one list.
macro_rules! registry {
    ($(
        $(#[$family_doc:meta])*
        $module:ident => $family:ident {
            $(
                $(#[$doc:meta])*
                $name:ident = $code:literal, $severity:ident, $summary:literal $(, $page:literal)?;
            )*
        }
    )*) => {
        $(
            $(#[$family_doc])*
            pub mod $module {
                $( $(#[$doc])* pub const $name: &str = $code; )*
            }
        )*

        /// Every code, family by family, in the order of `docs/diagnostics.md`.
        pub const ALL: &[Code] = &[
            $($(
                Code {
                    code: $module::$name,
                    severity: Severity::$severity,
                    family: Family::$family,
                    summary: $summary,
                    page: page_of!($family $($page)?),
                },
            )*)*
        ];
    };
}

registry! {
    /// Files (`E00xx`): `ctl_pgn::decode`.
    files => Files {
        /// Invalid UTF-8.
        INVALID_UTF8 = "E0001", Error, "invalid UTF-8 bytes (the rest of the file is still read)";
        /// Not a game file: bytes that are not text.
        NOT_TEXT = "E0002", Error,
            "not a game file: NUL bytes, or mostly bytes that are not text (one error, nothing else read)";
        /// Prose around games: lines of words before the first game or after a game's result.
        PROSE = "W0001", Warning,
            "a stretch of prose before the first game or between games, skipped (one warning per stretch)";
        /// No game: an empty input (a stream of white space ends with an empty piece).
        EMPTY = "W0002", Warning, "no game: the input is empty or only white space";
    }
    /// PDTL positions (`E01xx`, `W01xx`): the pdtl reader, re-exported as `pdtl::codes`.
    pdtl => Pdtl {
        /// Fewer than five fields.
        MISSING_FIELDS = "E0101", Error, "fewer than five PDTL fields";
        /// More than six fields.
        EXTRA_FIELDS = "E0102", Error, "more than six PDTL fields";
        /// The placement is not `/N:.../N:.../`: a missing slash or colon, an empty line entry.
        PLACEMENT_SYNTAX = "E0103", Error, "placement not written `/N:…/N:…/` (slash, colon, empty entry)";
        /// A line number that is not a number from 0 to 28.
        BAD_LINE_NUMBER = "E0104", Error, "line number not a number from 0 to 28";
        /// A line number given twice.
        REPEATED_LINE = "E0105", Error, "a line given twice";
        /// A line number not below the previous one (lines go from 28 down to 0).
        LINE_ORDER = "E0106", Error, "lines not in descending order";
        /// A line with more entries than the line has hexes.
        LINE_TOO_LONG = "E0107", Error, "a line with more entries than hexes";
        /// A character that names no piece under the letter table in use.
        UNKNOWN_LETTER = "E0108", Error, "a character that names no piece under the letters in use";
        /// A side has no King.
        NO_KING = "E0109", Error, "a side without its King";
        /// A side has more than one King.
        TWO_KINGS = "E0110", Error, "a side with more than one King";
        /// A side has more pieces of a kind than it owns (1 D, 1 V, 2 R, 2 G, 2 N, 11 P, 4 E).
        TOO_MANY_PIECES = "E0111", Error, "more pieces of a kind than a side owns";
        /// A side has two Bishops on hexes of one colour.
        BISHOPS_SAME_COLOUR = "E0112", Error, "two Bishops of a side on hexes of one colour";
        /// The turn is not `w` or `b`.
        BAD_TURN = "E0113", Error, "side to move not `w` or `b`";
        /// The castling field is not two parts from `RKR`, `KR`, `RK`, `K`, `-`.
        CASTLING_SYNTAX = "E0114", Error, "castling field not two parts of `RKR`, `KR`, `RK`, `K`, `-`";
        /// The castling field says a King or Rook is unmoved but it is not on its home hex.
        CASTLING_CONTRADICTS_BOARD = "E0115", Error, "castling field contradicted by the board (King or Rook not at home)";
        /// The en-passant / scornful field is not `-`, `HEX`, `HEX@L` or `HEX@L-L`.
        EN_PASSANT_SYNTAX = "E0116", Error, "en-passant / scornful field malformed";
        /// The en-passant / scornful hex does not hold a pawn of the side that just moved.
        EN_PASSANT_NO_PAWN = "E0117", Error, "en-passant / scornful hex without a pawn of the side that just moved";
        /// The lines of the en-passant field are not those a double or triple step to that hex crosses.
        EN_PASSANT_LINES = "E0118", Error, "en-passant lines not those the step crosses";
        /// A hex the double or triple step crossed, or the hex it started from, is not empty.
        EN_PASSANT_NOT_EMPTY = "E0119", Error, "a hex the double or triple step crossed is not empty";
        /// No enemy pawn faced the scornful pawn before its move.
        SCORNFUL_IMPOSSIBLE = "E0120", Error, "no enemy pawn faced the scornful pawn";
        /// The halfmove clock is not a number.
        BAD_HALFMOVE_CLOCK = "E0121", Error, "halfmove clock not a number";
        /// The move number is not `?` or a number from 1.
        BAD_MOVE_NUMBER = "E0122", Error, "move number not `?` or a number from 1";
        /// The last move was a pawn move (en-passant or scornful field set) but the halfmove clock is not 0.
        CLOCK_AFTER_PAWN_MOVE = "E0123", Error, "halfmove clock not 0 after the pawn move the en-passant field records";
        /// The side not to move is in check: the side to move could take its King.
        NOT_TO_MOVE_IN_CHECK = "E0124", Error, "the side not to move is in check";
        /// A PDTL read in the spec's notation that is written the official app's way (`docs/APP.md`):
        /// its castling, en-passant or move-number errors become this one, with the conversion.
        APP_DIALECT = "E0125", Error,
            "a PDTL written the official app's way where the spec's is expected",
            "diagnostics/app.md";
        /// A PDTL longer than the reader reads (`pdtl::MAX_BYTES`): it is not read.
        TOO_LONG = "E0126", Error, "a PDTL longer than 16 KiB (not read)";
        /// The five-field form: the move number is missing and read as unknown (docs/DECISIONS.md 3).
        FIVE_FIELDS = "W0101", Warning, "five fields: the move number is missing (read as `?`)";
        /// Fields separated by something other than one space, or whitespace around the PDTL.
        SPACING = "W0102", Warning, "fields not separated by one space, or spaces around the value";
        /// A run of empty hexes written as several digits or as `0`.
        EMPTY_RUN = "W0103", Warning, "a run of empty hexes written as several digits or `0`";
        /// A line with fewer entries than hexes: the rest is read as empty.
        LINE_TOO_SHORT = "W0104", Warning, "a line with fewer entries than hexes (the rest read as empty)";
        /// A line that holds no piece (such lines are omitted).
        EMPTY_LINE = "W0105", Warning, "a line that holds no piece";
        /// A line number with a leading zero.
        LINE_LEADING_ZERO = "W0106", Warning, "a line number with a leading zero";
        /// A castling field of a lone `-`, or with a side's part missing (docs/DECISIONS.md 9).
        CASTLING_SHORT = "W0107", Warning, "castling field of a lone `-` or with a part missing";
        /// The two lines of a triple step written in descending order.
        TRIPLE_ORDER = "W0108", Warning, "triple-step lines in descending order";
        /// The Unicode hyphen U+2010 (the spec's typography) where PDTL writes `-`.
        UNICODE_HYPHEN = "W0109", Warning, "the Unicode hyphen where PDTL writes `-`";
        /// The scornful field fits two facing pawns: either may capture.
        SCORNFUL_AMBIGUOUS = "W0110", Warning, "scornful field that two facing pawns fit";
        /// A counter written with leading zeros.
        COUNTER_LEADING_ZERO = "W0111", Warning, "a counter with leading zeros";
        /// App dialect: a castling part for a side whose King is away from its home hex (the app
        /// counts such a King as unmoved), read as `-`.
        APP_KING_AWAY = "W0112", Warning,
            "app dialect: castling status of a King away from home, read as `-`",
            "diagnostics/app.md";
        /// App dialect: `KR` where only the Queen's Rook stands on its home hex, read as the spec's `RK`.
        APP_KR_QUEENS_ROOK = "W0113", Warning,
            "app dialect: `KR` with only the Queen's Rook at home, read as `RK`",
            "diagnostics/app.md";
        /// App dialect: `KR` with both Rooks on their home hexes, read as the King's Rook (as the app does).
        APP_KR_AMBIGUOUS = "W0114", Warning,
            "app dialect: `KR` with both Rooks at home, read as the King's Rook",
            "diagnostics/app.md";
        /// App dialect: the en-passant field the app writes after a pawn's diagonal capture, dropped.
        APP_BOGUS_EN_PASSANT = "W0115", Warning,
            "app dialect: en-passant field after a pawn's capture, dropped",
            "diagnostics/app.md";
        /// App dialect: a scornful field whose faced pawn is the mover's own, dropped.
        APP_OWN_PAWN_SCORNFUL = "W0116", Warning,
            "app dialect: scornful field facing the mover's own pawn, dropped",
            "diagnostics/app.md";
        /// App dialect: a castling letter for a Rook not on its home hex, dropped (the app keeps
        /// only the rights the board allows).
        APP_ROOK_AWAY = "W0117", Warning,
            "app dialect: castling letter for a Rook not on its home hex, dropped",
            "diagnostics/app.md";
        /// App dialect: line entries out of order, each placed on its line (as the app does).
        APP_LINE_ORDER = "W0118", Warning,
            "app dialect: line entries out of order, each placed on its line",
            "diagnostics/app.md";
        /// App dialect: a PDTL that stops after the turn, the castling or the en-passant field; the
        /// rest read as the app reads it (castling as the board allows, `-`, 0, move number unknown).
        APP_SHORT = "W0119", Warning,
            "app dialect: PDTL of two to four fields, the rest read as the app reads it",
            "diagnostics/app.md";
        /// App dialect: the halfmove clock `-`, read as 0.
        APP_CLOCK_HYPHEN = "W0120", Warning,
            "app dialect: halfmove clock `-`, read as 0",
            "diagnostics/app.md";
        /// App dialect: a piece letter of another language that the app reads (`Q` `W` `T` `C` `S`
        /// `A` `B` `F` `L`, either case), read as the piece it names.
        APP_PIECE_ALIAS = "W0121", Warning,
            "app dialect: another language's piece letter, read as the piece it names",
            "diagnostics/app.md";
        /// App dialect: an empty line entry (`//`), skipped.
        APP_EMPTY_ENTRY = "W0122", Warning,
            "app dialect: empty line entry `//`, skipped",
            "diagnostics/app.md";
        /// App dialect: a line given twice whose entries fill different hexes, merged.
        APP_REPEATED_LINE = "W0123", Warning,
            "app dialect: a line given twice on different hexes, merged",
            "diagnostics/app.md";
        /// App dialect: fields after the move number, ignored.
        APP_EXTRA_FIELDS = "W0124", Warning,
            "app dialect: fields after the move number, ignored",
            "diagnostics/app.md";
    }
    /// CTL-AN / CTL-PGN syntax (`E02xx`, `W02xx`): the ctl-an reader.
    syntax => Syntax {
        /// A byte sequence that starts no token.
        UNEXPECTED_CHARACTER = "E0201", Error, "characters that are no part of CTL-PGN";
        /// `{` without `}`.
        UNTERMINATED_COMMENT = "E0202", Error, "comment not closed with `}`";
        /// `"` without its closing quote on the line.
        UNTERMINATED_STRING = "E0203", Error, "tag value not closed with `\"` on its line";
        /// A hex that is not on the board or is badly written.
        BAD_HEX = "E0204", Error, "a hex that does not exist";
        /// A lower-case column letter.
        LOWER_CASE_COLUMN = "E0205", Error, "lower-case column letter";
        /// `x` used for a capture.
        LETTER_X = "E0206", Error, "`x` for a capture (`×` or `*`)";
        /// A castling string that is not one of the 24.
        BAD_CASTLING = "E0207", Error, "not one of the 24 castlings";
        /// A result that is not one of the six.
        BAD_RESULT = "E0208", Error, "not a result (3-0, 2-1, 0-3, 1-2, 1-1, *)";
        /// A syntax error inside a move.
        MOVE_SYNTAX = "E0209", Error, "a move that cannot be read";
        /// Something the movetext cannot hold.
        MOVETEXT_SYNTAX = "E0210", Error, "text the movetext cannot hold (missing `,`, number without dot, …)";
        /// A variation whose `)` is missing.
        UNCLOSED_VARIATION = "E0211", Error, "variation not closed with `)`";
        /// A `)` with no `(`.
        STRAY_CLOSE = "E0212", Error, "`)` without `(`";
        /// A captured piece written on a move that is not a capture.
        CAPTURE_WITHOUT_SIGN = "E0213", Error, "`-` before a captured piece letter";
        /// A forced promotion written with a piece letter, or a piece letter that is no piece.
        BAD_PIECE_LETTER = "E0214", Error, "malformed promotion in place";
        /// A tag that is not `[Name "value"]`.
        TAG_SYNTAX = "E0215", Error, "malformed tag (missing `]`, name or value)";
        /// An escape other than `\"` and `\\` in a tag value.
        BAD_ESCAPE = "E0216", Error, "unknown escape in a tag value";
        /// A record without a `[Variant ...]` tag.
        NO_VARIANT = "E0217", Error, "record without the `[Variant \"C'escacs\"]` tag first";
        /// A result, variation or move number where it cannot be.
        MISPLACED = "E0218", Error, "misplaced result or variation (second result, result inside a variation, …)";
        /// A move number that is zero or too large.
        BAD_MOVE_NUMBER = "E0219", Error, "move number 0";
        /// A variation label that is not `$[n]` with n ≥ 1.
        BAD_LABEL = "E0220", Error, "variation label `$[0]`";
        /// Variations nested deeper than the reader follows.
        TOO_DEEP = "E0221", Error, "variations nested more than 64 deep";
        /// A comment longer than `ctl_an::Limits::comment_bytes`.
        COMMENT_TOO_LONG = "E0222", Error, "a comment longer than the reading limit (1 MiB)";
        /// A line longer than `ctl_an::Limits::line_bytes`.
        LINE_TOO_LONG = "E0223", Error, "a line longer than the reading limit (1 MiB)";
        /// More tags in one game than `ctl_an::Limits::tags`.
        TOO_MANY_TAGS = "E0224", Error, "more tags in a game than the reading limit (1,000)";
        /// A main line longer than `ctl_an::Limits::plies`.
        TOO_MANY_PLIES = "E0225", Error, "a main line longer than the reading limit (10,000 plies)";
        /// A promotion to the King or to a Pawn (`E25-E27=K`).
        PROMOTION_TARGET = "E0226", Error, "a promotion to the King or to a Pawn (`=K`, `=P`)";
        /// More move pairs in one line than `ctl_an::Limits::pairs` (`1. …` repeated).
        TOO_MANY_PAIRS = "E0227", Error, "more move pairs in one line than the reading limit (10,000)";
        /// More variations after one move pair than `ctl_an::Limits::variations`.
        TOO_MANY_VARIATIONS = "E0228", Error, "more variations after one move pair than the reading limit (1,000)";
        /// More stray `)` in one game than `ctl_an::Limits::strays`.
        TOO_MANY_STRAYS = "E0229", Error, "more stray `)` or extra result lines in a game than the reading limit (1,000)";
        /// The en dash U+2013 as a separator.
        EN_DASH = "W0201", Warning, "en dash `–` as move separator";
        /// The tag name `DPTL`.
        DPTL = "W0202", Warning, "tag `DPTL` for `PDTL`";
        /// The last move without `:` or `#`.
        NO_FINAL_MARK = "W0203", Warning, "last move without its final `:` or `#`";
        /// The result line missing.
        NO_RESULT = "W0204", Warning, "no result line after the last move";
        /// `@W`/`@B` at the start of a comment without the colon.
        PLAYER_COMMENT_COLON = "W0205", Warning, "`@W`/`@B` without its colon in a comment";
        /// A malformed reference in a comment.
        BAD_REFERENCE = "W0206", Warning, "malformed reference in a comment";
        /// Spaces inside a move (between its hexes, separator, promotion and check mark).
        SPACE_IN_MOVE = "W0207", Warning, "spaces inside a move (the parts of a move are written together)";
        /// A pawn move written with the Pawn's letter (`PE7-E11`).
        PAWN_LETTER = "W0208", Warning,
            "a pawn move written with the Pawn's letter (`PE7-E11`; the fix, and `fmt`, drop it)";
    }
    /// Tags (`E03xx`, `W03xx`): `ctl_pgn::tags`.
    tags => Tags {
        /// The first tag names another variant than `C'escacs`.
        WRONG_VARIANT = "E0302", Error, "first tag `Variant` with another value than `C'escacs`";
        /// Grand C'escacs, which the toolkit does not support: the game is skipped.
        GRAND_CESCACS = "E0303", Error, "Grand C'escacs (not supported; the game is skipped)";
        /// A tag out of the game record's order, or an alias not right after its player.
        TAG_ORDER = "W0301", Warning, "tag out of the game record's order, alias not after its player";
        /// Repeated `Annotator` or `Example` tags that are not consecutive.
        REPEATS_APART = "W0302", Warning, "repeated `Annotator`/`Example` tags not consecutive";
        /// `Redefine` neither just before `PDTL` nor last.
        REDEFINE_PLACE = "W0303", Warning, "`Redefine` not just before `PDTL`, else last";
        /// `PDTL` not the last tag.
        PDTL_NOT_LAST = "W0304", Warning, "`PDTL` not the last tag";
        /// A tag repeated that may appear only once.
        REPEATED_TAG = "W0305", Warning, "a tag repeated that may not be";
        /// A known tag name written in another case (`Timecontrol`).
        TAG_NAME_CASE = "W0306", Warning, "tag name in the wrong case (`Timecontrol`)";
        /// The game record's tags not right after `Variant`.
        GAME_RECORD_LATE = "W0307", Warning, "game record's tags not right after `Variant`";
        /// `Id` not second, or `Annotator` not third, in a minimalist record.
        MINIMALIST_ORDER = "W0308", Warning, "`Id` not second, or `Annotator` not third, in a minimalist record";
        /// `Title` written before `Lang`.
        TITLE_BEFORE_LANG = "W0309", Warning, "`Title` before `Lang`";
        /// A date that is not `YYYY-MM-DD` (`Date`, `EventDate`, `MatchDate`).
        BAD_DATE = "W0310", Warning, "date not `YYYY-MM-DD` (`Date`, `EventDate`, `MatchDate`)";
        /// A `Round` value of the wrong form.
        BAD_ROUND = "W0311", Warning, "bad `Round` value";
        /// A `Result` value that is not a result.
        BAD_RESULT_TAG = "W0312", Warning, "bad `Result` value";
        /// An `Id` value of the wrong form.
        BAD_ID = "W0313", Warning, "bad `Id` value";
        /// A `Lang` value of the wrong form.
        BAD_LANG = "W0314", Warning, "bad `Lang` value";
        /// A `TimeControl` value of the wrong form.
        BAD_TIME_CONTROL = "W0315", Warning, "bad `TimeControl` value";
        /// A `Mode` value that is not one of the spec's.
        BAD_MODE = "W0316", Warning, "bad `Mode` value";
        /// A `Termination` value that is not one of the spec's.
        BAD_TERMINATION = "W0317", Warning, "bad `Termination` value";
        /// A `WhiteType` or `BlackType` value that is not one of the spec's.
        BAD_PLAYER_TYPE = "W0318", Warning, "bad `WhiteType`/`BlackType` value";
        /// A record identified by `Id` without an `Annotator`.
        NO_ANNOTATOR = "W0319", Warning, "record identified by `Id` without an `Annotator`";
        /// A date of the right form that is no day of the calendar (month 13, day 45, February
        /// 30th, February 29th of a year that is no leap year), in what its known digits say.
        NO_SUCH_DAY = "W0320", Warning, "date that is no day of the calendar (month `13`, February 30th)";
    }
    /// Coherence (`E04xx`, `W04xx`): `ctl_pgn::validate`, re-exported as `ctl_pgn::validate::codes`.
    coherence => Coherence {
        /// The `[Redefine]` value is not a valid letter table.
        BAD_REDEFINE = "E0401", Error, "`Redefine` value that is not a letter table";
        /// A move that cannot be replayed because of its form: a forced promotion written `=&`.
        BAD_FORM = "E0402", Error, "forced promotion without its piece (`=&`) in a built tree";
        /// A piece letter that names no piece under the game's letters.
        UNKNOWN_LETTER = "E0403", Error, "piece letter that names no piece under the game's letters";
        /// The origin does not hold a piece of the side to move of the written kind.
        BAD_ORIGIN = "E0404", Error, "origin without a piece of the mover of the written kind";
        /// The destination does not fit the move: own piece, unmarked capture, nothing or another piece
        /// to capture.
        BAD_DESTINATION = "E0405", Error, "destination that does not fit the move (own piece, unmarked or wrong capture)";
        /// An en-passant or scornful capture (`@`, `@@`) without its victim.
        BAD_PASSANT = "E0406", Error, "en-passant or scornful capture without its victim";
        /// A promotion on a hex that is not the pawn's promotion hex, or missing on it.
        BAD_PROMOTION = "E0407", Error, "promotion off the promotion hex, or missing on it";
        /// A castling whose King or Rook(s) are not at home, or whose end hexes are not free.
        BAD_CASTLING = "E0408", Error, "castling whose pieces or end hexes are not available";
        /// A move written for the side that is not to move (`…` where White moves, or a White move where
        /// Black does).
        WRONG_TURN = "E0409", Error, "move written for the side not to move";
        /// The result line and the `Result` tag disagree.
        RESULT_MISMATCH = "E0410", Error, "result line and `Result` tag disagree";
        /// A pair whose number does not continue the numbering.
        MOVE_NUMBER = "W0401", Warning, "move number that does not continue the numbering";
        /// A comment refers to a later move.
        LATER_REFERENCE = "W0402", Warning, "comment referring to a later move";
        /// A comment refers to a labelled variation that does not exist.
        UNKNOWN_LABEL = "W0403", Warning, "comment referring to a labelled variation that does not exist";
    }
    /// Rules (`E05xx`, `W05xx`): `ctl_pgn::validate` from the board's results, re-exported as
    /// `ctl_pgn::validate::codes`.
    rules => Rules {
        /// A move the pieces' rules do not allow (or a passant capture no rule makes).
        ILLEGAL_MOVE = "E0501", Error, "illegal move";
        /// A move that leaves or puts the mover's King in check.
        KING_IN_CHECK = "E0502", Error, "move that leaves the mover's King in check";
        /// A castling condition of the rules fails (the King or Rook has moved, a hex is attacked or taken).
        CASTLING_CONDITION = "E0503", Error, "a castling condition of the rules fails";
        /// A promotion the rules forbid (piece not regainable, Bishop colour, `=&` with a piece available).
        PROMOTION_RULE = "E0504", Error, "promotion the rules forbid";
        /// A pawn awaiting promotion must be promoted in place first.
        FORCED_PROMOTION = "E0505", Error, "a pawn awaiting promotion must be promoted in place first";
        /// `#` on a move that does not mate.
        FALSE_MATE = "E0506", Error, "`#` on a move that does not mate";
        /// A check mark on a move that gives no check.
        FALSE_CHECK = "E0507", Error, "check mark on a move that gives no check";
        /// The result contradicts the final position (mate, stalemate) or an automatic draw.
        WRONG_RESULT = "E0508", Error, "result that contradicts the final position (mate, stalemate, automatic draw)";
        /// A move written after the game was drawn automatically (fifth repetition, 150 half-moves
        /// without capture or pawn move, insufficient material).
        MOVE_AFTER_DRAW = "E0509", Error, "a move after an automatic draw (fifth repetition, 150 half-moves, insufficient material)";
        /// A check given but not marked.
        UNMARKED_CHECK = "W0501", Warning, "check given but not marked";
        /// A check marked with the wrong kind (`+^`, `+∞`, `++`).
        WRONG_CHECK_KIND = "W0502", Warning, "check marked with the wrong kind";
        /// A mate not marked `#`.
        UNMARKED_MATE = "W0503", Warning, "mate not marked `#`";
    }
    /// Conversion between letter tables (`E07xx`, `W07xx`): `ctl_pgn::convert`.
    convert => Conversion {
        /// A `[Redefine]` value that names no letter table: the game is left unconverted.
        BAD_REDEFINE = "E0701", Error, "`Redefine` value that names no letter table (game not converted)";
        /// A piece letter that names no piece under the game's letters: the game is left as written.
        UNKNOWN_LETTER = "E0702", Error, "piece letter that names no piece (game not converted)";
        /// A `PDTL` value whose pieces cannot be read with the game's letters: the game is left as
        /// written.
        BAD_PDTL = "E0703", Error, "PDTL value whose pieces cannot be read (game not converted)";
        /// A line of the official app's move list that is not `N. WHITE, BLACK` (`N? …` and
        /// `N. …, BLACK` included).
        BAD_LINE = "E0704", Error,
            "the official app's move list: a line that is not `N. WHITE, BLACK` (`convert --from app`)",
            "diagnostics/app.md";
        /// `…` (a White move left out) anywhere but as the first move of a game that starts with
        /// Black to move, or a move where the turn says `…`.
        BAD_OMISSION = "E0705", Error,
            "the official app's move list: `…` where a move is due, or a move where `…` is (`convert --from app`)",
            "diagnostics/app.md";
        /// A `~X` reference in a comment whose letter names no piece under the game's letters: left as
        /// written (a warning: comments do not change the game).
        UNKNOWN_REFERENCE = "W0701", Warning, "`~X` comment reference whose letter names no piece (left as written)";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code is found by [`lookup`], and its family gives the source its number range
    /// has always had in the JSON output (`docs/JSON.md`): the registry is the one place that
    /// knows a code's layer.
    #[test]
    fn every_code_is_found_and_has_the_source_of_its_range() {
        for code in ALL {
            assert_eq!(lookup(code.code), Some(code));
            let source = match &code.code[1..3] {
                "00" | "03" | "04" | "07" => "ctl-pgn",
                "01" => "pdtl",
                "02" => "ctl-an",
                "05" => "rules",
                range => panic!("{}: no layer has the range {range}", code.code),
            };
            assert_eq!(code.family.source(), source, "{}", code.code);
            let letter = if code.severity == Severity::Error { 'E' } else { 'W' };
            assert!(code.code.starts_with(letter), "{}", code.code);
        }
        assert_eq!(lookup("E9999"), None);
    }
}
