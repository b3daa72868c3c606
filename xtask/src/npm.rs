//! `cargo xtask npm`: the npm package `cescacs` in `target/npm/cescacs/`: `crates/cescacs-wasm`
//! built for `wasm32-unknown-unknown` (profile `wasm`), its JavaScript glue and types written by
//! `wasm-bindgen --target web`, and an ES module `index.js` that loads the WebAssembly itself
//! (from the file in node, by URL in a browser) so that every function is ready after
//! `await import(...)`, with no bundler.
//!
//! The toolchain comes from `scripts/wasm-toolchain.sh`: rustup's wasm32 standard library when
//! it is installed, otherwise Debian's rust-web toolchain, with which std is built here
//! (`-Zbuild-std`, unlocked by `RUSTC_BOOTSTRAP=1` on that stable compiler).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the package is written, under the repository root.
pub const OUT: &str = "target/npm/cescacs";

/// The build of the module, apart from the normal one (never committed).
const TARGET_DIR: &str = "target/wasm";

const TARGET: &str = "wasm32-unknown-unknown";

/// The crate's files that go into the package as they are.
const TEMPLATES: &str = "crates/cescacs-wasm/npm";

/// The game viewer's script and styles (`cescacs-viewer`), shipped as they are.
const VIEWER: &str = "crates/cescacs-viewer/src";

/// What `cargo xtask npm` did: the package's directory and the module's sizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    /// `target/npm/cescacs`.
    pub dir: PathBuf,
    /// Bytes of the `.wasm`.
    pub wasm_bytes: u64,
    /// Bytes of the `.wasm` gzipped (`gzip -9`), when `gzip` is there.
    pub wasm_gzipped: Option<u64>,
}

/// How the wasm32 standard library is had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Toolchain {
    /// rustup's prebuilt target.
    Rustup,
    /// Debian's rust-web toolchain: std built from its source.
    Debian,
}

fn toolchain() -> Result<Toolchain, String> {
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    // `CESCACS_WASM_TOOLCHAIN=debian` builds with Debian's toolchain even where rustup's target
    // is installed (to try that path).
    let debian_only = std::env::var("CESCACS_WASM_TOOLCHAIN").is_ok_and(|v| v == "debian");
    if !debian_only
        && !sysroot.is_empty()
        && Path::new(&sysroot).join("lib/rustlib").join(TARGET).join("lib").is_dir()
    {
        return Ok(Toolchain::Rustup);
    }
    if Path::new("/usr/bin/rustc").is_file()
        && Path::new("/usr/lib/rustlib/src/rust/library").is_dir()
        && Path::new("/usr/bin/wasm-ld").is_file()
    {
        return Ok(Toolchain::Debian);
    }
    Err("no standard library for wasm32-unknown-unknown: run scripts/wasm-toolchain.sh".into())
}

/// The exact `wasm-bindgen` version the crate pins.
fn pinned_version(root: &Path) -> Result<String, String> {
    let manifest = root.join("crates/cescacs-wasm/Cargo.toml");
    let text = fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    text.lines()
        .find_map(|l| l.strip_prefix("wasm-bindgen = \"="))
        .and_then(|rest| rest.split('"').next())
        .map(str::to_string)
        .ok_or_else(|| format!("{}: no `wasm-bindgen = \"=X.Y.Z\"`", manifest.display()))
}

fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let status = command.status().map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{shown} failed: {status}")) }
}

