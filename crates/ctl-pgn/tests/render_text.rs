//! Golden tests of the plain-text (ariadne) rendering: exact output, byte for byte.
#![cfg(feature = "render")]

use cescacs_diagnostics::{Diagnostic, Span};
use ctl_pgn::render::{TextRenderer, render_text};

fn span_of(source: &str, needle: &str) -> Span {
    let start = source.find(needle).expect("needle in source");
    Span::new(start, start + needle.len())
}

const GAME: &str = "[Variant \"C'escacs\"]\n{Moià ∞ …} 1. E7xE13 F8-F12\n2. D×∞ \u{1fa50}\n";

#[test]
fn error_with_label_help_and_note() {
    let d = Diagnostic::error("E0203", span_of(GAME, "x"), "expected `-`, `×` or `*`, found `x`")
        .with_label(span_of(GAME, "E7xE13"), "while reading this move")
        .with_help("captures are written `×` or `*`, never `x`")
        .with_note("`x` is a column letter");
    let expected = "\
[E0203] Error: expected `-`, `×` or `*`, found `x`
   ,-[ game.ctl-pgn:2:17 ]
   |
 2 | {Moià ∞ …} 1. E7xE13 F8-F12
   |               ^^||^^
   |                 `----- expected `-`, `×` or `*`, found `x`
   |                  |
   |                  `---- while reading this move
   |
   | Help: captures are written `×` or `*`, never `x`
   |
   | Note: `x` is a column letter
---'
";
    assert_eq!(render_text(&[d], "game.ctl-pgn", GAME, false), expected);
}

#[test]
fn primary_label_replaces_the_message_under_the_span() {
    let d = Diagnostic::warning("W0301", span_of(GAME, "F8-F12"), "a warning")
        .with_primary_label("this move");
    let expected = "\
[W0301] Warning: a warning
   ,-[ game.ctl-pgn:2:22 ]
   |
 2 | {Moià ∞ …} 1. E7xE13 F8-F12
   |                      ^^^|^^
   |                         `---- this move
---'
";
    assert_eq!(render_text(&[d], "game.ctl-pgn", GAME, false), expected);
}

#[test]
fn columns_count_characters_not_bytes() {
    // `×` and `∞` are 2 and 3 bytes, the FAN symbol 4 bytes (and 2 UTF-16 units).
    let d = Diagnostic::error("E0299", span_of(GAME, "\u{1fa50}"), "a FAN symbol");
    let text = render_text(&[d], "g", GAME, false);
    assert!(text.contains(",-[ g:3:8 ]"), "{text}");
    let d = Diagnostic::error("E0299", span_of(GAME, "∞ …"), "in a comment");
    let text = render_text(&[d], "g", GAME, false);
    assert!(text.contains(",-[ g:2:7 ]"), "{text}");
}

#[test]
fn several_diagnostics_follow_each_other() {
    let a = Diagnostic::error("E0201", span_of(GAME, "1."), "first");
    let b = Diagnostic::warning("W0201", span_of(GAME, "2."), "second");
    let text = render_text(&[a, b], "g", GAME, false);
    let first = text.find("[E0201] Error: first").expect("first report");
    let second = text.find("[W0201] Warning: second").expect("second report");
    assert!(first < second);
    assert_eq!(text.matches("---'").count(), 2);
}

#[test]
fn plain_output_has_no_trailing_spaces_and_no_escapes() {
    let d = Diagnostic::error("E0203", span_of(GAME, "E7xE13"), "m")
        .with_label(span_of(GAME, "D×∞"), "l");
    let text = render_text(&[d], "g", GAME, false);
    assert!(text.is_ascii() || text.lines().all(|l| !l.ends_with(' ')));
    assert!(text.lines().all(|l| !l.ends_with(' ')), "{text}");
    assert!(!text.contains('\u{1b}'));
}

#[test]
fn colour_output_has_escapes() {
    let d = Diagnostic::error("E0203", span_of(GAME, "x"), "m");
    let text = render_text(&[d], "g", GAME, true);
    assert!(text.contains('\u{1b}'));
    assert!(text.contains("g:2:17"));
}

#[test]
fn empty_source_and_empty_span() {
    let d = Diagnostic::error("E0001", Span::new(0, 0), "empty file");
    let expected = "\
[E0001] Error: empty file
   ,-[ e.ctl-pgn:1:1 ]
   |
 1 |
   | |
   | `- empty file
---'
";
    assert_eq!(render_text(&[d], "e.ctl-pgn", "", false), expected);
}

