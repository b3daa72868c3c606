//! `cargo xtask dist`: what the project ships, in `target/dist/`, one function per artefact: the
//! npm package's tarball ([`npm_tarball`], as `npm pack` makes it), the playground site
//! ([`playground_site`]), the Python module's abi3 wheel ([`wheel::build`], release) and the
//! VS Code extension ([`vscode_extension`], the `.vsix` that `vsce` packs).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{npm, playground, wheel};

/// Where the artefacts are written, under the repository root.
pub const OUT: &str = "target/dist";

/// One artefact written: its path and size in bytes (a folder's: its files' sum).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artefact {
    /// Where it is.
    pub path: PathBuf,
    /// Its bytes.
    pub bytes: u64,
}

/// Writes every artefact into a fresh `target/dist/`; builds the npm package, the wheel and
/// the `.vsix` unless `build` is false (then the package in `target/npm/cescacs` is taken and
/// neither of the others is made: a release build of the module takes some ten minutes, CI
/// tests the wheel's packaging apart over a dev-profile wheel, and packing the extension
/// installs its tools from npm).
pub fn run(root: &Path, build: bool) -> Result<Vec<Artefact>, String> {
    let out = root.join(OUT);
    if out.exists() {
        fs::remove_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let package = if build { npm::build(root)?.dir } else { root.join(npm::OUT) };
    let mut made = vec![npm_tarball(&package, &out)?, playground_site(root, &package, &out)?];
    if build {
        let wheel = wheel::build(root, &out)?;
        made.push(Artefact { path: wheel.path, bytes: wheel.bytes });
        made.push(vscode_extension(root, &out)?);
    }
    Ok(made)
}

/// `cescacs-VERSION.tgz`: the npm package packed by `npm pack`, as `npm publish` would send it.
pub fn npm_tarball(package: &Path, out: &Path) -> Result<Artefact, String> {
    let packed = Command::new("npm")
        .args(["pack", "--silent", "--pack-destination"])
        .arg(out)
        .arg(package)
        .output()
        .map_err(|e| format!("cannot run npm pack: {e}"))?;
    if !packed.status.success() {
        return Err(format!("npm pack failed: {}", String::from_utf8_lossy(&packed.stderr)));
    }
    let name = String::from_utf8_lossy(&packed.stdout);
    let name = name.lines().last().unwrap_or_default().trim();
    let path = out.join(name);
    let bytes = fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?.len();
    Ok(Artefact { path, bytes })
}

/// `playground/`: the playground's static site (`cargo xtask playground`'s) with the package.
pub fn playground_site(root: &Path, package: &Path, out: &Path) -> Result<Artefact, String> {
    let site = playground::write(root, package)?;
    let path = out.join("playground");
    let bytes = copy_tree(&site, &path)?;
    Ok(Artefact { path, bytes })
}

/// `cescacs-ctl-pgn.vsix`: the VS Code extension of `editors/vscode/`, packed by its own
/// `npm run package` (`vsce`, pinned by its lockfile, installed by `npm ci` when missing).
pub fn vscode_extension(root: &Path, out: &Path) -> Result<Artefact, String> {
    let dir = root.join("editors/vscode");
    let npm = |args: &[&str]| -> Result<(), String> {
        let ran = Command::new("npm")
            .args(args)
            .current_dir(&dir)
            .output()
            .map_err(|e| format!("cannot run npm: {e}"))?;
        if ran.status.success() {
            Ok(())
        } else {
            Err(format!("npm {} failed: {}", args.join(" "), String::from_utf8_lossy(&ran.stderr)))
        }
    };
    if npm(&["ls", "--silent"]).is_err() {
        npm(&["ci", "--no-audit", "--no-fund"])?;
    }
    npm(&["run", "package", "--silent"])?;
    let name = "cescacs-ctl-pgn.vsix";
    let path = out.join(name);
    fs::rename(dir.join(name), &path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bytes = fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?.len();
    Ok(Artefact { path, bytes })
}

/// Copies the folder `from` to `to`; the bytes copied.
fn copy_tree(from: &Path, to: &Path) -> Result<u64, String> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let mut bytes = 0;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            bytes += copy_tree(&path, &target)?;
        } else {
            bytes += fs::copy(&path, &target)
                .map_err(|e| format!("{} -> {}: {e}", path.display(), target.display()))?;
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_is_copied_whole_with_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let from = dir.path().join("from");
        fs::create_dir_all(from.join("sub")).unwrap();
        fs::write(from.join("a"), "abc").unwrap();
        fs::write(from.join("sub/b"), "de").unwrap();
        let to = dir.path().join("to");
        assert_eq!(copy_tree(&from, &to), Ok(5));
        assert_eq!(fs::read_to_string(to.join("sub/b")).unwrap(), "de");
    }
}
