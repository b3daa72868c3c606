//! Writing the page: the viewer's parts (`cescacs-viewer`: the games' sections, the board, the
//! positions as JSON for the script) put together, with the viewer's style sheet and script
//! inline.

use core::fmt::Write as _;

use cescacs_diagram::escape;
use cescacs_viewer::{GameHtml, SCRIPT, STYLE};

/// A page written game by game (its [`Sink::game`](cescacs_viewer::Sink::game)), then put together by [`Parts::finish`]: the
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
             <meta name=\"generator\" content=\"cescacs html\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
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
        out.write_all(b"<main>\n")?;
        out.write_all(cescacs_viewer::board().as_bytes())?;
        self.games.copy_to(out)?;
        out.write_all(b"</main>\n<script type=\"application/json\" id=\"data\">[")?;
        self.data.copy_to(out)?;
        write!(out, "]</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n")?;
        out.flush()
    }
}

impl cescacs_viewer::Sink for Parts {
    fn note(&mut self, html: &str, decoding: bool) -> std::io::Result<()> {
        if decoding { self.decoding.write(html) } else { self.notes.write(html) }
    }

    fn game(&mut self, g: GameHtml) -> std::io::Result<()> {
        let mut out = String::new();
        let _ = write!(
            out,
            "<option value=\"{}\">{}. {}</option>",
            g.number - 1,
            g.number,
            escape(&g.title)
        );
        self.picker.write(&out)?;
        if self.first_title.is_none() {
            self.first_title = Some(g.title);
        }
        self.games.write(&g.section)?;
        let data = serde_json::to_string(&g.data).unwrap_or_else(|_| "null".to_string());
        if self.count > 0 {
            self.data.write(",")?;
        }
        self.data.write(&data.replace("</", "<\\/"))?;
        self.count += 1;
        Ok(())
    }
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
pub(super) fn index_row(file: &str, row: &super::Row, link: &str) -> String {
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
