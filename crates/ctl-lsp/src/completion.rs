//! Completion: what may be written at the cursor.
//!
//! - At a move: every legal move of the position reached there, written in the game's letters
//!   (standard, `[Redefine]` or FAN) with its check mark, those that start with what is typed;
//!   each with the piece, the capture and the check in words.
//! - At a move number: the number expected there (`12.`, or `12. …,` when Black is to move).
//! - In a tag: the tag names of the spec; the values of `Variant` and `Result`.
//! - In a comment, after `~`, `#` or `@`: the pieces on the board there, the moves and
//!   labelled variations of the game, the players.
//!
//! What is expected at the cursor is told by the last token before the word being typed (a
//! move follows a move number or a comma; anything else is followed by a move number); the
//! position comes from the one replay of the game's tree ([`walk::position_after`]).

use cescacs_board::{BoardMove, BoardMoveKind, Colour, Letters, Position};
use cescacs_diagnostics::Span;
use ctl_an::lexer::{Lexer, TokenKind};
use ctl_an::syntax::{Movetext, Pair, Ply};
use ctl_pgn::ParsedGame;
use lsp_types::CompletionItemKind;

use crate::analysis::Chunk;
use crate::walk::{self, Step};

/// One completion: the text to write, a few words about it, its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    pub label: String,
    pub detail: String,
    pub kind: CompletionItemKind,
}

/// What completes the text at chunk offset `at`, and the bytes it replaces (what is typed of
/// it). `None` when nothing is known there.
pub(crate) fn complete(chunk: &Chunk<'_>, at: usize) -> Option<(Span, Vec<Item>)> {
    let source: &str = &chunk.source;
    let game = game_before(chunk, at)?;
    let start = game.span().start.min(at);
    // The tokens before the cursor, in this game.
    let before: Vec<_> = Lexer::new(source.get(start..at)?).collect();
    match before.as_slice() {
        [.., last] if last.kind == TokenKind::UnterminatedComment => {
            return in_comment(game, source, at);
        }
        [.., open, name] if open.kind == TokenKind::LBracket && name.kind == TokenKind::Word => {
            let name = name.span.shift(start);
            if name.end == at {
                return Some((name, tag_names(&source[name.range()])));
            }
        }
        [.., open] if open.kind == TokenKind::LBracket && open.span.end + start == at => {
            return Some((Span::new(at, at), tag_names("")));
        }
        [.., open, name, value]
            if open.kind == TokenKind::LBracket
                && name.kind == TokenKind::Word
                && value.kind == TokenKind::UnterminatedString =>
        {
            let value = value.span.shift(start);
            let typed = Span::new(value.start + 1, at);
            let name = &source[name.span.shift(start).range()];
            return Some((typed, tag_values(name, &source[typed.range()])));
        }
        _ => {}
    }
    if game.tags().iter().any(|t| t.span.start < at && at < t.span.end) {
        return None;
    }
    // The word being typed, and what comes before it.
    let word = source[..at]
        .rfind(|c: char| c.is_whitespace() || "(){}[],\"".contains(c))
        .map_or(0, |i| i + source[i..].chars().next().map_or(1, char::len_utf8));
    let word = word.max(start);
    let typed = &source[word..at];
    let last = Lexer::new(&source[start..word])
        .filter(|t| !matches!(t.kind, TokenKind::Comment))
        .last()
        .map(|t| t.kind);
    let movetext = game.movetext();
    let (line, pairs) = line_at(movetext, word);
    let plies = pairs
        .iter()
        .flat_map(|p| std::iter::once(&p.white).chain(&p.black))
        .filter(|ply| !matches!(ply, Ply::Omitted(_)) && ply.span().end <= word)
        .count();
    let position = walk::position_after(game, &line, plies).ok()?;
    let items = match last {
        Some(
            TokenKind::NumberDot | TokenKind::NumberQuestion | TokenKind::Comma | TokenKind::Commas,
        ) => moves(&position, game.letters(), typed),
        _ => number(&position),
    };
    Some((Span::new(word, at), items))
}

