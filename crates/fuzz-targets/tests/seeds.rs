//! Every seed of the fuzzers and every recorded crash goes through every fuzz entry point, so
//! CI runs exactly what the fuzzers run (with the stable toolchain), and a found crash stays
//! fixed. Also: a corpus file with each of its bytes mutated, one at a time, never panics.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The files below `dir` (recursively), sorted.
fn files_below(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            files_below(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn seeds(dirs: &[&str]) -> Vec<(PathBuf, Vec<u8>)> {
    let mut paths = Vec::new();
    for dir in dirs {
        files_below(&root().join(dir), &mut paths);
    }
    paths.into_iter().map(|p| (p.clone(), std::fs::read(&p).expect("readable seed"))).collect()
}

#[test]
fn game_file_seeds_and_crashes_keep_every_invariant() {
    let files = seeds(&["corpus", "crates/ctl-an/tests/fixtures", "fuzz/regressions/game"]);
    let games = files.iter().filter(|(p, _)| p.extension().is_some_and(|e| e == "ctl-pgn"));
    let mut n = 0;
    for (path, bytes) in
        games.chain(files.iter().filter(|(p, _)| p.to_string_lossy().contains("regressions")))
    {
        eprintln!("{}", path.display());
        cescacs_fuzz_targets::lexer(bytes);
        cescacs_fuzz_targets::movetext(bytes);
        cescacs_fuzz_targets::check(bytes);
        cescacs_fuzz_targets::round_trip(bytes);
        cescacs_fuzz_targets::scan(bytes);
        n += 1;
    }
    assert!(n >= 10, "the corpus is missing: {n} files");
}

#[test]
fn pdtl_seeds_and_crashes_keep_every_invariant() {
    let files = seeds(&["fuzz/seeds/pdtl", "fuzz/regressions/pdtl"]);
    assert!(files.len() >= 10, "the PDTL seeds are missing");
    for (path, bytes) in &files {
        eprintln!("{}", path.display());
        cescacs_fuzz_targets::pdtl(bytes);
    }
}

/// Issue 7: mutating every byte of a corpus file, one at a time, never panics.
#[test]
fn every_single_byte_mutation_of_a_small_game_is_read_without_panic() {
    let path = root().join("corpus/valid/spec-fools-mate-X01-en.ctl-pgn");
    let original = std::fs::read(&path).expect("the corpus file");
    // Bytes that open or close structures, end lines, break UTF-8 or are plain noise.
    let replacements = [b'(', b'{', b'[', b'"', b'\n', 0x00, 0xFF, b'x'];
    let mut mutated = original.clone();
    for i in 0..original.len() {
        for &r in &replacements {
            mutated[i] = r;
            cescacs_fuzz_targets::check(&mutated);
        }
        mutated[i] = original[i];
    }
}
