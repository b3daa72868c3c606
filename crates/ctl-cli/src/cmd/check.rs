//! `cescacs check`: read CTL-PGN files and report every problem, for people or for editors.

use std::io::{self, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use ctl_pgn::Check;
use ctl_pgn::render::{PositionEncoding, Summary};
use ctl_pgn::validate;

use crate::code_filter::CodeFilter;
use crate::games::Chooser;
use crate::input::{self, Input};
use crate::output::{self, ColorChoice, Progress, plural};
use crate::pipeline::{self, How};
use crate::write::in_place;

const EXAMPLES: &str = "\
Examples:
  cescacs check game.ctl-pgn                  check one file
  cescacs check corpus/                       every *.ctl-pgn file below corpus/
  cescacs check --format json corpus/ > d.json   LSP-native JSON for an editor
  cescacs check --format jsonl --position-encoding utf-8 big/
  cat game.ctl-pgn | cescacs check -          read standard input
  cescacs check -j 1 huge.ctl-pgn             one thread; files of any size are read game by game
  cescacs check --game 3 games.ctl-pgn        only the third game of the file
  cescacs check --where 'White=Puig*' games/  only the games Puig played with White
  cescacs check --fix games/                  apply every automatic fix, then report what is left
  cescacs check --fix --diff game.ctl-pgn     show the fixes as a diff, change nothing
  cescacs check --select E05 --ignore W0203 . only these codes (a code or a prefix)
  cescacs check --output-format concise .     one line per problem: path:line:col: CODE message
                                              (a path holding `:`, `\"`, `\\` or a control
                                              character is quoted: \"a:b.ctl-pgn\":1:2: ...)

A progress bar appears on standard error when it is a terminal and the run takes over a second.

With --fix, a file is rewritten whole or not at all (through a temporary file, removed if the run
is interrupted): through a symbolic link, its target; hard links, owner, group and mode kept; a
read-only file is refused. A file that cannot be written is an error (status 2) and is not
counted as fixed. `cescacs explain CODE` shows what a code means.

Exit status: 0 no errors (warnings allowed), 1 errors found (with --diff: fixes to apply), 2 bad
usage, unreadable files, or (with --fix) files that could not be written.";

/// Check CTL-PGN files: syntax and tags, board coherence (the spec's minimal reader), full rules.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// How deep to check. The default is the deepest level implemented.
    #[arg(long, value_enum, default_value_t = Level::DEEPEST_IMPLEMENTED)]
    pub level: Level,

    /// Output: ariadne reports for people, one JSON document, one JSON diagnostic per line, or
    /// one line per diagnostic (`concise`).
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Apply every machine-applicable fix of the diagnostics reported, in place, then report
    /// what is left (`-`: the text fixed goes to standard output).
    #[arg(long)]
    pub fix: bool,

    /// With `--fix`: print the fixes as a unified diff instead of writing them.
    #[arg(long, requires = "fix")]
    pub diff: bool,

    #[command(flatten)]
    pub codes: CodeFilter,

    /// Unit of the JSON columns (LSP `positionEncoding`).
    #[arg(long, value_enum, default_value_t = Encoding::Utf16)]
    pub position_encoding: Encoding,

    /// Colour the text reports.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Threads to check with (files and the games of big files are checked in parallel; the
    /// output is the same whatever the number). The default is one per core.
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,

    /// After the summary, how many games the fast and the full path read and the time of each
    /// stage (reading, fast path, full path, rendering); with `--format json`, also a
    /// top-level `"stats"` object in the document (docs/JSON.md).
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub max_errors: output::MaxErrors,

    /// Only these games are checked and reported (read one after the other, in file order).
    #[command(flatten)]
    pub selection: crate::games::Selection,

    /// Files, directories (searched for `*.ctl-pgn`), or `-` for standard input.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

/// How deep `check` looks (docs/DECISIONS.md 6), shallowest first.
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
    /// One line per diagnostic: `path:line:col: CODE message`. A path holding `:`, `"`, `\`
    /// or a control character is written quoted, as a Rust string literal
    /// (`"c:1:2 x.ctl-pgn":3:4: ...`), so that no name passes for a place or a line.
    Concise,
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
        output::error(format_args!(
            "level `{}` is not implemented yet (deepest implemented: `{}`)",
            args.level.name(),
            Level::DEEPEST_IMPLEMENTED.name()
        ));
        return ExitCode::from(output::FAILURE);
    }
    let codes = match args.codes.clone().checked() {
        Ok(codes) => codes,
        Err(e) => {
            output::error(e);
            return ExitCode::from(output::FAILURE);
        }
    };
    if args.fix {
        if !args.selection.is_all() {
            output::error("--fix rewrites whole files: it does not combine with --game or --where");
            return ExitCode::from(output::FAILURE);
        }
        match fix_inputs(&args, &codes) {
            FixRun::Reported(code) => return code,
            FixRun::Check => {}
        }
    }
    let started = Instant::now();
    let (inputs, path_errors) = input::collect(&args.paths);
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
    }
    let how = How {
        output: match args.format {
            Format::Text => pipeline::Output::Text { color: args.color.enabled(&io::stdout()) },
            Format::Json => pipeline::Output::Json,
            Format::Jsonl => pipeline::Output::Jsonl,
            Format::Concise => pipeline::Output::Concise,
        },
        encoding: PositionEncoding::from(args.position_encoding),
        level: args.level.into(),
        stats: args.stats && args.format == Format::Json,
        cap: args.max_errors.cap(),
        codes,
    };
    let threads = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        NonZeroUsize::get,
    );
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            output::error(format_args!("cannot start {threads} threads: {e}"));
            return ExitCode::from(output::FAILURE);
        }
    };
    let json = matches!(args.format, Format::Json | Format::Jsonl);
    let allowed =
        output::progress_allowed(io::stderr().is_terminal(), io::stdout().is_terminal(), json);
    let mut progress = Progress::new(allowed, inputs.len(), input::total_size(&inputs), started);
    // Unlocked: the writer lives on the pool's thread.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let mut chooser = Chooser::new(&args.selection);
    let ran = if args.selection.is_all() {
        pool.install(|| pipeline::run(&inputs, how, &mut progress, &mut out))
    } else {
        pipeline::run_selected(&inputs, how, &mut chooser, &mut progress, &mut out)
    };
    progress.clear();
    chooser.finish();
    let outcome = match ran.and_then(|outcome| out.flush().map(|()| outcome)) {
        Ok(outcome) => outcome,
        Err(e) => return output::write_failed(output::STDOUT, &e),
    };
    // A folder without any game file is a warning of its own, as is a run without any input.
    let mut warned = false;
    for dir in args.paths.iter().filter(|p| p.is_dir()) {
        if !inputs.iter().any(|i| matches!(i, input::Input::File(f) if f.starts_with(dir))) {
            output::say(format_args!(
                "warning: no `*.{}` file in `{}`",
                input::EXTENSION,
                output::name(dir.display())
            ));
            warned = true;
        }
    }
    if inputs.is_empty() && path_errors.is_empty() && !warned {
        output::say(format_args!("warning: no `*.{}` file found", input::EXTENSION));
    }
    let summary = summary_line(&outcome.summary, started.elapsed().as_secs_f64());
    match outcome.omitted {
        0 => output::say(summary),
        n => output::say(format_args!("{summary}; {n} not shown (--max-errors)")),
    }
    if args.stats {
        output::say(stats_line(&outcome));
    }
    output::exit_code(outcome.summary.errors, outcome.io_failure || !path_errors.is_empty())
}

