//! The C'escacs notation toolkit for JavaScript: the functions of the npm package `cescacs`,
//! compiled to WebAssembly with wasm-bindgen (`cargo xtask npm` builds the package).
//!
//! [`toolkit`] is the API in plain Rust (what the workspace tests natively): JavaScript's options
//! read into those of `cescacs_toolkit`, the one crate of the workspace this crate calls, whose
//! operations every shell shares; the `wasm` module, built for `wasm32` alone, hands its
//! values to JavaScript: results as plain objects (each diagnostic exactly an entry of
//! `cescacs check --format json`), failures as thrown `Error`s with a `code` and
//! `diagnostics`. No input panics: a panic would abort the module.
//!
//! ```
//! use cescacs_wasm::toolkit::{CheckOptions, check};
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
//! let checked = check(text.as_bytes(), &CheckOptions::default()).unwrap();
//! assert_eq!((checked.summary.games, checked.summary.errors), (1, 1));
//! assert_eq!(checked.diagnostics[0].code, "E0501");
//! ```
#![forbid(unsafe_code)]

pub mod toolkit;

#[cfg(target_arch = "wasm32")]
mod wasm;
