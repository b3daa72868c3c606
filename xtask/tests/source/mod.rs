//! The sources as the tests that check the architecture's invariants read them
//! (`import_circles.rs`, `architecture.rs`, `tidy.rs`): the Rust files of a folder, and, read
//! with `syn`, the paths of a file's items, in code, in `use` items and inside macros, and which
//! items are for tests only.
#![allow(dead_code, reason = "each test that includes this module uses a part of it")]

use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::visit::Visit;

/// The Rust files below `dir` (recursively), `target/` left out.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.map(|e| e.expect("readable directory")) {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `item` is compiled for tests only (`#[cfg(test)]`): a test may use what it tests
/// from either side (a reader's test writes its input with the writer), so its paths are no
/// edges.
pub fn test_only(item: &syn::Item) -> bool {
    let attrs: &[syn::Attribute] = match item {
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Const(i) => &i.attrs,
        _ => return false,
    };
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|cfg| cfg == "test")
    })
}

/// The paths of one module's items (nested modules aside): what its `use` items bring in, and
/// every path of more than one segment written in it.
#[derive(Default)]
pub struct Paths {
    /// Each name a `use` brings in, with the path it names.
    pub imports: Vec<(String, Vec<String>)>,
    /// The paths of the glob imports (`use a::b::*` gives `a::b`).
    pub globs: Vec<Vec<String>>,
    /// Every path of more than one segment written (in code, in macros, in `use` items).
    pub written: Vec<Vec<String>>,
}

impl Paths {
    /// The paths of a whole file's `items`, its inline modules' included, items for tests left
    /// out.
    pub fn of_file(items: &[syn::Item]) -> Paths {
        let mut paths = Paths::default();
        paths.items(items);
        paths
    }

    fn items(&mut self, items: &[syn::Item]) {
        for item in items.iter().filter(|item| !test_only(item)) {
            match item {
                syn::Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        self.items(inner);
                    }
                }
                other => self.visit_item(other),
            }
        }
    }

    /// Every path the items name: written, imported or emptied by a glob.
    pub fn all(&self) -> impl Iterator<Item = &[String]> {
        let imported = self.imports.iter().map(|(_, path)| path);
        self.written.iter().chain(imported).chain(&self.globs).map(Vec::as_slice)
    }

    /// Flattens a `use` tree under `prefix`.
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.import(prefix, &n.ident.to_string(), None),
            syn::UseTree::Rename(r) => {
                self.import(prefix, &r.ident.to_string(), Some(r.rename.to_string()))
            }
            syn::UseTree::Glob(_) => self.globs.push(prefix.clone()),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    fn import(&mut self, prefix: &[String], name: &str, rename: Option<String>) {
        let mut path = prefix.to_vec();
        // `use a::b::{self}` names `b`.
        if name != "self" {
            path.push(name.to_owned());
        }
        let Some(last) = path.last().cloned() else { return };
        let alias = rename.unwrap_or(last);
        if alias != "_" {
            self.imports.push((alias, path.clone()));
        }
        self.written.push(path);
    }
}

impl Paths {
    /// Every path of more than one segment in a macro's `tokens`, groups included.
    fn macro_tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let colons = |at: usize| {
            matches!(
                (tokens.get(at), tokens.get(at + 1)),
                (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                    if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
            )
        };
        let mut at = 0;
        while at < tokens.len() {
            match &tokens[at] {
                TokenTree::Group(group) => {
                    self.macro_tokens(group.stream());
                    at += 1;
                }
                TokenTree::Ident(first) => {
                    // After `::` (a leading one, or past a turbofish's `>`): out of the crate or
                    // not a path's start.
                    let continues = at >= 2 && colons(at - 2);
                    let mut path = vec![first.to_string()];
                    at += 1;
                    while colons(at) {
                        let Some(TokenTree::Ident(next)) = tokens.get(at + 2) else { break };
                        path.push(next.to_string());
                        at += 3;
                    }
                    if !continues && path.len() > 1 {
                        self.written.push(path);
                    }
                }
                _ => at += 1,
            }
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {
        // A module inside a function body is not followed (none is written so).
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &u.tree);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        syn::visit::visit_macro(self, mac);
        self.macro_tokens(mac.tokens.clone());
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            self.written.push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }
}
