//! `cescacs lsp`: the language server for editors (the `ctl-lsp` crate), over standard input and
//! output. `docs/EDITORS.md` shows how to hook it into VS Code, Neovim and Helix.

use std::process::ExitCode;

/// Run the language server over standard input and output (see docs/EDITORS.md).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Accepted because some editors pass it; standard input and output is the only transport.
    #[arg(long)]
    pub stdio: bool,
}

/// Serves until the editor says `exit`: status 0 after a proper shutdown, 1 otherwise.
pub fn run(_args: Args) -> ExitCode {
    match ctl_lsp::serve_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cescacs lsp: {e}");
            ExitCode::from(1)
        }
    }
}
