//! One module per subcommand; each exposes an `Args` struct (clap) and `run(args) -> ExitCode`.

pub mod pdtl;