#[test]
fn a_bom_is_not_a_column() {
    let source = "\u{feff}[Variant \"C'escacs\"]\n";
    let d = Diagnostic::error("E0301", span_of(source, "Variant"), "m");
    let text = render_text(&[d], "b", source, false);
    assert!(text.contains(",-[ b:1:2 ]"), "{text}");
    assert!(!text.contains('\u{feff}'));
}

#[test]
fn odd_line_breaks_do_not_shift_lines() {
    // ariadne alone would start a new line at U+2028; LSP and editors do not.
    let source = "{a\u{2028}b} E7xE13\nF8";
    let d = Diagnostic::error("E0203", span_of(source, "x"), "m");
    let text = render_text(&[d], "o", source, false);
    assert!(text.contains(",-[ o:1:9 ]"), "{text}");
    let d = Diagnostic::error("E0203", span_of(source, "F8"), "m");
    let text = render_text(&[d], "o", source, false);
    assert!(text.contains(",-[ o:2:1 ]"), "{text}");
}

#[test]
fn one_renderer_many_reports() {
    let renderer = TextRenderer::new("g", GAME, false);
    let a = renderer.render(&Diagnostic::error("E0201", span_of(GAME, "1."), "first"));
    let b = renderer.render(&Diagnostic::error("E0201", span_of(GAME, "2."), "second"));
    assert!(a.contains("g:2:12"), "{a}");
    assert!(b.contains("g:3:1"), "{b}");
}

/// In release builds a span past the end or inside a character is widened, never a panic;
/// debug builds assert instead, to catch whoever made it.
#[cfg(not(debug_assertions))]
#[test]
fn bad_spans_do_not_panic() {
    let inside_infinity = GAME.find('∞').unwrap() + 1;
    for span in
        [Span::new(inside_infinity, inside_infinity + 1), Span::new(500, 900), Span::new(9, 3)]
    {
        let text = render_text(&[Diagnostic::error("E0000", span, "bad")], "g", GAME, false);
        assert!(text.starts_with("[E0000] Error: bad"));
    }
}

mod agreement {
    use cescacs_diagnostics::{Diagnostic, Span};
    use ctl_pgn::render::{LineIndex, render_text};
    use proptest::prelude::*;

    /// Texts made of the characters game files hold: ASCII, `×`, `∞`, `…`, `à`, FAN symbols,
    /// tabs and every kind of line break, with or without a BOM.
    fn text() -> impl Strategy<Value = String> {
        let fragment = prop::sample::select(vec![
            "a",
            "E7",
            " ",
            "\t",
            "×",
            "∞",
            "…",
            "Moià",
            "\u{1fa50}",
            "\n",
            "\r\n",
            "\r",
            "\u{2028}",
            "\u{85}",
            "\x0c",
        ]);
        (any::<bool>(), prop::collection::vec(fragment, 0..40)).prop_map(|(bom, parts)| {
            format!("{}{}", if bom { "\u{feff}" } else { "" }, parts.concat())
        })
    }

