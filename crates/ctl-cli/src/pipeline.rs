//! The engine of `cescacs check`: every input read as a stream of games, checked in parallel,
//! reported in input order.
//!
//! One thread reads: it splits each input into chunks of one game each
//! ([`ctl_pgn::reader::Chunks`], which keeps every chunk's offset, line and column in its file)
//! and gathers them into batches of about [`BATCH_BYTES`], the bytes of a batch's chunks back to
//! back in one buffer (no vector per game). The chunks of a batch are checked in parallel
//! (rayon) while the next batch is read and the reports of the one before are written, in input
//! order. The first batches are smaller, so that every thread has work soon after the start.
//! Memory is bounded by three batches and the largest game, whatever the size of a file; the
//! output does not depend on the number of threads.

use std::io::{self, Read, Write};
use std::ops::Range;
use std::time::{Duration, Instant};

use cescacs_diagnostics::{Diagnostic, Severity};
use cescacs_toolkit::check::{self, Tally, severity_of};
use ctl_pgn::ParsedGame;
use ctl_pgn::reader::{Chunks, TextStart};
use ctl_pgn::render::{
    DocumentWriter, ErrorCap, JsonDiagnostic, JsonLine, LineIndex, PositionEncoding, Summary,
    TextRenderer, chunk_json, file_uri,
};
use ctl_pgn::validate;
use ctl_pgn::{Check, Stats};
use rayon::prelude::*;

use crate::code_filter::CodeFilter;
use crate::games::Chooser;
use crate::input::Input;
use crate::output::Progress;

/// About how many bytes of games a batch holds: enough for every thread to have many games.
pub const BATCH_BYTES: usize = 1 << 20;

/// About how many bytes the first batch holds, read before any thread has work: each batch
/// after it holds twice as many as the one before, up to [`BATCH_BYTES`] (reading a batch costs
/// far less than checking the one before it, so the threads never wait for the reader).
const FIRST_BATCH_BYTES: usize = 1 << 15;

/// At most how many chunks of a batch one thread checks as a run no other thread can take
/// part of. rayon otherwise cuts a batch into a few long runs, and at the end of the batch the
/// threads whose runs are done wait for the last one (measured: 4.5 % of the wall time of two
/// threads idle on 21.8 MB of games, 2.1 % with runs of at most four; the cut costs nothing
/// measurable on one thread).
const MAX_PIECES_UNSHARED: usize = 4;

/// What to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// ariadne reports, coloured or not.
    Text {
        /// ANSI colours.
        color: bool,
    },
    /// One JSON document.
    Json,
    /// One JSON diagnostic per line.
    Jsonl,
    /// One line per diagnostic, `path:line:col: CODE message`, as ruff and gcc print them.
    Concise,
}

/// How to check and report.
#[derive(Debug, Clone)]
pub struct How {
    /// Text or JSON.
    pub output: Output,
    /// The unit of JSON columns.
    pub encoding: PositionEncoding,
    /// How deep to check.
    pub level: validate::Level,
    /// Whether the JSON document gets the `"stats"` of the run.
    pub stats: bool,
    /// How many diagnostics of a file to write (`--max-errors`).
    pub cap: ErrorCap,
    /// Which codes to report (`--select`, `--ignore`).
    pub codes: CodeFilter,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Totals over the files checked.
    pub summary: Summary,
    /// Whether an input could not be read.
    pub io_failure: bool,
    /// Which path read how many games, and how long each took.
    pub paths: Stats,
    /// Time spent reading the inputs and cutting them into games.
    pub read_time: Duration,
    /// Time spent rendering the reports.
    pub render_time: Duration,
    /// Diagnostics not written, past the cap of their file.
    pub omitted: usize,
}

