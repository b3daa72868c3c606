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
