//! `cescacs check`: read CTL-PGN files and report every problem, for people or for editors.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use cescacs_board::Span;
use ctl_an::syntax::{Game, Movetext, Ply};
use ctl_pgn::render::{
    Context, Document, FileDiagnostics, FileReport, PositionEncoding, Summary, file_uri,
    write_jsonl,
};

use ctl_pgn::validate;

use crate::input::{self, Decoded, Input};
use crate::output::{self, ColorChoice, Progress, plural};

const EXAMPLES: &str = "\
Examples:
  cescacs check game.ctl-pgn                  check one file
  cescacs check corpus/                       every *.ctl-pgn file below corpus/
  cescacs check --format json corpus/ > d.json   LSP-native JSON for an editor
  cescacs check --format jsonl --position-encoding utf-8 big/
  cat game.ctl-pgn | cescacs check -          read standard input

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 bad usage or unreadable files.";

/// Check CTL-PGN files: syntax and tags, board coherence (the spec's minimal reader), full rules.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// How deep to check. The default is the deepest level implemented.
    #[arg(long, value_enum, default_value_t = Level::DEEPEST_IMPLEMENTED)]
    pub level: Level,

    /// Output: ariadne reports for people, one JSON document, or one JSON diagnostic per line.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Unit of the JSON columns (LSP `positionEncoding`).
    #[arg(long, value_enum, default_value_t = Encoding::Utf16)]
    pub position_encoding: Encoding,

    /// Colour the text reports.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Files, directories (searched for `*.ctl-pgn`), or `-` for standard input.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

/// How deep `check` looks (decisions.md 6), shallowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum Level {
    /// Tokens and grammar.
    Syntax,
    /// Every move replayed on the board for algebraic coherence (the spec's minimal reader).
    Coherence,
    /// Full legality, check indicators verified.
    Rules,
}

impl Level {
    /// The default: the deepest level this build can check.
    pub const DEEPEST_IMPLEMENTED: Level = Level::Rules;

    fn name(self) -> &'static str {
        match self {
            Level::Syntax => "syntax",
            Level::Coherence => "coherence",
            Level::Rules => "rules",
        }
    }

    fn is_implemented(self) -> bool {
        self <= Level::DEEPEST_IMPLEMENTED
    }
}

impl From<Level> for validate::Level {
    fn from(level: Level) -> validate::Level {
        match level {
            Level::Syntax => validate::Level::Syntax,
            Level::Coherence => validate::Level::Coherence,
            Level::Rules => validate::Level::Rules,
        }
    }
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// ariadne reports on stdout, a summary line on stderr.
    Text,
    /// One JSON document for the whole run (docs/JSON.md).
    Json,
    /// One JSON diagnostic per line.
    Jsonl,
}

/// `--position-encoding` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Encoding {
    /// Bytes.
    #[value(name = "utf-8")]
    Utf8,
    /// UTF-16 code units (the LSP default).
    #[value(name = "utf-16")]
    Utf16,
    /// Unicode characters.
    #[value(name = "utf-32")]
    Utf32,
}

impl From<Encoding> for PositionEncoding {
    fn from(e: Encoding) -> PositionEncoding {
        match e {
            Encoding::Utf8 => PositionEncoding::Utf8,
            Encoding::Utf16 => PositionEncoding::Utf16,
            Encoding::Utf32 => PositionEncoding::Utf32,
        }
    }
}

