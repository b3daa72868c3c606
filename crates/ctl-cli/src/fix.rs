//! `cescacs check --fix`: every machine-applicable fix the diagnostics carry, applied to the
//! text, pass after pass until no fix is left (a fix can uncover another: a capture marked
//! makes the next move's check mark checkable), as ruff applies its fixes.

use cescacs_board::Diagnostic;
use ctl_pgn::Check;
use ctl_pgn::decode::decode;
use ctl_pgn::validate::Level;

use crate::code_filter::CodeFilter;

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

/// Applies the fixes of the diagnostics `codes` keeps, found at `level`, to `text` (the file's
/// text as it is: a byte-order mark stays, since decoding keeps every offset).
pub fn fix(text: &str, level: Level, codes: &CodeFilter) -> Fixed {
    let mut now = text.to_string();
    let mut fixed = 0;
    for _ in 0..MAX_PASSES {
        let found = Check::new(level).text(&decode(now.clone().into_bytes()).text).diagnostics;
        let fixable: Vec<&Diagnostic> =
            found.iter().filter(|d| !d.fixes.is_empty() && codes.keeps(d.code)).collect();
        let fixes = ctl_pgn::fixes::compatible(fixable.iter().copied());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A White Rook on F4 facing a Black Rook on F8.
    const V: &str =
        "[Variant \"C'escacs\"]\n[PDTL \"/14:3k3/12:3N3/8:3r3/4:2R2/1:1K/ w -- - 0 1\"]\n";

    fn all() -> CodeFilter {
        CodeFilter::default()
    }

    #[test]
    fn every_fix_is_applied_and_the_result_checks_clean() {
        // `x` for `×` (E0206) and a missing final `:` (W0203).
        let text = format!("{V}1. RF4xRF8\n");
        let done = fix(&text, Level::Rules, &all());
        assert_eq!(done.text, format!("{V}1. RF4×RF8:\n"));
        assert_eq!(done.fixed, 2);
        // A capture written with `-` (E0405), and a result line.
        let text = format!("{V}1. RF4-F8: *\n");
        let done = fix(&text, Level::Rules, &all());
        assert_eq!(done.text, format!("{V}1. RF4×RF8: *\n"));
        assert_eq!(done.fixed, 1);
        assert!(Check::new(Level::Rules).text(&done.text).diagnostics.is_empty());
    }

    #[test]
    fn only_the_codes_kept_are_fixed() {
        let text = format!("{V}1. RF4xRF8\n");
        let only_capture_marks = CodeFilter { select: vec!["E0206".into()], ignore: vec![] };
        let done = fix(&text, Level::Rules, &only_capture_marks);
        assert_eq!(done.text, format!("{V}1. RF4×RF8\n"));
        assert_eq!(done.fixed, 1);
    }

    #[test]
    fn a_text_without_fixes_is_returned_as_it_is() {
        let text = format!("{V}1. RF4×RF8: *\n");
        assert_eq!(fix(&text, Level::Rules, &all()), Fixed { text, fixed: 0 });
        // An error without a fix (an illegal move) stays.
        let text = format!("{V}1. RF4-A0: *\n");
        assert_eq!(fix(&text, Level::Rules, &all()).fixed, 0);
    }

    #[test]
    fn a_byte_order_mark_is_kept() {
        let text = format!("\u{feff}{V}1. RF4xRF8: *\n");
        let done = fix(&text, Level::Rules, &all());
        assert_eq!(done.text, format!("\u{feff}{V}1. RF4×RF8: *\n"));
    }
}
