//! The toolkit's front door for JavaScript, in plain Rust: every call of this crate into
//! `ctl-pgn`, `pdtl`, `ctl-an`, `cescacs-board`, `cescacs-diagram` and `cescacs-viewer` is in
//! this module (this file and `toolkit/`), so that the bindings follow a change of those crates
//! here alone. Each function takes text and options and gives a value that serializes to what
//! the JavaScript caller receives, or an [`ApiError`]; none panics on any input. A text that
//! may be large is read game by game from any [`Read`] (the bindings read a
//! JavaScript string a chunk at a time), and no result may take more than [`RESULT_BYTES`] of
//! JSON ([`to_json`]).

mod error;
mod games;
mod json;
mod pieces;
mod play;
mod replay;

pub use error::ApiError;
pub use games::{GameEntry, games};
pub use json::{RESULT_BYTES, to_json};
pub use play::{AddMoveOptions, LegalMove, MoveAdded, add_move};
pub use replay::{
    Branch, GameReplayed, GameReplays, LinePlayed, PlyPlayed, REPLAY_BYTES, ReplayOptions,
    TagValue, game_json, replay, replay_games,
};

use std::io::Read;

use cescacs_board::{Diagnostic, Letters, Position};
use cescacs_diagram::{Diagram, PieceStyle};
use ctl_an::WriteOptions;
use ctl_pgn::ParsedGame;
use ctl_pgn::reader::{Pieces, StreamPiece as Piece, TextStart};
use ctl_pgn::render::{Context, ErrorCap, JsonDiagnostic, LineIndex, PositionEncoding, piece_json};
use ctl_pgn::validate::Level;
use ctl_pgn::{Check, CheckedPiece, Game};
use pdtl::Dialect;
use serde::{Deserialize, Serialize};

use pieces::{ReadPieces, URI, json_of};

/// The options of [`check`] (JavaScript names in camelCase).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct CheckOptions {
    /// `syntax`, `coherence` or `rules` (the default).
    pub level: String,
    /// `utf-8`, `utf-16` (the default, JavaScript's own) or `utf-32`: the unit of the columns.
    pub position_encoding: String,
    /// The URI of the text, for `relatedInformation` (default `untitled:text`).
    pub uri: String,
    /// Diagnostics given (0: all); the others are counted in `omitted`. As `cescacs check
    /// --max-errors`, 100 by default.
    pub max_errors: usize,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            level: "rules".into(),
            position_encoding: "utf-16".into(),
            uri: URI.into(),
            max_errors: ctl_pgn::render::DEFAULT_MAX_DIAGNOSTICS,
        }
    }
}

/// The counts of a [`check`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Games read.
    pub games: usize,
    /// Plies (half-moves) of their main lines.
    pub plies: usize,
    /// Errors found (all of them, given or omitted).
    pub errors: usize,
    /// Warnings found.
    pub warnings: usize,
}

/// What [`check`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Checked {
    /// Each one an entry of `cescacs check --format json` for the same text.
    pub diagnostics: Vec<JsonDiagnostic>,
    /// Totals.
    pub summary: Summary,
    /// Diagnostics left out by `maxErrors`.
    pub omitted: usize,
}

fn level(name: &str) -> Result<Level, ApiError> {
    match name {
        "syntax" => Ok(Level::Syntax),
        "coherence" => Ok(Level::Coherence),
        "rules" => Ok(Level::Rules),
        other => Err(ApiError::options(format!(
            "expected `level` \"syntax\", \"coherence\" or \"rules\", found {other:?}"
        ))),
    }
}

fn encoding(name: &str) -> Result<PositionEncoding, ApiError> {
    name.parse().map_err(|_| {
        ApiError::options(format!(
            "expected `positionEncoding` \"utf-8\", \"utf-16\" or \"utf-32\", found {name:?}"
        ))
    })
}