/// What `--fix` leaves to do.
enum FixRun {
    /// Report what is left in the files fixed, as a plain `check` does.
    Check,
    /// Done: standard input fixed, or `--diff` printed.
    Reported(ExitCode),
}

/// Applies the fixes to every input (`--fix`): files rewritten in place, or their diffs printed
/// (`--diff`), standard input fixed to standard output. Says on standard error how many problems
/// were fixed in how many files.
fn fix_inputs(args: &Args, codes: &CodeFilter) -> FixRun {
    let (inputs, path_errors) = input::collect(&args.paths);
    let mut failed = !path_errors.is_empty();
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
    }
    let (mut fixed, mut files, mut stdin_left) = (0, 0, None);
    let mut stdout = io::stdout().lock();
    for input in &inputs {
        let bytes = match input.open().and_then(|mut r| {
            let mut bytes = Vec::new();
            r.read_to_end(&mut bytes).map(|_| bytes)
        }) {
            Ok(bytes) => bytes,
            Err(e) => {
                output::error(output::cannot_read(input.display(), e));
                failed = true;
                continue;
            }
        };
        let Ok(text) = String::from_utf8(bytes) else {
            output::say(format_args!(
                "warning: `{}` is not valid UTF-8: not fixed (see E0001)",
                input.display()
            ));
            continue;
        };
        let done = cescacs_toolkit::fix::fix(&text, args.level.into(), |code| codes.keeps(code));
        let changed = done.text != text;
        let written = match input {
            _ if args.diff && changed => {
                let name = input.display();
                let diff = similar::TextDiff::from_lines(&text, &done.text)
                    .unified_diff()
                    .header(&name, &name)
                    .to_string();
                stdout.write_all(output::safe(&diff).as_bytes())
            }
            Input::Stdin if !args.diff => {
                let left = Check::new(args.level.into()).text(&done.text).diagnostics;
                stdin_left =
                    Some(left.iter().filter(|d| d.is_error() && codes.keeps(d.code)).count());
                stdout.write_all(done.text.as_bytes())
            }
            Input::File(path) if changed && !args.diff => {
                in_place::replace(path, |file| file.write_all(done.text.as_bytes()))
            }
            _ => Ok(()),
        };
        match written {
            // Only what was written (or shown, with `--diff`) counts as fixed.
            Ok(()) => {
                fixed += done.fixed;
                files += usize::from(changed);
            }
            Err(e) if matches!(input, Input::File(_)) && !args.diff && !output::reader_gone(&e) => {
                output::error(output::cannot_write(input.display(), e));
                failed = true;
            }
            Err(e) => return FixRun::Reported(output::write_failed(output::STDOUT, &e)),
        }
    }
    if let Err(e) = stdout.flush() {
        return FixRun::Reported(output::write_failed(output::STDOUT, &e));
    }
    let problems = plural(fixed, "problem", "problems");
    let in_files = plural(files, "file", "files");
    if args.diff {
        output::say(format_args!("would fix {problems} in {in_files}"));
        return FixRun::Reported(output::exit_code(files, failed));
    }
    output::say(format_args!("fixed {problems} in {in_files}"));
    match stdin_left {
        Some(errors) => FixRun::Reported(output::exit_code(errors, failed)),
        None if failed => FixRun::Reported(ExitCode::from(output::FAILURE)),
        None => FixRun::Check,
    }
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