impl Outcome {
    /// The `"stats"` member of the JSON document: the games each path read and the seconds of
    /// each stage (docs/JSON.md).
    pub fn stats_json(&self) -> serde_json::Value {
        let s = self.paths;
        serde_json::json!({
            "games": self.summary.games,
            "fast_path_games": s.fast_path_games,
            "full_path_games": s.full_path_games,
            "seconds": {
                "read": self.read_time.as_secs_f64(),
                "fast_path": s.fast_time.as_secs_f64(),
                "full_path": s.full_time.as_secs_f64(),
                "render": self.render_time.as_secs_f64(),
            },
        })
    }
}

/// One input as reports name it.
struct Named {
    /// The path as given, or `<stdin>` (JSON output).
    path: String,
    /// The path as text reports show it (`Input::display`).
    shown: String,
    /// The path as concise lines start with it (`output::concise_name`).
    concise: String,
    /// Its URI.
    uri: String,
}

/// One thing the reading thread hands over, in input order.
enum Item {
    /// An input starts.
    Start(usize),
    /// A chunk of an input: the input, where the chunk starts in it, and its bytes in the
    /// batch's buffer.
    Chunk(usize, TextStart, Range<usize>),
    /// The input ends.
    End,
    /// The input could not be (wholly) read.
    Failed(String),
}

/// What the reading thread hands over at once: items, and the bytes of their chunks.
#[derive(Default)]
struct Batch {
    items: Vec<Item>,
    bytes: Vec<u8>,
}

/// The reading side: inputs opened one after the other, split into chunks.
struct Producer<'a> {
    inputs: &'a [Input],
    /// The next input to open.
    next: usize,
    /// The input being read.
    current: Option<(usize, Chunks<Box<dyn Read + Send>>)>,
    /// About how many bytes the next batch holds.
    batch_bytes: usize,
}

impl Producer<'_> {
    /// The next items, about [`Producer::batch_bytes`] of chunks; empty at the end. `spare` is
    /// a batch already written, whose vectors are used again.
    fn batch(&mut self, spare: Batch) -> Batch {
        let Batch { mut items, mut bytes } = spare;
        items.clear();
        bytes.clear();
        let wanted = self.batch_bytes;
        self.batch_bytes = (wanted * 2).min(BATCH_BYTES);
        while bytes.len() < wanted {
            let Some((index, chunks)) = &mut self.current else {
                let Some(input) = self.inputs.get(self.next) else { break };
                let index = self.next;
                self.next += 1;
                match input.open() {
                    Ok(reader) => {
                        items.push(Item::Start(index));
                        self.current = Some((index, Chunks::new(reader)));
                    }
                    Err(e) => {
                        items.push(Item::Failed(crate::output::cannot_read(input.display(), e)))
                    }
                }
                continue;
            };
            let index = *index;
            let before = bytes.len();
            match chunks.next_into(&mut bytes) {
                Some(Ok(start)) => items.push(Item::Chunk(index, start, before..bytes.len())),
                Some(Err(e)) => {
                    // Bytes read before the error belong to no chunk.
                    bytes.truncate(before);
                    let name = self.inputs[index].display();
                    items.push(Item::Failed(crate::output::cannot_read(name, e)));
                    items.push(Item::End);
                    self.current = None;
                }
                None => {
                    items.push(Item::End);
                    self.current = None;
                }
            }
        }
        Batch { items, bytes }
    }
}

/// A checked item, ready to be written.
enum Done {
    Start(usize),
    Chunk(usize, Checked),
    End,
    Failed(String),
}

/// One chunk checked: its reports, and what it held.
#[derive(Default)]
struct Checked {
    /// ariadne reports (text output), each with its severity.
    text: Vec<(Severity, String)>,
    /// Errors and warnings past the cap, neither rendered nor kept (the cap is per file, so a
    /// chunk keeps at most that many).
    omitted: (usize, usize),
    /// The diagnostics (JSON output), with game numbers counted within the chunk.
    json: Vec<JsonDiagnostic>,
    /// Games, plies, errors and warnings (`files` is 0).
    counts: Summary,
    /// Games of the chunk, selected or not (what the games of the next chunk are numbered after).
    numbered: usize,
    /// Bytes of the chunk.
    bytes: u64,
    /// Which path read its games, and how long each took.
    stats: Stats,
    /// How long rendering its reports took.
    render_time: Duration,
}