/// The game of the chunk that holds `at`, or the last one before it (the cursor after its
/// last token).
fn game_before<'p>(chunk: &'p Chunk<'_>, at: usize) -> Option<&'p ParsedGame> {
    let i = chunk.games.partition_point(|g| g.span().start <= at);
    chunk.games.get(i.saturating_sub(1))
}

/// The line that holds `offset` (the variations it is inside, innermost last) and its pairs.
fn line_at(movetext: &Movetext, offset: usize) -> (Vec<Step>, &[Pair]) {
    let mut line = Vec::new();
    let mut pairs = movetext.pairs.as_slice();
    loop {
        let inside = pairs
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.variations.iter().enumerate().map(move |(v, var)| (i, v, var)))
            .rfind(|(_, _, v)| v.span.start < offset && (offset < v.span.end || !v.closed));
        let Some((pair, variation, v)) = inside else { return (line, pairs) };
        line.push(Step { pair, variation });
        pairs = &v.pairs;
    }
}

/// The legal moves of `position` in `letters`, with their check marks, that start with
/// `typed` (any case).
pub(crate) fn moves(position: &Position, letters: &Letters, typed: &str) -> Vec<Item> {
    let typed = typed.to_lowercase();
    let mut items: Vec<Item> = position
        .legal_board_moves()
        .iter()
        .map(|m| {
            let (label, check) = written(position, m, letters);
            Item { label, detail: detail(m, check), kind: CompletionItemKind::VALUE }
        })
        .filter(|item| item.label.to_lowercase().starts_with(&typed))
        .collect();
    items.sort_by(|a, b| a.label.cmp(&b.label));
    items
}

/// A move's canonical text in `letters`, with its check mark; and the mark.
fn written(position: &Position, m: &BoardMove, letters: &Letters) -> (String, &'static str) {
    let check = position.check_suffix(m);
    let text = format!("{m}{check}");
    if letters.is_standard() {
        return (text, check);
    }
    let Ok(mut mv) = text.parse::<ctl_an::syntax::Move>() else { return (text, check) };
    for l in mv.letters_mut() {
        if let Some(kind) = cescacs_board::PieceKind::from_letter(l.letter) {
            l.letter = letters.move_letter(kind);
        }
    }
    (mv.to_string(), check)
}

/// `Bishop takes Knight, check from afar`: the piece, the capture, the check, in words.
fn detail(m: &BoardMove, check: &str) -> String {
    let mut s = match m.kind() {
        BoardMoveKind::Castling(c) => format!("castling {}", c.as_str()),
        _ => m.piece().to_string(),
    };
    match m.kind() {
        BoardMoveKind::EnPassant { .. } => s.push_str(" takes en passant"),
        BoardMoveKind::ScornfulCapture => s.push_str(" takes scornfully"),
        _ => {}
    }
    if let (Some(victim), false) =
        (m.captured(), matches!(m.kind(), BoardMoveKind::EnPassant { .. }))
    {
        s.push_str(&format!(" takes {victim}"));
    }
    match m.promotion() {
        Some(cescacs_board::BoardPromotion::To(kind)) => {
            s.push_str(&format!(", promotes to {kind}"))
        }
        Some(cescacs_board::BoardPromotion::Awaiting) => s.push_str(", awaits promotion"),
        None => {}
    }
    s.push_str(match check {
        "#" => ", checkmate",
        "+^" => ", check",
        "+∞" => ", check from afar",
        "++" => ", double check",
        _ => "",
    });
    s
}

/// The move number expected in `position`: `12.`, or `12. …,` when Black is to move.
fn number(position: &Position) -> Vec<Item> {
    let cescacs_board::MoveNumber::Known(n) = position.move_number() else { return Vec::new() };
    let (label, detail) = match position.turn() {
        Colour::White => (format!("{n}."), format!("move {n}, White to play")),
        Colour::Black => (format!("{n}. …,"), format!("move {n}, Black to play")),
    };
    vec![Item { label, detail, kind: CompletionItemKind::KEYWORD }]
}

