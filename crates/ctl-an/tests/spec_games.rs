//! Every example game of the notation spec parses at syntax level with no error: only the
//! warnings docs/DECISIONS.md 3 lists (and, for the record "these were the previous moves", its one
//! error: no `[Variant]` tag).

use ctl_an::{parse_file, syntax::Record};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn codes(name: &str) -> (Vec<&'static str>, Vec<Record>) {
    let out = parse_file(&fixture(name));
    (out.diagnostics.iter().map(|d| d.code).collect(), out.file.games)
}

#[test]
fn each_spec_record_gives_only_the_listed_warnings() {
    // (file, codes, games, main-line half-moves)
    let table: &[(&str, &[&str], usize, usize)] = &[
        ("spec-introduction-2021-06-04.ctl-pgn", &[], 1, 5),
        ("spec-fools-mate-X01-en.ctl-pgn", &["W0205", "W0205"], 1, 12),
        (
            "spec-fools-mate-variations-X01-V-en.ctl-pgn",
            &["W0205", "W0205", "W0205", "W0205", "W0205", "W0205"],
            1,
            12,
        ),
        ("spec-A0001-91.ctl-pgn", &["W0204"], 1, 86),
        ("spec-A0001-24-wrong-result.ctl-pgn", &["W0204"], 1, 69),
        ("spec-previous-moves-no-variant.ctl-pgn", &["E0217"], 1, 39),
        ("spec-DPTL-fragment.ctl-pgn", &["W0202", "W0204"], 1, 30),
        ("spec-A0001-43.ctl-pgn", &["W0204"], 1, 100),
        ("spec-A0001-44.ctl-pgn", &["W0204"], 1, 69),
    ];
    for &(name, want, games, plies) in table {
        let (got, parsed) = codes(name);
        assert_eq!(got, want, "{name}");
        assert_eq!(parsed.len(), games, "{name}");
        assert_eq!(parsed.iter().map(|g| g.movetext.ply_count()).sum::<usize>(), plies, "{name}");
    }
}

#[test]
fn the_whole_examples_section_splits_into_its_nine_records() {
    let out = parse_file(&fixture("spec-examples.ctl-pgn"));
    let games = out.file.games();
    assert_eq!(games.len(), 9);
    let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, "E0217");
    // The record after A0001-24 starts with its own comment, split from the game before it.
    let previous = &games[5];
    assert!(previous.tags.is_empty());
    assert_eq!(previous.movetext.comments[0].text.trim(), "these were the previous moves");
    assert!(games[4].movetext.pairs.last().unwrap().comments.is_empty());
    assert_eq!(out.file.ply_count(), 5 + 12 + 12 + 86 + 69 + 39 + 30 + 100 + 69);
}

#[test]
fn the_variation_tree_of_the_fools_mate() {
    let (_, games) = codes("spec-fools-mate-variations-X01-V-en.ctl-pgn");
    let mt = &games[0].movetext;
    let variations: Vec<(u32, usize)> = mt
        .pairs
        .iter()
        .flat_map(|p| p.variations.iter().map(move |v| (p.number.value, v.pairs.len())))
        .collect();
    assert_eq!(variations, [(4, 1), (5, 1), (5, 3), (6, 1), (6, 1)]);
    let nested = &mt.pairs[4].variations[1];
    assert_eq!(nested.comments.len(), 0);
    assert_eq!(nested.pairs[0].comments.len(), 2);
    let inner = &nested.pairs[1].variations[0];
    assert!(matches!(inner.pairs[0].white, ctl_an::syntax::Ply::Omitted(_)));
    assert_eq!(inner.pairs[0].number.value, 6);
    assert!(mt.result.is_some());
    assert_eq!(mt.closing_comments.len(), 2);
}

#[test]
fn unknown_numbering_and_black_first() {
    let (_, games) = codes("spec-DPTL-fragment.ctl-pgn");
    let first = &games[0].movetext.pairs[0];
    assert!(first.number.unknown);
    assert!(matches!(first.white, ctl_an::syntax::Ply::Omitted(_)));
    let dptl = games[0].tag("DPTL").unwrap();
    assert!(dptl.value.starts_with("/28:v/27:1k/") && dptl.value.ends_with(" b KRrkr - 2"));
}

#[test]
fn reading_game_by_game_gives_the_same_games_and_diagnostics() {
    let src = fixture("spec-examples.ctl-pgn");
    let whole = parse_file(&src);
    let mut games = Vec::new();
    let mut diags = Vec::new();
    for g in ctl_an::games(&src) {
        assert!(g.diagnostics.iter().all(|d| d.span.start >= g.game.span.start));
        games.push(g.game);
        diags.extend(g.diagnostics);
    }
    assert_eq!(games, whole.file.games);
    assert_eq!(diags, whole.diagnostics);
}

#[test]
fn byte_order_mark_and_crlf_read_the_same() {
    let src = fixture("spec-examples.ctl-pgn");
    let windows = format!("\u{feff}{}", src.replace('\n', "\r\n"));
    let a = parse_file(&src);
    let b = parse_file(&windows);
    let codes = |o: &ctl_an::ParseOutput| o.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
    assert_eq!(codes(&a), codes(&b));
    assert_eq!(a.file.ply_count(), b.file.ply_count());
    assert_eq!(ctl_an::meaning(&a.file), ctl_an::meaning(&b.file));
}

#[test]
fn tag_names_and_values() {
    let out = parse_file(
        "[Variant \"C'escacs\"]\n[Round2 \"2.1\"] [Esc \"a \\\"b\\\" \\\\ c\"]\n1. E7-E13: *",
    );
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let g = &out.file.games[0];
    assert_eq!(g.tags[1].name, "Round2");
    assert_eq!(g.tags[2].value, "a \"b\" \\ c");
    assert_eq!(&"[Variant \"C'escacs\"]"[g.tags[0].value_span.range()], "C'escacs");
}
