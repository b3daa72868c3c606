//! `cescacs`: check, format, convert and inspect C'escacs game files (CTL-PGN), moves (CTL-AN) and
//! positions (PDTL).
//!
//! Exit codes: 0 clean (warnings allowed), 1 errors found, 2 usage or I/O failure.
#![forbid(unsafe_code)]
// Standard error is written through `output::say` (terminal-safe, and a closed standard error
// is no panic); standard output through the command's own writer (a closed pipe ends it
// quietly).
#![cfg_attr(not(test), deny(clippy::print_stderr, clippy::print_stdout))]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;
mod code_filter;
mod crosstable;
mod games;
mod html;
mod input;
mod output;
mod pipeline;
mod text_table;
mod write;

const EXAMPLES: &str = "\
Examples:
  cescacs check corpus/                      report every problem in the *.ctl-pgn files below corpus/
  cescacs check --format json game.ctl-pgn   the same as LSP-native JSON for an editor
  cescacs fmt --check corpus/                list the files not in the canonical layout
  cescacs pdtl start                         draw the initial position and print its PDTL
  cescacs legal start                        the legal moves of a position (a PDTL, or start)
  cescacs html game.ctl-pgn                  game.html: a web page to step through the game
  cescacs standings games/                   a crosstable per event of the games below games/
  cescacs tree --depth 2 games/              the first two plies those games played
  cescacs explain E0405                      what a diagnostic code means

Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad usage or I/O failure.
`cescacs help <COMMAND>` shows the options and examples of a command.";

/// The C'escacs notation toolkit.
#[derive(Debug, Parser)]
#[command(
    name = "cescacs",
    version,
    about,
    long_about = None,
    arg_required_else_help = true,
    after_help = EXAMPLES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check CTL-PGN files and report every problem (text for people, JSON for editors).
    Check(cmd::check::Args),
    /// Rewrite CTL-PGN files in the canonical layout (files with syntax errors are left untouched).
    Fmt(cmd::fmt::Args),
    /// Select games of files and folders (tags, players, dates, positions, duplicates): count
    /// them, split them, or print them for minimal readers (or whole).
    Filter(cmd::filter::Args),
    /// Print a file with other piece letters: standard, FAN, or a Redefine set.
    Convert(cmd::convert::Args),
    /// Read PDTL positions: draw the board and print the canonical PDTL.
    Pdtl(cmd::pdtl::Args),
    /// List the legal moves of a position, with check marks.
    Legal(cmd::legal::Args),
    /// Count the leaf nodes of the legal-move tree to a depth.
    Perft(cmd::perft::Args),
    /// Replay the main lines of games: one canonical PDTL per position (or JSON lines).
    Replay(cmd::replay::Args),
    /// Draw the board of a position or of a game at a ply: text, or a self-contained SVG.
    Board(cmd::board::Args),
    /// Write each game file as one self-contained web page to step through the moves, or a
    /// site of a collection: its games, index, standings and opening tree.
    Html(cmd::html::Args),
    /// Rank the players of each event: points, wins, draws, losses, Buchholz,
    /// Sonneborn-Berger (text, JSON or a web page).
    Standings(cmd::standings::Args),
    /// The opening tree of games from a position: each next move with its games, score and
    /// share (text or JSON).
    Tree(cmd::tree::Args),
    /// Run the language server (LSP over standard input and output) for editors.
    Lsp(cmd::lsp::Args),
    /// Explain a diagnostic code: what it means, an example, its page.
    Explain(cmd::explain::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => cmd::check::run(args),
        Command::Fmt(args) => cmd::fmt::run(args),
        Command::Filter(args) => cmd::filter::run(args),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Pdtl(args) => cmd::pdtl::run(args),
        Command::Legal(args) => cmd::legal::run(args),
        Command::Perft(args) => cmd::perft::run(args),
        Command::Replay(args) => cmd::replay::run(args),
        Command::Board(args) => cmd::board::run(args),
        Command::Html(args) => cmd::html::run(args),
        Command::Standings(args) => cmd::standings::run(args),
        Command::Tree(args) => cmd::tree::run(args),
        Command::Lsp(args) => cmd::lsp::run(args),
        Command::Explain(args) => cmd::explain::run(args),
    }
}
