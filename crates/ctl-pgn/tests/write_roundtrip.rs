//! The canonical writer over every file of the corpus and of ctl-an's fixtures: reading back what
//! it wrote gives the same tree (spans aside), writing is idempotent, canonical text comes back
//! byte-identical, and comments, unknown tags and the tag order survive.

use std::path::{Path, PathBuf};

use ctl_an::syntax::{Comment, Movetext, Pair};
use ctl_pgn::write::{WriteOptions, write_file};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `*.ctl-pgn` below corpus/ and ctl-an's test fixtures, with its text.
fn sources() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for dir in ["corpus/valid", "corpus/invalid", "crates/ctl-an/tests/fixtures"] {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.extension().is_some_and(|e| e == "ctl-pgn") {
                let text = std::fs::read_to_string(&p).expect("corpus files are UTF-8");
                out.push((p, text));
            }
        }
    }
    assert!(out.len() >= 9, "the corpus is missing: {out:?}");
    out
}

/// A comment's text as the export layout writes it (LF line ends).
fn written(c: &Comment) -> String {
    ctl_an::syntax::comment_text_with_lf(&c.text).into_owned()
}

fn comments_in_pairs(pairs: &[Pair], out: &mut Vec<String>) {
    for p in pairs {
        out.extend(p.comments.iter().map(written));
        for v in &p.variations {
            out.extend(v.comments.iter().map(written));
            comments_in_pairs(&v.pairs, out);
        }
    }
}

fn comments(mt: &Movetext) -> Vec<String> {
    let mut out: Vec<String> = mt.comments.iter().map(written).collect();
    comments_in_pairs(&mt.pairs, &mut out);
    out.extend(mt.closing_comments.iter().map(written));
    out
}

#[test]
fn reading_back_the_written_text_gives_the_same_tree() {
    for (path, text) in sources() {
        let first = ctl_an::parse_file(&text);
        let written = write_file(&first.file, WriteOptions::default());
        let second = ctl_an::parse_file(&written);
        let name = path.display();
        if !first.has_errors() {
            assert!(!second.has_errors(), "{name}: {:?}\n{written}", second.diagnostics);
            assert_eq!(
                ctl_an::meaning(&second.file),
                ctl_an::meaning(&first.file),
                "{name}:\n{written}"
            );
        }
        let again = write_file(&second.file, WriteOptions::default());
        assert_eq!(again, written, "{name}: writing is not idempotent");
    }
}

/// The text without its `{...}` comments (they do not nest).
fn outside_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        rest = rest[open..].find('}').map_or("", |close| &rest[open + close + 1..]);
    }
    out.push_str(rest);
    out
}

#[test]
fn ascii_text_means_the_same() {
    for (path, text) in sources() {
        let first = ctl_an::parse_file(&text);
        if first.has_errors() {
            continue;
        }
        let ascii = write_file(&first.file, WriteOptions { ascii: true });
        // Comment text is verbatim and may hold any character: look outside comments.
        assert!(!outside_comments(&ascii).contains(['×', '…']), "{}", path.display());
        let back = ctl_an::parse_file(&ascii);
        assert_eq!(ctl_an::meaning(&back.file), ctl_an::meaning(&first.file), "{}", path.display());
        assert_eq!(write_file(&back.file, WriteOptions { ascii: true }), ascii);
    }
}

#[test]
fn comments_tags_and_tag_order_survive() {
    for (path, text) in sources() {
        let first = ctl_an::parse_file(&text).file;
        let second = ctl_an::parse_file(&write_file(&first, WriteOptions::default())).file;
        assert_eq!(first.games.len(), second.games.len(), "{}", path.display());
        for (a, b) in first.games.iter().zip(&second.games) {
            let tags = |g: &ctl_an::syntax::Record| -> Vec<(String, String)> {
                g.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect()
            };
            assert_eq!(tags(a), tags(b), "{}", path.display());
            assert_eq!(comments(&a.movetext), comments(&b.movetext), "{}", path.display());
        }
    }
}

#[test]
fn canonical_text_comes_back_byte_identical() {
    let path = root().join("corpus/valid/canonical-fools-mate-variations.ctl-pgn");
    let text = std::fs::read_to_string(&path).expect("the canonical corpus file exists");
    let out = ctl_an::parse_file(&text);
    // The spec's `@W` without a colon stays (comment text is verbatim): warnings only.
    assert!(!out.has_errors(), "{:?}", out.diagnostics);
    assert_eq!(write_file(&out.file, WriteOptions::default()), text);
}

#[test]
fn messy_spelling_is_normalized() {
    let text = "\u{feff}[Variant \"C'escacs\"]   [Lang \"en\"]\r\n\r\n1. E7‐E13 ?!,\tE21–E15 \
                {@W: a\r\nb} 2. …, EE23*EE5\r\n(2. ..., F20-F16) 3. F8-F12: 1-1\r\n";
    let out = ctl_an::parse_file(text);
    assert!(!out.has_errors(), "{:?}", out.diagnostics);
    let written = write_file(&out.file, WriteOptions::default());
    assert_eq!(
        written,
        "[Variant \"C'escacs\"]\n[Lang \"en\"]\n\n1. E7-E13 ?!, E21-E15\n{@W: a\nb}\n\
         2. …, EE23×EE5\n(2. …, F20-F16)\n3. F8-F12 :\n1-1\n"
    );
}

#[test]
fn games_are_separated_by_one_blank_line() {
    let text = "[Variant \"C'escacs\"] 1. E7-E13: *\n\n\n[Variant \"C'escacs\"] [Round \"2\"] 1. E7-E13: *";
    let file = ctl_an::parse_file(text).file;
    assert_eq!(
        write_file(&file, WriteOptions::default()),
        "[Variant \"C'escacs\"]\n\n1. E7-E13 :\n*\n\n[Variant \"C'escacs\"]\n[Round \"2\"]\n\n1. E7-E13 :\n*\n"
    );
}