/// Checks a game file's bytes as `cescacs check --format json` checks a file: the same pieces,
/// the same paths, each diagnostic rendered by the same code (`piece_json`), numbered across
/// the pieces and capped the same way.
pub fn check(bytes: &[u8], options: &CheckOptions) -> Result<Checked, ApiError> {
    let check = Check::new(level(&options.level)?);
    let encoding = encoding(&options.position_encoding)?;
    let mut cap = ErrorCap::new(options.max_errors);
    let (mut summary, mut diagnostics, mut games_before) = (Summary::default(), Vec::new(), 0);
    for piece in check.stream(bytes) {
        // Reading from memory cannot fail.
        let Ok((start, CheckedPiece { decoded, checked: found })) = piece else { continue };
        let errors = found.diagnostics.iter().filter(|d| d.is_error()).count();
        summary.games += found.games;
        summary.plies += found.plies;
        summary.errors += errors;
        summary.warnings += found.diagnostics.len() - errors;
        if let Some(decoded) = decoded.filter(|_| !found.diagnostics.is_empty()) {
            let keep = cap.room().unwrap_or(usize::MAX).min(found.diagnostics.len());
            let (kept, left) = found.diagnostics.split_at(keep);
            let rendered =
                piece_json(kept, &found.read, decoded.shown(), start, &options.uri, encoding);
            for (found, mut d) in kept.iter().zip(rendered) {
                d.data.game = d.data.game.map(|g| g + games_before);
                if cap.admit(found.severity) {
                    diagnostics.push(d);
                }
            }
            let left_errors = left.iter().filter(|d| d.is_error()).count();
            cap.omit(left_errors, left.len() - left_errors);
        }
        games_before += found.games;
    }
    Ok(Checked { diagnostics, summary, omitted: cap.omitted() })
}

/// The pieces of a text as `cescacs` cuts a file, each decoded (what `fmt` reads).
fn decoded_pieces(
    bytes: &[u8],
) -> impl Iterator<Item = (TextStart, ctl_pgn::decode::Decoded)> + '_ {
    Pieces::new(bytes).filter_map(|piece| {
        let Piece { start, bytes } = piece.ok()?;
        Some((start, ctl_pgn::decode::decode(bytes)))
    })
}

/// The options of [`format()`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct FormatOptions {
    /// Keyboard characters only (`*` for `×`, `...` for `…`), as `cescacs fmt --ascii`.
    pub ascii: bool,
    /// The diagnostics of a text that cannot be formatted given (0: all), as `cescacs fmt
    /// --max-errors`: 100 by default.
    pub max_errors: usize,
}

impl Default for FormatOptions {
    fn default() -> FormatOptions {
        FormatOptions { ascii: false, max_errors: ctl_pgn::render::DEFAULT_MAX_DIAGNOSTICS }
    }
}

/// The canonical text of a game file, as `cescacs fmt` writes it; a text with syntax errors
/// (or prose between games) is not formatted: `syntax-errors` with its diagnostics.
pub fn format(bytes: &[u8], options: &FormatOptions) -> Result<String, ApiError> {
    let write = WriteOptions { ascii: options.ascii };
    let (mut out, mut games, mut broken) = (String::new(), 0usize, Vec::new());
    let (mut cap, mut unformattable) = (ErrorCap::new(options.max_errors), false);
    for (start, decoded) in decoded_pieces(bytes) {
        let records: Vec<_> = ctl_an::games_with(&decoded.text, &ctl_an::Limits::DEFAULT).collect();
        let unwritable = ctl_pgn::write::unwritable(&decoded, &records);
        if !unwritable.is_empty() {
            unformattable = true;
            let index = LineIndex::at(decoded.shown(), start);
            let shown = unwritable.iter().filter(|d| cap.admit(d.severity));
            broken.extend(shown.map(|d| {
                let d = d.clone().shifted(start.offset);
                JsonDiagnostic::new(&d, Context::default(), URI, &index, PositionEncoding::Utf16)
            }));
        }
        if unformattable {
            continue;
        }
        for record in records.iter().filter(|r| !r.game.is_empty()) {
            if games > 0 {
                out.push('\n');
            }
            out.push_str(&ctl_pgn::write::write_game(&record.game, write));
            games += 1;
        }
    }
    if !unformattable {
        Ok(out)
    } else {
        Err(ApiError {
            code: "syntax-errors".into(),
            message: "the text has syntax errors: it is not formatted".into(),
            diagnostics: broken,
        })
    }
}

