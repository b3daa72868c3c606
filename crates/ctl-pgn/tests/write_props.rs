//! Property tests of the canonical writer on generated files: any spelling the reader accepts
//! (spaces, tabs, CRLF, dots, `*`, `...`, hyphens, tags on one line) is written so that reading it
//! back gives the same tree, and writing again gives the same bytes.

use ctl_pgn::write::{WriteOptions, write_file};
use proptest::prelude::*;

/// Moves in several spellings, with marks (all syntactically valid; legality is not the point).
const MOVES: &[&str] = &[
    "E7-E13",
    "E7‐E13",
    "E21–E15",
    "EF12*NF14+^",
    "EF12×NF14",
    "KRK-HIO",
    "KRR-HGG+",
    "E25-E27=&",
    "E27=D+∞",
    "F12@@G9",
    "E15@D18",
    "JF6×C15 ?!",
    "D6-D12 !! $14",
    "NE3-C7 $1 $22",
    "VF0-E5 ◇",
    "DE1×GE5++",
    "I5-I9 ??",
    "K4-K10 !?",
    "RI3-I7 (=)",
    "A5-A9 ! (=)",
];

/// Last moves: `:` or checkmate end the game (a mate in the middle would end it there).
const LAST: &[&str] = &["F8-F12:", "GL5-H6#", "E7-E13 ?!:", "A5-A9 (=):", "E25-E27=D+^ $3:"];

const RESULTS: &[&str] = &["3-0", "2-1", "0-3", "1-2", "1-1", "*"];

fn space() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![" ", "  ", "\t", "\n", "\r\n", " \n "])
}

fn comment() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["", " ", "@W: ", "@B: ", ":", "@W "]),
        "[a-zA-Z0-9 ,.;'~#$@àç∞\\n]{0,24}",
    )
        .prop_map(|(head, body)| format!("{{{head}{body}}}"))
}

/// A line of `len` pairs from move number `n`, with comments and (down to `depth`) variations.
fn line(n: u32, len: usize, depth: u32) -> BoxedStrategy<String> {
    let pair = (
        prop::sample::select(MOVES),
        prop::option::of(prop::sample::select(MOVES)),
        any::<bool>(),
        prop::collection::vec(comment(), 0..2),
        space(),
    );
    let pairs = prop::collection::vec(pair, len);
    let variation = if depth == 0 {
        Just(Vec::new()).boxed()
    } else {
        prop::collection::vec(
            (any::<bool>(), 1..3usize).prop_flat_map(move |(labelled, len)| {
                line(n, len, depth - 1).prop_map(move |l| {
                    if labelled { format!("($[1] {l})") } else { format!("({l})") }
                })
            }),
            0..2,
        )
        .boxed()
    };
    (pairs, variation, prop::sample::select(vec!["", ".", ".. "]))
        .prop_map(move |(pairs, variations, dots)| {
            let mut out = String::new();
            for (i, (white, black, omit, comments, sp)) in pairs.into_iter().enumerate() {
                let number = n + i as u32;
                let white = if i == 0 && omit { "..." } else { white };
                out.push_str(&format!("{dots}{number}. {white}"));
                if let Some(b) = black {
                    out.push_str(&format!(",{sp}{b}"));
                }
                out.push_str(sp);
                for c in comments {
                    out.push_str(&format!("\n{c}\n"));
                }
                if i == 0 {
                    for v in &variations {
                        out.push_str(&format!("{dots}{v}{sp}"));
                    }
                }
            }
            out
        })
        .boxed()
}

fn game() -> impl Strategy<Value = String> {
    let tag = ("[A-Z][a-zA-Z]{0,7}", "[a-zA-Z0-9 \"\\\\\\]\\[{}àç∞]{0,12}");
    (
        prop::collection::vec(tag, 0..4),
        prop::collection::vec(comment(), 0..2),
        1..6usize,
        prop::option::of(prop::sample::select(RESULTS)),
        prop::collection::vec(comment(), 0..2),
        space(),
        prop::sample::select(LAST),
    )
        .prop_flat_map(|(tags, opening, len, result, closing, sp, last)| {
            line(1, len, 2).prop_map(move |moves| {
                let mut out = String::from("[Variant \"C'escacs\"]");
                for (name, value) in &tags {
                    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
                    out.push_str(&format!("{sp}[{name} \"{value}\"]"));
                }
                out.push('\n');
                for c in &opening {
                    out.push_str(&format!("{c}\n"));
                }
                out.push_str(&moves);
                out.push_str(&format!("{}. {last}", len + 1));
                if let Some(r) = result {
                    out.push_str(&format!("\n{r}"));
                }
                for c in &closing {
                    out.push_str(&format!("\n{c}"));
                }
                out.push('\n');
                out
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn conversions_there_and_back_give_the_canonical_text(
        text in game(),
        set in prop::sample::select(vec!["FAN", "B@J, Q@D, W@V", "A@J, C@N, T@R", "L@J, S@N, T@R, W@V"]),
    ) {
        let first = ctl_an::parse_file(&text);
        prop_assume!(!first.has_errors());
        let to = cescacs_board::Letters::from_redefine(set).expect("a spec set");
        let converted = ctl_pgn::convert::convert(&first.file, &to);
        // A `~X` naming no piece may collide with a converted letter: that is reported (W0701).
        prop_assume!(converted.diagnostics.is_empty());
        let there = write_file(&converted.file, WriteOptions::default());
        let reread = ctl_an::parse_file(&there);
        prop_assert!(!reread.has_errors(), "{:?}\n{}", reread.diagnostics, there);
        let back = ctl_pgn::convert::convert(&reread.file, &cescacs_board::Letters::standard());
        prop_assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
        prop_assert_eq!(
            write_file(&back.file, WriteOptions::default()),
            write_file(&first.file, WriteOptions::default())
        );
    }

    #[test]
    fn written_text_reads_back_the_same(games in prop::collection::vec(game(), 1..3)) {
        let text = games.join("\n");
        let first = ctl_an::parse_file(&text);
        prop_assume!(!first.has_errors());
        for options in [WriteOptions::default(), WriteOptions { ascii: true }] {
            let written = write_file(&first.file, options);
            let second = ctl_an::parse_file(&written);
            prop_assert!(!second.has_errors(), "{:?}\n{}", second.diagnostics, written);
            prop_assert_eq!(ctl_an::meaning(&second.file), ctl_an::meaning(&first.file), "{}", written);
            prop_assert_eq!(write_file(&second.file, options), written);
        }
    }
}

#[test]
fn generated_files_mostly_read_without_errors() {
    // The property above skips texts with errors: make sure it does not skip them all.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = game();
    let clean = (0..64)
        .filter(|_| {
            let text = strategy.new_tree(&mut runner).expect("a value").current();
            !ctl_an::parse_file(&text).has_errors()
        })
        .count();
    assert!(clean >= 56, "only {clean} of 64 generated games read without errors");
}
