//! The fast path of `cescacs check` (`ctl_pgn::internals::check_fast`, over `ctl_an::scan`) against
//! the full check: whenever the fast path calls a game clean, the full check must find nothing
//! at all in it, read exactly one game, and count the same plies. And it must call the common
//! games clean, or it would be a slow path with extra steps.

use std::path::Path;

use cescacs_gen::{Features, generate_game, generate_game_with};
use ctl_an::Limits;
use ctl_an::syntax::Movetext;
use ctl_pgn::internals::check_fast;
use ctl_pgn::reader::Chunks;
use ctl_pgn::{Check, Level};
use proptest::prelude::*;

const LEVELS: [Level; 3] = [Level::Syntax, Level::Coherence, Level::Rules];

/// The full check's verdict on one game text: its diagnostic codes, and the plies of its one
/// non-empty game (`None` when it has not exactly one).
fn full(text: &str, level: Level) -> (Vec<&'static str>, Option<usize>) {
    let codes = Check::new(level).text(text).diagnostics.iter().map(|d| d.code).collect();
    let games: Vec<_> = ctl_an::games(text)
        .filter(|g| {
            let mt = &g.game.movetext;
            !(g.game.tags.is_empty() && *mt == Movetext { span: mt.span, ..Movetext::default() })
        })
        .collect();
    let plies = (games.len() == 1).then(|| games[0].game.movetext.ply_count());
    (codes, plies)
}

/// Whether the fast path called `text` clean; panics when it was wrong to.
fn agrees(text: &str, level: Level) -> bool {
    let Some(clean) = check_fast(text, level, &Limits::DEFAULT) else { return false };
    let (codes, plies) = full(text, level);
    assert!(
        codes.is_empty() && plies == Some(clean.plies),
        "the fast path called this game clean at the {level:?} level, but the full check finds \
         {codes:?} and plies {plies:?} (fast: {}):\n{text}",
        clean.plies
    );
    true
}

/// The one-game chunks of a file, as `check` reads them (UTF-8 ones only: the others never
/// reach the fast path).
fn chunks(bytes: &[u8]) -> Vec<String> {
    Chunks::new(bytes)
        .map(|p| p.expect("reading from memory"))
        .filter_map(|p| ctl_pgn::decode::as_plain_text(&p.bytes).map(str::to_string))
        .collect()
}

fn corpus_texts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut out = Vec::new();
    for dir in ["valid", "invalid", "generated"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("corpus directory")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        files.sort();
        for file in files {
            let bytes = std::fs::read(&file).expect("corpus file");
            for chunk in chunks(&bytes) {
                out.push((file.display().to_string(), chunk));
            }
        }
    }
    out
}

#[test]
fn every_corpus_game_the_fast_path_calls_clean_is_clean() {
    let texts = corpus_texts();
    for level in LEVELS {
        let fast = texts.iter().filter(|(_, t)| agrees(t, level)).count();
        eprintln!("{level:?}: {fast} of {} corpus chunks clean by the fast path", texts.len());
    }
}

/// The forms of the generated games are the common ones: every one the full check finds
/// nothing in, the fast path must call clean, at every level.
#[test]
fn generated_games_take_the_fast_path() {
    let mut clean_games = 0;
    for index in 0..150 {
        let game = generate_game(2026, index, 200);
        for level in LEVELS {
            let (codes, _) = full(&game.text, level);
            let fast = agrees(&game.text, level);
            assert!(
                fast || !codes.is_empty(),
                "generated game {index} is clean at the {level:?} level but the fast path \
                 gave up on it:\n{}",
                game.text
            );
            clean_games += usize::from(fast);
        }
        // Files written on Windows: the same game with CRLF line ends takes the fast path too.
        if index % 10 == 0 {
            let crlf = game.text.replace('\n', "\r\n");
            for level in LEVELS {
                let (codes, _) = full(&crlf, level);
                assert!(agrees(&crlf, level) || !codes.is_empty(), "CRLF game {index}:\n{crlf}");
            }
        }
    }
    assert!(clean_games > 400, "only {clean_games} of 450 checks took the fast path");
}

