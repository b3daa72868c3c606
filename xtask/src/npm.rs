//! `cargo xtask npm`: the npm package `cescacs` in `target/npm/cescacs/`: `crates/cescacs-wasm`
//! built for `wasm32-unknown-unknown` (profile `wasm`), its JavaScript glue written by
//! `wasm-bindgen` twice over the same module (`--target web`: ES, `--target nodejs`: CommonJS),
//! the classes of `npm/api.js`, an entry per environment (`index.js` for node's `import`,
//! `index.cjs` for `require`, `browser.js`, `manual.js`; each ready once imported but the last),
//! one self-contained declaration file, and `package.json` with its exports map (docs/NPM.md).
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
    // The glue for ES modules (browsers, node's `import`) and for CommonJS (node's `require`):
    // both drive the very same `.wasm` (wasm-bindgen writes it byte for byte alike).
    let node_glue = root.join(TARGET_DIR).join("nodejs-glue");
    for (target, out) in [("web", &dir), ("nodejs", &node_glue)] {
        run(Command::new("wasm-bindgen")
            // The names section only names functions in traces: 15% of the module.
            .args(["--target", target, "--remove-name-section", "--out-name", "cescacs_wasm"])
            .arg("--out-dir")
            .arg(out)
            .arg(&wasm))?;
    }
    write_package(root, &dir, &node_glue)?;
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

/// The declarations of the module's public items in wasm-bindgen's `.d.ts` (for node, which has
/// no initialisers), each with its documentation: the functions, and the classes they give
/// (`GameReplays`). Items named with a leading `_` are the package's own classes' glue
/// (`npm/api.js`), not exported; the types of the crate's `types.d.ts` are left out (the
/// package writes them itself).
fn public_declarations(declarations: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut doc: Vec<&str> = Vec::new();
    let mut lines = declarations.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("/**") {
            doc = vec![line];
            if !line.contains("*/") {
                for more in lines.by_ref() {
                    doc.push(more);
                    if more.contains("*/") {
                        break;
                    }
                }
            }
            continue;
        }
        let item = if let Some(rest) = line.strip_prefix("export function ") {
            rest.split('(').next().map(|name| (name, vec![line]))
        } else if let Some(rest) = line.strip_prefix("export class ") {
            let mut block = vec![line];
            for more in lines.by_ref() {
                block.push(more);
                if more == "}" {
                    break;
                }
            }
            rest.split([' ', '{']).next().map(|name| (name, block))
        } else {
            None
        };
        if let Some((name, block)) = item {
            if !name.starts_with('_') && name != "initSync" {
                let text = doc.iter().chain(&block).copied().collect::<Vec<_>>().join("\n");
                found.push((name.to_string(), text));
            }
        }
        doc.clear();
    }
    found
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    fs::copy(from, to).map(drop).map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))
}

/// The package's classes, `npm/api.js`, as CommonJS: its factory with the `export` keyword
/// taken off.
fn commonjs_factory(api: &str) -> Result<String, String> {
    const HEAD: &str = "export function api(wasm) {";
    if !api.contains(HEAD) {
        return Err(format!("{TEMPLATES}/api.js: no `{HEAD}`"));
    }
    Ok(api.replacen(HEAD, "function api(wasm) {", 1))
}

