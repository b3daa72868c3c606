//! The checks of one file, and of many files on all cores (results in file order).

use std::path::Path;

use cescacs_diagnostics::Diagnostic;
use ctl_an::syntax::File;
use ctl_pgn::ParsedGame;
use ctl_pgn::decode::{Decoded, decode};
use ctl_pgn::write::{WriteOptions, write_file};

use super::goldens::{self, Format};
use super::options::{Kind, Options, Source};
use super::positions;
use super::report::{Failure, FileResult};
use ctl_an::meaning;

/// Checks every source, on as many threads as there are cores.
pub fn all(sources: &[Source], options: &Options) -> Vec<FileResult> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from).min(sources.len());
    if threads <= 1 {
        return sources.iter().map(|s| one(s, options)).collect();
    }
    // Interleaved shares: the big generated tail is spread over every thread.
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    sources
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, s)| (i, one(s, options)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut results: Vec<(usize, FileResult)> = workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect();
        results.sort_by_key(|(i, _)| *i);
        results.into_iter().map(|(_, r)| r).collect()
    })
}

/// Every check of one file.
fn one(source: &Source, options: &Options) -> FileResult {
    let decoded = decode(source.bytes.clone());
    let parsed = ctl_an::parse_file(&decoded.text);
    let mut result = FileResult { kind: Some(source.kind), ..FileResult::default() };
    result.row.files = 1;
    result.row.games = parsed.file.games.len();
    result.row.plies = parsed.file.ply_count();
    result.row.bytes = source.bytes.len();

    let diagnostics = goldens::diagnostics(&decoded);
    for d in &diagnostics {
        *result.codes.entry(d.code).or_default() += 1;
    }
    verdict(source, &decoded, &diagnostics, &parsed.file, &mut result);
    compare_goldens(source, options, &decoded, &diagnostics, &parsed.file, &mut result);
    round_trip(source, &parsed, &mut result);
    replay(source, &decoded, &parsed, &mut result);
    result
}

/// Errors in a valid or generated file, none in an invalid one, warnings in a generated one.
fn verdict(
    source: &Source,
    decoded: &Decoded,
    diagnostics: &[Diagnostic],
    file: &File,
    result: &mut FileResult,
) {
    let errors = diagnostics.iter().any(Diagnostic::is_error);
    let problem = match source.kind {
        Kind::Valid if errors => "is in valid/ but has errors",
        Kind::Generated if !diagnostics.is_empty() => "is generated but has diagnostics",
        Kind::Invalid if !errors => "is in invalid/ but has no error",
        _ => return,
    };
    let found = goldens::render(Format::Text, &source.shown, decoded, diagnostics, file);
    result.failures.push(Failure::new(&source.shown, problem).with_diff(String::new(), found));
}

/// The golden of each format: compared, or rewritten with `--bless`.
fn compare_goldens(
    source: &Source,
    options: &Options,
    decoded: &Decoded,
    diagnostics: &[Diagnostic],
    file: &File,
    result: &mut FileResult,
) {
    let Some(path) = &source.path else { return };
    let wanted = match source.kind {
        Kind::Invalid => true,
        Kind::Valid => !diagnostics.is_empty(),
        Kind::Generated => return,
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let formats: &[Format] =
        if options.bless { &[Format::Text, Format::Json] } else { &options.formats };
    for &format in formats {
        let golden = path.with_file_name(format.golden_name(&name));
        let shown = golden_shown(&source.shown, &golden);
        let rendered = goldens::render(format, &source.shown, decoded, diagnostics, file);
        let old = std::fs::read(&golden).ok();
        if options.bless {
            let changed = if wanted {
                old.as_deref() != Some(rendered.as_bytes())
                    && std::fs::write(&golden, &rendered).is_ok()
            } else {
                old.is_some() && std::fs::remove_file(&golden).is_ok()
            };
            if changed {
                result.blessed.push(shown);
            }
            continue;
        }
        match (wanted, old) {
            (true, None) => result.failures.push(Failure::new(
                shown,
                "is missing: run `cargo xtask corpus --bless` and review the new golden",
            )),
            (true, Some(old)) if old != rendered.as_bytes() => result.failures.push(
                Failure::new(shown, "differs from the diagnostics found now")
                    .with_diff(String::from_utf8_lossy(&old).into_owned(), rendered),
            ),
            (false, Some(_)) => result.failures.push(Failure::new(
                shown,
                "is stale: the file has no diagnostic now (bless removes the golden)",
            )),
            _ => {}
        }
    }
}

fn golden_shown(source_shown: &str, golden: &Path) -> String {
    let name = golden.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    match source_shown.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/{name}"),
        None => name,
    }
}

