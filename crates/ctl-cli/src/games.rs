//! The per-game driver of the commands that read games and write or replay them (`fmt`,
//! `filter`, `convert`, `replay`): every input is read as `check` reads it, a stream of pieces
//! of one game each ([`ctl_pgn::reader::Pieces`], cut at `[Variant` lines), each decoded and
//! parsed on its own within the one set of [`Limits`], so that memory is bounded by the largest
//! game (at most [`ctl_an::GAME_BYTES`]), never by the file, and every command reads the same
//! games with the same diagnostics as `check`.
//!
//! What a command writes goes first to a [`Spool`] (memory, then a temporary file past
//! [`SPOOL_BYTES`]): a file with syntax errors is never written, and that is known only at its
//! end.

use std::io::{self, Seek, Write};

use cescacs_board::Diagnostic;
use ctl_an::syntax::File;
use ctl_an::{GameOutput, Limits, WriteOptions};
use ctl_pgn::convert::Converted;
use ctl_pgn::decode::Decoded;
use ctl_pgn::reader::{Pieces, StreamPiece, TextStart};
use ctl_pgn::render::{ErrorCap, LineIndex};
use ctl_pgn::write::write_game;

use crate::input::{self, Input};
use crate::output;

/// Which games of each input a command reads: `--game N` and `--where TAG=GLOB`, in the
/// spirit of pgn-extract's selection (every condition must hold). The same options, read the
/// same way, in every command that reads games through this module.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Selection {
    /// Only game N of each file (from 1, in file order).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Option<u32>,

    /// Only the games whose tag TAG has a value matching GLOB (`*` any characters, `?` one,
    /// case-sensitive), such as `--where 'White=Puig*'`; given more than once, every one must
    /// match.
    #[arg(long = "where", value_name = "TAG=GLOB", value_parser = TagFilter::parse)]
    pub filters: Vec<TagFilter>,
}

/// One `--where TAG=GLOB`.
#[derive(Debug, Clone)]
pub struct TagFilter {
    /// The tag's name.
    pub tag: String,
    /// The pattern its value must match.
    pub glob: wildmatch::WildMatch,
}

impl TagFilter {
    /// Reads `TAG=GLOB`.
    pub fn parse(text: &str) -> Result<TagFilter, String> {
        match text.split_once('=') {
            Some((tag, glob)) if !tag.trim().is_empty() => {
                Ok(TagFilter { tag: tag.trim().to_string(), glob: wildmatch::WildMatch::new(glob) })
            }
            _ => Err(format!("expected TAG=GLOB, such as `White=Puig*`, found `{text}`")),
        }
    }
}

impl Selection {
    /// Whether every game is selected.
    pub fn is_all(&self) -> bool {
        self.game.is_none() && self.filters.is_empty()
    }

    /// Whether game `number` (from 1) of its input, `game`, is selected.
    pub fn selects(&self, number: usize, game: &ctl_an::syntax::Record) -> bool {
        self.game.is_none_or(|n| n as usize == number)
            && self
                .filters
                .iter()
                .all(|f| game.tag(&f.tag).is_some_and(|t| f.glob.matches(&t.value)))
    }

    /// What to say when no game of the input `name`, holding `count` games, is selected.
    pub fn none_selected(&self, name: &str, count: usize) -> String {
        match self.game {
            Some(n) if count < n as usize => format!("`{name}` has {count} game(s), no game {n}"),
            None if self.filters.is_empty() => format!("`{name}` has no game"),
            _ => format!("no game of `{name}` ({count} in all) is selected"),
        }
    }

    /// Whether no game after game `number` can be selected (reading may stop).
    pub fn done_after(&self, number: usize) -> bool {
        self.game.is_some_and(|n| number >= n as usize)
    }
}

/// One piece of an input, read the full way: its bytes as read, its text, and its records.
pub struct ReadPiece {
    /// Where the piece starts in its input.
    pub start: TextStart,
    /// The bytes as read (what `fmt` compares its output with).
    pub bytes: Vec<u8>,
    /// The text the parsers read, with the encoding's diagnostics (piece offsets).
    pub decoded: Decoded,
    /// The records read, with their syntax diagnostics (piece offsets); records with neither
    /// tags nor moves (stray bytes) are kept for their diagnostics.
    pub records: Vec<GameOutput>,
    /// The number in its input (from 1) of the first game of the piece.
    pub first_game: usize,
}

impl ReadPiece {
    /// The games of the piece (records with tags or moves), each with its number in the input.
    pub fn games(&self) -> impl Iterator<Item = (usize, &GameOutput)> {
        self.records
            .iter()
            .filter(|r| !r.game.is_empty())
            .zip(self.first_game..)
            .map(|(g, n)| (n, g))
    }

