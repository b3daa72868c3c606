//! Dates as the date tags write them (`Date`, `EventDate`, `MatchDate`): `YYYY-MM-DD`, with `?`
//! for each unknown digit (`2025-??-??`, `201?-??-??`), and the days of the calendar they may
//! be. A date is checked in what it says: `2025-13-??` is no date whatever its day, while
//! `2024-02-?9` may be the 9th, 19th or 29th of February.
//!
//! The calendar is the proleptic Gregorian one (a leap year is a multiple of 4, not of 100
//! unless of 400), the one PGN dates use. It is a rule of a few lines rather than a dependency:
//! no date crate reads dates with unknown digits, and this crate must build for WebAssembly
//! without a clock.

use std::fmt;

/// A date as a tag writes it: `YYYY-MM-DD`, each digit known or `?` (`None`).
///
/// ```
/// use ctl_pgn::tags::{Day, TagDate};
/// let date = TagDate::read("2024-02-??").unwrap();
/// let (first, last) = date.days().unwrap();
/// assert_eq!((first, last), (Day::new(2024, 2, 1), Day::new(2024, 2, 29)));
/// let none = TagDate::read("2023-02-29").unwrap().days().unwrap_err();
/// assert_eq!(none.to_string(), "`2023` is no leap year: its February has no day `29`");
/// assert!(TagDate::read("2024-6-1").is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TagDate {
    digits: [Option<u8>; 8],
}

/// A day of the calendar, ordered in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    /// The year, 0 to 9999.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
}

impl Day {
    /// The day `year-month-day` (not checked against the calendar).
    pub const fn new(year: u16, month: u8, day: u8) -> Day {
        Day { year, month, day }
    }
}

/// Why a [`TagDate`] is no day of the calendar; its `Display` says it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSuchDay {
    date: TagDate,
    why: Why,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Why {
    /// The month can be none of 01 to 12.
    Month,
    /// The day can be none of 01 to 31.
    Day,
    /// The day is past the end of every month it may be in.
    MonthEnd,
    /// February 29th, and the year can be no leap year.
    LeapDay,
}

impl TagDate {
    /// Reads `YYYY-MM-DD`, `?` for unknown digits: `None` for any other form.
    pub fn read(text: &str) -> Option<TagDate> {
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let mut digits = [None; 8];
        let written = bytes[..4].iter().chain(&bytes[5..7]).chain(&bytes[8..]);
        for (digit, &b) in digits.iter_mut().zip(written) {
            *digit = match b {
                b'0'..=b'9' => Some(b - b'0'),
                b'?' => None,
                _ => return None,
            };
        }
        Some(TagDate { digits })
    }

    /// Whether some digit of the year is known (`????-05-01` says nothing of when).
    pub fn has_year(&self) -> bool {
        self.digits[..4].iter().any(Option::is_some)
    }

    /// The first and the last day of the calendar the date may be (`2024-??-??`: 2024-01-01 and
    /// 2024-12-31), or why it can be none.
    pub fn days(&self) -> Result<(Day, Day), NoSuchDay> {
        let no = |why| NoSuchDay { date: *self, why };
        let months: Vec<u8> = (1..=12).filter(|&m| self.fits(4..6, m.into())).collect();
        let days: Vec<u8> = (1..=31).filter(|&d| self.fits(6..8, d.into())).collect();
        if months.is_empty() {
            return Err(no(Why::Month));
        }
        if days.is_empty() {
            return Err(no(Why::Day));
        }
        // The months and days that go together in some year, in order: all of them go together
        // in every year but February 29th, which needs a leap year.
        let pairs: Vec<(u8, u8)> = months
            .iter()
            .flat_map(|&m| days.iter().map(move |&d| (m, d)))
            .filter(|&(m, d)| d <= month_length(m, true))
            .collect();
        if pairs.is_empty() {
            return Err(no(Why::MonthEnd));
        }
        let in_year = |year: u16, (month, day): (u8, u8)| {
            (day <= month_length(month, is_leap(year))).then_some(Day { year, month, day })
        };
        let first = self.years(false).find_map(|y| pairs.iter().find_map(|&p| in_year(y, p)));
        let last = self.years(true).find_map(|y| pairs.iter().rev().find_map(|&p| in_year(y, p)));
        first.zip(last).ok_or(no(Why::LeapDay))
    }

    /// Whether the digits at `range` may be `number`.
    fn fits(&self, range: std::ops::Range<usize>, number: u16) -> bool {
        let mut rest = number;
        let mut fits = true;
        for digit in self.digits[range].iter().rev() {
            fits &= digit.is_none_or(|d| u16::from(d) == rest % 10);
            rest /= 10;
        }
        fits && rest == 0
    }

