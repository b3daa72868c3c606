//! The viewer's HTML: a game's section (its header, notes and move list), the board with its
//! controls, a diagnostic's note, and what the script needs of a game as JSON.

use core::fmt::Write as _;

use cescacs_board::Position;
use cescacs_diagram::{Diagram, escape};
use ctl_an::syntax::CommentKind;
use serde_json::json;

use crate::help::help;
use crate::model::{GamePage, Item, Note, Segment};

/// The tags shown in a game's header, in this order (all tags are listed below it).
const HEADER_TAGS: [&str; 6] = ["Event", "Site", "Date", "Round", "Result", "Annotator"];

/// The players, or the game's title, or its number.
pub(crate) fn game_title(g: &GamePage, name: &str) -> String {
    let tag = |n: &str| g.tags.iter().find(|(t, _)| t == n).map(|(_, v)| v.as_str());
    match (tag("White"), tag("Black"), tag("Title")) {
        (Some(w), Some(b), _) => format!("{w} – {b}"),
        (_, _, Some(t)) => t.to_string(),
        _ => format!("{name}, game {}", g.in_file),
    }
}

/// The board with its controls, shared by the games of the page; `inside` false leaves the
/// section empty for a script to fill ([`board_contents`]).
pub(crate) fn board(out: &mut String, inside: bool) {
    if inside {
        out.push_str("<section class=\"viewer\" aria-label=\"Board\">\n");
        board_contents(out);
        out.push_str("</section>\n");
    } else {
        out.push_str(
            "<section class=\"viewer\" aria-label=\"Board\" data-drawn-by-script></section>\n",
        );
    }
}

/// What the board's section holds: the board as White sees it and as Black sees it (hidden),
/// with the initial position, and the controls under it.
pub(crate) fn board_contents(out: &mut String) {
    let start = Position::initial();
    out.push_str("<div class=\"board\">\n");
    for flip in [false, true] {
        let svg = Diagram::new(&start).flipped(flip).to_svg();
        let svg = svg.replacen(
            "<svg ",
            if flip {
                "<svg class=\"flipped\" hidden role=\"img\" aria-label=\"Board, Black at the bottom\" "
            } else {
                "<svg class=\"upright\" role=\"img\" aria-label=\"Board, White at the bottom\" "
            },
            1,
        );
        out.push_str(&svg);
    }
    out.push_str(
        "</div>\n<div class=\"controls\" role=\"toolbar\" aria-label=\"Moves\">\
<button type=\"button\" data-go=\"home\" title=\"Start (Home)\">Start</button>\
<button type=\"button\" data-go=\"prev\" title=\"Previous move (←)\" aria-label=\"Previous move\">◀</button>\
<button type=\"button\" data-go=\"next\" title=\"Next move (→)\" aria-label=\"Next move\">▶</button>\
<button type=\"button\" data-go=\"end\" title=\"End of the line (End)\">End</button>\
<button type=\"button\" data-go=\"down\" title=\"Into a variation (↓)\" aria-label=\"Into a variation\">↓ Var.</button>\
<button type=\"button\" data-go=\"up\" title=\"Out of the variation (↑)\" aria-label=\"Out of the variation\">↑ Out</button>\
<button type=\"button\" data-go=\"flip\" title=\"Flip the board (f)\" aria-pressed=\"false\">Flip</button>\
</div>\n<p class=\"now\" aria-live=\"polite\" id=\"now\"></p>\n\
<div class=\"pdtl\"><label for=\"pdtl\">PDTL</label><input id=\"pdtl\" readonly spellcheck=\"false\">\
<button type=\"button\" id=\"copy\">Copy</button></div>\n\
<div class=\"pdtl\"><label for=\"app-pdtl\" title=\"The PDTL of the official web app (its Load new button)\">App</label>\
<input id=\"app-pdtl\" readonly spellcheck=\"false\">\
<button type=\"button\" id=\"copy-app\">Copy</button></div>\n\
<div class=\"options\"><label class=\"toggle\"><input type=\"checkbox\" data-toggle=\"warnings\" checked> Show warnings</label>\
<button type=\"button\" data-go=\"keys\" aria-expanded=\"false\" aria-controls=\"keys\" title=\"The keys (?)\">Keys (?)</button>\
<button type=\"button\" data-go=\"help\" aria-expanded=\"false\" aria-controls=\"help\" title=\"The pieces and how to read a move (h)\">Pieces and moves (h)</button></div>\n\
<dl class=\"keys\" id=\"keys\" hidden><dt>→ ←</dt><dd>next, previous move</dd><dt>Home End</dt><dd>start, end of the line</dd>\
<dt>↓ ↑</dt><dd>into a variation, out of it</dd><dt>f</dt><dd>flip the board</dd><dt>h</dt><dd>the pieces and how to read a move</dd>\
<dt>?</dt><dd>show or hide these keys</dd></dl>\n",
    );
    help(out);
}

