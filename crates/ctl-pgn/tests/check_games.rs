//! `Check::games`, the checked text game by game: each record is the same whichever path read
//! it (span, plies, diagnostics), and `Check::text` is their sum.

use std::path::{Path, PathBuf};

use ctl_pgn::Level;
use ctl_pgn::{Check, CheckedGame, ReadPath as ReadBy};

fn sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in
        ["corpus/valid", "corpus/invalid", "corpus/generated", "crates/ctl-an/tests/fixtures"]
    {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn")) {
            let bytes = std::fs::read(&p).expect("readable corpus file");
            out.push((p, ctl_pgn::decode::decode(bytes).text));
        }
    }
    assert!(out.len() >= 40, "the corpus is missing: {} files", out.len());
    out
}

/// What a record says, whichever path read it.
fn seen(r: &CheckedGame) -> (usize, usize, bool, usize, bool, Vec<String>) {
    let found = r.diagnostics.iter().map(|d| format!("{} {}", d.span, d)).collect();
    (r.span.start, r.span.end, r.is_game, r.plies, r.syntax_errors, found)
}

#[test]
fn each_game_is_the_same_read_fast_or_full_and_the_text_is_their_sum() {
    let (mut fast_games, mut records) = (0, 0);
    for level in [Level::Syntax, Level::Rules] {
        for (path, text) in sources() {
            let fast = Check::new(level);
            let full = Check { fast: false, ..fast };
            let by_fast: Vec<CheckedGame> = fast.games(&text).collect();
            let by_full: Vec<CheckedGame> = full.games(&text).collect();
            assert_eq!(
                by_fast.iter().map(seen).collect::<Vec<_>>(),
                by_full.iter().map(seen).collect::<Vec<_>>(),
                "{}",
                path.display()
            );
            for (f, g) in by_fast.iter().zip(&by_full) {
                assert!(f.game.is_none() && g.path == ReadBy::Full);
                assert_eq!(g.game.is_some(), g.is_game, "{}", path.display());
                if let Some(game) = &g.game {
                    assert_eq!(game.span(), g.span);
                }
                if f.path == ReadBy::Fast {
                    assert!(f.is_game && f.diagnostics.is_empty());
                    fast_games += 1;
                }
            }
            records += by_fast.len();
            let whole = fast.text(&text);
            let mut summed: Vec<_> = by_fast.iter().flat_map(|r| r.diagnostics.clone()).collect();
            cescacs_diagnostics::Diagnostic::sort(&mut summed);
            assert_eq!(whole.diagnostics, summed, "{}", path.display());
            assert_eq!(whole.games, by_fast.iter().filter(|r| r.is_game).count());
            assert_eq!(whole.plies, by_fast.iter().map(|r| r.plies).sum::<usize>());
            assert_eq!(
                whole.stats.fast_path_games,
                by_fast.iter().filter(|r| r.path == ReadBy::Fast).count()
            );
        }
    }
    assert!(fast_games > 100 && records > fast_games, "{fast_games} fast of {records}");
}

#[test]
fn text_around_games_is_a_record_only_when_it_has_something_to_report() {
    let text = "Some prose before the games, in words.\n\n[Variant \"C'escacs\"]\n1. E7-E13: *\n";
    let records: Vec<CheckedGame> = Check::new(Level::Rules).games(text).collect();
    assert_eq!(records.len(), 2);
    assert!(!records[0].is_game && !records[0].diagnostics.is_empty());
    assert!(records[1].is_game && records[1].diagnostics.is_empty());
    let clean = "[Variant \"C'escacs\"]\n1. E7-E13: *\n\n\n";
    assert_eq!(Check::new(Level::Rules).games(clean).count(), 1);
}
