//! What a corpus run checks and how: its options, the generated set's seed and size, and the
//! files it reads (each of a [`Kind`]). The checks (`super::check`) and the report
//! (`super::report`) read them; the run (`super`) makes them.

use std::path::PathBuf;

use super::goldens::Format;

/// The seed of the generated set.
pub const GENERATED_SEED: u64 = 2026;
/// Games in the generated set.
pub const GENERATED_GAMES: usize = 2000;
/// The first games of the set, committed in `corpus/generated/`.
pub const GENERATED_SAMPLE: usize = 20;
/// Longest generated game, in half-moves.
pub const GENERATED_MAX_PLIES: usize = 160;

/// What to check and how.
#[derive(Debug, Clone)]
pub struct Options {
    /// The folder that holds `corpus/` (the repository root).
    pub root: PathBuf,
    /// Rewrite the goldens (both formats) and the generated sample instead of comparing them.
    pub bless: bool,
    /// The golden formats compared.
    pub formats: Vec<Format>,
    /// Games of the generated set (the committed sample included).
    pub generated_games: usize,
    /// Where to write the whole generated set, if anywhere (`target/corpus-generated`).
    pub write_generated: Option<PathBuf>,
}

impl Options {
    /// The checks of `cargo xtask corpus` on the corpus below `root`, text goldens.
    pub fn new(root: impl Into<PathBuf>) -> Options {
        Options {
            root: root.into(),
            bless: false,
            formats: vec![Format::Text],
            generated_games: GENERATED_GAMES,
            write_generated: None,
        }
    }
}

/// Which rules a file is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `corpus/valid/`: no error; warnings only as its golden says.
    Valid,
    /// `corpus/invalid/`: exactly the diagnostics of its golden, at least one error.
    Invalid,
    /// The generated set: no diagnostic at all.
    Generated,
}

impl Kind {
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::Valid => "valid",
            Kind::Invalid => "invalid",
            Kind::Generated => "generated",
        }
    }
}

/// One file to check.
#[derive(Debug, Clone)]
pub(super) struct Source {
    /// The path people see, relative to the root: `corpus/valid/x.ctl-pgn`.
    pub(super) shown: String,
    /// Where it is on disk (goldens live beside it); `None` for generated games kept in memory.
    pub(super) path: Option<PathBuf>,
    pub(super) bytes: Vec<u8>,
    pub(super) kind: Kind,
}
