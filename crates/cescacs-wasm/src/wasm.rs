//! The JavaScript face of [`crate::toolkit`]: options read from plain objects, values given as
//! plain objects (serialized once by `serde_json`, parsed by `JSON.parse`, so that a
//! diagnostic is byte for byte the CLI's JSON), failures thrown as `Error`s with a `code`. A
//! text that may be large is read a chunk at a time ([`JsText`]), never copied whole into the
//! module's memory, which grows to its peak and never shrinks.

use std::io::{self, Read};

use js_sys::{Array, Error, JSON, JsString, Object, Reflect, Uint8Array};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::toolkit::{self, ApiError, RESULT_BYTES};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// A value as a plain JavaScript object; `too-large` past [`RESULT_BYTES`] of JSON.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let json = toolkit::to_json(value, RESULT_BYTES)
        .ok_or_else(|| thrown(&ApiError::too_large("the result", RESULT_BYTES, "")))?;
    parsed(&json)
}

/// JSON the toolkit wrote, as a JavaScript value.
fn parsed(json: &str) -> Result<JsValue, JsValue> {
    // The JSON is well formed and bounded: parsing it fails only when JavaScript runs out of
    // memory.
    JSON::parse(json).map_err(|_| {
        let mib = json.len() >> 20;
        thrown(&ApiError::out_of_memory(format!("no memory for the result ({mib} MiB of JSON)")))
    })
}

/// An [`ApiError`] as a thrown `Error` with `code` and `diagnostics`.
fn thrown(e: &ApiError) -> JsValue {
    let error = Error::new(&e.message);
    // The package's `CescacsError` (npm/api.js) knows its errors by this name.
    error.set_name("CescacsError");
    let _ = Reflect::set(&error, &"code".into(), &JsValue::from_str(&e.code));
    let diagnostics = to_js(&e.diagnostics).unwrap_or_else(|_| Array::new().into());
    let _ = Reflect::set(&error, &"diagnostics".into(), &diagnostics);
    error.into()
}

mod model;

/// A value given as a plain object, read as `T` (`invalid-options` otherwise).
fn value<T: DeserializeOwned>(value: &JsValue) -> Result<T, JsValue> {
    let json = JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| thrown(&ApiError::options("expected an object")))?;
    serde_json::from_str(&json).map_err(|e| thrown(&ApiError::options(e.to_string())))
}

/// The options object (absent: the defaults).
fn options<T: DeserializeOwned + Default>(value: &Option<JsValue>) -> Result<T, JsValue> {
    let Some(value) = value.as_ref().filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok(T::default());
    };
    let json = JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| thrown(&ApiError::options("expected an options object")))?;
    serde_json::from_str(&json).map_err(|e| thrown(&ApiError::options(format!("options: {e}"))))
}

/// A text given as a string (lone surrogates become U+FFFD) or as the bytes of a file.
fn bytes(text: &JsValue) -> Result<Vec<u8>, JsValue> {
    if let Some(s) = text.as_string() {
        return Ok(s.into_bytes());
    }
    match text.dyn_ref::<Uint8Array>() {
        Some(array) => Ok(array.to_vec()),
        None => Err(thrown(&ApiError::input("expected a string or a Uint8Array"))),
    }
}

/// A text given as a string.
fn text(value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| thrown(&ApiError::input("expected a string")))
}

/// A text given as a string or as the bytes of a file, read a chunk at a time: a large text
/// is never copied whole into the module's memory. A string's chunks end between characters
/// (never inside a surrogate pair), so its bytes are those of the whole string in UTF-8, lone
/// surrogates as U+FFFD.
struct JsText {
    source: Source,
    /// Where the next chunk starts (UTF-16 units of a string, bytes of an array), and the end.
    at: u32,
    len: u32,
    /// The chunk being read, and how much of it was read.
    chunk: Vec<u8>,
    taken: usize,
}

enum Source {
    String(JsString),
    Bytes(Uint8Array),
}

impl JsText {
    /// UTF-16 units or bytes of a chunk.
    const CHUNK: u32 = 1 << 16;

    fn new(text: &JsValue) -> Result<JsText, JsValue> {
        let source = if let Some(s) = text.dyn_ref::<JsString>() {
            Source::String(s.clone())
        } else if let Some(a) = text.dyn_ref::<Uint8Array>() {
            Source::Bytes(a.clone())
        } else {
            return Err(thrown(&ApiError::input("expected a string or a Uint8Array")));
        };
        let len = match &source {
            Source::String(s) => s.length(),
            Source::Bytes(a) => a.length(),
        };
        Ok(JsText { source, at: 0, len, chunk: Vec::new(), taken: 0 })
    }

