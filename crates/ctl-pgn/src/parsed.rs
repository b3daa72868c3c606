//! A game as the parser read it, ready to be checked and replayed: its syntax tree, the letters
//! it is written with and its start position. What [`Check`](crate::Check), the replay, the
//! language server and the viewer work on; the game model ([`Game`](crate::Game)) is read from
//! it.

use cescacs_board::{Letters, Position};
use cescacs_diagnostics::{Diagnostic, Span};
use ctl_an::syntax::{self, GameResult, Movetext, Tag};

use crate::tags::TagRef;
use crate::validate::codes;

/// One CTL-PGN record as the parser read it: the tags in file order, the letter table of its
/// `[Redefine]` tag, the start position of its `[PDTL]` tag (or the initial position), and its
/// movetext, every part with the span it was read from. A program that edits games, or walks
/// their moves and positions, takes the game model instead ([`Game`](crate::Game), which
/// [`Reader`](crate::Reader) gives); this is the syntax tree the checker and the editors' tools
/// walk.
///
/// Building a `ParsedGame` reads the `Redefine` and `PDTL` tags; what is wrong in them is kept and
/// reported by [`Check`](crate::Check) from the coherence level on.
///
/// ```
/// use ctl_pgn::ParsedGame;
/// let text = "[Variant \"C'escacs\"]\n[Redefine \"B@J\"]\n1. BF6-C15: *\n";
/// let out = ctl_an::parse_file(text);
/// let game = ParsedGame::new(out.file.games[0].clone(), text);
/// assert_eq!(game.tags().len(), 2);
/// assert_eq!(game.letters().move_letter(cescacs_board::PieceKind::Bishop), 'B');
/// assert_eq!(game.start(), Some(&cescacs_board::Position::initial()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedGame {
    syntax: syntax::Record,
    letters: Letters,
    start: Option<Position>,
    setup: Vec<Diagnostic>,
    /// Spans of the syntax errors inside the game: a line stops silently at a move with one.
    syntax_errors: Vec<Span>,
}

impl ParsedGame {
    /// Reads the setup of a parsed record. `source` is the text its spans point into.
    pub fn new(syntax: syntax::Record, source: &str) -> ParsedGame {
        let tags: Vec<TagRef<'_>> = syntax.tags.iter().map(tag_ref).collect();
        let Setup { letters, start, diagnostics } = Setup::read(&tags, source);
        ParsedGame { syntax, letters, start, setup: diagnostics, syntax_errors: Vec::new() }
    }

    /// The setup read from the tags, for the replay.
    pub(crate) fn setup(&self) -> Setup {
        Setup {
            letters: self.letters.clone(),
            start: self.start.clone(),
            diagnostics: self.setup.clone(),
        }
    }

    /// The record and its setup, taken apart (for the game model, which takes both).
    pub(crate) fn into_parts(self) -> (syntax::Record, Setup) {
        let setup = Setup { letters: self.letters, start: self.start, diagnostics: self.setup };
        (self.syntax, setup)
    }

    /// The syntax tree of the record.
    pub fn syntax(&self) -> &syntax::Record {
        &self.syntax
    }

    /// From the first tag to the end of the movetext.
    pub fn span(&self) -> Span {
        self.syntax.span
    }

    /// The tags in file order.
    pub fn tags(&self) -> &[Tag] {
        &self.syntax.tags
    }

