//! Repository hygiene checks, run by `cargo test -p xtask` so that CI enforces them.

use std::fs;
use std::path::{Path, PathBuf};

use source::rust_files;

mod source;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_owned()
}

/// The bindings (the npm package's crate and the Python module) call the toolkit through its one
/// core, `cescacs-toolkit`, and no other crate of the workspace: every operation they offer is
/// the one the CLI runs (docs/ARCHITECTURE.md, "Invariants").
#[test]
fn the_bindings_call_the_workspace_only_through_the_toolkit_core() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let workspace: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    for binding in ["cescacs-wasm", "cescacs-py"] {
        let package = packages.iter().find(|p| p["name"] == binding).expect("the binding");
        let mut called: Vec<&str> = package["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .filter(|d| d["kind"].is_null())
            .filter_map(|d| d["name"].as_str())
            .filter(|name| workspace.contains(name))
            .collect();
        called.dedup();
        assert_eq!(called, ["cescacs-toolkit"], "{binding}");
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

/// The crates the bindings (the npm package, the Python module) run: no clock, thread, file,
/// process or environment in their code, which `wasm32-unknown-unknown` has not (a call there
/// aborts the module), but for what the `clock` feature gates (`ctl-pgn`'s `Stats` times,
/// which the bindings leave off). `thread_local!` stays: one thread is still a thread.
#[test]
fn the_crates_the_bindings_run_read_no_clock_file_or_process() {
    let crates =
        ["cescacs-board", "pdtl", "ctl-an", "ctl-pgn", "cescacs-diagram", "cescacs-viewer"];
    let mut files = Vec::new();
    for name in crates {
        rust_files(&root().join("crates").join(name).join("src"), &mut files);
    }
    assert!(files.len() > 100, "the walk found {} files", files.len());
    let found = system_calls(&files);
    assert!(found.is_empty(), "what wasm32 has not, outside `clock`:\n{}", found.join("\n"));
}

/// The lines of non-test code in `files` that name what `wasm32-unknown-unknown` has not,
/// but those right after `#[cfg(feature = "clock")]`.
fn system_calls(files: &[PathBuf]) -> Vec<String> {
    const SYSTEM: [&str; 9] = [
        "std::fs",
        "std::thread",
        "std::process",
        "std::env::",
        "std::net",
        "Instant",
        "SystemTime",
        "File::",
        "thread::spawn",
    ];
    let mut found = Vec::new();
    for path in files {
        let text = fs::read_to_string(path).expect("UTF-8 source");
        let mut gated = false;
        for (n, line) in non_test_code(&text) {
            if !gated && SYSTEM.iter().any(|name| line.contains(name)) {
                found.push(format!("{}:{n}: {}", path.display(), line.trim()));
            }
            gated = line.trim() == "#[cfg(feature = \"clock\")]";
        }
    }
    found
}

#[test]
fn the_system_scan_sees_calls_and_lets_the_clock_feature_pass() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("stats.rs");
    let text = "struct S {\n    #[cfg(feature = \"clock\")]\n    at: std::time::Instant,\n}\n\
                fn f() { let _ = std::fs::read(\"x\"); }\n/// `Instant::now` aborts.\n";
    fs::write(&file, text).expect("writable");
    let found = system_calls(std::slice::from_ref(&file));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with(":5: fn f() { let _ = std::fs::read(\"x\"); }"), "{found:?}");
}