/// Builds the module and writes the package.
pub fn build(root: &Path) -> Result<Built, String> {
    let version = pinned_version(root)?;
    let found = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|_| "none".to_string());
    if found != format!("wasm-bindgen {version}") {
        return Err(format!(
            "wasm-bindgen {version} is needed (found {found}): run scripts/wasm-toolchain.sh"
        ));
    }
    let toolchain = toolchain()?;
    let mut cargo = Command::new(match toolchain {
        Toolchain::Rustup => std::env::var("CARGO").unwrap_or("cargo".into()),
        Toolchain::Debian => "/usr/bin/cargo".into(),
    });
    cargo.current_dir(root).env("CARGO_TARGET_DIR", root.join(TARGET_DIR)).args([
        "build",
        "--profile",
        "wasm",
        "--target",
        TARGET,
        "-p",
        "cescacs-wasm",
    ]);
    if toolchain == Toolchain::Debian {
        cargo
            .env("RUSTC", "/usr/bin/rustc")
            .env("RUSTDOC", "/usr/bin/rustdoc")
            .env("RUSTC_BOOTSTRAP", "1")
            .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", "wasm-ld")
            .env_remove("RUSTUP_TOOLCHAIN")
            // Debian's compiler may be older than the workspace's `rust-version`.
            .args(["-Zbuild-std=std,panic_abort", "--ignore-rust-version"]);
    }
    run(&mut cargo)?;
    let wasm = root.join(TARGET_DIR).join(TARGET).join("wasm/cescacs_wasm.wasm");
    let dir = root.join(OUT);
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    run(Command::new("wasm-bindgen")
        // The names section only names functions in traces: 15% of the module.
        .args(["--target", "web", "--remove-name-section", "--out-name", "cescacs_wasm"])
        .arg("--out-dir")
        .arg(&dir)
        .arg(&wasm))?;
    write_package(root, &dir)?;
    let module = dir.join("cescacs_wasm_bg.wasm");
    let wasm_bytes = fs::metadata(&module).map_err(|e| format!("{}: {e}", module.display()))?.len();
    let wasm_gzipped = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(&module)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| o.stdout.len() as u64);
    Ok(Built { dir, wasm_bytes, wasm_gzipped })
}

/// The functions the bindings export, from wasm-bindgen's declarations (its `initSync` and
/// default `init` are the package's business, not the user's).
fn exported_functions(declarations: &str) -> Vec<&str> {
    declarations
        .lines()
        .filter_map(|l| l.strip_prefix("export function "))
        .filter_map(|l| l.split('(').next())
        .filter(|name| *name != "initSync")
        .collect()
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    fs::copy(from, to).map(drop).map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))
}

/// `index.js`, `index.d.ts`, `package.json`, the viewer's script and styles, the README and
/// the licences.
fn write_package(root: &Path, dir: &Path) -> Result<(), String> {
    let glue = dir.join("cescacs_wasm.d.ts");
    let declarations = fs::read_to_string(&glue).map_err(|e| format!("{}: {e}", glue.display()))?;
    let names = exported_functions(&declarations).join(", ");
    let loader = fs::read_to_string(root.join(TEMPLATES).join("index.js"))
        .map_err(|e| format!("{TEMPLATES}/index.js: {e}"))?;
    write(
        &dir.join("index.js"),
        &format!("{loader}\nexport {{ {names} }} from './cescacs_wasm.js';\n"),
    )?;
    write(
        &dir.join("index.d.ts"),
        &format!(
            "// The functions of the package, ready once the module is imported.\n\
             export {{ {names} }} from './cescacs_wasm.js';\n\
             export type * from './cescacs_wasm.js';\n"
        ),
    )?;
    let package = serde_json::json!({
        "name": "cescacs",
        "version": env!("CARGO_PKG_VERSION"),
        "description": "The C'escacs notation toolkit: check, format, replay and draw CTL-PGN games and PDTL positions (WebAssembly)",
        "license": "MIT OR Apache-2.0",
        "type": "module",
        "main": "./index.js",
        "module": "./index.js",
        "types": "./index.d.ts",
        "exports": { ".": { "types": "./index.d.ts", "default": "./index.js" } },
        "files": [
            "index.js", "index.d.ts", "cescacs_wasm.js", "cescacs_wasm.d.ts",
            "cescacs_wasm_bg.wasm", "cescacs_wasm_bg.wasm.d.ts", "viewer.js", "viewer.css",
            "README.md", "LICENSE-MIT", "LICENSE-APACHE"
        ],
        "engines": { "node": ">=20" },
        "sideEffects": true,
        "keywords": ["cescacs", "chess", "hexagonal", "notation", "pgn", "wasm"]
    });
    let package = serde_json::to_string_pretty(&package).map_err(|e| e.to_string())?;
    write(&dir.join("package.json"), &format!("{package}\n"))?;
    copy(&root.join(TEMPLATES).join("README.md"), &dir.join("README.md"))?;
    for file in ["viewer.js", "viewer.css"] {
        copy(&root.join(VIEWER).join(file), &dir.join(file))?;
    }
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root.join(licence), &dir.join(licence))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_package_exports_every_function_but_the_initialisers() {
        let declarations = "export function check(text: string | Uint8Array, options?: CheckOptions | null): CheckResult;\n\
             export function boardSvg(pdtl: string): string;\n\
             export function initSync(module: SyncInitInput): InitOutput;\n\
             export default function __wbg_init (module_or_path?: any): Promise<InitOutput>;\n";
        assert_eq!(exported_functions(declarations), ["check", "boardSvg"]);
    }
}
