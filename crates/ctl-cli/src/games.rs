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

pub mod batches;
mod criteria;
mod glob;
mod tags;
pub use criteria::Criteria;
use glob::Glob;
pub use tags::tag_value;

/// Which games of each input a command reads: `--game N[,M..]` and `--where COND`, in the
/// spirit of pgn-extract's selection. The same options, read the same way, in every command
/// that reads games (`check`, `fmt`, `filter`, `convert`, `replay`, `board`, `html`); `filter`
/// adds its [`Criteria`]. A [`Chooser`] applies them, game after game.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Selection {
    /// Only these games of each file (from 1, in file order): `--game 3`, `--game 1,4,7`.
    #[arg(long, value_name = "N[,M..]", value_delimiter = ',',
          value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Vec<u32>,

    /// Only the games whose tags meet COND: `TAG=GLOB` (`*` any characters, `/` included, `?`
    /// any one, every other character itself; tag names and values ignore case), `!TAG=GLOB` (not so; a missing tag matches no glob), several
    /// joined by `|` (any one of them), such as `--where 'White=puig*|Black=puig*'`. Given
    /// more than once, every one must hold.
    #[arg(long = "where", value_name = "COND", value_parser = Condition::parse)]
    pub filters: Vec<Condition>,

    /// Make `--where` (and `filter --player`) globs match letter case exactly.
    #[arg(long)]
    pub match_case: bool,
}

/// One `--where` condition: alternatives of which one must hold.
#[derive(Debug, Clone)]
pub struct Condition {
    /// `TAG=GLOB` or `!TAG=GLOB`, any one of which holds.
    pub any: Vec<TagTest>,
}

/// One `[!]TAG=GLOB` of a [`Condition`].
#[derive(Debug, Clone)]
pub struct TagTest {
    /// Written with `!`: holds when the tag is missing or its value does not match.
    pub negated: bool,
    /// The tag's name.
    pub tag: String,
    /// The pattern its value must match.
    pub glob: String,
}

