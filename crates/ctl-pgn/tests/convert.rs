//! Letter conversion and the minimal-reader filter over the corpus: conversions go there and back
//! to the canonical original, the converted text reads back cleanly, the filter leaves moves only.

use std::path::{Path, PathBuf};

use cescacs_board::Letters;
use ctl_an::syntax::{File, Movetext, Pair, Ply};
use ctl_pgn::convert::{BAD_PDTL, BAD_REDEFINE, UNKNOWN_LETTER, convert, letters_of};
use ctl_pgn::filter::filter;
use ctl_pgn::write::{WriteOptions, write_file};
use ctl_pgn::{Check, Level};

fn corpus() -> Vec<(PathBuf, File)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in ["corpus/valid", "corpus/invalid", "crates/ctl-an/tests/fixtures"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn")) {
            let parsed = ctl_an::parse_file(&std::fs::read_to_string(&p).expect("UTF-8"));
            // There and back starts from the standard letters: the corpus's Redefine and FAN
            // files are the destinations, not the sources.
            let standard = parsed.file.games.iter().all(|g| g.tag("Redefine").is_none());
            if !parsed.has_errors() && standard {
                out.push((p, parsed.file));
            }
        }
    }
    assert!(out.len() >= 9, "the corpus is missing");
    out
}

fn text(file: &File) -> String {
    write_file(file, WriteOptions::default())
}

/// The file with each readable PDTL value in its canonical form: what a conversion there and
/// back gives (a conversion rewrites the position it read).
fn canonical_pdtl(file: &File) -> File {
    let mut file = file.clone();
    for g in &mut file.games {
        let letters = letters_of(g).expect("corpus Redefine values are valid");
        for t in g.tags.iter_mut().filter(|t| t.name == "PDTL" || t.name == "DPTL") {
            if let Some(p) = pdtl::read(&t.value, &letters).position {
                t.value = pdtl::write(&p, &letters);
            }
        }
    }
    file
}

const SETS: [&str; 5] =
    ["FAN", "B@J, Q@D, W@V", "A@J, C@N, T@R", "L@J, S@N, T@R, W@V", "F@J, C@N, T@R, W@V"];

#[test]
fn there_and_back_gives_the_canonical_original() {
    for (path, file) in corpus() {
        let expected = text(&canonical_pdtl(&file));
        for set in SETS {
            let letters = Letters::from_redefine(set).expect("a spec letter set");
            let there = convert(&file, &letters);
            let there_text = text(&there.file);
            // Read the converted text back, as a user of the converted file would.
            let reread = ctl_an::parse_file(&there_text);
            let name = format!("{} to {set}", path.display());
            if there.diagnostics.iter().any(|d| d.code == "E0703") {
                // A PDTL that no letters can read (two White Kings...): the game stays whole,
                // as written, in its own letters; nothing else is reported.
                assert!(there.diagnostics.iter().all(|d| d.code == "E0703"), "{name}");
                assert_eq!(there_text, text(&file), "{name}: the game was not left as written");
                continue;
            }
            assert!(!reread.has_errors(), "{name}: {:?}\n{there_text}", reread.diagnostics);
            let back = convert(&reread.file, &Letters::standard());
            assert_eq!(there.diagnostics, [], "{name}");
            assert_eq!(back.diagnostics, [], "{name}");
            assert_eq!(text(&back.file), expected, "{name}:\n{there_text}");
            // The converted file reads as the original does: the same problems, in order.
            let codes = |text: &str| {
                Check::new(Level::Rules)
                    .text(text)
                    .diagnostics
                    .iter()
                    .map(|d| d.code)
                    .collect::<Vec<_>>()
            };
            assert_eq!(codes(&there_text), codes(&text(&file)), "{name}:\n{there_text}");
        }
    }
}

