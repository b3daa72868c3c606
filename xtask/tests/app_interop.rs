//! The official engine's answers (recorded by `cargo xtask app-interop --record`, see
//! `xtask/app-interop/answers.jsonl` and docs/APP.md) checked against our app dialect, without
//! node; and the round trip `convert --to app` then `--from app` on generated games.
//!
//! The answers were recorded with the driver's promotion workaround (the engine's shipped build
//! throws on every promotion; the driver wraps `Game.prototype.pushMove`, docs/APP.md).

use std::path::Path;

use cescacs_gen::generate_game;
use ctl_an::syntax::Ply;
use ctl_pgn::ParsedGame;
use ctl_pgn::app::{from_app, to_app};
use xtask::app_interop::{Answer, Totals, check};

fn answers() -> Vec<Answer> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("app-interop/answers.jsonl");
    let text = std::fs::read_to_string(&path).expect("the recorded answers");
    text.lines().map(|l| serde_json::from_str(l).expect("an answer")).collect()
}

#[test]
fn every_recorded_engine_answer_agrees_with_us() {
    let answers = answers();
    assert!(answers.len() >= 300, "{} answers", answers.len());
    let mut totals = Totals::default();
    for a in &answers {
        let v = check(a);
        totals.add(a, &v);
        // The one thing the engine cannot load: a list of a single White move ("Load mvs" wants
        // a pair on the first line).
        if let Some(reason) = &v.engine_failure {
            assert!(reason.contains("first move must be a numbered pair"), "{}: {reason}", a.id);
            assert_eq!(a.list.lines().count(), 1, "{}", a.id);
            assert!(!a.list.contains(','), "{}", a.id);
        }
    }
    assert!(totals.differences.is_empty(), "{}", totals.report());
    // Every ply the engine played reads as our position (or differs only in the castling field
    // its dialect cannot make unambiguous).
    assert_eq!(totals.plies.0, totals.plies.1 + totals.plies.2, "{}", totals.report());
    assert_eq!(totals.starts.0, totals.starts.1);
    assert_eq!(totals.shows, totals.games);
    assert_eq!(totals.loads + totals.loads_ambiguous + totals.failures.len(), totals.games);
    // The recorded games use every feature.
    let lists: String = answers.iter().map(|a| a.list.as_str()).collect();
    for feature in ["KR", "@", "=", "×", "\u{2026}", "1?"] {
        assert!(lists.contains(feature), "no `{feature}` in the recorded lists");
    }
    assert!(totals.starts.0 > 50);
    // Game 2026-126 has the only `=&` (a pawn that reaches its promotion hex with no piece to
    // regain): the app writes it without a suffix, and the engine agrees on every ply after it.
    let awaiting = answers.iter().find(|a| a.id == "2026-126-160").expect("game 2026-126");
    assert!(awaiting.list.contains("13. H22×RI25, NI21-G25\n"), "{}", awaiting.list);
    assert!(check(awaiting).differences.is_empty() && awaiting.load.is_some());
    let pgn = from_app(&awaiting.list).text.expect("read back");
    assert!(pgn.contains("13. H22×RI25=&, NI21-G25\n"), "{pgn}");
}

/// The main line's moves with their check marks, nothing else (ratings, NAGs, draw offers are
/// not the app's).
fn main_line(text: &str) -> Vec<String> {
    let game = ctl_an::parse_file(text).file.games.remove(0);
    let mut out = Vec::new();
    for pair in &game.movetext.pairs {
        for ply in std::iter::once(&pair.white).chain(pair.black.as_ref()) {
            if let Ply::Move(m) = ply {
                let mut m = m.clone();
                m.rating = None;
                m.nags.clear();
                m.draw_offer = None;
                m.end = None;
                out.push(m.to_string());
            }
        }
    }
    out
}

#[test]
fn to_app_then_from_app_gives_back_the_main_line_with_its_marks() {
    for i in 0..300 {
        let text = generate_game(13, i, 120).text;
        let syntax = ctl_an::parse_file(&text).file.games.remove(0);
        let app = to_app(&ParsedGame::new(syntax, &text)).expect("a legal game");
        let back = from_app(&app.text());
        let pgn = back.text.unwrap_or_else(|| panic!("game {i}: {:?}", back.diagnostics));
        assert_eq!(main_line(&pgn), main_line(&text), "game {i}:\n{}", app.text());
        let start =
            |t: &str| ctl_an::parse_file(t).file.games[0].tag("PDTL").map(|t| t.value.clone());
        assert_eq!(start(&pgn), start(&text).map(|p| pdtl::to_string(&pdtl::parse(&p).unwrap())));
    }
}

/// The engine's answers for positions written by hand in the app's style (`forms.tsv`, recorded
/// by `cargo xtask app-interop --engine DIR --forms` in `forms.jsonl`): each as its line expects.
#[test]
fn every_hand_written_form_reads_as_the_engine_loads_it() {
    use xtask::app_forms::{Expect, FormAnswer, check, forms};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("app-interop");
    let tsv = std::fs::read_to_string(dir.join("forms.tsv")).expect("the forms");
    let jsonl = std::fs::read_to_string(dir.join("forms.jsonl")).expect("the recorded answers");
    let answers: Vec<FormAnswer> =
        jsonl.lines().map(|l| serde_json::from_str(l).expect("an answer")).collect();
    // The answers are those of the forms as they are written now.
    let written = forms(&tsv).expect("forms.tsv reads");
    let recorded: Vec<(Expect, String, String)> =
        answers.iter().map(|a| (a.expect, a.id.clone(), a.pdtl.clone())).collect();
    assert_eq!(written, recorded, "forms.tsv changed: record the answers again (--forms)");
    for a in &answers {
        assert_eq!(check(a), Ok(()), "{}: {}", a.id, a.pdtl);
    }
    // Every warning of what the app reads but never writes has a form the engine loaded.
    let warned: Vec<&str> = answers
        .iter()
        .filter(|a| a.expect == Expect::Read)
        .flat_map(|a| {
            pdtl::read_in(&a.pdtl, &cescacs_board::Letters::standard(), pdtl::Dialect::App)
                .diagnostics
        })
        .map(|d| d.code)
        .collect();
    for code in ["W0112", "W0117", "W0118", "W0119", "W0120", "W0121", "W0122", "W0123", "W0124"] {
        assert!(warned.contains(&code), "no engine-loaded form warns {code}");
    }
    // The three forms, and the Almogaver, which stays an error.
    let expect = |id: &str| answers.iter().find(|a| a.id == id).map(|a| a.expect);
    assert_eq!(expect("rook-letters-no-rooks"), Some(Expect::Read));
    assert_eq!(expect("lines-out-of-order-issue"), Some(Expect::Read));
    assert_eq!(expect("four-fields"), Some(Expect::Read));
    assert_eq!(expect("almogaver"), Some(Expect::Refused));
}
