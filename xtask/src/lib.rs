//! The tasks of `cargo xtask`, as a library so that the benches and the tests share them.
//!
//! - [`generate`]: `cescacs-gen`'s random legal games written one file each (`cargo xtask gen`).
//! - [`corpus`]: the round trip of `corpus/` (`cargo xtask corpus`).
//! - [`app_interop`]: our app dialect against the official engine (`cargo xtask app-interop`);
//!   [`app_forms`]: the hand-written positions its "Load new" reads (`app-interop --forms`).
//! - [`bench_report`]: the release CLI on a large generated corpus (`cargo xtask bench-report`).
//! - [`docs`]: documentation generated from the code, `docs/diagnostics.md` (`cargo xtask docs`).
//! - [`npm`]: the npm package `cescacs`, WebAssembly (`cargo xtask npm`).
//! - [`playground`]: the playground page over it (`cargo xtask playground`).
//! - [`wheel`]: the Python package `cescacs`, an abi3 wheel (`cargo xtask wheel`).
//! - [`hostile`]: hostile inputs, their invariants and the release CLI's bounds on them
//!   (`cargo xtask hostile`).
//! - [`scale`]: every command over each hostile shape at N, 2N and 4N (`cargo xtask hostile
//!   --scale`).
//! - [`hostile_writes`]: the file-writing reproducers of issue 38 (part of `cargo xtask
//!   hostile`; Unix only).
#![forbid(unsafe_code)]

pub mod app_forms;
pub mod app_interop;
pub mod bench_report;
pub mod corpus;
pub mod dist;
pub mod docs;
pub mod generate;
pub mod hostile;
#[cfg(unix)]
pub mod hostile_writes;
pub mod npm;
pub mod playground;
pub mod scale;
pub mod wheel;