/// The options of the PDTL functions.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct PdtlOptions {
    /// The dialect read: `spec` (the default) or `app` (the official app's three fields).
    pub from: String,
    /// The dialect written: `spec` (the default) or `app`.
    pub to: String,
}

impl Default for PdtlOptions {
    fn default() -> PdtlOptions {
        PdtlOptions { from: "spec".into(), to: "spec".into() }
    }
}

fn dialect(name: &str) -> Result<Dialect, ApiError> {
    match name {
        "spec" => Ok(Dialect::Spec),
        "app" => Ok(Dialect::App),
        other => Err(ApiError::options(format!("expected \"spec\" or \"app\", found {other:?}"))),
    }
}

/// A PDTL read: the position in both dialects when it is valid, and the reader's diagnostics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PdtlRead {
    /// The canonical PDTL (spec dialect), `null` when the text is not a valid position.
    pub spec: Option<String>,
    /// The same position in the app's dialect.
    pub app: Option<String>,
    /// What the reader found (warnings with a valid position, errors without).
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// The PDTL `text` (or `start`, the initial position) read in its dialect.
fn read_position(text: &str, from: Dialect) -> (Option<Position>, Vec<Diagnostic>) {
    if text.trim().eq_ignore_ascii_case("start") {
        return (Some(Position::initial()), Vec::new());
    }
    let read = pdtl::read_in(text, &Letters::standard(), from);
    (read.position, read.diagnostics)
}

/// Reads a PDTL (`options.from` its dialect) and writes it in both.
pub fn read_pdtl(text: &str, options: &PdtlOptions) -> Result<PdtlRead, ApiError> {
    let (position, diagnostics) = read_position(text, dialect(&options.from)?);
    let write = |d| position.as_ref().map(|p| pdtl::write_in(p, &Letters::standard(), d));
    Ok(PdtlRead {
        spec: write(Dialect::Spec),
        app: write(Dialect::App),
        diagnostics: json_of(&diagnostics, text),
    })
}

/// A valid position, or the error of its first problem.
fn position(text: &str, from: Dialect) -> Result<Position, ApiError> {
    let (position, diagnostics) = read_position(text, from);
    position.ok_or_else(|| {
        let first = diagnostics.iter().find(|d| d.is_error());
        ApiError {
            code: first.map_or("invalid-pdtl", |d| d.code).to_string(),
            message: first.map_or_else(|| "invalid PDTL".to_string(), |d| d.message.clone()),
            diagnostics: json_of(&diagnostics, text),
        }
    })
}

/// A PDTL rewritten canonically, from dialect `options.from` to `options.to`.
pub fn write_pdtl(text: &str, options: &PdtlOptions) -> Result<String, ApiError> {
    let to = dialect(&options.to)?;
    let p = position(text, dialect(&options.from)?)?;
    Ok(pdtl::write_in(&p, &Letters::standard(), to))
}

/// Every legal move of a position with its check mark, sorted, as `cescacs legal` lists them.
pub fn legal_moves(text: &str) -> Result<Vec<String>, ApiError> {
    let p = position(text, Dialect::Spec)?;
    let mut moves: Vec<String> =
        p.legal_moves().iter().map(|m| p.move_text_with_check(m)).collect();
    moves.sort();
    Ok(moves)
}

/// Every legal move of a position as a [`LegalMove`]: origin, destination, piece, captured
/// piece, promotion, castling, check and canonical text, sorted by text (what a board needs to
/// play a move by its hexes).
pub fn moves(text: &str) -> Result<Vec<LegalMove>, ApiError> {
    Ok(play::moves(&position(text, Dialect::Spec)?))
}

/// The options of [`board_svg`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct SvgOptions {
    /// Black at the bottom.
    pub flip: bool,
    /// `discs` (letters in discs, the default) or `symbols` (the spec's Unicode symbols).
    pub pieces: String,
    /// The last move's origin and destination hexes (e.g. `["E7", "E13"]`), highlighted.
    pub last_move: Option<(String, String)>,
    /// The SVG's `<title>`.
    pub title: Option<String>,
    /// The PDTL's dialect: `spec` (the default) or `app`.
    pub from: String,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            flip: false,
            pieces: "discs".into(),
            last_move: None,
            title: None,
            from: "spec".into(),
        }
    }
}

