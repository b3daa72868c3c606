//! Every call of the Python module into `ctl-pgn` and `ctl-an`, in this one file: their API is
//! being reshaped, and the bindings should follow it here only.

use std::io::{self, Read};

use cescacs_board::internals::PlayWritten;
use cescacs_board::{Board, Diagnostic, Letters, Position};
use ctl_an::syntax::Ply;
use ctl_pgn::render::{LineIndex, TextStart};
use ctl_pgn::validate::{Level, move_spec};
use ctl_pgn::write::{WriteOptions, write_file, write_game};
use ctl_pgn::{Check, LazyGame, LazyReader};

pub use ctl_pgn::ParsedGame as PgnGame;

/// A diagnostic with its 1-based line and column (in characters).
pub struct Located {
    /// The diagnostic, spans in bytes of the text it was found in.
    pub diagnostic: Diagnostic,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// The check level named `name`: `syntax`, `coherence` or `rules`.
pub fn level(name: &str) -> Option<Level> {
    match name {
        "syntax" => Some(Level::Syntax),
        "coherence" => Some(Level::Coherence),
        "rules" => Some(Level::Rules),
        _ => None,
    }
}

/// Lines and columns for the diagnostics of a text that starts at `start` of its stream.
fn locate(text: &str, start: TextStart, diagnostics: Vec<Diagnostic>) -> Vec<Located> {
    let index = LineIndex::at(text, start);
    diagnostics
        .into_iter()
        .map(|d| {
            let at = index.line_col(d.span.start);
            Located { diagnostic: d, line: at.line, column: at.col }
        })
        .collect()
}

/// Checks a whole text as `cescacs check` does, every diagnostic sorted.
pub fn check(text: &str, level: Level) -> Vec<Located> {
    locate(text, TextStart::default(), Check::new(level).text(text).diagnostics)
}

/// One game of a stream, read only as far as it is used: its tags and positions come without
/// a syntax tree when the scanner reads it whole ([`LazyGame`]); the tree is built for what
/// needs it (moves, variations, the result, the canonical text, diagnostics).
pub struct ReadOne(LazyGame);

impl ReadOne {
    /// The game (spans into its own text), read the full way on the first call.
    pub fn game(&self) -> &PgnGame {
        &self.0.read().game
    }

    /// Its diagnostics (encoding, syntax and rules), lines and columns in the stream: checked
    /// when asked for, so that reading games and walking their positions replays each once.
    pub fn diagnostics(&self) -> Vec<Located> {
        // Diagnostics are in stream offsets; the index of the game's text takes those.
        let game = self.0.read();
        let mut all = game.diagnostics.clone();
        let checked = Check::new(Level::Rules).game(&game.game);
        all.extend(checked.into_iter().map(|d| d.shifted(game.offset)));
        Diagnostic::sort(&mut all);
        locate(&game.text, game.start, all)
    }

    /// The tags, in order: (name, value).
    pub fn tags(&self) -> Vec<(String, String)> {
        self.0.tags().into_iter().map(|t| (t.name, t.value)).collect()
    }

    /// The start position and the position after each main-line ply, as `cescacs replay` prints
    /// them; replaying stops at the first move that cannot be played.
    pub fn positions(&self) -> Vec<Position> {
        self.0.main_line(Level::Rules).positions
    }
}

/// The games of a stream of any size, read one at a time.
pub struct Games<R: Read> {
    reader: LazyReader<R>,
}

impl<R: Read> Games<R> {
    /// Reads `input` game by game.
    pub fn new(input: R) -> Games<R> {
        Games { reader: LazyReader::new(input) }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = io::Result<ReadOne>;

    fn next(&mut self) -> Option<io::Result<ReadOne>> {
        Some(self.reader.next()?.map(ReadOne))
    }
}

/// A move as written, with its check mark and annotations, without the game's end (`:`).
fn written(m: &ctl_an::syntax::Move) -> String {
    let mut m = m.clone();
    m.end = None;
    m.to_string()
}

/// The moves of pairs, as written.
fn moves_of(pairs: &[ctl_an::syntax::Pair]) -> Vec<String> {
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

/// The main line's moves, each as written.
pub fn moves(game: &PgnGame) -> Vec<String> {
    moves_of(&game.movetext().pairs)
}

/// The variations of the main line, each as the moves it plays (as written), in text order.
pub fn variations(game: &PgnGame) -> Vec<Vec<String>> {
    game.movetext().pairs.iter().flat_map(|p| &p.variations).map(|v| moves_of(&v.pairs)).collect()
}

/// The result written at the end of the game (`3-0`, `*`...), if any.
pub fn result(game: &PgnGame) -> Option<String> {
    game.result().map(|r| r.to_string())
}

/// The game in canonical CTL-PGN.
pub fn canonical(game: &PgnGame) -> String {
    write_game(game.syntax(), WriteOptions::default())
}

/// A whole text in canonical CTL-PGN (`cescacs fmt`), or its syntax errors.
pub fn format(text: &str) -> Result<String, Vec<Located>> {
    let parsed = ctl_an::parse_file(text);
    let errors: Vec<Diagnostic> =
        parsed.diagnostics.into_iter().filter(Diagnostic::is_error).collect();
    if !errors.is_empty() {
        return Err(locate(text, TextStart::default(), errors));
    }
    Ok(write_file(&parsed.file, WriteOptions::default()))
}

/// An app game ("Show mvs", optionally after an app PDTL line) as a CTL-PGN game
/// (`cescacs convert --from app`).
pub fn from_app(text: &str) -> Result<String, Vec<Located>> {
    let r = ctl_pgn::app::from_app(text);
    r.text.ok_or_else(|| locate(text, TextStart::default(), r.diagnostics))
}

/// The first game of a CTL-PGN text as app text: its app PDTL line when it does not start from
/// the initial position, then its move list (`cescacs convert --to app`).
pub fn to_app(text: &str) -> Result<String, Vec<Located>> {
    let parsed = ctl_an::parse_file(text);
    let errors: Vec<Diagnostic> =
        parsed.diagnostics.into_iter().filter(Diagnostic::is_error).collect();
    if !errors.is_empty() {
        return Err(locate(text, TextStart::default(), errors));
    }
    let Some(syntax) = parsed.file.games.into_iter().next() else {
        return Ok(String::new());
    };
    let game = PgnGame::new(syntax, text);
    match ctl_pgn::app::to_app(&game) {
        Ok(app) => Ok(match app.pdtl {
            Some(pdtl) => format!("{pdtl}\n{}", app.moves),
            None => app.moves,
        }),
        Err(d) => Err(locate(text, TextStart::default(), vec![*d])),
    }
}

/// The position after `written`, a CTL-AN move, or why it cannot be played: the parser's
/// diagnostics, or the replay's (`E0403` a letter not in use, `E0501` a move not legal here).
pub fn play(position: &Position, written: &str) -> Result<Position, Vec<Diagnostic>> {
    let m: ctl_an::syntax::Move =
        written.parse().map_err(|e: ctl_an::MoveParseError| e.diagnostics)?;
    let spec = move_spec(&m, &Letters::standard()).map_err(|d| vec![*d])?;
    let mut board = Board::new(position);
    board.play_spec(&spec).map_err(|e| {
        vec![Diagnostic::error(
            cescacs_board::codes::rules::ILLEGAL_MOVE,
            cescacs_board::Span::new(0, written.len()),
            format!("expected a legal move, found `{written}`: {e}"),
        )]
    })?;
    Ok(board.to_position())
}
