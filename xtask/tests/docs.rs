//! The generated documentation is the one the code gives: `docs/diagnostics.md` is what
//! `cargo xtask docs` writes from the registry of codes.

use std::path::Path;

#[test]
fn the_diagnostics_index_is_the_registry() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let committed = std::fs::read_to_string(root.join(xtask::docs::INDEX)).expect("the index");
    let generated = xtask::docs::diagnostics_index();
    if committed != generated {
        let diff = similar::TextDiff::from_lines(&committed, &generated);
        panic!(
            "{} is stale: run `cargo xtask docs` (the registry is \
             crates/cescacs-diagnostics/src/codes.rs)\n{}",
            xtask::docs::INDEX,
            diff.unified_diff().header("committed", "generated")
        );
    }
}