/// CI builds the API documentation without a warning and packages every crate as crates.io
/// would take it (docs/ARCHITECTURE.md, "Invariants").
#[test]
fn ci_builds_the_docs_without_warnings_and_packages_every_crate() {
    let ci = fs::read_to_string(root().join(".ci/run")).expect(".ci/run exists");
    for command in [
        "RUSTDOCFLAGS=\"-D warnings\" cargo doc --workspace --no-deps",
        "cargo package --workspace --no-verify",
    ] {
        assert!(ci.lines().any(|l| l.trim() == command), ".ci/run does not run `{command}`");
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

/// The lines of a Rust source that are neither comments (doc tests included) nor items under
/// `#[cfg(test)]`, with their numbers.
fn non_test_code(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut skip_until: Option<String> = None;
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        if let Some(end) = &skip_until {
            if line == end {
                skip_until = None;
            }
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            // The item after it ends on the first line that closes it at its indentation (or on
            // its own line when it ends with `;`).
            let indent = &line[..line.len() - trimmed.len()];
            if lines.peek().is_some_and(|(_, next)| !next.trim_end().ends_with(';')) {
                skip_until = Some(format!("{indent}}}"));
            }
            lines.next();
            continue;
        }
        if !trimmed.starts_with("//") {
            out.push((i + 1, line));
        }
    }
    out
}

/// Whether `s` starts with a diagnostic code in quotes: `"E0203"`, `"W0101"`.
fn quoted_code_at(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 7
        && b[0] == b'"'
        && matches!(b[1], b'E' | b'W')
        && b[2] == b'0'
        && b[3..6].iter().all(u8::is_ascii_digit)
        && b[6] == b'"'
}

/// Codes are declared once, in the registry `cescacs_diagnostics::codes`: outside it, non-test code
/// names a code only through the registry's constants.
#[test]
fn diagnostic_codes_are_spelled_only_in_the_registry() {
    let registry = root().join("crates/cescacs-diagnostics/src/codes.rs");
    let mut files = Vec::new();
    for entry in fs::read_dir(root().join("crates")).expect("crates/ exists") {
        rust_files(&entry.expect("readable crates/").path().join("src"), &mut files);
    }
    rust_files(&root().join("xtask/src"), &mut files);
    assert!(files.len() > 50 && files.contains(&registry), "the walk found {} files", files.len());
    let mut found = Vec::new();
    for path in files.iter().filter(|p| **p != registry) {
        let text = fs::read_to_string(path).expect("UTF-8 source");
        for (n, line) in non_test_code(&text) {
            if line.match_indices('"').any(|(i, _)| quoted_code_at(&line[i..])) {
                found.push(format!("{}:{n}: {}", path.display(), line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "code literals outside the registry:\n{}", found.join("\n"));
}

#[test]
fn the_code_scan_sees_code_and_skips_comments_and_tests() {
    let text = "const A: &str = \"E0203\";\n/// \"E0204\"\n#[cfg(test)]\nmod tests {\n    \
                \"W0101\"\n}\nfn f() {}\n";
    let kept: Vec<usize> = non_test_code(text).into_iter().map(|(n, _)| n).collect();
    assert_eq!(kept, [1, 7]);
    assert!(
        quoted_code_at("\"E0203\"") && !quoted_code_at("\"E02034\"") && !quoted_code_at("E0203")
    );
}

/// The citations in `line` of a page that is not in the repository: the shared spec's decisions
/// and rules pages (a test reading the shared spec may name it by its path, `.../spec/...`).
fn outside_citations(line: &str, is_rust: bool) -> usize {
    let pages = [["decisions", ".md"].concat(), ["rules", ".md"].concat()];
    pages
        .iter()
        .flat_map(|page| line.match_indices(page.as_str()))
        .filter(|(i, _)| !(is_rust && line[..*i].ends_with("spec/")))
        .count()
}

/// Code and docs cite files of the repository (`docs/DECISIONS.md 3`, `docs/RULES.md 4.3`), not
/// the shared spec's pages, which are not in it; tests may still read those by their path.
#[test]
fn code_and_docs_cite_only_files_of_the_repository() {
    let mut files = Vec::new();
    collect_cited_files(&root(), &mut files);
    assert!(files.len() > 100, "the walk found {} files", files.len());
    let mut found = Vec::new();
    for path in &files {
        let Ok(text) = fs::read_to_string(path) else { continue };
        let is_rust = path.extension().is_some_and(|e| e == "rs");
        for (n, line) in text.lines().enumerate() {
            if outside_citations(line, is_rust) > 0 {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "citations of files outside the repository:\n{}", found.join("\n"));
}

#[test]
fn the_citation_scan_tells_repository_pages_from_the_spec() {
    let (decisions, rules) = (["decisions", ".md"].concat(), ["rules", ".md"].concat());
    assert_eq!(outside_citations(&format!("(see {decisions} 3 and {rules} 4.3)"), false), 2);
    assert_eq!(outside_citations("(docs/DECISIONS.md 3, docs/RULES.md 4.3)", false), 0);
    let read = format!("read(\"../shared/spec/{rules}\")");
    assert_eq!((outside_citations(&read, true), outside_citations(&read, false)), (0, 1));
}

/// The `.rs` and `.md` files of the repository, build output and version control left out.
fn collect_cited_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.map(|e| e.expect("readable directory")) {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if path.is_dir() {
            if !matches!(name, "target" | ".git" | "node_modules") {
                collect_cited_files(&path, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// A source folder named `build/` reads as build output (issue 39): the directories of the
/// repository's sources (build output, version control and packages left out) are named
/// otherwise.
#[test]
fn no_source_folder_is_named_build() {
    fn visit(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else { return };
        for path in entries.map(|e| e.expect("readable directory").path()) {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if !path.is_dir() || matches!(name, "target" | ".git" | "node_modules") {
                continue;
            }
            if name == "build" {
                out.push(path.clone());
            }
            visit(&path, out);
        }
    }
    let mut found = Vec::new();
    visit(&root(), &mut found);
    assert!(found.is_empty(), "source folders named build: {found:?}");
}
