//! Standings of a collection of games: each player's points as C'escacs scores a result, wins,
//! draws and losses, Buchholz and Sonneborn-Berger, ranked, in a crosstable per event (or one
//! for every game). What `cescacs standings` prints and the pages of `cescacs html --split`
//! show; docs/DECISIONS.md says why each rule is what it is.
//!
//! A result gives both sides their points as written: `3-0` (White mates) 3 and 0, `2-1` (White
//! stalemates) 2 and 1, `1-1` 1 each, `1-2` and `0-3` the other way round. A stalemate is a win,
//! by the minimum. A game without a result, or unfinished (`*`), is counted apart and scores
//! nothing. A player is the `White` or `Black` tag's value, trimmed (`?` when the tag is missing
//! or empty); an event is the `Event` tag's, the same way.
//!
//! Ranking: points, then Buchholz (the points of every opponent met, once per game), then
//! Sonneborn-Berger (each opponent's points weighted by the points taken from them in each
//! game), then wins; players equal on all four share a rank and are listed by name.
//!
//! ```
//! use ctl_pgn::standings::{Grouping, standings};
//! let text = "\
//! [Variant \"C'escacs\"] [Event \"Club\"] [White \"Puig\"] [Black \"Ros\"] 1. E7-E13: 3-0
//! [Variant \"C'escacs\"] [Event \"Club\"] [White \"Ros\"] [Black \"Vila\"] 1. E7-E13: 1-1
//! [Variant \"C'escacs\"] [Event \"Club\"] [White \"Vila\"] [Black \"Puig\"] 1. E7-E13: 1-2
//! [Variant \"C'escacs\"] [Event \"Club\"] [White \" Puig \"] [Black \"Ros\"] 1. E7-E13: *
//! ";
//! let table = &standings(text, Grouping::ByEvent).events[0];
//! assert_eq!((table.event.as_deref(), table.games, table.unfinished), (Some("Club"), 4, 1));
//! assert!(table.all_play_all);
//! let puig = &table.players[0];
//! assert_eq!((puig.rank, puig.name.as_str(), puig.points), (1, "Puig", 5)); // 3 + 2
//! assert_eq!((puig.games, puig.wins, puig.draws, puig.losses, puig.unfinished), (2, 2, 0, 0, 1));
//! // Ros has 0 + 1 points, Vila 1 + 1: Puig's Buchholz is 1 + 2, his Sonneborn-Berger 3×1 + 2×2.
//! assert_eq!((puig.buchholz, puig.sonneborn_berger), (3, 7));
//! let names: Vec<_> = table.players.iter().map(|p| (p.rank, p.name.as_str(), p.points)).collect();
//! assert_eq!(names, [(1, "Puig", 5), (2, "Vila", 2), (3, "Ros", 1)]);
//! ```

use std::collections::HashMap;
use std::io::Read;

use cescacs_board::Colour;
use ctl_an::syntax::{GameResult, Tag};
use serde::{Deserialize, Serialize};

use crate::lazy::{LazyGame, LazyReader};
use crate::parsed::ParsedGame;

/// The name standings give a player or an event whose tag is missing or empty: the spec's
/// unknown value.
pub const UNKNOWN: &str = "?";

/// The points `side` takes from a game that ended with `result`: 3 for a win (mate), 2 and 1
/// for a stalemate (a win by the minimum), 1 each for a draw, 0 for a loss; `None` for an
/// unfinished game (`*`), which scores nothing.
///
/// ```
/// use cescacs_board::Colour;
/// use ctl_an::syntax::GameResult;
/// use ctl_pgn::standings::points;
/// assert_eq!(points(GameResult::WhiteStalemates, Colour::White), Some(2));
/// assert_eq!(points(GameResult::WhiteStalemates, Colour::Black), Some(1));
/// assert_eq!(points(GameResult::Unfinished, Colour::White), None);
/// ```
pub fn points(result: GameResult, side: Colour) -> Option<u32> {
    let (white, black) = match result {
        GameResult::WhiteWins => (3, 0),
        GameResult::WhiteStalemates => (2, 1),
        GameResult::Draw => (1, 1),
        GameResult::BlackStalemates => (1, 2),
        GameResult::BlackWins => (0, 3),
        GameResult::Unfinished => return None,
    };
    Some(if side == Colour::White { white } else { black })
}

/// One game as the standings see it: its event, its players and its result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameScore {
    /// The `Event` tag's value, trimmed ([`UNKNOWN`] when missing or empty).
    pub event: String,
    /// The `White` tag's value, trimmed ([`UNKNOWN`] when missing or empty).
    pub white: String,
    /// The `Black` tag's value, the same way.
    pub black: String,
    /// The result: the result line, or the `Result` tag when the line has none; `None` when
    /// neither says one.
    #[serde(with = "result_text")]
    pub result: Option<GameResult>,
}

