//! The reading limits: an item past a bound is one error at its start, it is skipped, and the
//! games after it are read as usual.

use ctl_an::{Limits, parse_file, parse_file_with};

const V: &str = "[Variant \"C'escacs\"]\n";
const NEXT: &str = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";

fn codes(out: &ctl_an::ParseOutput) -> Vec<&'static str> {
    out.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn deep_nesting_is_one_error_and_the_next_game_is_read() {
    let text = format!("{V}1. E7-E13, E21-E15 {}\n2. F8-F12: *\n{NEXT}", "(".repeat(10_000));
    let out = parse_file(&text);
    assert_eq!(codes(&out), ["E0221"]);
    let open = text.find('(').unwrap();
    assert_eq!(out.diagnostics[0].span.start, open + 64);
    assert_eq!(out.diagnostics[0].labels[0].span.start, open);
    assert_eq!(out.file.games.len(), 2);
    // The first game is read up to the outermost `(`; the second one whole.
    assert_eq!(out.file.games[0].movetext.ply_count(), 2);
    assert_eq!(out.file.games[1].movetext.ply_count(), 2);
}

#[test]
fn a_lower_nesting_bound_is_followed() {
    let text = format!("{V}1. E7-E13 (1. F8-F12 (1. G7-G11)) 1. …, E21-E15: *\n");
    assert!(parse_file(&text).diagnostics.is_empty());
    let out = parse_file_with(&text, &Limits { nesting: 1, ..Limits::default() });
    assert_eq!(codes(&out), ["E0221"]);
    // Raising it past what the parser follows keeps the parser's bound.
    let deep = format!("{V}1. E7-E13 {}: *\n", "(".repeat(100));
    let out = parse_file_with(&deep, &Limits { nesting: 1_000, ..Limits::default() });
    assert_eq!(codes(&out), ["E0221"]);
}

#[test]
fn no_variation_at_all_cuts_at_the_first_one() {
    // A nesting bound of 0: every `(` is too deep, and the variation is cut where it opens.
    // (The reader took the start of the text for it: it dropped the games read before, or
    // panicked.)
    let limits = Limits { nesting: 0, plies: 1, pairs: 1, ..Limits::default() };
    let text = "1. E7-E13: 2. F8-F12: 3. EE5-E9 (1. G7-G11)";
    let out = parse_file_with(text, &limits);
    assert_eq!(out.file.games.len(), 3);
    assert_eq!(out.file.games[2].movetext.ply_count(), 1);
    let deep = out.diagnostics.iter().find(|d| d.code == "E0221").unwrap();
    assert_eq!((deep.span.start, deep.labels.len()), (text.find('(').unwrap(), 0));
    // A `(` before a game is no part of it: the game is read whole.
    let out = parse_file_with(&format!("( {V}1. E7-E13: *\n"), &limits);
    assert_eq!(codes(&out), ["E0221"]);
    assert_eq!(out.file.games[0].movetext.ply_count(), 1);
}

#[test]
fn a_long_comment_is_skipped_and_reading_goes_on() {
    let comment = format!("{{ {} }}", "x".repeat(100));
    let text = format!("{V}{comment} 1. E7-E13, E21-E15: *\n{NEXT}");
    let limits = Limits { comment_bytes: 64, line_bytes: 64, ..Limits::default() };
    let out = parse_file_with(&text, &limits);
    // A comment skipped at the start of its line does not count in the line's length.
    assert_eq!(codes(&out), ["E0222"]);
    assert_eq!(out.diagnostics[0].span, ctl_an::Span::new(V.len(), V.len() + 1));
    assert_eq!(
        out.diagnostics[0].message,
        "expected a comment of at most 64 bytes, found one of 104 bytes"
    );
    assert_eq!(out.file.games[0].movetext.ply_count(), 2);
    assert!(out.file.games[0].movetext.pairs[0].comments.is_empty());
    assert_eq!(out.file.games.len(), 2);
    // After a move, the comment makes its line too long: one error, for the line.
    let text = format!("{V}1. E7-E13, E21-E15 {comment}\n2. F8-F12: *\n{NEXT}");
    let out = parse_file_with(&text, &limits);
    assert_eq!(codes(&out), ["E0223"]);
    assert_eq!(out.file.games[0].movetext.ply_count(), 1);
    assert_eq!(out.file.games[1].movetext.ply_count(), 2);
}

