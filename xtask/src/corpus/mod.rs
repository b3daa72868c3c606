//! `cargo xtask corpus`: the round trip of every file and game of `corpus/`.
//!
//! For each file: read it, check it at the rules level, write it canonically, read that again
//! and compare the trees ([`ctl_an::meaning`]: spans and the spelling of one sign aside); a file named
//! `canonical-*` must come back byte for byte. Every line of every game, variations included, is
//! replayed on the board and every position it reaches goes to PDTL and back ([`positions`]).
//! The diagnostics of a file must be exactly its golden ([`goldens`]): invalid files always have
//! one, valid files have one when they have warnings, generated games must have none.
//!
//! The generated set is `GENERATED_GAMES` games of [`crate::generate`] with `GENERATED_SEED`;
//! its first `GENERATED_SAMPLE` games are committed in `corpus/generated/` and must equal what
//! the generator makes now, so that a change of the generator shows up as a diff.

mod check;
mod diff;
pub mod goldens;

pub mod positions;
mod report;

use std::path::{Path, PathBuf};
use std::time::Instant;

pub use goldens::Format;
pub use report::{Failure, Report, Row};

use crate::generate;

/// The seed of the generated set.
pub const GENERATED_SEED: u64 = 2026;
/// Games in the generated set.
pub const GENERATED_GAMES: usize = 2000;
/// The first games of the set, committed in `corpus/generated/`.
pub const GENERATED_SAMPLE: usize = 20;
/// Longest generated game, in half-moves.
pub const GENERATED_MAX_PLIES: usize = 160;

/// What to check and how.
#[derive(Debug, Clone)]
pub struct Options {
    /// The folder that holds `corpus/` (the repository root).
    pub root: PathBuf,
    /// Rewrite the goldens (both formats) and the generated sample instead of comparing them.
    pub bless: bool,
    /// The golden formats compared.
    pub formats: Vec<Format>,
    /// Games of the generated set (the committed sample included).
    pub generated_games: usize,
    /// Where to write the whole generated set, if anywhere (`target/corpus-generated`).
    pub write_generated: Option<PathBuf>,
}

impl Options {
    /// The checks of `cargo xtask corpus` on the corpus below `root`, text goldens.
    pub fn new(root: impl Into<PathBuf>) -> Options {
        Options {
            root: root.into(),
            bless: false,
            formats: vec![Format::Text],
            generated_games: GENERATED_GAMES,
            write_generated: None,
        }
    }
}

/// Which rules a file is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `corpus/valid/`: no error; warnings only as its golden says.
    Valid,
    /// `corpus/invalid/`: exactly the diagnostics of its golden, at least one error.
    Invalid,
    /// The generated set: no diagnostic at all.
    Generated,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Valid => "valid",
            Kind::Invalid => "invalid",
            Kind::Generated => "generated",
        }
    }
}

/// One file to check.
#[derive(Debug, Clone)]
struct Source {
    /// The path people see, relative to the root: `corpus/valid/x.ctl-pgn`.
    shown: String,
    /// Where it is on disk (goldens live beside it); `None` for generated games kept in memory.
    path: Option<PathBuf>,
    bytes: Vec<u8>,
    kind: Kind,
}

/// Runs every check; the report lists what differs. Only I/O on the corpus folder itself fails.
pub fn run(options: &Options) -> Result<Report, String> {
    let started = Instant::now();
    let mut report = Report::new(&options.formats);
    let mut sources = Vec::new();
    for (folder, kind) in [("valid", Kind::Valid), ("invalid", Kind::Invalid)] {
        let dir = options.root.join("corpus").join(folder);
        for path in game_files(&dir)? {
            sources.push(source_on_disk(&options.root, path, kind)?);
        }
    }
    sources.extend(generated(options, &mut report)?);
    for result in check::all(&sources, options) {
        report.absorb(result);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// The `*.ctl-pgn` files of a folder, sorted by name.
fn game_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?.path();
        if path.to_string_lossy().ends_with(".ctl-pgn") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

fn source_on_disk(root: &Path, path: PathBuf, kind: Kind) -> Result<Source, String> {
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let shown = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
    Ok(Source { shown, path: Some(path), bytes, kind })
}

/// The generated set: the committed sample (compared with the generator, or rewritten when
/// blessing) and the rest in memory.
fn generated(options: &Options, report: &mut Report) -> Result<Vec<Source>, String> {
    let dir = options.root.join("corpus/generated");
    let sample = GENERATED_SAMPLE.min(options.generated_games);
    let mut expected = Vec::new();
    let mut sources = Vec::new();
    for i in 0..options.generated_games {
        let game = generate::generate_game(GENERATED_SEED, i, GENERATED_MAX_PLIES);
        let name = generate::file_name(GENERATED_SEED, i);
        if let Some(out) = &options.write_generated {
            write_if_changed(&out.join(&name), game.text.as_bytes())?;
        }
        if i < sample {
            expected.push((dir.join(&name), game.text));
        } else {
            let shown = match &options.write_generated {
                Some(out) => out.join(&name).to_string_lossy().into_owned(),
                None => format!("<generated>/{name}"),
            };
            sources.push(Source {
                shown,
                path: None,
                bytes: game.text.into_bytes(),
                kind: Kind::Generated,
            });
        }
    }
    if options.bless {
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        for (path, text) in &expected {
            if write_if_changed(path, text.as_bytes())? {
                report.blessed.push(display(&options.root, path));
            }
        }
    }
    let committed = if dir.exists() { game_files(&dir)? } else { Vec::new() };
    for path in &committed {
        if !expected.iter().any(|(p, _)| p == path) {
            report.failures.push(Failure::new(
                display(&options.root, path),
                "is not a game of the generated sample: remove it, or bless to rewrite the sample",
            ));
        }
    }
    let mut on_disk = Vec::new();
    for (path, text) in expected {
        let shown = display(&options.root, &path);
        match std::fs::read(&path) {
            Ok(bytes) if bytes == text.as_bytes() => {
                on_disk.push(Source { shown, path: Some(path), bytes, kind: Kind::Generated });
            }
            Ok(bytes) => report.failures.push(
                Failure::new(shown, "differs from what the generator makes now (bless to rewrite)")
                    .with_diff(text, String::from_utf8_lossy(&bytes).into_owned()),
            ),
            Err(e) => report
                .failures
                .push(Failure::new(shown, format!("cannot be read ({e}); bless writes it"))),
        }
    }
    on_disk.extend(sources);
    Ok(on_disk)
}

/// Writes `bytes` unless the file already holds them; true when it wrote.
fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<bool, String> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(true)
}

fn display(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/")
}
