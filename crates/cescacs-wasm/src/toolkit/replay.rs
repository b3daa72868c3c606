//! Games replayed: per game its tags, the move and the PDTL after each ply of its main line and
//! of each variation, and every error `cescacs replay` reports for it; one game at a time
//! ([`replay_games`], memory bounded by the largest game) or a whole small text at once
//! ([`replay`], refused past [`REPLAY_BYTES`]).

use std::io::Read;

use cescacs_board::{Diagnostic, Position};
use ctl_an::GameOutput;
use ctl_an::syntax::{Pair, Ply};
use ctl_pgn::render::{Context, JsonDiagnostic};
use ctl_pgn::validate::Level;
use ctl_pgn::{ParsedGame, ReplayedLine};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::json::to_json;
use super::pieces::{Piece, ReadPieces, in_game};

/// The most bytes of JSON [`replay`] gives for a whole text: 32 MiB, the replay of some 2.5 MB of
/// games (a game's replay is some thirteen times its text: a PDTL per ply). A larger text is
/// replayed game by game ([`replay_games`]), which holds one game at a time; one game's replay
/// is bounded the same way.
pub const REPLAY_BYTES: usize = 32 << 20;

/// The options of [`replay`] and [`replay_games`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ReplayOptions {
    /// `coherence` or `rules` (the default), as `cescacs replay --level`.
    pub level: String,
}

impl Default for ReplayOptions {
    fn default() -> ReplayOptions {
        ReplayOptions { level: "rules".into() }
    }
}

impl ReplayOptions {
    fn level(&self) -> Result<Level, ApiError> {
        match self.level.as_str() {
            "coherence" => Ok(Level::Coherence),
            "rules" => Ok(Level::Rules),
            other => Err(ApiError::options(format!(
                "expected `level` \"coherence\" or \"rules\", found {other:?}"
            ))),
        }
    }
}

/// One tag of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagValue {
    /// Its name.
    pub name: String,
    /// Its value.
    pub value: String,
}

/// One ply of a line: the move as written and the position after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyPlayed {
    /// The move number as written with its mark (`1.`, `1?`).
    pub number: String,
    /// The move as written.
    #[serde(rename = "move")]
    pub written: String,
    /// The canonical PDTL after it.
    pub pdtl: String,
}

/// A variation, hung where it branches from its line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    /// The index (in the line's `plies`) of the ply the variation replaces: it starts from the
    /// position before that ply.
    pub replaces: usize,
    /// The variation, `null` when the line stopped before the position it starts from.
    pub line: Option<LinePlayed>,
}

/// A line replayed: the main line or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinePlayed {
    /// The canonical PDTL it starts from.
    pub start: String,
    /// Each ply played, up to where the line stopped.
    pub plies: Vec<PlyPlayed>,
    /// Its variations, in text order.
    pub variations: Vec<Branch>,
    /// Why it stopped before its end, when a move could be read but not played (a move that
    /// cannot be read stops it too: its syntax error is among the game's `diagnostics`).
    pub error: Option<JsonDiagnostic>,
}

/// One record of a text replayed: a game, or text around games that has errors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameReplayed {
    /// The game's number in the text (from 1, as `cescacs replay --game` counts them); `None`
    /// for text around games, given for its errors alone.
    pub game: Option<usize>,
    /// Its tags, in text order.
    pub tags: Vec<TagValue>,
    /// Its main line (exactly what `cescacs replay` replays, and each variation), `None` when
    /// the start position cannot be read (and for text around games).
    pub main: Option<LinePlayed>,
    /// Every error `cescacs replay` reports for it, sorted: the reader's (syntax), its tags'
    /// and its setup's, and the one its main line stopped at (`main.error`). Each an entry of
    /// `cescacs check --format json`.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// The games of a text replayed one at a time, as [`replay_games`] reads them.
pub struct GameReplays<R> {
    pieces: ReadPieces<R>,
    level: Level,
    /// The piece being replayed.
    piece: Option<Piece>,
    /// Games given so far.
    games: usize,
}