impl GameScore {
    /// The event, players and result of `game`.
    ///
    /// ```
    /// use ctl_pgn::standings::GameScore;
    /// let text = "[Variant \"C'escacs\"] [White \" Puig, Anna \"] [Result \"2-1\"] 1. E7-E13:";
    /// let game = ctl_pgn::ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
    /// let score = GameScore::of(&game);
    /// assert_eq!((score.white.as_str(), score.black.as_str()), ("Puig, Anna", "?"));
    /// assert_eq!(score.result.map(|r| r.as_str()), Some("2-1"));
    /// ```
    pub fn of(game: &ParsedGame) -> GameScore {
        GameScore::of_tags(game.tags(), game.result())
    }

    /// The event, players and result of a game read lazily: its tags and result from the
    /// scanner when it read the game whole ([`LazyGame::tags`], [`LazyGame::result`]).
    pub fn of_lazy(game: &LazyGame) -> GameScore {
        GameScore::of_tags(&game.tags(), game.result())
    }

    /// The event and players of `tags` (the first tag of each name), and `result`.
    fn of_tags(tags: &[Tag], result: Option<GameResult>) -> GameScore {
        let tag = |name: &str| {
            let value = tags.iter().find(|t| t.name == name).map_or("", |t| t.value.trim());
            if value.is_empty() { UNKNOWN } else { value }.to_string()
        };
        GameScore { event: tag("Event"), white: tag("White"), black: tag("Black"), result }
    }

    /// The points each side takes, White's first; `None` when the game scores nothing.
    fn points(&self) -> Option<(u32, u32)> {
        let result = self.result?;
        Some((points(result, Colour::White)?, points(result, Colour::Black)?))
    }
}

/// How games are gathered into crosstables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grouping {
    /// A crosstable per event, in the order the events first occur.
    ByEvent,
    /// One crosstable of every game, whatever its event.
    All,
}

/// The standings of every event: what [`StandingsBuilder::finish`] and [`standings`] give.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// One crosstable per event (one in all with [`Grouping::All`]), in the order the events
    /// first occur.
    pub events: Vec<EventStandings>,
}

/// The crosstable of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventStandings {
    /// The event's name; `None` for the table of every game ([`Grouping::All`]).
    pub event: Option<String>,
    /// Its games, unfinished ones included.
    pub games: usize,
    /// Its games that score nothing: unfinished (`*`) or without a result.
    pub unfinished: usize,
    /// Whether every two players met at least once (a round robin): its table can be a grid.
    pub all_play_all: bool,
    /// The players, best first.
    pub players: Vec<PlayerStanding>,
}

/// One player's line of a crosstable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStanding {
    /// The place, from 1; players equal on points, Buchholz, Sonneborn-Berger and wins share
    /// one.
    pub rank: usize,
    /// The name, as the tag writes it, trimmed.
    pub name: String,
    /// The games that scored (the unfinished ones aside).
    pub games: usize,
    /// The points of those games.
    pub points: u32,
    /// Games won, by mate or by stalemate.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost, by mate or by stalemate.
    pub losses: usize,
    /// Games that scored nothing: unfinished or without a result.
    pub unfinished: usize,
    /// The points of the opponents, once per game that scored.
    pub buchholz: u32,
    /// Each scored game's points times its opponent's points, summed.
    pub sonneborn_berger: u32,
    /// Every game, in the order read.
    pub encounters: Vec<Encounter>,
}

/// One game of a player, as its crosstable line shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    /// The opponent's name.
    pub opponent: String,
    /// The colour the player had.
    #[serde(with = "crate::colour_name")]
    pub colour: Colour,
    /// The points the player took; `None` for a game that scored nothing.
    pub points: Option<u32>,
}

/// Standings gathered game by game: [`StandingsBuilder::add`] each game, then
/// [`StandingsBuilder::finish`]. Memory holds the names and a few numbers per game.
///
/// ```
/// use ctl_an::syntax::GameResult;
/// use ctl_pgn::standings::{GameScore, Grouping, StandingsBuilder};
/// let game = |white: &str, black: &str, result| GameScore {
///     event: "Open".into(), white: white.into(), black: black.into(), result: Some(result),
/// };
/// let mut builder = StandingsBuilder::new(Grouping::All);
/// builder.add(game("A", "B", GameResult::Draw));
/// builder.add(game("C", "D", GameResult::BlackWins));
/// let table = &builder.finish().events[0];
/// assert!(!table.all_play_all, "A never met C");
/// let ranked: Vec<_> = table.players.iter().map(|p| (p.rank, p.name.as_str())).collect();
/// assert_eq!(ranked, [(1, "D"), (2, "A"), (2, "B"), (4, "C")]);
/// ```
#[derive(Debug, Clone)]
pub struct StandingsBuilder {
    grouping: Grouping,
    events: Vec<EventGames>,
    by_name: HashMap<String, usize>,
}

