//! Writing the page: the viewer's parts (`cescacs-viewer`: the games' sections, the board, the
//! positions as JSON for the script) put together. A page alone holds the viewer's style sheet
//! and script inline; a page of a site ([`Mode::Site`]) takes them from the site's shared files
//! and holds its positions deflated (a game's positions repeat much of each other: its data is
//! a fifth of its size so).

use core::fmt::Write as _;
use std::io::Write as _;

use cescacs_diagram::escape;
use cescacs_viewer::{GameHtml, SCRIPT};

use super::site::{self, Styles};

/// How a page is written.
#[derive(Debug, Clone)]
pub(crate) enum Mode {
    /// A page alone: style, script, board and positions in it.
    Alone,
    /// A page of a site: its navigation, the shared style and script, the board drawn by the
    /// script, the positions deflated and base64-encoded, without the pictures of the
    /// standard pieces (`standard`, [`site::standard_pieces`]).
    Site {
        /// The pictures of the standard pieces, which the shared script holds.
        standard: serde_json::Value,
    },
}

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
    mode: Mode,
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
    pub(super) fn new(dir: Option<&std::path::Path>, mode: Mode) -> std::io::Result<Parts> {
        Ok(Parts {
            mode,
            picker: Spool::new(dir)?,
            decoding: Spool::new(dir)?,
            notes: Spool::new(dir)?,
            games: Spool::new(dir)?,
            data: Spool::new(dir)?,
            first_title: None,
            count: 0,
        })
    }

    /// Parts held in memory (a page of one game).
    pub(super) fn in_memory(mode: Mode) -> Parts {
        let memory = || Spool::Memory(Vec::new());
        Parts {
            mode,
            picker: memory(),
            decoding: memory(),
            notes: memory(),
            games: memory(),
            data: memory(),
            first_title: None,
            count: 0,
        }
    }

    /// Writes the whole page to `out`, titled `name` (or the game's title if it is the only one);
    /// `nav`: a site's navigation bar, at the top of a page of a site.
    pub(super) fn finish(
        mut self,
        name: &str,
        nav: &str,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        let title = match (&self.first_title, self.count) {
            (Some(title), 1) => title.as_str(),
            _ => name,
        };
        let styles = match self.mode {
            Mode::Alone => Styles::Inline,
            Mode::Site { .. } => Styles::Shared,
        };
        let mut head = site::head(title, styles);
        head.push_str(nav);
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
        match self.mode {
            Mode::Alone => {
                out.write_all(cescacs_viewer::board().as_bytes())?;
                self.games.copy_to(out)?;
                out.write_all(b"</main>\n<script type=\"application/json\" id=\"data\">[")?;
                self.data.copy_to(out)?;
                write!(out, "]</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n")?;
            }
            Mode::Site { .. } => {
                out.write_all(cescacs_viewer::board_drawn_by_script().as_bytes())?;
                self.games.copy_to(out)?;
                out.write_all(
                    b"</main>\n<script type=\"application/x-cescacs-deflate-base64\" id=\"packed\">",
                )?;
                packed(self.data, out)?;
                write!(
                    out,
                    "</script>\n<script src=\"{}\"></script>\n</body>\n</html>\n",
                    site::SCRIPT_FILE
                )?;
            }
        }
        out.flush()
    }
}

/// The games' data (`data`, the JSON of each game, comma-separated) as a JSON array, deflated
/// (raw deflate, what the browsers' `DecompressionStream("deflate-raw")` reads) and
/// base64-encoded, written to `out` as it is read.
fn packed(data: Spool, out: &mut impl std::io::Write) -> std::io::Result<()> {
    let engine = &base64::engine::general_purpose::STANDARD;
    let mut text = base64::write::EncoderWriter::new(out, engine);
    let mut deflated =
        flate2::write::DeflateEncoder::new(&mut text, flate2::Compression::default());
    deflated.write_all(b"[")?;
    data.copy_to(&mut deflated)?;
    deflated.write_all(b"]")?;
    deflated.finish()?;
    text.finish()?;
    Ok(())
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
        let mut data = g.data;
        if let Mode::Site { standard } = &self.mode {
            site::without_standard_pieces(&mut data, standard);
        }
        let data = serde_json::to_string(&data).unwrap_or_else(|_| "null".to_string());
        if self.count > 0 {
            self.data.write(",")?;
        }
        self.data.write(&data.replace("</", "<\\/"))?;
        self.count += 1;
        Ok(())
    }
}