/// The board of a position as a self-contained SVG (`cescacs board`'s picture).
pub fn board_svg(text: &str, options: &SvgOptions) -> Result<String, ApiError> {
    let style = match options.pieces.as_str() {
        "discs" => PieceStyle::Discs,
        "symbols" => PieceStyle::Symbols,
        other => {
            return Err(ApiError::options(format!(
                "expected `pieces` \"discs\" or \"symbols\", found {other:?}"
            )));
        }
    };
    let p = position(text, dialect(&options.from)?)?;
    let mut diagram = Diagram::new(&p).flipped(options.flip).pieces(style);
    if let Some((from, to)) = &options.last_move {
        let hex = |s: &str| {
            s.parse().map_err(|_| ApiError::options(format!("`lastMove`: {s:?} is not a hex")))
        };
        diagram = diagram.last_move(hex(from)?, hex(to)?);
    }
    if let Some(title) = &options.title {
        diagram = diagram.title(title.clone());
    }
    Ok(diagram.to_svg())
}

/// A text converted from the official app's format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FromApp {
    /// The canonical CTL-PGN game, `null` when the move list cannot be read.
    pub text: Option<String>,
    /// What was found (spans into the text given).
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// An app move list (optionally after an app PDTL line) as a canonical CTL-PGN game, as
/// `cescacs convert --from app` writes it.
pub fn from_app(text: &str) -> FromApp {
    let read = ctl_pgn::app::from_app(text);
    FromApp { text: read.text, diagnostics: json_of(&read.diagnostics, text) }
}

/// One game written for the app.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ToApp {
    /// The game's number in the text (from 1).
    pub game: usize,
    /// The app's text (PDTL line, if any, and move list), `null` when not converted.
    pub text: Option<String>,
    /// What the app's format cannot carry and was left out.
    pub dropped: Vec<String>,
    /// Why it was not converted (syntax errors, an unreadable start, an illegal move).
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// Every game of a text written for the app, as `cescacs convert --to app` writes them: read
/// game by game, in time linear in the text and memory bounded by the largest game and the
/// result.
pub fn to_app(input: impl Read) -> Result<Vec<ToApp>, ApiError> {
    let (mut out, mut number) = (Vec::new(), 0);
    for piece in ReadPieces::new(input) {
        let mut piece = piece?;
        while let Some(record) = piece.next_record() {
            if record.game.is_empty() {
                continue;
            }
            number += 1;
            let (decoded, locate) = piece.parts();
            // A game with errors of its encoding or syntax is not converted, as the CLI says.
            let mut problems = ctl_pgn::app::syntax_errors(&decoded.diagnostics, &record.game);
            problems.extend(record.diagnostics.iter().filter(|d| d.is_error()).cloned());
            let context = pieces::in_game(&record.game, number);
            let converted = if problems.is_empty() {
                let game = ParsedGame::new(record.game, &decoded.text);
                ctl_pgn::app::to_app(&game).map_err(|d| vec![*d])
            } else {
                Err(problems)
            };
            let app = match converted {
                Ok(app) => ToApp {
                    game: number,
                    text: Some(app.text()),
                    dropped: app.dropped.iter().map(|s| s.to_string()).collect(),
                    diagnostics: Vec::new(),
                },
                Err(problems) => ToApp {
                    game: number,
                    text: None,
                    dropped: Vec::new(),
                    diagnostics: locate.json(decoded.shown(), &problems, context),
                },
            };
            out.push(app);
        }
    }
    Ok(out)
}

/// Fixes applied to a text: each `span` (UTF-8 byte offsets, as in a diagnostic's
/// `data.fixes`) replaced by its `replacement`. Fixes that overlap one taken before them, or do
/// not fit the text, are left out (as `cescacs check --fix` does in one pass).
pub fn apply_fixes(text: &str, fixes: &[ctl_pgn::render::JsonFix]) -> String {
    let mut fixes: Vec<cescacs_board::Fix> = fixes
        .iter()
        .map(|f| cescacs_board::Fix {
            span: cescacs_board::Span::new(f.span.start, f.span.end),
            replacement: f.replacement.clone(),
        })
        .collect();
    fixes.sort_by_key(|f| (f.span.start, f.span.end));
    ctl_pgn::fixes::apply(text, &fixes)
}