/// Checks every input and writes the reports to `out`: text reports or JSON lines as they come,
/// or one JSON document. Runs on the current rayon pool.
pub fn run(
    inputs: &[Input],
    how: How,
    progress: &mut Progress,
    out: &mut (impl Write + Send),
) -> io::Result<Outcome> {
    let named = names(inputs);
    let mut producer = Producer { inputs, next: 0, current: None, batch_bytes: FIRST_BATCH_BYTES };
    let mut writer = Writer::new(how.clone(), &named, out)?;
    let mut read_time = Duration::ZERO;
    let timed_batch = |producer: &mut Producer<'_>, spare: Batch| {
        let started = Instant::now();
        let batch = producer.batch(spare);
        (batch, started.elapsed())
    };
    let (mut batch, took) = timed_batch(&mut producer, Batch::default());
    read_time += took;
    let mut spare = Batch::default();
    // The batch checked last, written while the next one is checked and the one after it read:
    // no thread waits for the writing between two batches.
    let mut checked: Vec<Done> = Vec::new();
    while !batch.items.is_empty() {
        let (done, (written, next, took)) = rayon::join(
            || {
                let bytes = &batch.bytes;
                let check = |item: &Item| check_item(item, bytes, &named, &how);
                batch
                    .items
                    .par_iter()
                    .with_max_len(MAX_PIECES_UNSHARED)
                    .map(check)
                    .collect::<Vec<_>>()
            },
            || {
                let written = checked.drain(..).try_for_each(|item| writer.write(item, progress));
                let (next, took) = timed_batch(&mut producer, spare);
                (written, next, took)
            },
        );
        written?;
        read_time += took;
        checked = done;
        spare = std::mem::replace(&mut batch, next);
    }
    for item in checked {
        writer.write(item, progress)?;
    }
    writer.outcome.read_time = read_time;
    writer.finish()
}

/// How reports name each input.
fn names(inputs: &[Input]) -> Vec<Named> {
    inputs
        .iter()
        .map(|input| Named {
            path: input.path_text(),
            shown: input.display(),
            concise: crate::output::concise_name(&input.path_text()),
            uri: match input {
                Input::Stdin => "untitled:stdin".to_string(),
                // From the path itself, not its display form, which loses non-UTF-8 names.
                Input::File(path) => file_uri(path),
            },
        })
        .collect()
}

/// Checks an item whose chunks are in `bytes`.
fn check_item(item: &Item, bytes: &[u8], named: &[Named], how: &How) -> Done {
    match item {
        Item::Start(i) => Done::Start(*i),
        Item::Chunk(i, start, range) => {
            Done::Chunk(*i, check_chunk(&bytes[range.clone()], *start, &named[*i], how))
        }
        Item::End => Done::End,
        Item::Failed(message) => Done::Failed(message.clone()),
    }
}

/// Checks one chunk of an input, which starts at `start` ([`check::chunk`]: the fast try, the
/// full way, the codes kept) and renders what it found.
fn check_chunk(chunk: &[u8], start: TextStart, named: &Named, how: &How) -> Checked {
    let bytes = chunk.len() as u64;
    let found = check::chunk(&Check::new(how.level), chunk, |code| how.codes.keeps(code));
    let stats = found.chunk.checked.stats;
    let numbered = found.chunk.checked.games;
    let mut checked =
        Checked { counts: found.counts, numbered, bytes, stats, ..Checked::default() };
    // Only a chunk read the full way has something to report, and its decoded text.
    let Some(decoded) = &found.chunk.decoded else { return checked };
    let (shown, omitted) = found.shown(how.cap.max());
    if shown.is_empty() && omitted == (0, 0) {
        return checked;
    }
    checked.omitted = omitted;
    let read = &found.chunk.checked.read;
    render(shown, read, decoded.shown(), start, named, how, &mut checked);
    checked
}

