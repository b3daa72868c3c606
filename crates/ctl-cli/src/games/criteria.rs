//! What `cescacs filter` selects games by, besides `--game` and `--where`: a player of either
//! colour, the result, the length of the main line, the date, a position the main line reaches,
//! and no game twice. Each criterion is read here and applied by [`super::Chooser`].

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use cescacs_board::{Letters, Position};
use ctl_an::syntax::{GameResult, Ply};
use ctl_pgn::ParsedGame;
use ctl_pgn::tags::{Day, TagDate};
use ctl_pgn::validate::Level;

use super::glob::Glob;
use cescacs_toolkit::format::tag_value;

/// `filter`'s criteria: every one given must hold (with `--game` and `--where`).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Criteria {
    /// Only the games NAME played, with White or Black: a glob on the `White` and `Black`
    /// tags, letter case ignored (`--player 'puig*'`).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,

    /// Only the games of this result (`3-0`, `0-3`, `1-1`, `2-1`, `1-2`, `*`): the result line,
    /// or the `Result` tag when the line has none.
    #[arg(long, value_name = "RESULT", value_parser = parse_result)]
    pub result: Option<GameResult>,

    /// Only the games whose main line has at least N plies (half-moves).
    #[arg(long, value_name = "N")]
    pub min_plies: Option<usize>,

    /// Only the games whose main line has at most N plies.
    #[arg(long, value_name = "N")]
    pub max_plies: Option<usize>,

    /// Only the games played on or after DATE (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, `.` also
    /// accepted; a day of the calendar, so not `2024-13` or `2023-02-29`). A `Date` with `?`
    /// digits is taken as every date it may be (`2024-??-??`: the year 2024); a game without a
    /// date, whose year is all `?` or whose date is no day of the calendar (`W0320`) has no
    /// date and is left out.
    #[arg(long, value_name = "DATE", value_parser = DateBound::from)]
    pub date_from: Option<DateBound>,

    /// Only the games played on or before DATE (as `--date-from`).
    #[arg(long, value_name = "DATE", value_parser = DateBound::to)]
    pub date_to: Option<DateBound>,

    /// Only the games whose main line reaches this position (a PDTL, or `start`). A whole PDTL
    /// must match its placement, side to move, castling and en-passant fields (the clocks are
    /// ignored); a placement alone (`/14:3k3/…/1:1K/`) matches whatever the other fields.
    #[arg(long, value_name = "PDTL")]
    pub reaches: Option<String>,

    /// Drop every game whose main line (start position and moves, marks and comments aside)
    /// repeats an earlier game's, keeping the first; standard error says how many went.
    #[arg(long)]
    pub unique: bool,
}

fn parse_result(text: &str) -> Result<GameResult, String> {
    GameResult::from_text(text.trim()).ok_or_else(|| {
        format!("expected one of `3-0`, `0-3`, `1-1`, `2-1`, `1-2`, `*`, found `{text}`")
    })
}

/// One end of a date range: a day of the calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DateBound(Day);

impl DateBound {
    /// A `--date-from` value: the first day of what it names (`2024` is 2024-01-01).
    pub fn from(text: &str) -> Result<DateBound, String> {
        Self::read(text).map(|(first, _)| first)
    }

    /// A `--date-to` value: the last day of what it names (`2024-02` is 2024-02-29).
    pub fn to(text: &str) -> Result<DateBound, String> {
        Self::read(text).map(|(_, last)| last)
    }

    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (`.` also), a day of the calendar: its first and last
    /// day.
    fn read(text: &str) -> Result<(DateBound, DateBound), String> {
        let expected = "expected a date `YYYY`, `YYYY-MM` or `YYYY-MM-DD`";
        let parts: Vec<&str> = text.trim().split(['-', '.']).collect();
        let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
        let ok = matches!(parts.len(), 1..=3)
            && digits(parts[0], 4)
            && parts[1..].iter().all(|p| digits(p, 2));
        if !ok {
            return Err(format!("{expected}, found `{text}`"));
        }
        let mut all = parts;
        all.resize(3, "??");
        let date =
            TagDate::read(&all.join("-")).ok_or_else(|| format!("{expected}, found `{text}`"))?;
        match date.days() {
            Ok((first, last)) => Ok((DateBound(first), DateBound(last))),
            Err(no_such_day) => {
                Err(format!("{expected} of the calendar, found `{text}`: {no_such_day}"))
            }
        }
    }
}

