//! Games replayed ([`cescacs_toolkit::replay`]) one at a time ([`replay_games`], memory bounded
//! by the largest game) or a whole small text at once ([`replay()`], refused past
//! [`REPLAY_BYTES`]).

use std::io::Read;

use cescacs_toolkit::read::JsonOptions;
use cescacs_toolkit::replay::{self, GameReplayed, ReplayError, TooLarge};
use serde::Deserialize;

use super::error::ApiError;
use super::json::to_json;

/// The most bytes of JSON [`replay()`] gives for a whole text: 32 MiB, the replay of some 2.5 MB of
/// games (a game's replay is some thirteen times its text: a PDTL per ply). A larger text is
/// replayed game by game ([`replay_games`]), which holds one game at a time; one game's replay
/// is bounded the same way.
pub const REPLAY_BYTES: usize = 32 << 20;

/// The options of [`replay()`] and [`replay_games`].
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

/// The games of a text replayed one at a time, as [`replay_games`] reads them.
pub struct GameReplays<R>(replay::Games<R>);

/// The games of a text (any reader: a file, a JavaScript string read a chunk at a time)
/// replayed one at a time ([`cescacs_toolkit::replay::games`]): memory bounded by the largest
/// game, whatever the text's size; text around games that has errors is given too (without a
/// number), so that every error `cescacs replay` reports is given.
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
    let level = cescacs_toolkit::names::replay_level(&options.level).map_err(ApiError::options)?;
    Ok(GameReplays(replay::games(input, level, JsonOptions::default(), REPLAY_BYTES)))
}

impl<R: Read> Iterator for GameReplays<R> {
    type Item = Result<GameReplayed, ApiError>;

    fn next(&mut self) -> Option<Result<GameReplayed, ApiError>> {
        Some(self.0.next()?.map_err(|e| match e {
            ReplayError::Read(e) => ApiError::input(format!("cannot read the text: {e}")),
            ReplayError::TooLarge(TooLarge { game }) => too_large(game),
        }))
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
