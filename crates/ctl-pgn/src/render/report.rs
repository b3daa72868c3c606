//! One checked file: its text, its diagnostics with their game and ply, and what it held.

use cescacs_diagnostics::{Diagnostic, Severity, Span};
use ctl_an::syntax::{Ply, Record};

use super::text::TextRenderer;
use super::uri::file_uri;
use crate::reader::TextStart;

/// Facts about a diagnostic that the [`Diagnostic`] itself does not carry: where in the file's
/// games it was found.
///
/// ```
/// use ctl_pgn::render::Context;
/// let c = Context::game(2).with_ply(17);
/// assert_eq!((c.game, c.ply), (Some(2), Some(17)));
/// assert_eq!(Context::default().game, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Context {
    /// 1-based number of the game within the file.
    pub game: Option<usize>,
    /// 1-based half-move (ply) of that game the diagnostic is about.
    pub ply: Option<usize>,
}

impl Context {
    /// The context of game `game` (1-based).
    pub const fn game(game: usize) -> Context {
        Context { game: Some(game), ply: None }
    }

    /// The same context at ply `ply` (1-based).
    pub const fn with_ply(mut self, ply: usize) -> Context {
        self.ply = Some(ply);
        self
    }
}

/// Finds the [`Context`] of a diagnostic: the game (numbered from 1 in the order games were
/// pushed) and the main-line ply (numbered from 1, `…` not counted) whose text holds its start.
///
/// ```
/// use cescacs_diagnostics::Span;
/// use ctl_pgn::render::{Context, Locator};
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// let mut locator = Locator::default();
/// for game in ctl_an::parse_file(text).file.games() {
///     locator.push(game);
/// }
/// let at = text.find("E21").unwrap();
/// assert_eq!(locator.context(Span::new(at, at + 3)), Context::game(1).with_ply(2));
/// assert_eq!(locator.context(Span::new(0, 1)), Context::game(1));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Locator {
    /// Per game: its span and the spans of its main-line plies, numbered from 1.
    games: Vec<(Span, Vec<(Span, usize)>)>,
}

impl Locator {
    /// Adds the next game (games are pushed in text order).
    pub fn push(&mut self, game: &Record) {
        let mut plies = Vec::new();
        let mut n = 0;
        for pair in &game.movetext.pairs {
            for ply in std::iter::once(&pair.white).chain(pair.black.as_ref()) {
                if !matches!(ply, Ply::Omitted(_)) {
                    n += 1;
                    plies.push((ply.span(), n));
                }
            }
        }
        self.games.push((game.span, plies));
    }

    /// How many games were pushed.
    pub fn game_count(&self) -> usize {
        self.games.len()
    }

    /// The game and ply of a diagnostic at `span`; empty outside every game.
    pub fn context(&self, span: Span) -> Context {
        let at = span.start;
        // Games are in text order and do not overlap: the last one starting at or before `at`.
        let i = self.games.partition_point(|(g, _)| g.start <= at);
        let Some(((game, plies), number)) = i.checked_sub(1).map(|i| (&self.games[i], i + 1))
        else {
            return Context::default();
        };
        if at > game.end {
            return Context::default();
        }
        let mut context = Context::game(number);
        let j = plies.partition_point(|(p, _)| p.start <= at);
        if let Some((ply_span, ply)) = j.checked_sub(1).map(|j| plies[j]) {
            if at < ply_span.end || (ply_span.is_empty() && at == ply_span.start) {
                context = context.with_ply(ply);
            }
        }
        context
    }
}

/// Everything the renderers need about one checked file.
///
/// `path` is shown to people as given; `uri` (by default the `file://` URI of `path` made
/// absolute) is what editors get. Spans of the diagnostics are byte offsets into `source`.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Span};
/// use ctl_pgn::render::{Context, FileReport};
/// let mut report = FileReport::new("g.ctl-pgn", "1. E7xE13\n").with_counts(1, 1);
/// report.push(Diagnostic::error("E0203", Span::new(5, 6), "found `x`"), Context::game(1).with_ply(1));
/// assert_eq!((report.errors(), report.warnings()), (1, 0));
/// assert!(report.uri.starts_with("file:///") && report.uri.ends_with("/g.ctl-pgn"));
/// assert!(report.render_text(false).contains("g.ctl-pgn:1:6"));
/// ```
#[derive(Debug, Clone)]
pub struct FileReport<'a> {
    /// The path as people gave it (or a name such as `<stdin>`).
    pub path: &'a str,
    /// The URI editors use for this file.
    pub uri: String,
    /// The file's text, or the part of it that the diagnostics are in (see [`FileReport::at`]).
    pub source: &'a str,
    /// Where `source` starts in the file: the default for a whole file.
    pub start: TextStart,
    /// The diagnostics, in the order they are to be shown.
    pub diagnostics: Vec<(Diagnostic, Context)>,
    /// How many games the file held.
    pub games: usize,
    /// How many plies (half-moves) its games held.
    pub plies: usize,
}

