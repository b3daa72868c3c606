//! Reading PDTL: split into fields, read each one, then check the fields against each other.
//!
//! The reader never stops at the first problem: each field is read on its own and every problem
//! becomes a [`Diagnostic`]; checks that need a sound board are skipped when the placement is broken,
//! so one mistake does not echo as several.

pub(crate) mod consistency;
pub(crate) mod cx;
pub(crate) mod fields;
mod placement;

use core::fmt;

use cescacs_board::{EnPassant, Letters, MoveNumber, Position};
use cescacs_diagnostics::{Diagnostic, Span, grouped};

use self::cx::Cx;
use crate::{Dialect, app, codes};

/// The result of [`read`]: the position (when there is no error) and every diagnostic.
///
/// Warnings keep the position: the five-field form below is read, with the move number unknown,
/// and the warning carries the fix that makes the text canonical.
///
/// ```
/// use cescacs_board::{Letters, MoveNumber};
/// let r = pdtl::read("/27:1k/14:3K3/ w -- - 0", &Letters::standard());
/// assert!(!r.has_errors());
/// assert_eq!(r.position.map(|p| p.move_number()), Some(MoveNumber::Unknown));
/// let w = &r.diagnostics[0];
/// assert_eq!((w.code, w.fixes[0].replacement.as_str()), ("W0101", " ?"));
///
/// // Every problem is reported, each with its own code and span.
/// let text = "/27:1k/14:3K3P/ W -- - 0 1";
/// let r = pdtl::read(text, &Letters::standard());
/// assert!(r.has_errors() && r.position.is_none());
/// let found: Vec<(&str, &str)> =
///     r.diagnostics.iter().map(|d| (d.code, &text[d.span.range()])).collect();
/// assert_eq!(found, [("E0107", "P"), ("E0113", "W")]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOutput {
    /// The position, `Some` when no diagnostic is an error (warnings are allowed).
    pub position: Option<Position>,
    /// Every problem found, in text order (by start of span).
    pub diagnostics: Vec<Diagnostic>,
}

impl ReadOutput {
    /// Whether any diagnostic is an error (then `position` is `None`).
    ///
    /// ```
    /// use cescacs_board::Letters;
    /// // No Black King.
    /// assert!(pdtl::read("/1:1K/ w -- - 0 1", &Letters::standard()).has_errors());
    /// ```
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// A PDTL string that [`parse`] rejected, with all of its diagnostics.
///
/// Its `Display` is the first error as `CODE message` and how many more there are; the diagnostics
/// hold everything (spans, labels, help, fixes) for a fuller report.
///
/// ```
/// let e = pdtl::parse("/27:kk/14:3K3P/ w -- - 0 1").unwrap_err();
/// assert_eq!(e.to_string(), "E0110 expected one Black King, found 2 (and 1 more error)");
/// let codes: Vec<&str> = e.errors().map(|d| d.code).collect();
/// assert_eq!(codes, ["E0110", "E0107"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdtlError {
    /// The diagnostics (errors and warnings) of the rejected string.
    pub diagnostics: Vec<Diagnostic>,
}

impl PdtlError {
    /// The error diagnostics only (warnings about the same string are left out).
    ///
    /// ```
    /// // Two spaces (W0102, a warning) and an uppercase turn (E0113).
    /// let e = pdtl::parse("/27:1k/14:3K3/  W -- - 0 1").unwrap_err();
    /// assert_eq!(e.diagnostics.len(), 2);
    /// assert_eq!(e.errors().map(|d| d.code).collect::<Vec<_>>(), ["E0113"]);
    /// ```
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }
}

impl fmt::Display for PdtlError {
    /// The first error as `CODE message`, and how many more there are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut errors = self.errors();
        match errors.next() {
            Some(d) => write!(f, "{} {}", d.code, d.message)?,
            None => f.write_str("invalid PDTL")?,
        }
        let more = errors.count();
        if more > 0 {
            write!(f, " (and {more} more error{})", if more == 1 { "" } else { "s" })?;
        }
        Ok(())
    }
}

impl std::error::Error for PdtlError {}

