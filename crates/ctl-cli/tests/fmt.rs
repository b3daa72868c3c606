//! `cescacs fmt`, `filter` and `convert`: canonical rewriting in place, `--check`, standard
//! input, files with syntax errors left untouched, and exit codes.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::run;

fn out(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).expect("UTF-8 output")
}

fn err(o: &Output) -> &str {
    std::str::from_utf8(&o.stderr).expect("UTF-8 output")
}

fn canonical_corpus_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/valid/canonical-fools-mate-variations.ctl-pgn")
}

/// A fresh directory for one test, under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fmt-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

const MESSY: &[u8] =
    b"\xEF\xBB\xBF[Variant \"C'escacs\"] [White \"Ros, Xus\"]\r\n1. E7-E13, E21-E15 \
    2. F8-F12 ?!, E15*F12 {@W: oops\r\nreally} (2. ..., F20-F16) 3. EG5*F12: 0-3\r\n";

const MESSY_CANONICAL: &str = "[Variant \"C'escacs\"]\n[White \"Ros, Xus\"]\n\n\
    1. E7-E13, E21-E15\n2. F8-F12 ?!, E15×F12\n{@W: oops\nreally}\n(2. …, F20-F16)\n\
    3. EG5×F12 :\n0-3\n";

#[test]
fn check_passes_on_the_canonical_corpus_file() {
    let path = canonical_corpus_file();
    let o = run(&["fmt", "--check", path.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    assert_eq!(out(&o), "");
}

#[test]
fn a_messy_file_is_rewritten_in_place_and_check_lists_it_before() {
    let dir = scratch("messy");
    let path = dir.join("messy.ctl-pgn");
    std::fs::write(&path, MESSY).unwrap();
    let p = path.to_str().unwrap();

    let o = run(&["fmt", "--check", p], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(out(&o), format!("would reformat: {p}\n"));
    assert_eq!(std::fs::read(&path).unwrap(), MESSY, "--check changes nothing");

    let o = run(&["fmt", p], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), MESSY_CANONICAL);
    // It says what it rewrote, and what besides the layout.
    assert_eq!(
        out(&o),
        format!("reformatted: {p} (CR line ends changed to LF, byte-order mark dropped)\n")
    );
    let o = run(&["fmt", p], b"");
    assert_eq!(out(&o), "", "nothing to rewrite the second time");

    let o = run(&["fmt", "--check", dir.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
}

#[test]
fn ascii_and_stdin() {
    let o = run(&["fmt", "-"], MESSY);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), MESSY_CANONICAL);

    let o = run(&["fmt", "--ascii", "-"], MESSY);
    assert_eq!(out(&o), MESSY_CANONICAL.replace('×', "*").replace('…', "..."));
}

#[test]
fn stdout_prints_without_rewriting() {
    let dir = scratch("stdout");
    let path = dir.join("g.ctl-pgn");
    std::fs::write(&path, MESSY).unwrap();
    let o = run(&["fmt", "--stdout", path.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(out(&o), MESSY_CANONICAL);
    assert_eq!(std::fs::read(&path).unwrap(), MESSY);
}

#[test]
fn a_file_with_a_syntax_error_is_left_untouched() {
    let dir = scratch("broken");
    let path = dir.join("broken.ctl-pgn");
    let broken = "[Variant \"C'escacs\"]\n1.  E7-E13, E21xE15 2. F8-F12: *\n";
    std::fs::write(&path, broken).unwrap();
    let p = path.to_str().unwrap();
    for args in [&["fmt", p][..], &["fmt", "--check", p]] {
        let o = run(args, b"");
        assert_eq!(o.status.code(), Some(1));
        assert!(err(&o).contains(&format!("{p}:2:")), "{}", err(&o));
        assert!(err(&o).contains("error[E0206]"), "{}", err(&o));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
    }
}

#[test]
fn missing_files_are_io_failures_in_the_same_words_everywhere() {
    let missing = "/nonexistent/h6/x.ctl-pgn";
    let commands: [&[&str]; 6] = [
        &["check"],
        &["fmt"],
        &["filter"],
        &["convert", "--letters", "fan"],
        &["replay"],
        &["html"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.push(missing);
        let o = run(&args, b"");
        assert_eq!(o.status.code(), Some(2), "{command:?}");
        let first = err(&o).lines().next().unwrap_or_default().to_string();
        assert!(
            first.starts_with(&format!("error: cannot read `{missing}`: ")),
            "{command:?}: {}",
            err(&o)
        );
    }
}

#[test]
fn filter_prints_moves_and_tags_only() {
    let o = run(&["filter"], MESSY);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        out(&o),
        "[Variant \"C'escacs\"]\n[White \"Ros, Xus\"]\n\n1. E7-E13, E21-E15\n2. F8-F12, E15×F12\n\
         3. EG5×F12 :\n0-3\n"
    );
}

#[test]
fn convert_goes_there_and_back() {
    let canonical = std::fs::read(canonical_corpus_file()).unwrap();
    for letters in ["fan", "B@J, Q@D, W@V"] {
        let there = run(&["convert", "--letters", letters, "-"], &canonical);
        assert_eq!(there.status.code(), Some(0), "{}", err(&there));
        assert!(out(&there).contains("[Redefine \""), "{}", out(&there));
        let back = run(&["convert", "--letters", "standard"], &there.stdout);
        assert_eq!(back.status.code(), Some(0), "{}", err(&back));
        assert_eq!(back.stdout, canonical, "{letters}");
    }
}

#[test]
fn convert_rejects_an_unknown_letter_set() {
    let o = run(&["convert", "--letters", "X@J", "-"], MESSY);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn check_on_stdin_prints_nothing_and_says_so_by_exit_code() {
    let o = run(&["fmt", "--check", "-"], MESSY);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(out(&o), "");
    let o = run(&["fmt", "--check", "-"], MESSY_CANONICAL.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

#[test]
fn filter_and_convert_print_nothing_for_a_file_with_syntax_errors() {
    let broken = b"[Variant \"C'escacs\"]\n1. E7-E13, E21xE15: *\n";
    for args in [&["filter", "-"][..], &["convert", "--letters", "fan", "-"]] {
        let o = run(args, broken);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(out(&o), "");
        assert!(err(&o).contains("<stdin>:2:"), "{}", err(&o));
    }
}

#[test]
fn convert_reports_what_it_cannot_convert_and_leaves_that_game_in_its_letters() {
    let o = run(
        &["convert", "--letters", "fan"],
        b"[Variant \"C'escacs\"] [Redefine \"B@J\"]\n1. JF6-C15, NE25-C15:\n\
          [Variant \"C'escacs\"]\n1. NE3-C7:",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("<stdin>:2:4: error[E0702]"), "{}", err(&o));
    assert_eq!(
        out(&o),
        "[Variant \"C'escacs\"]\n[Redefine \"B@J\"]\n\n1. JF6-C15, NE25-C15 :\n\n\
         [Variant \"C'escacs\"]\n[Redefine \"FAN\"]\n\n1. ♘E3-C7 :\n"
    );
}

#[test]
fn convert_of_the_spec_dptl_fragment_reads_back_the_same() {
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/invalid/spec-DPTL-fragment.ctl-pgn");
    let original = std::fs::read(path).expect("corpus file");
    let o = run(&["convert", "--letters", "fan", "-"], &original);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let codes = |text: &[u8]| -> Vec<String> {
        let o = run(&["check", "--format", "jsonl", "-"], text);
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).expect("jsonl")["code"].to_string()
            })
            .collect()
    };
    assert_eq!(codes(&o.stdout), codes(&original));
}

#[test]
fn filter_and_convert_write_one_file_per_input_into_a_folder() {
    let dir = scratch("many");
    let (a, b) = (dir.join("in/a.ctl-pgn"), dir.join("in/sub/b.ctl-pgn"));
    std::fs::create_dir_all(b.parent().unwrap()).unwrap();
    std::fs::write(&a, MESSY).unwrap();
    std::fs::copy(canonical_corpus_file(), &b).unwrap();
    let input = dir.join("in");
    let (i, o_dir) = (input.to_str().unwrap(), dir.join("out"));
    // Two inputs and one standard output: one canonical text, the games of `a` then of `b`.
    for args in [&["filter"][..], &["filter", "--whole"], &["convert", "--letters", "fan"]] {
        let mut all = args.to_vec();
        all.extend([a.to_str().unwrap(), b.to_str().unwrap()]);
        let merged = run(&all, b"");
        assert_eq!(merged.status.code(), Some(0), "{args:?}: {}", err(&merged));
        let alone = |path: &std::path::Path| {
            let mut one = args.to_vec();
            one.push(path.to_str().unwrap());
            out(&run(&one, b"")).to_string()
        };
        assert_eq!(out(&merged), format!("{}\n{}", alone(&a), alone(&b)), "{args:?}");
        let again = run(&["fmt", "--check", "-"], &merged.stdout);
        assert_eq!(again.status.code(), Some(0), "{args:?}: canonical: {}", out(&again));
    }
    for args in [&["filter"][..], &["convert", "--letters", "fan"]] {
        let _ = std::fs::remove_dir_all(&o_dir);
        let mut all = args.to_vec();
        all.extend(["-o", o_dir.to_str().unwrap(), i]);
        let o = run(&all, b"");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        // Each output is what the command prints for that input alone.
        for (input, output) in [(&a, "a.ctl-pgn"), (&b, "sub/b.ctl-pgn")] {
            let mut alone = args.to_vec();
            alone.push(input.to_str().unwrap());
            let want = run(&alone, b"").stdout;
            assert_eq!(std::fs::read(o_dir.join(output)).unwrap(), want, "{args:?} {output}");
        }
    }
    // Never over its input.
    let o = run(&["filter", "-o", i, i], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("(the same file): never overwritten"), "{}", err(&o));
    assert_eq!(std::fs::read(&a).unwrap(), MESSY);
}

/// Three games, two by a Puig with White.
const THREE: &str = "[Variant \"C'escacs\"]\n[White \"Puig, Anna\"]\n[Round \"1\"]\n\n1. E7-E13, E21-E15 :\n*\n\n\
[Variant \"C'escacs\"]\n[White \"Ros, Xus\"]\n[Round \"2\"]\n\n1. F8-F12 :\n*\n\n\
[Variant \"C'escacs\"]\n[White \"Puig, Pere\"]\n[Round \"3\"]\n\n1. D8-D12 :\n*\n";

#[test]
fn games_are_selected_the_same_way_in_every_command() {
    let games: Vec<&str> = THREE.split("\n\n[Variant").collect();
    let nth = |n: usize| {
        let g = if n == 0 { games[0].to_string() } else { format!("[Variant{}", games[n]) };
        if g.ends_with('\n') { g } else { format!("{g}\n") }
    };
    let cases: [(&[&str], String); 5] = [
        (&["--game", "2"], nth(1)),
        (&["--where", "White=Puig*"], format!("{}\n{}", nth(0), nth(2))),
        (&["--where", "White=Puig*", "--where", "Round=3"], nth(2)),
        (&["--where", "White=Puig*", "--game", "2"], String::new()),
        (&["--where", "Black=*"], String::new()),
    ];
    for (select, want) in &cases {
        let mut args = vec!["fmt", "--stdout"];
        args.extend(*select);
        args.push("-");
        let o = run(&args, THREE);
        assert_eq!(o.status.code(), Some(0), "{select:?}: {}", err(&o));
        assert_eq!(out(&o), want.as_str(), "{select:?}");
        // filter and convert select the same games (these games print the same filtered).
        for command in [&["filter"][..], &["convert", "--letters", "standard"]] {
            let mut args = command.to_vec();
            args.extend(*select);
            let o = run(&args, THREE);
            assert_eq!(out(&o), want.as_str(), "{command:?} {select:?}");
        }
    }
    // Selecting games to rewrite a file in place would drop the others: refused.
    let o = run(&["fmt", "--game", "1", "-"], THREE);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["fmt", "--where", "White", "-"], THREE);
    assert_eq!(o.status.code(), Some(2), "TAG=GLOB is checked");
}

#[test]
fn convert_writes_the_redefine_pairs_in_the_order_given() {
    let game = std::fs::read(canonical_corpus_file()).unwrap();
    for (spec, tag) in [
        ("B@J, Q@D, W@V", "[Redefine \"B@J, Q@D, W@V\"]"),
        ("W@V,B@J", "[Redefine \"W@V, B@J\"]"),
        ("B@J, W@V, Q@D", "[Redefine \"B@J, W@V, Q@D\"]"),
    ] {
        let o = run(&["convert", "--letters", spec, "-"], &game);
        assert_eq!(o.status.code(), Some(0), "{spec}: {}", err(&o));
        assert!(out(&o).contains(tag), "{spec}: {}", out(&o));
        // The letters are the same whatever the order: back to standard, the same game.
        let back = run(&["convert", "--letters", "standard", "-"], &o.stdout);
        assert_eq!(back.stdout, run(&["convert", "--letters", "standard", "-"], &game).stdout);
    }
}