impl Condition {
    /// Reads `[!]TAG=GLOB[|[!]TAG=GLOB..]`.
    pub fn parse(text: &str) -> Result<Condition, String> {
        let any = text
            .split('|')
            .map(|part| {
                let part = part.trim();
                let (negated, rest) = match part.strip_prefix('!') {
                    Some(rest) => (true, rest),
                    None => (false, part),
                };
                match rest.split_once('=') {
                    Some((tag, glob)) if !tag.trim().is_empty() => {
                        Ok(TagTest { negated, tag: tag.trim().to_string(), glob: glob.to_string() })
                    }
                    _ => Err(format!(
                        "expected TAG=GLOB, !TAG=GLOB or several joined by `|`, \
                         such as `White=Puig*|Black=Puig*`, found `{part}`"
                    )),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Condition { any })
    }
}

/// A `--where` condition ready to match.
struct Compiled {
    any: Vec<(bool, String, Glob)>,
}

impl Compiled {
    fn holds(&self, game: &ctl_an::syntax::Record) -> bool {
        self.any.iter().any(|(negated, tag, glob)| {
            tag_value(game, tag).is_some_and(|v| glob.matches(v)) != *negated
        })
    }
}

impl Selection {
    /// Whether every game is selected.
    pub fn is_all(&self) -> bool {
        self.game.is_empty() && self.filters.is_empty()
    }
}

/// Applies a [`Selection`] (and `filter`'s [`Criteria`]) to the games of a run, input after
/// input, and counts what it saw: the one place that decides which games a command reads and
/// that says, in one warning line, when none was selected.
pub struct Chooser {
    game: Vec<u32>,
    conditions: Vec<Compiled>,
    criteria: Option<criteria::Compiled>,
    restricted: bool,
    /// The inputs started.
    inputs: usize,
    /// The name of the last input started.
    last: String,
    /// Games seen in the last input, and in all.
    in_last: usize,
    seen: usize,
    /// Games selected in all.
    pub selected: usize,
    /// An input could not be read whole (reported as errors): "nothing selected" would mislead.
    broken: bool,
}

impl Chooser {
    /// A chooser of the games `selection` selects.
    pub fn new(selection: &Selection) -> Chooser {
        let conditions = selection
            .filters
            .iter()
            .map(|c| Compiled {
                any: c
                    .any
                    .iter()
                    .map(|t| (t.negated, t.tag.clone(), Glob::new(&t.glob, selection.match_case)))
                    .collect(),
            })
            .collect();
        Chooser {
            game: selection.game.clone(),
            conditions,
            criteria: None,
            restricted: !selection.is_all(),
            inputs: 0,
            last: String::new(),
            in_last: 0,
            seen: 0,
            selected: 0,
            broken: false,
        }
    }

    /// A chooser of the games `selection` selects that also meet `criteria` (`filter`); an
    /// error when a criterion cannot be read (a `--reaches` position).
    pub fn with_criteria(selection: &Selection, criteria: &Criteria) -> Result<Chooser, String> {
        let mut chooser = Chooser::new(selection);
        let compiled = criteria::Compiled::new(criteria, selection.match_case)?;
        chooser.restricted |= compiled.restricts();
        chooser.criteria = Some(compiled);
        Ok(chooser)
    }

    /// A new input starts: game numbers start again from 1.
    pub fn start(&mut self, input: &Input) {
        self.inputs += 1;
        self.last = input.display();
        self.in_last = 0;
    }

    /// Whether game `number` (from 1) of the current input, `game` (its spans into `text`), is
    /// selected. Every game of the input is offered, in order.
    pub fn choose(&mut self, number: usize, game: &ctl_an::syntax::Record, text: &str) -> bool {
        self.in_last = self.in_last.max(number);
        self.seen += 1;
        let chosen = (self.game.is_empty() || self.game.iter().any(|&n| n as usize == number))
            && self.conditions.iter().all(|c| c.holds(game))
            && self.criteria.as_mut().is_none_or(|c| c.holds(game, text));
        self.selected += usize::from(chosen);
        chosen
    }

    /// The current input has errors that keep its games from being offered (reported as
    /// errors): the run does not say that nothing was selected.
    pub fn broken(&mut self) {
        self.broken = true;
    }

    /// Whether no game after game `number` of the current input can be selected.
    pub fn done_after(&self, number: usize) -> bool {
        self.game.iter().max().is_some_and(|&n| number >= n as usize)
    }

    /// The line that says no game was selected, when a selection was given and none was.
    pub fn none_selected(&self) -> Option<String> {
        if !self.restricted || self.selected > 0 || self.inputs == 0 || self.broken {
            return None;
        }
        let name = output::safe(&self.last);
        Some(match (self.inputs, self.game.as_slice()) {
            (1, &[n]) if self.in_last < n as usize => {
                format!("`{name}` has {} game(s), no game {n}", self.in_last)
            }
            (1, _) if self.seen == 0 => format!("`{name}` has no game"),
            (1, _) => format!("no game of `{name}` ({} in all) is selected", self.seen),
            (files, _) => format!("no game of {files} files ({} in all) is selected", self.seen),
        })
    }

    /// Ends the run: says on standard error, one line each, that no game was selected and how
    /// many duplicate games `--unique` dropped. Nothing selected is not an error: every
    /// command then exits as it would have with nothing to do (status 0 unless an input
    /// could not be read).
    pub fn finish(&self) {
        let mut stderr = io::stderr().lock();
        if let Some(dropped) = self.criteria.as_ref().and_then(criteria::Compiled::duplicates) {
            let _ = writeln!(
                stderr,
                "{} dropped: the same main line as an earlier game",
                output::plural(dropped, "duplicate game", "duplicate games")
            );
        }
        if let Some(line) = self.none_selected() {
            let _ = writeln!(stderr, "warning: {line}");
        }
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
        self.numbered().map(|(_, n, g)| (n, g))
    }

    /// The games of the piece, each with its place in [`ReadPiece::records`] and its number in
    /// the input.
    pub fn numbered(&self) -> impl Iterator<Item = (usize, usize, &GameOutput)> {
        self.records
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.game.is_empty())
            .zip(self.first_game..)
            .map(|((at, g), n)| (at, n, g))
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
        let read = ReadPiece::read(piece?, &limits, next_game);
        next_game += read.game_count();
        Ok(read)
    }))
}

