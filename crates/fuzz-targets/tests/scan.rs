//! The contract of the fast path `ctl_an::scan::game` (see `cescacs_fuzz_targets::scan_text`):
//! on every game of the corpus, thousands of generated games (plain and with every feature of
//! the generator on) and their mutations, the scanner reads every game the full reader reads
//! without a diagnostic, and whatever it reads, it reads exactly as the full reader does.

use std::path::{Path, PathBuf};

use cescacs_fuzz_targets::{clean_game, scan_complete, scan_text};
use cescacs_gen::{Features, generate_game_with};
use ctl_an::Limits;
use proptest::prelude::*;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The games of every corpus file, cut as `cescacs check` cuts them, with their file's name.
fn corpus_games() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in
        ["corpus/valid", "corpus/invalid", "corpus/generated", "crates/ctl-an/tests/fixtures"]
    {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .expect("the corpus")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("readable");
            let name = path.file_name().unwrap_or_default().to_string_lossy().to_string();
            for chunk in ctl_pgn::split::GameSplitter::new(&bytes[..]) {
                let chunk = chunk.expect("in memory");
                out.push((name.clone(), ctl_pgn::decode::decode(chunk.bytes).text));
            }
        }
    }
    assert!(out.len() > 50, "the corpus is missing: {} games", out.len());
    out
}

#[test]
fn every_clean_corpus_game_is_scanned_and_equal() {
    let games = corpus_games();
    let (mut clean, mut scanned) = (0, 0);
    let mut unexpected = Vec::new();
    for (file, text) in &games {
        let read = scan_text(text, &Limits::DEFAULT);
        scanned += usize::from(read);
        if clean_game(text, &Limits::DEFAULT).is_none() {
            continue;
        }
        clean += 1;
        if !read {
            unexpected.push(format!("{file}:\n{text}"));
        }
    }
    eprintln!("{} games, {clean} clean, {scanned} scanned", games.len());
    assert!(
        unexpected.is_empty(),
        "clean games the scanner fell back on:\n{}",
        unexpected.join("\n")
    );
    assert!(scanned > 40, "only {scanned} games scanned");
}

#[test]
fn generated_games_are_all_scanned_and_equal() {
    for index in 0..2_000 {
        let game = cescacs_gen::generate_game(7, index, 160);
        assert!(clean_game(&game.text, &Limits::DEFAULT).is_some(), "not clean:\n{}", game.text);
        assert!(scan_text(&game.text, &Limits::DEFAULT), "fell back:\n{}", game.text);
    }
}

/// The generator with every feature on (comments with every reference form, nested and
/// labelled variations, nesting dots, U+2010, FAN and Redefine letters, `[PDTL]` starts,
/// ratings and NAGs, escaped tag values), with LF, CRLF and lone CR line ends.
#[test]
fn rich_generated_games_are_all_scanned_and_equal() {
    for index in 0..1_000 {
        let game = generate_game_with(7, index, 160, &Features::RICH);
        assert!(clean_game(&game.text, &Limits::DEFAULT).is_some(), "not clean:\n{}", game.text);
        assert!(scan_text(&game.text, &Limits::DEFAULT), "fell back:\n{}", game.text);
        // The same game with CRLF line ends (Windows files) and lone CRs (old Mac files):
        // read, and equal to the tree.
        if index % 10 == 0 {
            for end in ["\r\n", "\r"] {
                let text = game.text.replace('\n', end);
                assert!(clean_game(&text, &Limits::DEFAULT).is_some(), "not clean:\n{text}");
                assert!(scan_text(&text, &Limits::DEFAULT), "fell back:\n{text}");
            }
        }
    }
}

