//! The web pages of `cescacs html`: a game file as one self-contained page, or a site of many
//! pages (`site.rs`).
//!
//! The viewer (`cescacs-viewer`, shared with the playground) turns each game into its section
//! and the JSON of its positions; [`write`](mod@write) puts them on the page, with the viewer's
//! style sheet and script inline (a page alone: nothing is fetched, it works offline and can be
//! sent as one file) or from the site's shared files. A [`Writer`] writes a page game by game,
//! holding one game at a time whatever the size of the file; [`game_pages`] makes a page of
//! each game of a chunk of a file (`--split`). The site's other pages: [`index`], the
//! [`standings`] and the opening [`tree`].

mod collection;
pub(crate) mod index;
mod pages;
mod row;
pub(crate) mod site;
pub(crate) mod standings;
pub(crate) mod tree;
mod write;

pub(crate) use collection::Collection;
pub(crate) use pages::{Writer, game_pages};
pub(crate) use write::Mode;

pub(crate) use cescacs_viewer::At;

/// The page of `cescacs standings --format html`: a page alone.
pub(crate) fn standings_page(standings: &ctl_pgn::standings::Standings) -> String {
    standings::page(standings, site::Styles::Inline)
}

#[cfg(test)]
mod tests {
    use cescacs_viewer::Tally;
    use ctl_pgn::{Check, Level};

    use super::*;
    use crate::games::{Chooser, Selection};

    /// A page alone, written in memory, with what checking its games found.
    struct Page {
        html: String,
        tally: Tally,
    }

    fn page(name: &str, bytes: Vec<u8>, chooser: &mut Chooser, at: At) -> Page {
        let mut writer = Writer::new(None, Mode::Alone).expect("in memory");
        writer.add(name, bytes, chooser, at, |_, _| {}).expect("in memory");
        let mut html = Vec::new();
        let tally = writer.finish(name, "", &mut html).expect("in memory");
        Page { html: String::from_utf8(html).expect("UTF-8"), tally }
    }

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
                let chunk = Check::new(Level::Rules).chunk(&bytes);
                let found = chunk.checked.diagnostics;
                let errors = found.iter().filter(|d| d.is_error()).count();
                let page =
                    page("x", bytes, &mut Chooser::new(&Selection::default()), At::default());
                let shown = path.display();
                assert_eq!(
                    (page.tally.errors, page.tally.warnings),
                    (errors, found.len() - errors),
                    "{shown}"
                );
                assert_eq!(page.tally.games, chunk.checked.games, "{shown}");
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
