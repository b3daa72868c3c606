//! `cescacs lsp`: the language server for editors (the `ctl-lsp` crate), over standard input and
//! output. `docs/EDITORS.md` shows how to hook it into VS Code, Neovim and Helix.

use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  cescacs lsp            what an editor runs (docs/EDITORS.md: VS Code, Neovim, Helix)
  body='{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}'
  printf 'Content-Length: %d\\r\\n\\r\\n%s' \"${#body}\" \"$body\" | cescacs lsp
                         by hand: prints the server's capabilities

Exit status: 0 after the editor's shutdown and exit, 1 when the connection ends otherwise.";

/// Run the language server over standard input and output (see docs/EDITORS.md).
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
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
            crate::output::say(format_args!("cescacs lsp: {e}"));
            ExitCode::from(1)
        }
    }
}