impl<'a> FileReport<'a> {
    /// A report with no diagnostics for `source`, read from `path`.
    pub fn new(path: &'a str, source: &'a str) -> FileReport<'a> {
        FileReport {
            path,
            uri: file_uri(std::path::Path::new(path)),
            source,
            start: TextStart::default(),
            diagnostics: Vec::new(),
            games: 0,
            plies: 0,
        }
    }

    /// The same report for `source`, a part of the file that starts at `start` (e.g. one game
    /// read from a stream, [`crate::reader::StreamChunk`]): its diagnostics are in file offsets inside
    /// the part, and the renderers give file lines and columns.
    ///
    /// ```
    /// use cescacs_diagnostics::{Diagnostic, Span};
    /// use ctl_pgn::reader::TextStart;
    /// use ctl_pgn::render::{Context, FileReport};
    /// let file = "[Variant \"C'escacs\"] 1. E7-E13: *\n[Variant \"C'escacs\"] 1. E7xE13: *\n";
    /// let cut = file.rfind("[Variant").unwrap();
    /// let start = TextStart::default().after(&file.as_bytes()[..cut]);
    /// let mut report = FileReport::new("g.ctl-pgn", &file[cut..]).at(start);
    /// let x = file.rfind('x').unwrap();
    /// report.push(Diagnostic::error("E0206", Span::new(x, x + 1), "found `x`"), Context::game(2));
    /// assert!(report.render_text(false).contains("g.ctl-pgn:2:27"));
    /// ```
    pub fn at(mut self, start: TextStart) -> FileReport<'a> {
        self.start = start;
        self
    }

    /// The same report with another URI (e.g. `untitled:stdin` for standard input).
    pub fn with_uri(mut self, uri: impl Into<String>) -> FileReport<'a> {
        self.uri = uri.into();
        self
    }

    /// The same report counting `games` games and `plies` plies.
    pub fn with_counts(mut self, games: usize, plies: usize) -> FileReport<'a> {
        self.games = games;
        self.plies = plies;
        self
    }

    /// Adds a diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic, context: Context) {
        self.diagnostics.push((diagnostic, context));
    }

    /// Adds diagnostics that all share one context.
    pub fn extend(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>, context: Context) {
        self.diagnostics.extend(diagnostics.into_iter().map(|d| (d, context)));
    }

    /// Orders the diagnostics by position, then code, so output does not depend on the order in
    /// which checks ran.
    pub fn sort(&mut self) {
        self.diagnostics.sort_by(|(a, _), (b, _)| {
            (a.span.start, a.span.end, a.code).cmp(&(b.span.start, b.span.end, b.code))
        });
    }

    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    fn count(&self, severity: Severity) -> usize {
        self.diagnostics.iter().filter(|(d, _)| d.severity == severity).count()
    }

    /// All diagnostics as ariadne text (see [`super::render_text`]).
    pub fn render_text(&self, color: bool) -> String {
        if self.diagnostics.is_empty() {
            return String::new();
        }
        let renderer = TextRenderer::at(self.path, self.source, self.start, color);
        self.diagnostics.iter().map(|(d, _)| renderer.render(d)).collect()
    }

    /// Writes all diagnostics as ariadne text, one report at a time.
    pub fn write_text(&self, color: bool, mut out: impl std::io::Write) -> std::io::Result<()> {
        if self.diagnostics.is_empty() {
            return Ok(());
        }
        let renderer = TextRenderer::at(self.path, self.source, self.start, color);
        for (d, _) in &self.diagnostics {
            out.write_all(renderer.render(d).as_bytes())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod locator_tests {
    use super::*;

    #[test]
    fn locator_finds_game_and_ply() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12\n[Variant \"C'escacs\"]\n1. E7-E13";
        let parsed = ctl_an::parse_file(text);
        let mut locator = Locator::default();
        for game in parsed.file.games() {
            locator.push(game);
        }
        let find = |needle: &str, nth: usize| {
            let start = text.match_indices(needle).nth(nth).expect("needle").0;
            locator.context(Span::new(start, start + needle.len()))
        };
        assert_eq!(find("E21-E15", 0), Context::game(1).with_ply(2));
        assert_eq!(find("F8-F12", 0), Context::game(1).with_ply(3));
        assert_eq!(find("Variant", 0), Context::game(1));
        assert_eq!(find("Variant", 1), Context::game(2));
        assert_eq!(find("E7-E13", 1), Context::game(2).with_ply(1));
    }
}