    /// The first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.syntax.tag(name)
    }

    /// The piece letters of the game: standard, or those of its `[Redefine]` tag.
    pub fn letters(&self) -> &Letters {
        &self.letters
    }

    /// Where the moves start: the `[PDTL]` position or the initial one; `None` when the PDTL
    /// value cannot be read or the variant is not C'escacs.
    pub fn start(&self) -> Option<&Position> {
        self.start.as_ref()
    }

    /// The moves, comments, variations and result line.
    pub fn movetext(&self) -> &Movetext {
        &self.syntax.movetext
    }

    /// The result: the result line, or when it is missing the `Result` tag.
    pub fn result(&self) -> Option<GameResult> {
        self.syntax
            .movetext
            .result
            .map(|r| r.value)
            .or_else(|| self.tag("Result").and_then(|t| GameResult::from_text(&t.value)))
    }

    /// Tells the game which syntax errors the parser found, so that validation does not report
    /// again, as incoherent, a move that could not be read correctly (a line stops silently at
    /// such a move). Diagnostics outside the game are ignored.
    ///
    /// ```
    /// use ctl_pgn::{Check, ParsedGame, Level};
    /// let text = "[Variant \"C'escacs\"]\n1. E7xE13: *\n"; // `x` is not a capture sign
    /// let out = ctl_an::parse_file(text);
    /// let mut game = ParsedGame::new(out.file.games[0].clone(), text);
    /// game.set_syntax_errors(&out.diagnostics);
    /// assert!(Check::new(Level::Rules).game(&game).is_empty());
    /// ```
    pub fn set_syntax_errors(&mut self, diagnostics: &[Diagnostic]) {
        let span = self.syntax.span;
        self.syntax_errors = diagnostics
            .iter()
            .filter(|d| d.is_error() && d.span.start <= span.end && d.span.end >= span.start)
            .map(|d| d.span)
            .collect();
    }

    /// Whether a syntax error lies inside `span`.
    pub(crate) fn has_syntax_error_in(&self, span: Span) -> bool {
        self.syntax_errors.iter().any(|e| overlaps(*e, span))
    }

    /// The spans of the syntax errors inside the game ([`set_syntax_errors`](Self::set_syntax_errors)).
    pub(crate) fn syntax_errors(&self) -> &[Span] {
        &self.syntax_errors
    }

    /// The problems of the `Redefine` and `PDTL` tags (reported by
    /// [`Check`](crate::Check) from the coherence level on).
    pub fn setup_diagnostics(&self) -> &[Diagnostic] {
        &self.setup
    }
}

/// A tree's tag as the tag checks and the setup reader take it.
pub(crate) fn tag_ref(t: &Tag) -> TagRef<'_> {
    TagRef {
        name: &t.name,
        name_span: t.name_span,
        value: &t.value,
        value_span: t.value_span,
        span: t.span,
    }
}

/// What the tags say about where and how the moves are played: the letters of the `[Redefine]`
/// tag, the start position of the `[PDTL]` tag (or the initial one), and the problems of both.
/// The one reader of a game's setup: [`ParsedGame::new`] and the replay of a scanned game use it.
#[derive(Debug, Clone)]
pub(crate) struct Setup {
    pub letters: Letters,
    pub start: Option<Position>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Setup {
    /// Reads the setup from the tags in file order.
    pub(crate) fn read(tags: &[TagRef<'_>], source: &str) -> Setup {
        let mut diagnostics = Vec::new();
        let first = |name: &str| tags.iter().find(|t| t.name == name);
        let letters = first("Redefine")
            .and_then(|t| redefine(t, source, &mut diagnostics))
            .unwrap_or_else(Letters::standard);
        let grand = first("Variant").is_some_and(|t| t.value == "Grand C'escacs");
        let pdtl = tags.iter().find(|t| t.name == "PDTL" || t.name == "DPTL");
        let start = match pdtl {
            _ if grand => None,
            None => Some(Position::initial()),
            Some(tag) => start_position(tag, source, &letters, &mut diagnostics),
        };
        Setup { letters, start, diagnostics }
    }
}

/// Whether the value was written without escapes, so that offsets inside it are file offsets.
fn verbatim(tag: &TagRef<'_>, source: &str) -> bool {
    source.get(tag.value_span.range()) == Some(tag.value)
}

/// The letters of a `Redefine` tag. The spec's own examples close the quotes too early
/// (`[Redefine "A@J, T@R", C@N"]`); the syntax error is reported by the parser and the meaning
/// intended, the whole text between the brackets, is used (docs/DECISIONS.md 7).
fn redefine(tag: &TagRef<'_>, source: &str, out: &mut Vec<Diagnostic>) -> Option<Letters> {
    let after = source.get(tag.value_span.end..tag.span.end).unwrap_or("");
    let misplaced = after.trim_end_matches(']').trim().len() > 1;
    let (value, exact) = if misplaced {
        let whole = source.get(tag.value_span.start..tag.span.end).unwrap_or("");
        (whole.trim_end_matches(']').replace('"', "").trim().to_string(), false)
    } else {
        (tag.value.to_string(), verbatim(tag, source))
    };
    match Letters::from_redefine(&value) {
        Ok(letters) => Some(letters),
        Err(e) => {
            let span = if exact {
                let start = tag.value_span.start + e.offset;
                Span::new(start, (start + e.len).min(tag.value_span.end))
            } else {
                tag.value_span
            };
            out.push(
                Diagnostic::error(codes::BAD_REDEFINE, span, e.to_string())
                    .with_label(tag.span, "in this `Redefine` tag")
                    .with_note("the moves are read with the standard letters"),
            );
            None
        }
    }
}

/// The position of a `PDTL` (or misspelt `DPTL`) tag, its diagnostics moved into the file.
fn start_position(
    tag: &TagRef<'_>,
    source: &str,
    letters: &Letters,
    out: &mut Vec<Diagnostic>,
) -> Option<Position> {
    let read = pdtl::read(tag.value, letters);
    let exact = verbatim(tag, source);
    let place = |d: Diagnostic| {
        if exact {
            d.shifted(tag.value_span.start)
        } else {
            // Escapes make offsets inside the value differ from the file's: point at it all.
            let mut d = d;
            d.span = tag.value_span;
            for l in &mut d.labels {
                l.span = tag.value_span;
            }
            d.fixes.clear();
            d
        }
    };
    let position = read.position.clone().or_else(|| defensive(tag.value, letters, &read));
    out.extend(read.diagnostics.into_iter().map(place));
    position
}

/// A PDTL whose only errors are castling rights the board contradicts is still replayed, reading
/// those rights as void (docs/RULES.md 6.1: "treat a right as void if the piece is not on its home
/// hex"), so that the moves after it are checked too. A PDTL written in the official app's
/// dialect (`E0125`) is replayed from the position it means there (docs/APP.md).
pub(crate) fn defensive(
    value: &str,
    letters: &Letters,
    read: &pdtl::ReadOutput,
) -> Option<Position> {
    let errors: Vec<&Diagnostic> = read.diagnostics.iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() && errors.iter().all(|d| d.code == pdtl::codes::APP_DIALECT) {
        return pdtl::read_in(value, letters, pdtl::Dialect::App).position;
    }
    if errors.is_empty() || errors.iter().any(|d| d.code != pdtl::codes::CASTLING_CONTRADICTS_BOARD)
    {
        return None;
    }
    let mut repaired = value.to_string();
    let mut spans: Vec<Span> = errors.iter().map(|d| d.span).collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.start));
    for s in spans {
        repaired.get(s.range())?;
        repaired.replace_range(s.range(), "");
    }
    pdtl::read(&repaired, letters).position
}

