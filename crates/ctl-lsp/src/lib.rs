//! A language server for C'escacs game files (CTL-PGN), over the Language Server Protocol.
//!
//! What an editor gets:
//! - **diagnostics** on open and on every change (incremental sync, debounced): the codes and
//!   messages of `cescacs check` at its default level, with ranges in the position encoding
//!   negotiated at initialization (LSP 3.17 `positionEncoding`; UTF-16 when the client offers
//!   nothing else);
//! - **formatting** of the whole document by the canonical writer (`cescacs fmt`); a document
//!   with syntax errors is never formatted (no edits);
//! - **hover** on a move: the move in words and the position after it (a text diagram and its
//!   PDTL); on a `~E13`, `~JF6`, `#14@B`, `#12.2`, `@W` reference in a comment: what it points to;
//! - **go to definition** from a `#14`, `#14@B`, `#14[#12.2]` or `#12.2` reference to the move
//!   or variation it names;
//! - **document symbols**: the games and their variations, nested;
//! - **code actions** for the diagnostics that carry a fix (`x` → `×`, `DPTL` → `PDTL`, a wrong
//!   check mark → the right one), and one to apply every fix of the document;
//! - **semantic tokens** (whole document or range) from the games' trees, in standard token
//!   types (the legend is in docs/EDITORS.md);
//! - **completion**: the legal moves of the position at the cursor in the game's letters with
//!   their check marks, the expected move number, tag names and values, comment references;
//! - **folding ranges** (games, tags, variations, long comments) and **document highlight** of
//!   the hex or piece under the cursor.
//!
//! Robustness: a malformed message is logged and skipped (a request is answered with the
//! JSON-RPC error: `-32700` for a body that is no JSON, `-32600` for one that is no JSON-RPC 2.0
//! message), a request with bad parameters gets an `InvalidParams` error, a message too large to
//! hold is skipped, and a panic inside a handler is caught and answered as an `InternalError`:
//! the server goes on. Documents are checked on a worker thread, game by game, so that no
//! document, however hostile, delays an answer: a newer version of a document cancels the check
//! of the older one at its next game, a check stops after [`Options::analysis_time`], memory is
//! bounded by the largest game (no tree is kept), and a document larger than
//! [`Options::document_bytes`] gets one diagnostic instead of a check.
//!
//! ```no_run
//! // The `cescacs lsp` command is this:
//! ctl_lsp::serve_stdio().expect("the language server ran");
//! ```
//!
//! Tests drive the server through an in-memory connection:
//!
//! ```
//! use lsp_server::{Connection, Message, Notification, Request};
//! let (server, client) = Connection::memory();
//! let thread = std::thread::spawn(move || ctl_lsp::run(server));
//! let init = Request::new(1.into(), "initialize".into(), serde_json::json!({"capabilities": {}}));
//! client.sender.send(init.into()).unwrap();
//! let Message::Response(answer) = client.receiver.recv().unwrap() else { panic!() };
//! let capabilities = &answer.response_result.unwrap()["capabilities"];
//! assert_eq!(capabilities["positionEncoding"], "utf-16");
//! client.sender.send(Notification::new("initialized".into(), serde_json::json!({})).into()).unwrap();
//! client.sender.send(Request::new(2.into(), "shutdown".into(), ()).into()).unwrap();
//! client.receiver.recv().unwrap();
//! client.sender.send(Notification::new("exit".into(), ()).into()).unwrap();
//! thread.join().unwrap().unwrap();
//! ```
#![forbid(unsafe_code)]
// The log goes through `transport::log`: a closed standard error is no panic.
#![cfg_attr(not(test), deny(clippy::print_stderr, clippy::print_stdout))]

mod actions;
mod analysis;
mod caught;
mod completion;
mod definition;
mod describe;
mod document;
mod folding;
mod formatting;
mod highlight;
mod hover;
mod options;
mod positions;
mod references;
mod server;
mod symbols;
mod tokens;
mod transport;
mod walk;
mod worker;

pub use options::Options;
pub use server::{ServerError, run, run_with};
pub use transport::{IoThreads, stdio};

/// Serves one client over standard input and output until it says `exit` (or closes the
/// stream), the way editors start language servers.
pub fn serve_stdio() -> Result<(), ServerError> {
    let (connection, threads) = stdio();
    let served = run(connection);
    // The writer ends once the server's sender is dropped; the reader ends at `exit` or EOF.
    threads.join();
    served
}

/// The crate's README.md, whose example runs as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
