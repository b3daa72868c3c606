//! A game's text: its tags and its movetext from the pairs played.

use std::fmt::Write as _;

use cescacs_board::{Colour, Piece, PieceKind, Position};

use crate::rich::Rich;
use crate::rng::Rng;
use crate::style::Style;

/// One move as written: its text plus rating and draw offer.
pub(crate) struct Written {
    pub(crate) text: String,
    pub(crate) suffix: String,
}

/// A move pair, with what follows it (comments, a variation).
pub(crate) struct Pair {
    pub(crate) number: String,
    pub(crate) white: Option<Written>,
    pub(crate) black: Option<Written>,
    pub(crate) after: Vec<String>,
}

/// The tags' facts of one game.
pub(crate) struct Head<'a> {
    pub(crate) seed: u64,
    pub(crate) index: usize,
    pub(crate) start: &'a Position,
    pub(crate) from_pdtl: bool,
    pub(crate) result: &'a str,
}

/// The game's text: its tags (the date and round drawn from `rng`), then its `pairs` with what
/// follows each, one per line or all on one line as `style` says, and its result, with the
/// decorations of `rich`; `last_number` is the last pair's number, which a closing comment names.
pub(crate) fn render(
    rng: &mut Rng,
    rich: &mut Rich,
    style: &Style,
    head: &Head<'_>,
    pairs: &[Pair],
    last_number: u32,
) -> String {
    let (seed, index, result) = (head.seed, head.index, head.result);
    let mut s = String::new();
    let _ = writeln!(s, "[Variant \"C'escacs\"]");
    let _ = writeln!(s, "[Event \"Random game {seed}/{index}\"]");
    let _ = writeln!(s, "[Site \"cargo xtask gen\"]");
    let _ = writeln!(
        s,
        "[Date \"20{:02}-{:02}-{:02}\"]",
        20 + rng.below(6),
        1 + rng.below(12),
        1 + rng.below(28)
    );
    let _ = writeln!(s, "[Round \"{}\"]", 1 + rng.below(9));
    let _ = writeln!(s, "[White \"Random, White\"]");
    let _ = writeln!(s, "[Black \"Random, Black\"]");
    let _ = writeln!(s, "[Result \"{result}\"]");
    if rich.features.escapes && rich.rng.chance(25) {
        let _ = writeln!(s, "[Annotator \"cargo xtask gen \\\"--rich\\\" \\\\ seed {seed}\"]");
    }
    if let Some(value) = rich.letters.redefine_value() {
        let _ = writeln!(s, "[Redefine \"{value}\"]");
    }
    if head.from_pdtl {
        let _ = writeln!(s, "[PDTL \"{}\"]", pdtl::write(head.start, &rich.letters));
    }
    s.push('\n');
    let sep = if style.one_line { " " } else { "\n" };
    let last = pairs.len().saturating_sub(1);
    let mut parts: Vec<String> = Vec::new();
    if rich.features.comments && !pairs.is_empty() && rich.rng.chance(30) {
        parts.push("{ A random game: @W against @B }".to_string());
    }
    for (i, pair) in pairs.iter().enumerate() {
        let end = |w: &Written, is_last: bool| {
            let mut t = format!("{}{}", w.text, w.suffix);
            if is_last && !w.text.ends_with('#') {
                // The final `:` replaces a draw offer that would leave the game open.
                t = format!("{}{}:", w.text, w.suffix.trim_end_matches("(=)").trim_end());
            }
            t
        };
        let is_last = i == last;
        let line = match (&pair.white, &pair.black) {
            (Some(w), Some(b)) => format!("{} {}, {}", pair.number, end(w, false), end(b, is_last)),
            (Some(w), None) => format!("{} {}", pair.number, end(w, is_last)),
            (None, Some(b)) => format!("{} {}, {}", pair.number, style.ellipsis, end(b, is_last)),
            (None, None) => continue,
        };
        parts.push(line);
        if !is_last {
            parts.extend(pair.after.iter().cloned());
        }
    }
    s.push_str(&parts.join(sep));
    let result = if rich.features.hyphen && rich.rng.chance(50) {
        result.replace('-', "\u{2010}")
    } else {
        result.to_string()
    };
    if !pairs.is_empty() {
        s.push_str(sep);
    }
    s.push_str(&result);
    if rich.features.comments && !pairs.is_empty() && rich.rng.chance(30) {
        let king = |colour| rich.piece_letter(Piece::new(colour, PieceKind::King));
        let (white, black) = (king(Colour::White), king(Colour::Black));
        let _ = write!(s, "\n{{ over after #{last_number}; ~{white} and ~{black} }}");
    }
    s.push('\n');
    s
}