/// The loaders (ES for node, ES for browsers, ES without loading, CommonJS), their types, the
/// classes, `package.json`, the viewer's script and styles, the README and the licences.
/// `node_glue` is wasm-bindgen's `--target nodejs` output: its CommonJS glue, which reads the
/// same `.wasm` synchronously, and its declarations, which have no initialisers.
fn write_package(root: &Path, dir: &Path, node_glue: &Path) -> Result<(), String> {
    let templates = root.join(TEMPLATES);
    let declarations = read(&node_glue.join("cescacs_wasm.d.ts"))?;
    let public = public_declarations(&declarations);
    let names: Vec<&str> = public.iter().map(|(name, _)| name.as_str()).collect();
    let names = names.join(", ");
    copy(&node_glue.join("cescacs_wasm.js"), &dir.join("cescacs_wasm.cjs"))?;
    let api = read(&templates.join("api.js"))?;
    write(&dir.join("api.js"), &api)?;
    for (file, template) in
        [("index.js", "node.js"), ("browser.js", "browser.js"), ("manual.js", "manual.js")]
    {
        let loader = read(&templates.join(template))?;
        let exports = format!(
            "export {{ {names} }} from './cescacs_wasm.js';\n\
             export const {{ CescacsError, Position, Game, Node }} = api(wasm);\n"
        );
        write(&dir.join(file), &format!("{loader}\n{exports}"))?;
    }
    let commonjs = format!(
        "// The npm package `cescacs` for `require`: wasm-bindgen's CommonJS glue, which reads the\n\
         // module's bytes beside it synchronously, and the package's classes. Written by `cargo\n\
         // xtask npm`.\n\
         'use strict';\n\
         const wasm = require('./cescacs_wasm.cjs');\n\
         {factory}\n\
         module.exports = {{ {exports}, ...api(wasm) }};\n",
        factory = commonjs_factory(&api)?,
        exports =
            public.iter().map(|(n, _)| format!("{n}: wasm.{n}")).collect::<Vec<_>>().join(", "),
    );
    write(&dir.join("index.cjs"), &commonjs)?;
    // One self-contained declaration file, the same for `import` and `require`: the crate's
    // types, the classes', and the module's functions; nothing of wasm-bindgen's initialisers
    // (which name the DOM's types) but `manual`'s own.
    let types = format!(
        "// The types of the package `cescacs`. Written by `cargo xtask npm`.\n\n{}\n{}\n{}\n",
        read(&root.join("crates/cescacs-wasm/src/types.d.ts"))?,
        read(&templates.join("api.d.ts"))?,
        public.iter().map(|(_, text)| text.as_str()).collect::<Vec<_>>().join("\n\n"),
    );
    write(&dir.join("index.d.ts"), &types)?;
    write(&dir.join("index.d.cts"), &types)?;
    let manual = format!("{types}\n{}", read(&templates.join("manual.d.ts"))?);
    write(&dir.join("manual.d.ts"), &manual)?;
    write(&dir.join("package.json"), &package_json(&read(&templates.join("package.json"))?)?)?;
    for file in ["cescacs_wasm.d.ts", "cescacs_wasm_bg.wasm.d.ts"] {
        fs::remove_file(dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
    }
    copy(&templates.join("README.md"), &dir.join("README.md"))?;
    for file in ["viewer.js", "viewer.css"] {
        copy(&root.join(VIEWER).join(file), &dir.join(file))?;
    }
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root.join(licence), &dir.join(licence))?;
    }
    Ok(())
}

/// `package.json` from its template (`npm/package.json`, written by hand: the order of the
/// conditions of its exports map is the order they are tried in): `types` first in every
/// condition; browsers (and bundlers for them) take `browser.js`, which fetches the module by
/// URL and names no `node:` module; node takes `index.js` (ES) or `index.cjs` (`require`), both
/// loading the module's bytes synchronously; `cescacs/manual` loads nothing until `init` or
/// `initSync` is called with the caller's URL or bytes.
fn package_json(template: &str) -> Result<String, String> {
    let text = template.replace("{{VERSION}}", env!("CARGO_PKG_VERSION"));
    serde_json::from_str::<serde_json::Value>(&text)
        .map_err(|e| format!("{TEMPLATES}/package.json: {e}"))?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_package_exports_every_public_item_with_its_documentation() {
        let declarations = "export interface LegalMove { from: string; }\n\
             /**\n * Checks.\n */\n\
             export function check(text: string | Uint8Array, options?: CheckOptions | null): CheckResult;\n\
             /** Internal. */\n\
             export function _play(pdtl: string): Played;\n\
             export class _GameModel {\n  free(): void;\n}\n\
             export class GameReplays {\n  next(): IteratorResult<GameReplayed, undefined>;\n}\n\
             export function boardSvg(pdtl: string): string;\n\
             export function initSync(module: SyncInitInput): InitOutput;\n";
        let found = public_declarations(declarations);
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["check", "GameReplays", "boardSvg"]);
        assert!(found[0].1.starts_with("/**\n * Checks.\n */\nexport function check("));
        assert!(found[1].1.ends_with("undefined>;\n}"));
    }

    #[test]
    fn the_commonjs_classes_are_the_factory_without_export() {
        let made =
            commonjs_factory("// x\nexport function api(wasm) {\n  return {};\n}\n").unwrap();
        assert_eq!(made, "// x\nfunction api(wasm) {\n  return {};\n}\n");
        assert!(commonjs_factory("export const api = 1;").is_err());
    }
}