/// The options of [`viewer`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ViewerOptions {
    /// A byte offset (UTF-8) in the text: the games shown are those of the piece that holds it
    /// (a piece runs from a `[Variant` tag to the next one).
    pub at: usize,
    /// The file's name, in the titles of games without players or title.
    pub name: String,
}

impl Default for ViewerOptions {
    fn default() -> ViewerOptions {
        ViewerOptions { at: 0, name: "untitled".into() }
    }
}

/// What the viewer's script shows of a text: the HTML sections of the games of one piece, the
/// notes about the text around them, and their positions.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewerPage {
    /// The notes about the text around the games, as HTML.
    pub notes: String,
    /// The games' sections, as HTML.
    pub sections: String,
    /// Each game's data for `CescacsViewer.mount`, with `at` (each node's byte offset).
    pub games: Vec<serde_json::Value>,
    /// Where the piece shown starts and ends in the text (UTF-8 byte offsets).
    pub start: usize,
    /// Its end.
    pub end: usize,
    /// The number in the text of its first game (from 1).
    pub first_game: usize,
}

impl cescacs_viewer::Sink for ViewerPage {
    fn note(&mut self, html: &str, _decoding: bool) -> std::io::Result<()> {
        self.notes.push_str(html);
        Ok(())
    }

    fn game(&mut self, game: cescacs_viewer::GameHtml) -> std::io::Result<()> {
        self.sections.push_str(&game.section);
        self.games.push(game.data);
        Ok(())
    }
}

/// The viewer of `cescacs html` for the games of the piece of `bytes` that holds the byte
/// `options.at` (the last piece when it is past the end): one game at a time, so that a large
/// file is shown as fast as a small one. The games before it are counted (numbered as `cescacs
/// check` numbers them) by the fast syntax scan.
pub fn viewer(bytes: &[u8], options: &ViewerOptions) -> ViewerPage {
    let mut page = ViewerPage {
        notes: String::new(),
        sections: String::new(),
        games: Vec::new(),
        start: 0,
        end: 0,
        first_game: 1,
    };
    let count = Check::new(Level::Syntax);
    let mut pieces = Pieces::new(bytes).filter_map(Result::ok).peekable();
    while let Some(Piece { start, bytes: piece }) = pieces.next() {
        let end = start.offset + piece.len();
        let last = pieces.peek().is_none();
        if end <= options.at && !last {
            page.first_game += count.piece(&piece).checked.games;
            continue;
        }
        page.start = start.offset;
        page.end = end;
        let at = cescacs_viewer::At { first_game: page.first_game, start };
        let mut shown = cescacs_viewer::Viewer::new(page);
        shown.offsets = true;
        // Writing into strings cannot fail.
        let _ = shown.add(piece, &options.name, at, |_, _, _| true);
        let mut page = shown.sink;
        if page.games.is_empty() {
            page.games.push(start_game(page.start));
        }
        return page;
    }
    page.games.push(start_game(0));
    page
}

/// The start position as a game without moves (and without a section), for a piece of text
/// that holds no game: a board to play a first move on, which [`add_move`] makes a new game
/// there. Its one node stands at `at`.
fn start_game(at: usize) -> serde_json::Value {
    let empty = ViewerPage {
        notes: String::new(),
        sections: String::new(),
        games: Vec::new(),
        start: 0,
        end: 0,
        first_game: 1,
    };
    let mut viewer = cescacs_viewer::Viewer::new(empty);
    viewer.offsets = true;
    let game = Game::new().to_string().into_bytes();
    // Writing into strings cannot fail.
    let _ = viewer.add(game, "", cescacs_viewer::At::default(), |_, _, _| true);
    let mut data = viewer.sink.games.pop().unwrap_or_default();
    if let Some(fields) = data.as_object_mut() {
        fields.insert("at".into(), serde_json::json!([at]));
    }
    data
}

/// The viewer's board with its controls, as HTML: one per page, beside the games' sections.
pub fn viewer_board() -> String {
    cescacs_viewer::board()
}
