//! No circle of imports between the files of a crate (docs/ARCHITECTURE.md, "Invariants").
//!
//! For every library and binary crate of `crates/`, `xtask` and `python`, the files are read with
//! `syn` from the crate's root through its `mod` declarations, and each path that names
//! something of the crate (`use crate::…`, `super::…`, `self::…`, a child module's name, or a
//! name a `use` brought in, in `use` items and in code alike) is an edge from the file that
//! writes it to the file that defines what it names; a re-export is followed to the item's
//! own file. A `mod` declaration is no edge (a parent holding its children is no import), and
//! naming a module without an item of it is none either. A circle is a strongly connected
//! component of more than one file (`petgraph`'s Tarjan), listed with the paths that make it.
//! Code under `#[cfg(test)]` is left out (a test may use what it tests from either side).
//!
//! Paths inside macro invocations count as well (`format!`, `assert!`, `matches!`, `vec!`,
//! `write!`, a `macro_rules!` body…): a macro's tokens are not Rust syntax until it is expanded,
//! so rather than guess a grammar per macro, every path-like run of tokens in them, `a::b::c`
//! (`$crate::` as `crate::`; a path that starts with `::` or follows one is no path of the crate),
//! is taken as a path written in the file, in every group at every depth.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use syn::visit::Visit;

use source::{Paths, test_only};

mod source;

/// Modules of one crate, indexed by their position in [`Crate::modules`].
type ModuleId = usize;

/// What a `use` brings into a module under one name: the path it names, written from that
/// module.
#[derive(Debug, Clone)]
struct Import {
    path: Vec<String>,
}

/// One module of a crate: a file, or an inline `mod name { … }` inside one.
#[derive(Debug, Default)]
struct Module {
    /// The file it is written in.
    file: usize,
    parent: Option<ModuleId>,
    children: BTreeMap<String, ModuleId>,
    /// Names of the items it defines (types, functions, constants, traits, macros…).
    items: BTreeSet<String>,
    /// Names brought in by `use`, and the paths of its glob imports.
    imports: BTreeMap<String, Import>,
    globs: Vec<Vec<String>>,
    /// Paths written in the module (in `use` items and in code), to resolve into edges.
    paths: Vec<Vec<String>>,
}

/// A crate read from its root file.
#[derive(Debug, Default)]
struct Crate {
    /// Files, relative to the crate's directory.
    files: Vec<PathBuf>,
    modules: Vec<Module>,
}

impl Crate {
    /// Reads the crate whose root file is `root` (its `lib.rs` or `main.rs`).
    fn read(root: &Path) -> Result<Crate, String> {
        let base = root.parent().and_then(Path::parent).unwrap_or(Path::new(".")).to_owned();
        let mut krate = Crate::default();
        krate.file_module(&base, root, None, None)?;
        Ok(krate)
    }

    /// Reads the module of the file `path`, a child of `parent` named `name`.
    fn file_module(
        &mut self,
        base: &Path,
        path: &Path,
        parent: Option<ModuleId>,
        name: Option<&str>,
    ) -> Result<ModuleId, String> {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = syn::parse_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        self.files.push(path.strip_prefix(base).unwrap_or(path).to_owned());
        let file_index = self.files.len() - 1;
        // The folder of the files of its `mod` children: `foo/` beside `foo.rs`, the file's own
        // folder for a crate root or a `mod.rs`.
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let folder = path.parent().unwrap_or(Path::new("."));
        let owns_folder = parent.is_none() || stem == "mod";
        let children_dir =
            if owns_folder { folder.to_owned() } else { folder.join(name.unwrap_or(stem)) };
        self.module(base, &file.items, file_index, parent, name, &children_dir, folder)
    }

