//! Writing games canonically (docs/FORMAT.md), as `cescacs fmt`, `filter` and `convert` write
//! them: a text read chunk by chunk ([`crate::read::chunks`]), the games of each chunk that a
//! selection takes transformed (another letter table, the pre-filter, or nothing) and written
//! in the canonical layout, one blank line between games ([`Rewrite`]); [`format()`] is the whole
//! text at once.
//!
//! A text with errors of its encoding or syntax, or prose around its games (`W0001`), is never
//! rewritten: the tree of such a text may not hold everything the text says. That is known
//! only at the chunk that has them: what was written before is to be thrown away (the CLI
//! writes to a spool first), and the rest is still read for its diagnostics.

use std::io::{self, Read, Write};
use std::ops::Range;

use cescacs_diagnostics::Diagnostic;
use ctl_an::Limits;
use ctl_an::syntax::{File, Record};
use ctl_pgn::convert::Converted;
use ctl_pgn::render::{DEFAULT_MAX_DIAGNOSTICS, ErrorCap, JsonDiagnostic};
use ctl_pgn::write::{WriteOptions, write_game};

use crate::read::{JsonOptions, ReadChunk, chunks};
use crate::select::{Every, Select};

/// The value of `game`'s first tag named `name` (the name in any case).
///
/// ```
/// let file = ctl_an::parse_file("[Variant \"C'escacs\"] [White \"Puig\"] 1. E7-E13: *").file;
/// assert_eq!(cescacs_toolkit::format::tag_value(&file.games[0], "white"), Some("Puig"));
/// ```
pub fn tag_value<'g>(game: &'g Record, name: &str) -> Option<&'g str> {
    game.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name)).map(|t| t.value.as_str())
}

/// How to rewrite the games of a text: within `limits`, written with `write`, each chunk's
/// games taken by the selection transformed by `transform` first.
pub struct Rewrite<T> {
    /// The bounds on one item of the text.
    pub limits: Limits,
    /// The writer's options (`--ascii`).
    pub write: WriteOptions,
    /// What is done to the games of a chunk before they are written; its diagnostics (spans
    /// into the chunk's text) are reported, its errors counted.
    pub transform: T,
}

/// What [`Rewrite::run`] made of a text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rewritten {
    /// The text has errors of its encoding or syntax, or prose around its games (reported):
    /// what was written must be thrown away.
    pub broken: bool,
    /// Whether the text written differs from the text read.
    pub differs: bool,
    /// Errors reported by the transformation (parts left as written).
    pub errors: usize,
    /// The text had CR line ends (CRLF or lone CR), which the text written does not.
    pub crlf: bool,
    /// The text started with a byte-order mark, which the text written does not.
    pub bom: bool,
    /// The games written, in order.
    pub games: Vec<WrittenGame>,
}

/// One game written by [`Rewrite::run`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenGame {
    /// Its number in its text (from 1).
    pub number: usize,
    /// Its bytes in the output (without the blank line before it).
    pub range: Range<u64>,
    /// Its players, `White-Black` as its tags give them (`?` for a missing one): what names
    /// the file of `filter --split`.
    pub players: String,
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

impl<T: Fn(File) -> Converted> Rewrite<T> {
    /// Reads `input` chunk by chunk, reports what keeps a chunk from being written and what the
    /// transformation says (`report`: the chunk and diagnostics in chunk offsets), and writes
    /// the games that `select` takes, transformed, in the canonical layout to `out`. After a
    /// broken chunk nothing more is written, but the rest is still read and reported.
    pub fn run(
        &self,
        input: impl Read,
        select: &mut impl Select,
        out: &mut impl Write,
        mut report: impl FnMut(&ReadChunk, &[Diagnostic]),
    ) -> io::Result<Rewritten> {
        let (mut same, mut games) = (Same::default(), 0usize);
        let mut done = Rewritten::default();
        let mut at = 0u64;
        for chunk in chunks(input, self.limits) {
            let chunk = chunk?;
            let unwritable = chunk.unwritable();
            if !unwritable.is_empty() {
                done.broken = true;
                report(&chunk, &unwritable);
            }
            if done.broken {
                continue;
            }
            // The chunk is UTF-8 (invalid bytes are an error): its text as shown is its bytes.
            let bytes = chunk.decoded.shown().as_bytes();
            same.left(bytes);
            done.crlf |= bytes.contains(&b'\r');
            done.bom |= chunk.start.offset == 0 && bytes.starts_with(BOM);
            let text = &chunk.decoded.text;
            let chosen: Vec<(usize, Record)> = chunk
                .games()
                .filter(|(n, g)| select.choose(*n, &g.game, text))
                .map(|(n, g)| (n, g.game.clone()))
                .collect();
            let numbers: Vec<usize> = chosen.iter().map(|(n, _)| *n).collect();
            let converted =
                (self.transform)(File { games: chosen.into_iter().map(|(_, g)| g).collect() });
            report(&chunk, &converted.diagnostics);
            done.errors += converted.diagnostics.iter().filter(|d| d.is_error()).count();
            for (game, number) in converted.file.games.iter().zip(numbers) {
                if games > 0 {
                    same.right(b"\n");
                    out.write_all(b"\n")?;
                    at += 1;
                }
                let text = write_game(game, self.write);
                games += 1;
                same.right(text.as_bytes());
                out.write_all(text.as_bytes())?;
                let players =
                    ["White", "Black"].map(|t| tag_value(game, t).unwrap_or("?")).join("-");
                let range = at..at + text.len() as u64;
                at = range.end;
                done.games.push(WrittenGame { number, range, players });
            }
        }
        done.differs = same.differ();
        Ok(done)
    }
}

