//! The invariants of docs/ARCHITECTURE.md that a test can read off the manifests and the
//! sources: the layers (from `cargo metadata`), what `cargo package --workspace` needs of every
//! manifest, `unsafe` forbidden everywhere, the one place each part of the fast path starts, a
//! language server loop that never checks, no `Hex` off the board, no logos or chumsky type in
//! `ctl-an`'s public API. Each check is a function of what it reads, so that a made-up breach
//! shows it failing (the fixtures beside each).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;
use source::{Paths, rust_files};

mod source;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_owned()
}

/// How a crate depends on another (`cargo metadata`'s `kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Normal,
    Build,
    Dev,
}

/// One dependency of a workspace crate.
#[derive(Debug, Clone)]
struct Dependency {
    name: String,
    kind: Kind,
    /// Given by `path`.
    path: bool,
    /// With a version requirement (a path-only dependency has none: `*`).
    versioned: bool,
}

/// A crate of the workspace, as its manifest says.
#[derive(Debug, Clone)]
struct Member {
    name: String,
    /// `publish = false` makes it `false`.
    published: bool,
    manifest: PathBuf,
    dependencies: Vec<Dependency>,
}

/// The crates of the workspace, read by `cargo metadata --no-deps` (no resolution, no network)
/// once for every test.
fn members() -> &'static [Member] {
    static MEMBERS: OnceLock<Vec<Member>> = OnceLock::new();
    MEMBERS.get_or_init(read_members)
}

fn read_members() -> Vec<Member> {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|package| Member {
            name: text(&package["name"]),
            // `null` when published anywhere, a list of registries otherwise (`[]`: nowhere).
            published: package["publish"].as_array().is_none_or(|r| !r.is_empty()),
            manifest: PathBuf::from(text(&package["manifest_path"])),
            dependencies: package["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .map(|d| Dependency {
                    name: text(&d["name"]),
                    kind: match d["kind"].as_str() {
                        Some("dev") => Kind::Dev,
                        Some("build") => Kind::Build,
                        _ => Kind::Normal,
                    },
                    path: d["path"].is_string(),
                    versioned: d["req"].as_str() != Some("*"),
                })
                .collect(),
        })
        .collect()
}

const DIAG: &str = "cescacs-diagnostics";
const BOARD: &str = "cescacs-board";
const PDTL: &str = "pdtl";
const AN: &str = "ctl-an";
const PGN: &str = "ctl-pgn";
const DIAGRAM: &str = "cescacs-diagram";
const VIEWER: &str = "cescacs-viewer";
const LSP: &str = "ctl-lsp";
const TOOLKIT: &str = "cescacs-toolkit";

/// Every crate of the workspace, whether it goes to crates.io, and the crates of the workspace
/// its code may use (normal and build dependencies), as the code map of docs/ARCHITECTURE.md
/// draws the layers: `cescacs-diagnostics` (below everything that reports a problem);
/// `cescacs-board` ← `pdtl`, `ctl-an` ← `ctl-pgn` ← `ctl-lsp` ← `ctl-cli`;
/// `cescacs-board` ← `cescacs-diagram` ← `ctl-lsp`; `ctl-pgn`, `cescacs-diagram` ←
/// `cescacs-viewer` ← `cescacs-toolkit` (the one core of the shells) ← `ctl-lsp`, `ctl-cli` and
/// the bindings, which call nothing else of the workspace; the tooling on the libraries. A new
/// crate takes its place here, as in the code map.
const LAYERS: &[(&str, bool, &[&str])] = &[
    (DIAG, true, &[]),
    (BOARD, true, &[]),
    (PDTL, true, &[DIAG, BOARD]),
    (AN, true, &[DIAG, BOARD]),
    (DIAGRAM, true, &[BOARD]),
    (PGN, true, &[DIAG, BOARD, PDTL, AN]),
    (VIEWER, true, &[DIAG, BOARD, PDTL, AN, PGN, DIAGRAM]),
    (TOOLKIT, true, &[DIAG, BOARD, PDTL, AN, PGN, DIAGRAM, VIEWER]),
    (LSP, true, &[DIAG, BOARD, PDTL, AN, PGN, DIAGRAM, TOOLKIT]),
    ("ctl-cli", true, &[DIAG, BOARD, PDTL, AN, PGN, DIAGRAM, VIEWER, TOOLKIT, LSP]),
    // The npm package is what users install (`cargo xtask npm`), the wheel for Python.
    ("cescacs-wasm", false, &[TOOLKIT]),
    ("cescacs-py", false, &[TOOLKIT]),
    ("cescacs-gen", true, &[BOARD, PDTL, AN]),
    ("cescacs-fuzz-targets", false, &[DIAG, BOARD, PDTL, AN, PGN]),
    ("cescacs-benches", false, &[BOARD, PDTL, AN, PGN]),
    ("xtask", false, &[DIAG, BOARD, PDTL, AN, PGN, DIAGRAM, "cescacs-gen"]),
];

