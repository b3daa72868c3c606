//! A text read game by game, as `cescacs` reads a file: pieces cut at `[Variant` lines
//! ([`Pieces`]), each decoded and its records parsed on their own, so that memory is bounded by
//! the largest game (piece), never by the text; and the diagnostics of one record at a time as
//! entries of `cescacs check --format json`.

use std::io::Read;

use cescacs_board::{Diagnostic, Span};
use ctl_an::GameOutput;
use ctl_an::syntax::Record;
use ctl_pgn::decode::{Decoded, decode};
use ctl_pgn::reader::{Pieces, StreamPiece, TextStart};
use ctl_pgn::render::{Context, JsonDiagnostic, LineIndex, Locator, PositionEncoding};

use super::error::ApiError;

/// The URI the diagnostics of a text name in `relatedInformation`.
pub(crate) const URI: &str = "untitled:text";

/// The diagnostics of a small text (a PDTL, an app move list, a move) as JSON, columns in
/// UTF-16.
pub(crate) fn json_of(diagnostics: &[Diagnostic], text: &str) -> Vec<JsonDiagnostic> {
    let index = LineIndex::at(text, TextStart::default());
    diagnostics
        .iter()
        .map(|d| JsonDiagnostic::new(d, Context::default(), URI, &index, PositionEncoding::Utf16))
        .collect()
}

/// One piece of a text, read the full way: its records (a game, or text around games), given
/// one at a time.
pub(crate) struct Piece {
    decoded: Decoded,
    /// The records not yet given, spans into `decoded` (the reader reads a piece's records
    /// together: a movetext without tags runs on to the next tag).
    records: std::vec::IntoIter<GameOutput>,
    /// Lines and columns in it.
    locate: Locate,
}

impl Piece {
    /// The next record.
    pub fn next_record(&mut self) -> Option<GameOutput> {
        self.records.next()
    }

    /// The text the parsers read (and the one the diagnostics are shown against), and where
    /// its diagnostics are in it.
    pub fn parts(&mut self) -> (&Decoded, &mut Locate) {
        (&self.decoded, &mut self.locate)
    }
}

/// The pieces of a text, one at a time.
pub(crate) struct ReadPieces<R>(Pieces<R>);

impl<R: Read> ReadPieces<R> {
    /// The pieces of `input`.
    pub fn new(input: R) -> ReadPieces<R> {
        ReadPieces(Pieces::new(input))
    }
}

impl<R: Read> Iterator for ReadPieces<R> {
    type Item = Result<Piece, ApiError>;

    fn next(&mut self) -> Option<Result<Piece, ApiError>> {
        Some(self.0.next()?.map_err(|e| ApiError::input(format!("cannot read the text: {e}"))).map(
            |StreamPiece { start, bytes }| {
                let decoded = decode(bytes);
                let records: Vec<GameOutput> =
                    ctl_an::games_with(&decoded.text, &ctl_an::Limits::DEFAULT).collect();
                Piece { decoded, records: records.into_iter(), locate: Locate::new(start) }
            },
        ))
    }
}

/// Lines and columns of the diagnostics of a piece, record after record: each record's stretch
/// of the text is indexed on its own, counted on from where the previous record's was, so that a
/// piece of many records (a flood of games without tags) is counted once instead of once per
/// record.
pub(crate) struct Locate {
    /// Where the piece starts in the text.
    piece: TextStart,
    /// The piece offset counted up to, and where it is in the text.
    at: usize,
    at_start: TextStart,
}

/// The spans of `diagnostics` and of their labels.
fn spans(diagnostics: &[Diagnostic]) -> impl Iterator<Item = Span> + '_ {
    diagnostics.iter().flat_map(|d| std::iter::once(d.span).chain(d.labels.iter().map(|l| l.span)))
}

impl Locate {
    fn new(piece: TextStart) -> Locate {
        Locate { piece, at: 0, at_start: piece }
    }