    /// How many games the piece holds.
    pub fn game_count(&self) -> usize {
        self.games().count()
    }

    /// The problems that keep a piece from being rewritten: the errors of its encoding and
    /// syntax, and prose around its games (`W0001`: it is in no tree, writing the tree would
    /// drop it). Piece offsets, sorted.
    pub fn unwritable(&self) -> Vec<Diagnostic> {
        ctl_pgn::write::unwritable(&self.decoded, &self.records)
    }
}

/// The pieces of `input`, read within `limits`, one at a time.
pub fn pieces(
    input: &Input,
    limits: Limits,
) -> io::Result<impl Iterator<Item = io::Result<ReadPiece>>> {
    let mut next_game = 1;
    Ok(Pieces::new(input.open()?).map(move |piece| {
        let StreamPiece { start, bytes } = piece?;
        let decoded = input::decode(bytes.clone());
        let records: Vec<GameOutput> = ctl_an::games_with(&decoded.text, &limits).collect();
        let read = ReadPiece { start, bytes, decoded, records, first_game: next_game };
        next_game += read.game_count();
        Ok(read)
    }))
}

/// The piece of `input` that holds the first game `selection` selects, and that game's
/// number, read game by game (memory bounded by the largest game); `None`, said on standard
/// error, when no game is selected.
pub fn find_game(input: &Input, selection: &Selection) -> io::Result<Option<(ReadPiece, usize)>> {
    let mut count = 0;
    for piece in pieces(input, Limits::DEFAULT)? {
        let piece = piece?;
        count += piece.game_count();
        let found = piece.games().find(|(n, g)| selection.selects(*n, &g.game)).map(|(n, _)| n);
        if let Some(n) = found {
            return Ok(Some((piece, n)));
        }
        if selection.done_after(count) {
            break;
        }
    }
    output::error(selection.none_selected(&input.display(), count));
    Ok(None)
}

/// What [`rewrite`] made of one input.
pub struct Rewritten {
    /// The text written, to be copied where it goes when the input is not `broken`.
    pub spool: Spool,
    /// The input has errors of its encoding or syntax (reported): nothing may be written.
    pub broken: bool,
    /// Whether the text written differs from the input's bytes.
    pub differs: bool,
    /// Errors reported by the transformation (parts left as written).
    pub errors: usize,
    /// The input had CR line ends (CRLF or lone CR), which the text written does not.
    pub crlf: bool,
    /// The input started with a byte-order mark, which the text written does not.
    pub bom: bool,
}

/// Reads `input` piece by piece within `limits`, reports what keeps a piece from being
/// written (within `cap`), and writes the games of every piece that `selection` selects, transformed by `transform`,
/// in the canonical layout (one blank line between games) to a [`Spool`]. The
/// transformation's diagnostics (spans into the piece's text) are reported too. After a broken
/// piece nothing more is written, but the rest is still read and reported.
pub fn rewrite(
    input: &Input,
    limits: Limits,
    options: WriteOptions,
    selection: &Selection,
    cap: &mut ErrorCap,
    transform: impl Fn(File) -> Converted,
) -> io::Result<Rewritten> {
    let name = input.display();
    let mut spool = Spool::new();
    let (mut same, mut games) = (Same::default(), 0usize);
    let mut done = Rewritten {
        spool: Spool::new(),
        broken: false,
        differs: false,
        errors: 0,
        crlf: false,
        bom: false,
    };
    for piece in pieces(input, limits)? {
        let piece = piece?;
        let unwritable = piece.unwritable();
        if !unwritable.is_empty() {
            done.broken = true;
            report(&name, &piece, &unwritable, cap);
        }
        if done.broken {
            continue;
        }
        same.left(&piece.bytes);
        done.crlf |= piece.bytes.contains(&b'\r');
        done.bom |= piece.start.offset == 0 && piece.bytes.starts_with(BOM);
        let chosen = piece.games().filter(|(n, g)| selection.selects(*n, &g.game));
        let file = File { games: chosen.map(|(_, g)| g.game.clone()).collect() };
        let converted = transform(file);
        report(&name, &piece, &converted.diagnostics, cap);
        done.errors += converted.diagnostics.iter().filter(|d| d.is_error()).count();
        for game in &converted.file.games {
            let mut text = if games > 0 { String::from("\n") } else { String::new() };
            text.push_str(&write_game(game, options));
            games += 1;
            same.right(text.as_bytes());
            spool.write_all(text.as_bytes())?;
        }
    }
    done.differs = same.differ();
    done.spool = spool;
    Ok(done)
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Prints diagnostics of a piece (piece offsets) on standard error as
/// `path:line:col: error[CODE]: message`, one a line, within the file's `cap`.
pub fn report<'d>(
    name: &str,
    piece: &ReadPiece,
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    cap: &mut ErrorCap,
) {
    let index = LineIndex::at(piece.decoded.shown(), piece.start);
    let mut stderr = io::stderr().lock();
    let name = output::safe(name);
    for d in diagnostics {
        if !cap.admit(d.severity) {
            continue;
        }
        let kind = if d.is_error() { "error" } else { "warning" };
        let at = index.line_col(d.span.start + piece.start.offset);
        let _ = writeln!(stderr, "{name}:{at}: {kind}[{}]: {}", d.code, output::safe(&d.message));
    }
}

