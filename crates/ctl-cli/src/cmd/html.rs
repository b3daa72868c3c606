//! `cescacs html`: each game file as one self-contained web page to step through (the page is
//! made by `crate::html`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::html::{Collection, Mode};
use crate::input::{self, Input};
use crate::output;
use crate::write::{self, Outputs};

const EXAMPLES: &str = "\
Examples:
  cescacs html game.ctl-pgn                 writes game.html beside it
  cescacs html --force game.ctl-pgn         again, replacing the game.html written before
  cescacs html game.ctl-pgn -o view.html    names the page
  cescacs html corpus/valid -o pages/       one page per file found, in the folder pages/
  cescacs html - -o game.html < game.ctl-pgn
  cescacs html --where 'White=Puig*' games.ctl-pgn   only the games Puig played with White
  cescacs html --split -o pages/ games/     a page per game and pages/index.html, any size

A page holds everything it needs (style, script, the board as SVG): it opens offline and can be
sent as one file. On it: → next move, ← previous, Home start, End end of the line, ↓ into a
variation, ↑ out of it, f flips the board, ? lists the keys; click a move or a comment's
reference. A King in check glows red; \"Show warnings\" hides the warnings. The URL fragment
(#g1-m14b: game 1, Black's move 14) opens the page at that move.

Pages are named after their inputs (letters, digits and `-` kept, any other run of characters
written `_`, at most 80 bytes), numbered when two would share a name (`x.html`, `x-2.html`); the
index links each game to its own page. A page is written whole or not at all, never over an
input (by any name: a symbolic or hard link), nor over a file already there unless --force is
given (a symbolic link there is then replaced, not followed). A full disk stops --split.

A game with errors still gets its page, up to the first move that cannot be replayed, with each
diagnostic where it occurs. Exit status (as `cescacs check`): 0 clean (warnings allowed), 1 errors
found in a game, 2 bad usage or a file that could not be read or written. A selection (--game,
--where) writes no page for a file of which it selects no game; when it selects none at all, one
warning line says so (status 0).";

/// Write each game file as one self-contained HTML page to step through the moves.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The page to write for one input, or the folder for several (created if missing). Without
    /// it, each page is written beside its input as NAME.html.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Write a page per game, and an index page (`index.html`: players, result, date, plies,
    /// link) of every game selected, into the folder of `-o DIR`: for collections of any size,
    /// read game by game (memory bounded by the largest game).
    #[arg(long, requires = "output")]
    pub split: bool,

    #[command(flatten)]
    pub force: write::Force,

    #[command(flatten)]
    pub selection: crate::games::Selection,

    /// CTL-PGN files, folders (searched for *.ctl-pgn files), or `-` for standard input.
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,
}

/// Runs the command (see the exit status in the examples).
pub fn run(args: Args) -> ExitCode {
    let (inputs, path_errors) = input::collect(&args.inputs);
    let mut io_failure = !path_errors.is_empty();
    for e in &path_errors {
        output::error(output::cannot_read(e.path.display(), &e.error));
    }
    let mut outputs = Outputs::new(&inputs, args.force);
    if let (true, Some(dir)) = (args.split, &args.output) {
        return split(&inputs, dir, &args.selection, &mut outputs, io_failure);
    }
    let into_folder = inputs.len() > 1
        || args
            .output
            .as_ref()
            .is_some_and(|o| o.is_dir() || o.as_os_str().to_string_lossy().ends_with('/'));
    // Pages into a folder make a site; pages beside their inputs, or one page named, stand
    // alone.
    let mut site = match (into_folder, &args.output) {
        (true, Some(dir)) => match Collection::start(dir, &mut outputs) {
            Ok(site) => Some(site),
            Err(e) => {
                output::error(e);
                return ExitCode::from(output::FAILURE);
            }
        },
        _ => None,
    };
    let mode = site.as_ref().map_or(Mode::Alone, |s| s.mode().clone());
    let mut errors = 0;
    let mut chooser = crate::games::Chooser::new(&args.selection);
    for input in &inputs {
        if site.as_ref().is_some_and(|s| s.stopped) {
            break;
        }
        let Some(target) = target(input, args.output.as_deref(), into_folder, &mut outputs) else {
            output::error("a page for standard input needs `-o FILE`");
            io_failure = true;
            continue;
        };
        // Said before the input is read: a page never replaces an input, nor a file that
        // exists without `--force`.
        if let Err(e) = outputs.check(&target) {
            output::error(output::cannot_write(target.display(), e));
            io_failure = true;
            continue;
        }
        let name = file_name(input);
        chooser.start(input);
        let page = whole_page(input, &name, &mut chooser, &target, &mode, |number, game| {
            if let Some(site) = &mut site {
                site.game(number, game);
            }
        });
        let page = match page {
            Ok(page) => page,
            Err(failed) => {
                match failed {
                    Failed::Read(e) => output::error(output::cannot_read(input.display(), e)),
                    Failed::Write(e) => output::error(output::cannot_write(target.display(), e)),
                }
                if let Some(site) = &mut site {
                    site.forget();
                }
                io_failure = true;
                continue;
            }
        };
        let tally = page.tally();
        if tally.games == 0 && !args.selection.is_all() {
            // No page for a file of which no game is selected (the run says so if none is).
            continue;
        }
        errors += tally.errors;
        if let Some(site) = &mut site {
            site.file_page(&outputs, page, target.clone(), &name);
        } else {
            let written = outputs.write(&target, |out| {
                page.finish(&name, "", &mut std::io::BufWriter::new(out)).map(|_| ())
            });
            if let Err(e) = written {
                output::error(output::cannot_write(target.display(), e));
                io_failure = true;
                continue;
            }
        }
        let problems = match (tally.errors, tally.warnings) {
            (0, 0) => String::new(),
            (e, w) => format!(
                " ({}, {})",
                output::plural(e, "error", "errors"),
                output::plural(w, "warning", "warnings")
            ),
        };
        output::say(format_args!(
            "{} -> {}: {}{problems}",
            input.display(),
            output::name(target.display()),
            output::plural(tally.games, "game", "games")
        ));
    }
    if let Some(site) = site {
        io_failure |= finish(site, &outputs);
    }
    chooser.finish();
    output::exit_code(errors, io_failure)
}

