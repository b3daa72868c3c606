//! The machine-applicable fixes of diagnostics: which can be applied together
//! ([`compatible`], an editor's "fix all" and `cescacs check --fix`) and the text they make
//! ([`apply`]).
//!
//! Inside the crate, fixes of two diagnostics that touch the same text are made one. The last move of a game
//! without its final `:` (`W0203`, found by the parser) that also lacks its check mark (or has
//! the wrong one: `W0501`-`W0503`, `E0507`, found by the replay) gets two fixes at the same
//! place; applied one after the other they would write `#:` or lose one of them. So both
//! diagnostics carry one combined fix: the mark followed by `:`, or `#` alone, since the mate
//! mark ends the game too (the stronger fix). An editor's "fix all" (which skips a fix that
//! clashes with one it took) then writes the right text whichever it takes first. And the fix
//! that takes a false `#` off the last move writes the `:` that the `#` stood for.

use std::collections::BTreeMap;

use cescacs_diagnostics::codes::{rules, syntax};
use cescacs_diagnostics::{Diagnostic, Fix};
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

/// The fixes of all diagnostics that can be applied together: a diagnostic whose fixes touch
/// the text of a fix taken before is left out whole (the first wins); the fixes are sorted by
/// place. An editor's "fix all" and `cescacs check --fix` take these.
///
/// ```
/// use cescacs_diagnostics::{Diagnostic, Span};
/// let x = Diagnostic::error("E0206", Span::new(5, 6), "a").with_fix(Span::new(5, 6), "×");
/// let star = Diagnostic::error("E0206", Span::new(5, 6), "b").with_fix(Span::new(5, 6), "*");
/// let fixes = ctl_pgn::fixes::compatible([&x, &star].into_iter());
/// assert_eq!(fixes.len(), 1);
/// assert_eq!(ctl_pgn::fixes::apply("1. E7-E13", &fixes), "1. E7×E13");
/// ```
/// The fixes taken are kept in order, so that each new one is compared only with its
/// neighbours (a hostile document has a fix per byte: no quadratic time).
pub fn compatible<'d>(diagnostics: impl Iterator<Item = &'d Diagnostic>) -> Vec<Fix> {
    let mut taken: BTreeMap<(usize, usize), Fix> = BTreeMap::new();
    for d in diagnostics {
        let clashes = d.fixes.iter().any(|f| {
            for (&(start, end), _) in taken.range(..=(f.span.end, usize::MAX)).rev() {
                if (start, end) == (f.span.start, f.span.end)
                    || (f.span.start < end && start < f.span.end)
                {
                    return true;
                }
                // Taken spans that are not empty do not overlap: none before this one reaches
                // `f`.
                if end <= f.span.start && start < end {
                    return false;
                }
            }
            false
        });
        if !clashes {
            for f in &d.fixes {
                taken.insert((f.span.start, f.span.end), f.clone());
            }
        }
    }
    taken.into_values().collect()
}

/// The text with `fixes` applied: each fix's span replaced by its text. The fixes are sorted by
/// place and do not overlap, as [`compatible`] gives them; a fix that does not fit the text (out
/// of it, inside a character, or overlapping the one before) is left out.
pub fn apply(text: &str, fixes: &[Fix]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for f in fixes {
        let (start, end) = (f.span.start, f.span.end);
        let fits = at <= start
            && start <= end
            && text.is_char_boundary(start)
            && text.is_char_boundary(end)
            && end <= text.len();
        if !fits {
            continue;
        }
        out.push_str(&text[at..start]);
        out.push_str(&f.replacement);
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cescacs_diagnostics::Span;

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

    #[test]
    fn fix_all_skips_clashing_fixes() {
        let a = Diagnostic::error("E1", Span::new(5, 6), "a").with_fix(Span::new(5, 6), "×");
        let b = Diagnostic::error("E2", Span::new(5, 6), "b").with_fix(Span::new(5, 6), "*");
        let c = Diagnostic::error("E3", Span::new(0, 1), "c").with_fix(Span::new(0, 1), "2");
        let fixes = compatible([&a, &b, &c].into_iter());
        let got: Vec<&str> = fixes.iter().map(|f| f.replacement.as_str()).collect();
        assert_eq!(got, ["2", "×"]);
    }

    /// The fixes taken are those of the plain rule (each fix compared with every one taken
    /// before it), over many small spans, empty ones among them.
    #[test]
    fn fix_all_agrees_with_comparing_every_pair() {
        let mut seed: u64 = 7;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) % n) as usize
        };
        let diagnostics: Vec<Diagnostic> = (0..400)
            .map(|_| {
                let start = next(60);
                let span = Span::new(start, start + next(3));
                Diagnostic::error("E1", span, "m").with_fix(span, "x")
            })
            .collect();
        let mut plain: Vec<Fix> = Vec::new();
        for d in &diagnostics {
            let f = &d.fixes[0];
            let clashes = plain.iter().any(|t| {
                f.span.start < t.span.end && t.span.start < f.span.end || f.span == t.span
            });
            if !clashes {
                plain.push(f.clone());
            }
        }
        plain.sort_by_key(|f| (f.span.start, f.span.end));
        assert_eq!(compatible(diagnostics.iter()), plain);
    }

    #[test]
    fn apply_replaces_inserts_and_removes_in_order() {
        let fixes = [
            Fix { span: Span::new(0, 0), replacement: "[".into() },
            Fix { span: Span::new(5, 6), replacement: "×".into() },
            Fix { span: Span::new(9, 10), replacement: String::new() },
            Fix { span: Span::new(10, 10), replacement: ":".into() },
        ];
        assert_eq!(apply("1. E7xE13+", &fixes), "[1. E7×E13:");
        // A fix past the end, or inside a character, is left out.
        let bad = [Fix { span: Span::new(3, 4), replacement: "y".into() }];
        assert_eq!(apply("a×", &bad), "a×");
        assert_eq!(apply("ab", &[Fix { span: Span::new(1, 9), replacement: "c".into() }]), "ab");
    }
}
