//! The site of `cescacs html` written into a folder (`--split`, or several files into `-o
//! DIR`): an index of the games, a standings page, an opening-tree page and the games' pages,
//! each with the site's navigation, all sharing one script and one style file written beside
//! them. A page alone (`cescacs html FILE`, `standings --format html`) holds its style and
//! script itself instead.

use core::fmt::Write as _;

use cescacs_diagram::escape;
use cescacs_viewer::{At, GameHtml, SCRIPT, STYLE, Sink, Viewer};

/// The site's shared script.
pub(crate) const SCRIPT_FILE: &str = "site.js";
/// The site's shared style file.
pub(crate) const STYLE_FILE: &str = "site.css";
/// The index of the games.
pub(crate) const INDEX_FILE: &str = "index.html";
/// The standings of the games.
pub(crate) const STANDINGS_FILE: &str = "standings.html";
/// The opening tree of the games.
pub(crate) const TREE_FILE: &str = "tree.html";

/// The site's own styles, after the viewer's.
const SITE_STYLE: &str = include_str!("site.css");
/// The site's own script, after the viewer's.
const SITE_SCRIPT: &str = include_str!("site.js");

/// How a page gets its styles (and a game page its script).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Styles {
    /// In the page: it stands alone.
    Inline,
    /// From the site's shared files, beside the page.
    Shared,
}

/// The shared style file: the viewer's style sheet, then the site's.
pub(crate) fn style_file() -> String {
    format!("{STYLE}{SITE_STYLE}")
}

/// The shared script file: the viewer's script, `CescacsSite` (the board with its controls
/// and the pictures of the standard pieces, the same on every page), then the site's script.
pub(crate) fn script_file() -> String {
    let site = serde_json::json!({
        "viewer": cescacs_viewer::board_contents(),
        "pieces": standard_pieces(),
    });
    format!("{SCRIPT}\nvar CescacsSite = {site};\n{SITE_SCRIPT}")
}

/// The pictures of the standard pieces as the viewer draws them for a game in the standard
/// letters (its `pieces`, by PDTL letter): the initial position holds every kind of both
/// colours.
pub(crate) fn standard_pieces() -> serde_json::Value {
    struct First(Option<GameHtml>);
    impl Sink for First {
        fn note(&mut self, _html: &str, _decoding: bool) -> std::io::Result<()> {
            Ok(())
        }
        fn game(&mut self, game: GameHtml) -> std::io::Result<()> {
            self.0.get_or_insert(game);
            Ok(())
        }
    }
    let mut viewer = Viewer::new(First(None));
    let text = b"[Variant \"C'escacs\"]\n\n*\n".to_vec();
    // In memory: nothing can fail.
    let _ = viewer.add(text, "", At::default(), |_, _, _| true);
    viewer.sink.0.map_or(serde_json::Value::Null, |g| g.data["pieces"].clone())
}

/// Takes out of a game's data the pictures of pieces drawn as the standard ones
/// (`standard`, [`standard_pieces`]): the shared script puts them back.
pub(crate) fn without_standard_pieces(data: &mut serde_json::Value, standard: &serde_json::Value) {
    if let (Some(pieces), Some(standard)) = (data["pieces"].as_object_mut(), standard.as_object()) {
        pieces.retain(|letter, svg| standard.get(letter) != Some(svg));
    }
}

/// The start of a page up to its body's first child: its title, and its styles in the page or
/// from the shared file.
pub(crate) fn head(title: &str, styles: Styles) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"cescacs html\">\n<title>{}</title>\n",
        escape(title)
    );
    match styles {
        Styles::Inline => {
            let _ = write!(out, "<style>\n{STYLE}{SITE_STYLE}</style>\n");
        }
        Styles::Shared => {
            let _ = writeln!(out, "<link rel=\"stylesheet\" href=\"{STYLE_FILE}\">");
        }
    }
    out.push_str("</head>\n<body>\n");
    out
}

/// Where a page of the site is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Here {
    /// The index.
    Index,
    /// The standings.
    Standings,
    /// The opening tree.
    Tree,
    /// A page of games.
    Games,
}

/// The navigation bar at the top of a page of the site: the index, the standings and the
/// opening tree (the page's own name is not a link), and on a page of games the previous and
/// the next page (`prev`, `next`: links relative to the folder, already encoded).
pub(crate) fn nav(here: Here, prev: Option<&str>, next: Option<&str>) -> String {
    let mut out = String::from("<nav class=\"site\" aria-label=\"Site\">");
    for (page, file, text) in [
        (Here::Index, INDEX_FILE, "Games"),
        (Here::Standings, STANDINGS_FILE, "Standings"),
        (Here::Tree, TREE_FILE, "Opening tree"),
    ] {
        if page == here {
            let _ = write!(out, "<span class=\"here\" aria-current=\"page\">{text}</span>");
        } else {
            let _ = write!(out, "<a href=\"./{file}\">{text}</a>");
        }
    }
    if here == Here::Games {
        for (link, rel, text) in [(prev, "prev", "← Previous"), (next, "next", "Next →")] {
            match link {
                Some(link) => {
                    let _ = write!(out, "<a href=\"{}\" rel=\"{rel}\">{text}</a>", escape(link));
                }
                None => {
                    let _ = write!(out, "<span class=\"end\">{text}</span>");
                }
            }
        }
    }
    out.push_str("</nav>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_pieces_are_every_kind_of_both_colours() {
        let pieces = standard_pieces();
        let letters: String = pieces.as_object().expect("pieces").keys().cloned().collect();
        assert_eq!(letters.len(), 18, "{letters}");
        let mut data = serde_json::json!({ "pieces": pieces.clone() });
        without_standard_pieces(&mut data, &pieces);
        assert_eq!(data["pieces"], serde_json::json!({}));
    }
}