#[test]
fn a_long_line_is_skipped_from_its_first_token() {
    let moves = "1. E7-E13, E21-E15 2. F8-F12, F22-F16 3. G7-G11, G21-G17";
    let text = format!("{V}{moves}: *\n{NEXT}");
    let out = parse_file_with(&text, &Limits { line_bytes: 40, ..Limits::default() });
    assert_eq!(codes(&out), ["E0223"]);
    assert_eq!(out.diagnostics[0].span.start, V.len());
    assert!(out.file.games[0].movetext.pairs.is_empty());
    assert_eq!(out.file.games[1].movetext.ply_count(), 2);
    // Line breaks are `\n`, `\r\n` and a lone `\r`: short lines are short with any of them.
    let broken = moves.replace(' ', "\r");
    assert!(
        parse_file_with(
            &format!("{V}{broken}: *\n"),
            &Limits { line_bytes: 20, ..Limits::default() }
        )
        .diagnostics
        .is_empty()
    );
}

#[test]
fn tags_past_the_limit_are_skipped() {
    let tags: String = (0..5).map(|n| format!("[Round \"{n}\"]\n")).collect();
    let text = format!("{V}{tags}1. E7-E13: *\n{NEXT}");
    let out = parse_file_with(&text, &Limits { tags: 3, ..Limits::default() });
    assert_eq!(codes(&out), ["E0224"]);
    assert_eq!(out.diagnostics[0].message, "expected at most 3 tags in a game, found 6");
    assert_eq!(out.file.games[0].tags.len(), 3);
    assert_eq!(out.file.games[1].tags.len(), 1);
}

#[test]
fn a_main_line_past_the_limit_is_cut_after_its_last_whole_pair() {
    let text = format!("{V}1. E7-E13, E21-E15 2. F8-F12, F22-F16 3. G7-G11: *\n{NEXT}");
    for (plies, at, kept) in [(2, "F8-F12", 2), (3, "F22-F16", 2), (4, "G7-G11", 4)] {
        let out = parse_file_with(&text, &Limits { plies, ..Limits::default() });
        assert_eq!(codes(&out), ["E0225"], "{plies}");
        assert_eq!(&text[out.diagnostics[0].span.range()].trim_end_matches(':'), &at, "{plies}");
        assert_eq!(out.file.games[0].movetext.ply_count(), kept, "{plies}");
        assert_eq!(out.file.games[1].movetext.ply_count(), 2);
    }
    assert!(
        parse_file_with(&text, &Limits { plies: 5, ..Limits::default() }).diagnostics.is_empty()
    );
}

/// `n` pairs of a main line, numbered from 1, eight to a line.
fn pairs(n: usize) -> String {
    (1..=n).map(|k| format!("{k}. E7-E9, E21-E19{}", if k % 8 == 0 { "\n" } else { " " })).collect()
}

#[test]
fn a_main_line_far_past_the_limit_is_counted_not_kept() {
    // 200,000 plies: the line is read in chunks past the limit, and only its plies are counted.
    let text = format!("{V}{}*\n{NEXT}", pairs(100_000));
    let out = parse_file(&text);
    assert_eq!(codes(&out), ["E0225"]);
    let d = &out.diagnostics[0];
    assert_eq!(d.message, "expected at most 10,000 plies in a game's main line, found 200,000");
    // The cut is at White's move of pair 5,001, the first ply past the bound.
    let at = text.find("5001. E7-E9").unwrap() + "5001. ".len();
    assert_eq!(d.span, ctl_an::Span::new(at, at + "E7-E9".len()));
    let game = &out.file.games[0].movetext;
    assert_eq!(game.ply_count(), 10_000);
    assert_eq!(game.pairs.last().unwrap().number.value, 5_000);
    // The cut game still spans its whole record, result included.
    assert_eq!(game.result.map(|r| r.value.as_str()), Some("*"));
    assert_eq!(out.file.games.len(), 2);
    assert_eq!(out.file.games[1].movetext.ply_count(), 2);
}

