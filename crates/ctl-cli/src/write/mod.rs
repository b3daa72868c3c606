//! Every file the toolkit writes, in one place: the pages of `html` (and `html --split`), the
//! games of `filter --split`, the files of `filter -o` and `convert -o`, the picture of
//! `board -o`, and the files `fmt` and `check --fix` rewrite in place. docs/RELIABILITY.md
//! ("Writing files") states what each command promises.
//!
//! - [`name`]: output names made from input names and tags (sanitised, shortened within the file
//!   system's limit, one name per output of a run) and their links (percent-encoded, relative).
//! - [`target`]: where an output may go: never one of the inputs (whatever the name it is reached
//!   by), never through a symbolic link, never over a file that exists unless asked (`--force`).
//! - [`atomic`]: every file written to a temporary file beside it, then renamed; temporary files
//!   removed on failure and when INT, TERM or HUP ends the run.
//! - [`in_place`]: a file rewritten where it is (`fmt`, `check --fix`): through a symbolic link,
//!   keeping its hard links, owner, group and mode, refusing a read-only file.
//! - [`Outputs`]: the outputs of one run, which commands use: the three first together.

pub mod atomic;
pub mod in_place;
pub mod name;
mod outputs;
pub mod target;

pub use atomic::stops_run;
pub use outputs::{Force, Outputs};