    /// Reads a module made of `items`, written in the file `file`; `children_dir`: where the
    /// files of its `mod` children are; `file_dir`: the folder of its file (for `#[path]`).
    #[allow(clippy::too_many_arguments)]
    fn module(
        &mut self,
        base: &Path,
        items: &[syn::Item],
        file: usize,
        parent: Option<ModuleId>,
        name: Option<&str>,
        children_dir: &Path,
        file_dir: &Path,
    ) -> Result<ModuleId, String> {
        let id = self.modules.len();
        self.modules.push(Module { file, parent, ..Module::default() });
        if let (Some(parent), Some(name)) = (parent, name) {
            self.modules[parent].children.insert(name.to_owned(), id);
        }
        let mut paths = Paths::default();
        for item in items.iter().filter(|item| !test_only(item)) {
            if let Some(defined) = item_name(item) {
                self.modules[id].items.insert(defined);
            }
            match item {
                syn::Item::Mod(m) => {
                    let child = m.ident.to_string();
                    match &m.content {
                        Some((_, inner)) => {
                            let dir = children_dir.join(&child);
                            self.module(base, inner, file, Some(id), Some(&child), &dir, file_dir)?;
                        }
                        None => {
                            let path = match path_attribute(&m.attrs) {
                                Some(explicit) => file_dir.join(explicit),
                                None => {
                                    let flat = children_dir.join(format!("{child}.rs"));
                                    if flat.exists() {
                                        flat
                                    } else {
                                        children_dir.join(&child).join("mod.rs")
                                    }
                                }
                            };
                            self.file_module(base, &path, Some(id), Some(&child))?;
                        }
                    }
                }
                other => paths.visit_item(other),
            }
        }
        let module = &mut self.modules[id];
        for (name, path) in paths.imports {
            module.imports.insert(name, Import { path });
        }
        module.globs = paths.globs;
        module.paths = paths.written;
        Ok(id)
    }

    /// The file of the item that `path`, written in `module`, names: `None` for a path out of
    /// the crate or one that names a module without an item of it.
    fn resolve(&self, module: ModuleId, path: &[String], depth: usize) -> Option<usize> {
        // Re-exports that name each other cannot send the search round for ever.
        if depth > 16 || path.is_empty() {
            return None;
        }
        let mut at = module;
        let mut rest = path;
        match path[0].as_str() {
            "crate" => {
                at = 0;
                rest = &path[1..];
            }
            "self" => rest = &path[1..],
            "super" => {
                while let Some("super") = rest.first().map(String::as_str) {
                    at = self.modules[at].parent?;
                    rest = &rest[1..];
                }
            }
            first => {
                let m = &self.modules[module];
                if !m.children.contains_key(first) && !m.items.contains(first) {
                    // A name a `use` brought in: its path, then the rest of this one.
                    let import = m.imports.get(first)?;
                    let mut whole = import.path.clone();
                    whole.extend_from_slice(&path[1..]);
                    return self.resolve(module, &whole, depth + 1);
                }
            }
        }
        self.walk(at, rest, depth)
    }

    /// Goes down `rest` from the module `at`.
    fn walk(&self, mut at: ModuleId, mut rest: &[String], depth: usize) -> Option<usize> {
        while let Some(segment) = rest.first() {
            let m = &self.modules[at];
            // A last segment that names both a module and a value (`crate::write` beside the
            // module `write`) is the value: naming a module alone uses nothing of it.
            let last = rest.len() == 1;
            let value = m.items.contains(segment) || m.imports.contains_key(segment);
            if let Some(&child) = m.children.get(segment).filter(|_| !(last && value)) {
                at = child;
                rest = &rest[1..];
                continue;
            }
            if m.items.contains(segment) {
                return Some(m.file);
            }
            if let Some(import) = m.imports.get(segment) {
                // A re-export: the item is where the `use` points.
                let mut whole = import.path.clone();
                whole.extend_from_slice(&rest[1..]);
                return self.resolve(at, &whole, depth + 1);
            }
            for glob in &m.globs {
                let mut whole = glob.clone();
                whole.extend_from_slice(rest);
                if let Some(file) = self.resolve(at, &whole, depth + 1) {
                    return Some(file);
                }
            }
            // Unknown here (a macro's item, a `#[cfg]`-ed name…): the module's file.
            return Some(m.file);
        }
        // The path names a module itself: no item of it is used (a glob is handled apart).
        None
    }

    /// The edges between files: `(from, to)` with the paths that make each.
    fn edges(&self) -> BTreeMap<(usize, usize), BTreeSet<String>> {
        let mut edges: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for (id, module) in self.modules.iter().enumerate() {
            let globs = module.globs.iter().filter_map(|g| {
                // A glob uses the module it empties (or the item whose variants it brings in).
                self.resolve(id, g, 0).or_else(|| self.module_file(id, g)).map(|to| (g, to))
            });
            let paths =
                module.paths.iter().filter_map(|p| self.resolve(id, p, 0).map(|to| (p, to)));
            for (path, to) in globs.chain(paths) {
                if to != module.file {
                    edges.entry((module.file, to)).or_default().insert(path.join("::"));
                }
            }
        }
        edges
    }

    /// The file of the module that `path`, written in `module`, names.
    fn module_file(&self, module: ModuleId, path: &[String]) -> Option<usize> {
        let mut at = match path.first().map(String::as_str) {
            Some("crate") => 0,
            Some("self" | "super") => module,
            Some(first) => *self.modules[module].children.get(first)?,
            None => return None,
        };
        for segment in &path[1..] {
            at = match segment.as_str() {
                "self" => at,
                "super" => self.modules[at].parent?,
                name => *self.modules[at].children.get(name)?,
            };
        }
        Some(self.modules[at].file)
    }

