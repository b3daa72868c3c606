//! A downstream program written against the front doors of `ctl-pgn` and `pdtl` only (items at
//! their roots): it checks a game file, reads its first game into the game model and walks its
//! main line's positions, and reads a PDTL back for each of them.
//!
//! `cargo run -p ctl-pgn --example front_door -- corpus/valid/edge-castling-and-leap.ctl-pgn`
//!
//! `crates/ctl-pgn/tests/front_door.rs` runs [`summary`] on the corpus.

use std::fs::File;
use std::io;
use std::path::Path;
use std::process::ExitCode;

use ctl_pgn::{Check, Level, Reader};

/// What the program finds in a file.
#[derive(Debug, Default)]
pub struct Summary {
    /// `CODE at byte N: message`, for every diagnostic of the file at the rules level.
    pub problems: Vec<String>,
    /// The positions of the first game's main line (the start, then one per ply), as PDTL.
    pub positions: Vec<String>,
    /// Why the main line stopped early, if it did.
    pub stop: Option<String>,
}

/// Checks the file at `path`, then replays its first game and reads each position's PDTL back.
pub fn summary(path: &Path) -> io::Result<Summary> {
    let mut out = Summary::default();
    // 1. Check: the file game by game, memory bounded by its largest game.
    for chunk in Check::new(Level::Rules).stream(File::open(path)?) {
        let (start, chunk) = chunk?;
        for d in &chunk.checked.diagnostics {
            let at = start.offset + d.span.start;
            out.problems.push(format!("{} at byte {at}: {}", d.code, d.message));
        }
    }
    // 2. Replay: the first game's main line, position by position, as far as its moves are
    // legal (a node without its board move says why).
    let Some(first) = Reader::new(File::open(path)?).next().transpose()? else { return Ok(out) };
    let game = &first.game;
    let played = game.main_line().map_while(|n| n.position());
    let positions: Vec<_> = game.start().cloned().into_iter().chain(played).collect();
    let stop = game.main_line().find_map(|n| n.play_error());
    out.stop = stop.map(|e| format!("{}: {e}", e.code()));
    // 3. PDTL: each position written and read back (with the game's letters).
    let letters = game.letters();
    for position in &positions {
        let text = pdtl::write(position, letters);
        let back = pdtl::read(&text, letters);
        if back.position.as_ref() != Some(position) {
            return Err(io::Error::other(format!("{text} does not read back")));
        }
        out.positions.push(text);
    }
    Ok(out)
}

#[allow(dead_code)] // the test includes this file for `summary` only
fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: front_door FILE.ctl-pgn");
        return ExitCode::from(2);
    };
    match summary(Path::new(&path)) {
        Ok(found) => {
            for p in &found.problems {
                println!("{p}");
            }
            for (ply, p) in found.positions.iter().enumerate() {
                println!("{ply:>4} {p}");
            }
            if let Some(stop) = &found.stop {
                println!("stopped: {stop}");
            }
            ExitCode::from(u8::from(!found.problems.is_empty()))
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