/// The name a page shows for its input: the file's name, or `<stdin>`.
fn file_name(input: &Input) -> String {
    match input {
        Input::Stdin => "<stdin>".to_string(),
        Input::File(path) => {
            path.file_name().map_or_else(|| input.display(), |n| n.to_string_lossy().into_owned())
        }
    }
}

/// Why [`whole_page`] failed: the input could not be read, or the page's temporary files
/// written.
enum Failed {
    Read(std::io::Error),
    Write(std::io::Error),
}

/// The page of `input` (alone or in a site: `mode`), read chunk by chunk (one game each, as
/// `check` cuts them), each game written to the page's temporary files (beside `target`) as it
/// is read: memory bounded by the largest game. `added` is told of each game put on the page.
fn whole_page(
    input: &Input,
    name: &str,
    chooser: &mut crate::games::Chooser,
    target: &Path,
    mode: &Mode,
    mut added: impl FnMut(usize, &ctl_pgn::ParsedGame),
) -> Result<crate::html::Writer, Failed> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let reader = input.open().map_err(Failed::Read)?;
    let mut page = crate::html::Writer::new(Some(dir), mode.clone()).map_err(Failed::Write)?;
    let mut first_game = 1;
    for chunk in ctl_pgn::reader::Chunks::new(reader) {
        let chunk = chunk.map_err(Failed::Read)?;
        let at = crate::html::At { first_game, start: chunk.start };
        let before = page.tally().read;
        page.add(name, chunk.bytes, chooser, at, &mut added).map_err(Failed::Write)?;
        first_game += page.tally().read - before;
    }
    Ok(page)
}

/// Where the page of `input` goes, its name taken in `outputs`: `-o FILE` as given; in a
/// folder (`-o DIR`, or beside the input without `-o`), a name made from the input's
/// ([`write::name::stem`]), numbered when another page of the run has it.
fn target(
    input: &Input,
    output: Option<&Path>,
    into_folder: bool,
    outputs: &mut Outputs,
) -> Option<PathBuf> {
    let page = format!("{}.html", write::name::stem(input));
    match (output, into_folder, input) {
        (Some(out), false, _) => Some(outputs.beside(out, out.file_name()?)),
        (Some(dir), true, _) => Some(outputs.name(dir, page)),
        (None, _, Input::File(path)) => Some(outputs.beside(path, page)),
        (None, _, Input::Stdin) => None,
    }
}

/// `--split`: a page per game selected, and the site's index, standings and opening tree, in
/// the folder `dir`, each input read chunk by chunk (one game each, as `check` cuts them):
/// memory bounded by the largest game, time linear in the input. The pages are named after the
/// input and the game's number (`games-0007.html`, numbered again when two inputs share a
/// name: `games-0007-2.html`); a page's notes give lines and columns in the input. A full disk
/// stops the run.
fn split(
    inputs: &[Input],
    dir: &Path,
    selection: &crate::games::Selection,
    outputs: &mut Outputs,
    mut io_failure: bool,
) -> ExitCode {
    let mut site = match Collection::start(dir, outputs) {
        Ok(site) => site,
        Err(e) => {
            output::error(e);
            return ExitCode::from(output::FAILURE);
        }
    };
    let mode = site.mode().clone();
    let mut chooser = crate::games::Chooser::new(selection);
    let mut errors = 0;
    'inputs: for input in inputs {
        chooser.start(input);
        let name = file_name(input);
        let stem = write::name::stem(input);
        let reader = match input.open() {
            Ok(reader) => reader,
            Err(e) => {
                output::error(output::cannot_read(input.display(), e));
                io_failure = true;
                continue;
            }
        };
        let mut first_game = 1;
        for chunk in ctl_pgn::reader::Chunks::new(reader) {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(e) => {
                    output::error(output::cannot_read(input.display(), e));
                    io_failure = true;
                    break;
                }
            };
            let at = crate::html::At { first_game, start: chunk.start };
            let pages =
                crate::html::game_pages(&name, chunk.bytes, &mut chooser, at, &mode, |n, g| {
                    site.game(n, g)
                });
            first_game += pages.tally.read;
            errors += pages.tally.errors;
            for (number, page) in pages.pages {
                let target = outputs.name(site.dir(), format!("{stem}-{number:04}.html"));
                site.game_page(outputs, page, target, &name);
                if site.stopped {
                    break 'inputs;
                }
            }
            if chooser.done_after(first_game - 1) {
                break;
            }
        }
    }
    io_failure |= finish(site, outputs);
    chooser.finish();
    output::exit_code(errors, io_failure)
}

/// Ends a site: its last page, index, standings, tree and shared files written, and one line
/// saying how many pages and where the index is. Whether something could not be written.
fn finish(site: Collection, outputs: &Outputs) -> bool {
    let done = site.finish(outputs);
    match &done.index {
        Some(index) => output::say(format_args!(
            "{} and {}",
            output::plural(done.pages, "page", "pages"),
            output::name(index.display())
        )),
        None if done.pages == 0 && !done.failed => {
            output::say("no game, no page: nothing written");
        }
        None => output::say(output::plural(done.pages, "page", "pages")),
    }
    done.failed
}
