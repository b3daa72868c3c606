//! The game viewer page of `cescacs html`: one self-contained HTML file per game file.
//!
//! [`positions`] replays every line, [`model`] turns a game into the page's nodes and move list,
//! [`write`](mod@write) writes the page with its style sheet (`page.css`) and script (`page.js`) inline, and
//! the board as the SVG of `cescacs-diagram`. Nothing on the page is fetched: it works offline
//! and can be sent as one file.

mod model;
mod positions;
mod write;

use ctl_pgn::Check;
use ctl_pgn::Level;

use crate::games::Selection;

/// A page written, with what checking its games found.
#[derive(Debug)]
pub(crate) struct Page {
    /// The HTML text.
    pub html: String,
    /// Errors found (as `cescacs check` counts them).
    pub errors: usize,
    /// Warnings found.
    pub warnings: usize,
    /// Games on the page.
    pub games: usize,
    /// Games in the file, selected or not.
    pub read: usize,
}

/// The page of a game file: `name` is shown as its title, `bytes` are the file's contents.
/// Its games are checked as `cescacs check` checks them ([`Check::games`]), each read the full
/// way: the page draws every game's tree. Only the games `selection` selects are on the page
/// and counted; the notes about the file's text around games always are.
pub(crate) fn page(name: &str, bytes: Vec<u8>, selection: &Selection) -> Page {
    let decoded = ctl_pgn::decode::decode(bytes);
    let text = decoded.text.as_str();
    let mut games = Vec::new();
    let mut file_notes = decoded.diagnostics.clone();
    let mut errors = file_notes.iter().filter(|d| d.is_error()).count();
    let mut warnings = file_notes.len() - errors;
    let mut read = 0;
    for checked in (Check { fast: false, ..Check::new(Level::Rules) }).games(text) {
        if let Some(game) = &checked.game {
            read += 1;
            if !selection.selects(read, game.syntax()) {
                continue;
            }
        }
        let e = checked.diagnostics.iter().filter(|d| d.is_error()).count();
        errors += e;
        warnings += checked.diagnostics.len() - e;
        match &checked.game {
            Some(game) => {
                games.push(model::build(game, text, games.len() + 1, &checked.diagnostics))
            }
            None => file_notes.extend(checked.diagnostics),
        }
    }
    let html = write::page(name, text, &games, &file_notes);
    Page { html, errors, warnings, games: games.len(), read }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANNOTATED: &str =
        include_str!("../../../../corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn");

    #[test]
    fn the_page_is_self_contained_and_holds_every_position() {
        let page = page("fools-mate.ctl-pgn", ANNOTATED.as_bytes().to_vec(), &Selection::default());
        assert_eq!((page.errors, page.games), (0, 1));
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
                let page = page("x", bytes, &Selection::default());
                let shown = path.display();
                assert_eq!((page.errors, page.warnings), (errors, found.len() - errors), "{shown}");
                assert_eq!(page.games, piece.checked.games, "{shown}");
                files += 1;
            }
        }
        assert!(files > 40, "{files} files");
    }

    #[test]
    fn a_game_that_cannot_be_replayed_has_its_page_up_to_the_move_and_the_error_in_place() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, F15-F13\n2. F8-F12: *\n";
        let page = page("bad.ctl-pgn", text.as_bytes().to_vec(), &Selection::default());
        assert!(page.errors > 0);
        assert_eq!(page.html.matches("class=\"mv\"").count(), 1);
        assert_eq!(page.html.matches("class=\"mv dead\"").count(), 2);
        let error = page.html.find("class=\"note error\"").unwrap();
        assert!(page.html[..error].contains("F15-F13"));
        assert!(!page.html[..error].contains("F8-F12"));
    }
}