/// One form per line, each inside a game: the scanner reads them all (and equal to the tree).
#[test]
fn the_forms_read() {
    let forms = [
        "1. E7-E13, E21-E15 2. EE5-E11:\n*",
        "1. E7\u{2010}E13, E21\u{2010}E15:\n1-1",
        "1? \u{2026}, RC25-D26 2. VF10-H14, RD26-H22:\n*",
        "8. ..., JF24-G21:\n*",
        "1. F8\u{d7}JG9+, G21*NF16+^ 2. E7@F8+\u{221e}, F20@@G21++ 3. NI5-H8#\n0-3",
        "1. E25\u{d7}NF28=N, D24-C25=& 2. L5=N, KRK-HIO 3. KRD\u{2010}DE, KRR-HGG:\n*",
        "1. E7-E13 !, E21-E15 ?? 2. F8-F12 !? $14 $3 (=), F20-F16?!(=) 3. G7-G9 \u{25c7}:\n*",
        "{ before } 1. E7-E13, E21-E15: { @B: an idea ~JF6 #2[#1.1]@B $24 } ($[2] 1. F8-F12 (1. G7-G9 (.1. E7-E13))) { after } 1-2 { closing }",
        "1. K4-K6, \u{2657}F22-E19 2. I5-I9, \u{1fa50}D26-T14 3. D24-C25=\u{2658}:\n2-1",
        "1. E7-E13:\n3-0",
        // Every reference form of the spec, in every kind of comment.
        "{ see @W @B ~E13 ~J ~JF6 ~J[d] ~J[l] ~J[c] ~nF14 ~\u{2658}E3 #1 #1@B } 1. E7-E13, E21-E15: ($[2] 1. F8-F12) { #1.2 #1[#1.2] #1[#1.2]@W $24 } *",
        "1. E7-E13, E21-E15 (1. \u{2026}, F20-F16 ($[1] 1. \u{2026}, G21-G15)) 2. F8-F12: { #2[#1.1]@B } {: $14 automatic } *",
        // Empty variations, variations of comments, nesting dots before the first item and
        // after the last.
        "1. E7-E13, E21-E15: () ({ only a comment }) ( ) ($[3])\n*",
        ". 1. E7-E13, E21-E15: .(1. F8-F12 ()) ..{ c }\n* .",
        "...\n1. E7-E13: *\n. ..",
        "1. E7-E13:\n1\u{2010}1",
        // A pair of `…` alone, before the next pair, a variation, a comment or a closing `)`.
        "1. E7-E13, E21-E15 2. \u{2026} 3. EE5-E11 (3. \u{2026}) 4. ... {c} 4. F8-F12:\n*",
        // Blanks the lexer skips: form feed, byte-order mark.
        "1. E7-E13\x0c!,\x0cE21-E15\x0c$3:\x0c\u{feff}*\u{feff}\n",
    ];
    for form in forms {
        let text = format!("[Variant \"C'escacs\"]\n[Event \"x\"]\n\n{form}\n");
        assert!(clean_game(&text, &Limits::DEFAULT).is_some(), "not clean: {form}");
        assert!(scan_text(&text, &Limits::DEFAULT), "fell back: {form}");
    }
    // Tags: escapes, blanks inside the brackets, lone CR line ends, a byte-order mark, FAN and
    // Redefine letters.
    for text in [
        "[Variant \"C'escacs\"]\n[Event \"a \\\"b\\\" \\\\ c\"]\n1. E7-E13:\n*\n",
        "[ Variant\t\"C'escacs\" ]\n[Round2 \"x\"\x0c]\n[9Da_te9 \"x\"]\n1. E7-E13:\n*\n",
        "[Variant \"C'escacs\"]\r[Event \"x\"]\r\r1. E7-E13, E21-E15:\r*\r",
        "[Variant\r\"C'escacs\"]\r\n1. E7-E13:\r\n*\r\n",
        "\u{feff}[Variant \"C'escacs\"]\n1. E7-E13:\n*\n",
        "[Variant \"C'escacs\"]\n[Redefine \"FAN\"]\n1. \u{2658}E3-C7, \u{265e}E25-C21:\n*\n",
        "[Variant \"C'escacs\"]\n[Redefine \"A@J, T@R, C@N\"]\n1. AF6-C15, E21-E15:\n*\n",
    ] {
        assert!(clean_game(text, &Limits::DEFAULT).is_some(), "not clean: {text:?}");
        assert!(scan_text(text, &Limits::DEFAULT), "fell back: {text:?}");
    }
}