    /// The stretch `span` of the piece (piece offsets, widened to take every span of
    /// `diagnostics` too), indexed: what locates the diagnostics of one record.
    pub fn stretch<'s>(
        &mut self,
        shown: &'s str,
        span: Span,
        diagnostics: &[Diagnostic],
    ) -> Stretch<'s> {
        let from = spans(diagnostics).map(|s| s.start).fold(span.start, usize::min);
        let to = spans(diagnostics).map(|s| s.end.max(s.start)).fold(span.end, usize::max);
        let bytes = shown.as_bytes();
        // Neither end between the `\r` and the `\n` of a line break (a `\r` alone is one), nor
        // inside a character.
        let inside_crlf =
            |at: usize| at > 0 && bytes[at - 1] == b'\r' && bytes.get(at) == Some(&b'\n');
        let mut from = from.min(shown.len());
        if inside_crlf(from) {
            from -= 1;
        }
        while !shown.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = to.clamp(from, shown.len());
        if inside_crlf(to) {
            to += 1;
        }
        while !shown.is_char_boundary(to) {
            to += 1;
        }
        if from < self.at {
            (self.at, self.at_start) = (0, self.piece);
        }
        self.at_start = self.at_start.after(&bytes[self.at..from]);
        self.at = from;
        Stretch { index: LineIndex::at(&shown[from..to], self.at_start), piece: self.piece.offset }
    }

    /// `diagnostics` (piece offsets) as [`Stretch::json`] gives them, located in the stretch
    /// they cover.
    pub fn json(
        &mut self,
        shown: &str,
        diagnostics: &[Diagnostic],
        context: impl Fn(&Diagnostic) -> Context,
    ) -> Vec<JsonDiagnostic> {
        let Some(first) = diagnostics.first() else {
            return Vec::new();
        };
        let stretch = self.stretch(shown, first.span, diagnostics);
        diagnostics.iter().map(|d| stretch.json(d, context(d))).collect()
    }
}

/// One stretch of a piece, indexed (see [`Locate::stretch`]).
pub(crate) struct Stretch<'s> {
    index: LineIndex<'s>,
    /// Where the piece starts in the text.
    piece: usize,
}

impl Stretch<'_> {
    /// `d` (piece offsets, inside the stretch) as an entry of `cescacs check --format json` for
    /// the text (columns in UTF-16, the URI `untitled:text`), in `context`.
    pub fn json(&self, d: &Diagnostic, context: Context) -> JsonDiagnostic {
        let located = d.clone().shifted(self.piece);
        JsonDiagnostic::new(&located, context, URI, &self.index, PositionEncoding::Utf16)
    }
}

/// The game and ply of a diagnostic of `game`, game `number` of its text, as `cescacs check
/// --format json` gives them.
pub(crate) fn in_game(game: &Record, number: usize) -> impl Fn(&Diagnostic) -> Context + use<> {
    let mut plies = Locator::default();
    plies.push(game);
    move |d| {
        let mut context = plies.context(d.span);
        context.game = context.game.map(|_| number);
        context
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Record after record, each located from where the last one was (and once from further
    /// back), the positions are those of one index of the whole piece: CR, LF and CRLF line
    /// ends, wide characters, a piece that starts inside its text's line.
    #[test]
    fn records_are_located_as_one_index_of_the_piece_locates_them() {
        let shown = "1. E7-E13 {é𝄞}\r\n2. F8-F12\r3. …\n".repeat(500);
        let start = TextStart::default().after("[Variant \"C'escacs\"]\r\n{é} ".as_bytes());
        let whole = LineIndex::at(&shown, start);
        let boundaries: Vec<usize> = shown.char_indices().map(|(i, _)| i).collect();
        let mut locate = Locate::new(start);
        for (k, w) in boundaries.windows(3).enumerate().step_by(5) {
            let (at, end) = if k == 4_000 { (w[0] / 2, w[2]) } else { (w[0], w[2]) };
            let d = Diagnostic::error("E0204", Span::new(at, end), "here")
                .with_label(Span::new(w[1], w[2]), "and there");
            let located = locate.json(&shown, std::slice::from_ref(&d), |_| Context::default());
            // Counted up to the diagnostic (a `\r\n` whole), so that the next goes on from there.
            assert!(locate.at <= at && at - locate.at <= 3, "counted up to {}", locate.at);
            let d = d.shifted(start.offset);
            let expected =
                JsonDiagnostic::new(&d, Context::default(), URI, &whole, PositionEncoding::Utf16);
            assert_eq!(located, [expected], "at {at}");
        }
    }
}
