//! The npm package's API in plain Rust: JavaScript's options (plain objects, names as strings)
//! read into the toolkit's, its operations called (`cescacs_toolkit`, the one crate this crate
//! calls), and their values given in the shapes JavaScript receives. Each function takes text
//! and options and gives a value that serializes to what the JavaScript caller receives, or an
//! [`ApiError`]; none panics on any input. A text that may be large is read game by game from
//! any [`Read`] (the bindings read a JavaScript string a chunk at a time), and no result may
//! take more than [`RESULT_BYTES`] of JSON ([`to_json`]).

mod error;
mod json;
mod model;
mod position;
mod replay;

pub use cescacs_toolkit::games::GameEntry;
pub use cescacs_toolkit::play::{LegalMove, MoveAdded};
pub use cescacs_toolkit::replay::{Branch, GameReplayed, LinePlayed, PlyPlayed, TagValue};
pub use cescacs_toolkit::viewer::ViewerPage;
pub use error::ApiError;
pub use json::{RESULT_BYTES, to_json};
pub use model::{
    Annotation, GameModel, GameModelRead, Place, Played, PositionData, piece_at, play, position_of,
};
use position::position;
pub use replay::{GameReplays, REPLAY_BYTES, ReplayOptions, game_json, replay, replay_games};

use std::io::{self, Read};

use cescacs_toolkit::app::AppGame;
use cescacs_toolkit::read::{JsonOptions, Parsed, Records, json_of};
use cescacs_toolkit::{
    Dialect, Fix, Span, WriteOptions, check as checking, format as formatting, names,
    position as positions,
};
pub use cescacs_toolkit::{JsonDiagnostic, JsonFix};
use serde::{Deserialize, Serialize};

/// An error of the text's reader (JavaScript's readers do not fail).
fn unreadable(e: io::Error) -> ApiError {
    ApiError::input(format!("cannot read the text: {e}"))
}

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
        let core = checking::CheckOptions::default();
        CheckOptions {
            level: "rules".into(),
            position_encoding: core.json.encoding.as_str().into(),
            uri: core.json.uri,
            max_errors: core.max_errors,
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

/// Checks a game file (read game by game) as `cescacs check --format json` checks a file
/// ([`cescacs_toolkit::check::check`]).
pub fn check(input: impl Read, options: &CheckOptions) -> Result<Checked, ApiError> {
    let options = checking::CheckOptions {
        level: names::level(&options.level).map_err(ApiError::options)?,
        json: JsonOptions {
            uri: options.uri.clone(),
            encoding: names::encoding(&options.position_encoding).map_err(ApiError::options)?,
        },
        max_errors: options.max_errors,
    };
    let found = checking::check(input, &options).map_err(unreadable)?;
    let c = found.counts;
    let summary =
        Summary { games: c.games, plies: c.plies, errors: c.errors, warnings: c.warnings };
    Ok(Checked { diagnostics: found.diagnostics, summary, omitted: found.omitted })
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
        let core = formatting::FormatOptions::default();
        FormatOptions { ascii: core.write.ascii, max_errors: core.max_errors }
    }
}

/// The canonical text of a game file (read game by game), as `cescacs fmt` writes it; a text
/// with errors of its encoding or syntax, or prose between games, is not formatted:
/// `syntax-errors` with their diagnostics.
pub fn format(input: impl Read, options: &FormatOptions) -> Result<String, ApiError> {
    let options = formatting::FormatOptions {
        write: WriteOptions { ascii: options.ascii },
        max_errors: options.max_errors,
        json: JsonOptions::default(),
    };
    formatting::format(input, &options).map_err(unreadable)?.map_err(|refused| ApiError {
        code: "syntax-errors".into(),
        message: "the text has syntax errors: it is not formatted".into(),
        diagnostics: refused.diagnostics,
    })
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
    names::dialect(name).map_err(ApiError::options)
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

/// Reads a PDTL (`options.from` its dialect, or `start`) and writes it in both.
pub fn read_pdtl(text: &str, options: &PdtlOptions) -> Result<PdtlRead, ApiError> {
    let read = positions::read(text, dialect(&options.from)?);
    let write = |d| read.position.as_ref().map(|p| positions::write(p, d));
    Ok(PdtlRead {
        spec: write(Dialect::Spec),
        app: write(Dialect::App),
        diagnostics: json_of(&read.diagnostics, text, &JsonOptions::default()),
    })
}

/// A PDTL rewritten canonically, from dialect `options.from` to `options.to`.
pub fn write_pdtl(text: &str, options: &PdtlOptions) -> Result<String, ApiError> {
    let to = dialect(&options.to)?;
    Ok(positions::write(&position(text, dialect(&options.from)?)?, to))
}

/// Every legal move of a position with its check mark, sorted, as `cescacs legal` lists them.
pub fn legal_moves(text: &str) -> Result<Vec<String>, ApiError> {
    Ok(positions::legal_moves(&position(text, Dialect::Spec)?))
}

/// Every legal move of a position as a [`LegalMove`]: origin, destination, piece, captured
/// piece, promotion, castling, check and canonical text, sorted by text (what a board needs to
/// play a move by its hexes).
pub fn moves(text: &str) -> Result<Vec<LegalMove>, ApiError> {
    Ok(cescacs_toolkit::play::moves(&position(text, Dialect::Spec)?))
}

/// The options of [`add_move`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct AddMoveOptions {
    /// Where the move is played: a UTF-8 byte offset of the text. The position is the one after
    /// the last move that starts at or before it, in the game that holds it (the start of the
    /// game before its first move), as the viewer's `goToOffset` shows it.
    pub at: usize,
    /// The move, in CTL-AN with the standard letters (a [`LegalMove`]'s `text`).
    #[serde(rename = "move")]
    pub played: String,
}

