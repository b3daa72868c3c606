//! The game viewer's data for an editor: the HTML sections and positions of the games of the
//! chunk of a text under a byte offset ([`page_at`]), made by `cescacs-viewer` as the pages of
//! `cescacs html` are, one chunk at a time so that a large text is shown as fast as a small one.

use ctl_pgn::reader::{Chunks, StreamChunk};
use ctl_pgn::{Check, Level};
use serde::Serialize;

pub use cescacs_viewer::board;

/// What the viewer's script shows of a text: the HTML sections of the games of one chunk, the
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
    /// Where the chunk shown starts and ends in the text (UTF-8 byte offsets).
    pub start: usize,
    /// Its end.
    pub end: usize,
    /// The number in the text of its first game (from 1).
    pub first_game: usize,
}

impl ViewerPage {
    /// A page with no game yet, its first game numbered 1.
    fn empty() -> ViewerPage {
        ViewerPage {
            notes: String::new(),
            sections: String::new(),
            games: Vec::new(),
            start: 0,
            end: 0,
            first_game: 1,
        }
    }
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

/// The viewer of `cescacs html` for the games of the chunk of `bytes` that holds the byte `at`
/// (the last chunk when it is past the end); `name` (the file's) titles the games without
/// players or title. The games before it are counted (numbered as `cescacs check` numbers them)
/// by the fast syntax scan.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13: *\n";
/// let page = cescacs_toolkit::viewer::page_at(text.as_bytes(), 0, "game");
/// assert_eq!((page.first_game, page.games.len()), (1, 1));
/// ```
pub fn page_at(bytes: &[u8], at: usize, name: &str) -> ViewerPage {
    let mut page = ViewerPage::empty();
    let count = Check::new(Level::Syntax);
    let mut chunks = Chunks::new(bytes).filter_map(Result::ok).peekable();
    while let Some(StreamChunk { start, bytes: chunk }) = chunks.next() {
        let end = start.offset + chunk.len();
        let last = chunks.peek().is_none();
        if end <= at && !last {
            page.first_game += count.chunk(&chunk).checked.games;
            continue;
        }
        page.start = start.offset;
        page.end = end;
        let at = cescacs_viewer::At { first_game: page.first_game, start };
        let mut shown = cescacs_viewer::Viewer::new(page);
        shown.offsets = true;
        // Writing into strings cannot fail.
        let _ = shown.add(chunk, name, at, |_, _, _| true);
        let mut page = shown.sink;
        if page.games.is_empty() {
            page.games.push(start_game(page.start));
        }
        return page;
    }
    page.games.push(start_game(0));
    page
}

/// The start position as a game without moves (and without a section), for a chunk of text
/// that holds no game: a board to play a first move on, which
/// [`add_move`](crate::play::add_move) makes a new game there. Its one node stands at `at`.
fn start_game(at: usize) -> serde_json::Value {
    let mut viewer = cescacs_viewer::Viewer::new(ViewerPage::empty());
    viewer.offsets = true;
    let game = ctl_pgn::Game::new().to_string().into_bytes();
    // Writing into strings cannot fail.
    let _ = viewer.add(game, "", cescacs_viewer::At::default(), |_, _, _| true);
    let mut data = viewer.sink.games.pop().unwrap_or_default();
    if let Some(fields) = data.as_object_mut() {
        fields.insert("at".into(), serde_json::json!([at]));
    }
    data
}