/// Whether the syntax error at `error` lies inside `span` (an error of no width counts as
/// one character wide).
pub(crate) fn overlaps(error: Span, span: Span) -> bool {
    error.start < span.end && span.start < error.end.max(error.start + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> ParsedGame {
        let out = ctl_an::parse_file(text);
        ParsedGame::new(out.file.games[0].clone(), text)
    }

    #[test]
    fn misplaced_redefine_quotes_keep_the_intended_letters() {
        let g = game("[Variant \"C'escacs\"] [Redefine \"A@J, T@R\", C@N\"]\n1. AF6-C15: *\n");
        assert!(g.setup_diagnostics().is_empty());
        assert_eq!(g.letters().move_letter(cescacs_board::PieceKind::Knight), 'C');
    }

    #[test]
    fn redefine_errors_point_into_the_value() {
        let text = "[Variant \"C'escacs\"] [Redefine \"B@J, Q@Z\"]\n1. E7-E13: *\n";
        let g = game(text);
        let d = &g.setup_diagnostics()[0];
        assert_eq!(d.code, codes::BAD_REDEFINE);
        assert_eq!(&text[d.span.range()], "Q@Z");
    }

    #[test]
    fn pdtl_diagnostics_are_file_offsets_and_bad_castling_still_replays() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../corpus/invalid/spec-DPTL-fragment.ctl-pgn"
        ))
        .unwrap();
        let g = game(&text);
        let codes: Vec<&str> = g.setup_diagnostics().iter().map(|d| d.code).collect();
        // `KRrkr` after the King's Rook left I3 is the official app's way of writing `RKrkr`.
        assert!(codes.contains(&"E0125"), "{codes:?}");
        assert!(codes.contains(&"W0101"), "{codes:?}");
        let e = g.setup_diagnostics().iter().find(|d| d.code == "E0125").unwrap();
        assert_eq!(&text[e.span.range()], "KRrkr");
        let start = g.start().expect("replayable");
        assert_eq!(start.turn(), cescacs_board::Colour::Black);
        // Replayed from the position the app means: the Queen's Rook keeps its right.
        assert!(start.castling(cescacs_board::Colour::White).queens_rook);
    }
}
