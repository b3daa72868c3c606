//! `cargo xtask wheel`: the Python package `cescacs` as one `abi3` wheel (every CPython from
//! 3.9 on, this platform), built by maturin from `python/` in release, its symbols stripped
//! (docs/PYTHON.md). The wheel installs with no Rust toolchain: `pip install
//! target/dist/cescacs-*.whl`.
//!
//! maturin is the one on `PATH`, or `CESCACS_MATURIN`, or else one installed from PyPI into a
//! virtual environment of its own under `target/maturin/` (the version `python/pyproject.toml`
//! asks for), made once.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where `cargo xtask wheel` writes the wheel, under the repository root (`cargo xtask dist`
/// puts it there too).
pub const OUT: &str = "target/dist";

/// The maturin versions the package builds with (`python/pyproject.toml`'s build system).
const MATURIN: &str = "maturin>=1.5,<2";

/// A wheel built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wheel {
    /// The `.whl` file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

/// Builds the release wheel into `out_dir`.
///
/// # Errors
/// When maturin cannot be had, or the build fails (its output on standard error).
pub fn build(root: &Path, out_dir: &Path) -> Result<Wheel, String> {
    build_profile(root, out_dir, "release")
}

/// Builds the wheel with the cargo profile `profile` (`release` for users; `dev` for a test of
/// the packaging that reuses the build the tests made) into `out_dir`.
///
/// # Errors
/// As [`build`].
pub fn build_profile(root: &Path, out_dir: &Path, profile: &str) -> Result<Wheel, String> {
    let maturin = maturin(root)?;
    fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let before = wheels(out_dir)?;
    let status = Command::new(&maturin)
        .args(["build", "--profile", profile, "--strip", "--out"])
        .arg(out_dir)
        .arg("--manifest-path")
        .arg(root.join("python/Cargo.toml"))
        .current_dir(root)
        .status()
        .map_err(|e| format!("{}: {e}", maturin.display()))?;
    if !status.success() {
        return Err(format!("`maturin build` failed ({status})"));
    }
    // The wheel written now: the newest of the folder (a wheel of the same name is replaced).
    let path = wheels(out_dir)?
        .into_iter()
        .filter(|(path, modified)| before.iter().all(|b| b.0 != *path || b.1 != *modified))
        .max_by_key(|(_, modified)| *modified)
        .map(|(path, _)| path)
        .ok_or_else(|| format!("maturin wrote no wheel into {}", out_dir.display()))?;
    let bytes = fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?.len();
    Ok(Wheel { path, bytes })
}

/// The `cescacs-*.whl` files of `dir`, with their modification times.
fn wheels(dir: &Path) -> Result<Vec<(PathBuf, std::time::SystemTime)>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("cescacs-") && name.ends_with(".whl") {
            let modified = entry.metadata().and_then(|m| m.modified());
            found.push((path, modified.map_err(|e| format!("{name}: {e}"))?));
        }
    }
    Ok(found)
}

/// maturin: `CESCACS_MATURIN`, the one on `PATH`, or one installed for this task.
fn maturin(root: &Path) -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("CESCACS_MATURIN") {
        return Ok(PathBuf::from(path));
    }
    if Command::new("maturin").arg("--version").output().is_ok_and(|o| o.status.success()) {
        return Ok(PathBuf::from("maturin"));
    }
    let venv = root.join("target/maturin/venv");
    let installed = venv.join("bin/maturin");
    if installed.is_file() {
        return Ok(installed);
    }
    run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    run(Command::new(venv.join("bin/pip")).args([
        "install",
        "--quiet",
        "--disable-pip-version-check",
        MATURIN,
    ]))?;
    Ok(installed)
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?} failed ({status})")) }
}