    /// Reads the next chunk into `chunk`; empty at the end.
    fn fill(&mut self) {
        let mut end = self.at.saturating_add(Self::CHUNK).min(self.len);
        self.chunk = match &self.source {
            Source::String(s) => {
                // A high surrogate last: its pair goes with the next chunk.
                if end < self.len && (0xD800..0xDC00).contains(&(s.char_code_at(end - 1) as u32)) {
                    end -= 1;
                }
                s.slice(self.at, end).as_string().unwrap_or_default().into_bytes()
            }
            Source::Bytes(a) => a.subarray(self.at, end).to_vec(),
        };
        self.at = end;
        self.taken = 0;
    }
}

impl Read for JsText {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.taken == self.chunk.len() {
            self.fill();
        }
        let n = out.len().min(self.chunk.len() - self.taken);
        out[..n].copy_from_slice(&self.chunk[self.taken..self.taken + n]);
        self.taken += n;
        Ok(n)
    }
}

/// Checks a CTL-PGN text (a string, or a file's bytes) as `cescacs check --format json` does.
#[wasm_bindgen(unchecked_return_type = "CheckResult")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    to_js(&toolkit::check(JsText::new(&text)?, &options).map_err(|e| thrown(&e))?)
}

/// The canonical text of a CTL-PGN text, as `cescacs fmt` writes it.
#[wasm_bindgen]
pub fn format(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "FormatOptions")] options: Option<JsValue>,
) -> Result<String, JsValue> {
    let options = self::options(&options)?;
    toolkit::format(JsText::new(&text)?, &options).map_err(|e| thrown(&e))
}

/// Reads a PDTL position and writes it in both dialects.
#[wasm_bindgen(js_name = readPdtl, unchecked_return_type = "PdtlRead")]
pub fn read_pdtl(
    #[wasm_bindgen(unchecked_param_type = "string")] pdtl: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "PdtlOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    to_js(&toolkit::read_pdtl(&text(&pdtl)?, &options).map_err(|e| thrown(&e))?)
}

/// Rewrites a PDTL position canonically, from one dialect to another.
#[wasm_bindgen(js_name = writePdtl)]
pub fn write_pdtl(
    #[wasm_bindgen(unchecked_param_type = "string")] pdtl: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "PdtlOptions")] options: Option<JsValue>,
) -> Result<String, JsValue> {
    let options = self::options(&options)?;
    toolkit::write_pdtl(&text(&pdtl)?, &options).map_err(|e| thrown(&e))
}

/// Every legal move of a position, with its check mark, sorted.
#[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
pub fn legal_moves(
    #[wasm_bindgen(unchecked_param_type = "string")] pdtl: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&toolkit::legal_moves(&text(&pdtl)?).map_err(|e| thrown(&e))?)
}

/// Every legal move of a position as an object: origin, destination, piece, captured piece,
/// promotion, castling, check and canonical text, sorted by text.
#[wasm_bindgen(unchecked_return_type = "LegalMove[]")]
pub fn moves(
    #[wasm_bindgen(unchecked_param_type = "string")] pdtl: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&toolkit::moves(&text(&pdtl)?).map_err(|e| thrown(&e))?)
}

/// A move played in a game of a CTL-PGN text, at the position a byte offset shows: added to
/// the game through the game model (its line, or a new variation) and the game written
/// canonically.
#[wasm_bindgen(js_name = addMove, unchecked_return_type = "MoveAdded")]
pub fn add_move(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AddMoveOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = self::options(&Some(options))?;
    to_js(&toolkit::add_move(&self::text(&text)?, &options).map_err(|e| thrown(&e))?)
}

/// The games of a CTL-PGN text (a string, or a file's bytes): each one's number, where it
/// starts and its tags, for a game picker.
#[wasm_bindgen(unchecked_return_type = "GameEntry[]")]
pub fn games(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&toolkit::games(JsText::new(&text)?).map_err(|e| thrown(&e))?)
}

/// Every game of a CTL-PGN text (a string, or a file's bytes) replayed: tags, each ply's move
/// and PDTL, and the errors `cescacs replay` reports. For a small text: a result past 32 MiB of
/// JSON (some 2.5 MB of games) is refused, `too-large` (`replayGames` takes any size).
#[wasm_bindgen(unchecked_return_type = "GameReplayed[]")]
pub fn replay(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ReplayOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    let games = toolkit::replay(JsText::new(&text)?, &options).map_err(|e| thrown(&e))?;
    let array = Array::new();
    for json in games {
        array.push(&parsed(&json)?);
    }
    Ok(array.into())
}

