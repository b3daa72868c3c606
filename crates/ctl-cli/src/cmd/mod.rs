//! One module per subcommand; each exposes an `Args` struct (clap) and `run(args) -> ExitCode`.

pub mod board;
pub mod check;
pub mod convert;
pub mod convert_app;
pub mod filter;
pub mod fmt;
pub mod html;
pub mod legal;
pub mod lsp;
pub mod pdtl;
pub mod perft;
pub mod replay;
