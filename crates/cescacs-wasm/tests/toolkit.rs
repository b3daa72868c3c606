//! The bindings' API natively: what each function gives, and that hostile input gives values,
//! never a panic (which would abort the WebAssembly module). The same API under node against the
//! CLI: tests/js/cescacs.test.mjs.

use cescacs_wasm::toolkit::{
    self, CheckOptions, FormatOptions, GameReplayed, PdtlOptions, ReplayOptions, SvgOptions,
    ViewerOptions,
};

const GAME: &str =
    "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16) (1. F8-F12)\n2. EE5-E11: *\n";

#[test]
fn check_numbers_games_across_chunks_and_caps_like_the_cli() {
    let two = format!("{GAME}\n{GAME}");
    let options = CheckOptions { max_errors: 1, ..CheckOptions::default() };
    let checked = toolkit::check(two.as_bytes(), &options).unwrap();
    assert_eq!((checked.summary.games, checked.summary.errors), (2, 2));
    assert_eq!(checked.diagnostics.len(), 1);
    assert_eq!(checked.omitted, 1);
    let all = toolkit::check(two.as_bytes(), &CheckOptions::default()).unwrap();
    let games: Vec<_> = all.diagnostics.iter().map(|d| d.data.game).collect();
    assert_eq!(games, [Some(1), Some(2)]);
    assert_eq!(all.diagnostics[1].data.ply, Some(3));
    let bad = CheckOptions { level: "deep".into(), ..CheckOptions::default() };
    assert_eq!(toolkit::check(&b""[..], &bad).unwrap_err().code, "invalid-options");
}

#[test]
fn format_writes_canonically_and_refuses_syntax_errors() {
    let text = "[Variant \"C'escacs\"]\n1. E7-E13,E21-E15 :*\n";
    let formatted = toolkit::format(text.as_bytes(), &FormatOptions::default()).unwrap();
    assert_eq!(
        toolkit::format(formatted.as_bytes(), &FormatOptions::default()).unwrap(),
        formatted
    );
    let broken =
        toolkit::format(&b"[Variant \"C'escacs\"]\n1. E7xE13 *\n"[..], &FormatOptions::default());
    let e = broken.unwrap_err();
    assert_eq!(e.code, "syntax-errors");
    assert!(!e.diagnostics.is_empty());
    // The diagnostics given are capped as `cescacs fmt --max-errors` caps them.
    let many = format!("[Variant \"C'escacs\"]\n{}*\n", "1. E7xE13 ".repeat(300));
    let e = toolkit::format(many.as_bytes(), &FormatOptions::default()).unwrap_err();
    assert_eq!(e.diagnostics.len(), 100);
    let all = FormatOptions { max_errors: 0, ..FormatOptions::default() };
    assert!(toolkit::format(many.as_bytes(), &all).unwrap_err().diagnostics.len() > 100);
}

#[test]
fn pdtl_reads_and_writes_both_dialects() {
    let read = toolkit::read_pdtl("start", &PdtlOptions::default()).unwrap();
    let (spec, app) = (read.spec.unwrap(), read.app.unwrap());
    let to_app = PdtlOptions { to: "app".into(), ..PdtlOptions::default() };
    assert_eq!(toolkit::write_pdtl(&spec, &to_app).unwrap(), app);
    let back = PdtlOptions { from: "app".into(), to: "spec".into() };
    assert_eq!(toolkit::write_pdtl(&app, &back).unwrap(), spec);
    let bad = toolkit::write_pdtl("/1:K/ x", &PdtlOptions::default()).unwrap_err();
    assert!(bad.code.starts_with("E01"), "{}", bad.code);
    assert_eq!(toolkit::legal_moves("start").unwrap().len(), 68);
}

/// Every record of `text` replayed one at a time.
fn replayed(text: &str) -> Vec<GameReplayed> {
    let games = toolkit::replay_games(text.as_bytes(), &ReplayOptions::default()).unwrap();
    games.collect::<Result<_, _>>().unwrap()
}