/// Whether two byte streams, given a part at a time (not in the same parts), are the same:
/// what `fmt` uses to know whether its output differs from the input, holding no more than
/// the part of one stream ahead of the other.
#[derive(Debug, Default)]
pub struct Same {
    left: Vec<u8>,
    right: Vec<u8>,
    differs: bool,
}

impl Same {
    /// More of the first stream.
    pub fn left(&mut self, bytes: &[u8]) {
        if !self.differs {
            self.left.extend_from_slice(bytes);
            self.settle();
        }
    }

    /// More of the second stream.
    pub fn right(&mut self, bytes: &[u8]) {
        if !self.differs {
            self.right.extend_from_slice(bytes);
            self.settle();
        }
    }

    fn settle(&mut self) {
        let common = self.left.len().min(self.right.len());
        if self.left[..common] != self.right[..common] {
            self.differs = true;
            (self.left, self.right) = (Vec::new(), Vec::new());
            return;
        }
        self.left.drain(..common);
        self.right.drain(..common);
    }

    /// Whether the two streams, now ended, differ.
    pub fn differ(&self) -> bool {
        self.differs || !self.left.is_empty() || !self.right.is_empty()
    }
}

/// How [`format()`] writes, and gives the diagnostics of a text it refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatOptions {
    /// The writer's options (`--ascii`).
    pub write: WriteOptions,
    /// Diagnostics given of a text that is not formatted (0: all), as `cescacs fmt
    /// --max-errors`: 100 by default.
    pub max_errors: usize,
    /// Their URI and columns.
    pub json: JsonOptions,
}

impl Default for FormatOptions {
    fn default() -> FormatOptions {
        FormatOptions {
            write: WriteOptions::default(),
            max_errors: DEFAULT_MAX_DIAGNOSTICS,
            json: JsonOptions::default(),
        }
    }
}

/// Why [`format()`] did not format a text: the errors of its encoding or syntax, or prose around
/// its games (`W0001`), within the cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unformattable {
    /// What keeps it from being rewritten, each an entry of `cescacs check --format json`.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// The canonical text of a text (read game by game from any reader), as `cescacs fmt --stdout`
/// prints it; or, as `cescacs fmt` refuses it, what keeps it from being rewritten.
///
/// ```
/// use cescacs_toolkit::format::{FormatOptions, format};
/// let text = "[Variant \"C'escacs\"]\n1. E7‐E13, E21-E15: *\n";
/// let canonical = format(text.as_bytes(), &FormatOptions::default())?.unwrap();
/// assert_eq!(canonical, "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15 :\n*\n");
/// let prose = format!("{text}This line is no game at all.\n{text}");
/// let refused = format(prose.as_bytes(), &FormatOptions::default())?.unwrap_err();
/// assert_eq!(refused.diagnostics[0].code, "W0001");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn format(
    input: impl Read,
    options: &FormatOptions,
) -> io::Result<Result<String, Unformattable>> {
    let rewrite = Rewrite {
        limits: Limits::DEFAULT,
        write: options.write,
        transform: |file| Converted { file, diagnostics: Vec::new() },
    };
    let mut cap = ErrorCap::new(options.max_errors);
    let (mut out, mut refused) = (Vec::new(), Vec::new());
    let done = rewrite.run(input, &mut Every, &mut out, |chunk, diagnostics| {
        let shown: Vec<Diagnostic> =
            diagnostics.iter().filter(|d| cap.admit(d.severity)).cloned().collect();
        refused.extend(chunk.json(&shown, &options.json));
    })?;
    Ok(if done.broken {
        Err(Unformattable { diagnostics: refused })
    } else {
        // The writer writes text.
        Ok(String::from_utf8(out).unwrap_or_default())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_compares_streams_cut_anywhere() {
        let a = b"[Variant \"C'escacs\"]\n\n1. E7-E13 :\n*\n";
        for cut in 0..=a.len() {
            for other in 0..=a.len() {
                let mut same = Same::default();
                same.left(&a[..cut]);
                same.right(&a[..other]);
                same.left(&a[cut..]);
                same.right(&a[other..]);
                assert!(!same.differ(), "{cut} {other}");
            }
        }
        let mut same = Same::default();
        same.left(b"abc");
        same.right(b"ab");
        assert!(same.differ(), "one is longer");
        let mut same = Same::default();
        same.left(b"ab");
        same.right(b"ax");
        same.right(b"");
        assert!(same.differ());
    }
}