/// Runs the command: exit 0 with no errors, 1 with errors, 2 on bad usage or I/O failure.
pub fn run(args: Args) -> ExitCode {
    if !args.level.is_implemented() {
        eprintln!(
            "error: level `{}` is not implemented yet (deepest implemented: `{}`)",
            args.level.name(),
            Level::DEEPEST_IMPLEMENTED.name()
        );
        return ExitCode::from(output::FAILURE);
    }
    let started = Instant::now();
    let (inputs, path_errors) = input::collect(&args.paths);
    let mut io_failure = !path_errors.is_empty();
    for e in &path_errors {
        eprintln!("error: cannot read `{}`: {}", e.path.display(), e.error);
    }
    let how = How {
        format: args.format,
        color: args.color.enabled(&io::stdout()),
        encoding: PositionEncoding::from(args.position_encoding),
        level: args.level.into(),
    };
    let mut document = Document::new(how.encoding);
    let mut summary = Summary::default();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let json = matches!(args.format, Format::Json | Format::Jsonl);
    let allowed =
        output::progress_allowed(io::stderr().is_terminal(), io::stdout().is_terminal(), json);
    let mut progress = Progress::new(allowed, inputs.len(), input::total_size(&inputs), started);
    let mut done = 0;
    // Batches bound the memory held for output that must wait for an earlier file.
    for batch in inputs.chunks(threads * 8) {
        for checked in check_all(batch, &how, threads) {
            if let Some(failure) = checked.failure {
                progress.clear();
                eprintln!("{failure}");
                io_failure = true;
                continue;
            }
            summary.absorb(checked.counts);
            if let Some(file) = checked.file {
                document.push_file(file, checked.counts);
            }
            if let Err(e) = progress.suspend(|| out.write_all(&checked.output)) {
                progress.clear();
                return write_failure(&e, &summary);
            }
        }
        done += batch.len();
        progress.advance(batch.iter().map(Input::size).sum(), done);
    }
    progress.clear();
    let finished = match args.format {
        Format::Json => out.write_all(document.to_json().as_bytes()),
        _ => Ok(()),
    }
    .and_then(|()| out.flush());
    if let Err(e) = finished {
        return write_failure(&e, &summary);
    }
    if inputs.is_empty() && path_errors.is_empty() {
        eprintln!("warning: no `*.{}` file found", input::EXTENSION);
    }
    eprintln!("{}", summary_line(&summary, started.elapsed().as_secs_f64()));
    output::exit_code(summary.errors, io_failure)
}

/// How to report.
struct How {
    format: Format,
    color: bool,
    encoding: PositionEncoding,
    /// How deep to check.
    level: validate::Level,
}

/// What checking one input gives, ready to be written in input order.
#[derive(Default)]
struct Checked {
    /// Text reports or JSON Lines.
    output: Vec<u8>,
    /// The entry of the JSON document.
    file: Option<FileDiagnostics>,
    /// Its counts.
    counts: Summary,
    /// Why it could not be read.
    failure: Option<String>,
}

/// Checks `inputs` on up to `threads` threads; the results come back in input order.
fn check_all(inputs: &[Input], how: &How, threads: usize) -> Vec<Checked> {
    let threads = threads.min(inputs.len());
    if threads <= 1 {
        return inputs.iter().map(|i| check_input(i, how)).collect();
    }
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, Checked)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(input) = inputs.get(i) else { break done };
                        done.push((i, check_input(input, how)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, checked)| checked).collect()
}

/// Reads, checks and renders one input.
fn check_input(input: &Input, how: &How) -> Checked {
    let bytes = match input.read() {
        Ok(bytes) => bytes,
        Err(e) => {
            let failure = Some(format!("error: cannot read `{}`: {e}", input.display()));
            return Checked { failure, ..Checked::default() };
        }
    };
    let decoded = input::decode(bytes);
    let path = input.display();
    let report = check_source(&path, input, &decoded, how.level);
    let mut checked = Checked { counts: Summary::of(&report), ..Checked::default() };
    // Writing into a Vec cannot fail.
    let _ = match how.format {
        Format::Text => report.write_text(how.color, &mut checked.output),
        Format::Jsonl => write_jsonl(&report, how.encoding, &mut checked.output),
        Format::Json => {
            checked.file = Some(FileDiagnostics::new(&report, how.encoding));
            Ok(())
        }
    };
    checked
}

/// A reader that stopped reading (`cescacs check ... | head`) is not a failure of the check.
fn write_failure(e: &io::Error, summary: &Summary) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return output::exit_code(summary.errors, false);
    }
    eprintln!("error: cannot write the output: {e}");
    ExitCode::from(output::FAILURE)
}

/// `3 files, 5 games, 212 plies: 1 error, 0 warnings (0.01 s)`.
fn summary_line(s: &Summary, seconds: f64) -> String {
    format!(
        "{}, {}, {}: {}, {} ({seconds:.2} s)",
        plural(s.files, "file", "files"),
        plural(s.games, "game", "games"),
        plural(s.plies, "ply", "plies"),
        plural(s.errors, "error", "errors"),
        plural(s.warnings, "warning", "warnings"),
    )
}