/// The games of one event, read so far: players by their first game, games by player index.
#[derive(Debug, Clone, Default)]
struct EventGames {
    name: String,
    players: Vec<String>,
    ids: HashMap<String, usize>,
    games: Vec<Played>,
}

/// One game of an event: White's and Black's index, and the points of each (`None`: it scored
/// nothing).
type Played = (usize, usize, Option<(u32, u32)>);

impl EventGames {
    fn player(&mut self, name: String) -> usize {
        if let Some(&id) = self.ids.get(&name) {
            return id;
        }
        self.players.push(name.clone());
        self.ids.insert(name, self.players.len() - 1);
        self.players.len() - 1
    }
}

impl StandingsBuilder {
    /// No games yet, gathered by `grouping`.
    pub fn new(grouping: Grouping) -> StandingsBuilder {
        StandingsBuilder { grouping, events: Vec::new(), by_name: HashMap::new() }
    }

    /// One more game.
    pub fn add(&mut self, game: GameScore) {
        let points = game.points();
        let key = match self.grouping {
            Grouping::ByEvent => game.event,
            Grouping::All => String::new(),
        };
        let next = self.events.len();
        let at = *self.by_name.entry(key.clone()).or_insert(next);
        if at == next {
            self.events.push(EventGames { name: key, ..EventGames::default() });
        }
        let event = &mut self.events[at];
        let white = event.player(game.white);
        let black = event.player(game.black);
        event.games.push((white, black, points));
    }

    /// The crosstables of the games added.
    pub fn finish(self) -> Standings {
        let grouping = self.grouping;
        let events = self
            .events
            .into_iter()
            .map(|e| {
                let name = (grouping == Grouping::ByEvent).then(|| e.name.clone());
                table(name, e)
            })
            .collect();
        Standings { events }
    }
}

