//! Fixes of two diagnostics that touch the same text, made one. The last move of a game
//! without its final `:` (`W0203`, found by the parser) that also lacks its check mark (or has
//! the wrong one: `W0501`-`W0503`, `E0507`, found by the replay) gets two fixes at the same
//! place; applied one after the other they would write `#:` or lose one of them. So both
//! diagnostics carry one combined fix: the mark followed by `:`, or `#` alone, since the mate
//! mark ends the game too (the stronger fix). An editor's "fix all" (which skips a fix that
//! clashes with one it took) then writes the right text whichever it takes first. And the fix
//! that takes a false `#` off the last move writes the `:` that the `#` stood for.

use cescacs_board::codes::{rules, syntax};
use cescacs_board::{Diagnostic, Fix};
use ctl_an::syntax::{CheckMark, GameIndicator, Move};

/// The codes whose fix writes a move's check mark, at the end of the move.
const MARK_FIXES: [&str; 5] = [
    rules::UNMARKED_CHECK,
    rules::WRONG_CHECK_KIND,
    rules::UNMARKED_MATE,
    rules::FALSE_CHECK,
    rules::FALSE_MATE,
];

/// Combines the final-mark fix with a check-mark fix that ends where it inserts `:`.
pub(crate) fn combine(diagnostics: &mut [Diagnostic]) {
    let end = GameIndicator::End.as_str();
    let finals: Vec<(usize, usize)> = diagnostics
        .iter()
        .enumerate()
        .filter_map(|(i, d)| match d.fixes.as_slice() {
            [f] if d.code == syntax::NO_FINAL_MARK && f.span.is_empty() && f.replacement == end => {
                Some((i, f.span.start))
            }
            _ => None,
        })
        .collect();
    for (final_at, at) in finals {
        let mark = diagnostics.iter().position(|d| {
            MARK_FIXES.contains(&d.code) && matches!(d.fixes.as_slice(), [f] if f.span.end == at)
        });
        let Some(mark) = mark else { continue };
        let Fix { span, replacement } = diagnostics[mark].fixes[0].clone();
        let combined = if replacement == CheckMark::Mate.as_str() {
            replacement
        } else {
            format!("{replacement}{end}")
        };
        let fix = Fix { span, replacement: combined };
        diagnostics[mark].fixes = vec![fix.clone()];
        diagnostics[final_at].fixes = vec![fix];
    }
}

/// Whether `d`, about the move `m`, takes away the `#` that ended the game (`E0506`, a `#` on
/// a move that does not mate, written without `:`).
pub(crate) fn takes_the_end(d: &Diagnostic, m: &Move) -> bool {
    let mate = m.check.is_some_and(|c| c.value == CheckMark::Mate);
    d.code == rules::FALSE_MATE && mate && m.end.is_none()
}

/// The fix of such a diagnostic, on the main line's last move, writes the final `:` in place of
/// the `#` (after the check mark the move deserves, if any), so the game still ends there.
pub(crate) fn keep_the_end(d: &mut Diagnostic) {
    for f in &mut d.fixes {
        f.replacement.push_str(GameIndicator::End.as_str());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cescacs_board::Span;

    fn with_fix(code: &'static str, span: Span, new: &str) -> Diagnostic {
        Diagnostic::warning(code, Span::new(0, 20), "m").with_fix(span, new)
    }

    #[test]
    fn a_mate_mark_stands_for_the_final_colon() {
        // `…JF6-L21` mates: no `#`, no final `:`. Both insert at byte 20.
        let at = Span::new(20, 20);
        let mut found = vec![with_fix("W0203", at, ":"), with_fix("W0503", at, "#")];
        combine(&mut found);
        assert_eq!(found[0].fixes[0].replacement, "#");
        assert_eq!(found[0].fixes, found[1].fixes);
    }

    #[test]
    fn a_check_mark_comes_before_the_final_colon() {
        let at = Span::new(20, 20);
        let mut found = vec![
            with_fix("W0203", at, ":"),
            with_fix("W0501", at, "+^"),
            with_fix("W0204", at, ""),
        ];
        combine(&mut found);
        assert_eq!(found[0].fixes, [Fix { span: at, replacement: "+^:".into() }]);
        assert_eq!(found[1].fixes, found[0].fixes);
        // Another code's fix at the same place is left alone.
        assert_eq!(found[2].fixes[0].replacement, "");
    }

    #[test]
    fn a_mark_replaced_or_removed_before_the_colon() {
        let mut wrong = vec![
            with_fix("W0502", Span::new(18, 20), "++"),
            with_fix("W0203", Span::new(20, 20), ":"),
        ];
        combine(&mut wrong);
        assert_eq!(wrong[1].fixes, [Fix { span: Span::new(18, 20), replacement: "++:".into() }]);
        let mut false_check = vec![
            with_fix("E0507", Span::new(19, 20), ""),
            with_fix("W0203", Span::new(20, 20), ":"),
        ];
        combine(&mut false_check);
        assert_eq!(false_check[0].fixes[0].replacement, ":");
        // Fixes at different places stay apart.
        let mut apart = vec![
            with_fix("W0503", Span::new(10, 10), "#"),
            with_fix("W0203", Span::new(20, 20), ":"),
        ];
        combine(&mut apart);
        assert_eq!(apart[1].fixes[0].replacement, ":");
    }
}
