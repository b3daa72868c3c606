//! Games replayed as `cescacs replay` replays them: a game's main line, the error that stopped
//! it and every other error `cescacs replay` reports for it ([`replay`]); and, as data, the
//! move and the PDTL after each ply of its main line and of each variation ([`Replayed::data`],
//! [`games`]: one game at a time, memory bounded by the largest game).

use std::io::{self, Read};

use cescacs_board::Position;
use cescacs_diagnostics::Diagnostic;
use ctl_an::syntax::{Pair, Ply};
use ctl_pgn::render::JsonDiagnostic;
use ctl_pgn::{Level, MainLine, ReplayedLine};
use serde::{Deserialize, Serialize};

use crate::read::{JsonOptions, Parsed, ParsedRecord, Records};

/// A game replayed (see [`replay`]).
pub struct Replayed<'a> {
    /// The game, with its text.
    pub record: ParsedRecord<'a>,
    /// The level its lines were replayed at.
    pub level: Level,
    /// Its main line: the start position (none when it cannot be read), then one per ply
    /// played, and the error that stopped it.
    pub main: MainLine,
    /// Every error `cescacs replay` reports for it, sorted, spans into its chunk's text: the
    /// reader's (encoding, syntax), its tags' and its setup's, and the one its main line
    /// stopped at ([`ctl_pgn::ParsedGame::replay_errors`]).
    pub errors: Vec<Diagnostic>,
}

/// Replays a game's main line at `level` (`Syntax` is taken as `Coherence`).
///
/// ```
/// use cescacs_toolkit::read::{JsonOptions, Parsed, Records};
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n";
/// let mut records = Records::new(text.as_bytes(), JsonOptions::default());
/// let Parsed::Game(game) = records.next().unwrap()?.parse() else { panic!() };
/// let replayed = cescacs_toolkit::replay::replay(game, ctl_pgn::Level::Rules);
/// assert_eq!(replayed.main.positions.len(), 3);
/// assert_eq!(replayed.errors[0].code, "E0501");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn replay(record: ParsedRecord<'_>, level: Level) -> Replayed<'_> {
    let main = record.game.main_line(level);
    let errors = record.game.replay_errors(&main, &record.decoded.diagnostics, &record.syntax);
    Replayed { record, level, main, errors }
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

/// One record of a text replayed, as data: a game, or text around games that has errors.
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
    /// Every error `cescacs replay` reports for it, sorted ([`Replayed::errors`]), each an
    /// entry of `cescacs check --format json`.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// A replay whose data would pass its bound: that of game `game` (`None`: the errors of text
/// around games).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The game's number in the text.
    pub game: Option<usize>,
}

/// What the JSON of one game's replay takes at least, counted as its strings are made, so
/// that a replay past its bound is refused before it is all built.
struct Budget {
    taken: usize,
    most: usize,
}

/// A replay past its [`Budget`].
struct Spent;

impl Budget {
    /// The least JSON of a line, and of a ply, beside their strings.
    const LINE: usize = r#"{"start":"","plies":[],"variations":[],"error":null}"#.len();
    const PLY: usize = r#"{"number":"","move":"","pdtl":""},"#.len();

    fn take(&mut self, bytes: usize) -> Result<(), Spent> {
        self.taken += bytes;
        if self.taken > self.most { Err(Spent) } else { Ok(()) }
    }
}