/// Renders `shown`, diagnostics of a chunk (sorted, chunk offsets), into `checked`: `read` are
/// the games of the chunk read the full way (the JSON names each diagnostic's game), `text` its
/// text as reports show it, `start` where it starts.
fn render(
    shown: &[Diagnostic],
    read: &[ParsedGame],
    text: &str,
    start: TextStart,
    named: &Named,
    how: &How,
    checked: &mut Checked,
) {
    let started = Instant::now();
    match how.output {
        Output::Text { color } => {
            let renderer = TextRenderer::at(&named.shown, text, start, color);
            for d in shown {
                let d = d.clone().shifted(start.offset);
                checked.text.push((d.severity, renderer.render(&d)));
            }
        }
        Output::Concise => {
            let index = LineIndex::at(text, start);
            let path = &named.concise;
            for d in shown {
                let at = index.line_col(d.span.start + start.offset);
                // On one line whatever it quotes: a line is a diagnostic.
                let message = cescacs_diagnostics::terminal::one_line(&d.message);
                checked.text.push((d.severity, format!("{path}:{at}: {} {message}\n", d.code)));
            }
        }
        Output::Json | Output::Jsonl => {
            checked.json = chunk_json(shown, read, text, start, &named.uri, how.encoding);
        }
    }
    checked.render_time += started.elapsed();
}

/// Checks the games of every input that `selection` selects, one after the other (the game
/// numbers and tags of a selection are known only in file order), each read the full way
/// ([`Check::games`]), and writes their reports as [`run`] does: spans, lines and game numbers
/// are those of the whole file. The text around games belongs to no game: it is not reported.
/// When no game at all is selected, [`Chooser::finish`] says so.
pub fn run_selected(
    inputs: &[Input],
    how: How,
    chooser: &mut Chooser,
    progress: &mut Progress,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    let named = names(inputs);
    let mut writer = Writer::new(how.clone(), &named, out)?;
    let check = Check { fast: false, ..Check::new(how.level) };
    let started = Instant::now();
    for (i, input) in inputs.iter().enumerate() {
        let chunks = match input.open() {
            Ok(reader) => Chunks::new(reader),
            Err(e) => {
                let message = crate::output::cannot_read(input.display(), e);
                writer.write(Done::Failed(message), progress)?;
                continue;
            }
        };
        writer.write(Done::Start(i), progress)?;
        chooser.start(input);
        let mut number = 0;
        for chunk in chunks {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(e) => {
                    let message = crate::output::cannot_read(input.display(), e);
                    writer.write(Done::Failed(message), progress)?;
                    break;
                }
            };
            let mut checked = Checked { bytes: chunk.bytes.len() as u64, ..Checked::default() };
            let decoded = crate::input::decode(chunk.bytes);
            let (mut found, mut read) = (Vec::new(), Vec::new());
            let mut games = check.games(&decoded.text);
            for record in games.by_ref() {
                let Some(game) = record.game else { continue };
                number += 1;
                checked.numbered += 1;
                if chooser.choose(number, game.syntax(), &decoded.text) {
                    // The encoding's notes about the game, as `replay` takes them.
                    found.extend(decoded.notes_within(record.span).iter().cloned());
                    found.extend(record.diagnostics);
                    checked.counts.games += 1;
                    checked.counts.plies += record.plies;
                }
                read.push(game);
            }
            checked.stats = games.stats();
            found.retain(|d| how.codes.keeps(d.code));
            Diagnostic::sort(&mut found);
            checked.counts.errors = found.iter().filter(|d| d.is_error()).count();
            checked.counts.warnings = found.len() - checked.counts.errors;
            if !found.is_empty() {
                let (shown, omitted) = check::shown(&found, how.cap.max());
                checked.omitted = omitted;
                render(shown, &read, decoded.shown(), chunk.start, &named[i], &how, &mut checked);
            }
            writer.write(Done::Chunk(i, checked), progress)?;
            if chooser.done_after(number) {
                break;
            }
        }
        writer.write(Done::End, progress)?;
    }
    writer.outcome.read_time = started.elapsed();
    writer.finish()
}

