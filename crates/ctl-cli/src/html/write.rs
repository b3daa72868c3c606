//! Writing the page: the games' headers and move lists as HTML, one board (the SVG of
//! `cescacs-diagram`, as White and as Black sees it), the positions as JSON for the script, and
//! the style sheet and script inline.

use core::fmt::Write as _;

use cescacs_board::{Diagnostic, Position};
use cescacs_diagram::{Diagram, escape};
use ctl_an::syntax::CommentKind;
use serde_json::json;

use super::model::{GamePage, Item, Note, Row, Segment};

const CSS: &str = include_str!("page.css");
const JS: &str = include_str!("page.js");

/// The tags shown in a game's header, in this order (all tags are listed below it).
const HEADER_TAGS: [&str; 6] = ["Event", "Site", "Date", "Round", "Result", "Annotator"];

/// A page written game by game ([`Parts::game`]), then put together by [`Parts::finish`]: the
/// parts that come before the games on the page (the game picker, the notes about the file's
/// text) or after them (the script's data) are held in spools, in memory or in temporary files,
/// so that a page of any size is written holding one game at a time.
pub(super) struct Parts {
    /// The game picker's options.
    picker: Spool,
    /// The notes about the file's bytes (its encoding), shown first.
    decoding: Spool,
    /// The notes about the file's text around games.
    notes: Spool,
    /// The games' sections.
    games: Spool,
    /// The script's data of each game, comma-separated.
    data: Spool,
    /// The title of the first game (the page's title when it is the only one).
    first_title: Option<String>,
    /// Games written.
    count: usize,
}

/// Where a part of the page waits: in memory (a small page) or in a temporary file.
enum Spool {
    Memory(Vec<u8>),
    File(std::io::BufWriter<std::fs::File>),
}

impl Spool {
    fn new(dir: Option<&std::path::Path>) -> std::io::Result<Spool> {
        Ok(match dir {
            None => Spool::Memory(Vec::new()),
            Some(dir) => Spool::File(std::io::BufWriter::new(tempfile::tempfile_in(dir)?)),
        })
    }

    fn is_empty(&mut self) -> std::io::Result<bool> {
        Ok(match self {
            Spool::Memory(bytes) => bytes.is_empty(),
            Spool::File(file) => {
                use std::io::Seek;
                file.stream_position()? == 0
            }
        })
    }

    fn write(&mut self, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        match self {
            Spool::Memory(bytes) => bytes.write_all(text.as_bytes()),
            Spool::File(file) => file.write_all(text.as_bytes()),
        }
    }

    /// Copies what was written to `out`.
    fn copy_to(self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        use std::io::Seek;
        match self {
            Spool::Memory(bytes) => out.write_all(&bytes),
            Spool::File(file) => {
                let mut file = file.into_inner().map_err(std::io::IntoInnerError::into_error)?;
                file.rewind()?;
                std::io::copy(&mut file, out).map(|_| ())
            }
        }
    }
}

impl Parts {
    /// Parts held in memory, or in temporary files in the folder `dir` (they are deleted when
    /// dropped, also on an error).
    pub(super) fn new(dir: Option<&std::path::Path>) -> std::io::Result<Parts> {
        Ok(Parts {
            picker: Spool::new(dir)?,
            decoding: Spool::new(dir)?,
            notes: Spool::new(dir)?,
            games: Spool::new(dir)?,
            data: Spool::new(dir)?,
            first_title: None,
            count: 0,
        })
    }

    /// A note about the file's text around games (`decoding`: about its bytes, shown before
    /// the others); `source` is the text its span points into, which starts at `start` in its
    /// file.
    pub(super) fn file_note(
        &mut self,
        d: &Diagnostic,
        decoding: bool,
        source: &str,
        start: ctl_pgn::reader::TextStart,
    ) -> std::io::Result<()> {
        let mut out = String::new();
        note(&mut out, &super::model::note(d, source, start));
        if decoding { self.decoding.write(&out) } else { self.notes.write(&out) }
    }

    /// The next game of the page (its number is the count of games before it, plus one).
    pub(super) fn game(&mut self, g: &GamePage, name: &str) -> std::io::Result<()> {
        let title = game_title(g, name);
        let mut out = String::new();
        let _ = write!(
            out,
            "<option value=\"{}\">{}. {}</option>",
            g.number - 1,
            g.number,
            escape(&title)
        );
        self.picker.write(&out)?;
        if self.first_title.is_none() {
            self.first_title = Some(title);
        }
        out.clear();
        game(&mut out, g, name);
        self.games.write(&out)?;
        let data = serde_json::to_string(&game_data(g)).unwrap_or_else(|_| "null".to_string());
        if self.count > 0 {
            self.data.write(",")?;
        }
        self.data.write(&data.replace("</", "<\\/"))?;
        self.count += 1;
        Ok(())
    }