#[test]
fn converted_letters_name_the_same_pieces() {
    let file = ctl_an::parse_file(
        "[Variant \"C'escacs\"] [PDTL \"/27:1k/25:1n2/3:1N2/1:1K/ w -- - 0 1\"]\n\
         1. NE3-C7, NC25×NC7 { ~n takes ~NC7, ~J[d] waits on ~E13 }",
    )
    .file;
    let english = Letters::from_redefine("W@V, Q@D, S@N").unwrap();
    let out = convert(&file, &english);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    assert_eq!(
        text(&out.file),
        "[Variant \"C'escacs\"]\n[Redefine \"S@N, W@V, Q@D\"]\n\
         [PDTL \"/27:1k/25:1s2/3:1S2/1:1K/ w -- - 0 1\"]\n\n\
         1. SE3-C7, SC25×SC7\n{ ~s takes ~SC7, ~J[d] waits on ~E13 }\n"
    );
}

#[test]
fn redefine_goes_before_pdtl_else_last_and_goes_away_for_standard() {
    let file = ctl_an::parse_file(
        "[Variant \"C'escacs\"] [Redefine \"FAN\"] [Lang \"en\"] 1. ♘E3-C7: *\n\
         [Variant \"C'escacs\"] [Lang \"en\"] [PDTL \"/27:1k/3:1N2/1:1K/ w -- - 0 1\"] 1. NE3-C7: *",
    )
    .file;
    let names = |f: &File, i: usize| -> Vec<String> {
        f.games[i].tags.iter().map(|t| t.name.clone()).collect()
    };
    let b = convert(&file, &Letters::from_redefine("B@J").unwrap()).file;
    assert_eq!(names(&b, 0), ["Variant", "Lang", "Redefine"]);
    assert_eq!(names(&b, 1), ["Variant", "Lang", "Redefine", "PDTL"]);
    let s = convert(&file, &Letters::standard()).file;
    assert_eq!(names(&s, 0), ["Variant", "Lang"]);
    assert_eq!(text(&s).lines().nth(3), Some("1. NE3-C7 :"));
}

#[test]
fn what_cannot_be_converted_is_reported_and_kept() {
    let src = "[Variant \"C'escacs\"] [Redefine \"X@J\"] 1. XF6-C15: *\n\
               [Variant \"C'escacs\"] [Redefine \"B@J\"] [PDTL \"/29:k/ w -- - 0 1\"] 1. JF6-C15: *";
    let file = ctl_an::parse_file(src).file;
    let out = convert(&file, &Letters::fan());
    let codes: Vec<&str> = out.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [BAD_REDEFINE, BAD_PDTL, UNKNOWN_LETTER]);
    assert_eq!(&src[out.diagnostics[0].span.range()], "X@J");
    assert_eq!(&src[out.diagnostics[2].span.range()], "J");
    assert_eq!(out.file.games[0], file.games[0]);
    assert_eq!(out.file.games[1].tags[2].value, "/29:k/ w -- - 0 1");
}

fn annotated(pairs: &[Pair]) -> bool {
    pairs.iter().any(|p| {
        !p.comments.is_empty()
            || !p.variations.is_empty()
            || [Some(&p.white), p.black.as_ref()]
                .into_iter()
                .flatten()
                .any(|ply| matches!(ply, Ply::Move(m) if m.rating.is_some() || !m.nags.is_empty()))
    })
}

fn plies(mt: &Movetext) -> Vec<String> {
    mt.pairs
        .iter()
        .flat_map(|p| [Some(&p.white), p.black.as_ref()])
        .flatten()
        .map(|ply| match ply {
            Ply::Move(m) => {
                let mut m = m.clone();
                m.rating = None;
                m.nags.clear();
                m.to_string()
            }
            Ply::Omitted(_) => "…".to_string(),
            Ply::Invalid { text, .. } => text.clone(),
        })
        .collect()
}

