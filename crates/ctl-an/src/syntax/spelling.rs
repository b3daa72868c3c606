//! What every vocabulary type shares: the error of a text that spells none of its values, and
//! `Display` and `FromStr` derived from its `as_str` and `read_prefix`.

use core::fmt;

/// A text that spells no value of a notation type (a rating, a check mark, a separator, a game
/// indicator, a result, a castling, a promotion, a square, a move...): the error of their
/// `read_prefix` and `FromStr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownSpelling {
    /// What was expected: `rating`, `check mark`...
    pub expected: &'static str,
}

impl UnknownSpelling {
    /// The error of a reader that expected `expected`.
    pub(crate) const fn new(expected: &'static str) -> UnknownSpelling {
        UnknownSpelling { expected }
    }
}

impl fmt::Display for UnknownSpelling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {}", self.expected)
    }
}

impl std::error::Error for UnknownSpelling {}

/// `FromStr` of a notation type from its `read_prefix`, which must take the whole text: the
/// one reader of its spellings.
macro_rules! read_whole {
    ($type:ident) => {
        impl core::str::FromStr for $type {
            type Err = $crate::syntax::spelling::UnknownSpelling;

            /// Reads exactly one spelling of the value: [`Self::read_prefix`] taking the whole
            /// text.
            fn from_str(s: &str) -> Result<$type, $crate::syntax::spelling::UnknownSpelling> {
                let (value, len) = $type::read_prefix(s.as_bytes())?;
                if len == s.len() { Ok(value) } else { Err($type::UNKNOWN) }
            }
        }
    };
}

/// `Display` (the type's `as_str`) and `FromStr` (its `read_prefix`, which must take the whole
/// text) of a vocabulary type with one spelling per value: the one place each spelling is
/// printed and read.
macro_rules! spelled {
    ($type:ident) => {
        impl core::fmt::Display for $type {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        $crate::syntax::spelling::read_whole!($type);
    };
}

pub(crate) use {read_whole, spelled};
