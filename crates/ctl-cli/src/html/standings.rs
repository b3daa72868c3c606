//! The standings as a web page: a crosstable per event (`cescacs standings --format html`, and
//! the site's standings page).

use core::fmt::Write as _;

use cescacs_diagram::escape;
use ctl_pgn::standings::Standings;

use super::site::{self, Here, Styles};
use crate::crosstable;

/// The page of `standings`: standing alone (`Styles::Inline`), or in a site (with its
/// navigation and shared files).
pub(crate) fn page(standings: &Standings, styles: Styles) -> String {
    let mut out = site::head("Standings", styles);
    if styles == Styles::Shared {
        out.push_str(&site::nav(Here::Standings, None, None));
    }
    out.push_str("<main class=\"site\">\n<h1>Standings</h1>\n");
    if standings.events.is_empty() {
        out.push_str("<p>No game is selected.</p>\n");
    }
    for table in &standings.events {
        let _ = write!(
            out,
            "<section class=\"event\">\n<h2>{}</h2>\n",
            escape(&crosstable::title(table))
        );
        let grid = crosstable::grid(table);
        out.push_str("<div class=\"scroll\"><table class=\"crosstable\">\n<thead><tr>");
        let head = crosstable::head(table);
        for (i, h) in head.iter().enumerate() {
            let class = if i == 1 { "" } else { " class=\"n\"" };
            let _ = write!(out, "<th scope=\"col\"{class}>{}</th>", escape(h));
        }
        if grid.is_some() {
            for n in 1..=table.players.len() {
                let _ = write!(out, "<th scope=\"col\" class=\"n\">{n}</th>");
            }
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for (p, player) in table.players.iter().enumerate() {
            out.push_str("<tr>");
            for (i, cell) in crosstable::line(table, player).iter().enumerate() {
                if i == 1 {
                    let _ = write!(out, "<th scope=\"row\">{}</th>", escape(cell));
                } else {
                    let _ = write!(out, "<td class=\"n\">{}</td>", escape(cell));
                }
            }
            if let Some(grid) = &grid {
                for (q, cell) in grid[p].iter().enumerate() {
                    let class = if p == q { "cell self" } else { "cell" };
                    let _ = write!(out, "<td class=\"{class}\">{}</td>", escape(cell));
                }
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table></div>\n</section>\n");
    }
    out.push_str(
        "<p class=\"key\">Points as C'escacs scores a result: 3 a win, 2 a win by stalemate (1 to the \
         stalemated side), 1 a draw. Ranked by points, then Buchholz (the opponents' points, once a \
         game), then Sonneborn-Berger (each opponent's points times the points taken from them), \
         then wins. In a grid, each game's points against that player; <code>*</code> unfinished.</p>\n",
    );
    out.push_str("</main>\n</body>\n</html>\n");
    out
}