/// Reads one decoded file and checks its games at `level`.
fn check_source<'a>(
    path: &'a str,
    input: &Input,
    decoded: &'a Decoded,
    level: validate::Level,
) -> FileReport<'a> {
    let mut report = FileReport::new(path, decoded.shown());
    // The URI comes from the path itself, not its display form, which loses non-UTF-8 names.
    report = match input {
        Input::Stdin => report.with_uri("untitled:stdin"),
        Input::File(file) => report.with_uri(file_uri(file)),
    };
    // Game by game: only one game's tree is held at a time, plus the spans that place diagnostics.
    let mut locator = Locator { games: Vec::new() };
    let mut diagnostics = decoded.diagnostics.clone();
    let mut plies = 0;
    for out in ctl_an::games(&decoded.text) {
        let empty = out.game.tags.is_empty()
            && out.game.movetext
                == Movetext { span: out.game.movetext.span, ..Movetext::default() };
        if !empty {
            locator.push(&out.game);
            plies += out.game.movetext.ply_count();
            let mut game = ctl_pgn::game::Game::new(out.game, &decoded.text);
            game.set_syntax_errors(&out.diagnostics);
            diagnostics.extend(validate::validate(&game, level));
        }
        diagnostics.extend(out.diagnostics);
    }
    report = report.with_counts(locator.games.len(), plies);
    for d in diagnostics {
        let context = locator.context(d.span);
        report.push(d, context);
    }
    report.sort();
    report
}

/// Finds the game and main-line ply a diagnostic is about.
struct Locator {
    /// Per game: its span and the spans of its main-line plies, numbered from 1.
    games: Vec<(Span, Vec<(Span, usize)>)>,
}

impl Locator {
    #[cfg(test)]
    fn new(games: &[Game]) -> Locator {
        let mut locator = Locator { games: Vec::new() };
        for game in games {
            locator.push(game);
        }
        locator
    }

    /// Adds the next game of the file.
    fn push(&mut self, game: &Game) {
        let mut plies = Vec::new();
        let mut n = 0;
        for pair in &game.movetext.pairs {
            for ply in std::iter::once(&pair.white).chain(pair.black.as_ref()) {
                if !matches!(ply, Ply::Omitted(_)) {
                    n += 1;
                    plies.push((ply.span(), n));
                }
            }
        }
        self.games.push((game.span, plies));
    }

    fn context(&self, span: Span) -> Context {
        let at = span.start;
        // Games are in file order and do not overlap: the last one starting at or before `at`.
        let i = self.games.partition_point(|(g, _)| g.start <= at);
        let Some(((game, plies), number)) = i.checked_sub(1).map(|i| (&self.games[i], i + 1))
        else {
            return Context::default();
        };
        if at > game.end {
            return Context::default();
        }
        let mut context = Context::game(number);
        let j = plies.partition_point(|(p, _)| p.start <= at);
        if let Some((ply_span, ply)) = j.checked_sub(1).map(|j| plies[j]) {
            if at < ply_span.end || (ply_span.is_empty() && at == ply_span.start) {
                context = context.with_ply(ply);
            }
        }
        context
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locator_finds_game_and_ply() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12\n[Variant \"C'escacs\"]\n1. E7-E13";
        let parsed = ctl_an::parse_file(text);
        let locator = Locator::new(parsed.file.games());
        let find = |needle: &str, nth: usize| {
            let start = text.match_indices(needle).nth(nth).expect("needle").0;
            locator.context(Span::new(start, start + needle.len()))
        };
        assert_eq!(find("E21-E15", 0), Context::game(1).with_ply(2));
        assert_eq!(find("F8-F12", 0), Context::game(1).with_ply(3));
        assert_eq!(find("Variant", 0), Context::game(1));
        assert_eq!(find("Variant", 1), Context::game(2));
        assert_eq!(find("E7-E13", 1), Context::game(2).with_ply(1));
    }

    #[test]
    fn summary_line_reads_well() {
        let s = Summary { files: 1, games: 2, plies: 1, errors: 0, warnings: 3 };
        assert_eq!(
            summary_line(&s, 0.004),
            "1 file, 2 games, 1 ply: 0 errors, 3 warnings (0.00 s)"
        );
    }

    #[test]
    fn only_implemented_levels_run() {
        assert!(Level::Syntax.is_implemented());
        assert!(Level::Rules.is_implemented());
    }
}
