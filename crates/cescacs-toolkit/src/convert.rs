//! Another letter table for the games of a text (`cescacs convert --letters`): the moves, the
//! `~X` references of comments and the PDTL value rewritten, the `Redefine` tag added, changed
//! or removed. [`crate::format::Rewrite`] writes the games so converted.

use std::str::FromStr;

use cescacs_board::Letters;
use ctl_an::syntax::File;
use ctl_pgn::convert::{Converted, convert};

/// The letter table a name gives: `standard`, `fan` (or `FAN`), or a `Redefine` value such as
/// `B@J, Q@D, W@V`; what every command that takes `--letters` reads.
///
/// ```
/// use cescacs_toolkit::convert::letters;
/// assert!(letters("fan")?.is_fan());
/// assert_eq!(letters("B@J, Q@D")?.redefine_value().as_deref(), Some("B@J, Q@D"));
/// assert!(letters("B@").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn letters(spec: &str) -> Result<Letters, String> {
    match spec {
        "standard" => Ok(Letters::standard()),
        "fan" | "FAN" => Ok(Letters::fan()),
        value => Letters::from_redefine(value).map_err(|e| e.to_string()),
    }
}

/// The letters to convert to, and how they were written: a `Redefine` value is written as the
/// user gave it (its items in their order, one space after each comma).
#[derive(Debug, Clone)]
pub struct LetterSpec {
    /// The letter table.
    pub letters: Letters,
    /// The name or value as given.
    pub written: String,
}

impl FromStr for LetterSpec {
    type Err = String;

    fn from_str(spec: &str) -> Result<LetterSpec, String> {
        Ok(LetterSpec { letters: letters(spec)?, written: spec.to_string() })
    }
}

impl LetterSpec {
    /// The `Redefine` value as the user wrote it, with the value the converter writes for the
    /// same letters (their canonical order): `None` for `standard`, `fan` and a value written
    /// canonically.
    fn redefine_as_given(&self) -> Option<(String, String)> {
        let canonical = self.letters.redefine_value()?;
        let given = self.written.split(',').map(str::trim).collect::<Vec<_>>().join(", ");
        (given != canonical && !self.letters.is_fan()).then_some((canonical, given))
    }

    /// The games of `file` converted to these letters.
    ///
    /// ```
    /// use cescacs_toolkit::convert::LetterSpec;
    /// let file = ctl_an::parse_file("[Variant \"C'escacs\"] 1. NE3-C7: *").file;
    /// let spec: LetterSpec = "Q@D,B@J".parse().unwrap();
    /// let converted = spec.convert(file);
    /// assert_eq!(converted.file.games[0].tags[1].value, "Q@D, B@J");
    /// ```
    pub fn convert(&self, file: File) -> Converted {
        let mut converted = convert(&file, &self.letters);
        if let Some((canonical, given)) = &self.redefine_as_given() {
            for tag in converted.file.games.iter_mut().flat_map(|g| g.tags.iter_mut()) {
                if tag.name == "Redefine" && tag.value == *canonical {
                    tag.value.clone_from(given);
                }
            }
        }
        converted
    }
}
