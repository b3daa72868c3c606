//! The JavaScript face of [`crate::toolkit`]: options read from plain objects, values given as
//! plain objects (serialized once by `serde_json`, parsed by `JSON.parse`, so that a
//! diagnostic is byte for byte the CLI's JSON), failures thrown as `Error`s with a `code`.

use js_sys::{Error, JSON, Reflect, Uint8Array};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::toolkit::{self, ApiError};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// A value as a plain JavaScript object.
fn to_js<T: Serialize>(value: &T) -> JsValue {
    serde_json::to_string(value)
        .ok()
        .and_then(|json| JSON::parse(&json).ok())
        .unwrap_or(JsValue::NULL)
}

/// An [`ApiError`] as a thrown `Error` with `code` and `diagnostics`.
fn thrown(e: &ApiError) -> JsValue {
    let error = Error::new(&e.message);
    let _ = Reflect::set(&error, &"code".into(), &JsValue::from_str(&e.code));
    let _ = Reflect::set(&error, &"diagnostics".into(), &to_js(&e.diagnostics));
    error.into()
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
        None => Err(thrown(&ApiError {
            code: "invalid-input".into(),
            message: "expected a string or a Uint8Array".into(),
            diagnostics: Vec::new(),
        })),
    }
}

/// A text given as a string.
fn text(value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        thrown(&ApiError {
            code: "invalid-input".into(),
            message: "expected a string".into(),
            diagnostics: Vec::new(),
        })
    })
}

/// Checks a CTL-PGN text (a string, or a file's bytes) as `cescacs check --format json` does.
#[wasm_bindgen(unchecked_return_type = "CheckResult")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    toolkit::check(&bytes(&text)?, &options).map(|c| to_js(&c)).map_err(|e| thrown(&e))
}

/// The canonical text of a CTL-PGN text, as `cescacs fmt` writes it.
#[wasm_bindgen]
pub fn format(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "FormatOptions")] options: Option<JsValue>,
) -> Result<String, JsValue> {
    let options = self::options(&options)?;
    toolkit::format(&bytes(&text)?, &options).map_err(|e| thrown(&e))
}

/// Reads a PDTL position and writes it in both dialects.
#[wasm_bindgen(js_name = readPdtl, unchecked_return_type = "PdtlRead")]
pub fn read_pdtl(
    #[wasm_bindgen(unchecked_param_type = "string")] pdtl: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "PdtlOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    toolkit::read_pdtl(&text(&pdtl)?, &options).map(|r| to_js(&r)).map_err(|e| thrown(&e))
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
    toolkit::legal_moves(&text(&pdtl)?).map(|m| to_js(&m)).map_err(|e| thrown(&e))
}

/// Every game of a CTL-PGN text replayed: tags, and each ply's move and PDTL.
#[wasm_bindgen(unchecked_return_type = "GameReplayed[]")]
pub fn replay(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ReplayOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    toolkit::replay(&self::text(&text)?, &options).map(|r| to_js(&r)).map_err(|e| thrown(&e))
}

/// An app move list as a canonical CTL-PGN game.
#[wasm_bindgen(js_name = fromApp, unchecked_return_type = "FromApp")]
pub fn from_app(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&toolkit::from_app(&self::text(&text)?)))
}

/// Every game of a CTL-PGN text written for the app.
#[wasm_bindgen(js_name = toApp, unchecked_return_type = "ToApp[]")]
pub fn to_app(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&toolkit::to_app(&self::text(&text)?)))
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
    let fixes: Vec<ctl_pgn::render::JsonFix> = serde_json::from_str(&json).map_err(|e| {
        thrown(&ApiError {
            code: "invalid-input".into(),
            message: format!("expected fixes `{{ span: {{ start, end }}, replacement }}`: {e}"),
            diagnostics: Vec::new(),
        })
    })?;
    Ok(toolkit::apply_fixes(&self::text(&text)?, &fixes))
}

/// The game viewer of `cescacs html` for the games of the piece of the text that holds the byte
/// `options.at`: their sections' HTML and their positions, for `CescacsViewer.mount` of the
/// package's `viewer.js`.
#[wasm_bindgen(unchecked_return_type = "ViewerPage")]
pub fn viewer(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ViewerOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = self::options(&options)?;
    Ok(to_js(&toolkit::viewer(&bytes(&text)?, &options)))
}

/// The viewer's board with its controls (HTML), one per page.
#[wasm_bindgen(js_name = viewerBoard)]
pub fn viewer_board() -> String {
    toolkit::viewer_board()
}