/// Texts the full reader reads with a diagnostic, or as more than one game: the scanner leaves
/// them all to it.
#[test]
fn the_forms_left_to_the_full_reader() {
    let forms = [
        "1. E7-E13, E21-E15",             // no final mark, no result
        "1. E7-E13:",                     // no result
        "1. E7-E13 +:\n*",                // a space before the check mark
        "1. E7 -E13:\n*",                 // a space inside the move
        "1. E7\u{2013}E13:\n*",           // the en dash
        "1. E7xE13:\n*",                  // `x` for a capture
        "1... E21-E15:\n*",               // PGN's dots
        "1. E7-E13,, E21-E15:\n*",        // two commas
        "1. E7-E13 E21-E15:\n*",          // no comma
        "1. E7-E13: 2. E8-E9:\n*",        // moves after the end: a second game
        "1. E7-E13:\n* 2. F8-F12:\n*",    // moves after the result
        "1. E7-E13 (1. F8-F12:\n*",       // an unclosed variation
        "1. E7-E13:\n*)",                 // a stray `)`
        "{ open 1. E7-E13:\n*",           // an unclosed comment
        "{ @W an idea } 1. E7-E13:\n*",   // `@W` without its colon
        "0. E7-E13:\n*",                  // move number zero
        "1. E7-E99:\n*",                  // off the board
        "1. KRK-HI:\n*",                  // not a castling
        "1. EE7=D:\n*",                   // a forced promotion with a piece letter
        "1. E7-E13 ($[0] 1. F8-F12):\n*", // label zero
        "1. E7-E13:\n* *",                // two results
        "1. E7-E13 (1. F8-F12 *):\n*",    // a result in a variation
        "1. E7-E13:\n*\n[Variant \"C'escacs\"]\n1. E7-E13:\n*", // two games
    ];
    for form in forms {
        let text = format!("[Variant \"C'escacs\"]\n{form}\n");
        assert!(!scan_text(&text, &Limits::DEFAULT), "read: {form}");
        // Each of them the full reader reports (or reads as two games).
        assert!(clean_game(&text, &Limits::DEFAULT).is_none(), "clean: {form}");
    }
    for text in [
        "[Event \"x\"]\n[Variant \"C'escacs\"]\n1. E7-E13:\n*\n", // Variant not first
        "[Variant \"C'escacs\"]\n[DPTL \"x\"]\n1. E7-E13:\n*\n",  // the DPTL warning
        "[Variant \"C\\escacs\"]\n1. E7-E13:\n*\n",               // an unknown escape
        "[Variant\n\"C'escacs\"]\n1. E7-E13:\n*\n",               // a tag over two lines
        "[Variant \"C'escacs\"]\n[Date9_x \"y\"]\n1. E7-E13:\n*\n", // `_` after a digit
        "[Variant \"C'escacs\"]\n[_Date \"y\"]\n1. E7-E13:\n*\n", // `_` first
        "[Variant \"C'escacs\"]\n[Date' \"y\"]\n1. E7-E13:\n*\n", // `'` in a name
        "[Variant \"C'escacs\"]\n(1. E7-E13) 1. F8-F12:\n*\n",    // a variation first
        "1. E7-E13:\n*\n",                                        // no tags
    ] {
        assert!(!scan_text(text, &Limits::DEFAULT), "read: {text}");
    }
}

#[test]
fn the_limits_are_never_reached() {
    let text = "[Variant \"C'escacs\"]\n[Event \"x\"]\n{ comment } 1. E7-E13, E21-E15: (1. \u{2026}, F20-F16)\n*\n";
    assert!(scan_text(text, &Limits::DEFAULT));
    let tight = [
        Limits { nesting: 0, ..Limits::DEFAULT },
        Limits { comment_bytes: 10, ..Limits::DEFAULT },
        Limits { line_bytes: 30, ..Limits::DEFAULT },
        Limits { tags: 1, ..Limits::DEFAULT },
        Limits { plies: 1, ..Limits::DEFAULT },
        Limits { pairs: 0, ..Limits::DEFAULT },
        Limits { variations: 0, ..Limits::DEFAULT },
    ];
    for limits in tight {
        assert!(!scan_text(text, &limits), "{limits:?}");
        assert!(clean_game(text, &limits).is_none(), "{limits:?} is not reached");
    }
}

// ---- Mutations: whatever the scanner reads after an edit, it reads as the full reader does.

#[derive(Debug, Clone)]
enum Edit {
    Byte(usize, u8),
    Insert(usize, String),
    Delete(usize, usize),
    DeleteToken(usize),
    DuplicateToken(usize),
    SwapTokens(usize),
}