/// `stats: 5 games: 4 fast path, 1 full path; read 0.00 s, fast path 0.01 s, ...`. The
/// times are summed over the threads.
fn stats_line(outcome: &pipeline::Outcome) -> String {
    let s = outcome.paths;
    format!(
        "stats: {}: {} fast path, {} full path; read {:.2} s, fast path {:.2} s, full path {:.2} s, render {:.2} s",
        plural(outcome.summary.games, "game", "games"),
        s.fast_path_games,
        s.full_path_games,
        outcome.read_time.as_secs_f64(),
        s.fast_time.as_secs_f64(),
        s.full_time.as_secs_f64(),
        outcome.render_time.as_secs_f64(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_line_reads_well() {
        let s = Summary { files: 1, games: 2, plies: 1, errors: 0, warnings: 3 };
        assert_eq!(
            summary_line(&s, 0.004),
            "1 file, 2 games, 1 ply: 0 errors, 3 warnings (0.00 s)"
        );
    }

    #[test]
    fn stats_line_reads_well() {
        let mut outcome = pipeline::Outcome::default();
        outcome.summary.games = 5;
        outcome.paths.fast_path_games = 4;
        outcome.paths.full_path_games = 1;
        assert_eq!(
            stats_line(&outcome),
            "stats: 5 games: 4 fast path, 1 full path; read 0.00 s, fast path 0.00 s, full path 0.00 s, render 0.00 s"
        );
    }

    #[test]
    fn only_implemented_levels_run() {
        assert!(Level::Syntax.is_implemented());
        assert!(Level::Rules.is_implemented());
    }
}
