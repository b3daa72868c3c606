//! The game viewer page of `cescacs html`: one self-contained HTML file per game file.
//!
//! The viewer (`cescacs-viewer`, shared with the playground) turns each game into its section
//! and the JSON of its positions; [`write`](mod@write) puts them on the page with the viewer's
//! style sheet and script inline, and the board as the SVG of `cescacs-diagram`. Nothing on the
//! page is fetched: it works offline and can be sent as one file. A [`Writer`] writes a page
//! game by game, holding one game at a time whatever the size of the file.

mod row;
mod write;

pub(crate) use row::Row;

pub(crate) use cescacs_viewer::{At, Tally};
#[cfg(test)]
use ctl_pgn::{Check, Level};

use crate::games::Chooser;
#[cfg(test)]
use crate::games::Selection;

/// A page written, with what checking its games found.
#[derive(Debug)]
pub(crate) struct Page {
    /// The HTML text.
    pub html: String,
    /// What checking its games found.
    pub tally: Tally,
    /// What the index of a collection says of each game on the page.
    pub rows: Vec<Row>,
}

/// The page of a game file: `name` is shown as its title, `bytes` are the file's contents.
/// Its games are checked as `cescacs check` checks them ([`ctl_pgn::Check::games`]), each read the full
/// way: the page draws every game's tree. Only the games `chooser` selects are on the page
/// and counted; the notes about the file's text around games always are. `at` says where the
/// text is in its file (a piece of a collection, `html --split`).
pub(crate) fn page(name: &str, bytes: Vec<u8>, chooser: &mut Chooser, at: At) -> Page {
    let mut html = Vec::new();
    let mut rows = Vec::new();
    // In memory, nothing can fail to be written.
    let tally = Writer::new(None)
        .and_then(|mut writer| {
            rows = writer.add(name, bytes, chooser, at)?;
            writer.finish(name, &mut html)
        })
        .unwrap_or_default();
    let html = String::from_utf8(html)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Page { html, tally, rows }
}

/// A page written piece by piece of its file ([`Writer::add`]), holding one game at a time:
/// what comes before the games on the page waits in spools ([`write::Parts`]).
pub(crate) struct Writer {
    viewer: cescacs_viewer::Viewer<write::Parts>,
}

impl Writer {
    /// A page to write, its parts waiting in memory (`spool_in` `None`: a page of one piece) or
    /// in temporary files in the folder `spool_in` (a page of any size: the page's folder, so
    /// that they take no memory where the temporary folder is in memory).
    pub(crate) fn new(spool_in: Option<&std::path::Path>) -> std::io::Result<Writer> {
        Ok(Writer { viewer: cescacs_viewer::Viewer::new(write::Parts::new(spool_in)?) })
    }

    /// Adds the games of a piece of the file (`bytes`, which start at `at`) that `chooser`
    /// selects, checked as `cescacs check` checks them, each read the full way: the page draws
    /// every game's tree; the notes about the text around games always are on the page.
    /// Returns what the index of a collection says of each game added.
    pub(crate) fn add(
        &mut self,
        name: &str,
        bytes: Vec<u8>,
        chooser: &mut Chooser,
        at: At,
    ) -> std::io::Result<Vec<Row>> {
        let mut rows = Vec::new();
        self.viewer.add(bytes, name, at, |number, game, text| {
            if !chooser.choose(number, game.syntax(), text) {
                return false;
            }
            let tag = |name: &str| {
                cescacs_toolkit::format::tag_value(game.syntax(), name)
                    .unwrap_or_default()
                    .to_string()
            };
            rows.push(Row {
                number,
                tags: [
                    tag("White"),
                    tag("Black"),
                    game.result().map_or_else(String::new, |r| r.as_str().to_string()),
                    tag("Date"),
                ],
                plies: game.movetext().ply_count(),
            });
            true
        })?;
        Ok(rows)
    }

    /// What the games added so far gave.
    pub(crate) fn tally(&self) -> Tally {
        self.viewer.tally
    }

    /// Writes the whole page to `out`, titled `name` (or the game's title if it is the only
    /// one).
    pub(crate) fn finish(
        self,
        name: &str,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<Tally> {
        let tally = self.viewer.tally;
        self.viewer.sink.finish(name, out)?;
        Ok(tally)
    }
}

/// The index page of a collection (`html --split`): its head, then [`index_row`] for each game,
/// then [`INDEX_END`].
pub(crate) fn index_head(title: &str) -> String {
    write::index_head(title)
}

/// One row of the index page: a game and the link to its page.
pub(crate) fn index_row(file: &str, row: &Row, link: &str) -> String {
    write::index_row(file, row, link)
}

/// The end of the index page.
pub(crate) const INDEX_END: &str = write::INDEX_END;

#[cfg(test)]
mod tests {
    use super::*;

