//! The games of a stream of any size, one at a time, each read only as far as it is used
//! ([`ctl_pgn::LazyGame`]): its tags and positions come without a syntax tree when the scanner
//! reads it whole; the tree is built for what needs it (moves, variations, the result, the
//! canonical text, diagnostics). What the Python module's `read_games` gives.

use std::io::{self, Read};

use cescacs_board::Position;
use cescacs_diagnostics::Diagnostic;
use ctl_an::syntax::{Move, Pair, Ply};
use ctl_pgn::render::{Context, JsonDiagnostic, LineIndex};
use ctl_pgn::write::{WriteOptions, write_game};
use ctl_pgn::{Check, LazyGame, LazyReader, Level, ParsedGame};

use crate::read::JsonOptions;

/// One game of a stream (see the module documentation), or text around games, given for its
/// diagnostics.
pub struct GameRead {
    read: LazyGame,
    number: Option<usize>,
}

impl GameRead {
    /// The game's number in the stream (from 1, as `cescacs replay --game` counts them);
    /// `None` for text around games.
    pub fn number(&self) -> Option<usize> {
        self.number
    }

    /// The game (spans into its own text), read the full way on the first call.
    pub fn game(&self) -> &ParsedGame {
        &self.read.read().game
    }

    /// Its diagnostics (encoding, syntax and rules), sorted, lines and columns in the stream:
    /// checked when asked for, so that reading games and walking their positions replays each
    /// once.
    pub fn diagnostics(&self, json: &JsonOptions) -> Vec<JsonDiagnostic> {
        // Diagnostics are in stream offsets; the index of the game's text takes those.
        let game = self.read.read();
        let mut all = game.diagnostics.clone();
        let checked = Check::new(Level::Rules).game(&game.game);
        all.extend(checked.into_iter().map(|d| d.shifted(game.offset)));
        Diagnostic::sort(&mut all);
        let index = LineIndex::at(&game.text, game.start);
        all.iter()
            .map(|d| JsonDiagnostic::new(d, Context::default(), &json.uri, &index, json.encoding))
            .collect()
    }

    /// The tags, in order: (name, value).
    pub fn tags(&self) -> Vec<(String, String)> {
        self.read.tags().into_iter().map(|t| (t.name, t.value)).collect()
    }

    /// The start position and the position after each main-line ply, as `cescacs replay` prints
    /// them; replaying stops at the first move that cannot be played.
    pub fn positions(&self) -> Vec<Position> {
        self.read.main_line(Level::Rules).positions
    }

    /// The main line's moves, each as written (with its marks, without the game's end `:`).
    pub fn moves(&self) -> Vec<String> {
        moves_of(&self.game().movetext().pairs)
    }

    /// The variations of the main line, each as the moves it plays (as written), in text order.
    pub fn variations(&self) -> Vec<Vec<String>> {
        let pairs = &self.game().movetext().pairs;
        pairs.iter().flat_map(|p| &p.variations).map(|v| moves_of(&v.pairs)).collect()
    }

    /// The result written at the end of the game (`3-0`, `*`...), if any.
    pub fn result(&self) -> Option<String> {
        self.game().result().map(|r| r.to_string())
    }

    /// The game in canonical CTL-PGN.
    pub fn canonical(&self) -> String {
        write_game(self.game().syntax(), WriteOptions::default())
    }
}

/// A move as written, with its check mark and annotations, without the game's end (`:`).
fn written(m: &Move) -> String {
    let mut m = m.clone();
    m.end = None;
    m.to_string()
}

/// The moves of pairs, as written.
fn moves_of(pairs: &[Pair]) -> Vec<String> {
    let mut out = Vec::new();
    for pair in pairs {
        for ply in std::iter::once(&pair.white).chain(pair.black.as_ref()) {
            if let Ply::Move(m) = ply {
                out.push(written(m));
            }
        }
    }
    out
}

/// The games of a stream, read one at a time.
pub struct Games<R: Read> {
    reader: LazyReader<R>,
    /// Games given so far.
    games: usize,
}

impl<R: Read> Games<R> {
    /// Reads `input` game by game.
    ///
    /// ```
    /// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 (1. …, F20-F16): *\n";
    /// let game = cescacs_toolkit::lazy::Games::new(text.as_bytes()).next().unwrap()?;
    /// assert_eq!((game.positions().len(), game.moves().len()), (3, 2));
    /// assert_eq!(game.variations(), [["F20-F16"]]);
    /// assert_eq!(game.number(), Some(1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn new(input: R) -> Games<R> {
        Games { reader: LazyReader::new(input), games: 0 }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = io::Result<GameRead>;

    fn next(&mut self) -> Option<io::Result<GameRead>> {
        Some(self.reader.next()?.map(|read| {
            // A game the scanner read whole is a game; any other is read already.
            let is_game = read.scanned() || !read.read().game.syntax().is_empty();
            self.games += usize::from(is_game);
            GameRead { read, number: is_game.then_some(self.games) }
        }))
    }
}