/// The crosstable of one event's games.
fn table(event: Option<String>, games: EventGames) -> EventStandings {
    let n = games.players.len();
    let mut lines: Vec<PlayerStanding> = games
        .players
        .iter()
        .map(|name| PlayerStanding {
            rank: 0,
            name: name.clone(),
            games: 0,
            points: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            unfinished: 0,
            buchholz: 0,
            sonneborn_berger: 0,
            encounters: Vec::new(),
        })
        .collect();
    let mut met = vec![false; n * n];
    for &(white, black, scored) in &games.games {
        met[white * n + black] = true;
        met[black * n + white] = true;
        for (me, them, colour) in [(white, black, Colour::White), (black, white, Colour::Black)] {
            let mine = scored.map(|(w, b)| if colour == Colour::White { w } else { b });
            let theirs = scored.map(|(w, b)| if colour == Colour::White { b } else { w });
            let line = &mut lines[me];
            match (mine, theirs) {
                (Some(mine), Some(theirs)) => {
                    line.games += 1;
                    line.points += mine;
                    match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => line.wins += 1,
                        std::cmp::Ordering::Equal => line.draws += 1,
                        std::cmp::Ordering::Less => line.losses += 1,
                    }
                }
                _ => line.unfinished += 1,
            }
            let opponent = games.players[them].clone();
            line.encounters.push(Encounter { opponent, colour, points: mine });
        }
    }
    let totals: Vec<u32> = lines.iter().map(|l| l.points).collect();
    for &(white, black, scored) in &games.games {
        let Some((w, b)) = scored else { continue };
        lines[white].buchholz += totals[black];
        lines[black].buchholz += totals[white];
        lines[white].sonneborn_berger += w * totals[black];
        lines[black].sonneborn_berger += b * totals[white];
    }
    let merit = |l: &PlayerStanding| (l.points, l.buchholz, l.sonneborn_berger, l.wins);
    lines.sort_by(|a, b| merit(b).cmp(&merit(a)).then_with(|| a.name.cmp(&b.name)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && merit(&lines[i]) == merit(&lines[i - 1]) {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    let all_play_all = n >= 2 && (0..n).all(|a| (0..n).all(|b| a == b || met[a * n + b]));
    EventStandings {
        event,
        games: games.games.len(),
        unfinished: games.games.iter().filter(|g| g.2.is_none()).count(),
        all_play_all,
        players: lines,
    }
}

/// The standings of every game of `text` (a CTL-PGN text of any number of games), gathered by
/// `grouping`: one call for the bindings. A game is read as [`LazyReader`] reads it (by the
/// scanner when it can); its tags and result are all that count (see the module
/// documentation).
pub fn standings(text: &str, grouping: Grouping) -> Standings {
    standings_of(text.as_bytes(), grouping).unwrap_or(Standings { events: Vec::new() })
}

/// [`standings`] of a stream (a file, standard input), read game by game.
///
/// # Errors
/// When `input` cannot be read.
pub fn standings_of(input: impl Read, grouping: Grouping) -> std::io::Result<Standings> {
    let mut builder = StandingsBuilder::new(grouping);
    for game in LazyReader::new(input) {
        builder.add(GameScore::of_lazy(&game?));
    }
    Ok(builder.finish())
}

/// A result as its text (`3-0`, `*`), or `null`.
mod result_text {
    use ctl_an::syntax::GameResult;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(
        r: &Option<GameResult>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match r {
            Some(r) => s.serialize_some(r.as_str()),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<GameResult>, D::Error> {
        let text: Option<String> = Option::deserialize(d)?;
        text.map(|t| {
            GameResult::from_text(&t)
                .ok_or_else(|| serde::de::Error::custom(format!("not a result: `{t}`")))
        })
        .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(event: &str, white: &str, black: &str, result: Option<GameResult>) -> GameScore {
        GameScore { event: event.into(), white: white.into(), black: black.into(), result }
    }

    #[test]
    fn a_stalemate_is_a_win_by_the_minimum() {
        let mut b = StandingsBuilder::new(Grouping::ByEvent);
        b.add(game("E", "A", "B", Some(GameResult::BlackStalemates)));
        let table = &b.finish().events[0];
        let b_line = &table.players[0];
        assert_eq!((b_line.name.as_str(), b_line.points, b_line.wins), ("B", 2, 1));
        let a_line = &table.players[1];
        assert_eq!((a_line.points, a_line.losses, a_line.draws), (1, 1, 0));
        assert_eq!(a_line.encounters[0].colour, Colour::White);
    }

    #[test]
    fn events_are_tables_of_their_own_in_the_order_met() {
        let mut b = StandingsBuilder::new(Grouping::ByEvent);
        b.add(game("Z", "A", "B", Some(GameResult::Draw)));
        b.add(game("Y", "A", "C", None));
        b.add(game("Z", "B", "A", Some(GameResult::WhiteWins)));
        let s = b.finish();
        let names: Vec<_> = s.events.iter().map(|e| e.event.as_deref()).collect();
        assert_eq!(names, [Some("Z"), Some("Y")]);
        assert_eq!((s.events[1].games, s.events[1].unfinished), (1, 1));
        assert!(s.events[1].players.iter().all(|p| p.games == 0 && p.unfinished == 1));
        assert!(s.events[0].all_play_all && s.events[1].all_play_all);
        let json = serde_json_like(&s.events[1]);
        assert!(json.contains("\"points\":null"), "{json}");
    }

    #[test]
    fn ties_are_broken_by_buchholz_then_sonneborn_berger_then_wins() {
        // A, B and C score 3 each: A and C met the same opponents' points (Buchholz 3), A by
        // beating the stronger one (Sonneborn-Berger 9 against 0); B met only D (Buchholz 0).
        let mut b = StandingsBuilder::new(Grouping::All);
        b.add(game("", "A", "C", Some(GameResult::WhiteWins)));
        b.add(game("", "B", "D", Some(GameResult::WhiteWins)));
        b.add(game("", "C", "D", Some(GameResult::WhiteWins)));
        let t = &b.finish().events[0];
        let order: Vec<_> = t.players.iter().map(|p| (p.rank, p.name.as_str())).collect();
        assert_eq!(order, [(1, "A"), (2, "C"), (3, "B"), (4, "D")]);
        let breaks: Vec<_> = t.players.iter().map(|p| (p.buchholz, p.sonneborn_berger)).collect();
        assert_eq!(breaks, [(3, 9), (3, 0), (0, 0), (6, 0)]);
    }

    #[test]
    fn equal_players_share_a_rank_and_are_listed_by_name() {
        let mut b = StandingsBuilder::new(Grouping::All);
        b.add(game("", "Zoe", "Ada", Some(GameResult::Draw)));
        let t = &b.finish().events[0];
        let order: Vec<_> = t.players.iter().map(|p| (p.rank, p.name.as_str())).collect();
        assert_eq!(order, [(1, "Ada"), (1, "Zoe")]);
    }

    /// The JSON of a value, as the bindings and `cescacs standings --format json` give it.
    fn serde_json_like(value: &impl Serialize) -> String {
        serde_json::to_string(value).expect("serialisable")
    }
}