impl ReadPiece {
    /// A piece of a stream decoded and parsed within `limits`; its first game is game
    /// `first_game` of its input.
    fn read(piece: StreamPiece, limits: &Limits, first_game: usize) -> ReadPiece {
        let StreamPiece { start, bytes } = piece;
        let decoded = input::decode(bytes.clone());
        let records: Vec<GameOutput> = ctl_an::games_with(&decoded.text, limits).collect();
        ReadPiece { start, bytes, decoded, records, first_game }
    }
}

/// A game found by [`find_game`]: its input, the piece that holds it, and its number.
pub type Found<'i> = (&'i Input, ReadPiece, usize);

/// The piece of `inputs` that holds the first game `chooser` selects, with its input and that
/// game's number, read game by game (memory bounded by the largest game); `None` when no game is
/// selected (said on standard error by [`Chooser::finish`]).
pub fn find_game<'i>(
    inputs: &'i [Input],
    chooser: &mut Chooser,
) -> Result<Option<Found<'i>>, (String, io::Error)> {
    for input in inputs {
        chooser.start(input);
        let fail = |e| (input.display(), e);
        for piece in pieces(input, Limits::DEFAULT).map_err(fail)? {
            let piece = piece.map_err(fail)?;
            let text = &piece.decoded.text;
            let found = piece.games().find(|(n, g)| chooser.choose(*n, &g.game, text));
            if let Some((n, _)) = found {
                return Ok(Some((input, piece, n)));
            }
            if chooser.done_after(piece.first_game + piece.game_count() - 1) {
                break;
            }
        }
    }
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
    /// The games written, in order: where each is in the spool.
    pub games: Vec<WrittenGame>,
}

/// One game written to a [`Spool`] by [`rewrite`].
pub struct WrittenGame {
    /// Its number in its input (from 1).
    pub number: usize,
    /// Its bytes in the spool (without the blank line before it).
    pub range: std::ops::Range<u64>,
    /// Its players, `White-Black` as tags give them (`?` for a missing one): what names the
    /// file of `filter --split`.
    pub players: String,
}

