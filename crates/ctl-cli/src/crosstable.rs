//! What a crosstable shows, whatever writes it (`standings` as text, its page, the site's
//! page): the columns of each player's line, and the all-play-all grid where it fits.

use ctl_pgn::standings::{EventStandings, PlayerStanding};

/// At most how many players an all-play-all grid has: past it, the grid's columns no longer fit
/// a terminal or a phone, and the table is a list.
pub const GRID_PLAYERS: usize = 20;

/// At most how many games two players of a grid played together (a fourfold round robin): past
/// it a cell no longer fits, and the table is a list.
pub const GRID_GAMES: usize = 4;

/// The head of a player's line, before the grid's columns.
pub fn head(table: &EventStandings) -> Vec<&'static str> {
    let mut head = vec!["#", "Player", "Games", "Points", "W", "D", "L"];
    if table.unfinished > 0 {
        head.push("Unfinished");
    }
    head.extend(["Buchholz", "S-B"]);
    head
}

/// A player's line, under [`head`].
pub fn line(table: &EventStandings, p: &PlayerStanding) -> Vec<String> {
    let mut line = vec![
        p.rank.to_string(),
        p.name.clone(),
        p.games.to_string(),
        p.points.to_string(),
        p.wins.to_string(),
        p.draws.to_string(),
        p.losses.to_string(),
    ];
    if table.unfinished > 0 {
        line.push(p.unfinished.to_string());
    }
    line.extend([p.buchholz.to_string(), p.sonneborn_berger.to_string()]);
    line
}

/// The all-play-all grid, when the table is one and fits ([`GRID_PLAYERS`], [`GRID_GAMES`]):
/// for each player (in the table's order), a cell per player (the same order, headed 1, 2,
/// 3…) holding the points of each of their games, in the order played (`*` for a game that
/// scored nothing), `x` against themselves.
pub fn grid(table: &EventStandings) -> Option<Vec<Vec<String>>> {
    if !table.all_play_all || table.players.len() > GRID_PLAYERS {
        return None;
    }
    let cells: Vec<Vec<String>> = table
        .players
        .iter()
        .map(|me| {
            table
                .players
                .iter()
                .map(|them| {
                    let cell: String = me
                        .encounters
                        .iter()
                        .filter(|e| e.opponent == them.name)
                        .map(|e| e.points.map_or('*', |p| char::from(b'0' + p.min(9) as u8)))
                        .collect();
                    if cell.is_empty() && me.name == them.name { "x".to_string() } else { cell }
                })
                .collect()
        })
        .collect();
    let fits = cells.iter().flatten().all(|c| c.chars().count() <= GRID_GAMES);
    fits.then_some(cells)
}

/// The line that sums up a table: `Club: 4 games, 1 unfinished` (`All games` for the table
/// of every game).
pub fn title(table: &EventStandings) -> String {
    let name = table.event.as_deref().unwrap_or("All games");
    let mut title = format!("{name}: {}", crate::output::plural(table.games, "game", "games"));
    if table.unfinished > 0 {
        title.push_str(&format!(", {} unfinished", table.unfinished));
    }
    title
}
