//! `ctl_pgn::app`: the official app's move lists read and written (docs/APP.md).

use ctl_pgn::ParsedGame;
use ctl_pgn::app::{from_app, to_app};

/// "Show mvs" of the official engine for game 2026-612 of `cargo xtask app-interop`, after "Get".
const MATE: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:p2ep/23:ppeepp/22:2p4/21:2ep1p2/20:3p3/19:4p3/17:2N5/15:3j4/13:2j5/11:3P4/10:1P5/8:3P3/7:3EP3/6:2PJPP1/5:PP1EPP/4:1EJE1/3:RN1R/2:GJG/1:DK/0:V/ w RKRrkr - 1 7
7. A5-A9, JC13×B10
8. NC17×E21, JB10-P19
9. L5-X6, L23-K22
10. JF6-C15, B24-B18
11. NE21×GD26#";

#[test]
fn a_mate_gets_its_mark_and_its_result() {
    let r = from_app(MATE);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let text = r.text.unwrap();
    // The mate ends the game: no `:` after it, as the spec's games and `fmt` write it.
    assert!(text.ends_with("10. JF6-C15, B24-B18\n11. NE21×GD26#\n3-0\n"), "{text}");
    assert_eq!(r.positions.len(), 10);
}

#[test]
fn marks_are_computed_not_copied() {
    // A wrong mark in the app's text is replaced by the right one (here: none).
    let r = from_app("1. G7-G13+^, F20-F16\n");
    assert_eq!(r.text.unwrap().lines().nth(2), Some("1. G7-G13, F20-F16 :"));
}

#[test]
fn numbering_forms_of_the_app() {
    // `N?` (the app's unknown numbering) and `N.` are both read; the number itself is not checked.
    let a = from_app("1? G7-G13, F20-F16\n2. F8-F12\n").text.unwrap();
    let b = from_app("1. G7-G13, F20-F16\n2. F8-F12\n").text.unwrap();
    assert_eq!(a, b);
    // Without a PDTL line, `…` cannot start the list.
    assert_eq!(from_app("1. …, F20-F16\n").diagnostics[0].code, "E0705");
}

#[test]
fn errors_point_into_the_app_text() {
    let text = "1. G7-G13, F20-F16\n2. G13×F16, E21-E1\n";
    let r = from_app(text);
    let d = r.diagnostics.iter().find(|d| d.is_error()).expect("an error");
    assert_eq!(&text[d.span.range()], "E1");
    assert_eq!(r.text, None);
    assert_eq!(r.positions.len(), 4);
    // An app PDTL that does not read stops everything.
    let r = from_app("/27:1k/ w - - 0 1\n1. G7-G13\n");
    assert_eq!(r.diagnostics[0].code, "E0109");
}

#[test]
fn to_app_of_a_read_app_list_is_the_list() {
    let r = from_app(MATE);
    let text = r.text.unwrap();
    let game = ParsedGame::new(ctl_an::parse_file(&text).file.games.remove(0), &text);
    let app = to_app(&game).unwrap();
    // No `#`, and relative numbering (`1?`) from a start at move 7.
    assert!(app.moves.starts_with("1? A5-A9, JC13×B10\n2. NC17×E21, JB10-P19\n"), "{}", app.moves);
    assert!(app.moves.ends_with("5. NE21×GD26\n"), "{}", app.moves);
    assert_eq!(app.pdtl.as_deref(), MATE.lines().next());
    assert!(app.dropped.is_empty(), "{:?}", app.dropped);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Any text: no panic, every span inside the text on character boundaries.
    #[test]
    fn any_text_reads_without_panic(s in "(1[.?] ?|…|, |G7-G13|F20-F16|E13×F16|/27:1k/1:1K/ w - - 0 -|[A-Z0-9@×=\n -])*") {
        let r = from_app(&s);
        for d in &r.diagnostics {
            proptest::prop_assert!(d.span.end <= s.len());
            proptest::prop_assert!(s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end));
        }
        proptest::prop_assert_eq!(r.text.is_some(), !r.diagnostics.iter().any(|d| d.is_error()));
    }
}

/// A position written by hand in the app's style, which its "Load new" reads (lines out of order,
/// a Rook letter for a Rook that is not there, no clock nor move number), heads a move list:
/// read as the app reads it, with a warning for each change (docs/APP.md).
#[test]
fn a_hand_written_app_position_heads_a_move_list() {
    let r = from_app("/27:1k/25:r3/3:R2R/1:1K/5:4P1/ w RKRrkr -\n1. RC3-C13, KG27-F26\n");
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["W0118", "W0117", "W0119"], "{:?}", r.diagnostics);
    let text = r.text.expect("a game");
    assert!(text.contains("[PDTL \"/27:1k/25:r3/5:4P1/3:R2R/1:1K/ w RKRrk - 0 ?\"]"), "{text}");
    assert!(text.contains("1? RC3-C13, KG27-F26 :\n*"), "{text}");
}

/// The same position in a `[PDTL]` tag, with the app's `-` for an unknown move number: one
/// `E0125`, whose conversion reads it as the app does, and the moves are still replayed from it.
#[test]
fn a_hand_written_app_position_in_a_pdtl_tag_gets_e0125() {
    use ctl_pgn::{Check, Level};
    let text = "[Variant \"C'escacs\"]\n[PDTL \"/27:1k/25:r3/3:R2R/1:1K/5:4P1/ w RKRrkr - 0 -\"]\n\n1? RC3-C13, KG27-F26 :\n*\n";
    let found = Check::new(Level::Rules).text(text).diagnostics;
    let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["E0125"], "{found:?}");
    let help = found[0].help.join("\n");
    assert!(help.contains("`/27:1k/25:r3/5:4P1/3:R2R/1:1K/ w RKRrk - 0 ?`"), "{help}");
    assert!(found[0].notes.iter().any(|n| n.contains("placed on its line")), "{:?}", found[0]);
    // An illegal move after it is still found: the game is replayed from the app's position.
    let bad = text.replace("KG27-F26", "KG27-G23");
    let found = Check::new(Level::Rules).text(&bad).diagnostics;
    assert!(
        found.iter().any(|d| d.code.starts_with("E04") || d.code.starts_with("E05")),
        "{found:?}"
    );
}