#[test]
fn the_filter_leaves_moves_and_tags_only() {
    for (path, file) in corpus() {
        let out = filter(&file);
        let name = path.display();
        let reread = ctl_an::parse_file(&text(&out.file));
        assert!(!reread.has_errors(), "{name}: {:?}", reread.diagnostics);
        assert_eq!(reread.file.games.len(), file.games.len(), "{name}");
        for (before, after) in file.games.iter().zip(&reread.file.games) {
            let mt = &after.movetext;
            assert!(mt.comments.is_empty() && mt.closing_comments.is_empty(), "{name}");
            assert!(!annotated(&mt.pairs), "{name}");
            assert_eq!(mt.result.map(|r| r.value), before.movetext.result.map(|r| r.value));
            let tags = |g: &ctl_an::syntax::Record| -> Vec<String> {
                g.tags.iter().filter(|t| t.name != "Redefine").map(|t| t.name.clone()).collect()
            };
            assert_eq!(tags(after), tags(before), "{name}");
            assert!(after.tag("Redefine").is_none());
            assert_eq!(plies(mt), plies(&before.movetext), "{name}");
        }
    }
}

#[test]
fn the_filter_converts_redefined_letters() {
    let fan = convert(&corpus()[0].1, &Letters::fan()).file;
    assert!(text(&fan).contains("[Redefine \"FAN\"]"));
    let plain = filter(&fan);
    assert!(plain.diagnostics.is_empty(), "{:?}", plain.diagnostics);
    assert!(!text(&plain.file).contains("Redefine"));
    assert_eq!(plies(&plain.file.games[0].movetext), plies(&corpus()[0].1.games[0].movetext));
}

#[test]
fn a_reference_naming_no_piece_is_warned_about() {
    let src = "[Variant \"C'escacs\"] 1. E7-E13:\n{ ~L or ~JF6 }";
    let file = ctl_an::parse_file(src).file;
    let out = convert(&file, &Letters::from_redefine("L@J").unwrap());
    let found: Vec<(&str, &str)> =
        out.diagnostics.iter().map(|d| (d.code, &src[d.span.range()])).collect();
    assert_eq!(found, [(ctl_pgn::convert::UNKNOWN_REFERENCE, "L")]);
    assert!(!out.has_errors());
    assert!(text(&out.file).ends_with("{ ~L or ~LF6 }\n"));
}

#[test]
fn a_pdtl_whose_only_fault_is_the_castling_field_is_converted_letter_by_letter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/invalid");
    let src = std::fs::read_to_string(root.join("spec-DPTL-fragment.ctl-pgn")).expect("corpus");
    let file = ctl_an::parse_file(&src).file;
    let out = convert(&file, &Letters::fan());
    assert_eq!(out.diagnostics, []);
    let fan = text(&out.file);
    assert!(fan.contains("[Redefine \"FAN\"]\n[DPTL \"/28:🩒/27:1♚/"), "{fan}");
    // The castling field keeps its fault (`KRrkr` for a King's Rook that moved), in FAN.
    assert!(fan.contains(" b ♔♖♜♚♜ - 2\"]"), "{fan}");
}

#[test]
fn a_game_that_cannot_be_converted_whole_is_left_in_its_letters() {
    // A PDTL with an unknown letter and a PDTL with a line that does not exist.
    let src = "[Variant \"C'escacs\"] [PDTL \"/27:1k/3:1X2/1:1K/ w -- - 0 1\"] 1. KG1-H2: *\n\
               [Variant \"C'escacs\"] [PDTL \"/29:k/ w -- - 0 1\"] 1. NE3-C7: *\n";
    let file = ctl_an::parse_file(src).file;
    let out = convert(&file, &Letters::fan());
    assert_eq!(out.file, file, "nothing converted, no Redefine added");
    let found: Vec<(&str, &str, &str)> = out
        .diagnostics
        .iter()
        .map(|d| (d.code, &src[d.span.range()], d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (
                BAD_PDTL,
                "X",
                "expected a PDTL value readable with the letters standard, found E0108: expected a \
                 piece letter (PEJNGRVDK pejngrvdk) or a digit, found `X`"
            ),
            (
                BAD_PDTL,
                "29",
                "expected a PDTL value readable with the letters standard, found E0104: expected a \
                 line number from 0 to 28, found 29"
            ),
        ]
    );
}
