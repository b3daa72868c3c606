//! The index page of a site: a row per game (players, event, round, date, result, plies, first
//! moves, its link), sorted by any column and searched by the site's script. Written as the
//! games are read: [`head`], a [`row`] per game, then [`end`].

use core::fmt::Write as _;

use cescacs_diagram::escape;

use super::row::Row;
use super::site::{self, Here, Styles};

/// The columns: name, whether it holds numbers.
const COLUMNS: [(&str, bool); 9] = [
    ("Game", false),
    ("White", false),
    ("Black", false),
    ("Event", false),
    ("Round", false),
    ("Date", false),
    ("Result", false),
    ("Plies", true),
    ("Opening", false),
];

/// The index page up to its first row.
pub(crate) fn head() -> String {
    let mut out = site::head("Games", Styles::Shared);
    out.push_str(&site::nav(Here::Index, None, None));
    out.push_str(
        "<main class=\"site\">\n<h1>Games</h1>\n<p class=\"search\"><label for=\"search\">Search</label>\
         <input id=\"search\" type=\"search\" placeholder=\"players, event, date, moves…\" \
         autocomplete=\"off\"><span><output id=\"shown\"></output> shown</span></p>\n\
         <table class=\"games\">\n<thead><tr>",
    );
    for (i, (name, number)) in COLUMNS.iter().enumerate() {
        let class = if *number { " class=\"n\"" } else { "" };
        let _ = write!(
            out,
            "<th data-column=\"{i}\"{class}><button type=\"button\" title=\"Sort by {}\">{name}</button></th>",
            name.to_lowercase()
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    out
}

/// The row of a game: `file` is the name of its file, `place` its place in the collection
/// (from 1, what the Game column sorts by), `link` the link to its page (relative, encoded).
pub(crate) fn row(file: &str, place: usize, row: &Row, link: &str) -> String {
    let cell =
        |label: &str, text: &str| format!("<td data-label=\"{label}\">{}</td>", escape(text));
    let mut out = format!(
        "<tr><td data-label=\"Game\" data-sort=\"{place}\"><a href=\"{}\">{} {}</a></td>",
        escape(link),
        escape(file),
        row.number
    );
    out.push_str(&cell("White", &row.white));
    out.push_str(&cell("Black", &row.black));
    out.push_str(&cell("Event", &row.event));
    out.push_str(&cell("Round", &row.round));
    out.push_str(&cell("Date", &row.date));
    out.push_str(&cell("Result", &row.result));
    let _ = write!(out, "<td class=\"n\" data-label=\"Plies\">{}</td>", row.plies);
    let _ =
        write!(out, "<td class=\"opening\" data-label=\"Opening\">{}</td>", escape(&row.opening));
    out.push_str("</tr>\n");
    out
}

/// The end of the index page, once `games` rows are written.
pub(crate) fn end(games: usize) -> String {
    let none = if games == 0 { "<p>No game is selected.</p>\n" } else { "" };
    format!(
        "</tbody>\n</table>\n{none}</main>\n<script src=\"{}\"></script>\n</body>\n</html>\n",
        site::SCRIPT_FILE
    )
}