/// The same games written with every feature of the generator (comments with every reference
/// form, nested and labelled variations, U+2010, FAN and Redefine letters, ratings and NAGs,
/// escaped tags): the full check finds nothing in them, and whatever the fast path calls
/// clean must be clean. (Whether it takes them all is the property of the scanner's tests and
/// of `check --stats`; here it may still leave some to the full check.)
#[test]
fn rich_generated_games_are_clean_and_never_called_clean_wrongly() {
    let mut fast_games = [0; 3];
    for index in 0..100 {
        let game = generate_game_with(2026, index, 200, &Features::RICH);
        for (k, level) in LEVELS.into_iter().enumerate() {
            let (codes, plies) = full(&game.text, level);
            assert!(codes.is_empty(), "rich game {index} at the {level:?} level: {codes:?}");
            assert_eq!(plies, Some(game.plies), "rich game {index}");
            fast_games[k] += usize::from(agrees(&game.text, level));
        }
        if index % 10 == 0 {
            for end in ["\r\n", "\r"] {
                let text = game.text.replace('\n', end);
                for level in LEVELS {
                    agrees(&text, level);
                }
            }
        }
    }
    eprintln!("rich games the fast path called clean (syntax, coherence, rules): {fast_games:?}");
}

/// Characters that change what a game says: digits, letters of hexes and pieces, move signs,
/// marks, brackets, line ends.
const ALPHABET: &[&str] = &[
    "0", "1", "2", "3", "5", "7", "9", "A", "B", "E", "F", "G", "H", "I", "J", "K", "L", "N", "R",
    "V", "D", "X", "Z", "P", "-", "×", "x", "+", "+^", "+∞", "++", "#", "!", "?", "=", "&", "@",
    ":", "*", "(", ")", "{", "}", "[", "]", "\"", ".", "…", ",", " ", "\n", "1-0", "3-0", "1-1",
    "$[2]", "#12@W", "~N", "\u{2010}", "\u{2658}", "\r", "\\", "$12", "#1[#1.1]", "~F14",
];

/// A game, plain or rich, with a few edits: replacements, insertions, deletions, each at a
/// char boundary.
fn mutated() -> impl Strategy<Value = String> {
    let edit = (any::<prop::sample::Index>(), 0..3u8, prop::sample::select(ALPHABET), 1..4usize);
    (0..40usize, any::<bool>(), prop::collection::vec(edit, 1..4)).prop_map(
        |(index, rich, edits)| {
            let features = if rich { Features::RICH } else { Features::PLAIN };
            let mut text = generate_game_with(7, index, 60, &features).text;
            for (at, kind, with, len) in edits {
                let at = at.index(text.len());
                cescacs_gen::edit(&mut text, at, kind, with, len);
            }
            text
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mutated_games_the_fast_path_calls_clean_are_clean(text in mutated()) {
        for level in LEVELS {
            agrees(&text, level);
        }
    }
}

/// Edits that keep the text well formed but make it wrong (a pair misnumbered, a check left
/// unmarked, a result the `Result` tag contradicts) must reach the full check.
#[test]
fn well_formed_but_wrong_games_are_left_to_the_full_check() {
    let game = (0..)
        .map(|index| generate_game(2026, index, 60).text)
        .find(|g| g.contains("+^") && g.ends_with("\n*\n"))
        .expect("a generated game with an adjoining check");
    // The first pair's number, five too high.
    let movetext = game.find("\n\n").expect("a blank line before the movetext") + 2;
    let digits = game[movetext..].find(|c: char| !c.is_ascii_digit()).expect("a number");
    let number: u32 = game[movetext..movetext + digits].parse().expect("a move number");
    let mut misnumbered = game.clone();
    misnumbered.replace_range(movetext..movetext + digits, &(number + 5).to_string());
    let cases =
        [misnumbered, game.replacen("+^", "", 1), format!("{}3-0\n", &game[..game.len() - 2])];
    for text in &cases {
        assert_ne!(*text, game, "the edit must change the game");
        let (codes, _) = full(text, Level::Rules);
        assert!(!codes.is_empty(), "the edit should be wrong:\n{text}");
        assert!(!agrees(text, Level::Rules), "the fast path called a wrong game clean:\n{text}");
    }
}
