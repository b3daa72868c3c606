//! The marks written after a move's core: the check mark (joined to the move), the rating and
//! the game indicators (after blanks or not). Each type prints itself and reads itself
//! (`read_prefix`); the move reader and the builder both call these readers.

use cescacs_board::{CheckKind, notation};

use super::spelling::{UnknownSpelling, spelled};
use crate::bytes::word_at;

/// The check mark of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// `+`
    Check,
    /// `+^`: adjoining or knight-leap check.
    Adjoining,
    /// `+∞`: check from afar.
    Far,
    /// `++`: double check.
    Double,
    /// `#`: checkmate (also ends the game).
    Mate,
}

impl CheckMark {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("check mark");

    /// Every check mark, in declaration order.
    pub const ALL: [CheckMark; 5] = [
        CheckMark::Check,
        CheckMark::Adjoining,
        CheckMark::Far,
        CheckMark::Double,
        CheckMark::Mate,
    ];

    /// The text of the mark (the three kinds of check are spelled by the board's [`CheckKind`]).
    pub const fn as_str(self) -> &'static str {
        match self {
            CheckMark::Check => "+",
            CheckMark::Adjoining => CheckKind::Adjoining.indicator(),
            CheckMark::Far => CheckKind::Afar.indicator(),
            CheckMark::Double => CheckKind::Double.indicator(),
            CheckMark::Mate => notation::MATE,
        }
    }

    /// The mark of a kind of check.
    pub const fn of_kind(kind: CheckKind) -> CheckMark {
        match kind {
            CheckKind::Adjoining => CheckMark::Adjoining,
            CheckKind::Afar => CheckMark::Far,
            CheckKind::Double => CheckMark::Double,
        }
    }

    /// The check mark spelled at the start of `text` (the longest: `+^` before `+`), and its
    /// length in bytes.
    /// The check mark spelled at the start of `text` (the longest: `+^` before `+`), and its
    /// length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::CheckMark;
    /// assert_eq!(CheckMark::read_prefix("+∞ ?".as_bytes()), Ok((CheckMark::Far, 4)));
    /// assert_eq!(CheckMark::read_prefix(b"+, E21"), Ok((CheckMark::Check, 1)));
    /// assert!(CheckMark::read_prefix(b", E21").is_err());
    /// ```
    #[inline(always)]
    pub fn read_prefix(text: &[u8]) -> Result<(CheckMark, usize), UnknownSpelling> {
        CheckMark::read(text).ok_or(CheckMark::UNKNOWN)
    }

    /// [`CheckMark::read_prefix`] for the move reader.
    #[inline(always)]
    pub(crate) fn read(text: &[u8]) -> Option<(CheckMark, usize)> {
        const FAR: &[u8] = CheckMark::Far.as_str().as_bytes();
        const MATE: u8 = CheckMark::Mate.as_str().as_bytes()[0];
        // Most moves carry no mark: one comparison of the first byte says so.
        match *text {
            [MATE, ..] => Some((CheckMark::Mate, 1)),
            [b'+', second, ..] => Some(match second {
                b'^' => (CheckMark::Adjoining, 2),
                b'+' => (CheckMark::Double, 2),
                _ if text.starts_with(FAR) => (CheckMark::Far, FAR.len()),
                _ => (CheckMark::Check, 1),
            }),
            [b'+'] => Some((CheckMark::Check, 1)),
            _ => None,
        }
    }
}

spelled!(CheckMark);

/// A move rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rating {
    /// `?` poor move ($2).
    Mistake,
    /// `??` blunder ($4).
    Blunder,
    /// `?!` dubious ($6).
    Dubious,
    /// `!` good move ($1).
    Good,
    /// `!!` brilliant ($3).
    Brilliant,
    /// `!?` interesting ($5).
    Interesting,
    /// `◇` forced, only move ($7).
    Forced,
}

impl Rating {
    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("rating");

    /// Every rating, in declaration order.
    pub const ALL: [Rating; 7] = [
        Rating::Mistake,
        Rating::Blunder,
        Rating::Dubious,
        Rating::Good,
        Rating::Brilliant,
        Rating::Interesting,
        Rating::Forced,
    ];

