//! Issue 7, "no data lost": `fmt` (the canonical writer, plain and `--ascii`) never drops or
//! adds a tag, a comment, a variation, a rating, a NAG, a check mark, a game indicator, a move or
//! a result. Over every file of the corpus and of ctl-an's fixtures, the multisets of those items
//! are the same before and after writing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ctl_an::syntax::{Comment, File, Movetext, Pair, Ply};
use ctl_pgn::write::{WriteOptions, write_file};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sources() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for dir in ["corpus/valid", "corpus/invalid", "corpus/edge", "crates/ctl-an/tests/fixtures"] {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn")) {
            let bytes = std::fs::read(&p).expect("readable corpus file");
            out.push((p, ctl_pgn::decode::decode(bytes).text));
        }
    }
    assert!(out.len() >= 10, "the corpus is missing: {} files", out.len());
    out
}

/// Item → how many times it occurs.
type Items = BTreeMap<String, usize>;

fn count(items: &mut Items, item: String) {
    *items.entry(item).or_default() += 1;
}

fn comments(items: &mut Items, comments: &[Comment]) {
    for c in comments {
        // The writer ends comment lines with LF (docs/DECISIONS.md 2): line ends are not content.
        count(items, format!("comment {:?}", ctl_an::syntax::comment_text_with_lf(&c.text)));
    }
}

fn pairs(items: &mut Items, pairs: &[Pair], depth: usize) {
    for pair in pairs {
        count(items, format!("number {} {} depth {depth}", pair.number.value, pair.number.unknown));
        for ply in std::iter::once(&pair.white).chain(pair.black.as_ref()) {
            match ply {
                Ply::Move(m) => {
                    // Canonical text: the spellings of one sign (`-`/`‐`, `×`/`*`) are not content.
                    count(items, format!("move {m}"));
                    if let Some(check) = m.check {
                        count(items, format!("check {:?}", check.value));
                    }
                    if let Some(rating) = m.rating {
                        count(items, format!("rating {:?}", rating.value));
                    }
                    for nag in &m.nags {
                        count(items, format!("nag {}", nag.value));
                    }
                    if m.draw_offer.is_some() {
                        count(items, "draw offer".to_string());
                    }
                    if m.end.is_some() {
                        count(items, "end of game".to_string());
                    }
                }
                Ply::Omitted(_) => count(items, "omitted move".to_string()),
                Ply::Invalid { text, .. } => count(items, format!("unread {text:?}")),
            }
        }
        comments(items, &pair.comments);
        for v in &pair.variations {
            count(items, format!("variation label {:?} depth {depth}", v.label.map(|l| l.value)));
            comments(items, &v.comments);
            self::pairs(items, &v.pairs, depth + 1);
        }
    }
}

fn movetext(items: &mut Items, mt: &Movetext) {
    comments(items, &mt.comments);
    pairs(items, &mt.pairs, 0);
    if let Some(result) = mt.result {
        count(items, format!("result {:?}", result.value));
    }
    comments(items, &mt.closing_comments);
}

/// Everything a file says that a reader could lose, with the order of games and tags kept.
fn items(file: &File) -> (Vec<Vec<(String, String)>>, Items) {
    let mut all = Items::new();
    let mut tags = Vec::new();
    for game in file.games() {
        tags.push(game.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect());
        movetext(&mut all, &game.movetext);
    }
    (tags, all)
}

#[test]
fn fmt_keeps_every_tag_comment_variation_rating_and_indicator() {
    let mut checked = 0;
    for (path, text) in sources() {
        let read = ctl_an::parse_file(&text);
        if read.diagnostics.iter().any(|d| d.is_error()) {
            // fmt leaves files with syntax errors untouched: nothing to lose.
            continue;
        }
        let before = items(&read.file);
        for options in [WriteOptions::default(), WriteOptions { ascii: true }] {
            let written = write_file(&read.file, options);
            let after = items(&ctl_an::parse_file(&written).file);
            assert_eq!(before.0, after.0, "{}: tags differ after fmt", path.display());
            assert_eq!(before.1, after.1, "{}: items differ after fmt:\n{written}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 8, "too few files read without errors: {checked}");
}