/// The games of a text (any reader: a file, a JavaScript string read a chunk at a time)
/// replayed one at a time, read game by game as `cescacs replay` reads a file: memory bounded
/// by the largest game, whatever the text's size. Each game is what [`replay`] gives for it;
/// text around games that has errors is given too (without a number), so that every error
/// `cescacs replay` reports is given.
///
/// ```
/// use cescacs_wasm::toolkit::{ReplayOptions, replay_games};
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n\n1. A1-A9 *\n";
/// let games: Vec<_> = replay_games(text.as_bytes(), &ReplayOptions::default())?
///     .collect::<Result<_, _>>()?;
/// assert_eq!(games[0].main.as_ref().unwrap().plies.len(), 2);
/// // `A1` is not a hex: the second game stops before its first move, and says why.
/// assert_eq!(games[1].game, Some(2));
/// let codes: Vec<_> = games[1].diagnostics.iter().map(|d| d.code.as_str()).collect();
/// assert_eq!(codes, ["E0217", "E0204"]);
/// # Ok::<(), cescacs_wasm::toolkit::ApiError>(())
/// ```
pub fn replay_games<R: Read>(
    input: R,
    options: &ReplayOptions,
) -> Result<GameReplays<R>, ApiError> {
    Ok(GameReplays {
        pieces: ReadPieces::new(input),
        level: options.level()?,
        piece: None,
        games: 0,
    })
}

impl<R: Read> Iterator for GameReplays<R> {
    type Item = Result<GameReplayed, ApiError>;

