//! The spec's pre-filter for minimal readers ("Minimal reader, and filters").
//!
//! A minimal reader reads moves only: no comments, no variations, no alternative letters. The
//! spec's pre-filter makes any file readable by one, "removing also comments, variations and even
//! ratings, leaving a clean input, with only the rest of the labels". This filter:
//! - removes every comment (opening, after moves, closing) and every variation (with its label);
//! - removes move ratings (`?!`, `!!`, `◇`…) and NAGs (`$14`);
//! - keeps what the moves say about the game: check marks, `#`, the draw offer `(=)`, the final
//!   `:` and the result line;
//! - converts the piece letters to the standard ones (moves and the `PDTL` value) and removes the
//!   `[Redefine]` tag; every other tag stays, in its order.
//!
//! [`strip_decorations`] is the same removal without taking the variations: the whole move tree,
//! written bare (`cargo xtask bench-report` measures the rich games against it).

use ctl_an::syntax::{File, Movetext, Pair, Ply};

use crate::convert::{Converted, convert};
use cescacs_board::Letters;

/// Filters a file for a minimal reader (see the module documentation).
///
/// ```
/// let text = "[Variant \"C'escacs\"] [Redefine \"B@J\"] {opening} 1. BF6-C15 ?! $14, E21-E15 {@B: x} \
///             (1. …, F20-F16) 2. F8-F12 (=): 1-1 {closing}";
/// let out = ctl_pgn::filter::filter(&ctl_an::parse_file(text).file);
/// assert!(out.diagnostics.is_empty());
/// assert_eq!(
///     ctl_pgn::write::write_file(&out.file, Default::default()),
///     "[Variant \"C'escacs\"]\n\n1. JF6-C15, E21-E15\n2. F8-F12 (=):\n1-1\n"
/// );
/// ```
pub fn filter(file: &File) -> Converted {
    let mut plain = file.clone();
    for game in &mut plain.games {
        strip(&mut game.movetext);
    }
    convert(&plain, &Letters::standard())
}

/// Removes comments, variations, ratings and NAGs from a movetext.
///
/// ```
/// let (mut mt, _) = ctl_an::parse_movetext("1. E7-E13 !, E21-E15 {x} (1. F8-F12) 2. F8-F12: *");
/// ctl_pgn::filter::strip(&mut mt);
/// assert_eq!(ctl_pgn::write::write_movetext(&mt), "1. E7-E13, E21-E15\n2. F8-F12 :\n*\n");
/// ```
pub fn strip(movetext: &mut Movetext) {
    for pair in &mut movetext.pairs {
        pair.variations.clear();
    }
    strip_decorations(movetext);
}

/// Removes what decorates the moves of a movetext: comments, ratings and NAGs, in the main line
/// and in every variation, and the variations' labels (only comments name them). The move tree
/// stays: every variation and every move, with its check mark, draw offer and final `:`.
///
/// ```
/// let text = "1. E7-E13 ?! $14, E21-E15 {@B: x} ($[1] 1. …, F20-F16 !! {y} (1. …, F20-F17)) \
///             2. F8-F12: *";
/// let (mut mt, _) = ctl_an::parse_movetext(text);
/// ctl_pgn::filter::strip_decorations(&mut mt);
/// assert_eq!(
///     ctl_pgn::write::write_movetext(&mt),
///     "1. E7-E13, E21-E15\n(1. …, F20-F16\n.(1. …, F20-F17)\n)\n2. F8-F12 :\n*\n"
/// );
/// ```
pub fn strip_decorations(movetext: &mut Movetext) {
    movetext.comments.clear();
    movetext.closing_comments.clear();
    strip_pairs(&mut movetext.pairs);
}

fn strip_pairs(pairs: &mut [Pair]) {
    for pair in pairs {
        pair.comments.clear();
        for ply in core::iter::once(&mut pair.white).chain(pair.black.as_mut()) {
            if let Ply::Move(m) = ply {
                m.rating = None;
                m.nags.clear();
            }
        }
        for variation in &mut pair.variations {
            variation.label = None;
            variation.comments.clear();
            strip_pairs(&mut variation.pairs);
        }
    }
}
