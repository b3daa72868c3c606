//! Repository hygiene checks, run by `cargo test -p xtask` so that CI enforces them.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_owned()
}

fn crate_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    for entry in fs::read_dir(root().join("crates")).expect("crates/ exists") {
        let dir = entry.expect("readable crates/").path();
        for file in ["src/lib.rs", "src/main.rs"] {
            let path = dir.join(file);
            if path.exists() {
                roots.push(path);
            }
        }
    }
    roots.sort();
    roots
}

#[test]
fn every_crate_forbids_unsafe_code() {
    let roots = crate_roots();
    assert!(roots.len() >= 5, "expected the five crates, found {roots:?}");
    for path in roots {
        let text = fs::read_to_string(&path).expect("readable crate root");
        assert!(
            text.contains("#![forbid(unsafe_code)]"),
            "{} lacks #![forbid(unsafe_code)]",
            path.display()
        );
    }
}

#[test]
fn corpus_files_are_utf8_with_the_ctl_pgn_extension() {
    for folder in ["valid", "invalid", "generated"] {
        let dir = root().join("corpus").join(folder);
        let mut seen = 0;
        for entry in fs::read_dir(&dir).expect("corpus folder exists") {
            let path = entry.expect("readable corpus").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
            if name.ends_with(".ctl-pgn") {
                let bytes = fs::read(&path).expect("readable corpus file");
                assert!(std::str::from_utf8(&bytes).is_ok(), "{name} is not UTF-8");
                seen += 1;
            } else {
                assert!(
                    name.ends_with(".diagnostics")
                        || name.ends_with(".diagnostics.json")
                        || name.ends_with(".md"),
                    "unexpected file {name} in corpus/{folder}"
                );
            }
        }
        assert!(seen > 0, "corpus/{folder} holds no game file");
    }
}

#[test]
fn ci_runs_exactly_the_readme_test_command() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md exists");
    let ci = fs::read_to_string(root().join(".ci/run")).expect(".ci/run exists");
    let command = "cargo test --workspace";
    assert!(readme.contains(command), "README.md does not show `{command}`");
    assert!(ci.lines().any(|l| l.trim() == command), ".ci/run does not run exactly `{command}`");
}
