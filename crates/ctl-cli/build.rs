//! Bundles the code pages of docs/diagnostics/ into the binary, for `cescacs explain`. A copy of
//! the crate built outside the repository (from crates.io) has no docs folder: it bundles none,
//! and `explain` then gives the registry's summary and names the page.

use std::path::Path;
use std::{env, fs};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let docs = Path::new(&manifest).join("../../docs/diagnostics");
    println!("cargo::rerun-if-changed={}", docs.display());
    let mut pages: Vec<(String, String)> = Vec::new();
    if let Ok(entries) = fs::read_dir(&docs) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "md") {
                let name = format!("diagnostics/{}", entry.file_name().to_string_lossy());
                let text = fs::read_to_string(&path).expect("a page of docs/diagnostics is UTF-8");
                pages.push((name, text));
            }
        }
    }
    pages.sort();
    let mut out =
        String::from("/// The pages of docs/diagnostics/: (path relative to docs/, text).\n");
    out.push_str("pub const PAGES: &[(&str, &str)] = &[\n");
    for (name, text) in &pages {
        out.push_str(&format!("    ({name:?}, {text:?}),\n"));
    }
    out.push_str("];\n");
    let target = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("pages.rs");
    fs::write(target, out).expect("OUT_DIR is writable");
}
