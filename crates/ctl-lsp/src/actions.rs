//! Code actions: the machine-applicable fixes the diagnostics carry (`Diagnostic::fixes`), one
//! quick fix per diagnostic, and one action that applies every fix of the document.

use std::collections::HashMap;

use cescacs_diagnostics::{Diagnostic, Fix, Span};
use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

use crate::positions::Ranges;

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
        let fixes = cescacs_toolkit::fix::compatible(diagnostics.iter().map(|(d, _)| d));
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
}