/// Reads `input` piece by piece within `limits`, reports what keeps a piece from being
/// written (within `cap`), and writes the games of every piece that `chooser` selects, transformed by `transform`,
/// in the canonical layout (one blank line between games) to a [`Spool`]. The
/// transformation's diagnostics (spans into the piece's text) are reported too. After a broken
/// piece nothing more is written, but the rest is still read and reported.
pub fn rewrite(
    input: &Input,
    limits: Limits,
    options: WriteOptions,
    chooser: &mut Chooser,
    cap: &mut ErrorCap,
    transform: impl Fn(File) -> Converted,
) -> io::Result<Rewritten> {
    chooser.start(input);
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
        games: Vec::new(),
    };
    let mut at = 0u64;
    for piece in pieces(input, limits)? {
        let piece = piece?;
        let unwritable = piece.unwritable();
        if !unwritable.is_empty() {
            done.broken = true;
            chooser.broken();
            report(&name, &piece, &unwritable, cap);
        }
        if done.broken {
            continue;
        }
        same.left(&piece.bytes);
        done.crlf |= piece.bytes.contains(&b'\r');
        done.bom |= piece.start.offset == 0 && piece.bytes.starts_with(BOM);
        let text = &piece.decoded.text;
        let chosen: Vec<(usize, ctl_an::syntax::Record)> = piece
            .games()
            .filter(|(n, g)| chooser.choose(*n, &g.game, text))
            .map(|(n, g)| (n, g.game.clone()))
            .collect();
        let numbers: Vec<usize> = chosen.iter().map(|(n, _)| *n).collect();
        let converted = transform(File { games: chosen.into_iter().map(|(_, g)| g).collect() });
        report(&name, &piece, &converted.diagnostics, cap);
        done.errors += converted.diagnostics.iter().filter(|d| d.is_error()).count();
        for (game, number) in converted.file.games.iter().zip(numbers) {
            if games > 0 {
                same.right(b"\n");
                spool.write_all(b"\n")?;
                at += 1;
            }
            let text = write_game(game, options);
            games += 1;
            same.right(text.as_bytes());
            spool.write_all(text.as_bytes())?;
            let players = ["White", "Black"].map(|t| tag_value(game, t).unwrap_or("?")).join("-");
            let range = at..at + text.len() as u64;
            at = range.end;
            done.games.push(WrittenGame { number, range, players });
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

    /// Copies the bytes `range` of what was written to `out`.
    pub fn copy_range(
        &mut self,
        range: std::ops::Range<u64>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        self.0.seek(io::SeekFrom::Start(range.start))?;
        io::copy(&mut io::Read::take(&mut self.0, range.end - range.start), out)?;
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
    fn games_are_selected_by_number_and_by_every_condition() {
        let text = "[Variant \"C'escacs\"] [White \"Puig, Anna\"] [Round \"3\"] 1. E7-E13: *";
        let game = &ctl_an::parse_file(text).file.games[0];
        let select = |games: &[u32], filters: &[&str], match_case: bool, number: usize| {
            let selection = Selection {
                game: games.to_vec(),
                filters: filters.iter().map(|f| Condition::parse(f).unwrap()).collect(),
                match_case,
            };
            let mut chooser = Chooser::new(&selection);
            chooser.start(&Input::Stdin);
            chooser.choose(number, game, text)
        };
        assert!(select(&[], &[], false, 7));
        assert!(select(&[2], &[], false, 2) && !select(&[2], &[], false, 1));
        assert!(select(&[1, 4], &[], false, 4) && !select(&[1, 4], &[], false, 3));
        assert!(select(&[], &["White=Puig*"], false, 1));
        assert!(select(&[], &["White=Puig*", "Round=?"], false, 1));
        assert!(!select(&[], &["White=Puig*", "Round=4"], false, 1), "all must hold");
        assert!(select(&[], &["white=puig*"], false, 1), "case ignored by default");
        assert!(!select(&[], &["White=puig*"], true, 1), "--match-case");
        assert!(!select(&[], &["Black=*"], false, 1), "a missing tag matches no glob");
        assert!(select(&[], &["!Black=*"], false, 1), "not so");
        assert!(!select(&[], &["!White=Puig*"], false, 1));
        assert!(select(&[], &["Black=Puig*|White=Puig*"], false, 1), "either");
        assert!(!select(&[], &["Black=Puig*|Round=4"], false, 1));
        assert!(Condition::parse("=x").is_err() && Condition::parse("White").is_err());
        assert!(Condition::parse("White=a|Black").is_err());
    }

    #[test]
    fn reading_may_stop_after_the_last_game_asked_for() {
        let chooser = |games: &[u32]| {
            Chooser::new(&Selection { game: games.to_vec(), ..Selection::default() })
        };
        assert!(chooser(&[3]).done_after(3) && !chooser(&[3, 9]).done_after(3));
        assert!(!chooser(&[]).done_after(1_000));
    }

    #[test]
    fn nothing_selected_is_one_line_for_the_run() {
        let text = "[Variant \"C'escacs\"] 1. E7-E13: *";
        let game = &ctl_an::parse_file(text).file.games[0];
        let mut nine = Chooser::new(&Selection { game: vec![9], ..Selection::default() });
        assert_eq!(nine.none_selected(), None, "no input yet");
        nine.start(&Input::File("a.ctl-pgn".into()));
        assert!(!nine.choose(1, game, text) && !nine.choose(2, game, text));
        assert_eq!(nine.none_selected().as_deref(), Some("`a.ctl-pgn` has 2 game(s), no game 9"));
        nine.start(&Input::File("b.ctl-pgn".into()));
        assert!(!nine.choose(1, game, text));
        assert_eq!(
            nine.none_selected().as_deref(),
            Some("no game of 2 files (3 in all) is selected")
        );
        assert!(nine.choose(9, game, text));
        assert_eq!(nine.none_selected(), None);
        let mut all = Chooser::new(&Selection::default());
        all.start(&Input::Stdin);
        assert_eq!(all.none_selected(), None, "no selection, nothing to say");
    }
}
