//! The site of one run of `cescacs html` into a folder (`--split`, or several files): the
//! pages of games written as they are read, each held until the next one is named (its "Next"
//! link), and what the site's other pages need gathered on the way (a row of the index per game,
//! the standings, the opening tree); the shared script and style file before the first page; at
//! the end the last page, the index, the standings and the tree. Every file goes through [`Outputs`]; the index,
//! the standings, the tree and the shared files are named first and checked before any page is
//! written, so that a run that may not write them writes nothing.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use cescacs_board::Position;
use ctl_pgn::ParsedGame;
use ctl_pgn::opening_tree::{Paths, TreeBuilder};
use ctl_pgn::standings::{GameScore, Grouping, StandingsBuilder};

use super::pages::{GamePage, Writer};
use super::row::Row;
use super::site::{self, Here};
use super::write::Mode;
use crate::output;
use crate::write::{self, Outputs, atomic::Pending};

/// How many plies deep the site's opening tree goes.
const TREE_PLIES: usize = 8;

/// A page of games waiting for the name of the next one.
enum Held {
    /// A game's page (`--split`), titled with its file's name.
    Game(Box<GamePage>, String),
    /// A file's page, titled with its name.
    File(Box<Writer>, String),
}

/// A page named, waiting to be written.
struct Waiting {
    page: Held,
    path: PathBuf,
    /// Its link from the other pages.
    link: String,
    /// The index's rows of its games, in the page's order.
    rows: Vec<Row>,
    /// Its games' links in [`Collection::links`].
    links: std::ops::Range<usize>,
    /// The name the index shows for its games' file.
    file: String,
}

/// What a site's run wrote.
pub(crate) struct Finished {
    /// The path of its index; `None` when it could not be written, or when no page of games
    /// was made (then nothing was written).
    pub(crate) index: Option<PathBuf>,
    /// How many pages of games were written.
    pub(crate) pages: usize,
    /// Whether something could not be written (said on standard error).
    pub(crate) failed: bool,
}

/// The site being written.
pub(crate) struct Collection {
    dir: PathBuf,
    /// The index, written row by row as the pages are named.
    index: Option<io::BufWriter<Pending>>,
    index_path: PathBuf,
    index_written: io::Result<()>,
    /// The other pages and files of the site, named at the start.
    standings_path: PathBuf,
    tree_path: PathBuf,
    script_path: PathBuf,
    style_path: PathBuf,
    mode: Mode,
    standings: StandingsBuilder,
    tree: TreeBuilder,
    paths: Paths,
    /// The link of each game given to the tree, in order.
    links: Vec<String>,
    /// The games read since the last page was named: their rows.
    rows: Vec<Row>,
    /// Games in the index (rows written).
    games: usize,
    /// The last page named, waiting for the next one.
    held: Option<Waiting>,
    /// The link of the last page written.
    last_written: Option<String>,
    /// Whether the shared script and style file were written (before the first page).
    shared_written: bool,
    /// Pages written.
    pub(crate) pages: usize,
    /// A page could not be written (said on standard error).
    pub(crate) failed: bool,
    /// The disk is full: nothing more can be written.
    pub(crate) stopped: bool,
}