/// Writes checked items in input order, numbering games across the chunks of a file.
struct Writer<'a, W: Write> {
    how: How,
    named: &'a [Named],
    out: Option<&'a mut W>,
    document: Option<DocumentWriter<&'a mut W>>,
    /// The current file's games, counts, and diagnostics written and left out.
    file: Tally,
    /// The index of the current file.
    current: usize,
    outcome: Outcome,
    files_done: usize,
}

impl<'a, W: Write> Writer<'a, W> {
    fn new(how: How, named: &'a [Named], out: &'a mut W) -> io::Result<Writer<'a, W>> {
        let (out, document) = match how.output {
            Output::Json => (None, Some(DocumentWriter::new(out, how.encoding)?)),
            _ => (Some(out), None),
        };
        Ok(Writer {
            file: Tally::new(how.cap.max()),
            how,
            named,
            out,
            document,
            outcome: Outcome::default(),
            files_done: 0,
            current: 0,
        })
    }

    fn write(&mut self, item: Done, progress: &mut Progress) -> io::Result<()> {
        match item {
            Done::Start(i) => {
                self.file = Tally::new(self.how.cap.max());
                self.current = i;
                if let Some(document) = &mut self.document {
                    document.begin_file(&self.named[i].uri, &self.named[i].path)?;
                }
            }
            Done::Chunk(i, mut checked) => {
                self.file.number(checked.numbered, checked.counts, &mut checked.json);
                self.outcome.paths.absorb(checked.stats);
                self.outcome.render_time += checked.render_time;
                progress.suspend(|| self.write_chunk(i, &checked))?;
                progress.advance(checked.bytes, self.files_done);
            }
            Done::End => {
                let cap = self.file.cap;
                if let Some(document) = &mut self.document {
                    document.end_file_omitting(self.file.counts, cap.omitted())?;
                } else if let (Some(out), Output::Text { .. } | Output::Concise) =
                    (&mut self.out, self.how.output)
                {
                    let named = &self.named[self.current];
                    let name = match self.how.output {
                        Output::Concise => &named.concise,
                        _ => &named.shown,
                    };
                    if let Some(line) = cap.omitted_line(name) {
                        progress.suspend(|| out.write_all(line.as_bytes()))?;
                    }
                }
                self.outcome.omitted += cap.omitted();
                self.outcome.summary.absorb(self.file.counts);
                self.files_done += 1;
                progress.advance(0, self.files_done);
            }
            Done::Failed(message) => {
                progress.suspend(|| crate::output::error(&message));
                self.outcome.io_failure = true;
            }
        }
        Ok(())
    }

    fn write_chunk(&mut self, i: usize, checked: &Checked) -> io::Result<()> {
        let file = &mut self.file;
        let json = checked.json.iter().filter(|d| file.admit(severity_of(d)));
        if let Some(document) = &mut self.document {
            for d in json {
                document.diagnostic(d)?;
            }
            file.omit(checked.omitted);
            return Ok(());
        }
        let Some(out) = &mut self.out else { return Ok(()) };
        match self.how.output {
            Output::Text { .. } | Output::Concise => {
                for (severity, report) in &checked.text {
                    if file.admit(*severity) {
                        out.write_all(report.as_bytes())?;
                    }
                }
            }
            _ => {
                let named = &self.named[i];
                for d in json {
                    let line = JsonLine {
                        uri: named.uri.clone(),
                        path: named.path.clone(),
                        diagnostic: d.clone(),
                    };
                    // `From` keeps the kind of an I/O error (a broken pipe stays one).
                    serde_json::to_writer(&mut **out, &line).map_err(io::Error::from)?;
                    out.write_all(b"\n")?;
                }
            }
        }
        file.omit(checked.omitted);
        Ok(())
    }

    fn finish(self) -> io::Result<Outcome> {
        if let Some(document) = self.document {
            let stats = self.how.stats.then(|| self.outcome.stats_json());
            document.finish_with(stats.as_ref().map(|s| ("stats", s)))?;
        }
        Ok(self.outcome)
    }
}