/// The longest PDTL the reader reads: 16 KiB, eight times the longest position (29 full lines
/// of 4-byte letters, about 2 KB). A longer text is one error (`E0126`) and is not read, so
/// that a hostile PDTL (a megabyte of `/`, each an error) costs no more than a real one.
///
/// ```
/// use cescacs_board::Letters;
/// let r = pdtl::read(&"/".repeat(pdtl::MAX_BYTES + 1), &Letters::standard());
/// assert_eq!(r.diagnostics.len(), 1);
/// assert_eq!((r.diagnostics[0].code, r.position), ("E0126", None));
/// ```
pub const MAX_BYTES: usize = 16 << 10;

/// The error of a text longer than [`MAX_BYTES`], at its first character.
fn too_long(text: &str) -> Diagnostic {
    let first = text.chars().next().map_or(0, char::len_utf8);
    Diagnostic::error(
        codes::TOO_LONG,
        Span::new(0, first),
        format!(
            "expected a PDTL of at most {} bytes, found one of {} bytes",
            grouped(MAX_BYTES),
            grouped(text.len())
        ),
    )
    .with_help("a position is at most about 2 KB (29 lines of 17 hexes); this text is not read")
}

/// Reads a PDTL string with a letter table, reporting every problem.
///
/// ```
/// use cescacs_board::{Letters, Position};
/// let r = pdtl::read("/27:1k/14:3K3/ w -- - 0 1", &Letters::standard());
/// assert!(r.diagnostics.is_empty());
/// assert!(r.position.is_some());
///
/// let r = pdtl::read("/29:k/14:3K3/ w -- - 0 1", &Letters::standard());
/// assert_eq!(r.position, None);
/// assert_eq!(r.diagnostics[0].code, "E0104");
/// assert_eq!(r.diagnostics[0].span.range(), 1..3);
/// ```
pub fn read(text: &str, letters: &Letters) -> ReadOutput {
    let r = read_in(text, letters, Dialect::Spec);
    if r.has_errors() { explain_spec_errors(text, letters, r) } else { r }
}