pub(crate) fn game(out: &mut String, g: &GamePage, name: &str) {
    let _ = write!(
        out,
        "<section class=\"game\" id=\"game-{n}\" data-game=\"{i}\" aria-labelledby=\"title-{n}\"{hidden}>\n\
         <header class=\"tags\"><h2 id=\"title-{n}\">{}</h2>",
        escape(&game_title(g, name)),
        n = g.number,
        i = g.number - 1,
        hidden = if g.number > 1 { " hidden" } else { "" },
    );
    let tag = |n: &str| g.tags.iter().find(|(t, _)| t == n).map(|(_, v)| v.as_str());
    let shown: Vec<String> = HEADER_TAGS
        .iter()
        .filter_map(|t| tag(t).filter(|v| !v.is_empty() && *v != "?").map(|v| (t, v)))
        .map(|(t, v)| format!("<span><b>{t}</b> {}</span>", escape(v)))
        .collect();
    if !shown.is_empty() {
        let _ = write!(out, "<p class=\"facts\">{}</p>", shown.join(" "));
    }
    if !g.tags.is_empty() {
        out.push_str("<details><summary>All tags</summary><dl>");
        for (t, v) in &g.tags {
            let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", escape(t), escape(v));
        }
        out.push_str("</dl></details>");
    }
    out.push_str("</header>\n");
    for n in &g.notes {
        note(out, n);
    }
    if g.nodes.is_empty() {
        out.push_str(
            "<p class=\"note error\">The start position is unknown: no board can be shown.</p>\n",
        );
    }
    out.push_str("<div class=\"moves\">\n");
    if let Some(start) = g.nodes.first() {
        let _ = write!(out, "<a class=\"mv start\" href=\"#{}\" data-n=\"0\">Start</a> ", start.id);
    }
    items(out, g, &g.items);
    if let Some(result) = &g.result {
        let _ = write!(out, "<span class=\"result\">{}</span>", escape(result));
    }
    out.push_str("</div>\n</section>\n");
}

fn items(out: &mut String, g: &GamePage, list: &[Item]) {
    for item in list {
        match item {
            Item::Number(n) => {
                let _ = write!(out, "<span class=\"num\">{}</span> ", escape(n));
            }
            Item::Move { node: Some(n), text, notes } => {
                let _ = write!(
                    out,
                    "<a class=\"mv\" href=\"#{}\" data-n=\"{n}\">{}</a> ",
                    g.nodes[*n].id,
                    escape(text)
                );
                for n in notes {
                    note(out, n);
                }
            }
            Item::Move { node: None, text, notes } => {
                let _ = write!(
                    out,
                    "<span class=\"mv dead\" title=\"not replayed: the line stopped before\">{}</span> ",
                    escape(text)
                );
                for n in notes {
                    note(out, n);
                }
            }
            Item::Comment { kind, segments, at } => {
                let class = match kind {
                    CommentKind::Plain => "comment",
                    CommentKind::Player { .. } => "comment player",
                    CommentKind::Automatic => "comment automatic",
                };
                let at = at.map(|n| format!(" data-at=\"{n}\"")).unwrap_or_default();
                let _ = write!(out, "<p class=\"{class}\"{at}>");
                for s in segments {
                    segment(out, g, s);
                }
                out.push_str("</p>\n");
            }
            Item::Variation { label, items: nested } => {
                let label = label.map(|l| format!(" $[{l}]")).unwrap_or_default();
                let _ = write!(
                    out,
                    "<div class=\"var\" role=\"group\" aria-label=\"Variation{label}\"><span class=\"paren\">({}</span> ",
                    escape(label.trim_start())
                );
                items(out, g, nested);
                out.push_str("<span class=\"paren\">)</span></div>\n");
            }
        }
    }
}

fn segment(out: &mut String, g: &GamePage, s: &Segment) {
    match s {
        Segment::Text(t) => out.push_str(&escape(t)),
        Segment::Hex(hex, t) => {
            let _ = write!(
                out,
                "<button type=\"button\" class=\"hexref\" data-hex=\"{hex}\" title=\"Show {hex} on the board\">{}</button>",
                escape(t)
            );
        }
        Segment::Jump(Some(n), t) => {
            let _ =
                write!(out, "<a class=\"moveref\" href=\"#{}\">{}</a>", g.nodes[*n].id, escape(t));
        }
        Segment::Jump(None, t) | Segment::Unresolved(_, _, t) => {
            let _ = write!(out, "<span class=\"moveref missing\">{}</span>", escape(t));
        }
    }
}

pub(crate) fn note(out: &mut String, n: &Note) {
    let (class, word) = if n.error { ("error", "error") } else { ("warning", "warning") };
    let _ = write!(
        out,
        "<div class=\"note {class}\" role=\"note\"><b>{word}[{}]</b> {} <span class=\"where\">line {}, column {}</span>",
        n.code,
        escape(&n.message),
        n.line,
        n.column
    );
    for h in &n.help {
        let _ = write!(out, "<br><i>help:</i> {}", escape(h));
    }
    out.push_str("</div>\n");
}

/// What the script needs of a game: its nodes and its pieces' pictures; with `offsets`, where
/// each node's move starts in the file (`at`, byte offsets), for an editor's cursor.
pub(crate) fn game_data(g: &GamePage, offsets: bool) -> serde_json::Value {
    let nodes: Vec<_> = g
        .nodes
        .iter()
        .map(|n| {
            let (from, to) = n
                .marked
                .map_or((String::new(), String::new()), |(f, t)| (f.to_string(), t.to_string()));
            let check = n.check.map(|h| h.to_string());
            json!([
                n.id, n.label, n.pieces, n.pdtl, from, to, n.prev, n.next, n.alts, n.up,
                n.app_pdtl, check
            ])
        })
        .collect();
    let pieces: serde_json::Map<String, serde_json::Value> =
        g.pieces.iter().map(|(l, svg)| (l.to_string(), json!(svg))).collect();
    let mut data = json!({ "nodes": nodes, "pieces": pieces });
    if offsets {
        data["at"] = g.nodes.iter().map(|n| n.offset).collect();
    }
    data
}