#[test]
fn replay_gives_every_line_with_its_branch_point() {
    let games = replayed(GAME);
    // The whole-text `replay` gives the same, as JSON.
    let whole = toolkit::replay(GAME.as_bytes(), &ReplayOptions::default()).unwrap();
    assert_eq!(whole, [toolkit::game_json(&games[0]).unwrap()]);
    let main = games[0].main.as_ref().unwrap();
    assert_eq!(games[0].tags[0].name, "Variant");
    assert_eq!(
        main.plies.iter().map(|p| p.written.as_str()).collect::<Vec<_>>(),
        ["E7-E13", "E21-E15"]
    );
    let error = main.error.as_ref().expect("EE5-E11 is not a move of White's");
    assert_eq!(games[0].diagnostics, std::slice::from_ref(error));
    assert_eq!((error.data.game, error.data.ply), (Some(1), Some(3)));
    let replaces: Vec<_> = main.variations.iter().map(|v| v.replaces).collect();
    assert_eq!(replaces, [1, 0]);
    let black = main.variations[0].line.as_ref().unwrap();
    assert_eq!(black.start, main.plies[0].pdtl);
    assert_eq!(black.plies[0].written, "F20-F16");
}

#[test]
fn replay_reports_every_error_of_the_cli() {
    // `cescacs replay` on this text reports E0217 and E0204 (the node tests compare with it).
    let games = replayed("1. A1-A9 *\n");
    let codes: Vec<_> = games[0].diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0217", "E0204"]);
    let main = games[0].main.as_ref().unwrap();
    assert!(main.plies.is_empty() && main.error.is_none());
    // Text around games is given for its errors, without a number; the games are numbered.
    let games = replayed(&format!("hello there\n{GAME}{GAME}"));
    let numbers: Vec<_> = games.iter().map(|g| g.game).collect();
    assert_eq!(numbers, [None, Some(1), Some(2)]);
    let codes: Vec<_> = games[0].diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0217", "E0210"]);
    assert!(games[0].main.is_none() && games[0].tags.is_empty());
}

