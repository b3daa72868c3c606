//! Issue 7: random mutations of corpus files (several bytes replaced, inserted or deleted at
//! once, including bytes that open and close structures and invalid UTF-8) never panic and keep
//! every invariant of the fuzz entry points.

use std::path::{Path, PathBuf};

use proptest::prelude::*;

fn corpus_files() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut out = Vec::new();
    for dir in ["valid", "invalid"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("the corpus")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
            .collect();
        paths.sort();
        out.extend(paths.iter().map(|p| std::fs::read(p).expect("readable")));
    }
    assert!(out.len() >= 10, "the corpus is missing");
    out
}

#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
}

/// Bytes that matter to the readers, and any byte at all.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => prop::sample::select(b"(){}[]\"\\.,:;?!*+#@=&-$~ \n\r\t0123456789EFGKRNPDVJx".to_vec()),
        1 => any::<u8>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), byte()).prop_map(|(at, b)| Edit::Replace(at, b)),
        (any::<usize>(), prop::collection::vec(byte(), 1..8))
            .prop_map(|(at, b)| Edit::Insert(at, b)),
        (any::<usize>(), 1usize..16).prop_map(|(at, n)| Edit::Delete(at, n)),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let len = bytes.len().max(1);
        match e {
            Edit::Replace(at, b) if !bytes.is_empty() => bytes[at % len] = *b,
            Edit::Insert(at, new) => {
                let at = at % (bytes.len() + 1);
                bytes.splice(at..at, new.iter().copied());
            }
            Edit::Delete(at, n) if !bytes.is_empty() => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                bytes.drain(at..end);
            }
            _ => {}
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn mutated_corpus_files_keep_every_invariant(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..12),
    ) {
        let files = corpus_files();
        let mutated = apply(files[which.index(files.len())].clone(), &edits);
        cescacs_fuzz_targets::lexer(&mutated);
        cescacs_fuzz_targets::check(&mutated);
        cescacs_fuzz_targets::round_trip(&mutated);
    }
}
