//! The per-game driver of the commands that read games and write or replay them (`fmt`,
//! `filter`, `convert`, `replay`, `board`): the game selection (`--game`, `--where`) and its
//! [`Chooser`], the inputs read game by game as the toolkit reads any text
//! ([`cescacs_toolkit::read`]), and their diagnostics reported on standard error.
//!
//! What a command writes goes first to a [`Spool`] (memory, then a temporary file past
//! [`SPOOL_BYTES`]): a file with syntax errors is never written, and that is known only at its
//! end.

use std::io::{self, Read, Seek, Write};

use cescacs_diagnostics::Diagnostic;
use cescacs_toolkit::format::{Rewrite, Rewritten, tag_value};
use cescacs_toolkit::read::{self, ReadChunk, ReadChunks};
use cescacs_toolkit::select::Select;
use ctl_an::syntax::File;
use ctl_an::{Limits, WriteOptions};
use ctl_pgn::convert::Converted;
use ctl_pgn::render::{ErrorCap, LineIndex};

use crate::input::Input;
use crate::output;

pub mod batches;
mod criteria;
mod glob;
pub use criteria::Criteria;
use glob::Glob;

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

    /// [`Chooser::with_criteria`] for a command: a criterion that cannot be read is reported
    /// and ends the command (status 2).
    pub fn for_command(
        selection: &Selection,
        criteria: &Criteria,
    ) -> Result<Chooser, std::process::ExitCode> {
        Chooser::with_criteria(selection, criteria).map_err(|e| {
            output::error(e);
            std::process::ExitCode::from(output::FAILURE)
        })
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

    /// Whether choosing a game needs its movetext (`filter`'s length, result, `--reaches` and
    /// `--unique`), not its tags alone (`--game`, `--where`, `--player`, dates).
    pub fn reads_movetext(&self) -> bool {
        self.criteria.as_ref().is_some_and(criteria::Compiled::reads_movetext)
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

impl Select for Chooser {
    fn choose(&mut self, number: usize, game: &ctl_an::syntax::Record, text: &str) -> bool {
        Chooser::choose(self, number, game, text)
    }

    fn done_after(&self, number: usize) -> bool {
        Chooser::done_after(self, number)
    }
}

/// The chunks of `input`, read within `limits`, one at a time.
pub fn chunks(input: &Input, limits: Limits) -> io::Result<ReadChunks<Box<dyn Read + Send>>> {
    Ok(read::chunks(input.open()?, limits))
}

/// A game found by [`find_game`]: its input, the chunk that holds it, and its number.
pub type Found<'i> = (&'i Input, ReadChunk, usize);

/// The chunk of `inputs` that holds the first game `chooser` selects, with its input and that
/// game's number, read game by game (memory bounded by the largest game); `None` when no game is
/// selected (said on standard error by [`Chooser::finish`]).
pub fn find_game<'i>(
    inputs: &'i [Input],
    chooser: &mut Chooser,
) -> Result<Option<Found<'i>>, (String, io::Error)> {
    for input in inputs {
        chooser.start(input);
        let fail = |e| (input.display(), e);
        for chunk in chunks(input, Limits::DEFAULT).map_err(fail)? {
            let chunk = chunk.map_err(fail)?;
            let text = &chunk.decoded.text;
            let found = chunk.games().find(|(n, g)| chooser.choose(*n, &g.game, text));
            if let Some((n, _)) = found {
                return Ok(Some((input, chunk, n)));
            }
            if chooser.done_after(chunk.first_game + chunk.game_count() - 1) {
                break;
            }
        }
    }
    Ok(None)
}

/// Reads `input` chunk by chunk within `limits` ([`Rewrite::run`]), reports what keeps a chunk
/// from being written and what `transform` says (within `cap`, on standard error), and writes
/// the games of every chunk that `chooser` selects, transformed, in the canonical layout (one
/// blank line between games) to a [`Spool`]: what `fmt`, `filter` and `convert` write.
pub fn rewrite(
    input: &Input,
    limits: Limits,
    options: WriteOptions,
    chooser: &mut Chooser,
    cap: &mut ErrorCap,
    transform: impl Fn(File) -> Converted,
) -> io::Result<(Rewritten, Spool)> {
    chooser.start(input);
    let name = input.display();
    let mut spool = Spool::new();
    let rewrite = Rewrite { limits, write: options, transform };
    let done = rewrite.run(input.open()?, chooser, &mut spool, |chunk, diagnostics| {
        report(&name, chunk, diagnostics, cap)
    })?;
    if done.broken {
        chooser.broken();
    }
    Ok((done, spool))
}

/// Prints diagnostics of a chunk (chunk offsets) on standard error as
/// `path:line:col: error[CODE]: message`, one a line, within the file's `cap`.
pub fn report<'d>(
    name: &str,
    chunk: &ReadChunk,
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    cap: &mut ErrorCap,
) {
    let index = LineIndex::at(chunk.decoded.shown(), chunk.start);
    let mut stderr = io::stderr().lock();
    let name = output::safe(name);
    for d in diagnostics {
        if !cap.admit(d.severity) {
            continue;
        }
        let kind = if d.is_error() { "error" } else { "warning" };
        let at = index.line_col(d.span.start + chunk.start.offset);
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