/// Reads a PDTL string written in a [`Dialect`]: the spec's, or the official app's (`docs/APP.md`).
///
/// Reading the app's dialect gives the spec position; every guess the reader makes (which Rook
/// an app `KR` means, a King away from home that the app counts as unmoved, an en-passant or
/// scornful field the app writes where the spec has none) is a warning with its own code.
/// So is every form that the app's "Load new" reads although the app never writes it (Rook
/// letters for Rooks away from home, lines out of order, a PDTL that stops early...:
/// `W0117`..`W0124`), read into the position the app would then show.
///
/// ```
/// use cescacs_board::Letters;
/// use pdtl::Dialect;
/// // The app writes `KR` for a side whose King's Rook has moved, and omits a side whose King moved.
/// let app = "/27:1k/25:r3/3:R3/1:1K/ w KR - 0 -";
/// let r = pdtl::read_in(app, &Letters::standard(), Dialect::App);
/// let p = r.position.expect("a position");
/// assert_eq!(pdtl::to_string(&p), "/27:1k/25:r3/3:R3/1:1K/ w RK- - 0 ?");
/// assert_eq!(r.diagnostics[0].code, "W0113");
/// ```
pub fn read_in(text: &str, letters: &Letters, dialect: Dialect) -> ReadOutput {
    if text.len() > MAX_BYTES {
        return ReadOutput { position: None, diagnostics: vec![too_long(text)] };
    }
    let mut cx = Cx { text, letters, dialect, diags: Vec::new() };
    let fields = cx.split_fields();
    let mut position = Position::empty();

    let placement = fields.first().map(|&f| placement::read(&mut cx, f, &mut position));
    if let Some(placement) = &placement {
        consistency::census(&mut cx, placement, fields[0]);
    }
    let board_ok = placement.as_ref().is_some_and(|p| p.sound);
    let turn = fields.get(1).and_then(|&f| fields::turn(&mut cx, f));
    if let Some(t) = turn {
        position.set_turn(t);
    }
    // The app's fields are resolved against the board (`board` is `None` when it is unsound).
    let board = (board_ok && turn.is_some()).then_some(&position);
    let (castling, en_passant) = match dialect {
        Dialect::Spec => (
            fields.get(2).and_then(|&f| fields::castling(&mut cx, f)),
            fields.get(3).and_then(|&f| fields::en_passant(&mut cx, f)),
        ),
        // A field the app's PDTL stops before is read as the app reads it (`W0119`, already
        // reported by `split_fields`): the castling rights the board allows, no en passant.
        Dialect::App => (
            match fields.get(2) {
                Some(&f) => app::castling(&mut cx, f, board),
                None => board.map(app::castling_from_board),
            },
            match (fields.get(3), fields.last()) {
                (Some(&f), _) => app::en_passant(&mut cx, f, board),
                (None, Some(last)) => Some(fields::EnPassantField::none(last.span())),
                (None, None) => None,
            },
        ),
    };
    let clock = match fields.get(4) {
        Some(f) if dialect == Dialect::App && f.text == "-" => Some(app::clock_hyphen(&mut cx, *f)),
        Some(&f) => fields::halfmove_clock(&mut cx, f),
        None if dialect == Dialect::App => fields.last().map(|last| (0, last.span())),
        None => None,
    };
    let number = match fields.get(5) {
        Some(f) if dialect == Dialect::App && f.text == "-" => Some(MoveNumber::Unknown),
        Some(&f) => fields::move_number(&mut cx, f),
        None => Some(MoveNumber::Unknown),
    };
    if let Some(c) = &castling {
        for (colour, part) in c.parts.iter() {
            position.set_castling(*colour, part.rights);
        }
        if board_ok {
            consistency::castling(&mut cx, &position, c);
        }
    }
    if let Some(ep) = &en_passant {
        position.set_en_passant(ep.value);
        if board_ok && turn.is_some() {
            consistency::en_passant(&mut cx, &position, ep);
        }
        if let (Some(clock), true) = (clock, ep.value != EnPassant::None) {
            if clock.0 != 0 {
                cx.diags.push(
                    Diagnostic::error(
                        codes::CLOCK_AFTER_PAWN_MOVE,
                        clock.1,
                        format!(
                            "expected halfmove clock 0 after the pawn move that `{}` records, found {}",
                            &text[ep.span.range()],
                            clock.0
                        ),
                    )
                    .with_label(ep.span, "this field says the last move was a pawn move")
                    .with_fix(clock.1, "0"),
                );
            }
        }
    }
    if let (Some(placement), true, true) = (&placement, board_ok, turn.is_some()) {
        consistency::not_to_move_in_check(&mut cx, &position, placement);
    }
    if let Some((c, _)) = clock {
        position.set_halfmove_clock(c);
    }
    if let Some(n) = number {
        position.set_move_number(n);
    }

    let enough = match dialect {
        Dialect::Spec => 5,
        Dialect::App => 2,
    };
    let complete = fields.len() >= enough
        && placement.is_some()
        && turn.is_some()
        && castling.is_some()
        && en_passant.is_some()
        && clock.is_some()
        && number.is_some();
    let ok = complete && !cx.diags.iter().any(Diagnostic::is_error);
    // Fields are checked one after another and the board last; text order is easier to follow.
    cx.diags.sort_by_key(|d| d.span.start);
    ReadOutput { position: ok.then_some(position), diagnostics: cx.diags }
}

/// Reads a PDTL string with the standard letters; any error rejects it.
///
/// ```
/// use cescacs_board::Position;
/// let initial = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";
/// assert_eq!(pdtl::parse(initial)?, Position::initial());
/// assert!(pdtl::parse("/1:KK/ w -- - 0 1").is_err());
/// # Ok::<(), pdtl::PdtlError>(())
/// ```
pub fn parse(text: &str) -> Result<Position, PdtlError> {
    let r = read(text, &Letters::standard());
    match r.position {
        Some(p) => Ok(p),
        None => Err(PdtlError { diagnostics: r.diagnostics }),
    }
}

