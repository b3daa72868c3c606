//! The game model's acceptance test: `examples/rebuild.rs` builds every game of every file of
//! `corpus/` again through the model's API alone, and prints exactly what `cescacs fmt
//! --stdout` prints for the file (here: the library's path of `fmt`, in `common`).

#[path = "../examples/rebuild.rs"]
mod rebuild;

mod fmt;

#[test]
fn every_corpus_file_is_rebuilt_as_fmt_writes_it() {
    let (mut files, mut notes, mut unwritable) = (0, 0, 0);
    for (path, bytes) in fmt::corpus_files() {
        let rebuilt = rebuild::rebuild(&bytes[..]).expect("reading memory");
        let expected = fmt::fmt_stdout(&bytes);
        assert_eq!(rebuilt.errors.is_empty(), expected.is_some(), "{}", path.display());
        assert_eq!(rebuilt.text, expected.unwrap_or_default(), "{}", path.display());
        files += 1;
        notes += rebuilt.notes.len();
        unwritable += usize::from(!rebuilt.errors.is_empty());
    }
    assert!(files > 60, "{files} files");
    // The invalid files hold moves that cannot be chosen among the legal ones, and some the
    // reader does not rewrite at all.
    assert!(notes > 5 && unwritable > 3, "{notes} notes, {unwritable} files not rewritten");
}

#[test]
fn a_valid_file_is_rebuilt_from_legal_moves_only() {
    let path = fmt::root().join("corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn");
    let bytes = std::fs::read(path).expect("corpus file");
    let rebuilt = rebuild::rebuild(&bytes[..]).expect("reading memory");
    assert_eq!(rebuilt.notes, Vec::<String>::new());
    assert!(rebuilt.text.contains(".(6. …, GH6-K12)\n"), "{}", rebuilt.text);
}

#[test]
fn a_move_that_is_not_legal_is_added_as_written_and_said() {
    let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11, G21-G15\n3. G7-E13: *\n";
    let rebuilt = rebuild::rebuild(text.as_bytes()).expect("reading memory");
    assert_eq!(Some(rebuilt.text), fmt::fmt_stdout(text.as_bytes()));
    assert_eq!(rebuilt.notes.len(), 3, "{:?}", rebuilt.notes);
    assert!(rebuilt.notes[0].contains("`EE5-E11`") && rebuilt.notes[0].contains("E0501"));
    assert!(rebuilt.notes[1].contains("its position is not known"));
}