/// read → write → read: same meaning, writing idempotent, canonical files byte-identical.
fn round_trip(source: &Source, parsed: &ctl_an::ParseOutput, result: &mut FileResult) {
    let shown = &source.shown;
    let canonical = write_file(&parsed.file, WriteOptions::default());
    let reparsed = ctl_an::parse_file(&canonical);
    if !parsed.has_errors() {
        if let Some(d) = reparsed.diagnostics.iter().find(|d| d.is_error()) {
            result.failures.push(
                Failure::new(
                    shown,
                    format!("its canonical text does not read: [{}] {}", d.code, d.message),
                )
                .with_diff(String::new(), canonical.clone()),
            );
            return;
        }
        same_meaning(shown, &parsed.file, &reparsed.file, "canonical", result);
        let ascii = write_file(&parsed.file, WriteOptions { ascii: true });
        same_meaning(shown, &parsed.file, &ctl_an::parse_file(&ascii).file, "ASCII", result);
    }
    let again = write_file(&reparsed.file, WriteOptions::default());
    if again != canonical {
        result.failures.push(
            Failure::new(shown, "writing is not idempotent: fmt(fmt(x)) differs from fmt(x)")
                .with_diff(canonical.clone(), again),
        );
    }
    let name = shown.rsplit('/').next().unwrap_or(shown);
    if name.starts_with("canonical-") && source.bytes != canonical.as_bytes() {
        result.failures.push(
            Failure::new(shown, "is in the canonical layout but writing it changes it")
                .with_diff(String::from_utf8_lossy(&source.bytes).into_owned(), canonical),
        );
    }
}

/// The trees mean the same, game by game; the first game that differs is shown as a diff of the
/// trees' debug form.
fn same_meaning(shown: &str, first: &File, second: &File, how: &str, result: &mut FileResult) {
    let (a, b) = (meaning(first), meaning(second));
    if a == b {
        return;
    }
    let game = a.games.iter().zip(&b.games).position(|(x, y)| x != y);
    let (expected, found) = match game {
        Some(i) => (format!("{:#?}\n", a.games[i]), format!("{:#?}\n", b.games[i])),
        None => (format!("{} games\n", a.games.len()), format!("{} games\n", b.games.len())),
    };
    let mut failure = Failure::new(
        shown,
        format!("reading its {how} text back gives another tree (spans and spelling aside)"),
    )
    .with_diff(expected, found);
    failure.game = game.map(|i| i + 1);
    result.failures.push(failure);
}

/// Every line of every game replayed, every position through PDTL and back.
fn replay(
    source: &Source,
    decoded: &Decoded,
    parsed: &ctl_an::ParseOutput,
    result: &mut FileResult,
) {
    for (i, syntax) in parsed.file.games.iter().enumerate() {
        let mut game = ParsedGame::new(syntax.clone(), &decoded.text);
        game.set_syntax_errors(&parsed.diagnostics);
        let replayed = positions::replay(&game, source.kind != Kind::Invalid);
        result.row.variations += replayed.variations;
        result.row.positions += replayed.positions;
        for p in replayed.problems {
            let mut failure = Failure::new(&source.shown, p.message);
            failure.game = Some(i + 1);
            failure.ply = p.ply;
            result.failures.push(failure);
        }
    }
}
