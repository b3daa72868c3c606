//! `cargo xtask playground`: the playground in `target/playground/`, a static site (no request
//! leaves it): `index.html` (its text area holding a sample game), `playground.js` and
//! `playground.css` (from `crates/cescacs-wasm/playground/`), and the npm package `cescacs` in
//! `cescacs/` (the WebAssembly module, its loader, and the game viewer's `viewer.js` and
//! `viewer.css`, the very files of `cescacs html`). Any static file server serves it
//! (`python3 -m http.server -d target/playground`); a page opened from `file://` cannot load
//! the module.

use std::fs;
use std::path::{Path, PathBuf};

use crate::npm;

/// Where the playground is written, under the repository root.
pub const OUT: &str = "target/playground";

/// The playground's own files.
const SOURCES: &str = "crates/cescacs-wasm/playground";

/// The game in the text area when the page opens: the spec's annotated example
/// (`corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn`) with its quick fixes applied
/// (`cescacs check --fix`) and formatted: clean and canonical, so that a newcomer's first sight
/// is no list of warnings.
const SAMPLE: &str = "crates/cescacs-wasm/playground/sample.ctl-pgn";

/// Where the sample goes in `index.html`.
const HOLE: &str = "{{SAMPLE}}";

/// Builds the npm package (unless `build` is false: the one in `target/npm/cescacs` is taken)
/// and writes the playground; gives its folder.
pub fn run(root: &Path, build: bool) -> Result<PathBuf, String> {
    let package = if build { npm::build(root)?.dir } else { root.join(npm::OUT) };
    if !package.join("browser.js").is_file() {
        return Err(format!("{} holds no package: run `cargo xtask npm`", package.display()));
    }
    write(root, &package)
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes the playground from the package in `package`.
pub fn write(root: &Path, package: &Path) -> Result<PathBuf, String> {
    let out = root.join(OUT);
    if out.exists() {
        fs::remove_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let assets = out.join("cescacs");
    fs::create_dir_all(&assets).map_err(|e| format!("{}: {e}", assets.display()))?;
    for entry in fs::read_dir(package).map_err(|e| format!("{}: {e}", package.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            let to = assets.join(path.file_name().unwrap_or_default());
            fs::copy(&path, &to)
                .map_err(|e| format!("{} -> {}: {e}", path.display(), to.display()))?;
        }
    }
    let sources = root.join(SOURCES);
    let page = read(&sources.join("index.html"))?;
    if !page.contains(HOLE) {
        return Err(format!("{SOURCES}/index.html has no {HOLE}"));
    }
    let sample = cescacs_diagram::escape(&read(&root.join(SAMPLE))?);
    let write = |name: &str, text: &str| {
        let path = out.join(name);
        fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    write("index.html", &page.replacen(HOLE, &sample, 1))?;
    for name in ["playground.js", "playground.css"] {
        write(name, &read(&sources.join(name))?)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page names only files of its own folder, all of which the playground writes.
    #[test]
    fn the_page_loads_only_its_own_files() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let page = read(&root.join(SOURCES).join("index.html")).unwrap();
        let script = read(&root.join(SOURCES).join("playground.js")).unwrap();
        let styles = read(&root.join(SOURCES).join("playground.css")).unwrap();
        for text in [&page, &script, &styles] {
            for outside in ["http:", "https:", "//cdn", "@import", "url("] {
                assert!(!text.contains(outside), "{outside}");
            }
        }
        for asset in ["cescacs/viewer.css", "playground.css", "cescacs/viewer.js", "playground.js"]
        {
            assert!(page.contains(&format!("\"{asset}\"")), "{asset}");
        }
        assert!(script.contains("from './cescacs/browser.js'"));
    }

    /// The sample opens clean (no diagnostic at the rules level) and canonical (what `cescacs
    /// fmt` writes), and is the spec's example: the same moves as the corpus file.
    #[test]
    fn the_sample_is_clean_canonical_and_the_spec_s_example() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let sample = read(&root.join(SAMPLE)).unwrap();
        let checked = ctl_pgn::Check::new(ctl_pgn::Level::Rules).text(&sample);
        assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
        let games = ctl_pgn::read_str(&sample);
        assert_eq!(games[0].game.to_string(), sample);
        let spec = read(&root.join("corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn"));
        let spec = ctl_pgn::read_str(&spec.unwrap());
        let moves = |g: &ctl_pgn::Game| g.main_line().map(|n| n.to_string()).collect::<Vec<_>>();
        assert_eq!(moves(&games[0].game), moves(&spec[0].game));
    }
}
