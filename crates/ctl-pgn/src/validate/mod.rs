//! Validation of games at the levels of docs/DECISIONS.md 6: `syntax` (tokens, grammar and tags),
//! `coherence` (the spec's minimal reader: every move of every line replayed for algebraic
//! coherence, setup tags read, references in comments checked) and `rules` (full legality, check
//! marks, forced promotions, the result against the final position).
//!
//! ```
//! use ctl_pgn::validate::{Level, check_text};
//! let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11, G21-G15\n3. G7-E13: *\n";
//! let codes = |level| check_text(text, level).iter().map(|d| d.code).collect::<Vec<_>>();
//! assert_eq!(codes(Level::Syntax), Vec::<&str>::new());
//! assert_eq!(codes(Level::Coherence), ["E0405"]); // G7-E13 lands on White's own pawn
//! // The Elephant cannot go three hexes; the line goes on at the coherence level.
//! assert_eq!(codes(Level::Rules), ["E0501", "E0405"]);
//! ```

pub mod codes;
pub mod fast;
pub mod lines;
pub(crate) mod messages;
mod references;
pub mod replay;
mod suggest;
pub mod tree;
mod unchecked;

use cescacs_board::{Diagnostic, Position};
use ctl_an::Limits;

use crate::game::Game;

pub use messages::move_spec;
use replay::{Observer, Options, PlyAt, Replay};
pub use unchecked::Unchecked;

/// How deep validation looks, shallowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Tokens, grammar and tags.
    Syntax,
    /// The spec's minimal reader: every move replayed for algebraic coherence.
    Coherence,
    /// Full legality per docs/RULES.md, check marks and results verified.
    Rules,
}

/// The problems of one game beyond its syntax diagnostics (which the parser gives), sorted by
/// span. Spans point into the text the game was parsed from.
///
/// ```
/// use ctl_pgn::{game::Game, validate::{Level, validate}};
/// let text = "[Variant \"C'escacs\"] [Result \"3-0\"]\n1. E7-E13: 0-3\n";
/// let parsed = ctl_an::parse_file(text);
/// let game = Game::new(parsed.file.games[0].clone(), text);
/// assert!(validate(&game, Level::Syntax).is_empty());
/// assert_eq!(validate(&game, Level::Coherence)[0].code, "E0410");
/// ```
pub fn validate(game: &Game, level: Level) -> Vec<Diagnostic> {
    replay_game(game, Options::check(level), ()).0.diagnostics
}

/// [`validate`] for a game read with the `parser`'s diagnostics: a line that a syntax error
/// stopped notes what it left unchecked on the parser's error inside the move.
pub(crate) fn validate_parsed(
    game: &Game,
    level: Level,
    parser: &mut [Diagnostic],
) -> Vec<Diagnostic> {
    let (done, ()) = replay_game(game, Options::check(level), ());
    unchecked::attach(parser, done.unchecked);
    done.diagnostics
}

/// Replays a parsed game (its setup as [`Game::new`] read it) with an observer.
pub fn replay_game<O: Observer>(
    game: &Game,
    options: Options,
    observer: O,
) -> (replay::Replayed, O) {
    // The tree's tags own their values: no text to borrow them from.
    let mut replay = Replay::new("", options, observer).with_setup(game.setup());
    tree::walk(game, &mut replay);
    let done = replay.finish_in_place();
    (done, replay.into_observer())
}

/// Every diagnostic of a whole text at a level: the parser's and each game's, sorted by span.
/// The same as [`crate::check::check_text`].
///
/// ```
/// use ctl_pgn::validate::{Level, check_text};
/// let found = check_text("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n", Level::Rules);
/// assert!(found.is_empty());
/// ```
pub fn check_text(source: &str, level: Level) -> Vec<Diagnostic> {
    crate::check::check_text(source, level, &Limits::DEFAULT).diagnostics
}

/// [`check_text`] with other reading [`Limits`] than the defaults: an item past a limit is one
/// error, skipped, and the games after it are checked as usual.
///
/// ```
/// use ctl_an::Limits;
/// use ctl_pgn::validate::{Level, check_text_with};
/// let text = "[Variant \"C'escacs\"]\n{a long comment} 1. E7-E13: *\n";
/// let strict = Limits { comment_bytes: 8, ..Limits::default() };
/// assert_eq!(check_text_with(text, Level::Rules, &strict)[0].code, "E0222");
/// ```
pub fn check_text_with(source: &str, level: Level, limits: &Limits) -> Vec<Diagnostic> {
    crate::check::check_text(source, level, limits).diagnostics
}

/// The main line replayed: the start position, the position after each ply, and the error that
/// stopped it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MainLine {
    /// The start position, then one position per ply played.
    pub positions: Vec<Position>,
    /// Why replaying stopped before the end of the line.
    pub error: Option<Diagnostic>,
}

/// Replays the main line of a game at a level (`Syntax` is treated as `Coherence`), without
/// variations, check marks or results: what `cescacs replay` prints.
///
/// ```
/// use ctl_pgn::{game::Game, validate::{Level, replay_main_line}};
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
/// let game = Game::new(ctl_an::parse_file(text).file.games[0].clone(), text);
/// assert_eq!(replay_main_line(&game, Level::Coherence).positions.len(), 4);
/// let rules = replay_main_line(&game, Level::Rules);
/// assert_eq!(rules.positions.len(), 3);
/// assert_eq!(rules.error.unwrap().code, "E0501");
/// ```
pub fn replay_main_line(game: &Game, level: Level) -> MainLine {
    let options = Options {
        level: level.max(Level::Coherence),
        report: replay::Report::All,
        full: false,
        variations: false,
    };
    let positions = game.start().into_iter().cloned().collect();
    let (_, trail) = replay_game(game, options, Trail { positions, error: None });
    MainLine { positions: trail.positions, error: trail.error }
}

/// The positions and the stop of the main line.
struct Trail {
    positions: Vec<Position>,
    error: Option<Diagnostic>,
}

impl Observer for Trail {
    fn played(&mut self, at: PlyAt, _written: &ctl_an::syntax::Move, board: &cescacs_board::Board) {
        if at.depth == 0 {
            self.positions.push(board.to_position());
        }
    }

    fn stopped(&mut self, depth: usize, why: &Diagnostic) {
        if depth == 0 && self.error.is_none() {
            self.error = Some(why.clone());
        }
    }
}