/// The crates below `ctl-pgn`: no renderer among their dependencies.
const BELOW_PGN: [&str; 4] = [DIAG, BOARD, PDTL, AN];

/// What breaks the layers in `members`: a crate missing from [`LAYERS`] (or listed there and
/// gone), a published flag other than the table's, a dependency the table does not allow, and
/// a renderer (ariadne, serde_json) below `ctl-pgn`. Tests, benches and examples may use any
/// crate (dev-dependencies).
fn layer_breaches(members: &[Member], layers: &[(&str, bool, &[&str])]) -> Vec<String> {
    let table: BTreeMap<&str, (bool, &[&str])> =
        layers.iter().map(|&(name, published, uses)| (name, (published, uses))).collect();
    let names: BTreeSet<&str> = members.iter().map(|m| m.name.as_str()).collect();
    let mut found = Vec::new();
    for gone in table.keys().filter(|name| !names.contains(*name)) {
        found.push(format!("{gone} is in the layers but not in the workspace"));
    }
    for member in members {
        let Some(&(published, uses)) = table.get(member.name.as_str()) else {
            found.push(format!("{} has no place in the layers", member.name));
            continue;
        };
        if member.published != published {
            let wanted = if published { "published" } else { "`publish = false`" };
            found.push(format!("{} should be {wanted}", member.name));
        }
        for d in member.dependencies.iter().filter(|d| d.kind != Kind::Dev) {
            if names.contains(d.name.as_str()) && !uses.contains(&d.name.as_str()) {
                found.push(format!("{} depends on {}, not below it", member.name, d.name));
            }
            let renderer = matches!(d.name.as_str(), "ariadne" | "serde_json");
            if renderer && BELOW_PGN.contains(&member.name.as_str()) {
                found.push(format!("{} depends on {}, below ctl-pgn", member.name, d.name));
            }
        }
    }
    found
}