    /// Every circle: the files of each strongly connected component of more than one file,
    /// with the edges inside it.
    fn circles(&self) -> Vec<String> {
        let edges = self.edges();
        let mut graph = DiGraph::<usize, ()>::new();
        let nodes: Vec<_> = (0..self.files.len()).map(|i| graph.add_node(i)).collect();
        for &(from, to) in edges.keys() {
            graph.add_edge(nodes[from], nodes[to], ());
        }
        let mut circles = Vec::new();
        for component in tarjan_scc(&graph) {
            if component.len() < 2 {
                continue;
            }
            let files: BTreeSet<usize> = component.iter().map(|&n| graph[n]).collect();
            let mut text = format!(
                "{HEAD}{}:",
                files
                    .iter()
                    .map(|&f| self.files[f].display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            for ((from, to), paths) in &edges {
                if files.contains(from) && files.contains(to) {
                    text.push_str(&format!(
                        "\n    {} -> {} ({})",
                        self.files[*from].display(),
                        self.files[*to].display(),
                        paths.iter().cloned().collect::<Vec<_>>().join(", ")
                    ));
                }
            }
            circles.push(text);
        }
        circles.sort();
        circles
    }
}

/// The name an item defines in its module's namespace, if any.
fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(i) => &i.ident,
        syn::Item::Enum(i) => &i.ident,
        syn::Item::ExternCrate(i) => i.rename.as_ref().map_or(&i.ident, |(_, r)| r),
        syn::Item::Fn(i) => &i.sig.ident,
        syn::Item::Macro(i) => i.ident.as_ref()?,
        syn::Item::Static(i) => &i.ident,
        syn::Item::Struct(i) => &i.ident,
        syn::Item::Trait(i) => &i.ident,
        syn::Item::TraitAlias(i) => &i.ident,
        syn::Item::Type(i) => &i.ident,
        syn::Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// The value of a `#[path = "…"]` attribute.
fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find(|a| a.path().is_ident("path")).and_then(|a| match &a.meta {
        syn::Meta::NameValue(syn::MetaNameValue {
            value: syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }),
            ..
        }) => Some(s.value()),
        _ => None,
    })
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_owned()
}

/// The root files of the crates checked: every library and binary of `crates/`, xtask's and
/// the Python module's.
fn crate_roots() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("crates/ exists")
        .map(|e| e.expect("readable crates/").path())
        .collect();
    dirs.extend([root().join("xtask"), root().join("python")]);
    dirs.sort();
    let mut roots = Vec::new();
    for dir in dirs {
        for file in ["src/lib.rs", "src/main.rs"] {
            if dir.join(file).exists() {
                roots.push(dir.join(file));
            }
        }
    }
    roots
}

/// How a circle's message starts.
const HEAD: &str = "a circle of imports between ";

/// Circles known and left for now, each with why: the crate's root and the files of the
/// circle, as its message lists them. The test fails when one of them is gone (remove it here)
/// as when a new one appears.
const KNOWN: &[(&str, &str)] = &[];

/// The circles of the crate whose root file is `root`.
fn circles_of(root: &Path) -> Vec<String> {
    let krate = Crate::read(root).unwrap_or_else(|e| panic!("cannot read a crate: {e}"));
    krate.circles()
}

#[test]
fn no_file_of_a_crate_imports_itself_through_others() {
    let roots = crate_roots();
    assert!(roots.len() >= 8, "expected every crate's root, found {roots:?}");
    let mut found = Vec::new();
    let mut still_known = vec![false; KNOWN.len()];
    let mut seen: HashMap<String, usize> = HashMap::new();
    for root_file in &roots {
        let name = root_file.strip_prefix(root()).unwrap_or(root_file).display().to_string();
        let krate = Crate::read(root_file).unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
        seen.insert(name.clone(), krate.files.len());
        for circle in krate.circles() {
            let known = KNOWN.iter().position(|&(krate, files)| {
                krate == name && circle.lines().next() == Some(&*format!("{HEAD}{files}:"))
            });
            match known {
                Some(i) => still_known[i] = true,
                None => found.push(format!("{name}: {circle}")),
            }
        }
    }
    // The crates were read through their modules, not only their roots.
    assert!(seen.values().sum::<usize>() > 100, "too few files read: {seen:?}");
    for (&(krate, files), _) in KNOWN.iter().zip(still_known).filter(|(_, seen)| !seen) {
        found.push(format!("{krate}: the known circle {files} is gone: remove it from KNOWN"));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Writes `files` (path, text) under a temporary folder; returns it with the root file's path.
fn fixture(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().expect("a folder")).expect("writable");
        fs::write(&path, text).expect("writable");
    }
    let root = dir.path().join("src/lib.rs");
    (dir, root)
}

