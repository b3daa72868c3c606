//! The tasks of `cargo xtask`, as a library so that the benches and the tests share them.
//!
//! - [`generate`]: random legal games, reproducible from a seed (`cargo xtask gen`).
//! - [`corpus`]: the round trip of `corpus/` (`cargo xtask corpus`).
//! - [`app_interop`]: our app dialect against the official engine (`cargo xtask app-interop`).
//! - [`bench_report`]: the release CLI on a large generated corpus (`cargo xtask bench-report`).
//! - [`npm`]: the npm package `cescacs`, WebAssembly (`cargo xtask npm`).
//! - [`hostile`]: hostile inputs, their invariants and the release CLI's bounds on them
//!   (`cargo xtask hostile`).
#![forbid(unsafe_code)]

pub mod app_interop;
pub mod bench_report;
pub mod corpus;
pub mod generate;
pub mod hostile;
pub mod npm;
