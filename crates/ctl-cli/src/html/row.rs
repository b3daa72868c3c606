//! The row that stands for a game in a collection's index page: what the site reads of each
//! game, and what the index writes (`index.rs`).

use ctl_an::syntax::Ply;
use ctl_pgn::ParsedGame;

/// How many plies of a game the index shows as its opening.
const OPENING_PLIES: usize = 6;

/// One game of a collection's index page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Row {
    /// Its number in its file (from 1).
    pub number: usize,
    /// The `White`, `Black`, `Event`, `Round` and `Date` tags (empty when missing).
    pub white: String,
    pub black: String,
    pub event: String,
    pub round: String,
    pub date: String,
    /// The result: of the result line, else of the tag (empty when neither).
    pub result: String,
    /// The plies of its main line.
    pub plies: usize,
    /// Its first moves as written, in the canonical spelling without ratings or draw offers:
    /// `1. E7-E13, E21-E15 2. F8-F12`.
    pub opening: String,
}

impl Row {
    /// The row of game `number` of its file.
    pub(crate) fn of(number: usize, game: &ParsedGame) -> Row {
        let tag = |name: &str| game.tag(name).map_or_else(String::new, |t| t.value.clone());
        Row {
            number,
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            round: tag("Round"),
            date: tag("Date"),
            result: game.result().map_or_else(String::new, |r| r.as_str().to_string()),
            plies: game.movetext().ply_count(),
            opening: opening(game),
        }
    }
}

/// The first [`OPENING_PLIES`] plies of the main line, numbered as written.
fn opening(game: &ParsedGame) -> String {
    let mut out = String::new();
    let mut plies = 0;
    for pair in &game.movetext().pairs {
        if plies >= OPENING_PLIES {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        let marker = if pair.number.unknown { "?" } else { "." };
        out.push_str(&format!("{}{marker}", pair.number.value));
        for (i, ply) in std::iter::once(&pair.white).chain(&pair.black).enumerate() {
            if plies >= OPENING_PLIES {
                break;
            }
            if i > 0 {
                out.push(',');
            }
            out.push(' ');
            match ply {
                Ply::Move(m) => {
                    let mut bare = m.clone();
                    (bare.rating, bare.draw_offer, bare.end) = (None, None, None);
                    bare.nags.clear();
                    out.push_str(&bare.to_string());
                    plies += 1;
                }
                Ply::Omitted(_) => out.push('\u{2026}'),
                Ply::Invalid { text, .. } => {
                    out.push_str(text);
                    plies += 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_the_first_plies_as_written_without_annotations() {
        let text = "[Variant \"C'escacs\"] [White \"Puig\"] [Round \"3\"]\n\
                    1. E7‐E13 !?, E21-E15 (=) 2. F8-F12 $1, F20-F16 3. G7-G11, G21-G17 \
                    4. H6-H10: *";
        let game = ParsedGame::new(ctl_an::parse_file(text).file.games.remove(0), text);
        let row = Row::of(4, &game);
        assert_eq!(row.opening, "1. E7-E13, E21-E15 2. F8-F12, F20-F16 3. G7-G11, G21-G17");
        assert_eq!((row.white.as_str(), row.round.as_str(), row.plies), ("Puig", "3", 7));
        assert_eq!((row.result.as_str(), row.black.as_str()), ("*", ""));
        let black = "[Variant \"C'escacs\"]\n[PDTL \"/14:3k3/12:3N3/4:2R2/1:1K/ b -- - 0 9\"]\n\
                     9. …, KF14-G13: *";
        let game = ParsedGame::new(ctl_an::parse_file(black).file.games.remove(0), black);
        assert_eq!(Row::of(1, &game).opening, "9. …, KF14-G13");
    }
}