    /// Writes the whole page to `out`, titled `name` (or the game's title if it is the only one).
    pub(super) fn finish(
        mut self,
        name: &str,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        let title = match (&self.first_title, self.count) {
            (Some(title), 1) => title.as_str(),
            _ => name,
        };
        let mut head = String::new();
        let _ = write!(
            head,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"generator\" content=\"cescacs html\">\n<title>{}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n",
            escape(title)
        );
        let _ = write!(head, "<header class=\"file\"><h1>{}</h1>", escape(name));
        out.write_all(head.as_bytes())?;
        if self.count > 1 {
            out.write_all(b"<label class=\"picker\">Game <select id=\"picker\">")?;
            self.picker.copy_to(out)?;
            out.write_all(b"</select></label>")?;
        }
        out.write_all(b"</header>\n")?;
        if !self.decoding.is_empty()? || !self.notes.is_empty()? {
            out.write_all(b"<div class=\"notes\">")?;
            self.decoding.copy_to(out)?;
            self.notes.copy_to(out)?;
            out.write_all(b"</div>\n")?;
        }
        if self.count == 0 {
            out.write_all(b"<p class=\"empty\">This file holds no game.</p>\n")?;
        }
        let mut main = String::from("<main>\n");
        board(&mut main);
        out.write_all(main.as_bytes())?;
        self.games.copy_to(out)?;
        out.write_all(b"</main>\n<script type=\"application/json\" id=\"data\">[")?;
        self.data.copy_to(out)?;
        write!(out, "]</script>\n<script>\n{JS}</script>\n</body>\n</html>\n")?;
        out.flush()
    }
}

/// The players, or the game's title, or its number.
fn game_title(g: &GamePage, name: &str) -> String {
    let tag = |n: &str| g.tags.iter().find(|(t, _)| t == n).map(|(_, v)| v.as_str());
    match (tag("White"), tag("Black"), tag("Title")) {
        (Some(w), Some(b), _) => format!("{w} – {b}"),
        (_, _, Some(t)) => t.to_string(),
        _ => format!("{name}, game {}", g.number),
    }
}

/// The board with its controls, shared by the games of the page.
fn board(out: &mut String) {
    let start = Position::initial();
    out.push_str("<section class=\"viewer\" aria-label=\"Board\">\n<div class=\"board\">\n");
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
<button type=\"button\" data-go=\"flip\" title=\"Flip the board\" aria-pressed=\"false\">Flip</button>\
</div>\n<p class=\"now\" aria-live=\"polite\" id=\"now\"></p>\n\
<div class=\"pdtl\"><label for=\"pdtl\">PDTL</label><input id=\"pdtl\" readonly spellcheck=\"false\">\
<button type=\"button\" id=\"copy\">Copy</button></div>\n\
<div class=\"pdtl\"><label for=\"app-pdtl\" title=\"The PDTL of the official web app (its Load new button)\">App</label>\
<input id=\"app-pdtl\" readonly spellcheck=\"false\">\
<button type=\"button\" id=\"copy-app\">Copy</button></div>\n\
<p class=\"keys\">Keys: → next, ← previous, Home start, End end of line, ↓ into a variation, ↑ out of it.</p>\n\
</section>\n",
    );
}

fn game(out: &mut String, g: &GamePage, name: &str) {
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

fn note(out: &mut String, n: &Note) {
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

/// What the script needs of a game: its nodes and its pieces' pictures.
fn game_data(g: &GamePage) -> serde_json::Value {
    let nodes: Vec<_> = g
        .nodes
        .iter()
        .map(|n| {
            let (from, to) = n
                .marked
                .map_or((String::new(), String::new()), |(f, t)| (f.to_string(), t.to_string()));
            json!([
                n.id, n.label, n.pieces, n.pdtl, from, to, n.prev, n.next, n.alts, n.up, n.app_pdtl
            ])
        })
        .collect();
    let pieces: serde_json::Map<String, serde_json::Value> =
        g.pieces.iter().map(|(l, svg)| (l.to_string(), json!(svg))).collect();
    json!({ "nodes": nodes, "pieces": pieces })
}

/// The head of a collection's index page (`html --split`), up to its table's first row: a
/// plain page with no script, one row per game.
pub(super) fn index_head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"cescacs html\">\n<title>{t}</title>\n\
         <style>\nbody{{font-family:system-ui,sans-serif;margin:1.5rem}}\
         table{{border-collapse:collapse}}th,td{{padding:.2rem .6rem;text-align:left}}\
         tbody tr:nth-child(odd){{background:#f3f3f3}}td.n{{text-align:right}}\n</style>\n\
         </head>\n<body>\n<h1>{t}</h1>\n<table>\n<thead><tr><th>File</th><th>Game</th>\
         <th>White</th><th>Black</th><th>Result</th><th>Date</th><th>Plies</th></tr></thead>\n<tbody>\n",
        t = escape(title)
    )
}

/// One row of the index page: the game's file, number, players, result, date, plies, and the
/// link to its page.
pub(super) fn index_row(file: &str, row: &Row, link: &str) -> String {
    let [white, black, result, date] = &row.tags;
    format!(
        "<tr><td>{}</td><td class=\"n\"><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td>\
         <td>{}</td><td>{}</td><td class=\"n\">{}</td></tr>\n",
        escape(file),
        escape(link),
        row.number,
        escape(white),
        escape(black),
        escape(result),
        escape(date),
        row.plies
    )
}

/// The end of the index page.
pub(super) const INDEX_END: &str = "</tbody>\n</table>\n</body>\n</html>\n";
