//! A page of games being written: a file's page game by game ([`Writer`]), or a page of its
//! own for each game of a chunk of a file ([`game_pages`], `--split`).

use cescacs_viewer::{At, Tally};
use ctl_pgn::ParsedGame;

use super::write::{self, Mode};
use crate::games::Chooser;

/// A page written chunk by chunk of its file ([`Writer::add`]), holding one game at a time:
/// what comes before the games on the page waits in spools ([`write::Parts`]).
pub(crate) struct Writer {
    viewer: cescacs_viewer::Viewer<write::Parts>,
}

impl Writer {
    /// A page to write, alone or in a site (`mode`), its parts waiting in memory (`spool_in`
    /// `None`: a page of one chunk) or in temporary files in the folder `spool_in` (a page of
    /// any size: the page's folder, so that they take no memory where the temporary folder is
    /// in memory).
    pub(crate) fn new(spool_in: Option<&std::path::Path>, mode: Mode) -> std::io::Result<Writer> {
        Ok(Writer { viewer: cescacs_viewer::Viewer::new(write::Parts::new(spool_in, mode)?) })
    }

    /// Adds the games of a chunk of the file (`bytes`, which start at `at`) that `chooser`
    /// selects, checked as `cescacs check` checks them, each read the full way: the page draws
    /// every game's tree; the notes about the text around games always are on the page.
    /// `added` is told of each game added, with its number in the file.
    pub(crate) fn add(
        &mut self,
        name: &str,
        bytes: Vec<u8>,
        chooser: &mut Chooser,
        at: At,
        mut added: impl FnMut(usize, &ParsedGame),
    ) -> std::io::Result<()> {
        self.viewer.add(bytes, name, at, |number, game, text| {
            let chosen = chooser.choose(number, game.syntax(), text);
            if chosen {
                added(number, game);
            }
            chosen
        })
    }

    /// What the games added so far gave.
    pub(crate) fn tally(&self) -> Tally {
        self.viewer.tally
    }

    /// Writes the whole page to `out`, titled `name` (or the game's title if it is the only
    /// one), with `nav` (a site's navigation bar, or nothing) at its top.
    pub(crate) fn finish(
        self,
        name: &str,
        nav: &str,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<Tally> {
        let tally = self.viewer.tally;
        self.viewer.sink.finish(name, nav, out)?;
        Ok(tally)
    }
}

/// The games of a chunk of a file, a page each (`--split`).
pub(crate) struct GamePages {
    /// What checking the chunk found.
    pub tally: Tally,
    /// Each game selected: its number in the file, and its page once given its navigation
    /// bar ([`GamePage::finish`]).
    pub pages: Vec<(usize, GamePage)>,
}

/// A game's page, waiting for its navigation bar.
pub(crate) struct GamePage {
    parts: write::Parts,
}

impl GamePage {
    /// The page's text, titled `name` (or the game's title), with `nav` at its top.
    pub(crate) fn finish(self, name: &str, nav: &str) -> String {
        let mut html = Vec::new();
        // In memory, nothing can fail to be written.
        let _ = self.parts.finish(name, nav, &mut html);
        String::from_utf8(html)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// A page of its own for each game of a chunk of a file (`bytes`, which start at `at`) that
/// `chooser` selects, checked as `cescacs check` checks them; the notes about the chunk's text
/// around games go on the first of them. `added` is told of each game, with its number in the
/// file.
pub(crate) fn game_pages(
    name: &str,
    bytes: Vec<u8>,
    chooser: &mut Chooser,
    at: At,
    mode: &Mode,
    mut added: impl FnMut(usize, &ParsedGame),
) -> GamePages {
    /// The games and notes of the chunk, in order.
    #[derive(Default)]
    struct Collected {
        notes: Vec<(String, bool)>,
        games: Vec<(Vec<(String, bool)>, cescacs_viewer::GameHtml)>,
    }
    impl cescacs_viewer::Sink for Collected {
        fn note(&mut self, html: &str, decoding: bool) -> std::io::Result<()> {
            self.notes.push((html.to_string(), decoding));
            Ok(())
        }
        fn game(&mut self, game: cescacs_viewer::GameHtml) -> std::io::Result<()> {
            let notes = std::mem::take(&mut self.notes);
            self.games.push((notes, game));
            Ok(())
        }
    }
    let mut viewer = cescacs_viewer::Viewer::new(Collected::default());
    viewer.page_per_game = true;
    let mut numbers = Vec::new();
    // In memory, nothing can fail to be written.
    let _ = viewer.add(bytes, name, at, |number, game, text| {
        let chosen = chooser.choose(number, game.syntax(), text);
        if chosen {
            numbers.push(number);
            added(number, game);
        }
        chosen
    });
    let Collected { notes: mut after, games } = viewer.sink;
    let mut pages = Vec::with_capacity(games.len());
    for (i, ((notes, game), number)) in games.into_iter().zip(numbers).enumerate() {
        let mut parts = write::Parts::in_memory(mode.clone());
        let last = std::mem::take(&mut after);
        let mut notes = notes;
        if i == 0 {
            // The notes after the last game of the chunk go on its first page too.
            notes.extend(last);
        }
        for (html, decoding) in &notes {
            let _ = cescacs_viewer::Sink::note(&mut parts, html, *decoding);
        }
        let _ = cescacs_viewer::Sink::game(&mut parts, game);
        pages.push((number, GamePage { parts }));
    }
    GamePages { tally: viewer.tally, pages }
}