#[test]
fn a_made_up_circle_through_a_re_export_is_found() {
    // `a` uses `b`'s item, `b` uses `c/mod.rs`'s, which names `a`'s through the root's
    // re-export: one circle of three files; `lib.rs` only declares and re-exports.
    let (_dir, root) = fixture(&[
        ("src/lib.rs", "mod a;\nmod b;\nmod c;\npub use a::Alpha;\n"),
        ("src/a.rs", "pub struct Alpha;\nfn f(_: crate::b::Beta) {}\n"),
        ("src/b.rs", "use super::c::Gamma;\npub struct Beta(Gamma);\n"),
        ("src/c/mod.rs", "mod inner { pub fn g() {} }\npub struct Gamma(crate::Alpha);\n"),
    ]);
    let circles = circles_of(&root);
    assert_eq!(circles.len(), 1, "{circles:?}");
    let circle = &circles[0];
    assert!(circle.contains("src/a.rs, src/b.rs, src/c/mod.rs:"), "{circle}");
    assert!(circle.contains("src/c/mod.rs -> src/a.rs (crate::Alpha)"), "{circle}");
    assert!(circle.contains("src/b.rs -> src/c/mod.rs (super::c::Gamma)"), "{circle}");
}

#[test]
fn a_child_module_name_and_an_imported_module_are_followed() {
    // `x` names `y` as a child of the root through `use crate::y;`, `y` names `x::X` through
    // its parent's child; both files and nested folders (`x/z.rs`).
    let (_dir, root) = fixture(&[
        ("src/lib.rs", "mod x;\nmod y;\n"),
        ("src/x.rs", "mod z;\nuse crate::y;\npub struct X(y::Y);\n"),
        ("src/x/z.rs", "pub struct Z;\n"),
        ("src/y.rs", "pub struct Y;\nfn f(_: super::x::X) {}\n"),
    ]);
    let circles = circles_of(&root);
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(circles[0].contains("src/x.rs -> src/y.rs (y::Y)"), "{circles:?}");
}

#[test]
fn a_made_up_circle_through_macros_is_found() {
    // Each edge is written only inside a macro: `a` names `b`'s item in `format!`, `b` names
    // `c`'s in `vec!` behind a turbofish, `c` names `a`'s in a `macro_rules!` body.
    let (_dir, root) = fixture(&[
        ("src/lib.rs", "mod a;\nmod b;\nmod c;\n"),
        ("src/a.rs", "pub struct A;\nfn f() -> String { format!(\"{}\", crate::b::B::NAME) }\n"),
        (
            "src/b.rs",
            "pub struct B;\nimpl B { pub const NAME: &str = \"b\"; }\n\
             fn g() -> Vec<usize> { vec![std::mem::size_of::<super::c::C>(); 2] }\n",
        ),
        ("src/c.rs", "pub struct C;\nmacro_rules! m { () => { $crate::a::A }; }\n"),
    ]);
    let circles = circles_of(&root);
    assert_eq!(circles.len(), 1, "{circles:?}");
    let circle = &circles[0];
    assert!(circle.contains("src/a.rs -> src/b.rs (crate::b::B::NAME)"), "{circle}");
    assert!(circle.contains("src/b.rs -> src/c.rs (super::c::C)"), "{circle}");
    assert!(circle.contains("src/c.rs -> src/a.rs (crate::a::A)"), "{circle}");
}

#[test]
fn parents_children_and_one_way_uses_make_no_circle() {
    // The root declares and re-exports; children use each other one way; test modules use
    // their parent by glob, or a file that uses theirs: no circle.
    let (_dir, root) = fixture(&[
        ("src/lib.rs", "mod a;\nmod b;\npub use a::A;\npub use b::B;\npub struct Root;\n"),
        (
            "src/a.rs",
            "use crate::b::B;\npub struct A(B);\n#[cfg(test)]\nmod tests { use super::*; }\n",
        ),
        (
            "src/b.rs",
            "pub struct B;\nimpl B { fn f() -> Option<std::path::PathBuf> { None } }\n\
             #[cfg(test)]\nmod tests { fn uses_what_it_tests(_: crate::a::A) {} }\n",
        ),
    ]);
    assert_eq!(circles_of(&root), Vec::<String>::new());
}
