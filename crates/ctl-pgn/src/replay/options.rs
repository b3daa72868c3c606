//! What a replay is asked to do: how deep it checks, whether it replays variations, and how
//! it reports what it finds (every diagnostic, or a stop at the first for the fast path). The
//! callers' choice, apart from the rules it runs: it changes when a new way to replay a game
//! is offered.

use crate::validate::Level;

/// How the replay reports what it finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Report {
    /// Every diagnostic is kept.
    All,
    /// The first diagnostic stops the replay (every later event answers [`Flow::Fallback`](ctl_an::scan::Flow::Fallback)):
    /// the fast path of `check`, which then asks the full reader to explain.
    StopAtFirst,
}

/// What the replay does beyond the check of every line.
///
/// ```
/// use ctl_pgn::{Level, ReplayOptions};
/// let lines = ReplayOptions::lines(Level::Rules);
/// assert!(lines.variations && !lines.full);
/// assert!(!ReplayOptions::main_line(Level::Rules).variations);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayOptions {
    /// How deep to check (`Syntax` replays nothing: no line is played below `Coherence`).
    pub level: Level,
    /// How diagnostics are kept: all of them, except on the fast path of `check`.
    pub(crate) report: Report,
    /// A full check: check marks verified, and a line goes on at the coherence level after an
    /// illegal move. Without it (what `cescacs replay` shows) a line stops at its first error.
    pub full: bool,
    /// Whether variations are replayed.
    pub variations: bool,
}

impl ReplayOptions {
    /// The full check at `level`, every diagnostic kept: what [`crate::Check`] runs.
    pub fn check(level: Level) -> ReplayOptions {
        ReplayOptions { level, report: Report::All, full: true, variations: true }
    }

    /// Every line, main line and variations, each stopping at its first error, at `level`
    /// (`Syntax` is taken as `Coherence`): what [`crate::ParsedGame::lines`] replays.
    pub fn lines(level: Level) -> ReplayOptions {
        ReplayOptions {
            level: level.max(Level::Coherence),
            report: Report::All,
            full: false,
            variations: true,
        }
    }

    /// The main line alone, stopping at its first error: what [`crate::ParsedGame::main_line`] replays.
    pub fn main_line(level: Level) -> ReplayOptions {
        ReplayOptions { variations: false, ..ReplayOptions::lines(level) }
    }

    /// The same, stopping at the first diagnostic (the fast path of `check`).
    pub(crate) fn stop_at_first(self) -> ReplayOptions {
        ReplayOptions { report: Report::StopAtFirst, ..self }
    }
}