    const ANNOTATED: &str =
        include_str!("../../../../corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn");

    #[test]
    fn the_page_is_self_contained_and_holds_every_position() {
        let page = page(
            "fools-mate.ctl-pgn",
            ANNOTATED.as_bytes().to_vec(),
            &mut Chooser::new(&Selection::default()),
            At::default(),
        );
        assert_eq!((page.tally.errors, page.tally.games), (0, 1));
        let html = &page.html;
        assert!(html.starts_with("<!DOCTYPE html>"));
        for outside in ["src=\"http", "href=\"http", "<link", "@import", "url(http", "src=\"//"] {
            assert!(!html.contains(outside), "{outside}");
        }
        // 12 main-line plies and 10 in variations.
        assert_eq!(html.matches("class=\"mv\"").count(), 12 + 10);
        assert!(html.contains("href=\"#g1-m6b\""));
        assert!(html.contains("data-hex=\"L5\""));
        assert!(html.len() < 300_000, "{}", html.len());
        // Each position also in the app's dialect (`docs/APP.md`), the spec's PDTL written again.
        let data = html.split("id=\"data\">").nth(1).and_then(|d| d.split("</script>").next());
        let data: serde_json::Value = serde_json::from_str(data.expect("the data")).expect("JSON");
        let mut differ = 0;
        for node in data[0]["nodes"].as_array().expect("nodes") {
            let (spec, app) = (node[3].as_str().expect("PDTL"), node[10].as_str().expect("app"));
            let position = pdtl::parse(spec).expect("the page's PDTL reads");
            let letters = pdtl::Letters::standard();
            assert_eq!(app, pdtl::write_in(&position, &letters, pdtl::Dialect::App));
            differ += usize::from(app != spec);
        }
        assert!(differ > 0, "the app's dialect differs once the King has moved (`6. KG1-H4`)");
        assert!(html.contains("id=\"app-pdtl\""));
    }

    /// The page checks its games as `cescacs check` does: the same counts, file by file.
    #[test]
    fn the_page_counts_what_check_finds() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        let mut files = 0;
        for dir in ["valid", "invalid"] {
            for entry in std::fs::read_dir(root.join(dir)).expect("the corpus") {
                let path = entry.expect("a corpus entry").path();
                if path.extension().is_none_or(|e| e != "ctl-pgn") {
                    continue;
                }
                let bytes = std::fs::read(&path).expect("readable");
                let piece = Check::new(Level::Rules).piece(&bytes);
                let found = piece.checked.diagnostics;
                let errors = found.iter().filter(|d| d.is_error()).count();
                let page =
                    page("x", bytes, &mut Chooser::new(&Selection::default()), At::default());
                let shown = path.display();
                assert_eq!(
                    (page.tally.errors, page.tally.warnings),
                    (errors, found.len() - errors),
                    "{shown}"
                );
                assert_eq!(page.tally.games, piece.checked.games, "{shown}");
                files += 1;
            }
        }
        assert!(files > 40, "{files} files");
    }

    #[test]
    fn a_move_that_cannot_be_played_is_shown_as_written() {
        let text = "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n2. E13xF14 :\n*\n";
        let shown = page(
            "x.ctl-pgn",
            text.as_bytes().to_vec(),
            &mut Chooser::new(&Selection::default()),
            At::default(),
        );
        assert!(shown.tally.errors > 0);
        assert!(shown.html.contains("E13xF14") && !shown.html.contains("E13\u{d7}F14"));
        // A move played is shown in the canonical form (`-` for the hyphen U+2010).
        let played = "[Variant \"C'escacs\"]\n\n1. E7\u{2010}E13, E21-E15 :\n*\n";
        let chooser = &mut Chooser::new(&Selection::default());
        let page = page("y.ctl-pgn", played.as_bytes().to_vec(), chooser, At::default());
        assert!(page.html.contains("1. E7-E13") && !page.html.contains("E7\u{2010}E13"));
    }

    #[test]
    fn a_game_that_cannot_be_replayed_has_its_page_up_to_the_move_and_the_error_in_place() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, F15-F13\n2. F8-F12: *\n";
        let page = page(
            "bad.ctl-pgn",
            text.as_bytes().to_vec(),
            &mut Chooser::new(&Selection::default()),
            At::default(),
        );
        assert!(page.tally.errors > 0);
        assert_eq!(page.html.matches("class=\"mv\"").count(), 1);
        assert_eq!(page.html.matches("class=\"mv dead\"").count(), 2);
        let error = page.html.find("class=\"note error\"").unwrap();
        assert!(page.html[..error].contains("F15-F13"));
        assert!(!page.html[..error].contains("F8-F12"));
    }
}