/// The games of a CTL-PGN text replayed one at a time, as `replay` gives each: an iterator
/// (`for (const game of replayGames(text))`), holding one game at a time whatever the text's
/// size.
#[wasm_bindgen(js_name = replayGames)]
pub fn replay_games(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ReplayOptions")] options: Option<JsValue>,
) -> Result<GameReplays, JsValue> {
    let options = self::options(&options)?;
    let games = toolkit::replay_games(JsText::new(&text)?, &options).map_err(|e| thrown(&e))?;
    Ok(GameReplays { games: Some(games) })
}

/// What `replayGames` gives: an iterator of the games replayed (`index.js` makes it iterable:
/// wasm-bindgen cannot name `Symbol.iterator`).
#[wasm_bindgen]
pub struct GameReplays {
    /// `None` once done: the text and the reader's buffers are then let go.
    games: Option<toolkit::GameReplays<JsText>>,
}

#[wasm_bindgen]
impl GameReplays {
    /// The next game, `{ done: false, value }`, or `{ done: true, value: undefined }` after the
    /// last. A game whose replay is too large throws `too-large`; the next call goes on with
    /// the game after it.
    #[wasm_bindgen(unchecked_return_type = "IteratorResult<GameReplayed, undefined>")]
    #[allow(clippy::should_implement_trait)] // JavaScript's iterator protocol, not Rust's
    pub fn next(&mut self) -> Result<JsValue, JsValue> {
        let next = match self.games.as_mut().and_then(Iterator::next) {
            Some(game) => game.and_then(|g| toolkit::game_json(&g)).map_err(|e| thrown(&e))?,
            None => {
                self.games = None;
                return iterator_result(None);
            }
        };
        iterator_result(Some(parsed(&next)?))
    }
}

/// A JavaScript `IteratorResult`: `{ done, value }`.
fn iterator_result(value: Option<JsValue>) -> Result<JsValue, JsValue> {
    let result = Object::new();
    Reflect::set(&result, &"done".into(), &JsValue::from_bool(value.is_none()))?;
    Reflect::set(&result, &"value".into(), &value.unwrap_or(JsValue::UNDEFINED))?;
    Ok(result.into())
}

/// An app move list as a canonical CTL-PGN game.
#[wasm_bindgen(js_name = fromApp, unchecked_return_type = "FromApp")]
pub fn from_app(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&toolkit::from_app(&self::text(&text)?))
}

/// Every game of a CTL-PGN text (a string, or a file's bytes) written for the app.
#[wasm_bindgen(js_name = toApp, unchecked_return_type = "ToApp[]")]
pub fn to_app(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&toolkit::to_app(JsText::new(&text)?).map_err(|e| thrown(&e))?)
}

/// The board of a position as a self-contained SVG.
#[wasm_bindgen(js_name = boardSvg)]
pub fn board_svg(
    #[wasm_bindgen(unchecked_param_type = "string")] pdtl: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SvgOptions")] options: Option<JsValue>,
) -> Result<String, JsValue> {
    let options = self::options(&options)?;
    toolkit::board_svg(&text(&pdtl)?, &options).map_err(|e| thrown(&e))
}

/// A text with fixes applied (each a diagnostic's `data.fixes` entry: UTF-8 byte spans).
#[wasm_bindgen(js_name = applyFixes)]
pub fn apply_fixes(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Fix[]")] fixes: JsValue,
) -> Result<String, JsValue> {
    let json = JSON::stringify(&fixes).ok().and_then(|s| s.as_string()).unwrap_or_default();
    let fixes: Vec<toolkit::JsonFix> = serde_json::from_str(&json).map_err(|e| {
        let expected = "expected fixes `{ span: { start, end }, replacement }`";
        thrown(&ApiError::input(format!("{expected}: {e}")))
    })?;
    Ok(toolkit::apply_fixes(&self::text(&text)?, &fixes))
}

/// The game viewer of `cescacs html` for the games of the chunk of the text that holds the byte
/// `options.at`: their sections' HTML and their positions, for `CescacsViewer.mount` of the
/// package's `viewer.js`.
#[wasm_bindgen(unchecked_return_type = "ViewerPage")]
pub fn viewer(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ViewerOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    to_js(&toolkit::viewer(&bytes(&text)?, &options))
}

/// The viewer's board with its controls (HTML), one per page.
#[wasm_bindgen(js_name = viewerBoard)]
pub fn viewer_board() -> String {
    toolkit::viewer_board()
}