/// The tag names of the spec that start with `typed`.
fn tag_names(typed: &str) -> Vec<Item> {
    ctl_pgn::tags::KNOWN
        .iter()
        .filter(|name| **name != "DPTL" && name.starts_with(typed))
        .map(|name| Item {
            label: (*name).to_string(),
            detail: "tag".to_string(),
            kind: CompletionItemKind::PROPERTY,
        })
        .collect()
}

/// The values the spec gives a tag, when it gives them (`Variant`, `Result`).
fn tag_values(name: &str, typed: &str) -> Vec<Item> {
    let values: &[&str] = match name {
        "Variant" => &[ctl_pgn::tags::VARIANT],
        "Result" => &ctl_pgn::tags::RESULTS,
        _ => &[],
    };
    values
        .iter()
        .filter(|v| v.starts_with(typed))
        .map(|v| Item {
            label: (*v).to_string(),
            detail: format!("{name} value"),
            kind: CompletionItemKind::VALUE,
        })
        .collect()
}

/// In a comment: after `~`, the pieces on the board there; after `#`, the moves and labelled
/// variations of the game; after `@`, the players.
fn in_comment(game: &ParsedGame, source: &str, at: usize) -> Option<(Span, Vec<Item>)> {
    let sigil = source[..at].rfind(['~', '#', '@'])?;
    let typed = &source[sigil..at];
    if typed.contains(char::is_whitespace) {
        return None;
    }
    let items = match typed.chars().next()? {
        '~' => pieces(game, at),
        '#' => move_references(game.movetext()),
        _ => [Colour::White, Colour::Black]
            .into_iter()
            .map(|colour| {
                let tag = colour.to_string();
                let name = game.tag(&tag).map_or(String::new(), |t| t.value.clone());
                Item {
                    label: format!("@{}", if colour == Colour::White { 'W' } else { 'B' }),
                    detail: format!("the {tag} player {name}").trim_end().to_string(),
                    kind: CompletionItemKind::VARIABLE,
                }
            })
            .collect(),
    };
    let items = items.into_iter().filter(|i| i.label.starts_with(typed)).collect();
    Some((Span::new(sigil, at), items))
}

/// `~JF6`: every piece on the board where the comment stands.
fn pieces(game: &ParsedGame, at: usize) -> Vec<Item> {
    let Some((place, _)) = walk::comment_at(game.movetext(), at) else { return Vec::new() };
    let Ok(position) = walk::position_in_line(game, &place.line, place.pairs_played()) else {
        return Vec::new();
    };
    let letters = game.letters();
    cescacs_board::Hex::all()
        .filter_map(|hex| {
            let piece = position.piece_at(hex)?;
            Some(Item {
                label: format!("~{}{hex}", letters.letter(piece)),
                detail: format!("{} {} on {hex}", piece.colour, piece.kind),
                kind: CompletionItemKind::CONSTANT,
            })
        })
        .collect()
}

