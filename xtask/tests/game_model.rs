//! The game model on generated games, plain and with every feature of the generator (comments
//! with every reference form, nested and labelled variations, U+2010, FAN and `Redefine`
//! letters, ratings and NAGs, escaped tags): read and written again, and rebuilt through the
//! model's API by `crates/ctl-pgn/examples/rebuild.rs`, each game gives exactly the text that
//! `cescacs fmt` writes for it.

#[path = "../../crates/ctl-pgn/examples/rebuild.rs"]
mod rebuild;

use cescacs_gen::{Features, generate_game_with};
use ctl_pgn::read_str;
use ctl_pgn::write::{WriteOptions, write_file};

/// What `cescacs fmt` writes for a text without errors: its syntax tree written canonically.
fn fmt(text: &str) -> String {
    let parsed = ctl_an::parse_file(text);
    assert!(!parsed.has_errors(), "{:?}", parsed.diagnostics);
    write_file(&parsed.file, WriteOptions::default())
}

fn agree(features: &Features, seed: u64, games: usize) {
    let mut notes = 0;
    for index in 0..games {
        let text = generate_game_with(seed, index, 200, features).text;
        let expected = fmt(&text);
        let read = read_str(&text);
        let written: Vec<String> = read.iter().map(|r| r.game.to_string()).collect();
        assert_eq!(written.join("\n"), expected, "game {index}:\n{text}");
        let rebuilt = rebuild::rebuild(text.as_bytes()).expect("reading memory");
        assert_eq!(rebuilt.text, expected, "game {index}:\n{text}");
        notes += rebuilt.notes.len();
    }
    // Generated games are legal: every move is chosen among the legal ones.
    assert_eq!(notes, 0);
}

#[test]
fn plain_generated_games_are_read_and_rebuilt_as_fmt_writes_them() {
    agree(&Features::PLAIN, 39, 40);
}

#[test]
fn rich_generated_games_are_read_and_rebuilt_as_fmt_writes_them() {
    agree(&Features::RICH, 39, 120);
}