/// The first and last day a game's date may be (`YYYY-MM-DD` or `YYYY.MM.DD`, `?` for unknown
/// digits): `None` when it is not such a date, is no day of the calendar (`W0320`) or its year
/// is all `?`.
fn game_date(value: &str) -> Option<(DateBound, DateBound)> {
    let date = TagDate::read(&value.replace('.', "-"))?;
    let (first, last) = date.days().ok().filter(|_| date.has_year())?;
    Some((DateBound(first), DateBound(last)))
}

/// The position of `--reaches`, and what of it must match.
struct Target {
    position: Position,
    placement_only: bool,
}

impl Target {
    fn read(text: &str) -> Result<Target, String> {
        let letters = Letters::standard();
        let text = crate::cmd::pdtl_text(text, &letters);
        let text = text.trim();
        let placement_only = !text.contains(char::is_whitespace);
        // A placement alone is read with either side to move (one of them may be in check).
        let tries: Vec<String> = if placement_only {
            [" w -- - 0 1", " b -- - 0 1"].iter().map(|rest| format!("{text}{rest}")).collect()
        } else {
            vec![text.to_string()]
        };
        let mut first_error = None;
        for attempt in &tries {
            match pdtl::parse(attempt) {
                Ok(position) => return Ok(Target { position, placement_only }),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(format!(
            "`--reaches`: not a PDTL position: {}",
            first_error.map_or_else(|| "empty".to_string(), |e| e.to_string())
        ))
    }

    fn matches(&self, reached: &Position) -> bool {
        if self.placement_only {
            return reached.pieces().eq(self.position.pieces());
        }
        let mut reached = reached.clone();
        reached.set_halfmove_clock(self.position.halfmove_clock());
        reached.set_move_number(self.position.move_number());
        reached == self.position
    }
}

/// [`Criteria`] ready to apply, with what `--unique` has seen.
pub(super) struct Compiled {
    player: Option<Glob>,
    result: Option<GameResult>,
    plies: (usize, usize),
    dates: (Option<DateBound>, Option<DateBound>),
    reaches: Option<Target>,
    /// `--unique`: the main lines seen (128-bit hashes), and the games dropped.
    unique: Option<(HashSet<u128>, usize)>,
}

impl Compiled {
    pub(super) fn new(criteria: &Criteria, match_case: bool) -> Result<Compiled, String> {
        Ok(Compiled {
            player: criteria.player.as_deref().map(|p| Glob::new(p, match_case)),
            result: criteria.result,
            plies: (criteria.min_plies.unwrap_or(0), criteria.max_plies.unwrap_or(usize::MAX)),
            dates: (criteria.date_from, criteria.date_to),
            reaches: criteria.reaches.as_deref().map(Target::read).transpose()?,
            unique: criteria.unique.then(|| (HashSet::new(), 0)),
        })
    }

    /// Whether any criterion leaves games out.
    pub(super) fn restricts(&self) -> bool {
        self.player.is_some()
            || self.result.is_some()
            || self.plies != (0, usize::MAX)
            || self.dates != (None, None)
            || self.reaches.is_some()
            || self.unique.is_some()
    }

    /// Whether a criterion looks past the tags (at the moves, the result line, the positions).
    pub(super) fn reads_movetext(&self) -> bool {
        self.plies != (0, usize::MAX)
            || self.result.is_some()
            || self.reaches.is_some()
            || self.unique.is_some()
    }

    /// How many games `--unique` dropped (`None` without it).
    pub(super) fn duplicates(&self) -> Option<usize> {
        self.unique.as_ref().map(|(_, dropped)| *dropped)
    }

    /// Whether `game` (spans into `text`) meets every criterion; a game that does is, with
    /// `--unique`, remembered (so the next game with its main line does not).
    pub(super) fn holds(&mut self, game: &ctl_an::syntax::Record, text: &str) -> bool {
        let plies = game.movetext.ply_count();
        let cheap = self.player.as_ref().is_none_or(|p| {
            ["White", "Black"].iter().any(|t| tag_value(game, t).is_some_and(|v| p.matches(v)))
        }) && (self.plies.0..=self.plies.1).contains(&plies)
            && self.dates_hold(game);
        if !cheap {
            return false;
        }
        let needs_game = self.result.is_some() || self.reaches.is_some();
        let read = needs_game.then(|| ParsedGame::new(game.clone(), text));
        if let (Some(wanted), Some(read)) = (self.result, &read) {
            if read.result() != Some(wanted) {
                return false;
            }
        }
        if let (Some(target), Some(read)) = (&self.reaches, &read) {
            let line = read.main_line(Level::Coherence);
            if !line.positions.iter().any(|p| target.matches(p)) {
                return false;
            }
        }
        if let Some((seen, dropped)) = &mut self.unique {
            if !seen.insert(main_line_key(game)) {
                *dropped += 1;
                return false;
            }
        }
        true
    }

    fn dates_hold(&self, game: &ctl_an::syntax::Record) -> bool {
        if self.dates == (None, None) {
            return true;
        }
        let Some((first, last)) = tag_value(game, "Date").and_then(game_date) else {
            return false;
        };
        self.dates.0.is_none_or(|from| last >= from) && self.dates.1.is_none_or(|to| first <= to)
    }
}

/// A 128-bit hash of what makes a main line the same: the start (`PDTL` and `Redefine` tags)
/// and the moves in their canonical spelling without check marks, ratings, draw offers or end
/// marks.
fn main_line_key(game: &ctl_an::syntax::Record) -> u128 {
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        tag_value(game, "PDTL").map(str::trim).hash(&mut h);
        tag_value(game, "Redefine").map(str::trim).hash(&mut h);
        for pair in &game.movetext.pairs {
            for ply in std::iter::once(&pair.white).chain(&pair.black) {
                match ply {
                    Ply::Move(mv) => {
                        let mut bare = mv.clone();
                        (bare.check, bare.rating, bare.draw_offer, bare.end) =
                            (None, None, None, None);
                        bare.nags.clear();
                        bare.to_string().hash(&mut h);
                    }
                    Ply::Omitted(_) => "…".hash(&mut h),
                    Ply::Invalid { text, .. } => text.hash(&mut h),
                }
            }
        }
        h.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_with_unknown_digits_are_every_day_they_may_be() {
        let day = |s: &str| game_date(s).map(|(a, b)| (a.0, b.0));
        let d = Day::new;
        assert_eq!(day("2024-03-01"), Some((d(2024, 3, 1), d(2024, 3, 1))));
        assert_eq!(day("2024.03.01"), Some((d(2024, 3, 1), d(2024, 3, 1))));
        assert_eq!(day("2025-??-??"), Some((d(2025, 1, 1), d(2025, 12, 31))));
        assert_eq!(day("201?-??-??"), Some((d(2010, 1, 1), d(2019, 12, 31))));
        assert_eq!(day("????-??-??"), None, "no year, no date");
        assert_eq!(day("2024-3-1"), None);
        assert_eq!(day("2025-13-45"), None, "no day of the calendar, no date");
        assert_eq!(day("2023-02-29"), None);
        assert_eq!(DateBound::from("2024").map(|b| b.0), Ok(d(2024, 1, 1)));
        assert_eq!(DateBound::to("2024-02").map(|b| b.0), Ok(d(2024, 2, 29)));
        assert_eq!(DateBound::to("2023-02").map(|b| b.0), Ok(d(2023, 2, 28)));
        assert_eq!(DateBound::from("2024.06.15").map(|b| b.0), Ok(d(2024, 6, 15)));
        assert!(DateBound::from("24-06").is_err() && DateBound::to("2024-6").is_err());
    }

    #[test]
    fn a_bound_is_a_day_of_the_calendar() {
        let error = |s: &str| DateBound::from(s).expect_err(s);
        assert_eq!(
            error("2024-13-45"),
            "expected a date `YYYY`, `YYYY-MM` or `YYYY-MM-DD` of the calendar, found \
             `2024-13-45`: there is no month `13` (months are `01` to `12`)"
        );
        assert!(error("2024-13").contains("no month `13`"));
        assert!(error("2024-02-30").contains("month `02` has no day `30`"));
        assert!(error("2023-02-29").contains("`2023` is no leap year"));
        assert!(DateBound::to("2024-02-29").is_ok());
    }

    #[test]
    fn a_placement_matches_whatever_the_other_fields() {
        let full = Target::read("start").expect("start");
        assert!(!full.placement_only && full.matches(&Position::initial()));
        let mut black = Position::initial();
        black.set_turn(cescacs_board::Colour::Black);
        assert!(!full.matches(&black), "the side to move counts");
        let text = pdtl::to_string(&Position::initial());
        let placement = text.split(' ').next().expect("a placement");
        let only = Target::read(placement).expect("a placement alone");
        assert!(only.placement_only && only.matches(&black));
        assert!(Target::read("/1:K/").is_err(), "no Black King");
    }
}