/// Plays a move into a text's game through the game model and gives the new text
/// ([`cescacs_toolkit::play::add_move`]).
///
/// ```
/// use cescacs_wasm::toolkit::{AddMoveOptions, add_move};
/// let added = add_move("", &AddMoveOptions { at: 0, played: "E7-E13".into() })?;
/// assert_eq!(added.text, "[Variant \"C'escacs\"]\n\n1. E7-E13 :\n*\n");
/// # Ok::<(), cescacs_wasm::toolkit::ApiError>(())
/// ```
pub fn add_move(text: &str, options: &AddMoveOptions) -> Result<MoveAdded, ApiError> {
    cescacs_toolkit::play::add_move(text, options.at, &options.played).map_err(|e| ApiError {
        code: e.code,
        message: e.message,
        diagnostics: e.diagnostics,
    })
}

/// The games of a text, in order, for a game picker ([`cescacs_toolkit::games::games`]).
pub fn games(input: impl Read) -> Result<Vec<GameEntry>, ApiError> {
    cescacs_toolkit::games::games(input).map_err(unreadable)
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
    let pieces = names::piece_style(&options.pieces).map_err(ApiError::options)?;
    let p = position(text, dialect(&options.from)?)?;
    let hex = |s: &str| {
        s.parse().map_err(|_| ApiError::options(format!("`lastMove`: {s:?} is not a hex")))
    };
    let last_move = match &options.last_move {
        Some((from, to)) => Some((hex(from)?, hex(to)?)),
        None => None,
    };
    let picture = positions::SvgOptions {
        flip: options.flip,
        pieces,
        last_move,
        title: options.title.clone(),
    };
    Ok(positions::svg(&p, &picture))
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
    let read = cescacs_toolkit::app::from_app(text.as_bytes().to_vec());
    FromApp { diagnostics: read.json(&JsonOptions::default()), text: read.text }
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
    let mut out = Vec::new();
    let mut records = Records::new(input, JsonOptions::default());
    while let Some(record) = records.next() {
        let Parsed::Game(mut game) = record.map_err(unreadable)?.parse() else { continue };
        let app = match cescacs_toolkit::app::to_app(&game) {
            AppGame::Written(app) => ToApp {
                game: game.number,
                text: Some(app.text()),
                dropped: app.dropped.iter().map(|s| s.to_string()).collect(),
                diagnostics: Vec::new(),
            },
            not => ToApp {
                game: game.number,
                text: None,
                dropped: Vec::new(),
                diagnostics: game.json(not.diagnostics()),
            },
        };
        out.push(app);
    }
    Ok(out)
}

/// Fixes applied to a text: each `span` (UTF-8 byte offsets, as in a diagnostic's
/// `data.fixes`) replaced by its `replacement`. Fixes that overlap one taken before them, or do
/// not fit the text, are left out (as `cescacs check --fix` does in one pass).
pub fn apply_fixes(text: &str, fixes: &[JsonFix]) -> String {
    let fixes = fixes
        .iter()
        .map(|f| Fix {
            span: Span::new(f.span.start, f.span.end),
            replacement: f.replacement.clone(),
        })
        .collect();
    cescacs_toolkit::fix::apply(text, fixes)
}

/// The options of [`viewer`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ViewerOptions {
    /// A byte offset (UTF-8) in the text: the games shown are those of the chunk that holds it
    /// (a chunk runs from a `[Variant` tag to the next one).
    pub at: usize,
    /// The file's name, in the titles of games without players or title.
    pub name: String,
}

impl Default for ViewerOptions {
    fn default() -> ViewerOptions {
        ViewerOptions { at: 0, name: "untitled".into() }
    }
}

/// The viewer of `cescacs html` for the games of the chunk of `bytes` that holds the byte
/// `options.at` (the last chunk when it is past the end).
pub fn viewer(bytes: &[u8], options: &ViewerOptions) -> ViewerPage {
    cescacs_toolkit::viewer::page_at(bytes, options.at, &options.name)
}

/// The viewer's board with its controls, as HTML: one per page, beside the games' sections.
pub fn viewer_board() -> String {
    cescacs_toolkit::viewer::board()
}

/// The options of [`standings`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct StandingsOptions {
    /// One table of every game, whatever its `Event` tag (`cescacs standings --one-table`).
    pub one_table: bool,
}

/// The standings of a collection, as `cescacs standings --format json` gives them.
pub fn standings(text: &str, options: &StandingsOptions) -> cescacs_toolkit::collection::Standings {
    cescacs_toolkit::collection::standings(text, options.one_table)
}

/// The options of [`tree`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct TreeOptions {
    /// The position the tree starts from: a PDTL, or `start` (the default).
    pub from: String,
    /// How many plies deep (1 to 1000; default 1).
    pub depth: usize,
}

impl Default for TreeOptions {
    fn default() -> TreeOptions {
        TreeOptions { from: cescacs_toolkit::position::START.into(), depth: 1 }
    }
}

/// The opening tree of a collection, as `cescacs tree --format json` gives it.
pub fn tree(
    text: &str,
    options: &TreeOptions,
) -> Result<cescacs_toolkit::collection::OpeningTree, ApiError> {
    Ok(cescacs_toolkit::collection::tree(text, &options.from, options.depth)?)
}