    /// The text of the rating.
    pub const fn as_str(self) -> &'static str {
        match self {
            Rating::Mistake => "?",
            Rating::Blunder => "??",
            Rating::Dubious => "?!",
            Rating::Good => "!",
            Rating::Brilliant => "!!",
            Rating::Interesting => "!?",
            Rating::Forced => "◇",
        }
    }

    /// What the rating says of the move, in words (an editor's hover shows it).
    ///
    /// ```
    /// use ctl_an::syntax::Rating;
    /// assert_eq!(Rating::Dubious.meaning(), "dubious move");
    /// ```
    pub const fn meaning(self) -> &'static str {
        match self {
            Rating::Good => "good move",
            Rating::Mistake => "poor move",
            Rating::Brilliant => "brilliant move",
            Rating::Blunder => "blunder",
            Rating::Interesting => "interesting move",
            Rating::Dubious => "dubious move",
            Rating::Forced => "forced move, the only one",
        }
    }

    /// The equivalent NAG number.
    pub const fn nag(self) -> u32 {
        match self {
            Rating::Good => 1,
            Rating::Mistake => 2,
            Rating::Brilliant => 3,
            Rating::Blunder => 4,
            Rating::Interesting => 5,
            Rating::Dubious => 6,
            Rating::Forced => 7,
        }
    }

    /// The rating a NAG number stands for (`$6` is `?!`).
    ///
    /// ```
    /// use ctl_an::syntax::Rating;
    /// assert_eq!(Rating::from_nag(6), Some(Rating::Dubious));
    /// assert_eq!(Rating::from_nag(14), None);
    /// ```
    pub fn from_nag(nag: u32) -> Option<Rating> {
        Rating::ALL.into_iter().find(|r| r.nag() == nag)
    }

    /// The rating spelled at the start of `text` (the longest: `?!` before `?`), and its length
    /// in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::Rating;
    /// assert_eq!(Rating::read_prefix(b"?! $14"), Ok((Rating::Dubious, 2)));
    /// assert_eq!(Rating::read_prefix("◇:".as_bytes()), Ok((Rating::Forced, 3)));
    /// assert!(Rating::read_prefix(b"$14").is_err());
    /// ```
    #[inline]
    pub fn read_prefix(text: &[u8]) -> Result<(Rating, usize), UnknownSpelling> {
        Rating::read_word(word_at(text, 0)).ok_or(Rating::UNKNOWN)
    }

    /// The rating that `word` (the next eight bytes, little-endian, zeros past the end) starts
    /// with, and its length: the one- or two-byte ratings are looked up by their two bytes.
    #[inline(always)]
    pub(crate) fn read_word(word: u64) -> Option<(Rating, usize)> {
        const FORCED: &[u8] = Rating::Forced.as_str().as_bytes();
        let forced = FORCED.iter().rev().fold(0, |w, &b| w << 8 | u32::from(b));
        if (word as u32) & 0x00ff_ffff == forced {
            return Some((Rating::Forced, FORCED.len()));
        }
        let class = |b: u8| usize::from(b == b'?') | usize::from(b == b'!') << 1;
        RATINGS[class(word as u8) << 2 | class((word >> 8) as u8)]
    }
}

/// The ratings by the class of their first two bytes (0 another byte, 1 `?`, 2 `!`), the first
/// times four plus the second; built from the spellings.
const RATINGS: [Option<(Rating, usize)>; 12] = {
    const fn class(b: u8) -> usize {
        (b == b'?') as usize | ((b == b'!') as usize) << 1
    }
    let mut table = [None; 12];
    let mut i = 0;
    while i < Rating::ALL.len() {
        let text = Rating::ALL[i].as_str().as_bytes();
        if class(text[0]) != 0 {
            let second = if text.len() > 1 { class(text[1]) } else { 0 };
            table[class(text[0]) << 2 | second] = Some((Rating::ALL[i], text.len()));
        }
        i += 1;
    }
    table
};

spelled!(Rating);

/// A game indicator written after a move: a draw offer, or the mark of the game's last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameIndicator {
    /// `(=)`: a draw offer.
    DrawOffer,
    /// `:`: the last move of the game (an end or an interruption).
    End,
}

impl GameIndicator {
    /// Both indicators, in the order they are written.
    pub const ALL: [GameIndicator; 2] = [GameIndicator::DrawOffer, GameIndicator::End];

    /// The text of the indicator: `(=)` or `:`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameIndicator::DrawOffer => "(=)",
            GameIndicator::End => ":",
        }
    }

    /// The indicator spelled at the start of `text`, and its length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::GameIndicator;
    /// assert_eq!(GameIndicator::read_prefix(b"(=):"), Ok((GameIndicator::DrawOffer, 3)));
    /// assert!(GameIndicator::read_prefix(b"(1").is_err());
    /// ```
    #[inline]
    pub fn read_prefix(text: &[u8]) -> Result<(GameIndicator, usize), UnknownSpelling> {
        GameIndicator::ALL
            .into_iter()
            .find_map(|g| {
                let spelling = g.as_str().as_bytes();
                text.starts_with(spelling).then_some((g, spelling.len()))
            })
            .ok_or(GameIndicator::UNKNOWN)
    }

    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("game indicator");
}

spelled!(GameIndicator);

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of ratings reads the longest spelling the text starts with, after every
    /// three bytes that matter.
    #[test]
    fn ratings_read_the_longest_spelling() {
        let bytes = [b'?', b'!', b'$', b' ', b':', 0, 0xe2, 0x97, 0x87, b'(', b'a'];
        let mut read = 0;
        for &a in &bytes {
            for &b in &bytes {
                for &c in &bytes {
                    let text = [a, b, c, b' '];
                    let longest = Rating::ALL
                        .into_iter()
                        .map(|r| (r, r.as_str().len()))
                        .filter(|&(r, len)| text.starts_with(r.as_str().as_bytes()) && len > 0)
                        .max_by_key(|&(_, len)| len);
                    assert_eq!(Rating::read_prefix(&text).ok(), longest, "{text:?}");
                    read += usize::from(longest.is_some());
                }
            }
        }
        assert!(read > 200, "only {read} ratings read");
    }
}