/// Prints the closing line of a file's capped report, if any was left out.
pub fn report_omitted(name: &str, cap: &ErrorCap) {
    if let Some(line) = cap.omitted_line(name) {
        let _ = io::stderr().lock().write_all(line.as_bytes());
    }
}

/// How much of a command's output is held in memory before it goes to a temporary file.
pub const SPOOL_BYTES: usize = 8 << 20;

/// The output of one input, held until the input is known to be writable.
pub struct Spool(tempfile::SpooledTempFile);

impl Spool {
    /// An empty spool.
    pub fn new() -> Spool {
        Spool(tempfile::SpooledTempFile::new(SPOOL_BYTES))
    }

    /// Copies everything written to `out`.
    pub fn copy_to(mut self, out: &mut impl Write) -> io::Result<()> {
        self.0.rewind()?;
        io::copy(&mut self.0, out)?;
        Ok(())
    }
}

impl Write for Spool {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Whether two byte streams, given a part at a time (not in the same parts), are the same:
/// what `fmt` uses to know whether its output differs from the input, holding no more than
/// the part of one stream ahead of the other.
#[derive(Debug, Default)]
pub struct Same {
    left: Vec<u8>,
    right: Vec<u8>,
    differs: bool,
}

impl Same {
    /// More of the first stream.
    pub fn left(&mut self, bytes: &[u8]) {
        if !self.differs {
            self.left.extend_from_slice(bytes);
            self.settle();
        }
    }

    /// More of the second stream.
    pub fn right(&mut self, bytes: &[u8]) {
        if !self.differs {
            self.right.extend_from_slice(bytes);
            self.settle();
        }
    }

    fn settle(&mut self) {
        let common = self.left.len().min(self.right.len());
        if self.left[..common] != self.right[..common] {
            self.differs = true;
            (self.left, self.right) = (Vec::new(), Vec::new());
            return;
        }
        self.left.drain(..common);
        self.right.drain(..common);
    }

    /// Whether the two streams, now ended, differ.
    pub fn differ(&self) -> bool {
        self.differs || !self.left.is_empty() || !self.right.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_compares_streams_cut_anywhere() {
        let a = b"[Variant \"C'escacs\"]\n\n1. E7-E13 :\n*\n";
        for cut in 0..=a.len() {
            for other in 0..=a.len() {
                let mut same = Same::default();
                same.left(&a[..cut]);
                same.right(&a[..other]);
                same.left(&a[cut..]);
                same.right(&a[other..]);
                assert!(!same.differ(), "{cut} {other}");
            }
        }
        let mut same = Same::default();
        same.left(b"abc");
        same.right(b"ab");
        assert!(same.differ(), "one is longer");
        let mut same = Same::default();
        same.left(b"ab");
        same.right(b"ax");
        same.right(b"");
        assert!(same.differ());
    }
}

#[cfg(test)]
mod selection_tests {
    use super::*;

    #[test]
    fn games_are_selected_by_number_and_by_every_tag_filter() {
        let text = "[Variant \"C'escacs\"] [White \"Puig, Anna\"] [Round \"3\"] 1. E7-E13: *";
        let game = &ctl_an::parse_file(text).file.games[0];
        let select = |game_n: Option<u32>, filters: &[&str]| Selection {
            game: game_n,
            filters: filters.iter().map(|f| TagFilter::parse(f).unwrap()).collect(),
        };
        assert!(select(None, &[]).selects(7, game));
        assert!(select(Some(2), &[]).selects(2, game) && !select(Some(2), &[]).selects(1, game));
        assert!(select(None, &["White=Puig*"]).selects(1, game));
        assert!(select(None, &["White=Puig*", "Round=?"]).selects(1, game));
        assert!(!select(None, &["White=Puig*", "Round=4"]).selects(1, game), "all must match");
        assert!(!select(None, &["White=puig*"]).selects(1, game), "case-sensitive");
        assert!(!select(None, &["Black=*"]).selects(1, game), "a missing tag matches nothing");
        assert!(TagFilter::parse("=x").is_err() && TagFilter::parse("White").is_err());
        assert!(select(Some(3), &[]).done_after(3) && !select(None, &["Round=3"]).done_after(9));
    }
}
