//! The outline of a document: its games, and in each game its variations, nested.

use ctl_an::syntax::{Pair, Ply};
use ctl_pgn::ParsedGame;
use lsp_types::{DocumentSymbol, SymbolKind};

use crate::positions::Ranges;

/// One symbol per game, with its variations as children; `before` games come before these in
/// the document (the first is game `before + 1`).
pub(crate) fn symbols(
    games: &[ParsedGame],
    before: usize,
    source: &str,
    ranges: &Ranges<'_>,
) -> Vec<DocumentSymbol> {
    games
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let span = game.span();
            let selection = game.tags().first().map_or(span, |t| t.span);
            symbol(
                game_name(before + i + 1, game),
                game_detail(game),
                SymbolKind::MODULE,
                ranges.range(span),
                ranges.range(selection),
                variations(&game.movetext().pairs, source, ranges),
            )
        })
        .collect()
}

fn game_name(number: usize, game: &ParsedGame) -> String {
    let tag = |name: &str| game.tag(name).map(|t| t.value.trim()).filter(|v| !v.is_empty());
    let mut name = format!("Game {number}");
    match (tag("White"), tag("Black")) {
        (Some(w), Some(b)) => name.push_str(&format!(": {w} – {b}")),
        _ => {
            if let Some(title) = tag("Title").or_else(|| tag("Id")) {
                name.push_str(&format!(": {title}"));
            }
        }
    }
    name
}

fn game_detail(game: &ParsedGame) -> Option<String> {
    let parts: Vec<&str> = ["Event", "Date", "Id", "Result"]
        .iter()
        .filter_map(|name| game.tag(name).map(|t| t.value.as_str()))
        .filter(|v| !v.trim().is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

fn variations(pairs: &[Pair], source: &str, ranges: &Ranges<'_>) -> Vec<DocumentSymbol> {
    let mut out = Vec::new();
    for pair in pairs {
        for variation in &pair.variations {
            let first = variation.pairs.first();
            let moves = first.map_or(String::new(), |p| first_moves(p, source));
            let label = variation.label.map_or(String::new(), |l| format!("$[{}] ", l.value));
            let selection = first.map_or(variation.span, |p| p.span);
            out.push(symbol(
                format!("({label}{moves})"),
                Some(format!("instead of move {}", pair.number.value)),
                SymbolKind::NAMESPACE,
                ranges.range(variation.span),
                ranges.range(selection),
                variations(&variation.pairs, source, ranges),
            ));
        }
    }
    out
}

/// `4. GD2-F6`, `6. …, GH6-K12`: the number and first move of a line.
fn first_moves(pair: &Pair, source: &str) -> String {
    let text = |ply: &Ply| source.get(ply.span().range()).unwrap_or_default().to_string();
    match (&pair.white, &pair.black) {
        (Ply::Omitted(_), Some(black)) => format!("{}. …, {}", pair.number.value, text(black)),
        (white, _) => format!("{}. {}", pair.number.value, text(white)),
    }
}

// `deprecated` is a field of the LSP type that must still be set.
#[allow(deprecated)]
fn symbol(
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    range: lsp_types::Range,
    selection_range: lsp_types::Range,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    // Tag values are the file's: an editor may show them on a terminal (`terminal_safe`).
    let safe = |text: String| cescacs_diagnostics::terminal::terminal_safe(&text).into_owned();
    DocumentSymbol {
        name: safe(name),
        detail: detail.map(safe),
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: (!children.is_empty()).then_some(children),
    }
}