fn fragment() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "E7-E13",
        "\r",
        "\r\n",
        "\u{2010}",
        "-",
        "\u{d7}",
        "*",
        "@",
        "@@",
        "=",
        "&",
        "+",
        "+^",
        "+\u{221e}",
        "++",
        "#",
        "?",
        "!",
        "!?",
        "\u{25c7}",
        "(=)",
        ":",
        ",",
        "1.",
        "2?",
        "\u{2026}",
        "...",
        "..",
        "(",
        ")",
        "$[2]",
        "$3",
        "{ c }",
        "{",
        "}",
        "[",
        "]",
        "\"",
        "3-0",
        "1\u{2013}1",
        " ",
        "\n",
        "\r",
        "\t",
        "KRK-",
        "EE5",
        "J",
        "x",
        "0",
        "9",
    ])
    .prop_map(str::to_string)
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Byte(at, b)),
        (any::<usize>(), fragment()).prop_map(|(at, p)| Edit::Insert(at, p)),
        (any::<usize>(), 1usize..6).prop_map(|(at, n)| Edit::Delete(at, n)),
        any::<usize>().prop_map(Edit::DeleteToken),
        any::<usize>().prop_map(Edit::DuplicateToken),
        any::<usize>().prop_map(Edit::SwapTokens),
    ]
}

/// The blank-separated words of `text`, with where they start.
fn words(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let len = bytes.len().max(1);
    let w = words(text);
    let word = |k: usize| w.get(k % w.len().max(1)).copied();
    match edit {
        Edit::Byte(at, b) if !bytes.is_empty() => bytes[at % len] = *b,
        Edit::Insert(at, p) => {
            let at = at % (bytes.len() + 1);
            bytes.splice(at..at, p.bytes());
        }
        Edit::Delete(at, n) if !bytes.is_empty() => {
            let at = at % len;
            bytes.drain(at..(at + n).min(bytes.len()));
        }
        Edit::DeleteToken(k) => {
            if let Some((s, e)) = word(*k) {
                bytes.drain(s..e);
            }
        }
        Edit::DuplicateToken(k) => {
            if let Some((s, e)) = word(*k) {
                let copy = bytes[s..e].to_vec();
                bytes.splice(e..e, std::iter::once(b' ').chain(copy));
            }
        }
        Edit::SwapTokens(k) => {
            if let (Some((s1, e1)), Some((s2, e2))) = (word(*k), word(k + 1)) {
                if e1 <= s2 {
                    let (a, b) = (bytes[s1..e1].to_vec(), bytes[s2..e2].to_vec());
                    let mut out = bytes[..s1].to_vec();
                    out.extend(b);
                    out.extend(&bytes[e1..s2]);
                    out.extend(a);
                    out.extend(&bytes[e2..]);
                    bytes = out;
                }
            }
        }
        _ => {}
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The games mutated: the corpus's and some generated ones (read once for all cases).
fn sources() -> &'static [String] {
    static SOURCES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SOURCES.get_or_init(|| {
        let mut out: Vec<String> = corpus_games().into_iter().map(|(_, t)| t).collect();
        out.extend((0..40).map(|i| cescacs_gen::generate_game(11, i, 40).text));
        out.extend(
            (40..50).map(|i| cescacs_gen::generate_game(11, i, 40).text.replace('\n', "\r\n")),
        );
        out.extend((0..40).map(|i| generate_game_with(11, i, 40, &Features::RICH).text));
        out.extend(
            (40..45)
                .map(|i| generate_game_with(11, i, 40, &Features::RICH).text.replace('\n', "\r")),
        );
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 768, ..ProptestConfig::default() })]

    #[test]
    fn mutated_games_are_read_as_the_full_reader_reads_them(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let sources = sources();
        let mut text = sources[which.index(sources.len())].clone();
        for e in &edits {
            text = apply(&text, e);
        }
        // The property: read exactly when the full reader reads it cleanly.
        scan_complete(&text, &Limits::DEFAULT);
        scan_text(&text, &Limits { nesting: 1, comment_bytes: 30, line_bytes: 60, tags: 3, plies: 8, pairs: 6, variations: 2, strays: 2 });
    }
}