    fn boundary(text: &str, at: usize) -> usize {
        let mut at = at % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    proptest! {
        /// Any span on character boundaries renders without panicking, and the report's
        /// `path:line:col` is the one `LineIndex` gives.
        #[test]
        fn header_matches_line_index(text in text(), a in any::<usize>(), b in any::<usize>(), c in any::<usize>()) {
            let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
            let (a, b) = (boundary(&text, a).max(bom), boundary(&text, b).max(bom));
            let (start, end) = (a.min(b), a.max(b));
            let label = boundary(&text, c).max(bom);
            let d = Diagnostic::error("E0000", Span::new(start, end), "m")
                .with_label(Span::new(label, text.len()), "l");
            let rendered = render_text(&[d], "g", &text, false);
            let expected = format!(",-[ g:{} ]", LineIndex::new(&text).line_col(start));
            prop_assert!(rendered.contains(&expected), "{expected} not in\n{rendered}");
        }
    }
}

#[test]
fn a_label_on_an_earlier_line_shares_the_primary_header() {
    let source = "[Variant \"C'escacs\"]\n1. E7-E13 (1. F8-F12\n2. G7-G13: *\n";
    let d = Diagnostic::error("E0211", span_of(source, "*"), "expected `)`, found `*`")
        .with_label(span_of(source, "("), "the variation opens here");
    let expected = "\
[E0211] Error: expected `)`, found `*`
   ,-[ g.ctl-pgn:3:12 ]
   |
 2 | 1. E7-E13 (1. F8-F12
   |           |
   |           `-- the variation opens here
 3 | 2. G7-G13: *
   |            |
   |            `-- expected `)`, found `*`
---'
";
    assert_eq!(render_text(&[d], "g.ctl-pgn", source, false), expected);
}

#[test]
fn a_long_line_is_cut_around_the_labels() {
    let moves: String = (1..=60).map(|n| format!("{n}. E7-E13, E21-E15 ")).collect();
    let source = format!("[Variant \"C'escacs\"] {moves}61. E7xE13: *\n");
    let x = source.find('x').unwrap();
    let d = Diagnostic::error("E0206", Span::new(x, x + 1), "found `x`")
        .with_label(span_of(&source, "Variant"), "in this game");
    let text = render_text(&[d], "g", &source, false);
    let header = format!(",-[ g:1:{} ]", source[..x].chars().count() + 1);
    assert!(text.contains(&header), "{text}");
    assert!(text.lines().all(|l| l.chars().count() < 200), "{text}");
    // Both places are shown, the cut between them marked.
    let shown = text.lines().find(|l| l.starts_with(" 1 | ")).expect("the source line");
    assert!(shown.starts_with(" 1 | [Variant \"C'escacs\"] 1. E7-E13"), "{shown}");
    assert!(shown.contains("...") && shown.contains("61. E7xE13: *"), "{shown}");
    assert!(text.contains("`-- found `x`"), "{text}");
}

#[test]
fn a_chunk_of_a_file_renders_as_the_whole_file_does() {
    use ctl_pgn::reader::TextStart;
    let game = |n: usize| {
        format!("[Variant \"C'escacs\"]\n{{ game {n} Moià }}\n1. E7-E13, E21-E15\n2. F8xF12: *\n")
    };
    let file: String = (1..=40).map(game).collect();
    let cut = file.find("{ game 37").and_then(|at| file[..at].rfind("[Variant")).unwrap();
    let start = TextStart::default().after(&file.as_bytes()[..cut]);
    let x = cut + file[cut..].find('x').unwrap();
    let d = Diagnostic::error("E0206", Span::new(x, x + 1), "found `x`")
        .with_label(Span::new(cut, cut + 20), "in this game")
        .with_help("write `×`");
    let whole = TextRenderer::new("f", &file, false).render(&d);
    let chunk = TextRenderer::at("f", &file[cut..], start, false).render(&d);
    assert_eq!(chunk, whole);
    assert!(whole.contains(",-[ f:148:6 ]") && whole.contains(" 145 | [Variant"), "{whole}");
    let coloured = TextRenderer::at("f", &file[cut..], start, true).render(&d);
    assert_eq!(coloured, TextRenderer::new("f", &file, true).render(&d));
    assert!(coloured.contains("148"), "{coloured}");
}
