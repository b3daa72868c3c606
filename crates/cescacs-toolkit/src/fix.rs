//! The machine-applicable fixes of the diagnostics: the fixes of one check that can be applied
//! together ([`compatible`]: an editor's "fix all"), fixes chosen by a caller applied to a text
//! ([`apply`]), and `cescacs check --fix`, every fix applied pass after pass until none is
//! left ([`fix`]: a fix can uncover another, as a capture marked makes the next move's check
//! mark checkable), as ruff applies its fixes.

use cescacs_diagnostics::{Diagnostic, Fix};
use ctl_pgn::decode::decode;
use ctl_pgn::{Check, Level};

pub use ctl_pgn::fixes::compatible;

/// At most this many passes over one text: fixes never undo each other, but a bound keeps a
/// hostile file from looping.
const MAX_PASSES: usize = 16;

/// A text with its fixes applied, and how many diagnostics the fixes took away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    /// The text fixed (the text given when nothing applied).
    pub text: String,
    /// Diagnostics fixed, over every pass.
    pub fixed: usize,
}

/// Applies the fixes of the diagnostics whose code `keep` keeps, found at `level`, to `text`
/// (a file's text as it is: a byte-order mark stays, since decoding keeps every offset).
///
/// ```
/// use ctl_pgn::Level;
/// let text = "[Variant \"C'escacs\"]\n1. E7xE13, E21-E15\n";
/// let done = cescacs_toolkit::fix::fix(text, Level::Rules, |_| true);
/// assert_eq!(done.text, "[Variant \"C'escacs\"]\n1. E7×E13, E21-E15:\n");
/// assert_eq!(done.fixed, 2);
/// ```
pub fn fix(text: &str, level: Level, keep: impl Fn(&str) -> bool) -> Fixed {
    let mut now = text.to_string();
    let mut fixed = 0;
    for _ in 0..MAX_PASSES {
        let found = Check::new(level).text(&decode(now.clone().into_bytes()).text).diagnostics;
        let fixable: Vec<&Diagnostic> =
            found.iter().filter(|d| !d.fixes.is_empty() && keep(d.code)).collect();
        let fixes = compatible(fixable.iter().copied());
        let next = ctl_pgn::fixes::apply(&now, &fixes);
        if next == now {
            break;
        }
        // A diagnostic is fixed when all its fixes were taken (two diagnostics may share one).
        fixed += fixable.iter().filter(|d| d.fixes.iter().all(|f| fixes.contains(f))).count();
        now = next;
    }
    Fixed { text: now, fixed }
}

/// `text` with `fixes` applied (each a span of UTF-8 byte offsets, as in a diagnostic's
/// `data.fixes`, replaced by its text), in the order of their places. A fix that overlaps one
/// taken before it, or does not fit the text, is left out (as `cescacs check --fix` does in
/// one pass).
///
/// ```
/// use cescacs_diagnostics::{Fix, Span};
/// let fixes = [
///     Fix { span: Span::new(9, 9), replacement: ":".into() },
///     Fix { span: Span::new(5, 6), replacement: "×".into() },
///     Fix { span: Span::new(1 << 30, 1 << 30), replacement: "!".into() },
/// ];
/// assert_eq!(cescacs_toolkit::fix::apply("1. E7xE13", fixes.to_vec()), "1. E7×E13:");
/// ```
pub fn apply(text: &str, mut fixes: Vec<Fix>) -> String {
    fixes.sort_by_key(|f| (f.span.start, f.span.end));
    ctl_pgn::fixes::apply(text, &fixes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A White Rook on F4 facing a Black Rook on F8.
    const V: &str =
        "[Variant \"C'escacs\"]\n[PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n";

    fn all(_: &str) -> bool {
        true
    }

    #[test]
    fn every_fix_is_applied_and_the_result_checks_clean() {
        // `x` for `×` (E0206) and a missing final `:` (W0203).
        let text = format!("{V}1. RF4xRF8\n");
        let done = fix(&text, Level::Rules, all);
        assert_eq!(done.text, format!("{V}1. RF4×RF8:\n"));
        assert_eq!(done.fixed, 2);
        // A capture written with `-` (E0405), and a result line.
        let text = format!("{V}1. RF4-F8: *\n");
        let done = fix(&text, Level::Rules, all);
        assert_eq!(done.text, format!("{V}1. RF4×RF8: *\n"));
        assert_eq!(done.fixed, 1);
        assert!(Check::new(Level::Rules).text(&done.text).diagnostics.is_empty());
    }

    #[test]
    fn only_the_codes_kept_are_fixed() {
        let text = format!("{V}1. RF4xRF8\n");
        let done = fix(&text, Level::Rules, |code| code == "E0206");
        assert_eq!(done.text, format!("{V}1. RF4×RF8\n"));
        assert_eq!(done.fixed, 1);
    }

    #[test]
    fn a_text_without_fixes_is_returned_as_it_is() {
        let text = format!("{V}1. RF4×RF8: *\n");
        assert_eq!(fix(&text, Level::Rules, all), Fixed { text, fixed: 0 });
        // An error without a fix (an illegal move) stays.
        let text = format!("{V}1. RF4-A0: *\n");
        assert_eq!(fix(&text, Level::Rules, all).fixed, 0);
    }

    #[test]
    fn a_byte_order_mark_is_kept() {
        let text = format!("\u{feff}{V}1. RF4xRF8: *\n");
        let done = fix(&text, Level::Rules, all);
        assert_eq!(done.text, format!("\u{feff}{V}1. RF4×RF8: *\n"));
    }
}