impl Replayed<'_> {
    /// The game as data: its tags, its main line and every variation replayed (at the level of
    /// [`replay`]) with the move and PDTL of each ply, its errors as JSON; [`TooLarge`] when its
    /// JSON would take more than `most` bytes, refused as its plies are written.
    pub fn data(&mut self, most: usize) -> Result<GameReplayed, TooLarge> {
        let number = self.record.number;
        let game = &self.record.game;
        let shown = self.record.decoded.shown();
        let text = &self.record.decoded.text;
        let context = crate::read::in_game(game.syntax(), Some(number));
        // The game's stretch of the text, indexed once for all its diagnostics (where its lines
        // stop are moves of the game).
        let stretch = self.record.locate.stretch(shown, game.span(), &self.errors);
        let json = |d: &Diagnostic| stretch.json(d, context(d));
        let tags = game
            .tags()
            .iter()
            .map(|t| TagValue { name: t.name.clone(), value: t.value.clone() })
            .collect();
        let mut budget = Budget { taken: 0, most };
        let played = match self.main.positions.first() {
            Some(start) => {
                let lines = game.lines(self.level);
                let movetext = game.movetext();
                let error = self.main.error.as_ref().map(json);
                let after = &self.main.positions[1..];
                let played = line_played(text, &movetext.pairs, start, after, error, &mut budget)
                    .and_then(|mut line| {
                        line.variations =
                            branches(text, &movetext.pairs, lines.as_ref(), &json, &mut budget)?;
                        Ok(line)
                    });
                Some(played.map_err(|Spent| TooLarge { game: Some(number) })?)
            }
            None => None,
        };
        let diagnostics = self.errors.iter().map(json).collect();
        Ok(GameReplayed { game: Some(number), tags, main: played, diagnostics })
    }
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
) -> Result<LinePlayed, Spent> {
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
) -> Result<Vec<Branch>, Spent> {
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

/// Why [`Games`] could not give a game.
#[derive(Debug)]
pub enum ReplayError {
    /// The text could not be read further.
    Read(io::Error),
    /// A game's data would pass the bound; the next call goes on with the record after it.
    TooLarge(TooLarge),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Read(e) => write!(f, "cannot read the text: {e}"),
            ReplayError::TooLarge(TooLarge { game: Some(n) }) => {
                write!(f, "the replay of game {n} passes its bound")
            }
            ReplayError::TooLarge(TooLarge { game: None }) => {
                write!(f, "the errors of the text around games pass their bound")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// The records of a text replayed one at a time (see [`games`]).
pub struct Games<R> {
    records: Records<R>,
    level: Level,
    most: usize,
}

/// The games of a text (any reader) replayed one at a time as data, read game by game as
/// `cescacs replay` reads a file: memory bounded by the largest game, whatever the text's
/// size. Text around games that has errors is given too (without a number), so that every
/// error `cescacs replay` reports is given. A game whose data would take more than `most`
/// bytes of JSON is refused ([`ReplayError::TooLarge`]).
///
/// ```
/// use cescacs_toolkit::read::JsonOptions;
/// use cescacs_toolkit::replay::games;
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15: *\n\n1. A1-A9 *\n";
/// let replayed: Vec<_> = games(text.as_bytes(), ctl_pgn::Level::Rules, JsonOptions::default(), 1 << 20)
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(replayed[0].main.as_ref().unwrap().plies.len(), 2);
/// // `A1` is not a hex: the second game stops before its first move, and says why.
/// assert_eq!(replayed[1].game, Some(2));
/// let codes: Vec<_> = replayed[1].diagnostics.iter().map(|d| d.code.as_str()).collect();
/// assert_eq!(codes, ["E0217", "E0204"]);
/// ```
pub fn games<R: Read>(input: R, level: Level, json: JsonOptions, most: usize) -> Games<R> {
    Games { records: Records::new(input, json), level, most }
}

impl<R: Read> Iterator for Games<R> {
    type Item = Result<GameReplayed, ReplayError>;

    fn next(&mut self) -> Option<Result<GameReplayed, ReplayError>> {
        loop {
            let record = match self.records.next()? {
                Ok(record) => record,
                Err(e) => return Some(Err(ReplayError::Read(e))),
            };
            match record.parse() {
                Parsed::Game(game) => {
                    let data = replay(game, self.level).data(self.most);
                    return Some(data.map_err(ReplayError::TooLarge));
                }
                Parsed::Around(mut around) => {
                    // Text around games: its errors alone (no game replays it; it is no less
                    // wrong).
                    let errors = around.stray_errors();
                    if errors.is_empty() {
                        continue;
                    }
                    let diagnostics = around.json(&errors);
                    let main = None;
                    return Some(Ok(GameReplayed {
                        game: None,
                        tags: Vec::new(),
                        main,
                        diagnostics,
                    }));
                }
            }
        }
    }
}
