//! `cescacs fmt`: rewrite CTL-PGN files in the canonical export layout (docs/FORMAT.md).
//!
//! A file with syntax errors is never rewritten: its errors are reported and it is left as it
//! is, because the tree of a broken file may not hold everything the text says.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cescacs_board::Diagnostic;
use ctl_an::syntax::File;
use ctl_pgn::render::{ErrorCap, LineIndex};
use ctl_pgn::write::{WriteOptions, write_file};

use crate::input::{self, Input};
use crate::output::{self, plural};

const EXAMPLES: &str = "\
Examples:
  cescacs fmt game.ctl-pgn            rewrite the file in the canonical layout (only if it changes)
  cescacs fmt corpus/                 every *.ctl-pgn file below corpus/
  cescacs fmt --check corpus/         list the files that are not canonical (exit 1 if any)
  cat game.ctl-pgn | cescacs fmt -    print the canonical text

Exit status: 0 done (or all canonical with --check), 1 syntax errors found (those files are left
untouched) or, with --check, files that would change, 2 bad usage or I/O failure.";

/// Rewrite CTL-PGN files in the canonical layout (files with syntax errors are left untouched).
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Change nothing: list the files that would change and exit 1 if there is any.
    #[arg(long)]
    pub check: bool,

    /// Write `*` for captures and `...` for an omitted move (keyboard characters only).
    #[arg(long)]
    pub ascii: bool,

    /// Print the canonical text instead of rewriting the files.
    #[arg(long)]
    pub stdout: bool,

    #[command(flatten)]
    pub max_errors: output::MaxErrors,

    /// Files, directories (searched for `*.ctl-pgn`), or `-` for standard input (printed).
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

/// Runs the command (see [`Args`] and the exit status in the examples).
pub fn run(args: Args) -> ExitCode {
    let options = WriteOptions { ascii: args.ascii };
    let (inputs, path_errors) = input::collect(&args.paths);
    let mut io_failure = false;
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
        io_failure = true;
    }
    let (mut broken, mut changed) = (0, 0);
    let mut stdout = io::stdout().lock();
    for input in &inputs {
        let loaded = match load(input, args.max_errors.cap()) {
            Ok(l) => l,
            Err(e) => {
                output::error(output::cannot_read(input.display(), e));
                io_failure = true;
                continue;
            }
        };
        let Some(file) = loaded.file else {
            broken += 1;
            continue;
        };
        let canonical = write_file(&file, options);
        let differs = canonical.as_bytes() != loaded.bytes.as_slice();
        changed += usize::from(differs);
        let result = match input {
            Input::File(path) if args.check => {
                if differs {
                    writeln!(
                        stdout,
                        "would reformat: {}",
                        output::safe(&path.display().to_string())
                    )
                } else {
                    Ok(())
                }
            }
            Input::File(path) if !args.stdout => {
                if differs {
                    replace(path, canonical.as_bytes())
                } else {
                    Ok(())
                }
            }
            Input::Stdin if args.check => Ok(()),
            _ => stdout.write_all(canonical.as_bytes()),
        };
        if let Err(e) = result {
            let to_stdout = !matches!(input, Input::File(_) if !args.stdout && !args.check);
            if to_stdout && output::reader_gone(&e) {
                return output::write_failed(output::STDOUT, &e);
            }
            let name = match input {
                Input::File(path) if !args.stdout && !args.check => path.display().to_string(),
                _ => output::STDOUT.to_string(),
            };
            output::error(output::cannot_write(name, e));
            io_failure = true;
        }
    }
    if let Err(e) = stdout.flush() {
        return output::write_failed(output::STDOUT, &e);
    }
    if broken > 0 {
        eprintln!(
            "{} left untouched: syntax errors (`cescacs check` shows every problem)",
            plural(broken, "file", "files")
        );
    }
    if args.check && changed > 0 {
        eprintln!("{} would be reformatted", plural(changed, "file", "files"));
    }
    let problems = broken + if args.check { changed } else { 0 };
    output::exit_code(problems, io_failure)
}

/// A file's bytes and, when it has no syntax errors, its tree.
pub(super) struct Loaded {
    /// The bytes as read.
    pub bytes: Vec<u8>,
    /// The tree; `None` when errors were found (they have been reported on standard error).
    pub file: Option<File>,
}

/// Reads and parses one input, reporting its errors (encoding and syntax) on standard error.
pub(super) fn load(input: &Input, cap: ErrorCap) -> io::Result<Loaded> {
    let bytes = input.read()?;
    let decoded = input::decode(bytes.clone());
    let parsed = ctl_an::parse_file(&decoded.text);
    // Prose around games (W0001) is not in the tree: writing the tree would drop it.
    let errors: Vec<&Diagnostic> = decoded
        .diagnostics
        .iter()
        .chain(&parsed.diagnostics)
        .filter(|d| d.is_error() || d.code == ctl_pgn::decode::PROSE)
        .collect();
    if errors.is_empty() {
        return Ok(Loaded { bytes, file: Some(parsed.file) });
    }
    report(&input.display(), decoded.shown(), errors, cap);
    Ok(Loaded { bytes, file: None })
}

/// Prints errors as `path:line:col: error[CODE]: message`, one per line, the first of them
/// within `cap`, then how many more there were.
pub(super) fn report<'d>(
    name: &str,
    text: &str,
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    mut cap: ErrorCap,
) {
    let index = LineIndex::new(text);
    let mut stderr = io::stderr().lock();
    for d in diagnostics {
        if !cap.admit(d.severity) {
            continue;
        }
        let kind = if d.is_error() { "error" } else { "warning" };
        let at = index.line_col(d.span.start);
        let (name, message) = (output::safe(name), output::safe(&d.message));
        let _ = writeln!(stderr, "{name}:{at}: {kind}[{}]: {message}", d.code);
    }
    if let Some(line) = cap.omitted_line(name) {
        let _ = stderr.write_all(line.as_bytes());
    }
}

/// Replaces a file's content through a temporary file in the same directory, so that a failure
/// half-way never leaves a truncated game file; the permissions are kept.
fn replace(path: &Path, content: &[u8]) -> io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.cescacs-fmt.tmp"));
    let written = fs::write(&tmp, content)
        .and_then(|()| fs::set_permissions(&tmp, fs::metadata(path)?.permissions()))
        .and_then(|()| fs::rename(&tmp, path));
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}
