//! The corpus: every valid file passes every level; every invalid file gives exactly its golden
//! diagnostics (`NAME.diagnostics`, ariadne text without colour, rules level). `BLESS=1` rewrites
//! the goldens.

use std::path::{Path, PathBuf};

use ctl_pgn::render::render_text;
use ctl_pgn::validate::{Level, check_text};

fn corpus(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus").join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ctl-pgn"))
        .collect();
    files.sort();
    files
}

fn name(path: &Path) -> String {
    path.file_name().expect("name").to_string_lossy().into_owned()
}

#[test]
fn valid_files_have_no_error_at_any_level() {
    let files = corpus("valid");
    assert!(files.len() >= 5);
    for path in files {
        let text = std::fs::read_to_string(&path).expect("UTF-8");
        for level in [Level::Syntax, Level::Coherence, Level::Rules] {
            let errors: Vec<String> = check_text(&text, level)
                .iter()
                .filter(|d| d.is_error())
                .map(ToString::to_string)
                .collect();
            assert!(errors.is_empty(), "{} at {level:?}: {errors:#?}", name(&path));
        }
    }
}

#[test]
fn invalid_files_give_their_golden_diagnostics() {
    let bless = std::env::var_os("BLESS").is_some();
    let files = corpus("invalid");
    assert!(files.len() >= 4);
    let mut failures = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("UTF-8");
        let diagnostics = check_text(&text, Level::Rules);
        assert!(diagnostics.iter().any(|d| d.is_error()), "{} has no error", name(&path));
        let shown = format!("corpus/invalid/{}", name(&path));
        let rendered = render_text(&diagnostics, &shown, &text, false);
        let golden = path.with_extension("diagnostics");
        if bless {
            std::fs::write(&golden, &rendered).expect("write golden");
            continue;
        }
        let expected = std::fs::read_to_string(&golden)
            .unwrap_or_else(|e| panic!("{}: {e} (run with BLESS=1)", golden.display()));
        if expected != rendered {
            failures
                .push(format!("{}:\n--- expected\n{expected}\n--- found\n{rendered}", name(&path)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
