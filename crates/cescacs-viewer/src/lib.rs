//! The game viewer of C'escacs, one for every page that shows games: the pages of `cescacs
//! html` and the playground (`cargo xtask playground`, through `cescacs-wasm`).
//!
//! A game file's text is read game by game ([`Viewer::add`]): each game is checked as `cescacs
//! check` checks it, read the full way ([`ctl_pgn::Check::games`]), and becomes an HTML section
//! (its tags, its move list with variations, comments and each diagnostic where it occurs) and
//! the JSON of its positions, handed to a [`Sink`] that puts them on a page. [`board`] is the
//! board with its controls; [`SCRIPT`] and [`STYLE`] are the viewer's script and styles, one
//! source file each (`viewer.js`, `viewer.css`), so that a fix of the viewer lands on every page.
//!
//! Nothing here reads a clock, a file or a thread: the same code runs in WebAssembly.
//!
//! ```
//! use cescacs_viewer::{At, GameHtml, Sink, Viewer};
//! #[derive(Default)]
//! struct Sections(Vec<GameHtml>);
//! impl Sink for Sections {
//!     fn note(&mut self, _html: &str, _decoding: bool) -> std::io::Result<()> { Ok(()) }
//!     fn game(&mut self, game: GameHtml) -> std::io::Result<()> { self.0.push(game); Ok(()) }
//! }
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
//! let mut viewer = Viewer::new(Sections::default());
//! viewer.add(text.as_bytes().to_vec(), "x.ctl-pgn", At::default(), |_, _, _| true)?;
//! assert_eq!((viewer.tally.games, viewer.tally.errors), (1, 1));
//! let game = &viewer.sink.0[0];
//! assert!(game.section.contains("E7-E13"));
//! // The start and each ply: the board replays at the coherence level (what `cescacs board
//! // --ply` draws), the rules' error is shown after its move.
//! assert_eq!(game.data["nodes"].as_array().map(Vec::len), Some(4));
//! # Ok::<(), std::io::Error>(())
//! ```
#![forbid(unsafe_code)]

mod help;
mod hexes;
mod html;
mod model;
mod positions;

pub use hexes::move_hexes;

use ctl_pgn::reader::TextStart;
use ctl_pgn::{Check, Level, ParsedGame};

/// The viewer's script: mounts a viewer on a page's element (`CescacsViewer.mount`), and on a
/// page of `cescacs html` (its positions in `<script id="data">`) mounts itself.
pub const SCRIPT: &str = include_str!("viewer.js");

/// The viewer's style sheet.
pub const STYLE: &str = include_str!("viewer.css");

/// Where a text starts in its file: the number of its first game, and its place.
#[derive(Debug, Clone, Copy)]
pub struct At {
    /// The number in the file of the text's first game (from 1).
    pub first_game: usize,
    /// Where the text starts.
    pub start: TextStart,
}

impl Default for At {
    /// A whole file.
    fn default() -> At {
        At { first_game: 1, start: TextStart::default() }
    }
}

/// What checking the games added found.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    /// Errors found (as `cescacs check` counts them).
    pub errors: usize,
    /// Warnings found.
    pub warnings: usize,
    /// Games shown (the games chosen).
    pub games: usize,
    /// Games of the text read, chosen or not.
    pub read: usize,
}

/// One game as the viewer shows it.
#[derive(Debug, Clone)]
pub struct GameHtml {
    /// Its number on the page (from 1, among the games shown).
    pub number: usize,
    /// Its title: the players, or its `Title` tag, or the file's name and its number in the file.
    pub title: String,
    /// Its HTML section: tags, notes, move list (hidden unless it is the page's first game).
    pub section: String,
    /// What the script needs of it: `nodes` (one per position), `pieces` (each piece's SVG),
    /// and with [`Viewer::offsets`] `at` (where each node's move starts in the file).
    pub data: serde_json::Value,
}

/// Where the viewer's parts go: a page being written.
pub trait Sink {
    /// A note about the file's text around games, as HTML (`decoding`: about its bytes, shown
    /// before the others).
    fn note(&mut self, html: &str, decoding: bool) -> std::io::Result<()>;
    /// The next game shown.
    fn game(&mut self, game: GameHtml) -> std::io::Result<()>;
}