/// What the app's "Load new" reads but never writes, each the spec's error turned into a warning
/// of the app's dialect: (spec error, app warning).
const APP_LENIENCY: [(&str, &str); 8] = [
    (codes::CASTLING_CONTRADICTS_BOARD, codes::APP_ROOK_AWAY),
    (codes::LINE_ORDER, codes::APP_LINE_ORDER),
    (codes::MISSING_FIELDS, codes::APP_SHORT),
    (codes::BAD_HALFMOVE_CLOCK, codes::APP_CLOCK_HYPHEN),
    (codes::UNKNOWN_LETTER, codes::APP_PIECE_ALIAS),
    (codes::PLACEMENT_SYNTAX, codes::APP_EMPTY_ENTRY),
    (codes::REPEATED_LINE, codes::APP_REPEATED_LINE),
    (codes::EXTRA_FIELDS, codes::APP_EXTRA_FIELDS),
];

/// A spec reading that failed on fields the app writes its own way: when the text reads in the
/// app's dialect, its errors become one [`codes::APP_DIALECT`] naming the conversion.
///
/// A text whose every error is only something the app reads but never writes (a Rook letter for
/// a Rook away from home, lines out of order, missing fields...: [`APP_LENIENCY`]) keeps the
/// spec's errors, which say more; once it also has a field the app writes its own way, the
/// conversion reads those forms as the app does, and a note says what each became.
fn explain_spec_errors(text: &str, letters: &Letters, spec: ReadOutput) -> ReadOutput {
    const APP_FIELDS: [&str; 9] = [
        codes::CASTLING_SYNTAX,
        codes::CASTLING_CONTRADICTS_BOARD,
        codes::EN_PASSANT_SYNTAX,
        codes::EN_PASSANT_NO_PAWN,
        codes::EN_PASSANT_LINES,
        codes::EN_PASSANT_NOT_EMPTY,
        codes::SCORNFUL_IMPOSSIBLE,
        codes::BAD_MOVE_NUMBER,
        codes::CLOCK_AFTER_PAWN_MOVE,
    ];
    let lenient = |code: &str| APP_LENIENCY.iter().any(|(e, _)| *e == code);
    if !spec
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .all(|d| APP_FIELDS.contains(&d.code) || lenient(d.code))
    {
        return spec;
    }
    let app = read_in(text, letters, Dialect::App);
    let Some(position) = app.position else { return spec };
    // The app's warning in place of a spec error: same span, the code it becomes.
    let leniency: Vec<&Diagnostic> = app
        .diagnostics
        .iter()
        .filter(|w| APP_LENIENCY.iter().any(|(_, code)| *code == w.code))
        .collect();
    let read_only = |e: &Diagnostic| {
        leniency.iter().any(|w| {
            w.span == e.span && APP_LENIENCY.iter().any(|(s, a)| *s == e.code && *a == w.code)
        })
    };
    if spec.diagnostics.iter().filter(|d| d.is_error()).all(read_only) {
        return spec;
    }
    let converted = crate::write(&position, letters);
    // The whole fields the errors are in, each once.
    let mut fields: Vec<Span> = Vec::new();
    for e in spec.diagnostics.iter().filter(|d| d.is_error()) {
        let start = text[..e.span.start].rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let end =
            text[e.span.start..].find(char::is_whitespace).map_or(text.len(), |i| e.span.start + i);
        let field = Span::new(start.min(e.span.start), end.max(e.span.start));
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    fields.sort_by_key(|f| f.start);
    let Some(&first) = fields.first() else { return spec };
    let mut d = Diagnostic::error(
        codes::APP_DIALECT,
        first,
        "expected a PDTL in the spec's notation, found one written the way the official app writes it",
    )
    .with_primary_label("this field is written the app's way");
    for &other in &fields[1..] {
        d = d.with_label(other, "this field too");
    }
    d = d
        .with_help(format!(
            "`cescacs pdtl --from app` converts it; here the spec's PDTL is `{converted}`"
        ))
        .with_fix(Span::new(0, text.len()), converted);
    for w in &leniency {
        d = d.with_note(format!("as the app reads it: {}", w.message));
    }
    // A lone `-` or a missing part is how the app writes castling: no warning on top.
    let mut diagnostics: Vec<Diagnostic> = spec
        .diagnostics
        .into_iter()
        .filter(|d| !d.is_error() && d.code != codes::CASTLING_SHORT)
        .collect();
    diagnostics.push(d);
    diagnostics.sort_by_key(|d| d.span.start);
    ReadOutput { position: None, diagnostics }
}
