//! `ctl_pgn::LazyReader` (what the Python module's `read_games` reads with) against
//! `ctl_pgn::Reader`: the same games, and for each the same text, start, tags, game (written
//! the same), reader diagnostics and main line at every level, whether the main line was
//! replayed from the scanner's events (no tree) or from the tree, and the positions of the
//! game model's main line. On the corpus, on generated
//! games plain and with every feature, on games starting from the app's PDTL, and on games
//! with errors in the middle.

use std::path::Path;

use cescacs_board::Letters;
use cescacs_gen::{Features, generate_game, generate_game_with};
use ctl_pgn::{Check, Game, LazyReader, Level, MainLine, Reader};
use proptest::prelude::*;

const LEVELS: [Level; 3] = [Level::Syntax, Level::Coherence, Level::Rules];

/// The main line with each position as its PDTL (which, unlike `Position`'s equality, shows
/// every field).
fn pdtl_of(line: &MainLine) -> Vec<String> {
    line.positions.iter().map(|p| pdtl::write(p, &Letters::standard())).collect()
}

/// Reads `bytes` both ways and compares every game; the number of games the scanner read.
fn agree(bytes: &[u8]) -> usize {
    let full: Vec<_> = Reader::new(bytes).collect::<Result<_, _>>().expect("reading memory");
    let lazy: Vec<_> = LazyReader::new(bytes).collect::<Result<_, _>>().expect("reading memory");
    let shown = || String::from_utf8_lossy(bytes).into_owned();
    assert_eq!(lazy.len(), full.len(), "games of:\n{}", shown());
    let mut scanned = 0;
    for (lazy, full) in lazy.iter().zip(&full) {
        scanned += usize::from(lazy.scanned());
        assert_eq!(lazy.start(), full.start);
        assert_eq!(lazy.text(), full.text);
        // Before the tree is built: tags and main lines from the scanner's events.
        assert_eq!(lazy.tags(), full.game.tags(), "tags of:\n{}", full.text);
        let before: Vec<MainLine> = LEVELS.iter().map(|&level| lazy.main_line(level)).collect();
        // The tree, built on demand, is the reader's: the same game and diagnostics.
        let read = lazy.read();
        assert_eq!((read.offset, read.start), (full.offset, full.start));
        assert_eq!(Game::from(read.game.clone()).to_string(), full.game.to_string());
        assert_eq!(read.diagnostics, full.diagnostics);
        // The main lines from the scanner's events are the tree's, at every level.
        for (level, ours) in LEVELS.into_iter().zip(before) {
            let theirs = read.game.main_line(level);
            assert_eq!(ours, theirs, "main line at {level:?} of:\n{}", full.text);
            assert_eq!(pdtl_of(&ours), pdtl_of(&theirs), "{level:?}:\n{}", full.text);
        }
        // The model's positions are the rules level's, as far as its moves are legal.
        let rules = lazy.main_line(Level::Rules);
        let model: Vec<_> = full
            .game
            .start()
            .cloned()
            .into_iter()
            .chain(full.game.main_line().map_while(|n| n.position()))
            .collect();
        if rules.error.is_none() || rules.error.as_ref().is_some_and(|e| e.code.starts_with("E05"))
        {
            assert_eq!(model, rules.positions, "model positions of:\n{}", full.text);
        }
        assert_eq!(lazy.tags(), full.game.tags());
    }
    scanned
}

#[test]
fn every_corpus_file_reads_the_same_games() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut all = Vec::new();
    let (mut files, mut scanned) = (0, 0);
    for dir in ["valid", "invalid", "generated"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("corpus directory")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("corpus file");
            scanned += agree(&bytes);
            files += 1;
            all.extend_from_slice(&bytes);
            all.push(b'\n');
        }
    }
    // The whole corpus as one stream too: games after games of every kind.
    agree(&all);
    assert!(files > 50 && scanned > 20, "{files} files, {scanned} games scanned");
}

#[test]
fn generated_games_are_scanned_and_read_the_same() {
    let mut text = String::new();
    for index in 0..60 {
        text.push_str(&generate_game(2026, index, 200).text);
    }
    assert_eq!(agree(text.as_bytes()), 60, "every plain generated game is read by the scanner");
    assert_eq!(agree(text.replace('\n', "\r\n").as_bytes()), 60);
}

/// Every feature of the generator: comments with every reference form, nested and labelled
/// variations, U+2010, FAN and Redefine letters, ratings and NAGs, escaped tags.
#[test]
fn rich_generated_games_read_the_same() {
    let mut text = String::new();
    for index in 0..60 {
        text.push_str(&generate_game_with(2026, index, 200, &Features::RICH).text);
    }
    let scanned = agree(text.as_bytes());
    eprintln!("rich generated games the scanner read: {scanned} of 60");
    assert!(scanned > 0);
}

/// A game whose `PDTL` tag is written in the official app's dialect (`E0125`) is replayed
/// from the position it means there: the scanner reads it (the parser has nothing to say).
#[test]
fn app_dialect_starts_read_the_same() {
    let app = "[Variant \"C'escacs\"]\n[PDTL \"/27:1k/25:r3/3:R3/1:1K/ w KR - 0 -\"]\n\n\
               1. RC3-C13, KG27-F26\n2. RC13-C17 :\n*\n";
    assert_eq!(agree(app.as_bytes()), 1);
    let line = LazyReader::new(app.as_bytes()).next().expect("a game").expect("memory");
    assert_eq!(line.main_line(Level::Rules).positions.len(), 4);
    assert_eq!(Check::new(Level::Rules).game(&line.read().game)[0].code, "E0125");
}

/// Characters that change what a game says (a subset of the fast path's test's alphabet).
const ALPHABET: &[&str] = &[
    "0", "1", "7", "9", "A", "E", "G", "J", "K", "N", "R", "Z", "-", "×", "x", "+", "+^", "#", "!",
    "?", "=", ":", "*", "(", ")", "{", "}", "[", "]", "\"", ".", "…", ",", " ", "\n", "1-0",
    "$[2]", "#12@W", "\u{2010}", "\u{2658}", "\r", "\\", "\u{FFFD}",
];

/// Two games, plain or rich, the first with a few edits (errors in the middle of a game, or
/// games split or merged), then a clean one.
fn mutated() -> impl Strategy<Value = Vec<u8>> {
    let edit = (any::<prop::sample::Index>(), 0..3u8, prop::sample::select(ALPHABET), 1..4usize);
    (0..40usize, any::<bool>(), prop::collection::vec(edit, 1..4), any::<bool>()).prop_map(
        |(index, rich, edits, bad_byte)| {
            let features = if rich { Features::RICH } else { Features::PLAIN };
            let mut text = generate_game_with(7, index, 60, &features).text;
            for (at, kind, with, len) in edits {
                let at = at.index(text.len());
                cescacs_gen::edit(&mut text, at, kind, with, len);
            }
            text.push_str(&generate_game_with(7, index + 1, 30, &features).text);
            let mut bytes = text.into_bytes();
            if bad_byte {
                // Invalid UTF-8 somewhere: that chunk is decoded and read the full way.
                let at = bytes.len() / 3;
                bytes.insert(at, 0xFF);
            }
            bytes
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn games_with_errors_read_the_same(bytes in mutated()) {
        agree(&bytes);
    }
}
