//! What `cescacs fmt --stdout FILE` prints, by the library's path (the one `ctl-cli`'s
//! `games::rewrite` takes): the stream cut into chunks, each decoded and parsed, nothing
//! written when the reader finds an error (or prose around games), else every game through the
//! canonical writer, one blank line between games. And the files of `corpus/`.

#![allow(dead_code)] // each test takes what it needs

use std::path::{Path, PathBuf};

use ctl_an::Limits;
use ctl_pgn::reader::Chunks;
use ctl_pgn::write::{WriteOptions, unwritable, write_game};

/// The checkout's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `*.ctl-pgn` file of `corpus/`, with its bytes, in a fixed order.
pub fn corpus_files() -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for dir in ["valid", "invalid", "generated"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("corpus").join(dir))
            .expect("corpus directory")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        paths.sort();
        out.extend(paths.into_iter().map(|p| {
            let bytes = std::fs::read(&p).expect("corpus file");
            (p, bytes)
        }));
    }
    out
}

/// The text `cescacs fmt --stdout` prints for `bytes`; `None` when it leaves them untouched.
pub fn fmt_stdout(bytes: &[u8]) -> Option<String> {
    let mut out = String::new();
    let mut games = 0;
    for chunk in Chunks::new(bytes) {
        let chunk = chunk.expect("reading memory");
        let decoded = ctl_pgn::decode::decode(chunk.bytes);
        let records: Vec<_> = ctl_an::games_with(&decoded.text, &Limits::DEFAULT).collect();
        if !unwritable(&decoded, &records).is_empty() {
            return None;
        }
        for record in records.iter().filter(|r| !r.game.is_empty()) {
            if games > 0 {
                out.push('\n');
            }
            out.push_str(&write_game(&record.game, WriteOptions::default()));
            games += 1;
        }
    }
    Some(out)
}
