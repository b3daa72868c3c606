//! Playing on the board through the bindings' API: a position's moves as values, moves added
//! to a text's games by the game model, the list of a text's games. The same in a browser, by
//! clicks: tests/js/play.test.mjs.

use cescacs_wasm::toolkit::{self, AddMoveOptions, CheckOptions, MoveAdded};

fn corpus(name: &str) -> String {
    let path = format!("{}/../../corpus/valid/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn add(text: &str, at: usize, played: &str) -> MoveAdded {
    toolkit::add_move(text, &AddMoveOptions { at, played: played.into() })
        .unwrap_or_else(|e| panic!("{played} at {at}: {e:?}\n{text}"))
}

/// The main line's moves as the model writes them (with their check marks).
fn main_line(text: &str) -> Vec<String> {
    let games = ctl_pgn::read_str(text);
    let game = &games.iter().find(|g| !g.game.is_empty()).expect("a game").game;
    game.main_line().map(|n| n.board_move().expect("legal").to_string()).collect()
}

#[test]
fn moves_give_where_each_goes_and_its_canonical_text() {
    let moves = toolkit::moves("start").unwrap();
    let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, toolkit::legal_moves("start").unwrap());
    let e7 = moves.iter().find(|m| m.text == "E7-E13").unwrap();
    assert_eq!((e7.from.as_str(), e7.to.as_str(), e7.piece), ("E7", "E13", 'P'));
    assert_eq!((e7.captured, e7.promotion, &e7.castling, e7.check), (None, None, &None, None));
    // After 1. H6-H12 A23-T22 2. I5-I9 H22-I21: the King's leap and two castlings from G1 to H6.
    let text = add(
        &add(&add(&add("", 0, "H6-H12").text, 99, "A23-T22").text, 99, "I5-I9").text,
        999,
        "H22-I21",
    )
    .text;
    let games = ctl_pgn::read_str(&text);
    let end = games[0].game.root().end().position().unwrap();
    let pdtl = pdtl::to_string(&end);
    let to_h6: Vec<_> = toolkit::moves(&pdtl)
        .unwrap()
        .into_iter()
        .filter(|m| m.from == "G1" && m.to == "H6")
        .collect();
    let texts: Vec<&str> = to_h6.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["KG1-H6", "KRK-HIO", "KRK-HIOO"]);
    assert_eq!(to_h6[1].castling.as_deref(), Some("KRK-HIO"));
    assert_eq!((to_h6[1].piece, to_h6[0].castling.as_deref()), ('K', None));
    // A capture with the check it gives.
    let p = "/14:3k3/8:3E3/1:1K/ w - - 0 1";
    let check: Vec<_> =
        toolkit::moves(p).unwrap().into_iter().filter(|m| m.check.is_some()).collect();
    assert!(check.iter().any(|m| m.text == "EF8-F10+∞" && m.check == Some("+∞")), "{check:?}");
    assert!(toolkit::moves("not a pdtl").unwrap_err().code.starts_with("E01"));
}

#[test]
fn a_game_clicked_move_by_move_from_an_empty_text_is_the_game() {
    let source = corpus("spec-A0001-43.ctl-pgn");
    let moves = main_line(&source);
    let (mut text, mut at) = (String::new(), 0);
    for (i, m) in moves.iter().enumerate() {
        let added = add(&text, at, m);
        assert_eq!(added.added, if i == 0 { "game" } else { "line" });
        assert!(
            added.text[added.at..].starts_with(m.trim_end_matches(['+', '^', '∞', '#'])),
            "{m}"
        );
        (text, at) = (added.text, added.at);
    }
    assert_eq!(main_line(&text), moves);
    // Canonical and clean: the mate ends the game, with its result.
    assert_eq!(toolkit::format(text.as_bytes(), &Default::default()).unwrap(), text);
    let checked = toolkit::check(text.as_bytes(), &CheckOptions::default()).unwrap();
    assert_eq!(checked.diagnostics.len(), 0, "{:?}", checked.diagnostics);
    assert!(text.ends_with("VD10-E5#\n0-3\n"), "{text}");
}