/// `#14`, `#14@W`, `#14@B` for every pair of the game, `#12.2` for every labelled variation.
fn move_references(movetext: &Movetext) -> Vec<Item> {
    let mut items = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut lines = vec![movetext.pairs.as_slice()];
    while let Some(pairs) = lines.pop() {
        for pair in pairs {
            let n = pair.number.value;
            if seen.insert(n) {
                items.push(Item {
                    label: format!("#{n}"),
                    detail: format!("move {n}"),
                    kind: CompletionItemKind::REFERENCE,
                });
                for (side, name) in [("W", "White"), ("B", "Black")] {
                    items.push(Item {
                        label: format!("#{n}@{side}"),
                        detail: format!("{name}'s move {n}"),
                        kind: CompletionItemKind::REFERENCE,
                    });
                }
            }
            for v in &pair.variations {
                if let Some(label) = v.label {
                    items.push(Item {
                        label: format!("#{n}.{}", label.value),
                        detail: format!("the variation $[{}] of move {n}", label.value),
                        kind: CompletionItemKind::REFERENCE,
                    });
                }
                lines.push(&v.pairs);
            }
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::read_chunk;
    use cescacs_board::internals::MatchWritten;
    use cescacs_gen::{Features, generate_game_with};
    use std::collections::BTreeSet;

    fn labels(text: &str, at: usize) -> (Span, Vec<String>) {
        let chunk = read_chunk(text, 0, text.len()).expect("a chunk");
        let (typed, items) = complete(&chunk, at).expect("a completion");
        (typed, items.into_iter().map(|i| i.label).collect())
    }

    /// At the start of every ply of 300 generated games (every feature: comments, variations,
    /// FAN and `[Redefine]` letters), the completion is exactly the legal moves of the position,
    /// each with the check mark it earns: the board's own list, as `cescacs legal` prints it.
    #[test]
    fn every_ply_of_generated_games_completes_to_the_legal_moves() {
        let mut plies = 0;
        let mut lettered = 0;
        for index in 0..300 {
            let text = generate_game_with(32, index, 40, &Features::RICH).text;
            let chunk = read_chunk(&text, 0, text.len()).expect("a chunk");
            let game = &chunk.games[0];
            let letters = game.letters();
            lettered += usize::from(!letters.is_standard());
            let mut position = game.start().expect("a start").clone();
            let main = game
                .movetext()
                .pairs
                .iter()
                .flat_map(|p| std::iter::once(&p.white).chain(&p.black));
            for ply in main {
                let Ply::Move(written) = ply else { continue };
                let (_, items) = complete(&chunk, written.span.start).expect("moves");
                let mut found = BTreeSet::new();
                for item in &items {
                    let mv: ctl_an::syntax::Move = item.label.parse().expect("a move");
                    let spec = ctl_pgn::validate::move_spec(&mv, letters).expect("a spec");
                    let m = position.match_move(&spec).expect("legal");
                    let mark = mv.check.map_or("", |c| c.value.as_str());
                    assert_eq!(mark, position.check_suffix(&m), "{}", item.label);
                    assert!(!item.detail.is_empty());
                    found.insert(m.to_string());
                }
                let legal: BTreeSet<String> =
                    position.legal_board_moves().iter().map(ToString::to_string).collect();
                assert_eq!(found, legal, "game {index} at {}", written.span.start);
                assert_eq!(items.len(), legal.len(), "no move twice");
                let spec = ctl_pgn::validate::move_spec(written, letters).expect("a spec");
                let m = position.match_move(&spec).expect("the game's move is legal");
                position = position.play_unchecked(&m);
                plies += 1;
            }
        }
        assert!(plies > 5_000 && lettered > 10, "{plies} plies, {lettered} games in other letters");
    }

    #[test]
    fn what_is_typed_filters_the_moves() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5";
        let (typed, found) = labels(text, text.len());
        assert_eq!(&text[typed.range()], "EE5");
        assert!(!found.is_empty() && found.iter().all(|l| l.starts_with("EE5-")), "{found:?}");
    }

    #[test]
    fn numbers_tags_and_references() {
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 ";
        assert_eq!(labels(text, text.len()).1, ["2."]);
        let text = "[Variant \"C'escacs\"]\n1. E7-E13 {x} ";
        assert_eq!(labels(text, text.len()).1, ["1. …,"]);
        let text = "[Variant \"C'escacs\"]\n[Resu";
        assert_eq!(labels(text, text.len()).1, ["Result"]);
        let text = "[Variant \"C'escacs\"]\n[Result \"1-";
        assert_eq!(labels(text, text.len()).1, ["1-1", "1-2"]);
        let text = "[Variant \"C'escacs\"]\n[White \"Rut\"]\n1. E7-E13, E21-E15 { @";
        assert_eq!(labels(text, text.len()).1, ["@W", "@B"]);
        let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15 { ~JF";
        assert_eq!(labels(text, text.len()).1, ["~JF2", "~JF4", "~JF6"]);
        let text =
            "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n($[2] 1. …, F20-F16)\n2. F8-F12 { #1";
        assert_eq!(labels(text, text.len()).1, ["#1", "#1@W", "#1@B", "#1.2"]);
    }
}