/// Games added text by text to a [`Sink`], counted.
#[derive(Debug)]
pub struct Viewer<S> {
    /// Where the games go.
    pub sink: S,
    /// What the games added so far gave.
    pub tally: Tally,
    /// Whether each game's data says where its moves start in the file (`at`).
    pub offsets: bool,
    /// Whether each game goes on a page of its own (the pages of `cescacs html --split`): each
    /// is then the first game of its page, its section shown and its ids `g1-…`.
    pub page_per_game: bool,
}

impl<S: Sink> Viewer<S> {
    /// A viewer writing to `sink`, without offsets.
    pub fn new(sink: S) -> Viewer<S> {
        Viewer { sink, tally: Tally::default(), offsets: false, page_per_game: false }
    }

    /// Adds the games of a text (`bytes`, a chunk of the file named `name` that starts at
    /// `at`) that `choose` chooses (given each game's number in the file, the game, and the
    /// text it was read from), checked as `cescacs check` checks them, each read the full way:
    /// the page draws every game's tree. The notes about the text around games always go to
    /// the sink.
    pub fn add(
        &mut self,
        bytes: Vec<u8>,
        name: &str,
        at: At,
        mut choose: impl FnMut(usize, &ParsedGame, &str) -> bool,
    ) -> std::io::Result<()> {
        let decoded = ctl_pgn::decode::decode(bytes);
        let text = decoded.text.as_str();
        let tally = &mut self.tally;
        let mut lines = model::Lines::new(text, at.start);
        for d in &decoded.diagnostics {
            let mut out = String::new();
            html::note(&mut out, &lines.note(d));
            self.sink.note(&out, true)?;
        }
        let e = decoded.diagnostics.iter().filter(|d| d.is_error()).count();
        tally.errors += e;
        tally.warnings += decoded.diagnostics.len() - e;
        let mut read = 0;
        for checked in (Check { fast: false, ..Check::new(Level::Rules) }).games(text) {
            if let Some(game) = &checked.game {
                read += 1;
                if !choose(at.first_game + read - 1, game, text) {
                    continue;
                }
            }
            let e = checked.diagnostics.iter().filter(|d| d.is_error()).count();
            tally.errors += e;
            tally.warnings += checked.diagnostics.len() - e;
            match &checked.game {
                Some(game) => {
                    tally.games += 1;
                    let diagnostics = &checked.diagnostics;
                    let in_file = at.first_game + read - 1;
                    let on_page = if self.page_per_game { 1 } else { tally.games };
                    let page = model::build(
                        game,
                        text,
                        on_page,
                        in_file,
                        diagnostics,
                        at.start,
                        &mut lines,
                    );
                    let mut section = String::new();
                    html::game(&mut section, &page, name);
                    self.sink.game(GameHtml {
                        number: page.number,
                        title: html::game_title(&page, name),
                        section,
                        data: html::game_data(&page, self.offsets),
                    })?;
                }
                None => {
                    for d in &checked.diagnostics {
                        let mut out = String::new();
                        html::note(&mut out, &lines.note(d));
                        self.sink.note(&out, false)?;
                    }
                }
            }
        }
        tally.read += read;
        Ok(())
    }
}

/// The board (as White and as Black sees it, the SVG of `cescacs-diagram`) with its controls:
/// the steps, flip, the position's PDTL in both dialects, the warnings shown or not, the keys,
/// and the help (the pieces and how to read a move).
/// One per page, shared by its games.
pub fn board() -> String {
    let mut out = String::new();
    html::board(&mut out, true);
    out
}

/// [`board`]'s section left empty (marked `data-drawn-by-script`), for pages that share one
/// script which puts [`board_contents`] there before the viewer mounts: the pages of a site,
/// which would otherwise each hold the same board and controls.
pub fn board_drawn_by_script() -> String {
    let mut out = String::new();
    html::board(&mut out, false);
    out
}

/// What [`board`]'s section holds (the board as White and as Black sees it, its controls),
/// which [`board_drawn_by_script`] leaves out.
pub fn board_contents() -> String {
    let mut out = String::new();
    html::board_contents(&mut out);
    out
}

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