#[test]
fn the_game_after_a_cut_one_is_checked_as_usual() {
    // Moves after the end of the cut record, then a game with its own error.
    let after = "1. F8-F12: *\n";
    let broken = format!("{V}1. E7-E13, E21-E15 2. E7-E99: *\n");
    let text = format!("{V}{}*\n{after}{broken}", pairs(30_001));
    let out = parse_file(&text);
    let found: Vec<_> = out.diagnostics.iter().map(|d| (d.code, &text[d.span.range()])).collect();
    assert_eq!(found, [("E0225", "E7-E9"), ("E0217", "1"), ("E0204", "E99")]);
    assert_eq!(out.diagnostics[0].message.rsplit(' ').next(), Some("60,002"));
    let plies: Vec<usize> = out.file.games.iter().map(|g| g.movetext.ply_count()).collect();
    assert_eq!(plies, [10_000, 1, 3]);
    // The same text read with a bound above the game gives the same later games.
    let whole = parse_file_with(&text, &Limits { plies: 100_000, ..Limits::default() });
    assert_eq!(whole.file.games[1..], out.file.games[1..]);
    // The cut game is the whole one without the pairs past the cut: same span, same result.
    let mut cut = whole.file.games[0].clone();
    cut.movetext.pairs.truncate(5_000);
    assert_eq!(out.file.games[0], cut);
}

#[test]
fn a_ply_limit_of_zero_cuts_at_the_first_move() {
    let text = format!("{V}{}*\n{NEXT}", pairs(3));
    let out = parse_file_with(&text, &Limits { plies: 0, ..Limits::default() });
    // The next game is past the bound too.
    assert_eq!(codes(&out), ["E0225", "E0225"]);
    assert_eq!(&text[out.diagnostics[0].span.range()], "E7-E9");
    assert!(out.diagnostics[0].message.ends_with("found 6"));
    assert_eq!(out.file.games[0].movetext.ply_count(), 0);
    assert_eq!(out.file.games[1].movetext.ply_count(), 0);
}

#[test]
fn problems_of_the_moves_past_the_cut_are_not_reported() {
    // A bad hex before the cut is reported; one from the cut on is in text the reader leaves.
    let text = format!("{V}1. E7-E99, E21-E15 2. F8-F12, F22-F99: *\n{NEXT}");
    let out = parse_file_with(&text, &Limits { plies: 3, ..Limits::default() });
    let found: Vec<_> = out.diagnostics.iter().map(|d| (d.code, &text[d.span.range()])).collect();
    assert_eq!(found, [("E0204", "E99"), ("E0225", "F22-F99:")]);
    let (mt, diags) = ctl_an::parse_movetext_with(
        "1. E7-E13, E21-E15 2. F8-F99: *",
        &Limits { plies: 2, ..Limits::default() },
    );
    assert_eq!(diags.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0225"]);
    assert_eq!(mt.ply_count(), 2);
}

fn ctl_pgn_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(ctl_pgn_files(&p));
        } else if p.extension().is_some_and(|x| x == "ctl-pgn") {
            out.push(p);
        }
    }
    out
}

#[test]
fn every_corpus_game_cut_is_the_whole_game_without_its_last_pairs() {
    // Low limits send most games through the reading that stops at `plies + 1` pairs and only
    // counts the rest: the tree must be the one read whole, cut, and nothing else reported.
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let files = ctl_pgn_files(&corpus);
    assert!(files.len() >= 20, "the corpus is missing: {}", corpus.display());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let whole = parse_file_with(&text, &Limits { plies: usize::MAX, ..Limits::default() });
        for limit in [0, 1, 2, 3, 5, 8, 13, 40] {
            let out = parse_file_with(&text, &Limits { plies: limit, ..Limits::default() });
            let mut cut = whole.file.clone();
            let mut found = Vec::new();
            for game in &mut cut.games {
                let mut before = 0;
                let past = game.movetext.pairs.iter().position(|p| {
                    before += p.ply_count();
                    before > limit
                });
                if let Some(keep) = past {
                    found.push(game.movetext.ply_count());
                    game.movetext.pairs.truncate(keep);
                }
            }
            let at = format!("{} with {limit} plies", path.display());
            assert_eq!(out.file, cut, "{at}");
            let counts: Vec<usize> = out
                .diagnostics
                .iter()
                .filter(|d| d.code == "E0225")
                .map(|d| d.message.rsplit(' ').next().unwrap().replace(',', "").parse().unwrap())
                .collect();
            assert_eq!(counts, found, "{at}");
            for d in out.diagnostics.iter().filter(|d| d.code != "E0225") {
                assert!(whole.diagnostics.contains(d), "{at}: {d:?} is new");
            }
        }
    }
}

