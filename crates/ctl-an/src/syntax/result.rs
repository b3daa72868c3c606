//! The result line: `3-0`, `2-1`, `0-3`, `1-2`, `1-1`, `*`.

use cescacs_board::notation;

use super::separator::Separator;
use super::spelling::{UnknownSpelling, spelled};

/// The result line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `3-0`
    WhiteWins,
    /// `2-1`: White stalemates Black.
    WhiteStalemates,
    /// `0-3`
    BlackWins,
    /// `1-2`: Black stalemates White.
    BlackStalemates,
    /// `1-1`
    Draw,
    /// `*`: unfinished.
    Unfinished,
}

impl GameResult {
    /// The text of the result (`3-0`, `*`).
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => notation::WHITE_MATES,
            GameResult::WhiteStalemates => notation::WHITE_STALEMATES,
            GameResult::BlackWins => notation::BLACK_MATES,
            GameResult::BlackStalemates => notation::BLACK_STALEMATES,
            GameResult::Draw => notation::DRAW,
            GameResult::Unfinished => "*",
        }
    }

    /// Every result, in declaration order.
    pub const ALL: [GameResult; 6] = [
        GameResult::WhiteWins,
        GameResult::WhiteStalemates,
        GameResult::BlackWins,
        GameResult::BlackStalemates,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The result written as `3-0`, `1-1`, `*`… (with `-` as the dash).
    ///
    /// ```
    /// use ctl_an::syntax::GameResult;
    /// assert_eq!(GameResult::from_text("2-1"), Some(GameResult::WhiteStalemates));
    /// assert_eq!(GameResult::from_text("1-0"), None);
    /// ```
    pub fn from_text(s: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// What its readers expected.
    pub(crate) const UNKNOWN: UnknownSpelling = UnknownSpelling::new("result");

    /// The result spelled at the start of `text` with any of the accepted dashes (`-`, `‐`, `–`;
    /// the en dash is the caller's to warn about), and its length in bytes.
    ///
    /// ```
    /// use ctl_an::syntax::GameResult;
    /// assert_eq!(GameResult::read_prefix("1‐1\n".as_bytes()), Ok((GameResult::Draw, 5)));
    /// assert_eq!(GameResult::read_prefix(b"*"), Ok((GameResult::Unfinished, 1)));
    /// assert!(GameResult::read_prefix(b"1-0").is_err());
    /// ```
    pub fn read_prefix(text: &[u8]) -> Result<(GameResult, usize), UnknownSpelling> {
        if text.first() == Some(&b'*') {
            return Ok((GameResult::Unfinished, 1));
        }
        let [first, rest @ ..] = text else { return Err(GameResult::UNKNOWN) };
        let (dash, len) = Separator::read_prefix(rest).map_err(|_| GameResult::UNKNOWN)?;
        if !matches!(dash, Separator::Hyphen | Separator::HyphenMinus | Separator::EnDash) {
            return Err(GameResult::UNKNOWN);
        }
        let last = *rest.get(len).ok_or(GameResult::UNKNOWN)?;
        let spelled = [*first, b'-', last];
        let result = core::str::from_utf8(&spelled)
            .ok()
            .and_then(GameResult::from_text)
            .ok_or(GameResult::UNKNOWN)?;
        Ok((result, len + 2))
    }
}

spelled!(GameResult);
