//! `cargo xtask corpus`: the round trip of every file and game of `corpus/`.
//!
//! For each file: read it, check it at the rules level, write it canonically, read that again
//! and compare the trees ([`ctl_an::meaning`]: spans and the spelling of one sign aside); a file named
//! `canonical-*` must come back byte for byte. Every line of every game, variations included, is
//! replayed on the board and every position it reaches goes to PDTL and back ([`positions`]).
//! The diagnostics of a file must be exactly its golden ([`goldens`]): invalid files always have
//! one, valid files have one when they have warnings, generated games must have none.
//!
//! The generated set is `GENERATED_GAMES` games of `cescacs_gen::generate_game` with `GENERATED_SEED`;
//! its first `GENERATED_SAMPLE` games are committed in `corpus/generated/` and must equal what
//! the generator makes now, so that a change of the generator shows up as a diff.

mod check;
mod diff;
pub mod goldens;
mod options;
pub mod positions;
mod report;

use std::path::{Path, PathBuf};
use std::time::Instant;

pub use goldens::Format;
pub use options::{
    GENERATED_GAMES, GENERATED_MAX_PLIES, GENERATED_SAMPLE, GENERATED_SEED, Kind, Options,
};
pub use report::{Failure, Report, Row};

use self::options::Source;

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
        let game = cescacs_gen::generate_game(GENERATED_SEED, i, GENERATED_MAX_PLIES);
        let name = cescacs_gen::file_name(GENERATED_SEED, i);
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
