//! `cargo xtask corpus` as a test, so that CI enforces it: the committed corpus round-trips and
//! matches its goldens in both formats, and one byte changed in a golden or in a canonical file
//! (on a copy of the corpus, never on the real files) fails with a readable diff.

use std::path::{Path, PathBuf};

use xtask::corpus::{self, Format, Options, Report};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_owned()
}

#[test]
fn the_committed_corpus_round_trips_and_matches_its_goldens() {
    let mut options = Options::new(root());
    options.formats = vec![Format::Text, Format::Json];
    let report = corpus::run(&options).expect("the corpus is readable");
    assert!(report.passed(), "{report}");
    let total = report.total();
    assert!(total.games >= corpus::GENERATED_GAMES, "{report}");
    assert!(total.variations > 0 && total.positions > total.plies, "{report}");
    for kind in [corpus::Kind::Valid, corpus::Kind::Invalid, corpus::Kind::Generated] {
        assert!(report.rows.get(&kind).is_some_and(|r| r.files > 0), "no {kind:?} file\n{report}");
    }
}

/// A copy of `corpus/` in a temporary folder, checked without the generated tail (the sample is
/// still compared with the generator).
struct Copy {
    dir: tempfile::TempDir,
}

impl Copy {
    fn new() -> Copy {
        let dir = tempfile::tempdir().expect("a temporary folder");
        copy_tree(&root().join("corpus"), &dir.path().join("corpus"));
        Copy { dir }
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    /// Adds 1 to the byte at `at` (counted from the end when negative).
    fn alter(&self, relative: &str, at: isize) {
        let path = self.path(relative);
        let mut bytes = std::fs::read(&path).expect("the file exists");
        let i = if at < 0 { bytes.len() - at.unsigned_abs() } else { at.unsigned_abs() };
        bytes[i] = bytes[i].wrapping_add(1);
        std::fs::write(&path, bytes).expect("the copy is writable");
    }

    fn run(&self, format: Format) -> Report {
        let mut options = Options::new(self.dir.path());
        options.formats = vec![format];
        options.generated_games = corpus::GENERATED_SAMPLE;
        corpus::run(&options).expect("the copy is readable")
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder in the temporary folder");
    for entry in std::fs::read_dir(from).expect("the corpus is readable") {
        let path = entry.expect("a readable entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("the copy is writable");
        }
    }
}

/// The one failure of a run, and its diff.
fn only_failure(report: &Report) -> (String, String) {
    assert_eq!(report.failures.len(), 1, "{report}");
    let failure = &report.failures[0];
    let diff = failure.diff().unwrap_or_else(|| panic!("no diff: {report}"));
    // The report prints the first failure with its diff.
    assert!(report.to_string().contains(diff.lines().nth(2).unwrap_or_default()), "{report}");
    (failure.to_string(), diff)
}

#[test]
fn the_untouched_copy_passes() {
    let copy = Copy::new();
    let report = copy.run(Format::Text);
    assert!(report.passed(), "{report}");
}

#[test]
fn one_byte_changed_in_a_text_golden_fails_with_a_diff() {
    let copy = Copy::new();
    let golden = "corpus/invalid/spec-introduction-2021-06-04.diagnostics";
    // `[E0405]` becomes `[E0406]`... whatever the first code is, its last digit changes.
    copy.alter(golden, 5);
    let (failure, diff) = only_failure(&copy.run(Format::Text));
    assert!(failure.starts_with(golden), "{failure}");
    assert!(diff.starts_with("--- expected\n+++ found\n@@"), "{diff}");
    let removed: Vec<&str> =
        diff.lines().filter(|l| l.starts_with('-') && !l.starts_with("---")).collect();
    let added: Vec<&str> =
        diff.lines().filter(|l| l.starts_with('+') && !l.starts_with("+++")).collect();
    assert_eq!((removed.len(), added.len()), (1, 1), "{diff}");
    assert_ne!(removed[0][1..], added[0][1..]);
}

#[test]
fn one_byte_changed_in_a_json_golden_fails_with_a_diff() {
    let copy = Copy::new();
    let golden = "corpus/invalid/spec-DPTL-fragment.diagnostics.json";
    let text = std::fs::read_to_string(copy.path(golden)).expect("the JSON golden exists");
    let at = text.find("\"line\": ").expect("a range") + "\"line\": ".len();
    copy.alter(golden, at as isize);
    // The text goldens are not looked at with `--format json`, and the other way round.
    assert!(copy.run(Format::Text).passed());
    let (failure, diff) = only_failure(&copy.run(Format::Json));
    assert!(failure.starts_with(golden), "{failure}");
    assert!(diff.contains("-") && diff.contains("\"line\""), "{diff}");
}

#[test]
fn one_byte_changed_in_a_canonical_file_fails_with_a_diff() {
    let copy = Copy::new();
    let file = "corpus/valid/canonical-fools-mate-variations.ctl-pgn";
    // The last byte is the final line break: `\n` becomes `\v`, which the reader takes as space.
    copy.alter(file, -1);
    let report = copy.run(Format::Text);
    let failure = report
        .failures
        .iter()
        .find(|f| f.what.contains("canonical layout"))
        .unwrap_or_else(|| panic!("the change is not seen\n{report}"));
    assert!(failure.file.ends_with("canonical-fools-mate-variations.ctl-pgn"), "{failure}");
    let diff = failure.diff().expect("a diff");
    assert!(diff.starts_with("--- expected\n+++ found\n"), "{diff}");
}

#[test]
fn a_changed_generated_sample_fails_with_a_diff() {
    let copy = Copy::new();
    let name = cescacs_gen::file_name(corpus::GENERATED_SEED, 3);
    copy.alter(&format!("corpus/generated/{name}"), 2);
    let report = copy.run(Format::Text);
    let failure = report
        .failures
        .iter()
        .find(|f| f.file.ends_with(&name))
        .unwrap_or_else(|| panic!("the change is not seen\n{report}"));
    assert!(failure.what.contains("generator"), "{failure}");
    assert!(failure.diff().expect("a diff").contains("-[Variant"), "{report}");
}

#[test]
fn bless_rewrites_a_changed_golden() {
    let copy = Copy::new();
    let golden = "corpus/invalid/spec-A0001-24-wrong-result.diagnostics";
    let before = std::fs::read(copy.path(golden)).expect("the golden exists");
    copy.alter(golden, 3);
    let mut options = Options::new(copy.dir.path());
    options.bless = true;
    options.generated_games = corpus::GENERATED_SAMPLE;
    let report = corpus::run(&options).expect("the copy is readable");
    assert_eq!(report.blessed, [golden.to_string()], "{report}");
    assert_eq!(std::fs::read(copy.path(golden)).expect("rewritten"), before);
}
