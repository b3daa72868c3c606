//! The opening tree as a web page (the site's tree page): the moves from the initial position,
//! a move played in several games opening onto the moves after it, a move of one game linking
//! to that game's page.

use core::fmt::Write as _;

use cescacs_diagram::escape;
use ctl_pgn::opening_tree::{OpeningTree, TreeMove};

use super::site::{self, Here, Styles};

/// At most how many moves the page shows: past them, moves are shown without the moves after
/// them, so that the page stays small whatever the collection.
const MOVES_SHOWN: usize = 5_000;

/// The site's tree page. `links`: the link to each game's page, in the order the games were
/// added to the tree (a move's `first_game`).
pub(crate) fn page(tree: &OpeningTree, links: &[String]) -> String {
    let mut out = site::head("Opening tree", Styles::Shared);
    out.push_str(&site::nav(Here::Tree, None, None));
    let _ = write!(
        out,
        "<main class=\"site\">\n<h1>Opening tree</h1>\n<p>From the initial position: {}. Each \
         move with its games, its share of the games of the position it was played from, and \
         its score, the mean points the side that played it took (3 a win, 2 a stalemate, 1 a \
         draw). Positions reached by other orders of moves are the same position.</p>\n",
        crate::output::plural(tree.games, "game", "games")
    );
    let mut shown = 0;
    if !tree.moves.is_empty() {
        out.push_str("<ul class=\"tree\">\n");
        moves(&mut out, &tree.moves, links, &mut shown);
        out.push_str("</ul>\n");
    }
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

/// The list items of `moves` and of the moves after each.
fn moves(out: &mut String, list: &[TreeMove], links: &[String], shown: &mut usize) {
    for m in list {
        *shown += 1;
        let score = m.score.map_or_else(|| "no score".to_string(), |s| format!("score {s:.2}"));
        let games = crate::output::plural(m.games, "game", "games");
        let share = m.share * 100.0;
        let stats = format!("<span class=\"stats\">{games} · {share:.1} % · {score}</span>");
        let text = escape(&m.text);
        let open = m.games > 1 && !m.moves.is_empty() && *shown < MOVES_SHOWN;
        if open {
            let _ = write!(
                out,
                "<li><details><summary><span class=\"mv\">{text}</span>{stats}</summary>\n<ul>\n"
            );
            moves(out, &m.moves, links, shown);
            out.push_str("</ul></details></li>\n");
        } else {
            let _ = write!(out, "<li><span class=\"mv\">{text}</span>{stats}");
            if m.transposes {
                out.push_str(" <span class=\"stats\">(transposes: its moves are above)</span>");
            } else if let (1, Some(link)) =
                (m.games, links.get(m.first_game).filter(|l| !l.is_empty()))
            {
                let _ = write!(out, " <a href=\"{}\">the game</a>", escape(link));
            }
            out.push_str("</li>\n");
        }
    }
}