#[test]
fn layers_point_down_only() {
    let found = layer_breaches(members(), LAYERS);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// What keeps `cargo package --workspace` from packaging every crate of `members` (it packages
/// the `publish = false` ones too, and resolves the workspace's dependencies among the crates
/// it packages that may be published): a normal or build dependency given by `path` without a
/// version, and a dependency with a version on a crate that is never published. A path-only
/// dev-dependency is fine: packaging drops it.
fn packaging_breaches(members: &[Member]) -> Vec<String> {
    let unpublished: BTreeSet<&str> =
        members.iter().filter(|m| !m.published).map(|m| m.name.as_str()).collect();
    let mut found = Vec::new();
    for member in members {
        for d in &member.dependencies {
            if d.path && !d.versioned && d.kind != Kind::Dev {
                found.push(format!(
                    "{}: `{}` is given by path without a version",
                    member.name, d.name
                ));
            }
            if d.versioned && unpublished.contains(d.name.as_str()) {
                found.push(format!(
                    "{}: `{}` is never published: no version, a path-only dev-dependency",
                    member.name, d.name
                ));
            }
        }
    }
    found
}

#[test]
fn cargo_package_can_package_every_crate() {
    let found = packaging_breaches(members());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// `unsafe` is forbidden in every crate: in the workspace's lints, which every crate's manifest
/// takes (tests, benches and examples included), and in the root file of each library and
/// binary of `crates/`, `xtask/` and `python/`.
#[test]
fn every_crate_forbids_unsafe_code() {
    let workspace = fs::read_to_string(root().join("Cargo.toml")).expect("the workspace manifest");
    let lints = workspace.split("[workspace.lints.rust]").nth(1).expect("workspace lints");
    let lints = lints.split("\n[").next().unwrap_or_default();
    assert!(lints.lines().any(|l| l.trim() == "unsafe_code = \"forbid\""), "{lints}");
    let mut found = Vec::new();
    let members = members();
    for member in members {
        let manifest = fs::read_to_string(&member.manifest).expect("a manifest");
        if !manifest.contains("\n[lints]\nworkspace = true\n") {
            found.push(format!("{} does not take the workspace's lints", member.name));
        }
    }
    let mut roots = Vec::new();
    for dir in
        fs::read_dir(root().join("crates")).expect("crates/").map(|e| e.expect("a crate").path())
    {
        roots.extend(["src/lib.rs", "src/main.rs"].map(|f| dir.join(f)));
    }
    roots.extend(
        ["xtask/src/lib.rs", "xtask/src/main.rs", "python/src/lib.rs"].map(|f| root().join(f)),
    );
    roots.retain(|r| r.exists());
    assert!(roots.len() >= 14 && members.len() >= 14, "{roots:?}");
    for path in roots {
        let text = fs::read_to_string(&path).expect("a crate root");
        if !text.contains("#![forbid(unsafe_code)]") {
            found.push(format!("{} lacks #![forbid(unsafe_code)]", path.display()));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The source files of the workspace's libraries and binaries (`src/` of every crate of
/// `crates/`, `xtask/src`, `python/src`), relative to the root, with what each names outside
/// its tests; read once for every test.
fn sources() -> &'static [(String, Paths)] {
    static SOURCES: OnceLock<Vec<(String, Paths)>> = OnceLock::new();
    SOURCES.get_or_init(read_sources)
}

fn read_sources() -> Vec<(String, Paths)> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("crates/")
        .map(|e| e.expect("a crate").path().join("src"))
        .collect();
    dirs.extend([root().join("xtask/src"), root().join("python/src")]);
    let mut files = Vec::new();
    for dir in dirs {
        rust_files(&dir, &mut files);
    }
    files.sort();
    files
        .iter()
        .map(|path| {
            let text = fs::read_to_string(path).expect("a UTF-8 source");
            let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.strip_prefix(root()).unwrap_or(path).display().to_string();
            (name, Paths::of_file(&file.items))
        })
        .collect()
}

/// The files among `sources` with a path (in code, in a `use`, in a macro) that `names`.
fn naming(sources: &[(String, Paths)], names: impl Fn(&[String]) -> bool) -> Vec<&str> {
    sources
        .iter()
        .filter(|(_, paths)| paths.all().any(&names))
        .map(|(file, _)| file.as_str())
        .collect()
}

/// Whether `path` ends with `tail`.
fn ends_with(path: &[String], tail: &[&str]) -> bool {
    path.len() >= tail.len()
        && path[path.len() - tail.len()..].iter().zip(tail).all(|(a, b)| a == b)
}

/// The files of `files` outside `allowed`, each said to name `what`.
fn outside(files: Vec<&str>, allowed: &[&str], what: &str) -> Vec<String> {
    files
        .into_iter()
        .filter(|file| !allowed.contains(file))
        .map(|file| format!("{file} names {what}"))
        .collect()
}

/// The fast path starts in one place each: `ctl_pgn::check` decides fast or full
/// (`check_fast`, re-exported in `internals` for the fuzz target that compares the two
/// paths); the scanner's events reach the replay in `validate/fast.rs` alone
/// (`replay_scanned`, which the check and `lazy.rs` call); the scanner (`ctl_an::scan::game`)
/// runs in `ctl-an` itself, in `validate/fast.rs`, in `lazy.rs`, which reads and never checks
/// (whether the scanner reads a game whole, its tags), and in the fuzz targets.
#[test]
fn the_fast_path_starts_in_one_place() {
    let sources = sources();
    assert!(sources.len() > 150, "the walk found {} files", sources.len());
    let fast = "crates/ctl-pgn/src/validate/fast.rs";
    let lazy = "crates/ctl-pgn/src/lazy.rs";
    let check_fast = naming(sources, |p| ends_with(p, &["check_fast"]));
    let allowed = ["crates/ctl-pgn/src/check.rs", "crates/ctl-pgn/src/lib.rs", fast];
    let mut found = outside(
        check_fast,
        &[&allowed[..], &["crates/fuzz-targets/src/lib.rs"]].concat(),
        "check_fast",
    );
    let replay_scanned = naming(sources, |p| ends_with(p, &["replay_scanned"]));
    found.extend(outside(replay_scanned, &[fast, lazy], "replay_scanned"));
    let scanner: Vec<&str> = sources
        .iter()
        .filter(|(_, paths)| {
            paths.all().any(|p| ends_with(p, &["scan", "game"]))
                || paths.globs.iter().any(|g| ends_with(g, &["scan"]))
        })
        .map(|(file, _)| file.as_str())
        .filter(|file| !file.starts_with("crates/ctl-an/"))
        .collect();
    assert!(scanner.contains(&lazy), "the scanner's run in lazy.rs is no longer seen: {scanner:?}");
    found.extend(outside(scanner, &[fast, lazy, "crates/fuzz-targets/src/scan.rs"], "scan::game"));
    assert!(found.is_empty(), "the fast path started elsewhere:\n{}", found.join("\n"));
}

/// The language server's loop never checks a document itself: only the worker starts an
/// analysis (`Analysis::new`), and only `analysis.rs` calls `ctl_pgn`'s `Check`.
#[test]
fn the_language_server_checks_only_in_its_worker() {
    let sources = sources();
    let analysis = "crates/ctl-lsp/src/analysis.rs";
    let in_lsp = |files: Vec<&'static str>| -> Vec<&'static str> {
        files.into_iter().filter(|file| file.starts_with("crates/ctl-lsp/")).collect()
    };
    let starts = in_lsp(naming(sources, |p| ends_with(p, &["Analysis", "new"])));
    let mut found = outside(starts, &["crates/ctl-lsp/src/worker.rs", analysis], "Analysis::new");
    // `ctl_pgn::Check…` or `Check::…` (a token kind `Kind::Check` is another).
    let checks = in_lsp(naming(sources, |p| {
        p.iter().enumerate().any(|(i, s)| s == "Check" && (i == 0 || p[i - 1] == "ctl_pgn"))
    }));
    found.extend(outside(checks, &[analysis], "Check"));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// What in `hex.rs` could make a `Hex` off the board: a public field, or a public function of
/// `impl Hex` that makes one from nothing (no `self`) and returns it bare instead of in an
/// `Option`.
fn hex_breaches(items: &[syn::Item]) -> Vec<String> {
    let mut found = Vec::new();
    for item in items {
        match item {
            syn::Item::Struct(s)
                if s.ident == "Hex"
                    && s.fields.iter().any(|f| matches!(f.vis, syn::Visibility::Public(_))) =>
            {
                found.push("`Hex` has a public field".to_string());
            }
            syn::Item::Impl(i) if i.trait_.is_none() && is_hex(&i.self_ty) => {
                for f in i.items.iter().filter_map(|item| match item {
                    syn::ImplItem::Fn(f) if matches!(f.vis, syn::Visibility::Public(_)) => Some(f),
                    _ => None,
                }) {
                    let made = f.sig.receiver().is_none();
                    let bare = matches!(&f.sig.output, syn::ReturnType::Type(_, t) if is_hex(t));
                    if made && bare {
                        found.push(format!("`Hex::{}` returns a bare `Hex`", f.sig.ident));
                    }
                }
            }
            _ => {}
        }
    }
    found
}

/// Whether `ty` is `Hex` or `Self` (in `impl Hex`).
fn is_hex(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && (p.path.is_ident("Hex") || p.path.is_ident("Self")))
}

/// No `Hex` off the board: its constructors return `Option`.
#[test]
fn no_hex_is_made_off_the_board() {
    let path = root().join("crates/cescacs-board/src/hex.rs");
    let file = syn::parse_file(&fs::read_to_string(path).expect("hex.rs")).expect("Rust");
    let found = hex_breaches(&file.items);
    assert!(found.is_empty(), "{}", found.join("\n"));
    let made_up: syn::File = syn::parse_quote! {
        pub struct Hex(pub u8);
        impl Hex {
            pub const fn new(i: u8) -> Option<Hex> { None }
            pub const fn centre() -> Self { Hex(84) }
            pub const fn up(self) -> Hex { self }
        }
    };
    assert_eq!(
        hex_breaches(&made_up.items),
        ["`Hex` has a public field", "`Hex::centre` returns a bare `Hex`"]
    );
}

/// A made-up workspace: `name` published or not, its dependencies as `(name, kind, path,
/// versioned)`.
fn member(name: &str, published: bool, dependencies: &[(&str, Kind, bool, bool)]) -> Member {
    Member {
        name: name.to_string(),
        published,
        manifest: PathBuf::new(),
        dependencies: dependencies
            .iter()
            .map(|&(name, kind, path, versioned)| Dependency {
                name: name.to_string(),
                kind,
                path,
                versioned,
            })
            .collect(),
    }
}

#[test]
fn the_manifest_checks_find_made_up_breaches() {
    let layers: &[(&str, bool, &[&str])] = &[
        (BOARD, true, &[]),
        (AN, true, &[BOARD]),
        ("tool", false, &[BOARD, AN]),
        ("gone", true, &[]),
    ];
    let members = [
        // Upward, and a renderer below ctl-pgn.
        member(
            BOARD,
            true,
            &[(AN, Kind::Normal, true, true), ("serde_json", Kind::Normal, false, true)],
        ),
        // A test may use a crate above; a path dependency without a version cannot be packaged.
        member(AN, true, &[(BOARD, Kind::Build, true, false), ("tool", Kind::Dev, true, false)]),
        // Published though the table says not, and a version on a crate never published.
        member(
            "tool",
            true,
            &[(AN, Kind::Normal, true, true), ("unlisted", Kind::Dev, true, true)],
        ),
        member("unlisted", false, &[]),
    ];
    assert_eq!(
        layer_breaches(&members, layers),
        [
            "gone is in the layers but not in the workspace",
            "cescacs-board depends on ctl-an, not below it",
            "cescacs-board depends on serde_json, below ctl-pgn",
            "tool should be `publish = false`",
            "unlisted has no place in the layers",
        ]
    );
    assert_eq!(
        packaging_breaches(&members),
        [
            "ctl-an: `cescacs-board` is given by path without a version",
            "tool: `unlisted` is never published: no version, a path-only dev-dependency",
        ]
    );
}

/// The crates whose types stay out of `ctl-an`'s public API: its lexer's and its grammar's.
const PRIVATE_DEPENDENCIES: [&str; 2] = ["logos", "chumsky"];

/// The paths written in a public face (signatures, public fields, variants, aliases).
#[derive(Default)]
struct Face(Vec<Vec<String>>);

impl<'ast> syn::visit::Visit<'ast> for Face {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.0.push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }
}

/// The public items of one file (`items`) whose public face names a type of
/// [`PRIVATE_DEPENDENCIES`] (by its crate's name or by a name the file imports from it): all of
/// its `pub` items when its module is public, those re-exported (`reexported`) otherwise.
fn foreign_faces(items: &[syn::Item], public: bool, reexported: &BTreeSet<String>) -> Vec<String> {
    use syn::visit::Visit;
    let imported: BTreeSet<String> = Paths::of_file(items)
        .imports
        .into_iter()
        .filter(|(_, path)| PRIVATE_DEPENDENCIES.contains(&path[0].as_str()))
        .map(|(name, _)| name)
        .collect();
    let foreign = |path: &Vec<String>| {
        PRIVATE_DEPENDENCIES.contains(&path[0].as_str()) || imported.contains(&path[0])
    };
    let is_pub = |vis: &syn::Visibility| matches!(vis, syn::Visibility::Public(_));
    let shown = |name: &syn::Ident| public || reexported.contains(&name.to_string());
    let mut public_types = BTreeSet::new();
    let mut found = Vec::new();
    for item in items.iter().filter(|item| !source::test_only(item)) {
        let mut face = Face::default();
        let name = match item {
            syn::Item::Fn(f) if is_pub(&f.vis) && shown(&f.sig.ident) => {
                face.visit_signature(&f.sig);
                &f.sig.ident
            }
            syn::Item::Struct(s) if is_pub(&s.vis) && shown(&s.ident) => {
                public_types.insert(s.ident.to_string());
                face.visit_generics(&s.generics);
                s.fields.iter().filter(|f| is_pub(&f.vis)).for_each(|f| face.visit_type(&f.ty));
                &s.ident
            }
            syn::Item::Enum(e) if is_pub(&e.vis) && shown(&e.ident) => {
                public_types.insert(e.ident.to_string());
                face.visit_item_enum(e);
                &e.ident
            }
            syn::Item::Type(t) if is_pub(&t.vis) && shown(&t.ident) => {
                face.visit_item_type(t);
                &t.ident
            }
            syn::Item::Const(c) if is_pub(&c.vis) && shown(&c.ident) => {
                face.visit_type(&c.ty);
                &c.ident
            }
            syn::Item::Static(c) if is_pub(&c.vis) && shown(&c.ident) => {
                face.visit_type(&c.ty);
                &c.ident
            }
            syn::Item::Trait(t) if is_pub(&t.vis) && shown(&t.ident) => {
                face.visit_item_trait(t);
                &t.ident
            }
            _ => continue,
        };
        if face.0.iter().any(foreign) {
            found.push(name.to_string());
        }
    }
    // The methods and trait implementations of the public types.
    for item in items {
        let syn::Item::Impl(i) = item else { continue };
        let syn::Type::Path(ty) = &*i.self_ty else { continue };
        let Some(ty) = ty.path.segments.last().map(|s| s.ident.to_string()) else { continue };
        if !public_types.contains(&ty) || source::test_only(item) {
            continue;
        }
        let mut face = Face::default();
        if let Some((_, trait_, _)) = &i.trait_ {
            face.visit_path(trait_);
        }
        for member in &i.items {
            match member {
                syn::ImplItem::Fn(f) if i.trait_.is_some() || is_pub(&f.vis) => {
                    face.visit_signature(&f.sig)
                }
                syn::ImplItem::Type(t) => face.visit_type(&t.ty),
                syn::ImplItem::Const(c) if i.trait_.is_some() || is_pub(&c.vis) => {
                    face.visit_type(&c.ty)
                }
                _ => {}
            }
        }
        if face.0.iter().any(foreign) {
            found.push(format!("impl of {ty}"));
        }
    }
    found
}

/// The names `pub use` items re-export anywhere in `files` (their last segment, or the name
/// they are renamed to).
fn reexported_names(files: &[syn::File]) -> BTreeSet<String> {
    fn names(tree: &syn::UseTree, out: &mut BTreeSet<String>) {
        match tree {
            syn::UseTree::Path(p) => names(&p.tree, out),
            syn::UseTree::Name(n) => drop(out.insert(n.ident.to_string())),
            syn::UseTree::Rename(r) => drop(out.insert(r.ident.to_string())),
            syn::UseTree::Glob(_) => {}
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| names(t, out)),
        }
    }
    let mut out = BTreeSet::new();
    for item in files.iter().flat_map(|f| &f.items) {
        if let syn::Item::Use(u) = item
            && matches!(u.vis, syn::Visibility::Public(_))
        {
            names(&u.tree, &mut out);
        }
    }
    out
}

/// No logos or chumsky type in `ctl-an`'s public API: the public items of its public modules,
/// and the items its private modules re-export, name none in their signatures, public fields,
/// variants or trait implementations.
#[test]
fn no_lexer_or_grammar_type_in_the_public_api() {
    let src = root().join("crates/ctl-an/src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    let files: Vec<syn::File> = paths
        .iter()
        .map(|p| syn::parse_file(&fs::read_to_string(p).expect("a source")).expect("Rust"))
        .collect();
    let reexported = reexported_names(&files);
    // A module is public when it and each module around it is declared `pub mod`.
    let declared_pub = |parent: &Path, name: &str| {
        let parent = paths.iter().position(|p| p == parent).map(|i| &files[i].items);
        parent.into_iter().flatten().any(|item| {
            matches!(item, syn::Item::Mod(m) if m.ident == name
                && matches!(m.vis, syn::Visibility::Public(_)))
        })
    };
    let public = |path: &Path| {
        let relative = path.strip_prefix(&src).expect("below src");
        let mut parent = src.join("lib.rs");
        let mut dir = src.clone();
        let mut names: Vec<String> = relative
            .iter()
            .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_owned())
            .collect();
        if names.last().is_some_and(|n| n == "mod" || n == "lib") {
            names.pop();
        }
        names.iter().all(|name| {
            let ok = declared_pub(&parent, name);
            dir = dir.join(name);
            parent = if dir.join("mod.rs").exists() {
                dir.join("mod.rs")
            } else {
                dir.with_extension("rs")
            };
            ok
        })
    };
    let mut found = Vec::new();
    for (path, file) in paths.iter().zip(&files) {
        for name in foreign_faces(&file.items, public(path), &reexported) {
            found.push(format!("{}: {name}", path.strip_prefix(root()).unwrap_or(path).display()));
        }
    }
    assert!(public(&src.join("lexer.rs")) && !public(&src.join("grammar.rs")));
    assert!(found.is_empty(), "logos or chumsky in ctl-an's public API:\n{}", found.join("\n"));
    let made_up: syn::File = syn::parse_quote! {
        use chumsky::span::SimpleSpan;
        pub struct Open { pub span: SimpleSpan }
        pub struct Closed { span: SimpleSpan }
        impl Closed { pub fn span(&self) -> logos::Span { 0..0 } }
        pub fn hidden(_: chumsky::Input) {}
    };
    let none = BTreeSet::new();
    assert_eq!(foreign_faces(&made_up.items, true, &none), ["Open", "hidden", "impl of Closed"]);
    let only_hidden = BTreeSet::from(["hidden".to_string()]);
    assert_eq!(foreign_faces(&made_up.items, false, &only_hidden), ["hidden"]);
}
