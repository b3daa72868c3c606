//! The official web app's format both ways (docs/APP.md), as `cescacs convert --from app` and
//! `--to app` convert: an app game read as a canonical CTL-PGN game ([`from_app`]), and the
//! games of a text written for the app one at a time ([`to_app`]). The readers and writers
//! of the format are `ctl_pgn::app`.

use cescacs_diagnostics::Diagnostic;
use ctl_pgn::app::ToApp;
use ctl_pgn::decode::{Decoded, decode};
use ctl_pgn::render::JsonDiagnostic;

use crate::read::{JsonOptions, ParsedRecord, json_of};

/// An app game read (see [`from_app`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FromApp {
    /// The canonical CTL-PGN game, `None` when the move list cannot be read or replayed.
    pub text: Option<String>,
    /// What was found: the encoding's diagnostics, then the reader's; spans into the text.
    pub diagnostics: Vec<Diagnostic>,
    /// The text read.
    pub decoded: Decoded,
}

impl FromApp {
    /// The diagnostics as JSON.
    pub fn json(&self, json: &JsonOptions) -> Vec<JsonDiagnostic> {
        json_of(&self.diagnostics, self.decoded.shown(), json)
    }
}

/// An app game (an optional first line with its PDTL, then `N. WHITE, BLACK` lines as "Show
/// mvs" writes them) as a canonical CTL-PGN game, replayed at the rules level.
///
/// ```
/// let read = cescacs_toolkit::app::from_app(b"1. E7-E13, E21-E15\n".to_vec());
/// assert!(read.text.unwrap().contains("1. E7-E13, E21-E15 :\n*"));
/// ```
pub fn from_app(bytes: Vec<u8>) -> FromApp {
    let decoded = decode(bytes);
    let read = ctl_pgn::app::from_app(decoded.shown());
    let mut diagnostics = decoded.diagnostics.clone();
    diagnostics.extend(read.diagnostics);
    FromApp { text: read.text, diagnostics, decoded }
}

/// One game of a text for the app (see [`to_app`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppGame {
    /// Written: its PDTL line, if any, its move list, and what the app's format cannot carry.
    Written(ToApp),
    /// Not written: errors of its encoding or syntax (its tree may not hold all its text says).
    SyntaxErrors(Vec<Diagnostic>),
    /// Not written: its start cannot be read, or a move of its main line cannot be played.
    NotWritten(Diagnostic),
}

impl AppGame {
    /// Why the game was not written (spans into its chunk's text); empty when it was.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            AppGame::Written(_) => &[],
            AppGame::SyntaxErrors(found) => found,
            AppGame::NotWritten(why) => std::slice::from_ref(why),
        }
    }
}

/// A game of a text written for the app, as `cescacs convert --to app` writes it: its main line
/// replayed at the rules level.
///
/// ```
/// use cescacs_toolkit::app::{AppGame, to_app};
/// use cescacs_toolkit::read::{JsonOptions, Parsed, Records};
/// let text = "[Variant \"C'escacs\"]\n{fine} 1. E7-E13, E21-E15: *\n";
/// let mut records = Records::new(text.as_bytes(), JsonOptions::default());
/// let Parsed::Game(record) = records.next().unwrap()?.parse() else { panic!() };
/// let AppGame::Written(app) = to_app(&record) else { panic!() };
/// assert_eq!((app.text().as_str(), app.dropped.as_slice()), ("1. E7-E13, E21-E15\n", ["comments"].as_slice()));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_app(record: &ParsedRecord<'_>) -> AppGame {
    let problems = record.syntax_errors();
    if !problems.is_empty() {
        return AppGame::SyntaxErrors(problems);
    }
    match ctl_pgn::app::to_app(&record.game) {
        Ok(app) => AppGame::Written(app),
        Err(why) => AppGame::NotWritten(*why),
    }
}