    fn next(&mut self) -> Option<Result<GameReplayed, ApiError>> {
        loop {
            if let Some(piece) = &mut self.piece {
                match piece.next_record() {
                    Some(record) => {
                        let number = self.games + 1;
                        self.games += usize::from(!record.game.is_empty());
                        match replay_record(piece, record, number, self.level) {
                            Ok(None) => continue,
                            replayed => return replayed.transpose(),
                        }
                    }
                    None => self.piece = None,
                }
            }
            match self.pieces.next()? {
                Ok(piece) => self.piece = Some(piece),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// Replays one record of `piece` (game `number` when it is a game); `None` for text around
/// games with no error; `too-large` for a game whose replay would take more than
/// [`REPLAY_BYTES`] of JSON, refused as its plies are written.
fn replay_record(
    piece: &mut Piece,
    record: GameOutput,
    number: usize,
    level: Level,
) -> Result<Option<GameReplayed>, ApiError> {
    let (decoded, locate) = piece.parts();
    let shown = decoded.shown();
    if record.game.is_empty() {
        // Text around games: its errors alone (no game replays it; it is no less wrong).
        let errors: Vec<Diagnostic> =
            record.diagnostics.into_iter().filter(Diagnostic::is_error).collect();
        return Ok((!errors.is_empty()).then(|| GameReplayed {
            game: None,
            tags: Vec::new(),
            main: None,
            diagnostics: locate.json(shown, &errors, |_| Context::default()),
        }));
    }
    let text = &decoded.text;
    let context = in_game(&record.game, number);
    let mut game = ParsedGame::new(record.game, text);
    game.set_syntax_errors(&record.diagnostics);
    let main = game.main_line(level);
    let errors = game.replay_errors(&main, &decoded.diagnostics, &record.diagnostics);
    // The game's stretch of the text, indexed once for all its diagnostics (where its lines
    // stop are moves of the game).
    let stretch = locate.stretch(shown, game.span(), &errors);
    let json = |d: &Diagnostic| stretch.json(d, context(d));
    let tags = game
        .tags()
        .iter()
        .map(|t| TagValue { name: t.name.clone(), value: t.value.clone() })
        .collect();
    let lines = game.lines(level);
    let mut budget = Budget(0);
    let played = match main.positions.first() {
        Some(start) => {
            let movetext = game.movetext();
            let error = main.error.as_ref().map(json);
            let after = &main.positions[1..];
            let played = line_played(text, &movetext.pairs, start, after, error, &mut budget)
                .and_then(|mut line| {
                    line.variations =
                        branches(text, &movetext.pairs, lines.as_ref(), &json, &mut budget)?;
                    Ok(line)
                });
            Some(played.map_err(|TooLarge| too_large(Some(number)))?)
        }
        None => None,
    };
    let diagnostics = errors.iter().map(json).collect();
    Ok(Some(GameReplayed { game: Some(number), tags, main: played, diagnostics }))
}

/// What the JSON of one game's replay takes at least, counted as its strings are made, so
/// that a replay past [`REPLAY_BYTES`] is refused before it is all built.
struct Budget(usize);

/// A replay past [`REPLAY_BYTES`].
struct TooLarge;

impl Budget {
    /// The least JSON of a line, and of a ply, beside their strings.
    const LINE: usize = r#"{"start":"","plies":[],"variations":[],"error":null}"#.len();
    const PLY: usize = r#"{"number":"","move":"","pdtl":""},"#.len();

    fn take(&mut self, bytes: usize) -> Result<(), TooLarge> {
        self.0 += bytes;
        if self.0 > REPLAY_BYTES { Err(TooLarge) } else { Ok(()) }
    }
}

/// The error of a replay past [`REPLAY_BYTES`]: of game `number`, or of the text around games.
fn too_large(number: Option<usize>) -> ApiError {
    let what = match number {
        Some(n) => format!("the replay of game {n}"),
        None => "the errors of the text around games".to_string(),
    };
    ApiError::too_large(&what, REPLAY_BYTES, "")
}

/// The plies of `pairs` with the positions after them (as many as were played), within the
/// budget.
fn line_played(
    text: &str,
    pairs: &[Pair],
    start: &Position,
    after: &[Position],
    error: Option<JsonDiagnostic>,
    budget: &mut Budget,
) -> Result<LinePlayed, TooLarge> {
    let start = pdtl::to_string(start);
    budget.take(Budget::LINE + start.len())?;
    let mut plies = Vec::new();
    for ((number, written), p) in written_plies(text, pairs).zip(after) {
        let pdtl = pdtl::to_string(p);
        budget.take(Budget::PLY + number.len() + written.len() + pdtl.len())?;
        plies.push(PlyPlayed { number, written, pdtl });
    }
    Ok(LinePlayed { start, plies, variations: Vec::new(), error })
}

/// The plies of `pairs` as written, with their move numbers (`…` is not a ply).
fn written_plies<'a>(
    text: &'a str,
    pairs: &'a [Pair],
) -> impl Iterator<Item = (String, String)> + 'a {
    pairs.iter().flat_map(move |pair| {
        let number =
            format!("{}{}", pair.number.value, if pair.number.unknown { "?" } else { "." });
        std::iter::once(&pair.white)
            .chain(pair.black.as_ref())
            .filter(|ply| !matches!(ply, Ply::Omitted(_)))
            .map(move |ply| {
                (number.clone(), text.get(ply.span().range()).unwrap_or_default().to_string())
            })
    })
}

/// The variations of `pairs`, each with the line `ParsedGame::lines` played for it, where it stops
/// located by `json`, within the budget.
fn branches(
    text: &str,
    pairs: &[Pair],
    line: Option<&ReplayedLine>,
    json: &impl Fn(&Diagnostic) -> JsonDiagnostic,
    budget: &mut Budget,
) -> Result<Vec<Branch>, TooLarge> {
    let mut out = Vec::new();
    let mut before = 0;
    for (i, pair) in pairs.iter().enumerate() {
        let white = usize::from(!matches!(pair.white, Ply::Omitted(_)));
        for (j, variation) in pair.variations.iter().enumerate() {
            let replaces = before + if variation.starts_with_black() { white } else { 0 };
            let played = line
                .and_then(|l| l.variations.get(i))
                .and_then(|v| v.get(j))
                .and_then(Option::as_ref);
            let mut line = None;
            if let Some((played, start)) = played.and_then(|p| Some((p, p.positions.first()?))) {
                let stop = played.stop.as_ref().map(json);
                let after = &played.positions[1..];
                let mut l = line_played(text, &variation.pairs, start, after, stop, budget)?;
                l.variations = branches(text, &variation.pairs, Some(played), json, budget)?;
                line = Some(l);
            }
            out.push(Branch { replaces, line });
        }
        before += pair.ply_count();
    }
    Ok(out)
}

/// Every game of a text replayed at once (see [`replay_games`]), each as its JSON (what
/// JavaScript receives, parsed): a text whose replay would take more than [`REPLAY_BYTES`] is
/// refused (`too-large`) as soon as it is known, before the rest is replayed.
///
/// ```
/// use cescacs_wasm::toolkit::{GameReplayed, ReplayOptions, replay};
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n";
/// let games = replay(text.as_bytes(), &ReplayOptions::default())?;
/// let game: GameReplayed = serde_json::from_str(&games[0]).unwrap();
/// assert_eq!(game.main.unwrap().plies[0].written, "E7-E13");
/// # Ok::<(), cescacs_wasm::toolkit::ApiError>(())
/// ```
pub fn replay<R: Read>(input: R, options: &ReplayOptions) -> Result<Vec<String>, ApiError> {
    let too_large = || {
        let instead = ": replay it game by game (`replayGames`)";
        ApiError::too_large("the replay of the text", REPLAY_BYTES, instead)
    };
    let (mut games, mut bytes) = (Vec::new(), 0);
    for game in replay_games(input, options)? {
        let json = to_json(&game?, REPLAY_BYTES - bytes).ok_or_else(too_large)?;
        // The array's commas and brackets count too.
        bytes += json.len() + 1;
        if bytes > REPLAY_BYTES {
            return Err(too_large());
        }
        games.push(json);
    }
    Ok(games)
}

/// One game of [`replay_games`] as its JSON, or `too-large` past [`REPLAY_BYTES`].
pub fn game_json(game: &GameReplayed) -> Result<String, ApiError> {
    to_json(game, REPLAY_BYTES).ok_or_else(|| too_large(game.game))
}