#[test]
fn a_main_line_of_pairs_without_plies_is_cut_at_the_pair_limit() {
    let text = format!("{V}{}*\n{NEXT}", "1. \u{2026}\n".repeat(50));
    assert!(
        parse_file_with(&text, &Limits { pairs: 50, ..Limits::default() })
            .diagnostics
            .iter()
            .all(|d| d.code != "E0227")
    );
    for pairs in [1, 10, 49] {
        let out = parse_file_with(&text, &Limits { pairs, ..Limits::default() });
        let e = out.diagnostics.iter().find(|d| d.code == "E0227").expect("E0227");
        assert_eq!(
            e.message,
            format!("expected at most {pairs} move pairs in a game's main line, found 50")
        );
        // At the move number of the first pair past the limit.
        let nth = text.match_indices("1.").nth(pairs).unwrap().0;
        assert_eq!(e.span.start, nth, "{pairs}");
        assert_eq!(out.file.games[0].movetext.pairs.len(), pairs);
        // The record's result is still found, and the next game read.
        assert!(out.file.games[0].movetext.result.is_some());
        assert_eq!(out.file.games.len(), 2);
        assert_eq!(out.file.games[1].movetext.ply_count(), 2);
    }
}

#[test]
fn a_flood_of_empty_pairs_is_held_in_proportion_to_the_limit() {
    // 200,000 pairs: the tree keeps the limit's worth, the rest is only counted.
    let text = format!("{V}{}*\n{NEXT}", "1. \u{2026}\n".repeat(200_000));
    let out = parse_file(&text);
    assert_eq!(codes(&out), ["E0227"]);
    assert_eq!(
        out.diagnostics[0].message,
        "expected at most 10,000 move pairs in a game's main line, found 200,000"
    );
    assert_eq!(out.file.games[0].movetext.pairs.len(), 10_000);
    assert_eq!(out.file.games.len(), 2);
}

#[test]
fn the_rest_of_a_variation_past_the_pair_limit_is_skipped() {
    let inner = "1. \u{2026}, E21-E15 ".repeat(5);
    let text = format!("{V}1. E7-E13 ({inner}) 1. \u{2026}, E21-E15: *\n{NEXT}");
    assert!(parse_file(&text).diagnostics.is_empty());
    let out = parse_file_with(&text, &Limits { pairs: 3, ..Limits::default() });
    assert_eq!(codes(&out), ["E0227"]);
    assert_eq!(
        out.diagnostics[0].message,
        "expected at most 3 move pairs in a variation, found more"
    );
    let game = &out.file.games[0];
    let variation = &game.movetext.pairs[0].variations[0];
    assert_eq!(variation.pairs.len(), 3);
    assert!(variation.closed, "the `)` is kept");
    assert_eq!(game.movetext.pairs.len(), 2, "the main line goes on after the variation");
    assert_eq!(out.file.games.len(), 2);
}

#[test]
fn sibling_variations_past_the_limit_are_skipped() {
    let siblings = "(1. F8-F12 { a }) { between } ".repeat(6);
    let text = format!(
        "{V}1. E7-E13 {siblings}1. \u{2026}, E21-E15 (1. \u{2026}, F22-F16) (1. \u{2026}, F22-F16) 2. F8-F12: *\n{NEXT}"
    );
    assert!(parse_file(&text).diagnostics.is_empty());
    let out = parse_file_with(&text, &Limits { variations: 2, ..Limits::default() });
    assert_eq!(codes(&out), ["E0228"], "one error for the pair");
    assert_eq!(
        out.diagnostics[0].message,
        "expected at most 2 variations after one move pair, found more"
    );
    assert_eq!(out.diagnostics[0].span.start, text.match_indices('(').nth(2).unwrap().0);
    let pairs = &out.file.games[0].movetext.pairs;
    assert_eq!(pairs[0].variations.len(), 2);
    // Another pair starts its own count.
    assert_eq!(pairs[1].variations.len(), 2);
    assert_eq!(out.file.games.len(), 2);
    // Siblings inside a variation are counted in their own line.
    let nested =
        format!("{V}1. E7-E13 (1. F8-F12 {}) 1. \u{2026}, E21-E15: *\n", "(1. G7-G11)".repeat(3));
    let out = parse_file_with(&nested, &Limits { variations: 2, ..Limits::default() });
    assert_eq!(codes(&out), ["E0228"]);
    assert_eq!(out.file.games[0].movetext.pairs[0].variations[0].pairs[0].variations.len(), 2);
}