    /// The years the date may be in, in order (latest first when `backwards`). Only February
    /// 29th of a year that is no leap year goes past the first.
    fn years(&self, backwards: bool) -> impl Iterator<Item = u16> + '_ {
        let unknown = self.digits[..4].iter().filter(|d| d.is_none()).count() as u32;
        let count = 10u16.pow(unknown);
        (0..count).map(move |i| {
            let mut fill = if backwards { count - 1 - i } else { i };
            let mut year = 0;
            let mut scale = 1;
            for digit in self.digits[..4].iter().rev() {
                let d = match digit {
                    Some(d) => u16::from(*d),
                    None => {
                        let d = fill % 10;
                        fill /= 10;
                        d
                    }
                };
                year += d * scale;
                scale *= 10;
            }
            year
        })
    }

    /// The digits at `range` as written, `?` for unknown ones.
    fn written(&self, range: std::ops::Range<usize>) -> String {
        self.digits[range].iter().map(|d| d.map_or('?', |d| char::from(b'0' + d))).collect()
    }
}

impl fmt::Display for TagDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.written(0..4), self.written(4..6), self.written(6..8))
    }
}

impl fmt::Display for NoSuchDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) =
            (self.date.written(0..4), self.date.written(4..6), self.date.written(6..8));
        match self.why {
            Why::Month => write!(f, "there is no month `{month}` (months are `01` to `12`)"),
            Why::Day => write!(f, "there is no day `{day}` (days are `01` to `31`)"),
            Why::MonthEnd => write!(f, "month `{month}` has no day `{day}`"),
            Why::LeapDay => write!(f, "`{year}` is no leap year: its February has no day `{day}`"),
        }
    }
}

impl std::error::Error for NoSuchDay {}

/// Whether `year` is a leap year of the Gregorian calendar.
fn is_leap(year: u16) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The days of `month` (1 to 12).
fn month_length(month: u8, leap: bool) -> u8 {
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(text: &str) -> Result<(Day, Day), String> {
        TagDate::read(text).expect("the form").days().map_err(|e| e.to_string())
    }

    #[test]
    fn a_date_is_every_day_it_may_be() {
        assert_eq!(days("2024-03-01"), Ok((Day::new(2024, 3, 1), Day::new(2024, 3, 1))));
        assert_eq!(days("2025-??-??"), Ok((Day::new(2025, 1, 1), Day::new(2025, 12, 31))));
        assert_eq!(days("201?-??-??"), Ok((Day::new(2010, 1, 1), Day::new(2019, 12, 31))));
        assert_eq!(days("2023-02-??"), Ok((Day::new(2023, 2, 1), Day::new(2023, 2, 28))));
        assert_eq!(days("2024-?4-??"), Ok((Day::new(2024, 4, 1), Day::new(2024, 4, 30))));
        assert_eq!(days("????-??-??"), Ok((Day::new(0, 1, 1), Day::new(9999, 12, 31))));
        // Only a leap year has February 29th.
        assert_eq!(
            days("20?1-02-29"),
            Err("`20?1` is no leap year: its February has no day `29`".into())
        );
        assert_eq!(days("19??-02-29"), Ok((Day::new(1904, 2, 29), Day::new(1996, 2, 29))));
        assert_eq!(
            days("1900-02-29").map(|_| ()),
            Err("`1900` is no leap year: its February has no day `29`".into())
        );
        assert!(days("2000-02-29").is_ok() && days("2024-02-29").is_ok());
    }

    #[test]
    fn what_is_known_is_checked() {
        let no_month = "there is no month `13` (months are `01` to `12`)";
        assert_eq!(days("2025-13-45").map(|_| ()), Err(no_month.into()));
        assert_eq!(days("2025-13-??").map(|_| ()), Err(no_month.into()));
        assert!(days("2025-00-01").is_err() && days("2025-?0-01").is_ok());
        let no_day = "there is no day `45` (days are `01` to `31`)";
        assert_eq!(days("2025-??-45").map(|_| ()), Err(no_day.into()));
        assert!(days("2025-01-00").is_err() && days("2025-01-?0").is_ok());
        assert_eq!(days("2025-02-30").map(|_| ()), Err("month `02` has no day `30`".into()));
        assert_eq!(days("2025-06-31").map(|_| ()), Err("month `06` has no day `31`".into()));
        assert!(days("2025-?6-31").is_err(), "neither June nor month 16 has a day 31");
        assert!(days("2025-0?-31").is_ok());
    }

    #[test]
    fn only_the_tag_form_is_read() {
        for bad in
            ["2024-6-1", "2024.06.01", "20240601", "2024-06-01 ", "２０２４-06-01", "a024-06-01"]
        {
            assert_eq!(TagDate::read(bad), None, "{bad}");
        }
        let date = TagDate::read("201?-0?-??").expect("the form");
        assert_eq!(date.to_string(), "201?-0?-??");
        assert!(date.has_year() && !TagDate::read("????-01-01").is_some_and(|d| d.has_year()));
    }
}