impl Collection {
    /// A site in the folder `dir` (created if missing): its index, standings, tree and shared
    /// files named and checked, the index started. An error says why the site cannot be
    /// written at all.
    pub(crate) fn start(dir: &Path, outputs: &mut Outputs) -> Result<Collection, String> {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return Err(format!("cannot create the folder `{}`: {e}", output::name(dir.display())));
        }
        let index_path = outputs.name(dir, site::INDEX_FILE);
        let standings_path = outputs.name(dir, site::STANDINGS_FILE);
        let tree_path = outputs.name(dir, site::TREE_FILE);
        let script_path = outputs.name(dir, site::SCRIPT_FILE);
        let style_path = outputs.name(dir, site::STYLE_FILE);
        for path in [&standings_path, &tree_path, &script_path, &style_path] {
            outputs.check(path).map_err(|e| output::cannot_write(path.display(), e))?;
        }
        let index = outputs
            .start(&index_path)
            .map_err(|e| output::cannot_write(index_path.display(), e))?;
        let mut index = io::BufWriter::new(index);
        let index_written = index.write_all(super::index::head().as_bytes());
        let tree = TreeBuilder::new(&Position::initial(), TREE_PLIES);
        Ok(Collection {
            dir: dir.to_path_buf(),
            index: Some(index),
            index_path,
            index_written,
            standings_path,
            tree_path,
            script_path,
            style_path,
            mode: Mode::Site { standard: site::standard_pieces() },
            standings: StandingsBuilder::new(Grouping::ByEvent),
            paths: tree.paths(),
            tree,
            links: Vec::new(),
            rows: Vec::new(),
            games: 0,
            held: None,
            last_written: None,
            shared_written: false,
            pages: 0,
            failed: false,
            stopped: false,
        })
    }

    /// How the site's pages of games are written.
    pub(crate) fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The folder of the site.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// A game read for a page: what the index, the standings and the tree need of it.
    pub(crate) fn game(&mut self, number: usize, game: &ParsedGame) {
        self.rows.push(Row::of(number, game));
        self.standings.add(GameScore::of(game));
        self.tree.add_path(self.paths.of(game));
    }

    /// The page of the games read since the last page (`--split`: one game; else a file's
    /// games) is named `target`: it waits for the next one (its "Next" link), while the one
    /// before it is written. `file`: the name the index shows for its games.
    fn named(&mut self, outputs: &Outputs, page: Held, target: PathBuf, file: &str) {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let link = write::name::link(&name);
        let rows = std::mem::take(&mut self.rows);
        let first = self.links.len();
        self.links.extend((1..=rows.len()).map(|i| format!("{link}#g{i}")));
        let waiting = Waiting {
            page,
            path: target,
            link,
            rows,
            links: first..self.links.len(),
            file: file.to_string(),
        };
        if let Some(before) = self.held.replace(waiting) {
            let next = self.held.as_ref().map(|w| w.link.clone());
            self.write(outputs, before, next.as_deref());
        }
    }

    /// The games read since the last page was named get no page (their input could not be
    /// read to its end): they leave the index, and the tree links them to nothing.
    pub(crate) fn forget(&mut self) {
        for _ in self.rows.drain(..) {
            self.links.push(String::new());
        }
    }

    /// [`Collection::named`] for a game's page.
    pub(crate) fn game_page(
        &mut self,
        outputs: &Outputs,
        page: GamePage,
        target: PathBuf,
        file: &str,
    ) {
        self.named(outputs, Held::Game(Box::new(page), file.to_string()), target, file);
    }

    /// [`Collection::named`] for a file's page.
    pub(crate) fn file_page(
        &mut self,
        outputs: &Outputs,
        page: Writer,
        target: PathBuf,
        file: &str,
    ) {
        self.named(outputs, Held::File(Box::new(page), file.to_string()), target, file);
    }

    /// Writes a page of games with its navigation (`next`: the link of the page named after
    /// it), then the index's rows of its games, each linked to the page at its game (`#g1`,
    /// `#g2`…, in the page's order). A page that cannot be written leaves the index, and the
    /// tree links its games to nothing.
    fn write(&mut self, outputs: &Outputs, page: Waiting, next: Option<&str>) {
        if !self.stopped && !self.shared_written {
            // The shared files first: every page written can be read, whatever stops the run.
            self.shared_written = true;
            let files =
                [(&self.script_path, site::script_file()), (&self.style_path, site::style_file())];
            for (path, text) in files {
                if let Err(e) = outputs.write(path, |out| out.write_all(text.as_bytes())) {
                    output::error(output::cannot_write(path.display(), &e));
                    self.failed = true;
                    self.stopped |= write::stops_run(&e, "pages");
                }
            }
        }
        if self.stopped {
            self.links[page.links].iter_mut().for_each(String::clear);
            return;
        }
        let nav = site::nav(Here::Games, self.last_written.as_deref(), next);
        let path = &page.path;
        let written = match page.page {
            Held::Game(html, name) => {
                let html = html.finish(&name, &nav);
                outputs.write(path, |out| out.write_all(html.as_bytes()))
            }
            Held::File(html, name) => outputs.write(path, |out| {
                let mut out = io::BufWriter::new(out);
                html.finish(&name, &nav, &mut out).map(drop)?;
                out.flush()
            }),
        };
        if let Err(e) = written {
            output::error(output::cannot_write(path.display(), &e));
            self.failed = true;
            self.stopped = write::stops_run(&e, "pages");
            self.links[page.links].iter_mut().for_each(String::clear);
            return;
        }
        self.pages += 1;
        self.last_written = Some(page.link);
        for (row, link) in page.rows.iter().zip(&self.links[page.links]) {
            self.games += 1;
            let text = super::index::row(&page.file, self.games, row, link);
            if let (Ok(()), Some(index)) = (&self.index_written, &mut self.index) {
                self.index_written = index.write_all(text.as_bytes());
            }
        }
        // On disk with its page: a full disk later leaves little of the index to write.
        if let (Ok(()), Some(index)) = (&self.index_written, &mut self.index) {
            self.index_written = index.flush();
        }
    }

    /// Writes the last page, then the index, the standings, the opening tree and the shared
    /// files.
    /// A site without a page of games writes nothing (its index is dropped unwritten).
    pub(crate) fn finish(mut self, outputs: &Outputs) -> Finished {
        if self.held.is_none() && self.pages == 0 {
            return Finished { index: None, pages: 0, failed: self.failed };
        }
        let index = self.finish_files(outputs);
        Finished { index, pages: self.pages, failed: self.failed }
    }

    /// [`Collection::finish`]'s work: the path of the index, if it was written.
    fn finish_files(&mut self, outputs: &Outputs) -> Option<PathBuf> {
        if let Some(last) = self.held.take() {
            self.write(outputs, last, None);
        }
        let index_path = self.index_path.clone();
        // After a full disk too: the index is on disk but for its end; then the pages that
        // sum the games up, if there is room.
        let end = super::index::end(self.games);
        let written = std::mem::replace(&mut self.index_written, Ok(()))
            .and_then(|()| match self.index.take() {
                Some(mut index) => index.write_all(end.as_bytes()).map(|()| index),
                None => Err(io::Error::other("the index was not started")),
            })
            .and_then(|index| index.into_inner().map_err(io::IntoInnerError::into_error))
            .and_then(|file| outputs.finish(file));
        let index = match written {
            Ok(()) => Some(index_path),
            Err(e) => {
                output::error(output::cannot_write(index_path.display(), e));
                self.failed = true;
                None
            }
        };
        let standings =
            std::mem::replace(&mut self.standings, StandingsBuilder::new(Grouping::All));
        let standings = super::standings::page(&standings.finish(), site::Styles::Shared);
        let tree = super::tree::page(&self.tree.finish(), &self.links);
        for (path, text) in [(&self.standings_path, standings), (&self.tree_path, tree)] {
            if let Err(e) = outputs.write(path, |out| out.write_all(text.as_bytes())) {
                output::error(output::cannot_write(path.display(), &e));
                self.failed = true;
            }
        }
        index
    }
}