#[test]
fn stray_closes_past_the_limit_are_skipped() {
    let text = format!("{V}1. E7-E13, E21-E15: * {}\n{NEXT}", ")".repeat(5_000));
    let out = parse_file(&text);
    let stray = |code| out.diagnostics.iter().filter(|d| d.code == code).count();
    assert_eq!((stray("E0212"), stray("E0229")), (1_000, 1));
    let e = out.diagnostics.iter().find(|d| d.code == "E0229").unwrap();
    assert_eq!(e.span.start, text.find(')').unwrap() + 1_000);
    assert_eq!(out.file.games.len(), 2, "the next game is read");
    let raised = Limits { strays: 5_000, ..Limits::default() };
    assert!(parse_file_with(&text, &raised).diagnostics.iter().all(|d| d.code != "E0229"));
}

#[test]
fn extra_result_lines_past_the_limit_are_skipped() {
    // A flood of `*` lines: one game whose every line after the first is a second result.
    let text = "*\n".repeat(5_000);
    let out = parse_file(&text);
    let count = |code| out.diagnostics.iter().filter(|d| d.code == code).count();
    assert_eq!((count("E0218"), count("E0229")), (1_000, 1));
    let e = out.diagnostics.iter().find(|d| d.code == "E0229").unwrap();
    assert_eq!(e.span.start, 2 * 1_001, "the 1,002nd result line");
    assert!(e.message.contains("extra result lines"), "{}", e.message);
    let raised = Limits { strays: 5_000, ..Limits::default() };
    let all = parse_file_with(&text, &raised);
    assert_eq!(all.diagnostics.iter().filter(|d| d.code == "E0218").count(), 4_999);
    assert!(all.diagnostics.iter().all(|d| d.code != "E0229"));
}

#[test]
fn malformed_tags_count_toward_the_tag_limit() {
    // A flood of `[`: one error past the limit, not one per bracket.
    let text = format!("{}\n{NEXT}", "[".repeat(5_000));
    let out = parse_file(&text);
    let e0224: Vec<_> = out.diagnostics.iter().filter(|d| d.code == "E0224").collect();
    assert_eq!(e0224.len(), 1);
    assert_eq!(e0224[0].message, "expected at most 1,000 tags in a game, found 5,000");
    assert_eq!(e0224[0].span.start, 1_000);
    assert!(out.diagnostics.len() <= 1_010, "{}", out.diagnostics.len());
    assert_eq!(out.file.games.last().unwrap().movetext.ply_count(), 2);
}

#[test]
fn a_run_of_result_lines_is_reported_up_to_the_limit_whatever_lies_between() {
    // The token stream drops a run of results past what the builder reports (the first, the
    // limit's extra ones, the one `E0229` is given for, and a `*` that may end the move
    // before): however the run starts and whatever lies between its results, the diagnostics
    // are those of the run cut just past that point.
    let tight = Limits { strays: 3, ..Limits::default() };
    for between in ["\n", " ", " {c} ", "\n{c}\n", " ) "] {
        for first in ["1. E7-E13: *", "1. E7*E13 *", "*", "1. E7-E13: 1-0", "1. E7-E13", "1. E7*"] {
            let read = |extra: usize| {
                let text = format!("{V}{first}{}", format!("{between}*").repeat(extra));
                parse_file_with(&text, &tight).diagnostics
            };
            let cut = read(7);
            assert!(
                cut.iter().any(|d| d.code == "E0229" && d.message.contains("result")),
                "{first:?} {between:?}: {:?}",
                cut.iter().map(|d| d.code).collect::<Vec<_>>()
            );
            for extra in [8, 10, 50] {
                assert_eq!(read(extra), cut, "{first:?} then {extra} × {between:?}*");
            }
        }
    }
}

#[test]
fn a_flood_of_result_lines_is_not_held() {
    // 200,000 lines of `*`: the run past the limit never reaches the grammar, so the game is
    // read with the limit's worth of results, its report the same as with a few more.
    let flood = parse_file(&"*\n".repeat(200_000));
    let few = parse_file(&"*\n".repeat(1_010));
    assert_eq!(codes(&flood), codes(&few));
    assert_eq!(flood.diagnostics, few.diagnostics);
}