#[test]
fn a_move_where_the_line_goes_on_is_a_variation_and_one_already_there_is_found() {
    let (mut text, mut at) = (String::new(), 0);
    for m in ["E7-E13", "E21-E15", "F8-F12"] {
        (text, at) = {
            let a = add(&text, at, m);
            (a.text, a.at)
        };
    }
    assert_eq!(text, "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n2. F8-F12 :\n*\n");
    // Black's other answer after White's first move: a variation numbered `1. …,`.
    let white = text.find("E7-E13").unwrap();
    let other = add(&text, white, "F20-F16");
    assert_eq!(other.added, "variation");
    assert_eq!(
        other.text,
        "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n(1. …, F20-F16)\n2. F8-F12 :\n*\n"
    );
    assert_eq!(&other.text[other.at..other.at + 7], "F20-F16");
    // Its continuation goes into the variation, without `:`.
    let on = add(&other.text, other.at, "F8-F12");
    assert_eq!(on.added, "line");
    assert!(on.text.contains("(1. …, F20-F16\n.2. F8-F12)\n2. F8-F12 :\n"), "{}", on.text);
    // The main line's move, or the variation's first, played again: nothing changes.
    for m in ["E21-E15", "F20-F16"] {
        let again = add(&on.text, white, m);
        assert_eq!((again.added, again.text.as_str()), ("none", on.text.as_str()));
        assert_eq!(&on.text[again.at..again.at + m.len()], m);
    }
}

#[test]
fn only_the_game_played_on_is_rewritten() {
    let first = "[Variant \"C'escacs\"]   [White \"Puig\"] 1. E7-E13,E21-E15 :   *\n";
    let second = "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15 :\n*\n";
    let text = format!("{first}\n{second}");
    let at = text.rfind("E21-E15").unwrap();
    let added = add(&text, at, "F8-F12");
    assert_eq!(
        added.text,
        format!("{first}\n[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15\n2. F8-F12 :\n*\n")
    );
    // In the first game: it is written canonically, the second is kept as it is.
    let added = add(&text, text.find("E21").unwrap(), "F8-F12");
    assert!(added.text.ends_with(&format!("\n{second}")), "{}", added.text);
    assert!(
        added.text.starts_with(
            "[Variant \"C'escacs\"]\n[White \"Puig\"]\n\n1. E7-E13, E21-E15\n2. F8-F12 :\n*\n"
        ),
        "{}",
        added.text
    );
    // In a text of white space: a new game in its place.
    let added = add(" \n\n", 3, "E7-E13");
    assert_eq!(added.text, "[Variant \"C'escacs\"]\n\n1. E7-E13 :\n*\n");
    // Text that is not read as a game (a record without tags) is not rewritten.
    let e = toolkit::add_move("{ notes }\n", &AddMoveOptions { at: 3, played: "E7-E13".into() });
    assert_eq!(e.unwrap_err().code, "syntax-errors");
}

#[test]
fn what_cannot_be_played_is_refused_with_the_checker_s_words() {
    let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 :\n*\n";
    let refused = |text: &str, at: usize, m: &str| {
        toolkit::add_move(text, &AddMoveOptions { at, played: m.into() }).unwrap_err()
    };
    let e = refused(text, text.len(), "EE5-E11");
    assert_eq!(e.code, "E0501", "{e:?}");
    assert!(e.message.starts_with("EE5-E11: "), "{}", e.message);
    assert!(refused(text, 0, "E7-E14").code.starts_with("E02"));
    let broken = "[Variant \"C'escacs\"]\n1. E7-E13,, E21-E15 :\n*\n";
    let e = refused(broken, 30, "F8-F12");
    assert_eq!(e.code, "syntax-errors");
    assert!(!e.diagnostics.is_empty());
    let stopped = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11 :\n*\n";
    assert_eq!(refused(stopped, stopped.find("EE5").unwrap(), "F20-F16").code, "no-position");
    let mate = corpus("spec-fools-mate-X01-en.ctl-pgn");
    assert_eq!(refused(&mate, mate.rfind('#').unwrap(), "F8-F12").code.as_str(), "E0502");
}

#[test]
fn games_lists_each_game_with_where_it_starts_and_its_tags() {
    let text = corpus("spec-A0001-43.ctl-pgn") + "\n" + &corpus("edge-castling-and-leap.ctl-pgn");
    let list = toolkit::games(text.as_bytes()).unwrap();
    let checked = toolkit::check(text.as_bytes(), &CheckOptions::default()).unwrap();
    assert_eq!(list.len(), checked.summary.games);
    for (i, g) in list.iter().enumerate() {
        assert_eq!(g.game, i + 1);
        assert!(text[g.start..].starts_with("[Variant"), "{}", &text[g.start..]);
        // The viewer shows that game there.
        let page = toolkit::viewer(
            text.as_bytes(),
            &toolkit::ViewerOptions { at: g.start, ..Default::default() },
        );
        assert_eq!(page.first_game, g.game);
    }
    let white = list[0].tags.iter().find(|t| t.name == "White").unwrap();
    assert_eq!(white.value, "Ros, Xus");
    assert!(toolkit::games(&b""[..]).unwrap().is_empty());
}
