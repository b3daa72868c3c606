//! Code actions: the machine-applicable fixes the diagnostics carry (`Diagnostic::fixes`), one
//! quick fix per diagnostic, and one action that applies every fix of the document.

use std::collections::{BTreeMap, HashMap};

use cescacs_board::{Diagnostic, Fix, Span};
use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

use crate::document::Ranges;

/// The actions for the diagnostics that touch `range` (byte span `wanted`); `to_lsp` converts
/// a diagnostic for the action's `diagnostics` field (only those of the quick fixes are).
pub(crate) fn actions<C: Copy>(
    uri: &Uri,
    text: &str,
    diagnostics: &[(Diagnostic, C)],
    to_lsp: impl Fn(&Diagnostic, C) -> Option<lsp_types::Diagnostic>,
    wanted: Span,
    only: Option<&[CodeActionKind]>,
    ranges: &Ranges<'_>,
) -> Vec<CodeAction> {
    let allowed = |kind: &CodeActionKind| {
        only.is_none_or(|only| {
            only.iter().any(|k| {
                kind.as_str() == k.as_str()
                    || kind.as_str().starts_with(&format!("{}.", k.as_str()))
            })
        })
    };
    let mut out = Vec::new();
    if allowed(&CodeActionKind::QUICKFIX) {
        for (d, context) in diagnostics {
            if d.fixes.is_empty() || !overlaps(d.span, wanted) {
                continue;
            }
            out.push(CodeAction {
                title: title(d, text),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: to_lsp(d, *context).map(|lsp| vec![lsp]),
                edit: Some(edit(uri, &d.fixes, ranges)),
                is_preferred: Some(true),
                ..CodeAction::default()
            });
        }
    }
    let fix_all = CodeActionKind::new("source.fixAll.cescacs");
    if allowed(&fix_all) {
        let fixes = compatible_fixes(diagnostics.iter().map(|(d, _)| d));
        if !fixes.is_empty() {
            out.push(CodeAction {
                title: format!("Apply every automatic fix of the document ({})", fixes.len()),
                kind: Some(fix_all),
                edit: Some(edit(uri, &fixes, ranges)),
                ..CodeAction::default()
            });
        }
    }
    out
}

/// Whether two spans meet (an empty span touching the other counts).
fn overlaps(a: Span, b: Span) -> bool {
    a.start <= b.end && b.start <= a.end
}

fn edit(uri: &Uri, fixes: &[Fix], ranges: &Ranges<'_>) -> WorkspaceEdit {
    let edits = fixes
        .iter()
        .map(|f| TextEdit { range: ranges.range(f.span), new_text: f.replacement.clone() })
        .collect();
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// `Replace `x` with `×``, `Insert `:``, `Remove `+``, or the diagnostic's help.
fn title(d: &Diagnostic, text: &str) -> String {
    if let [fix] = d.fixes.as_slice() {
        let old = text.get(fix.span.range()).unwrap_or_default();
        let new = &fix.replacement;
        return match (old.is_empty(), new.is_empty()) {
            (true, _) => format!("Insert `{new}`"),
            (false, true) => format!("Remove `{old}`"),
            (false, false) => format!("Replace `{old}` with `{new}`"),
        };
    }
    d.help.first().cloned().unwrap_or_else(|| format!("Fix {}", d.code))
}

/// The fixes of all diagnostics, without two that touch the same text (the first wins), sorted.
/// The fixes taken are kept in order, so that each new one is compared only with its
/// neighbours (a hostile document has a fix per byte: no quadratic time).
fn compatible_fixes<'d>(diagnostics: impl Iterator<Item = &'d Diagnostic>) -> Vec<Fix> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_say_what_changes() {
        let text = "1. E7xE13+";
        let d = |span: Span, new: &str| Diagnostic::error("E0206", span, "m").with_fix(span, new);
        assert_eq!(title(&d(Span::new(5, 6), "×"), text), "Replace `x` with `×`");
        assert_eq!(title(&d(Span::new(10, 10), ":"), text), "Insert `:`");
        assert_eq!(title(&d(Span::new(9, 10), ""), text), "Remove `+`");
    }

    #[test]
    fn fix_all_skips_clashing_fixes() {
        let a = Diagnostic::error("E1", Span::new(5, 6), "a").with_fix(Span::new(5, 6), "×");
        let b = Diagnostic::error("E2", Span::new(5, 6), "b").with_fix(Span::new(5, 6), "*");
        let c = Diagnostic::error("E3", Span::new(0, 1), "c").with_fix(Span::new(0, 1), "2");
        let fixes = compatible_fixes([&a, &b, &c].into_iter());
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
        assert_eq!(compatible_fixes(diagnostics.iter()), plain);
    }
}