#[test]
fn replay_locates_each_diagnostic_as_check_does() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/invalid");
    let mut texts: Vec<String> = std::fs::read_dir(corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned())
        .collect();
    // Several chunks, CRLF line ends, a byte order mark, wide characters, records on one line.
    let bad = "[Variant \"C'escacs\"] {é𝄞} 1. E7-E13 (1. EE5-E11), E21-E15\r\n2. EE5-E11: *";
    texts.push(format!("\u{FEFF}{bad}\r\n{bad} 1. A1-A9 * 1. E7-E13 ) *\r{bad}"));
    let mut compared = 0;
    for text in &texts {
        let all = CheckOptions { max_errors: 0, ..CheckOptions::default() };
        let checked = toolkit::check(text.as_bytes(), &all).unwrap().diagnostics;
        for game in replayed(text) {
            // The game's, and where each of its lines stops.
            let mut found = game.diagnostics.clone();
            let mut lines: Vec<_> = game.main.into_iter().collect();
            while let Some(line) = lines.pop() {
                found.extend(line.error);
                lines.extend(line.variations.into_iter().filter_map(|v| v.line));
            }
            for d in &found {
                let same = checked.iter().find(|c| c.code == d.code && c.data.span == d.data.span);
                let Some(same) = same else { continue };
                assert_eq!(
                    (&d.range, &d.related_information),
                    (&same.range, &same.related_information),
                    "{text}"
                );
                assert_eq!((d.data.game, d.data.ply), (same.data.game, same.data.ply), "{text}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "{compared} diagnostics compared");
}

#[test]
fn replay_games_gives_the_records_of_one_chunk_one_at_a_time() {
    // Games without tags: all in one chunk, each with its error on its own line.
    let flood = "1. E7-E13 *\n".repeat(3_000);
    let mut games = 0;
    for game in toolkit::replay_games(flood.as_bytes(), &ReplayOptions::default()).unwrap() {
        let game = game.unwrap();
        games += 1;
        assert_eq!(game.game, Some(games));
        assert_eq!(game.main.unwrap().plies.len(), 1);
        let d = &game.diagnostics[0];
        assert_eq!((d.code.as_str(), d.range.start.line as usize), ("E0217", games - 1));
    }
    assert_eq!(games, 3_000);
}

#[test]
fn the_app_formats_and_the_board() {
    let app = toolkit::to_app(GAME.as_bytes()).unwrap();
    assert_eq!(app.len(), 1);
    assert!(app[0].text.is_none(), "the main line has an illegal move");
    let from = toolkit::from_app("1. E7-E13, E21-E15\n");
    assert!(from.text.unwrap().contains("1. E7-E13, E21-E15"));
    let svg = toolkit::board_svg("start", &SvgOptions::default()).unwrap();
    assert!(svg.starts_with("<svg"));
}

#[test]
fn hostile_input_gives_values() {
    let inputs: Vec<Vec<u8>> = vec![
        vec![b'['; 1 << 20],
        vec![b'('; 1 << 16],
        "1. E7-E13 (".repeat(20_000).into_bytes(),
        vec![0xFF, 0xFE, 0, b'[', 0xC3],
        "\u{FFFD}[Variant \"\u{FFFD}\"] 1. E7\u{FFFD}-E13".into(),
    ];
    for bytes in &inputs {
        let text = String::from_utf8_lossy(bytes);
        let _ = toolkit::check(bytes.as_slice(), &CheckOptions::default()).unwrap();
        let _ = toolkit::format(bytes.as_slice(), &FormatOptions::default());
        let _ = toolkit::replay(bytes.as_slice(), &ReplayOptions::default()).unwrap();
        let _ = toolkit::to_app(bytes.as_slice()).unwrap();
        let _ = toolkit::from_app(&text);
        let _ = toolkit::read_pdtl(&text, &PdtlOptions::default()).unwrap();
        let _ = toolkit::legal_moves(&text);
        let _ = toolkit::moves(&text);
        let _ = toolkit::games(bytes.as_slice()).unwrap();
        for at in [0, usize::MAX] {
            let options = toolkit::AddMoveOptions { at, played: "E7-E13".into() };
            let _ = toolkit::add_move(&text, &options);
        }
        let _ = toolkit::viewer(bytes, &ViewerOptions::default());
        let _ = toolkit::viewer(bytes, &ViewerOptions { at: usize::MAX, ..Default::default() });
        let checked = toolkit::check(bytes.as_slice(), &CheckOptions::default()).unwrap();
        let fixes: Vec<_> = checked.diagnostics.iter().flat_map(|d| d.data.fixes.clone()).collect();
        let _ = toolkit::apply_fixes(&text, &fixes);
    }
}

#[test]
fn viewer_shows_the_chunk_that_holds_the_offset_with_its_moves_offsets() {
    let two = format!("{GAME}\n{GAME}");
    let second = GAME.len() + 1;
    let page = toolkit::viewer(two.as_bytes(), &ViewerOptions::default());
    assert_eq!((page.start, page.end, page.first_game, page.games.len()), (0, second, 1, 1));
    let page =
        toolkit::viewer(two.as_bytes(), &ViewerOptions { at: second + 30, ..Default::default() });
    assert_eq!((page.start, page.first_game, page.games.len()), (second, 2, 1));
    assert!(page.sections.contains("class=\"mv\""));
    // Each node's `at` is where its move starts in the whole text.
    let at: Vec<usize> = page.games[0]["at"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(&two[at[1]..at[1] + 6], "E7-E13");
    assert_eq!(at[0], second);
    // Past the end: the last chunk; an empty text: the start position, a board to play on,
    // without a section.
    let page =
        toolkit::viewer(two.as_bytes(), &ViewerOptions { at: 1 << 40, ..Default::default() });
    assert_eq!(page.first_game, 2);
    let empty = toolkit::viewer(b"", &ViewerOptions::default());
    assert_eq!((empty.games.len(), empty.sections.as_str()), (1, ""));
    assert_eq!(empty.games[0]["nodes"].as_array().map(Vec::len), Some(1));
    assert_eq!(empty.games[0]["at"], serde_json::json!([0]));
    // A King in check is named on its node (12th field): White's, mated at the end.
    let mate = include_str!("../../../corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn");
    let page = toolkit::viewer(mate.as_bytes(), &ViewerOptions::default());
    let nodes = page.games[0]["nodes"].as_array().unwrap();
    let end = nodes.iter().rfind(|n| n[0] == "g1-m6b").unwrap();
    assert_eq!(end[11], "G1", "{end}");
    assert!(nodes[0][11].is_null());
    assert!(!toolkit::viewer_board().is_empty());
}

#[test]
fn fixes_of_the_check_make_the_text_clean() {
    let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n*\n";
    let checked = toolkit::check(text.as_bytes(), &CheckOptions::default()).unwrap();
    let fixes: Vec<_> = checked.diagnostics.iter().flat_map(|d| d.data.fixes.clone()).collect();
    assert!(!fixes.is_empty());
    let fixed = toolkit::apply_fixes(text, &fixes);
    assert!(fixed.contains("E21-E15:"), "{fixed}");
    let again = toolkit::check(fixed.as_bytes(), &CheckOptions::default()).unwrap();
    assert_eq!(again.diagnostics.len(), 0, "{fixed}");
    // A fix out of the text is left out.
    let mut out = fixes[0].clone();
    out.span.start = 1 << 30;
    out.span.end = 1 << 30;
    assert_eq!(toolkit::apply_fixes(text, &[out]), text);
}
