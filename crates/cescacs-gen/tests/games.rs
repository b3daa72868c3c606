//! The generator's promises: the same seed gives the same games, and `--rich` writes the plain
//! games' moves with decorations only, every game clean at the rules level.

use cescacs_gen::{Features, GeneratedGame, generate_game, generate_game_with};
use ctl_an::syntax::MoveKind;

#[test]
fn same_seed_same_games() {
    let a: Vec<GeneratedGame> = (0..5).map(|i| generate_game(7, i, 60)).collect();
    let b: Vec<GeneratedGame> = (0..5).map(|i| generate_game(7, i, 60)).collect();
    assert_eq!(a, b);
    assert!(a.iter().all(|g| g.text.starts_with("[Variant \"C'escacs\"]\n")));
    assert_ne!(a[0], a[1]);
}

/// The main line of a game as the reader reads it: the hexes and separators of its moves
/// (letters and hyphens set aside), and the number of its plies.
fn main_line(text: &str) -> Vec<String> {
    let file = ctl_an::parse_file(text).file;
    let game = &file.games[0];
    game.movetext
        .pairs
        .iter()
        .flat_map(|p| std::iter::once(&p.white).chain(p.black.as_ref()))
        .map(|ply| match ply {
            ctl_an::syntax::Ply::Move(m) => match &m.kind {
                MoveKind::Ordinary(o) => format!(
                    "{}{}{}{:?}",
                    o.from.value,
                    u8::from(o.separator.value.is_capture()),
                    o.to.value,
                    m.check.map(|c| c.value)
                ),
                MoveKind::Castling(c) => format!("{}-{}", c.prefix(), c.columns()),
                MoveKind::ForcedPromotion(f) => f.hex.value.to_string(),
            },
            _ => "…".to_string(),
        })
        .collect()
}

/// `--rich` writes the plain games' moves, and only decorations change: every game is
/// clean at the rules level, and every feature shows up.
#[test]
fn rich_games_are_the_plain_games_written_richer_and_clean() {
    use ctl_pgn::{Check, Level};
    let mut seen = String::new();
    for index in 0..120 {
        let plain = generate_game(2026, index, 120);
        let rich = generate_game_with(2026, index, 120, &Features::RICH);
        assert_eq!(rich, generate_game_with(2026, index, 120, &Features::RICH));
        assert_eq!(main_line(&plain.text), main_line(&rich.text), "{}", rich.text);
        assert_eq!(plain.plies, rich.plies);
        let found = Check::new(Level::Rules).text(&rich.text).diagnostics;
        assert!(found.is_empty(), "rich game {index}: {found:#?}\n{}", rich.text);
        seen.push_str(&rich.text);
    }
    for form in [
        "[Redefine \"FAN\"]",
        "[Redefine \"",
        "[PDTL \"",
        "\\\"",
        "\u{2010}",
        "{ @W: ",
        "{ @B: ",
        "{: $",
        "@B ",
        "]@W",
        "($[",
        " .(",
        " ..",
        "{ ~",
        "[d]",
        "\u{25c7}",
        " $",
        "{ A random game",
        "{ over after #",
    ] {
        assert!(seen.contains(form), "no rich game writes `{form}`");
    }
    let path = regex_free_find(&seen, "[#", "#");
    assert!(path, "no reference through two labels");
}

/// Whether some `#n[#a.b#c.d]` (a path through two labelled variations) is written.
fn regex_free_find(text: &str, open: &str, inner: &str) -> bool {
    text.match_indices(open).any(|(at, _)| {
        let rest = &text[at + 1..];
        rest.find(']').is_some_and(|end| rest[1..end].contains(inner))
    })
}
